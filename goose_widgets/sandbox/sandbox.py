"""The sandbox: a learner's function (an answer, a bot) runs in a process of its own, behind walls.

The process where learner code runs never holds a game state, a chance generator, a checker or a
verdict.  It is started clean behind the walls of the operating system (`walls`: its own user,
PID, network, IPC, UTS and mount namespaces, no files of ours, limits it cannot raise, a seccomp
filter), or, where a machine has no namespaces, as a process of its own with the same limits
(`processes`).  It receives the learner's object by cloudpickle (`pickling`: functions and classes
defined in a notebook travel by value) and then only what the referee chooses to send: a
function's arguments, or a seat's observation and its legal actions.  It answers with plain data
only (JSON: numbers, text, containers, or the index of the legal action chosen), which the
referee checks (`answers.decode`); behind walls, nothing the learner's code does in its process can
reach the referee's memory, the kernel, the learner's files or the network, so only its answers can
change a game or a verdict.  docs/sandbox.md states the threat model.

Limits the learner cannot dodge: every read has a deadline (per call or move, and a total per
check or match); a late, malformed or oversized message is the learner's error; at a limit the
sandbox is killed with everything it started (`processes.Child.kill`), so nothing is left behind.

One sandbox serves one check, one match or one seat at a table; a round trip per decision costs
a fraction of a millisecond (``benchmarks/bench_sandbox.py`` prints it).
"""

from __future__ import annotations

import json
import os
import pickle
import queue
import select
import struct
import sys
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Any

from .answers import LearnerCodeError, LearnerCodeStopped, LearnerError, decode
from .pickling import LOAD_LIMIT, TooLarge, _too_large, learner_pickle
from .processes import Child, new_child
from .walls import ANSWERS, Hidden, Limits, format_size

__all__ = ["Exported", "Sandbox"]

HEADER = struct.Struct(">I")


@dataclass(frozen=True)
class Exported:
    """A name of a learner's notebook as the grader has it: ``kind`` is "plain" (``value`` is plain
    data), "object" (``payload`` is its pickle, for a sandbox of its own; ``function`` whether it
    is callable), "placeholder" (still the course's ``...``) or "missing"."""

    kind: str
    value: Any = None
    payload: bytes = b""
    function: bool = False


class Sandbox:
    """One clean process running one learner object (a function, a bot or a value).

    ``Sandbox(obj)`` starts nothing; the first request starts the process and loads ``obj``.  Each
    request has a deadline; at a deadline the process is killed with all it started.  ``spent``
    is the time spent waiting for the learner's code, for a total limit.  ``limits`` are the
    sandbox's `walls.Limits` (default: `Limits.from_environment`, e.g. ``Limits(memory=2 << 30)``
    for more memory); ``hidden`` the package's modules it is without (default: `walls.ANSWERS`, the
    exercises and their answers).  Use it as a context manager, or call `close` (a sandbox that is
    garbage-collected is closed too).
    """

    def __init__(self, obj: Any, *, payload: bytes | None = None, limits: Limits | None = None,
                 hidden: Hidden = ANSWERS) -> None:
        self._obj = obj
        self._payload = payload
        self.limits = limits if limits is not None else Limits.from_environment()
        self.hidden = hidden
        self._child: Child | None = None
        self._reader: _Reader | None = None
        self._finalizer: weakref.finalize | None = None
        self.spent = 0.0
        self.closed = False
        self.info: dict[str, Any] = {}

    # the requests
    def load(self, timeout: float = LOAD_LIMIT) -> dict[str, Any]:
        """Start the process and load the object; the reply says whether it is callable and its
        parameters (so the referee never inspects the learner's object itself)."""
        if self._child is None:
            if self.closed:
                raise LearnerCodeError("this sandbox was closed")
            payload = self._payload if self._payload is not None else learner_pickle(
                self._obj, limit=self.limits.sent)
            if len(payload) > self.limits.sent:
                raise TooLarge(_too_large(self.limits.sent))
            self._start()
            reply = self._request(("load", payload, list(sys.path)), timeout, counted=False)
            if "loaded" not in reply:
                raise LearnerCodeError("the sandbox did not load your code")
            self.info = reply
        return self.info

    def call(self, args: tuple[Any, ...], timeout: float) -> Any:
        """The learner's function called with ``args``, as safe data (see `decode`)."""
        self.load()
        reply = self._request(("call", args), timeout)
        if "value" not in reply:
            raise LearnerCodeError("the sandbox answered a call with something else")
        return decode(reply["value"])

    def choose(self, observation: Any, legal: list[Any], timeout: float) -> int | str:
        """The index of the legal action the learner's bot chose, or the text of an illegal answer."""
        self.load()
        reply = self._request(("choose", observation, legal), timeout)
        index = reply.get("index")
        if type(index) is int and 0 <= index < len(legal):
            return index
        illegal = reply.get("illegal")
        if type(illegal) is str and index is None:
            return illegal[:300]
        raise LearnerCodeError("the sandbox answered a move with something that is not a move")

    def read(self, timeout: float) -> Any:
        """The loaded object itself as safe data (for an answer that is not a function)."""
        self.load()
        reply = self._request(("read",), timeout)
        if "value" not in reply:
            raise LearnerCodeError("the sandbox answered with something else")
        return decode(reply["value"])

    # a learner's notebook, cell by cell (the teacher's grader: `Sandbox(None)` holds no object)
    def run_cell(self, source: str, number: int, timeout: float) -> None:
        """Run cell ``number`` of a learner's notebook here; raises `LearnerError` when it raised,
        `LearnerCodeStopped` at ``timeout`` (the sandbox is then gone)."""
        self.load()
        reply = self._request(("cell", source, number), timeout)
        if reply.get("ran") != number:
            raise LearnerCodeError("the sandbox answered a cell with something else")

    def export(self, name: str, timeout: float) -> Exported:
        """The notebook's ``name``, as `Exported`."""
        import base64
        import binascii

        self.load()
        reply = self._request(("export", name), timeout, most=self.limits.sent * 4 // 3 + 4096)
        if reply.get("missing") is True:
            return Exported("missing")
        if reply.get("placeholder") is True:
            return Exported("placeholder", function=reply.get("function") is True)
        if "value" in reply:
            return Exported("plain", value=decode(reply["value"]))
        payload = reply.get("payload")
        if isinstance(payload, str):
            try:
                return Exported("object", payload=base64.b64decode(payload, validate=True),
                                function=reply.get("callable") is True)
            except (binascii.Error, ValueError):
                pass
        raise LearnerCodeError("the sandbox answered an export with something else")

    # the plumbing
    def _start(self) -> None:
        self._child = new_child(self.limits, self.hidden)
        self._reader = _Reader(self._child.read_fd, self.limits.reply)
        self._finalizer = weakref.finalize(self, Child.kill, self._child)

    def _request(self, message: tuple[Any, ...], timeout: float, counted: bool = True,
                 most: int | None = None) -> dict[str, Any]:
        child, reader = self._child, self._reader
        if child is None or reader is None or self.closed:
            raise LearnerCodeError("your code's sandbox was stopped earlier")
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        started = time.monotonic()
        deadline = started + max(0.0, timeout)
        try:
            _write(child.write_fd, HEADER.pack(len(data)) + data, deadline)
            raw = reader.read(deadline, most)
        except TimeoutError:
            self.close()
            raise LearnerCodeStopped(round(timeout, 3)) from None
        except (BrokenPipeError, EOFError, OSError):
            self.close()
            raise LearnerCodeError("your code ended its own process" + child.describe_exit()) from None
        except _Oversized as big:
            self.close()
            raise LearnerCodeError(f"your code answered with {format_size(big.size)}, more than the "
                                   f"{format_size(self.limits.reply)} an answer may hold") from None
        finally:
            if counted:
                self.spent += time.monotonic() - started
        try:
            reply = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            self.close()
            raise LearnerCodeError("your code wrote into the sandbox's answers (a malformed "
                                   "message)") from None
        if not isinstance(reply, dict):
            self.close()
            raise LearnerCodeError("your code wrote into the sandbox's answers (not an answer)")
        error = reply.get("error")
        if isinstance(error, dict):
            frames = [f for f in error.get("frames", []) if isinstance(f, list) and len(f) == 4]
            raise LearnerError(str(error.get("type", "Exception"))[:80], str(error.get("message", ""))[:500],
                               frames)
        return reply

    def close(self) -> None:
        """Kill the process and its whole group, reap it, and close the pipes."""
        self.closed = True
        if self._finalizer is not None:
            self._finalizer()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        return self._child.pid if self._child is not None else None


class _Oversized(Exception):
    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


def _write(fd: int, data: bytes, deadline: float) -> None:
    if os.name == "nt":  # no select on pipes: requests are small and read whole before any learner code
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        return
    os.set_blocking(fd, False)
    view = memoryview(data)
    while view:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([], [fd], [], remaining)[1]:
            raise TimeoutError
        try:
            view = view[os.write(fd, view):]
        except BlockingIOError:
            continue


class _Reader:
    """Framed replies from the sandbox, read against a deadline (select on POSIX, a thread on
    Windows, where pipes cannot be selected)."""

    def __init__(self, fd: int, most: int) -> None:
        self.fd, self.most = fd, most
        self.buffer = bytearray()
        self.queue: queue.Queue[Any] | None = None
        if os.name == "nt":
            self.queue = queue.Queue()
            threading.Thread(target=self._pump, daemon=True).start()
        else:
            os.set_blocking(self.fd, False)

    def _frame(self, most: int | None = None) -> bytes | None:
        if len(self.buffer) < HEADER.size:
            return None
        size = HEADER.unpack_from(self.buffer)[0]
        if size > (most or self.most):
            raise _Oversized(size)
        if len(self.buffer) < HEADER.size + size:
            return None
        frame = bytes(self.buffer[HEADER.size:HEADER.size + size])
        del self.buffer[:HEADER.size + size]
        return frame

    def read(self, deadline: float, most: int | None = None) -> bytes:
        while True:
            frame = self._frame(most)
            if frame is not None:
                return frame
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            if self.queue is not None:
                try:
                    chunk = self.queue.get(timeout=remaining)
                except queue.Empty:
                    raise TimeoutError from None
            else:
                if not select.select([self.fd], [], [], remaining)[0]:
                    raise TimeoutError
                try:
                    chunk = os.read(self.fd, 1 << 16)
                except BlockingIOError:
                    continue
            if not chunk:
                raise EOFError
            self.buffer += chunk

    def _pump(self) -> None:  # pragma: no cover - Windows
        assert self.queue is not None
        while True:
            try:
                chunk = os.read(self.fd, 1 << 16)
            except OSError:
                chunk = b""
            self.queue.put(chunk)
            if not chunk:
                return
