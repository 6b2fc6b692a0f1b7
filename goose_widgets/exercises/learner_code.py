"""Running the learner's code so that it can always be stopped (issue 8 §3).

`run_learner_code(func, *args, timeout=...)` calls ``func(*args)`` in a forked worker process and
kills it at the time limit: neither a ``while True: try: ... except: pass`` loop nor a long C-level
call (``sum(range(10**11))``) can outlast it.  Fork copies the kernel, so the learner's lambdas and
closures need no pickling; only the result (or the exception) comes back, pickled.  Anything the
function changes (a cache, an exercise's progress) changes in the worker only.

Where fork is unavailable (Windows, or ``GOOSE_WIDGETS_FORK=off``), the call runs in this process
under a timer signal, which stops most loops but not a bare ``except:`` nor a long C call.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["LearnerCodeStopped", "LearnerCodeError", "fork_available", "in_process_limit",
           "run_learner_code"]


class LearnerCodeStopped(BaseException):
    """The learner's code ran past its time limit and was stopped.

    A BaseException so that a learner's ``except Exception`` cannot swallow the in-process timer.
    """

    def __init__(self, seconds: float) -> None:
        super().__init__(f"stopped after {seconds:g} s")
        self.seconds = seconds


class LearnerCodeError(Exception):
    """The worker's exception could not be sent back as itself; this carries its text."""


def fork_available() -> bool:
    """Whether learner code runs in a forked worker (POSIX fork, not turned off)."""
    if os.environ.get("GOOSE_WIDGETS_FORK", "on").strip().lower() in ("off", "0", "false", "no"):
        return False
    return "fork" in multiprocessing.get_all_start_methods()


def run_learner_code(func: Callable[..., Any], *args: Any, timeout: float, **kwargs: Any) -> Any:
    """Return ``func(*args, **kwargs)``, run in a worker that is killed after ``timeout`` seconds.

    Raises `LearnerCodeStopped` at the limit; re-raises the exception ``func`` raised (with its
    traceback text as a note).  The result must be picklable.
    """
    if timeout <= 0:
        raise ValueError(f"timeout must be positive, not {timeout!r}")
    if not fork_available():
        with in_process_limit(timeout):
            return func(*args, **kwargs)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    # not a daemon, so that learner code may itself use a worker; it is always killed or joined below
    worker = context.Process(target=_work, args=(sender, func, args, kwargs), daemon=False)
    worker.start()
    sender.close()
    try:
        if not receiver.poll(timeout):
            raise LearnerCodeStopped(timeout)
        try:
            data = receiver.recv_bytes()
        except EOFError:
            worker.join(5)
            raise LearnerCodeError(f"the worker ended without an answer (exit code {worker.exitcode}: "
                                   "perhaps it ran out of memory or called os._exit)") from None
        try:
            kind, payload = pickle.loads(data)
        except Exception as problem:  # noqa: BLE001 - e.g. an exception class that cannot be rebuilt
            raise LearnerCodeError(f"the worker's answer cannot be read back: {problem}") from None
    finally:
        receiver.close()
        if worker.is_alive():
            worker.kill()
        worker.join(5)
    if kind == "result":
        return payload
    raise payload


def _work(sender: Any, func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """The worker: call, then send ("result", value) or ("error", exception) back."""
    try:
        message: tuple[str, Any] = ("result", func(*args, **kwargs))
    except SystemExit as err:  # raised again in the parent, it would end the parent's program
        message = ("error", LearnerCodeError(f"the code called exit() ({err})"))
    except BaseException as err:  # noqa: BLE001 - everything goes back to the parent
        err.add_note("".join(traceback.format_exception(err)).rstrip())
        message = ("error", err)
    try:
        data = pickle.dumps(message)
    except Exception as problem:  # noqa: BLE001 - an unpicklable result or exception
        if message[0] == "result":
            failure = LearnerCodeError(f"the result ({type(message[1]).__name__}) cannot be sent back "
                                       f"from the worker: {problem}")
        else:
            error = message[1]
            failure = LearnerCodeError(f"{type(error).__name__}: {error}")
            failure.add_note("".join(traceback.format_exception(error)).rstrip())
        data = pickle.dumps(("error", failure))
    sys.stdout.flush()
    sys.stderr.flush()
    sender.send_bytes(data)
    sender.close()


@contextmanager
def in_process_limit(seconds: float) -> Iterator[None]:
    """Raise `LearnerCodeStopped` in this process after ``seconds``, where a timer signal exists.

    Signals only reach the main thread; elsewhere (or on Windows) the code simply runs unlimited.
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or seconds <= 0:
        yield
        return

    def expire(_signum: int, _frame: object) -> None:
        raise LearnerCodeStopped(seconds)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
