"""Running the learner's code where it can always be stopped and can never reach the verdict.

`run_learner_code(func, *args, timeout=...)` calls ``func(*args)`` in a sandbox (`goose_widgets.sandbox`):
a process of its own behind the walls of the operating system (on Linux its own namespaces: no
other process in sight, no network, none of the learner's files; limits it cannot raise; a
seccomp filter), killed with everything it started at the time limit, so neither a
``while True: try: ... except: pass`` loop, nor a long C-level call (``sum(range(10**11))``), nor
anything it starts can outlast it or reach the kernel.  The function travels by cloudpickle (a
notebook's lambdas and closures, and the learner's own modules, by value); only its result comes
back, as safe data (numbers, text, containers; any other object as a `LearnerObject` that carries
only its type's name and its repr).  Anything the function changes (a cache, a global) changes in
the sandbox only.

Checkers never call a learner's function themselves: `core.Exercise` hands them a
`SandboxedFunction` whose every call runs in the sandbox and is judged here, in the kernel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..sandbox import (
    LearnerCodeError,
    LearnerCodeStopped,
    LearnerError,
    LearnerObject,
    Sandbox,
    SandboxedFunction,
    fork_available,
)

__all__ = ["LearnerCodeError", "LearnerCodeStopped", "LearnerError", "LearnerObject", "SandboxedFunction",
           "fork_available", "run_learner_code"]


def run_learner_code(func: Callable[..., Any], *args: Any, timeout: float) -> Any:
    """Return ``func(*args)`` computed in a sandbox that is killed after ``timeout`` seconds.

    Raises `LearnerCodeStopped` at the limit, `LearnerError` when ``func`` raises (any exception,
    `BaseException` included) and `LearnerCodeError` when it breaks its sandbox (ends the
    process, writes into its answers).  The result comes back as safe data.
    """
    if timeout <= 0:
        raise ValueError(f"timeout must be positive, not {timeout!r}")
    with Sandbox(func) as sandbox:
        return SandboxedFunction(sandbox, timeout)(*args)
