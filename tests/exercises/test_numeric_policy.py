"""One numeric policy for every exercise (`exercises.answers`): exact is correct, rounded (typed or
computed) is not wrong, junk is never correct; typed or returned by a function, judged the same."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from goose_widgets.exercises import (
    Exercise,
    Rounded,
    Wrong,
    as_int,
    as_number,
    check_number,
    check_probability,
    describe,
)

DEATH = Fraction(1, 162)  # 0.0061728...
HALF_THE_WAYS = Fraction(1, 324)


def death_checker(answer):
    check_probability(answer, DEATH, what="the chance of Death in two rounds",
                      mistakes={HALF_THE_WAYS: "you found half the ways: count ordered pairs."},
                      otherwise="Enumerate the dice pairs.")


death = Exercise("Death", "Give the chance.", death_checker, ("h",), "s", expects="a `Fraction`")


@pytest.mark.parametrize("answer", [Fraction(1, 162), Fraction(5, 810), Fraction(np.int64(2), np.int64(324))])
def test_the_exact_value_is_correct(answer):
    assert death.check(answer).status == "correct"


@pytest.mark.parametrize("answer", [0.25, Decimal("0.25"), Fraction(1, 4), 0.250])
def test_a_decimal_written_exactly_is_the_exact_value(answer):
    assert Exercise("Q", "p", lambda a: check_number(a, Fraction(1, 4), what="a quarter"), (), "s") \
        .check(answer).correct


@pytest.mark.parametrize("answer", [0.00617, 0.0062, 0.006, 0.006173, 0.0061728, 0.006172, 1 / 162, 2 / 324,
                                    np.float64(1 / 162), np.float32(1 / 162), np.float32(0.00617),
                                    Decimal("0.00617")])
def test_a_right_rounded_decimal_is_rounded_never_wrong(answer):
    feedback = death.check(answer)
    assert feedback.status == "rounded" and feedback.rounded and not feedback.correct
    assert "rounded" in feedback.message and "exact value" in feedback.message
    assert "Right, but rounded" in str(feedback) and "≈" in feedback._repr_markdown_()


def test_a_whole_number_may_be_written_as_a_float_and_only_an_equal_one():
    assert as_int(7.0, "the square") == 7 and type(as_int(7.0, "the square")) is int
    assert as_int(np.float64(7.0), "the square") == 7 and as_int(Fraction(14, 2), "the square") == 7
    check_number(3.0, 3, what="three")
    for bad in (7.5, 6.99, True, "7", None, float("nan")):
        with pytest.raises(Wrong, match="the square"):
            as_int(bad, "the square")


@pytest.mark.parametrize("answer", [HALF_THE_WAYS, 0.003086, 0.0031, 1 / 324])
def test_a_known_mistake_is_diagnosed_exactly_or_rounded(answer):
    feedback = death.check(answer)
    assert feedback.status == "wrong" and feedback.message == "you found half the ways: count ordered pairs."


@pytest.mark.parametrize("answer, message", [
    (Fraction(1, 100), "1/100 is not the chance of Death in two rounds.  Enumerate the dice pairs."),
    (0.00616, "0.00616 is not the chance"),
    (0.00618, "0.00618 is not the chance"),  # neither the rounding nor the cut-off of 0.0061728
    (0.0032, "0.0032 is not the chance"),  # near the mistake, but not a rounding of it
    (0.0, "0.0 is not the chance"),  # zero is nobody's rounding
    (0, "0 is not the chance"),
    (2, "a probability lies between 0 and 1; 2 does not."),
    (-0.5, "a probability lies between 0 and 1"),
])
def test_a_wrong_answer_without_a_known_mistake_gets_the_plain_message(answer, message):
    feedback = death.check(answer)
    assert feedback.status == "wrong" and message in feedback.message


class LyingInt(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class LyingFloat(float):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = float.__hash__


@pytest.mark.parametrize("answer, says", [
    (float("nan"), "NaN"), (float("inf"), "infinite"), (float("-inf"), "infinite"),
    (np.float64("nan"), "NaN"), (Decimal("NaN"), "finite"), (Decimal("Infinity"), "finite"),
    (True, "bool"), (np.bool_(True), "bool"), ("0.00617", "text"), ("1/162", "text"),
    (1 + 0j, "complex"), (np.array([0.1]), "array"), ([0.1], "list"), (object(), "object"),
])
def test_junk_gets_a_clear_message_and_is_never_correct(answer, says):
    feedback = death.check(answer)
    assert feedback.status == "wrong" and "expected a number for the chance" in feedback.message
    assert says in feedback.message


def test_huge_numbers_are_wrong_and_never_printed_in_full():
    for answer in (10**5000, -(10**5000), Fraction(1, 10**5000), Fraction(10**5000 + 1, 10**5000)):
        feedback = death.check(answer)
        assert feedback.status == "wrong" and len(feedback.message) < 300


def test_int_and_float_subclasses_that_lie_do_not_pass():
    assert death.check(LyingInt(0)).status == "wrong"
    assert death.check(LyingFloat(0.5)).status == "wrong"
    assert as_int(LyingInt(3), "x") == 3 and type(as_int(LyingInt(3), "x")) is int
    with pytest.raises(Wrong):
        check_number(LyingInt(3), 5, what="five")
    check_number(LyingInt(5), 5, what="five")  # its value is right


def test_as_int_and_as_number_convert_to_plain_values():
    assert type(as_int(np.int64(7), "the square")) is int
    for bad in (True, 7.5, "7", None):
        with pytest.raises(Wrong, match="the square"):
            as_int(bad, "the square")
    assert as_number(np.int64(3), "x") == Fraction(3) and type(as_number(np.int64(3), "x")) is Fraction
    assert type(as_number(np.float64(0.5), "x")) is float
    assert describe(10**5000) == "a number with about 5001 digits"


@given(st.fractions(min_value=-10**6, max_value=10**6, max_denominator=10**6),
       st.integers(min_value=1, max_value=12))
def test_any_correct_rounding_is_rounded_and_any_exact_value_correct(value, decimals):
    check_number(value, value, what="it")
    rounded = round(value, decimals)
    if rounded == value:
        return
    typed = float(f"{float(rounded):.{decimals}f}")
    if typed == 0:
        return
    with pytest.raises(Rounded):
        check_number(typed, value, what="it")


@given(st.one_of(st.floats(), st.integers(), st.text(max_size=5), st.booleans(), st.complex_numbers(),
                 st.none(), st.decimals()))
def test_no_input_crashes_the_policy_or_passes_by_accident(answer):
    feedback = death.check(answer)
    assert feedback.status in ("wrong", "rounded", "unanswered")


@pytest.mark.parametrize("answer, expected", [(3.66e15, 6**20), (3.656e15, 6**20), (1e20, 10**20 + 3)])
def test_a_large_number_in_scientific_notation_is_rounded_to_its_last_digit(answer, expected):
    with pytest.raises(Rounded):
        check_number(answer, expected, what="the number of sequences")
    with pytest.raises(Wrong):
        check_number(answer * 1.1, expected, what="the number of sequences")
