"""The sandbox: a learner's function (an answer, a bot) runs in a clean process of its own.

The process where learner code runs never holds a game state, a chance generator, a checker or a
verdict.  It starts clean, never as a fork of the kernel: on POSIX it is forked by a fork server, a
new Python started once that imports the package and does nothing else (fast: milliseconds); on
Windows, or with ``GOOSE_WIDGETS_FORK=off``, it is a new Python of its own.  It receives the learner's
object by cloudpickle (functions and classes defined in a notebook travel by value) and then only
what the referee chooses to send: a function's arguments, or a seat's observation and its legal
actions.  It answers with plain data only (JSON: numbers, text, containers, or the index of the
legal action chosen), which the referee checks; nothing the learner's code does in its process
can reach the referee's memory, so only its answers can change a game or a verdict.

Limits the learner cannot dodge: every read has a deadline (per call or move, and a total per
check or match); a late, malformed or oversized message is the learner's error; the process runs
in a session (process group) of its own, and at the limit the whole group is killed and the
process reaped, so nothing is left behind (`Sandbox.close`).  On Linux it also dies with its
parent.

Where the learner's object is pickled matters too: pickling may run the learner's own code (a
``__reduce__``), so on POSIX it is pickled in a short-lived fork of this process whose only output
is the pickle's bytes; with ``GOOSE_WIDGETS_FORK=off`` (and on Windows) it is pickled here.

One sandbox serves one check, one match or one seat at a table; a round trip per decision costs
a fraction of a millisecond (``benchmarks/bench_sandbox.py`` prints it).
"""

from __future__ import annotations

import collections
import io
import json
import os
import pickle
import queue
import select
import signal
import struct
import subprocess
import sys
import threading
import time
import types
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .answers import (
    BotError,
    LearnerCodeError,
    LearnerCodeStopped,
    LearnerError,
    LearnerObject,
    decode,
)

__all__ = ["BotError", "LearnerCodeError", "LearnerCodeStopped", "LearnerError", "LearnerObject", "Sandbox",
           "SandboxedBot", "SandboxedFunction", "fork_available", "is_function_bot"]

HEADER = struct.Struct(">I")
MAX_REPLY = 4 * 2**20  # bytes: a longer answer is the learner's error
LOAD_LIMIT = 60.0  # seconds to start a sandbox and load the learner's object (a loaded machine is slow)
WORKER = Path(__file__).with_name("worker.py")


def fork_available() -> bool:
    """Whether forking this process is allowed (POSIX, and ``GOOSE_WIDGETS_FORK`` not ``off``).

    The sandbox never is a fork; only the pickling of a learner's object is done in one, so that
    its ``__reduce__`` runs outside this process.
    """
    if os.environ.get("GOOSE_WIDGETS_FORK", "on").strip().lower() in ("off", "0", "false", "no"):
        return False
    return hasattr(os, "fork")


# --- pickling the learner's object --------------------------------------------------------------

def learner_pickle(obj: Any, timeout: float = LOAD_LIMIT) -> bytes:
    """``cloudpickle.dumps(obj)``, done in a fork where possible (see the module docstring).

    Raises `TypeError` (the object cannot be pickled) or `LearnerCodeStopped`.
    """
    import cloudpickle

    if not fork_available():
        return _dumps(cloudpickle, obj)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child, measured by its output
        code = 0
        try:
            os.close(read_end)
            try:
                data = b"ok" + _dumps(cloudpickle, obj)
            except BaseException as err:  # noqa: BLE001 - the learner's __reduce__ may raise anything
                data, code = b"no" + str(err).encode("utf-8", "replace")[:2000], 1
            view = memoryview(data)
            while view:
                view = view[os.write(write_end, view):]
        finally:
            os._exit(code)
    os.close(write_end)
    try:
        answer = _read_all(read_end, time.monotonic() + timeout)
    finally:
        os.close(read_end)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
    if answer is None:
        raise LearnerCodeStopped(timeout)
    if answer[:2] != b"ok":
        raise TypeError(answer[2:].decode("utf-8", "replace"))
    return answer[2:]


def _dumps(cloudpickle: Any, obj: Any) -> bytes:
    buffer = io.BytesIO()
    try:
        _Pickler(cloudpickle)(buffer, protocol=pickle.DEFAULT_PROTOCOL).dump(obj)
    except RecursionError:
        raise TypeError("it is too deeply nested to be sent") from None
    except Exception as err:  # noqa: BLE001 - pickling raises many kinds of errors
        raise TypeError(f"{type(err).__name__}: {err}") from None
    return buffer.getvalue()


def _Pickler(cloudpickle: Any) -> Any:  # noqa: N802 - a class, made on first use
    """cloudpickle's pickler, keeping each code object's file name (cloudpickle 3 writes
    ``<dynamic-code>``), so that a traceback in the sandbox names the learner's cell and line."""
    reduce_code = getattr(getattr(cloudpickle, "cloudpickle", None), "_code_reduce", None)
    if reduce_code is None:
        return cloudpickle.Pickler

    def code_with_filename(code: types.CodeType) -> Any:
        rebuild, args = reduce_code(code)
        return rebuild, tuple(code.co_filename if arg == "<dynamic-code>" else arg for arg in args)

    class Pickler(cloudpickle.Pickler):
        dispatch_table = collections.ChainMap({types.CodeType: code_with_filename},
                                              cloudpickle.Pickler.dispatch_table)

    return Pickler


def _read_all(fd: int, deadline: float) -> bytes | None:
    chunks: list[bytes] = []
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


# --- the process --------------------------------------------------------------------------------

class _Child:
    """A running sandbox process: its id, the pipe we write requests to, the pipe we read replies
    from, and (when we spawned it ourselves) its `subprocess.Popen`."""

    def __init__(self, pid: int, write_fd: int, read_fd: int,
                 popen: subprocess.Popen[bytes] | None = None) -> None:
        self.pid, self.write_fd, self.read_fd, self.popen = pid, write_fd, read_fd, popen
        self.exit_code: int | None = None

    def kill(self) -> None:
        """Kill the sandbox's process group (and, on Linux, anything left in its session), wait
        until it is gone, and close the pipes."""
        if os.name == "nt":
            if self.popen is not None:
                self.popen.kill()
        else:
            for _ in range(3):  # a process forking at this very moment may add one more member
                try:
                    os.killpg(self.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    break
            for pid in session_members(self.pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
        if self.popen is not None:
            try:
                self.exit_code = self.popen.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not refused
                pass
        else:  # the fork server's child: the server reaps it; wait until it is gone
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and not _gone(self.pid):
                time.sleep(0.002)
        for fd in (self.write_fd, self.read_fd):
            try:
                os.close(fd)
            except OSError:
                pass

    def describe_exit(self) -> str:
        code = self.popen.poll() if self.popen is not None else None
        if code is None:
            return ""
        why = ": perhaps it ran out of memory, or called os._exit" if code else ""
        return f" (exit code {code}{why})"


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie that its parent, or init, has yet to reap has)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] == b"Z"
    except (OSError, IndexError):
        return False


def _spawn() -> _Child:
    """A sandbox started as a new Python (Windows, or fork turned off)."""
    flags: dict[str, Any] = {}
    if os.name == "nt":
        flags["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
    else:
        flags["start_new_session"] = True
    popen = subprocess.Popen(  # noqa: S603 - our own worker, by path, with this Python
        [sys.executable, "-u", str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        close_fds=True, **flags)
    assert popen.stdin is not None and popen.stdout is not None
    return _Child(popen.pid, os.dup(popen.stdin.fileno()), os.dup(popen.stdout.fileno()), popen)


PRELOAD = ("cloudpickle", "goose_widgets.engine") + tuple(
    f"goose_widgets.games.{game}.{part}" for game in ("game_of_the_goose", "boo_to_the_goose",
                                                       "sneaky_goose", "boo")
    for part in ("rules", "analysis", "bots"))
"""What the fork server imports once, so that each sandbox starts with it (a bot's observation
needs its game's classes)."""


class _ForkServer:
    """POSIX: the clean process that forks sandboxes (see `sandbox_worker.fork_server`): a sandbox
    then starts in milliseconds instead of a new Python's tenth of a second or more."""

    def __init__(self) -> None:
        import socket

        ours, theirs = socket.socketpair()
        self.popen = subprocess.Popen(  # noqa: S603 - our own worker, by path, with this Python
            [sys.executable, "-u", str(WORKER), "--server", str(theirs.fileno())],
            stdin=subprocess.DEVNULL, pass_fds=[theirs.fileno()], start_new_session=True, close_fds=True)
        theirs.close()
        self.control = ours
        setup = json.dumps({"path": sys.path, "preload": PRELOAD}).encode()
        ours.sendall(HEADER.pack(len(setup)) + setup)
        self.lock = threading.Lock()

    def fork(self, timeout: float) -> _Child:
        import socket

        to_child, requests = os.pipe()
        replies, from_child = os.pipe()
        try:
            with self.lock:
                socket.send_fds(self.control, [b"F"], [to_child, from_child])
                answer = _read_all_socket(self.control, 8, time.monotonic() + timeout)
        finally:
            os.close(to_child)
            os.close(from_child)
        if answer is None:
            os.close(requests)
            os.close(replies)
            raise OSError("the sandbox server did not answer")
        return _Child(struct.unpack(">q", answer)[0], requests, replies)

    def alive(self) -> bool:
        return self.popen.poll() is None

    def close(self) -> None:
        self.control.close()
        self.popen.kill()
        self.popen.wait()


_server: list[_ForkServer] = []
_server_lock = threading.Lock()


def _fork_server() -> _ForkServer:
    with _server_lock:
        if _server and not _server[0].alive():
            _server.pop().close()
        if not _server:
            _server.append(_ForkServer())
            weakref.finalize(_server[0], _ForkServer.close, _server[0])
        return _server[0]


def _read_all_socket(sock: Any, size: int, deadline: float) -> bytes | None:
    data = b""
    while len(data) < size:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([sock], [], [], remaining)[0]:
            return None
        chunk = sock.recv(size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def _new_child() -> _Child:
    """A fresh sandbox process: forked by the fork server where fork is allowed, else spawned."""
    if fork_available():
        for _attempt in range(2):  # a learner may have killed the server: start another once
            try:
                return _fork_server().fork(LOAD_LIMIT)
            except OSError:
                with _server_lock:
                    if _server:
                        _server.pop().close()
    return _spawn()


class Sandbox:
    """One clean process running one learner object (a function, a bot or a value).

    ``Sandbox(obj)`` starts nothing; the first request starts the process and loads ``obj``.  Each
    request has a deadline; at a deadline the process group is killed.  ``spent`` is the time
    spent waiting for the learner's code, for a total limit.  Use it as a context manager, or call
    `close` (a sandbox that is garbage-collected is closed too).
    """

    def __init__(self, obj: Any, *, payload: bytes | None = None) -> None:
        self._obj = obj
        self._payload = payload
        self._child: _Child | None = None
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
            payload = self._payload if self._payload is not None else learner_pickle(self._obj)
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

    # the plumbing
    def _start(self) -> None:
        self._child = _new_child()
        self._reader = _Reader(self._child.read_fd)
        self._finalizer = weakref.finalize(self, _Child.kill, self._child)

    def _request(self, message: tuple[Any, ...], timeout: float, counted: bool = True) -> dict[str, Any]:
        child, reader = self._child, self._reader
        if child is None or reader is None or self.closed:
            raise LearnerCodeError("your code's sandbox was stopped earlier")
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        started = time.monotonic()
        deadline = started + max(0.0, timeout)
        try:
            _write(child.write_fd, HEADER.pack(len(data)) + data, deadline)
            raw = reader.read(deadline)
        except TimeoutError:
            self.close()
            raise LearnerCodeStopped(round(timeout, 3)) from None
        except (BrokenPipeError, EOFError, OSError):
            self.close()
            raise LearnerCodeError("your code ended its own process" + child.describe_exit()) from None
        except _Oversized as big:
            self.close()
            raise LearnerCodeError(f"your code sent a message of {big.size:,} bytes, more than the "
                                   f"{MAX_REPLY:,} a reply may have") from None
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


def session_members(sid: int) -> list[int]:
    """Linux: the live processes of session ``sid`` (a learner's grandchild that left the process
    group but not the session).  Elsewhere: an empty list."""
    found: list[int] = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return found
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        # after the name: state, ppid, pgrp, session, ...
        if len(fields) > 3 and int(fields[3]) == sid and fields[0] != b"Z":
            found.append(int(entry))
    return found


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

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = bytearray()
        self.queue: queue.Queue[Any] | None = None
        if os.name == "nt":
            self.queue = queue.Queue()
            threading.Thread(target=self._pump, daemon=True).start()
        else:
            os.set_blocking(self.fd, False)

    def _frame(self) -> bytes | None:
        if len(self.buffer) < HEADER.size:
            return None
        size = HEADER.unpack_from(self.buffer)[0]
        if size > MAX_REPLY:
            raise _Oversized(size)
        if len(self.buffer) < HEADER.size + size:
            return None
        frame = bytes(self.buffer[HEADER.size:HEADER.size + size])
        del self.buffer[:HEADER.size + size]
        return frame

    def read(self, deadline: float) -> bytes:
        while True:
            frame = self._frame()
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


# --- learner functions as functions and as bots -------------------------------------------------

class SandboxedFunction:
    """A learner's function as a checker sees it: each call runs in the sandbox, under a total time
    ``limit`` (the time spent in the learner's code across calls), and returns safe data.

    Raises `LearnerCodeStopped` at the limit, `LearnerError` when the learner's code raises and
    `LearnerCodeError` when it breaks its sandbox.  ``__signature__`` is the learner's function's,
    as the sandbox reported it (with placeholder defaults), so ``inspect.signature`` works here.
    """

    def __init__(self, sandbox: Sandbox, limit: float) -> None:
        self._sandbox, self._limit = sandbox, limit
        info = sandbox.load()
        self.__name__ = info.get("loaded", "function")
        parameters = info.get("parameters")
        self.__signature__ = _signature(parameters) if isinstance(parameters, list) else None

    def __call__(self, *args: Any) -> Any:
        remaining = self._limit - self._sandbox.spent
        if remaining <= 0 or self._sandbox.closed:
            raise LearnerCodeStopped(self._limit)
        try:
            return self._sandbox.call(args, remaining)
        except LearnerCodeStopped:
            raise LearnerCodeStopped(self._limit) from None

    def __repr__(self) -> str:
        return f"<your function {self.__name__}>"


def _signature(parameters: list[Any]) -> Any:
    import inspect

    try:
        return inspect.Signature([
            inspect.Parameter(str(name), getattr(inspect.Parameter, str(kind)),
                              default=None if has_default else inspect.Parameter.empty)
            for name, kind, has_default in parameters])
    except (ValueError, TypeError, AttributeError):
        return None


def is_function_bot(spec: Any) -> bool:
    """A seat given as a plain callable (``my_bot(observation, legal_actions)``) rather than a bot
    object with ``choose``: it runs sandboxed (see `engine.bots`)."""
    return callable(spec) and not isinstance(spec, type) and not hasattr(spec, "choose")


class SandboxedBot:
    """A learner's function ``my_bot(observation, legal_actions)`` as a bot of the engine's protocol,
    run in a sandbox of its own (started on its first move).

    ``choose`` sends the observation and a copy of the legal actions, never its generator (the
    function draws from its own, if it wants randomness), and returns the legal action the function
    chose (or whose text it returned).  An illegal answer, an exception or a move slower than
    ``move_limit`` (or past ``total_limit`` for all its moves) raises `BotError` naming
    ``seat_name``; the sandbox is then stopped.  A forced move (one legal action) is made without
    asking.  Pickled (for `simulate`'s workers), it travels as the learner's function alone.
    """

    needs_forced_moves = False

    def __init__(self, function: Any, seat_name: str = "its seat", *, move_limit: float = 10.0,
                 total_limit: float | None = None, name: str | None = None,
                 payload: bytes | None = None) -> None:
        self.function = function
        self.payload = payload
        self.seat_name = seat_name
        self.move_limit, self.total_limit = move_limit, total_limit
        self.name = name or str(getattr(function, "__name__", "your bot"))
        self.sandbox: Sandbox | None = None
        self.moves = 0
        self.broken = ""  # why the bot was stopped for good, if it was

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: Any) -> Any:
        legal = list(legal_actions)
        if self.broken:
            raise BotError(f"your bot, playing {self.seat_name}, was stopped earlier: {self.broken}")
        limit = self.move_limit
        if self.total_limit is not None:
            limit = min(limit, self.total_limit - self.spent)
        if self.sandbox is None:
            self.sandbox = Sandbox(self.function, payload=self.payload)
            try:
                self.sandbox.load()
            except TypeError as err:
                raise self._fail(f"your bot cannot be sent to its sandbox: {err}") from None
            except LearnerError as err:
                raise self._fail(f"loading your bot raised {err.summary()}") from None
            except (LearnerCodeStopped, LearnerCodeError) as err:
                raise self._fail(f"your bot could not be loaded: {err}") from None
        self.moves += 1
        try:
            if limit <= 0:
                raise LearnerCodeStopped(self.total_limit or 0)
            choice = self.sandbox.choose(observation, legal, limit)
        except LearnerCodeStopped:
            seconds = limit if limit == self.move_limit else (self.total_limit or limit)
            which = ("for one move" if limit == self.move_limit else "in all")
            raise self._fail(f"your bot, playing {self.seat_name}, was stopped after {seconds:g} s {which} "
                             "(its time limit): does it loop forever, or compute far more than needed?",
                             stopped=seconds) from None
        except LearnerError as err:
            where = err.where()
            raise BotError(f"your bot, playing {self.seat_name}, raised {err.summary()}"
                           + (f"\n\n```\n{where}\n```" if where else "")) from None
        except LearnerCodeError as err:
            raise self._fail(f"your bot, playing {self.seat_name}, broke its sandbox: {err}.") from None
        if isinstance(choice, int):
            return legal[choice]
        more = f", … ({len(legal)} in all)" if len(legal) > 6 else ""
        shown = ", ".join(str(a) for a in legal[:6]) + more
        raise BotError(f"your bot, playing {self.seat_name}, chose {choice}, which is not a legal action "
                       f"here.  Return one of `legal_actions` (here: {shown}).")

    def _fail(self, message: str, stopped: float | None = None) -> BotError:
        """Stop the sandbox for good (until `reset`): the bot broke a rule that ends its games."""
        self.broken = message
        self.close()
        return BotError(message, stopped=stopped)

    def reset(self) -> None:
        """A fresh start (a new game at a table): the next move starts a new sandbox."""
        self.close()
        self.broken = ""

    @property
    def spent(self) -> float:
        return self.sandbox.spent if self.sandbox is not None else 0.0

    def close(self) -> None:
        """End the sandbox (a later move starts another, unless the bot was stopped for good)."""
        if self.sandbox is not None:
            self.sandbox.close()
            self.sandbox = None

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        if state["payload"] is None:
            state["payload"] = learner_pickle(self.function)
        state["function"], state["sandbox"] = None, None
        return state

    def __repr__(self) -> str:
        return f"SandboxedBot({self.name!r})"
