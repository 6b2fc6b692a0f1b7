"""The warm-up exercise: the reference passes, plausible mistakes fail with a helpful message."""

from fractions import Fraction

import pytest

from goose_widgets.exercises.warmup import nine_with_two_dice as exercise


def test_reference_answer_passes():
    assert exercise.check(exercise.reference).correct
    assert exercise.check(Fraction(4, 36)).correct


@pytest.mark.parametrize("answer", [4 / 36, 0.111, 0.1111])
def test_a_rounded_decimal_is_right_but_rounded_not_wrong(answer):
    feedback = exercise.check(answer)
    assert feedback.status == "rounded" and not feedback.correct and "exact" in feedback.message


@pytest.mark.parametrize("answer, message", [
    (Fraction(2, 36), "two different rolls"),
    (Fraction(5, 36), "ordered pairs"),
    (0.0556, "two different rolls"),
    (4, "between 0 and 1"),
    ("1/9", "expected a number"),
    (True, "expected a number"),
])
def test_wrong_answers_get_a_helpful_message(answer, message):
    feedback = exercise.check(answer)
    assert not feedback.correct and message in feedback.message


def test_hints_and_solution_render():
    assert "36" in exercise.hint(2)._repr_markdown_()
    assert "Fraction" in exercise.show_solution()._repr_markdown_()
    assert "try hint(1) to hint(2)" in exercise.hint(3)._repr_markdown_()
