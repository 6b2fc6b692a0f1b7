"""What every exercise test asks (issue 8): the reference is correct, a plausible mistake gets its
message, the placeholder is "not answered yet", a rounded decimal is "rounded" (not wrong), junk is
clearly refused; and for a bot capstone, that a good bot passes, a bad one does not, and a broken one
is named by its seat."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

JUNK = (float("nan"), float("inf"), -float("inf"), True, "1/2", 1 + 2j, 10**5000, [Fraction(1, 2)])


def feedback_of(exercise: Any, answer: Any) -> Any:
    return exercise.evaluate(answer)


def assert_correct(exercise: Any, answer: Any) -> None:
    feedback = exercise.evaluate(answer)
    assert feedback.correct and feedback.status == "correct", feedback.message


def assert_wrong(exercise: Any, answer: Any, *phrases: str) -> None:
    feedback = exercise.evaluate(answer)
    assert not feedback.correct and feedback.status == "wrong", feedback
    for phrase in phrases:
        assert phrase in feedback.message, feedback.message


def assert_placeholder(exercise: Any, placeholder: Any = ...) -> None:
    feedback = exercise.evaluate(placeholder)
    assert not feedback.correct and feedback.status == "unanswered", feedback
    assert "hint()" in feedback.message and "show_solution()" in feedback.message
    assert exercise.expects and exercise.expects in feedback.message  # it says what to write


def assert_rounded(exercise: Any, exact: Fraction, digits: int = 4) -> None:
    """A decimal of the exact answer, rounded as a learner would type it, is rounded, not wrong."""
    typed = round(float(exact), digits)
    feedback = exercise.evaluate(typed)
    assert not feedback.correct and feedback.status == "rounded", (typed, feedback)
    assert "exact" in feedback.message


def assert_junk_refused(exercise: Any, answers: tuple[Any, ...] = JUNK) -> None:
    for answer in answers:
        feedback = exercise.evaluate(answer)
        assert not feedback.correct and feedback.status == "wrong", (answer, feedback)
        assert len(feedback.message) < 400, feedback.message  # a clear message, never 5000 digits


def assert_hints_and_solution(exercise: Any) -> None:
    assert len(exercise.hints) >= 2
    assert exercise.hint(1).text.startswith("Hint 1/")
    assert "try hint(1)" in exercise.hint(len(exercise.hints) + 1).text  # friendly, not a traceback
    assert "```python" in exercise.show_solution().text
    assert exercise.notebook[:2].isdigit(), exercise.notebook


def solution_namespace(exercise: Any, **names: Any) -> dict[str, Any]:
    """Run an exercise's solution text as a learner would paste it (with the notebook's imports)."""
    namespace: dict[str, Any] = {"Fraction": Fraction, **names}
    exec(exercise.solution, namespace)
    return namespace


def with_time_limit(capstone: Any, seconds: float) -> Any:
    return dataclasses.replace(capstone, exercise=dataclasses.replace(capstone.exercise, time_limit=seconds))


def assert_capstone(capstone: Any, reference_bot: Any, second_seat: str) -> Any:
    """The reference bot passes and beats the random bot convincingly; a broken bot is named by its
    seat as the board names it; a placeholder is not answered; a bot that never answers is stopped.
    (The games are seeded here: a check draws a secret seed of its own.)"""
    capstone = dataclasses.replace(capstone, seed=1)
    report = capstone.check(reference_bot)
    assert report.correct and report.status == "correct", report
    random_row = next(s for s in report.standings if s.opponent == "random")
    assert random_row.win_low > 0.5 and random_row.decided == "cleared"
    assert [s.opponent for s in report.standings] == list(capstone.rivals())
    assert all(s.decided == "cleared" for s in report.standings if s.role.startswith("the verdict"))
    assert "random" in report.table() and "99% interval" in report.table()

    def illegal_in_the_second_seat(observation, legal_actions):
        return legal_actions[0] if observation.seat == 0 else "a move no game has"

    broken = capstone.check(illegal_in_the_second_seat)
    assert broken.status == "wrong" and f"playing {second_seat}" in broken.message, broken
    assert "not a legal action" in broken.message

    def raises(observation, legal_actions):
        raise KeyError("oops")

    class EqualToAnything:
        def __eq__(self, other):
            return True

        __hash__ = object.__hash__

    liar = capstone.check(lambda observation, legal_actions: EqualToAnything())
    assert liar.status == "wrong" and "not a legal action" in liar.message, liar

    failing = capstone.check(raises)
    assert failing.status == "wrong" and "raised KeyError" in failing.message, failing

    def hangs(observation, legal_actions):
        while True:
            try:
                pass
            except:  # noqa: E722 - the learner's bare except that swallows a timer
                pass

    assert with_time_limit(capstone, 2).check(hangs).status == "stopped"
    assert_placeholder(capstone.exercise)
    assert capstone.check(...).status == "unanswered"
    assert capstone.check(42).status == "wrong" and "expected a function" in capstone.check(42).message
    return report
