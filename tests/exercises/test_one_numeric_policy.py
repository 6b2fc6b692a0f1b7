"""The one numeric policy (`exercises.answers`), checked across every exercise of the course.

Whatever the exercise, and whether the learner types the number or a function returns it: a whole
number written as a float (3.0 for 3) is judged as the number, and a fraction given as a float
(Python's ``1/162``, or ``0.006`` typed) is "right but rounded", never correct and never wrong.
"""

from __future__ import annotations

import numbers
from fractions import Fraction

import pytest

from goose_widgets.exercises import course_exercises

EXERCISES = [exercise for _, exercise in course_exercises()
             if exercise.reference is not None and not exercise.name.startswith("Write your own")]


def _whole_as_floats(value):
    """``value`` with every whole number in it written as a float (3 -> 3.0)."""
    if isinstance(value, numbers.Rational) and not isinstance(value, bool) and value == int(value):
        return float(value)
    if type(value) in (tuple, list):
        return type(value)(_whole_as_floats(item) for item in value)
    return value


def _as_float(value, digits):
    """A fraction (not a whole number) as a float: computed (``digits`` None) or rounded."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return float(value) if digits is None else round(float(value), digits)
    return value


def _holds(value, test) -> bool:
    return test(value) or (type(value) in (tuple, list) and any(_holds(item, test) for item in value))


def _whole(value) -> bool:
    return isinstance(value, numbers.Rational) and not isinstance(value, bool) and value == int(value)


def _fraction(value) -> bool:
    return isinstance(value, Fraction) and value.denominator != 1


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_a_whole_number_written_as_a_float_is_the_number(exercise):
    reference = exercise.reference
    if callable(reference):
        def returns_floats(*args):
            return _whole_as_floats(reference(*args))

        assert exercise.check(returns_floats).status == "correct"
    elif _holds(reference, _whole):
        assert exercise.check(_whole_as_floats(reference)).status == "correct", _whole_as_floats(reference)
    else:
        pytest.skip("the answer holds no whole number")


@pytest.mark.parametrize("digits", [None, 3], ids=["computed", "typed"])
@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_a_fraction_as_a_float_is_rounded_whether_typed_or_returned(exercise, digits):
    reference = exercise.reference
    if callable(reference):
        def returns_a_float(*args):
            return _as_float(reference(*args), digits)

        status = exercise.check(returns_a_float).status
        if status == "correct":
            pytest.skip("the function returns whole numbers only")
    elif _fraction(reference):
        status = exercise.check(_as_float(reference, digits)).status
    else:
        pytest.skip("no fraction in the answer")
    assert status == "rounded"
