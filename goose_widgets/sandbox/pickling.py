"""Sending the learner's object into its sandbox: `learner_pickle` (cloudpickle, bounded in size).

Pickling may run the learner's own code (a ``__reduce__``), so on POSIX it is done in a
short-lived fork of this process whose only output is the pickle's bytes; with
``GOOSE_WIDGETS_FORK=off`` (and on Windows) it is done here.  The pickle is written as it is
made, and stopped as soon as it passes the sandbox's ``sent`` limit (`walls.Limits`), so a bot that
holds a gigabyte is refused in a moment, never copied whole.

A sandbox reads none of the learner's files, so the learner's own modules (a helper ``.py`` beside
the notebook, any module outside the Python installation and this package) travel by value, as a
notebook's functions do; the installed libraries are imported inside by name.
"""

from __future__ import annotations

import collections
import os
import pickle
import select
import signal
import sys
import time
import types
from typing import Any

from .answers import LearnerCodeStopped
from .processes import fork_available
from .walls import Limits, format_size

__all__ = ["Pickled", "TooLarge", "learner_pickle"]

LOAD_LIMIT = 60.0  # seconds to pickle, start and load (a loaded machine is slow)


class TooLarge(TypeError):
    """The learner's object is larger, pickled, than a sandbox accepts."""


class Pickled:
    """A learner's object that exists only as its pickle, made in a sandbox (the grader's learner's
    notebook): it is sent to a sandbox of its own as it is, never unpickled here.  ``function``
    says whether the object is callable, as the sandbox that pickled it saw."""

    __slots__ = ("payload", "function")

    def __init__(self, payload: bytes, function: bool) -> None:
        self.payload, self.function = payload, function

    def __repr__(self) -> str:
        return f"<your {'function' if self.function else 'object'}, {len(self.payload):,} bytes pickled>"


def learner_pickle(obj: Any, timeout: float = LOAD_LIMIT, limit: int | None = None) -> bytes:
    """``cloudpickle.dumps(obj)``, done in a fork where possible (see the module docstring).

    Raises `TypeError` (the object cannot be pickled), `TooLarge` (its pickle passes ``limit``
    bytes, by default the sandbox's ``sent`` limit) or `LearnerCodeStopped`.
    """
    import cloudpickle

    limit = limit if limit is not None else Limits.from_environment().sent
    if not fork_available():
        return _dumps(cloudpickle, obj, limit)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child, measured by its output
        code = 0
        try:
            os.close(read_end)
            _bound_memory(limit)
            try:
                data = b"ok" + _dumps(cloudpickle, obj, limit)
            except TooLarge as err:
                data, code = b"big" + str(err).encode("utf-8", "replace")[:2000], 1
            except BaseException as err:  # noqa: BLE001 - the learner's __reduce__ may raise anything
                data, code = b"no" + str(err).encode("utf-8", "replace")[:2000], 1
            view = memoryview(data)
            while view:
                view = view[os.write(write_end, view):]
        finally:
            os._exit(code)
    os.close(write_end)
    try:
        answer = _read_all(read_end, time.monotonic() + timeout, limit + 16)
    finally:
        os.close(read_end)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
    if answer is None:
        raise LearnerCodeStopped(timeout)
    if answer[:3] == b"big" or len(answer) > limit + 2:
        raise TooLarge(_too_large(limit))
    if answer[:2] != b"ok":
        raise TypeError(answer[2:].decode("utf-8", "replace"))
    return answer[2:]


def _bound_memory(limit: int) -> None:
    """In the pickling fork: room for a few copies of an accepted pickle, no more, so that pickling
    an object of gigabytes fails at once instead of copying it (Linux; elsewhere nothing)."""
    try:
        import resource

        with open("/proc/self/status") as status:
            size = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
        resource.setrlimit(resource.RLIMIT_AS, (size + 4 * limit + (256 << 20),) * 2)
    except (ImportError, OSError, ValueError, StopIteration):
        pass


def _too_large(limit: int) -> str:
    return (f"it is more than {format_size(limit)} when pickled, the most a sandbox accepts: does it "
            "hold a big table or a copy of a game?  Compute what it needs inside the function instead")


class _Bounded:
    """A file that takes writes until ``limit`` bytes, then raises `TooLarge`."""

    def __init__(self, limit: int) -> None:
        self.parts: list[bytes] = []
        self.size, self.limit = 0, limit

    def write(self, data: Any) -> int:
        self.size += len(data)
        if self.size > self.limit:
            raise TooLarge(_too_large(self.limit))
        self.parts.append(bytes(data))
        return len(data)

    def getvalue(self) -> bytes:
        return b"".join(self.parts)


def _learners_modules() -> list[types.ModuleType]:
    """The modules a sandbox cannot import by name: those whose file lies outside the folders it
    may read (`walls.read_only_folders`) and outside /usr."""
    from .walls import read_only_folders

    readable = [str(folder) + os.sep for folder in read_only_folders()] + ["/usr/"]
    found = []
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if (isinstance(where, str) and name != "__main__" and not name.startswith("_")
                and not os.path.realpath(where).startswith(tuple(readable))
                and not where.startswith(tuple(readable))):
            found.append(module)
    return found


def _dumps(cloudpickle: Any, obj: Any, limit: int) -> bytes:
    buffer = _Bounded(limit)
    registered = cloudpickle.list_registry_pickle_by_value()
    by_value = [m for m in _learners_modules() if m.__name__ not in registered]
    for module in by_value:
        cloudpickle.register_pickle_by_value(module)
    try:
        _Pickler(cloudpickle)(buffer, protocol=pickle.DEFAULT_PROTOCOL).dump(obj)
    except TooLarge:
        raise
    except MemoryError:  # a copy of something far larger than the limit (see `_bound_memory`)
        raise TooLarge(_too_large(limit)) from None
    except RecursionError:
        raise TypeError("it is too deeply nested to be sent") from None
    except Exception as err:  # noqa: BLE001 - pickling raises many kinds of errors
        raise TypeError(f"{type(err).__name__}: {err}") from None
    finally:
        for module in by_value:
            cloudpickle.unregister_pickle_by_value(module)
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


def _read_all(fd: int, deadline: float, most: int) -> bytes | None:
    """What the fork writes until it closes, but no more than ``most`` bytes (then it stops)."""
    chunks: list[bytes] = []
    size = 0
    while size <= most:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)
