"""Exercises as data (after Kaggle's learntools): a prompt, a checker, hints and a solution.

A checker receives the learner's answer and raises `Wrong` (or `Rounded`) with a message that
helps; it calls the engine to know the right answer, so no rule is written twice.  ``check`` shows
the feedback as coloured Markdown in a notebook; ``evaluate`` returns it as data for tests.

Feedback has one of six states (`Feedback.status`): ``correct``; ``rounded`` (a right value, but a
rounded decimal where the exact value was asked: never called wrong, never counted correct);
``wrong``; ``unanswered`` (the answer is still the committed placeholder, `is_placeholder`);
``stopped`` (the learner's code ran past the exercise's ``time_limit`` and was stopped); and
``course_error`` (the checker itself failed: the course's fault, shown as such, never the learner's).

Learner code never runs here: an answer that is a function (or any object that is not plain
data) is sent to a sandbox (`goose_widgets.sandbox`), and the checker is handed a `SandboxedFunction` whose
calls run there and whose results come back as plain data, under the exercise's ``time_limit``
(the time spent in the learner's code).  The checker and the verdict stay in this process.  Any
exception of the learner's code, `BaseException` included, becomes feedback naming the learner's
line (`LearnerError.where`).

Solutions can be turned off for a class: call ``goose_widgets.exercises.solutions(False)``, or set
the environment variable ``GOOSE_WIDGETS_SOLUTIONS=off`` (also ``0``, ``false``, ``no``) before
starting Jupyter; ``show_solution()`` then says that solutions are turned off.  A call to
`solutions` wins over the environment variable.
"""

from __future__ import annotations

import dataclasses
import numbers
import operator
import os
import traceback
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from ..sandbox import (
    ANSWERS,
    Hidden,
    LearnerCodeError,
    LearnerCodeStopped,
    LearnerError,
    Pickled,
    Sandbox,
    SandboxedFunction,
)
from ..sandbox.answers import is_placeholder, is_plain_data
from .answers import as_number, describe, type_name
from .class_link import share
from .progress import record
from .verdicts import NotAnswered, Rounded, Wrong

__all__ = ["Exercise", "Feedback", "Hint", "NotAnswered", "Rounded", "Status", "Wrong", "call_learner",
           "close", "defined_in", "expect_callable", "expect_number", "is_placeholder", "solutions",
           "write_it_yourself"]

Status = Literal["correct", "rounded", "wrong", "unanswered", "stopped", "course_error"]


@dataclass(frozen=True)
class Feedback:
    correct: bool
    message: str
    status: Status | None = None  # None: "correct" or "wrong", from ``correct``
    note: str = ""  # what the learner's class made of it (`class_link`), shown after the message

    def __post_init__(self) -> None:
        if self.status is None:
            object.__setattr__(self, "status", "correct" if self.correct else "wrong")

    @property
    def rounded(self) -> bool:
        return self.status == "rounded"

    def _repr_markdown_(self) -> str:
        colour, mark = _LOOK[self.status or "wrong"]
        note = f"\n\n{self.note}" if self.note else ""
        return f'<span style="color:{colour}"><b>{mark}:</b></span> {self.message}{note}'

    def __str__(self) -> str:
        return _PLAIN[self.status or "wrong"] + ": " + self.message + (f"  {self.note}" if self.note else "")

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
    ``example`` marks a worked example, which the course checks itself: never recorded, never in
    `progress` or a class report.  ``hidden`` is what the sandbox of a function answer is without:
    by default the exercises and their answers; a "write it yourself" exercise also hides the
    game's modules that compute the answer (`write_it_yourself`), and says so if the function
    reaches for them.
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
    example: bool = False  # a worked example (00's warm-up): never recorded as the learner's work
    hidden: Hidden = ANSWERS  # what the learner's function's sandbox is without (`write_it_yourself`)
    _record: _Record = field(default_factory=_Record, init=False, compare=False, repr=False)

    def evaluate(self, answer: Any) -> Feedback:
        """The feedback for ``answer``, as data; records the result for `progress` (and the file)."""
        feedback = self._evaluate(answer)
        record(self, "check", feedback.status)
        note = share(self, "check", feedback.status, answer)
        return dataclasses.replace(feedback, note=note) if note else feedback

    def _evaluate(self, answer: Any) -> Feedback:
        if is_placeholder(answer):
            return self._not_answered(function=type(answer) is types.FunctionType)
        feedback = _judge(self.checker, answer, self.success, self.time_limit, self.hidden)
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
        share(self, "hint", number)
        return Hint(f"Hint {number}/{count}: {self.hints[number - 1]}")

    def show_solution(self) -> Hint:
        if not solutions():
            return Hint("Solutions are turned off for this class.  `hint()` gives a hint; your "
                        "teacher can help with the rest.")
        record(self, "solution", "shown")
        share(self, "solution", "shown")
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


# --- running a checker ---------------------------------------------------------------------------

def _judge(checker: Callable[[Any], None], answer: Any, success: str, limit: float,
           hidden: Hidden = ANSWERS) -> Feedback:
    """Run ``checker`` on ``answer`` here, with any learner code in a sandbox, and turn it into feedback.

    Plain data (numbers, text, containers of them) runs no learner code, so the checker gets it as
    it is.  Anything else goes to a sandbox first: a callable is handed to the checker as a
    `SandboxedFunction`, any other object as the safe data the sandbox reads from it.
    """
    if is_plain_data(answer):
        return _feedback(checker, answer, success)
    sandbox = (Sandbox(None, payload=answer.payload, hidden=hidden) if isinstance(answer, Pickled)
               else Sandbox(answer, hidden=hidden))
    try:
        if sandbox.load()["callable"]:
            given: Any = SandboxedFunction(sandbox, limit)
        else:
            given = sandbox.read(limit)
        return _feedback(checker, given, success)
    except TypeError as err:  # the learner's object cannot be pickled: it cannot be sent
        return Feedback(False, "your answer cannot be sent to the sandbox where it is checked "
                        f"({_short(str(err))}).  Does it hold an open file, a widget or a generator?  "
                        "A function that uses only numbers, lists and the course's modules can always "
                        "be sent.", "wrong")
    except BaseException as err:  # noqa: BLE001 - loading or reading ran learner code
        return _learner_feedback(err)
    finally:
        sandbox.close()


def _feedback(checker: Callable[[Any], None], answer: Any, success: str) -> Feedback:
    try:
        checker(answer)
    except Wrong as err:
        return Feedback(False, str(err), "wrong")
    except Rounded as err:
        return Feedback(False, str(err), "rounded")
    except NotAnswered as err:
        return Feedback(False, str(err), "unanswered")
    except (LearnerCodeStopped, LearnerError, LearnerCodeError) as err:
        return _learner_feedback(err)
    except Exception as err:  # noqa: BLE001 - only our code runs here: a failure is the checker's
        return _course_error(err)
    return Feedback(True, success, "correct")


def _learner_feedback(err: BaseException) -> Feedback:
    """Feedback for what the learner's code did in its sandbox: stopped, raised, or broke it."""
    if isinstance(err, LearnerCodeStopped):
        return Feedback(False, err.message or _stopped_message(err.seconds), "stopped")
    if isinstance(err, LearnerError):
        return Feedback(False, learner_error_text("your code", err), "wrong")
    if isinstance(err, LearnerCodeError):
        return Feedback(False, f"your code could not be checked: {err}.", "wrong")
    if isinstance(err, Exception):
        return _course_error(err)
    raise err  # a KeyboardInterrupt of the person at the keyboard (not of the learner's code)


def learner_error_text(who: str, err: LearnerError) -> str:
    """"your code raised KeyError: 'oops'", with the learner's lines below it."""
    if err.type_name == "SystemExit":
        text = (f"{who} called exit() (or sys.exit()); a function that is checked must return its "
                "answer instead.")
    elif err.type_name == "RecursionError":
        text = (f"{who} called itself too deeply (RecursionError): does a recursive function miss its "
                "stopping case?")
    else:
        text = f"{who} raised {err.summary()}"
    where = err.where()
    return text + (f"\n\n```\n{where}\n```" if where else "")


def _stopped_message(seconds: float) -> str:
    return (f"your code was stopped after {seconds:g} s, the time limit of this exercise.  Does it "
            "loop forever (a move that never stops, a chain that never ends), or compute far more "
            "than needed?")


def _course_error(err: BaseException) -> Feedback:
    where = traceback.extract_tb(err.__traceback__)[-1:] if err.__traceback__ else []
    place = f" (in {os.path.basename(where[0].filename)}, line {where[0].lineno})" if where else ""
    return Feedback(False, "the checker itself failed, so this says nothing about your answer: "
                    f"{type(err).__name__}: {_short(str(err))}{place}.  This is the course's fault; "
                    "please tell your teacher.", "course_error")


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + " …"


# --- small checks a checker uses -----------------------------------------------------------------

def expect_callable(answer: Any, parameters: int, what: str) -> None:
    """Raise `Wrong` unless ``answer`` is a function taking ``parameters`` positional arguments."""
    import inspect

    if not callable(answer):
        raise Wrong(f"expected a function ({what}), got {type_name(answer)} {describe(answer)}.")
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
    except LearnerError as err:
        raise Wrong(learner_error_text(what, err)) from None


def expect_number(answer: Any, what: str) -> None:
    """Raise `Wrong` unless ``answer`` is a finite number (int, float or Fraction; not bool).

    Kept for older checkers; new ones use `answers.check_number`, which converts safely too.
    """
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


def write_it_yourself(game: str, *parts: str,
                      what: str = "this exercise asks you to write it yourself") -> Hidden:
    """What a "write it yourself" exercise's sandbox is without: the exercises' answers, and the
    game's modules that would compute the answer in one call (``parts``, e.g. ``"analysis"``,
    ``"examples"``, ``"bots"``; ``"rules"`` and ``"deck"`` where the text says "without the
    engine").  A function that reaches for one is told ``what``."""
    modules = tuple(f"goose_widgets.games.{game}.{part}" for part in parts)
    return ANSWERS + Hidden(refuse=modules, why=what)
