"""Exercises as data (after Kaggle's learntools): a prompt, a checker, hints and a solution.

A checker receives the learner's answer and raises `Wrong` (or `Rounded`) with a message that
helps; it calls the engine to know the right answer, so no rule is written twice.  ``check`` shows
the feedback as coloured Markdown in a notebook; ``evaluate`` returns it as data for tests.

Feedback has one of six states (`Feedback.status`): ``correct``; ``rounded`` (a right value, but a
rounded decimal where the exact value was asked: never called wrong, never counted correct);
``wrong``; ``unanswered`` (the answer is still the committed placeholder, `is_placeholder`);
``stopped`` (the learner's code ran past the exercise's ``time_limit`` and was stopped); and
``course_error`` (the checker itself failed: the course's fault, shown as such, never the learner's).

Learner code runs where it can always be stopped: see `learner_code.run_learner_code`.

Solutions can be turned off for a class: call ``goose_widgets.exercises.solutions(False)``, or set
the environment variable ``GOOSE_WIDGETS_SOLUTIONS=off`` (also ``0``, ``false``, ``no``) before
starting Jupyter; ``show_solution()`` then says that solutions are turned off.  A call to
`solutions` wins over the environment variable.
"""

from __future__ import annotations

import inspect
import numbers
import operator
import os
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from .learner_code import (
    LearnerCodeError,
    LearnerCodeStopped,
    fork_available,
    run_learner_code,
)
from .progress import record

Status = Literal["correct", "rounded", "wrong", "unanswered", "stopped", "course_error"]


class Wrong(Exception):
    """The answer is not right yet; the message says why and what to look at."""


class Rounded(Exception):
    """The answer is right but rounded (a decimal where the exact value was asked)."""


class NotAnswered(Exception):
    """The answer (or a value the learner's function returned) is still a placeholder."""


@dataclass(frozen=True)
class Feedback:
    correct: bool
    message: str
    status: Status | None = None  # None: "correct" or "wrong", from ``correct``

    def __post_init__(self) -> None:
        if self.status is None:
            object.__setattr__(self, "status", "correct" if self.correct else "wrong")

    @property
    def rounded(self) -> bool:
        return self.status == "rounded"

    def _repr_markdown_(self) -> str:
        colour, mark = _LOOK[self.status or "wrong"]
        return f'<span style="color:{colour}"><b>{mark}:</b></span> {self.message}'

    def __str__(self) -> str:
        return _PLAIN[self.status or "wrong"] + ": " + self.message

    def __repr__(self) -> str:
        return str(self)


_LOOK: dict[str, tuple[str, str]] = {
    "correct": ("#1b7837", "✔ Correct"),
    "rounded": ("#8c510a", "≈ Right, but rounded"),
    "wrong": ("#b2182b", "✘ Not yet"),
    "unanswered": ("#2166ac", "✎ Not answered yet"),
    "stopped": ("#b2182b", "⏱ Stopped"),
    "course_error": ("#762a83", "⚠ Our mistake, not yours"),
}
_PLAIN = {"correct": "Correct", "rounded": "Right, but rounded", "wrong": "Not yet",
          "unanswered": "Not answered yet", "stopped": "Stopped", "course_error": "Our mistake, not yours"}


@dataclass(frozen=True)
class Hint:
    text: str

    def _repr_markdown_(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


@dataclass
class _Record:
    """What this kernel knows about one exercise: its best result and the hints seen."""

    best: Status | None = None
    tries: int = 0
    hints_seen: set[int] = field(default_factory=set)


_RANK = {None: 0, "wrong": 1, "stopped": 1, "rounded": 2, "correct": 3}


@dataclass(frozen=True)
class Exercise:
    """One exercise.  ``checker(answer)`` raises `Wrong`; ``reference`` is a right answer (tests use it).

    ``expects`` says what to write (e.g. "a `Fraction`", "a function `move(square, roll)`"): the
    "not answered yet" message shows it.  ``notebook`` names the course notebook the exercise is in
    (e.g. "02_goose_probability"), for `progress`.  ``time_limit`` (seconds) bounds the learner's code.
    """

    name: str
    prompt: str
    checker: Callable[[Any], None]
    hints: tuple[str, ...]
    solution: str
    reference: Any = None
    success: str = "well done."
    tags: tuple[str, ...] = field(default=())
    time_limit: float = 30.0
    expects: str = ""
    notebook: str = ""
    _record: _Record = field(default_factory=_Record, init=False, compare=False, repr=False)

    def evaluate(self, answer: Any) -> Feedback:
        """The feedback for ``answer``, as data; records the result for `progress` (and the file)."""
        feedback = self._evaluate(answer)
        record(self, "check", feedback.status)
        return feedback

    def _evaluate(self, answer: Any) -> Feedback:
        if is_placeholder(answer):
            return self._not_answered(function=inspect.isfunction(answer))
        feedback = _judge(self.checker, answer, self.success, self.time_limit)
        if feedback.status == "unanswered":
            return self._not_answered(feedback.message)
        record = self._record
        if feedback.status in _RANK:
            record.tries += 1
            if _RANK[feedback.status] > _RANK[record.best]:
                record.best = feedback.status
        return feedback

    def check(self, answer: Any) -> Feedback:
        """Check an answer; in a notebook the returned feedback shows in colour."""
        return self.evaluate(answer)

    def hint(self, number: int | None = None) -> Hint:
        """Hint ``number`` (1, 2, ...); without a number, the first hint not seen yet."""
        count = len(self.hints)
        seen = self._record.hints_seen
        if count == 0:
            solution = "  `show_solution()` shows a solution." if solutions() else ""
            return Hint("This exercise has no hints." + solution)
        if number is None:
            unseen = [n for n in range(1, count + 1) if n not in seen]
            if not unseen:
                again = ("`hint(1)` shows it again" if count == 1
                         else f"`hint(1)` to `hint({count})` show them again")
                solution = ", `show_solution()` shows a solution" if solutions() else ""
                return Hint(f"You have seen all {_plural(count, 'hint')} of this exercise: "
                            f"{again}{solution}.")
            number = unseen[0]
        if isinstance(number, numbers.Integral) and not isinstance(number, bool):
            number = operator.index(number)
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= count:
            which = "hint(1)" if count == 1 else f"hint(1) to hint({count})"
            return Hint(f"This exercise has {_plural(count, 'hint')}: try {which}.")
        seen.add(number)
        record(self, "hint", number)
        return Hint(f"Hint {number}/{count}: {self.hints[number - 1]}")

    def show_solution(self) -> Hint:
        if not solutions():
            return Hint("Solutions are turned off for this class.  `hint()` gives a hint; your "
                        "teacher can help with the rest.")
        record(self, "solution", "shown")
        return Hint("Solution:\n\n```python\n" + self.solution.strip() + "\n```")

    @property
    def status(self) -> Status | None:
        """The best result in this kernel: ``correct``, ``rounded``, ``wrong``/``stopped`` or None."""
        return self._record.best

    def _not_answered(self, detail: str = "", function: bool = False) -> Feedback:
        what = self.expects or "your answer (the prompt above says what to give)"
        todo = (f"Write the body of your function in place of its `...` ({what})" if function
                else f"Replace the `...` with {what}")
        stuck = ("`hint()` gives a hint and `show_solution()` shows a solution" if solutions()
                 else "`hint()` gives a hint")
        message = (detail + "  " if detail else "You have not given an answer yet.  ") + (
            f"{todo}, run the cell, then check again.  Stuck?  {stuck}.")
        return Feedback(False, message, "unanswered")

    def _repr_markdown_(self) -> str:
        return f"**{self.name}.** {self.prompt}"

    def __repr__(self) -> str:  # stable text for nbval (the checker is a function with an address)
        return f"{self.name}: {self.prompt}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- placeholders ------------------------------------------------------------------------------

_RETURN_NONE_ONLY = {"RESUME", "NOP", "RETURN_VALUE", "RETURN_CONST", "LOAD_CONST", "CACHE"}


def is_placeholder(value: Any) -> bool:
    """True for an answer not given yet: ``...``, ``None``, a tuple or list with a ``...`` in it, or
    a function whose body is only ``...`` or ``pass`` (after an optional docstring): a function
    that can only return None."""
    if value is Ellipsis or value is None:
        return True
    if type(value) in (tuple, list) and any(item is Ellipsis for item in value):
        return True  # a pair or list with a part still to fill in
    code = getattr(value, "__code__", None)
    if code is None or not inspect.isfunction(value):
        return False
    import dis

    for instruction in dis.get_instructions(code):
        if instruction.opname not in _RETURN_NONE_ONLY:
            return False
        if instruction.opname in ("LOAD_CONST", "RETURN_CONST") and instruction.argval is not None:
            return False
    return True


# --- running a checker ---------------------------------------------------------------------------

def _judge(checker: Callable[[Any], None], answer: Any, success: str, limit: float) -> Feedback:
    """Run ``checker(answer)`` where the learner's code can be stopped, and turn it into feedback.

    Plain data (numbers, text, containers of them) runs no learner code, so it is checked here,
    unlimited (a slow checker is not the learner's endless loop); anything else (a function, an
    object of the learner's class) is checked in a forked worker that is killed at the limit.
    Only the feedback crosses the process boundary.
    """
    if _is_plain_data(answer):
        return _feedback(checker, answer, success, limit)
    try:
        feedback: Feedback = run_learner_code(_feedback, checker, answer, success, limit, timeout=limit)
    except LearnerCodeStopped as stop:
        return Feedback(False, _stopped_message(stop.seconds, not fork_available()), "stopped")
    except LearnerCodeError as err:  # the worker died: the learner's code ended it (memory, os._exit)
        return Feedback(False, f"your code could not be checked: {err}.", "wrong")
    except Exception as err:  # noqa: BLE001 - the worker machinery failed: ours, not the learner's
        return _course_error(err)
    return feedback


def _feedback(checker: Callable[[Any], None], answer: Any, success: str, limit: float) -> Feedback:
    try:
        checker(answer)
    except Wrong as err:
        return Feedback(False, str(err), "wrong")
    except Rounded as err:
        return Feedback(False, str(err), "rounded")
    except NotAnswered as err:
        return Feedback(False, str(err), "unanswered")
    except LearnerCodeStopped as stop:  # the in-process alarm (no fork here)
        return Feedback(False, _stopped_message(stop.seconds, not fork_available()), "stopped")
    except SystemExit:
        return Feedback(False, "your code called exit() (or sys.exit()); a function that is checked "
                               "must return its answer instead.", "wrong")
    except RecursionError as err:
        if _raised_in_learner_code(err, checker, answer):
            return Feedback(False, "your code called itself too deeply (RecursionError): does a "
                                   "recursive function miss its stopping case?", "wrong")
        return _course_error(err)
    except Exception as err:  # noqa: BLE001 - a learner's function may raise anything
        if _raised_in_learner_code(err, checker, answer):
            return Feedback(False, f"your code raised {type(err).__name__}: {_short(str(err))}", "wrong")
        return _course_error(err)
    return Feedback(True, success, "correct")


def _stopped_message(seconds: float, fallback: bool) -> str:
    return (f"your code was stopped after {seconds:g} s, the time limit of this exercise.  Does it "
            "loop forever (a move that never stops, a chain that never ends), or compute far more "
            "than needed?" + ("  (It was stopped by a timer inside this kernel: this computer cannot "
                              "run it in a separate process.)" if fallback else ""))


def _course_error(err: BaseException) -> Feedback:
    where = traceback.extract_tb(err.__traceback__)[-1:] if err.__traceback__ else []
    place = f" (in {os.path.basename(where[0].filename)}, line {where[0].lineno})" if where else ""
    return Feedback(False, "the checker itself failed, so this says nothing about your answer: "
                    f"{type(err).__name__}: {_short(str(err))}{place}.  This is the course's fault; "
                    "please tell your teacher.", "course_error")


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_LIBRARY_DIRS = tuple({os.path.dirname(os.__file__), sys.prefix, sys.base_prefix, sys.exec_prefix})


def _raised_in_learner_code(err: BaseException, checker: Callable[..., Any], answer: Any) -> bool:
    """Did the exception pass through code the learner wrote?

    The answer's own code is the learner's; so is any code that is neither ours (this package,
    the checker's file) nor a library's (the standard library, installed packages).
    """
    answer_code = getattr(answer, "__code__", None)
    checker_file = _filename(getattr(checker, "__code__", None))
    tb = err.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        filename = _filename(code)
        if code is answer_code or (filename != checker_file and not filename.startswith(_PACKAGE_DIR)
                                   and not filename.startswith(_LIBRARY_DIRS)):
            return True
        tb = tb.tb_next
    return False


def _filename(code: Any) -> str:
    return os.path.abspath(code.co_filename) if code is not None else ""


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + " …"


_PLAIN_TYPES = (int, float, complex, str, bytes, bool, type(None), type(Ellipsis), Fraction)


def _is_plain_data(value: Any, depth: int = 0) -> bool:
    if type(value) in _PLAIN_TYPES:
        return True
    if depth < 4 and type(value) in (tuple, list, set, frozenset) and len(value) <= 10_000:
        return all(_is_plain_data(item, depth + 1) for item in value)
    if depth < 4 and type(value) is dict and len(value) <= 10_000:
        return all(_is_plain_data(k, depth + 1) and _is_plain_data(v, depth + 1) for k, v in value.items())
    return False


# --- small checks a checker uses -----------------------------------------------------------------

def expect_callable(answer: Any, parameters: int, what: str) -> None:
    """Raise `Wrong` unless ``answer`` is a function taking ``parameters`` positional arguments."""
    if not callable(answer):
        from .answers import describe

        raise Wrong(f"expected a function ({what}), got {type(answer).__name__} {describe(answer)}.")
    try:
        signature = inspect.signature(answer)
        signature.bind(*range(parameters))
    except TypeError:
        raise Wrong(f"your function must take {parameters} argument(s): {what}.") from None
    except ValueError:
        pass  # builtins without a signature: let the call decide


def call_learner(func: Callable[..., Any], *args: Any, what: str) -> Any:
    """``func(*args)``; the learner's exception becomes `Wrong` naming the call (``what``)."""
    try:
        return func(*args)
    except (Wrong, Rounded, NotAnswered, LearnerCodeStopped):
        raise
    except Exception as err:  # noqa: BLE001 - a learner's function may raise anything
        raise Wrong(f"{what} raised {type(err).__name__}: {_short(str(err))}") from None


def expect_number(answer: Any, what: str) -> None:
    """Raise `Wrong` unless ``answer`` is a finite number (int, float or Fraction; not bool).

    Kept for older checkers; new ones use `numbers.check_number`, which converts safely too.
    """
    from .answers import as_number

    as_number(answer, what)


def close(answer: Any, expected: Any, tolerance: float = 1e-9) -> bool:
    """Whether two numbers agree to a relative ``tolerance``; False for NaN or numbers beyond floats."""
    try:
        a, b = float(answer), float(expected)
    except (OverflowError, ValueError, TypeError):
        return False
    return abs(a - b) <= tolerance * max(1.0, abs(b))


# --- the teacher's switch ------------------------------------------------------------------------

_solutions_choice: list[bool] = []  # the last call of `solutions(on)`, if any


def solutions(on: bool | None = None) -> bool:
    """Turn solutions on or off for this kernel (``solutions(False)``); return whether they are on.

    Without a call, the environment variable ``GOOSE_WIDGETS_SOLUTIONS`` decides (``off``, ``0``,
    ``false`` or ``no`` turns them off); they are on by default.
    """
    if on is not None:
        if not isinstance(on, bool):
            raise TypeError(f"solutions() takes True or False, not {on!r}")
        _solutions_choice[:] = [on]
    if _solutions_choice:
        return _solutions_choice[0]
    setting = os.environ.get("GOOSE_WIDGETS_SOLUTIONS", "on").strip().lower()
    return setting not in ("off", "0", "false", "no")


def defined_in(source: str, name: str) -> Any:
    """The function ``name`` that the solution text ``source`` defines.

    A reference answer is taken from the very text `show_solution` shows, so the two cannot drift.
    """
    namespace: dict[str, Any] = {}
    exec(source, namespace)  # noqa: S102 - our own solution text, tested as shown
    return namespace[name]
