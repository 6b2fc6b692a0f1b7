"""Starting and ending sandbox processes (`new_child`, `Child.kill`).

Behind walls (Linux with namespaces, `walls.status`), every sandbox is a new Python started by
bubblewrap in namespaces of its own: it cannot see or signal the kernel or another sandbox.  One
is kept started ahead (a *spare*, once a process has used a sandbox and unless
``GOOSE_WIDGETS_FORK=off``), so that the next check does not wait for Python to start.  Without
namespaces, a sandbox is forked by a fork server (a clean Python started once, with a cleared
environment; never a fork of the kernel), or, with ``GOOSE_WIDGETS_FORK=off`` and on Windows,
started as a new Python; the first one says once that learner code is isolated by process only.

Every process is started from one long-lived thread (`_launch`): Linux ties a child's "die with
my parent" signal to the *thread* that started it, so a sandbox started from a short-lived thread
would die with that thread.  A fork of this process (a `simulate` worker) forgets the sandboxes,
spares and fork server it inherited (they are its parent's), and starts its own when it needs them.
"""

from __future__ import annotations

import json
import os
import queue
import select
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
import warnings
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from . import walls
from .walls import ANSWERS, Hidden, Limits

__all__ = ["Child", "fork_available", "new_child", "session_members"]

HEADER = struct.Struct(">I")
WORKER = Path(__file__).with_name("worker.py")
FORK_SERVER_ANSWER = 5.0  # seconds: a fork server that is slower has been stopped or flooded
PRELOAD = ("cloudpickle", "goose_widgets.engine") + tuple(
    f"goose_widgets.games.{game}.rules" for game in ("game_of_the_goose", "boo_to_the_goose",
                                                     "sneaky_goose", "boo"))
"""What every sandbox imports before the learner's code (a bot's observation needs its game's
classes); never a game's bots, analysis or exercises."""


def fork_available() -> bool:
    """Whether forking is allowed (POSIX, and ``GOOSE_WIDGETS_FORK`` not ``off``): a learner's
    object is pickled in a fork, and sandboxes are started ahead or forked."""
    if os.environ.get("GOOSE_WIDGETS_FORK", "on").strip().lower() in walls.OFF:
        return False
    return hasattr(os, "fork")


# --- one thread starts every process ----------------------------------------------------------

T = TypeVar("T")


class _Launcher:
    def __init__(self) -> None:
        self.jobs: queue.Queue[Any] = queue.Queue()
        self.thread = threading.Thread(target=self._run, daemon=True, name="goose-widgets-sandbox-launcher")
        self.thread.start()

    def _run(self) -> None:
        while True:
            job, done = self.jobs.get()
            try:
                done.put((True, job()))
            except BaseException as err:  # noqa: BLE001 - handed to the caller
                done.put((False, err))

    def run(self, job: Callable[[], T]) -> T:
        if threading.current_thread() is self.thread:
            return job()
        done: queue.Queue[Any] = queue.Queue(maxsize=1)
        self.jobs.put((job, done))
        ok, value = done.get()
        if not ok:
            raise value
        result: T = value
        return result


_launcher: list[_Launcher] = []
_launcher_lock = threading.Lock()


def _launch(job: Callable[[], T]) -> T:
    with _launcher_lock:
        if not _launcher:
            _launcher.append(_Launcher())
        launcher = _launcher[0]
    return launcher.run(job)


# --- a running sandbox process ----------------------------------------------------------------

class Child:
    """A running sandbox process: its id, the pipe we write requests to, the pipe we read replies
    from, and (when we started it ourselves) its `subprocess.Popen` (bubblewrap, behind walls)."""

    def __init__(self, pid: int, write_fd: int, read_fd: int, popen: subprocess.Popen[bytes] | None = None,
                 walled: bool = False, limits: Limits | None = None, hidden: Hidden = ANSWERS) -> None:
        self.pid, self.write_fd, self.read_fd, self.popen = pid, write_fd, read_fd, popen
        self.walled, self.limits, self.hidden = walled, limits or Limits(), hidden
        self.owner = os.getpid()

    def kill(self) -> None:
        """End the sandbox and everything it started, wait until it is gone, close the pipes.

        Behind walls, killing bubblewrap ends the sandbox's PID namespace and so every process in
        it; otherwise its process group and anything left in its session are killed."""
        if self.owner != os.getpid():  # inherited by a fork: its parent's to end
            return
        if os.name == "nt":
            if self.popen is not None:
                self.popen.kill()
        elif self.walled and self.popen is not None:
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
                self.popen.wait(timeout=10)
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

    def alive(self) -> bool:
        return self.popen.poll() is None if self.popen is not None else not _gone(self.pid)

    def describe_exit(self) -> str:
        code = self.popen.poll() if self.popen is not None else None
        if code is None:
            return ""
        signals = {-signal.SIGKILL: "killed", 128 + signal.SIGKILL: "killed"}
        if hasattr(signal, "SIGXCPU"):
            cpu = f"it used up its CPU time ({self.limits.cpu_seconds} s, the sandbox's limit)"
            signals.update({-signal.SIGXCPU: cpu, 128 + signal.SIGXCPU: cpu})
        said = signals.get(code)
        if said and said != "killed":
            return f" ({said})"
        why = (f": perhaps it ran out of memory (the limit is {walls.format_size(self.limits.memory)}), "
               "or called os._exit" if code else "")
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


# --- starting one -----------------------------------------------------------------------------

def _setup(limits: Limits, walled: bool, hidden: Hidden) -> dict[str, Any]:
    return {"path": [p for p in sys.path if p], "preload": PRELOAD, "limits": limits.to_json(),
            "walled": walled, "hidden": hidden.to_json()}


_workdirs: list[str] = []


def _workdir() -> str:
    """Without walls: an empty folder of this process's for sandboxes to start in (not the
    learner's folder), removed when this process ends."""
    if not _workdirs:
        import atexit
        import shutil

        _workdirs.append(tempfile.mkdtemp(prefix="goose-sandbox-"))
        atexit.register(shutil.rmtree, _workdirs[0], True)
    return _workdirs[0]


def _spawn(limits: Limits, hidden: Hidden, status: walls.Status) -> Child:
    """A sandbox started as a new Python: behind walls where this machine has them."""
    setup = json.dumps(_setup(limits, status.namespaces, hidden))
    inner = [sys.executable, "-u", "-E", str(WORKER), "--serve", setup]
    flags: dict[str, Any] = {}
    if os.name == "nt":
        flags["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        flags["env"] = walls.environment()
    else:
        flags["start_new_session"] = True
    if status.namespaces:
        argv = walls.command(inner, limits, status.bwrap, hidden)
    else:
        argv = inner
        flags["env"] = walls.environment()
        flags["cwd"] = _workdir()

    def start() -> subprocess.Popen[bytes]:
        return subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,  # noqa: S603
                                stderr=subprocess.DEVNULL, close_fds=True, **flags)

    popen = _launch(start)
    assert popen.stdin is not None and popen.stdout is not None
    child = Child(popen.pid, os.dup(popen.stdin.fileno()), os.dup(popen.stdout.fileno()), popen,
                  walled=status.namespaces, limits=limits, hidden=hidden)
    popen.stdin.close()
    popen.stdout.close()
    return child


class _Spare:
    """Behind walls: one sandbox started ahead with the default limits, for the next check."""

    def __init__(self) -> None:
        self.child: Child | None = None
        self.lock = threading.Lock()

    def take(self, limits: Limits, hidden: Hidden) -> Child | None:
        with self.lock:
            child, self.child = self.child, None
        if child is not None and (child.limits != limits or child.hidden != hidden or not child.alive()):
            child.kill()
            child = None
        return child

    def refill(self, limits: Limits, hidden: Hidden, status: walls.Status) -> None:
        def start() -> None:
            try:
                fresh = _spawn(limits, hidden, status)
            except OSError:
                return
            with self.lock:
                old, self.child = self.child, fresh
            if old is not None:
                old.kill()

        threading.Thread(target=start, daemon=True, name="goose-widgets-spare-sandbox").start()

    def close(self) -> None:
        with self.lock:
            child, self.child = self.child, None
        if child is not None:
            child.kill()


class _ForkServer:
    """Without walls, on POSIX: the clean process that forks sandboxes (`worker.fork_server`): a
    sandbox then starts in milliseconds instead of a new Python's tenth of a second or more."""

    def __init__(self) -> None:
        import socket

        ours, theirs = socket.socketpair()

        def start() -> subprocess.Popen[bytes]:
            return subprocess.Popen(  # noqa: S603 - our own worker, by path, with this Python
                [sys.executable, "-u", "-E", str(WORKER), "--server", str(theirs.fileno())],
                stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=[theirs.fileno()],
                start_new_session=True, close_fds=True, env=walls.environment(), cwd=_workdir())

        self.popen = _launch(start)
        theirs.close()
        self.control = ours
        setup = json.dumps(_setup(Limits(), False, ANSWERS)).encode()
        ours.sendall(HEADER.pack(len(setup)) + setup)
        self.lock = threading.Lock()
        self.owner = os.getpid()

    def fork(self, limits: Limits, hidden: Hidden, timeout: float) -> Child:
        import socket

        to_child, requests = os.pipe()
        replies, from_child = os.pipe()
        request = json.dumps({"limits": limits.to_json(), "hidden": hidden.to_json()}).encode()
        try:
            with self.lock:
                socket.send_fds(self.control, [request], [to_child, from_child])
                answer = _read_socket(self.control, 8, time.monotonic() + timeout)
        finally:
            os.close(to_child)
            os.close(from_child)
        if answer is None:
            os.close(requests)
            os.close(replies)
            raise OSError("the sandbox server did not answer")
        return Child(struct.unpack(">q", answer)[0], requests, replies, limits=limits, hidden=hidden)

    def alive(self) -> bool:
        return self.popen.poll() is None

    def close(self) -> None:
        if self.owner != os.getpid():
            return
        self.control.close()
        self.popen.kill()
        self.popen.wait()


def _read_socket(sock: Any, size: int, deadline: float) -> bytes | None:
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


_server: list[_ForkServer] = []
_spare = _Spare()
_server_lock = threading.Lock()
_said: list[str] = []


def _fork_server() -> _ForkServer:
    with _server_lock:
        if _server and not _server[0].alive():
            _server.pop().close()
        if not _server:
            _server.append(_ForkServer())
            weakref.finalize(_server[0], _ForkServer.close, _server[0])
        return _server[0]


def _replace_fork_server() -> None:
    with _server_lock:
        if _server:
            _server.pop().close()


def _say_once(status: walls.Status) -> None:
    if not _said:
        _said.append(status.reason)
        warnings.warn(walls.fallback_note(status.reason), walls.SandboxWarning, stacklevel=4)


def new_child(limits: Limits, hidden: Hidden = ANSWERS) -> Child:
    """A fresh sandbox process with ``limits``, without the ``hidden`` modules (see the module
    docstring)."""
    status = walls.status()
    if status.namespaces:
        child = _spare.take(limits, hidden) if fork_available() else None
        if child is None:
            child = _spawn(limits, hidden, status)
        if fork_available() and limits == Limits.from_environment() and hidden == ANSWERS:
            _spare.refill(limits, hidden, status)
        return child
    _say_once(status)
    if fork_available():
        # A learner may have stopped, killed or flooded the server (it is a process of the same
        # user here): one that does not answer at once is replaced.
        for _attempt in range(2):
            try:
                return _fork_server().fork(limits, hidden, FORK_SERVER_ANSWER)
            except OSError:
                _replace_fork_server()
    return _spawn(limits, hidden, status)


def _forget_inherited() -> None:
    """In a fork of this process: the launcher thread, the spare and the fork server are the
    parent's (their threads do not exist here); start anew when needed."""
    global _launcher_lock, _server_lock
    _launcher.clear()
    _server.clear()
    _spare.child = None
    _spare.lock = threading.Lock()
    _launcher_lock, _server_lock = threading.Lock(), threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_inherited)
