"""The one numeric policy (`exercises.answers`), checked across every exercise of the course.

Whatever the exercise, a whole number written as a float (3.0 for 3) is judged as the number, a
function that returns floats is judged as one that returns the exact values (a computed float is
correct, a rounded one is "rounded"), and a typed float is judged like a returned one.
"""

from __future__ import annotations

import numbers
from fractions import Fraction

import pytest

from goose_widgets.exercises import course_exercises

EXERCISES = [exercise for _, exercise in course_exercises()
             if exercise.reference is not None and not exercise.name.startswith("Write your own")]


def _floats(value):
    """``value`` with every exact number in it written as a float."""
    if isinstance(value, numbers.Rational) and not isinstance(value, bool):
        return float(value)
    if type(value) in (tuple, list):
        return type(value)(_floats(item) for item in value)
    return value


def _rounded(value):
    """``value`` with every fraction in it rounded to 3 decimals (whole numbers kept)."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return round(float(value), 3)
    if type(value) in (tuple, list):
        return type(value)(_rounded(item) for item in value)
    return value


def _has_fraction(value) -> bool:
    if isinstance(value, Fraction) and value.denominator != 1:
        return True
    return type(value) in (tuple, list) and any(_has_fraction(item) for item in value)


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_exact_values_given_as_floats_are_judged_as_the_values(exercise):
    reference = exercise.reference
    if callable(reference):
        def as_floats(*args):
            return _floats(reference(*args))

        assert exercise.check(as_floats).status == "correct"
    elif _floats(reference) != reference or type(_floats(reference)) is not type(reference):
        assert exercise.check(_floats(reference)).status == "correct", _floats(reference)
    else:
        pytest.skip("the answer holds no number")


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_a_rounded_value_is_rounded_whether_typed_or_returned(exercise):
    reference = exercise.reference
    if callable(reference):
        def rounded(*args):
            return _rounded(reference(*args))

        answer = rounded
    elif _has_fraction(reference) and not isinstance(reference, (tuple, list)):
        answer = _rounded(reference)
    else:
        pytest.skip("no fraction in the answer to round")
    status = exercise.check(answer).status
    if callable(reference) and status == "correct":
        pytest.skip("the function returns whole numbers only")
    assert status == "rounded", exercise.check(answer)
