"""Exercises as data (after Kaggle's learntools): a prompt, a checker, hints and a solution.

A checker receives the learner's answer and raises `Wrong` with a message that helps; it calls the
engine to know the right answer, so no rule is written twice.  ``check`` shows the feedback as
coloured Markdown in a notebook; ``evaluate`` returns it as data for tests.
"""

from __future__ import annotations

import inspect
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any


class Wrong(Exception):
    """The answer is not right yet; the message says why and what to look at."""


@dataclass(frozen=True)
class Feedback:
    correct: bool
    message: str

    def _repr_markdown_(self) -> str:
        colour = "#1b7837" if self.correct else "#b2182b"
        mark = "✔ Correct" if self.correct else "✘ Not yet"
        return f'<span style="color:{colour}"><b>{mark}:</b></span> {self.message}'

    def __str__(self) -> str:
        return ("Correct: " if self.correct else "Not yet: ") + self.message

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Exercise:
    """One exercise.  ``checker(answer)`` raises `Wrong`; ``reference`` is a right answer (tests use it)."""

    name: str
    prompt: str
    checker: Callable[[Any], None]
    hints: tuple[str, ...]
    solution: str
    reference: Any = None
    success: str = "well done."
    tags: tuple[str, ...] = field(default=())
    time_limit: float = 30.0

    def evaluate(self, answer: Any) -> Feedback:
        try:
            with _time_limit(self.time_limit):
                self.checker(answer)
        except Wrong as err:
            return Feedback(False, str(err))
        except _TooSlow:
            return Feedback(False, f"checking took longer than {self.time_limit:g} s: does your "
                                   "function loop forever (a move that never stops, a chain that "
                                   "never ends)?")
        except Exception as err:  # noqa: BLE001 - a learner's function may raise anything
            return Feedback(False, f"your answer raised {type(err).__name__}: {err}")
        return Feedback(True, self.success)

    def check(self, answer: Any) -> Feedback:
        """Check an answer; in a notebook the returned feedback shows in colour."""
        return self.evaluate(answer)

    def hint(self, number: int = 1) -> Hint:
        if not 1 <= number <= len(self.hints):
            raise ValueError(f"{self.name} has hints 1 to {len(self.hints)}.")
        return Hint(f"Hint {number}/{len(self.hints)}: {self.hints[number - 1]}")

    def show_solution(self) -> Hint:
        return Hint("Solution:\n\n```python\n" + self.solution.strip() + "\n```")

    def _repr_markdown_(self) -> str:
        return f"**{self.name}.** {self.prompt}"

    def __repr__(self) -> str:  # stable text for nbval (the checker is a function with an address)
        return f"{self.name}: {self.prompt}"


class _TooSlow(BaseException):
    """Raised by the alarm; a BaseException so that a learner's ``except Exception`` cannot eat it."""


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Stop a check that runs too long (a learner's endless loop), where a timer signal exists.

    Signals only reach the main thread; elsewhere (or on Windows) the check simply runs unlimited.
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or seconds <= 0:
        yield
        return

    def expire(_signum: int, _frame: object) -> None:
        raise _TooSlow

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(frozen=True)
class Hint:
    text: str

    def _repr_markdown_(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def expect_callable(answer: Any, parameters: int, what: str) -> None:
    """Raise `Wrong` unless ``answer`` is a function taking ``parameters`` positional arguments."""
    if not callable(answer):
        raise Wrong(f"expected a function ({what}), got {type(answer).__name__} {answer!r}.")
    try:
        signature = inspect.signature(answer)
        signature.bind(*range(parameters))
    except TypeError:
        raise Wrong(f"your function must take {parameters} argument(s): {what}.") from None
    except ValueError:
        pass  # builtins without a signature: let the call decide


def expect_number(answer: Any, what: str) -> None:
    """Raise `Wrong` unless ``answer`` is a number (int, float or Fraction; not bool)."""
    from fractions import Fraction
    from numbers import Real

    if isinstance(answer, bool) or not isinstance(answer, (Real, Fraction)):
        raise Wrong(f"expected a number for {what}, got {type(answer).__name__} {answer!r}.")


def close(answer: float, expected: float, tolerance: float = 1e-9) -> bool:
    return abs(float(answer) - float(expected)) <= tolerance * max(1.0, abs(float(expected)))
