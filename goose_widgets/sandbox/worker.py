"""The sandbox process: runs one learner's function or bot and answers the referee (`sandbox`).

This process is started clean (a new Python behind the walls of `walls`, or, where a machine has
no namespaces, a fork of a clean fork server), so it holds no game state, no chance generator, no
checker and no verdict: only what the referee sends it.  Before it reads any request it confines
itself (`confinement.enter`: hard limits, the seccomp filter).  It reads requests from its
standard input, each framed as a 4-byte big-endian length and a pickle (the referee's own data),
and answers each on its standard output, framed the same way but as JSON, which the referee can
read without running anything this process chose:

- ``("load", payload, sys_path)``: unpickle the learner's object (cloudpickle) and answer
  ``{"loaded": name, "callable": bool, "parameters": [[name, kind, has_default], ...] | null,
  "confined": {"limits": bool, "seccomp": bool}}``;
- ``("call", args)``: call it and answer ``{"value": <safe data>}``;
- ``("choose", observation, legal_actions)``: call it as a bot and answer ``{"index": i}`` (the
  legal action it chose, matched by the action's own equality, then by its text) or
  ``{"illegal": text}``;
- ``("read",)``: answer the loaded object itself as safe data (a value that is not a function);
- ``("cell", source, number)``: run a cell of a learner's notebook (in an IPython shell of its
  own) and answer ``{"ran": number}`` or its error; ``("export", name)``: answer the notebook's
  ``name`` as ``{"value": <safe data>}``, ``{"payload": <base64 pickle>, "callable": bool}``,
  ``{"placeholder": true, "function": bool}`` or ``{"missing": true}`` (the teacher's grader).

A failure of the learner's code, `BaseException` included (KeyboardInterrupt, SystemExit, the
learner's own classes), answers ``{"error": {"type", "message", "frames"}}``, where ``frames`` are
the learner's own frames of the traceback (file, line, function, source line), never ours; a
limit the code hit is named in the message (`confinement.limit_message`).

Safe data (`encode`) is a tagged JSON form of numbers, text and containers; any other object
becomes its type's name and a short repr, so no object of the learner's crosses to the referee.
"""

from __future__ import annotations

import json
import numbers
import operator
import os
import pickle
import struct
import sys
import sysconfig
import traceback
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import BinaryIO

HEADER = struct.Struct(">I")
MAX_ITEMS = 100_000  # items of a returned container, all levels together
MAX_DEPTH = 20
MAX_TEXT = 100_000  # characters of a returned str
REPR_CHARS = 200


# --- safe data --------------------------------------------------------------------------------

class _Budget:
    def __init__(self) -> None:
        self.items = 0


def encode(value: Any, budget: _Budget | None = None, depth: int = 0) -> Any:
    """``value`` as tagged JSON data: numbers exactly, containers item by item, anything else as
    ``["o", type name, short repr]``."""
    budget = budget or _Budget()
    budget.items += 1
    if budget.items > MAX_ITEMS or depth > MAX_DEPTH:
        return _opaque(value, "too large to check")
    kind = type(value)
    if value is None:
        return ["n"]
    if value is Ellipsis:
        return ["e"]
    if kind is bool:
        return ["b", value]
    numpy = _numpy_kind(value)
    if numpy is not None:
        return numpy
    if isinstance(value, bool):
        return ["b", bool(value)]
    if isinstance(value, numbers.Integral):
        return ["i", format(operator.index(value), "x")]
    if isinstance(value, float):
        return ["f", repr(float.__float__(value))]
    if isinstance(value, Fraction):
        numerator, denominator = operator.index(value.numerator), operator.index(value.denominator)
        return ["q", format(numerator, "x"), format(denominator, "x")]
    if isinstance(value, Decimal):
        return ["d", Decimal.__str__(value)]
    if isinstance(value, complex):
        number = complex.__complex__(value)
        return ["c", repr(number.real), repr(number.imag)]
    if isinstance(value, str):
        text = str.__str__(value)
        return ["s", text] if len(text) <= MAX_TEXT else _opaque(value, f"a text of {len(text)} characters")
    if kind in (tuple, list, set, frozenset, dict) and budget.items + len(value) > MAX_ITEMS:
        return _opaque(value, f"a {kind.__name__} of {len(value):,} items, more than the {MAX_ITEMS:,} "
                              "an answer may hold")
    if kind in (tuple, list, set, frozenset):
        tag = {"tuple": "t", "list": "l", "set": "set", "frozenset": "fz"}[kind.__name__]
        return [tag, [encode(item, budget, depth + 1) for item in value]]
    if kind is dict:
        return ["dict", [[encode(k, budget, depth + 1), encode(v, budget, depth + 1)]
                         for k, v in value.items()]]
    return _opaque(value)


def _numpy_kind(value: Any) -> list[Any] | None:
    numpy = sys.modules.get("numpy")
    if numpy is None:
        return None
    if isinstance(value, numpy.generic) and value.dtype.kind in "biufc":
        return ["np", value.dtype.str, encode(value.item())]
    if isinstance(value, numpy.ndarray) and value.dtype.kind in "biufc" and value.size <= 10_000:
        return ["nd", value.dtype.str, list(value.shape), [encode(v) for v in value.ravel().tolist()]]
    return None


def _opaque(value: Any, why: str = "") -> list[Any]:
    name = getattr(type(value), "__name__", "object")
    try:
        text = why or repr(value)
    except BaseException:  # noqa: BLE001 - a learner's repr may fail in any way
        text = f"a {name}"
    return ["o", str(name)[:80], text[:REPR_CHARS]]


# --- the learner's frames ---------------------------------------------------------------------

def _not_learners() -> tuple[str, ...]:
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the goose_widgets package
    paths = sysconfig.get_paths()
    places = {here, paths.get("stdlib", ""), paths.get("platstdlib", ""), paths.get("purelib", ""),
              paths.get("platlib", ""), os.path.dirname(os.__file__)}
    return tuple(p for p in places if p)


OURS = _not_learners()


def learner_frames(err: BaseException) -> list[list[Any]]:
    """The traceback's frames in code the learner wrote (at most the last 8)."""
    frames = []
    for frame in traceback.extract_tb(err.__traceback__):
        name = frame.filename
        if name.startswith("<frozen") or os.path.abspath(name).startswith(OURS):
            continue
        frames.append([name, frame.lineno, frame.name, (frame.line or "").strip()[:REPR_CHARS]])
    return frames[-8:]


_LIMITS: list[Any] = []  # this sandbox's Limits and Hidden, once it has entered its walls


def error_report(err: BaseException) -> dict[str, Any]:
    try:
        message = str(err)
    except BaseException:  # noqa: BLE001 - a learner's exception whose str() fails
        message = "(its message cannot be shown)"
    if isinstance(err, SystemExit):
        message = f"exit({err.code!r:.60})"
    if _LIMITS:
        from goose_widgets.sandbox.confinement import limit_message

        message = limit_message(err, *_LIMITS) or message
    return {"error": {"type": type(err).__name__[:80], "message": message[:500],
                      "frames": learner_frames(err)}}


# --- the loop ---------------------------------------------------------------------------------

def _read_exactly(stream: BinaryIO, size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        chunk = stream.read(size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def _choose(function: Any, observation: Any, legal: list[Any]) -> dict[str, Any]:
    answer = function(observation, list(legal))
    # The legal action's own equality decides (never the answer's: an object whose ``==`` always
    # says True must not pass for a move), then the action's text ("stop").
    for index, action in enumerate(legal):
        if action.__eq__(answer) is True:
            return {"index": index}
    if isinstance(answer, str):
        text = str.__str__(answer)
        for index, action in enumerate(legal):
            if str(action) == text:
                return {"index": index}
    return {"illegal": _describe(answer)}


def _describe(value: Any) -> str:
    tag = encode(value)
    if tag[0] == "o":
        return f"{tag[2]} (a {tag[1]})"
    try:
        text = repr(value)
    except BaseException:  # noqa: BLE001
        text = f"a {type(value).__name__}"
    return text if len(text) <= 80 else text[:77] + "..."


def _name(obj: Any) -> str:
    import types

    plain = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, type)
    return str(obj.__name__ if isinstance(obj, plain) else type(obj).__name__)[:80]


def _parameters(obj: Any) -> list[list[Any]] | None:
    import inspect

    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    return [[p.name, p.kind.name, p.default is not p.empty] for p in signature.parameters.values()]


def serve(requests: BinaryIO, replies: BinaryIO, confined: dict[str, bool] | None = None) -> None:
    loaded: Any = None

    def reply(message: dict[str, Any]) -> None:
        data = json.dumps(message, allow_nan=False).encode()
        replies.write(HEADER.pack(len(data)) + data)
        replies.flush()

    while True:
        header = _read_exactly(requests, HEADER.size)
        if header is None:
            return
        body = _read_exactly(requests, HEADER.unpack(header)[0])
        if body is None:
            return
        try:
            request = pickle.loads(body)
            verb = request[0]
            if verb == "load":
                sys.path[:0] = [p for p in request[2] if p not in sys.path]
                loaded = pickle.loads(request[1])
                usable = callable(loaded)
                message: dict[str, Any] = {
                    "loaded": _name(loaded), "callable": usable,
                    "parameters": _parameters(loaded) if usable else None, "confined": confined}
            elif verb == "call":
                message = {"value": encode(loaded(*request[1]))}
            elif verb == "choose":
                message = _choose(loaded, request[1], request[2])
            elif verb == "read":
                message = {"value": encode(loaded)}
            elif verb == "cell":
                message = _run_cell(request[1], request[2])
            elif verb == "export":
                message = _export(request[1])
            else:
                message = {"error": {"type": "ProtocolError", "message": f"unknown request {verb!r}",
                                     "frames": []}}
        except BaseException as err:  # noqa: BLE001 - every failure of learner code is an answer
            message = error_report(err)
        try:
            reply(message)
        except (ValueError, TypeError, RecursionError):  # e.g. NaN in a report
            reply({"error": {"type": "ValueError", "message": "the answer could not be sent back",
                             "frames": []}})


# --- a notebook, cell by cell (the teacher's grader) ---------------------------------------------

_SHELL: list[Any] = []


def _shell() -> Any:
    """An IPython shell of its own (magics and ``display`` work as in a kernel); its namespace is
    the notebook's, and its functions belong to ``__main__`` (so they travel by value)."""
    if not _SHELL:
        from IPython.core.interactiveshell import InteractiveShell

        class Shell(InteractiveShell):
            def enable_gui(self, gui: Any = None) -> None:  # "%matplotlib inline": no window here
                return None

        _SHELL.append(Shell.instance())
    return _SHELL[0]


def _run_cell(source: str, number: int) -> dict[str, Any]:
    """Run one cell of the learner's notebook; its error, if it raised, is the answer."""
    shell = _shell()
    result = shell.run_cell(source, store_history=False, silent=True, cell_id=f"cell-{number}")
    failure = result.error_before_exec or result.error_in_exec
    if failure is not None:
        return error_report(failure)
    return {"ran": number}


def _export(name: str) -> dict[str, Any]:
    """The notebook's ``name`` as the grader may have it: plain data as it is; a function, a bot
    or any other object pickled (its bytes cross as they are: the grader hands them to a sandbox of
    their own, never unpickles them); or word that it is missing or still the placeholder."""
    import base64
    import types

    from goose_widgets.sandbox.answers import is_placeholder, is_plain_data

    namespace = _shell().user_ns
    if name not in namespace:
        return {"missing": True}
    value = namespace[name]
    if is_placeholder(value):
        return {"placeholder": True, "function": type(value) is types.FunctionType}
    if is_plain_data(value):
        return {"value": encode(value)}
    import cloudpickle

    from goose_widgets.sandbox.pickling import _dumps

    payload = _dumps(cloudpickle, value, _LIMITS[0].sent)
    return {"payload": base64.b64encode(payload).decode("ascii"), "callable": callable(value)}


def _die_with_parent() -> None:
    """Linux: the kernel kills this process when its parent dies (it cannot be left behind)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass


def _prepare(setup: dict[str, Any]) -> None:
    """The referee's ``sys.path`` (where the package and its libraries are), then what every
    sandbox needs imported (``preload``: the engine and the games' rules, for observations)."""
    sys.path[:0] = [p for p in setup["path"] if p not in sys.path]
    refused = tuple((setup.get("hidden") or {}).get("refuse", ()))
    for name in setup["preload"]:
        if any(name == r or name.startswith(r + ".") for r in refused):
            continue  # never in this process, so no other module can hand it over
        try:
            __import__(name)
        except Exception:  # noqa: BLE001 - a module that cannot load here loads (or fails) later
            pass


def main(limits: dict[str, Any], walled: bool, hidden: dict[str, Any] | None = None) -> None:
    """A sandbox on this process's standard input and output: confine it, then serve."""
    from goose_widgets.sandbox.confinement import enter, hide
    from goose_widgets.sandbox.walls import Hidden, Limits

    without = Hidden()
    if hidden:
        without = Hidden(tuple(hidden["refuse"]), tuple(hidden["stub"]), str(hidden["why"]))
    _LIMITS[:] = [Limits.from_json(limits), without]
    hide(without)
    # The protocol keeps its own copies of stdin and stdout; the learner's print() goes to stderr.
    requests = open(os.dup(0), "rb", buffering=0)
    replies = open(os.dup(1), "wb", buffering=0)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(2, 1)
    os.close(null)
    sys.stdin = open(os.devnull)  # noqa: SIM115 - lives as long as the process
    sys.stdout = sys.stderr
    confined = enter(_LIMITS[0], walled)
    serve(requests, replies, confined)


def fork_server(fd: int) -> None:
    """Where a machine has no namespaces: a clean process that forks a fresh sandbox for each
    request on the socket ``fd``.

    It is started once (a new Python, never a fork of the kernel, with a cleared environment),
    imports what sandboxes need (the setup's ``preload``) and then only forks: it never receives a
    game, a learner's object or a verdict.  A request is the sandbox's limits as JSON with two
    file descriptors (the sandbox's input and output); the answer is the new sandbox's process id.
    The sandbox starts a session of its own (so its whole group can be killed), confines itself
    and dies with this process, which dies with the kernel.
    """
    import signal
    import socket

    _die_with_parent()
    control = socket.socket(fileno=fd)
    size = HEADER.unpack(_receive(control, HEADER.size))[0]
    _prepare(json.loads(_receive(control, size)))
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the sandboxes are reaped as they end
    while True:
        try:
            message, fds, _flags, _address = socket.recv_fds(control, 1 << 12, 2)
        except OSError:
            os._exit(0)
        if not message or len(fds) != 2:
            os._exit(0)
        pid = os.fork()
        if pid == 0:
            try:
                control.close()
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                os.setsid()
                os.dup2(fds[0], 0)
                os.dup2(fds[1], 1)
                for extra in fds:
                    os.close(extra)
                _die_with_parent()
                request = json.loads(message)
                main(request["limits"], walled=False, hidden=request["hidden"])
            finally:
                os._exit(0)
        for extra in fds:
            os.close(extra)
        control.sendall(struct.pack(">q", pid))


def _receive(control: Any, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = control.recv(size - len(data))
        if not chunk:
            os._exit(0)
        data += chunk
    return data


if __name__ == "__main__":
    if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
        del sys.path[0]  # this folder's modules (sandbox, answers) must not pass for top-level ones
    if len(sys.argv) == 3 and sys.argv[1] == "--server":
        fork_server(int(sys.argv[2]))
    elif len(sys.argv) == 3 and sys.argv[1] == "--serve":
        _die_with_parent()
        setup = json.loads(sys.argv[2])
        _prepare(setup)
        main(setup["limits"], walled=bool(setup.get("walled")), hidden=setup.get("hidden"))
