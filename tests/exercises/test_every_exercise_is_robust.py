"""Every exercise of the course, fuzzed with placeholders and junk (issue 8 §2, issue 10 §7).

Its reference answer is correct; a placeholder is "not answered yet"; junk (NaN, infinities, huge
numbers, bools, text, an int subclass whose comparisons lie, functions that return such values or
raise) is never correct and never blamed on the checker.
"""

from __future__ import annotations

import sys

import pytest

from goose_widgets.exercises import Exercise, course_exercises


def checked_object(exercise):
    """What the learner calls ``check`` on: the exercise, or a wrapper of it (a bot capstone)."""
    for name, module in list(sys.modules.items()):
        if name.startswith("goose_widgets.") and name.endswith("exercises"):
            for value in vars(module).values():
                if getattr(value, "exercise", None) is exercise and callable(getattr(value, "check", None)):
                    return value
    return exercise


EXERCISES = [checked_object(exercise) for _, exercise in course_exercises()]
IDS = [exercise.name for exercise in EXERCISES]


class LyingInt(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


def raises(*args):
    return 1 / 0


JUNK = [float("nan"), float("inf"), float("-inf"), 10**5000, -(10**5000), True, "1/2", 1j, object(),
        LyingInt(0), [], raises]
JUNK_IDS = ["nan", "inf", "-inf", "10**5000", "-10**5000", "True", "str", "complex", "object",
            "lying-int", "list", "raises"]
RETURNING = {name: value for name, value in zip(JUNK_IDS, JUNK, strict=True) if not callable(value)}


@pytest.mark.parametrize("exercise", EXERCISES, ids=IDS)
def test_the_reference_answer_is_correct(exercise):
    if not isinstance(exercise, Exercise):
        pytest.skip("a wrapper (a bot capstone plays a whole tournament): its own tests check it")
    if exercise.reference is None:
        pytest.skip("no reference answer")
    assert exercise.check(exercise.reference).status == "correct"


@pytest.mark.parametrize("exercise", EXERCISES, ids=IDS)
def test_a_placeholder_is_not_answered_yet(exercise):
    for placeholder in (..., None):
        feedback = exercise.check(placeholder)
        assert getattr(feedback, "feedback", feedback).status == "unanswered"


@pytest.mark.parametrize("junk", JUNK, ids=JUNK_IDS)
@pytest.mark.parametrize("exercise", EXERCISES, ids=IDS)
def test_junk_is_never_correct_and_never_the_checkers_fault(exercise, junk):
    feedback = exercise.check(junk)
    assert getattr(feedback, "feedback", feedback).status == "wrong", feedback


@pytest.mark.parametrize("exercise", EXERCISES, ids=IDS)
def test_a_function_returning_junk_is_never_correct_nor_the_checkers_fault(exercise):
    for name, value in RETURNING.items():
        feedback = exercise.check(lambda *args, value=value: value)
        assert getattr(feedback, "feedback", feedback).status == "wrong", (name, feedback)
