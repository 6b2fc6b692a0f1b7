"""The Goose exercises: the reference passes, plausible mistakes fail with a helpful message,
wrong argument types are named."""

from __future__ import annotations

from fractions import Fraction

import pytest

from goose_widgets.games.game_of_the_goose import analysis
from goose_widgets.games.game_of_the_goose.exercises import (
    EXERCISES,
    collision_chance,
    death_in_two_rounds,
    first_roll_collision,
    move_a_pawn,
)


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_reference_answers_pass(exercise):
    feedback = exercise.check(exercise.reference)
    assert feedback.correct, feedback.message


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_hints_and_solution_render(exercise):
    assert len(exercise.hints) >= 2
    assert exercise.hint(1)._repr_markdown_().startswith("Hint 1/")
    assert "```python" in exercise.show_solution()._repr_markdown_()
    assert exercise.name in exercise._repr_markdown_()


def test_the_reference_move_is_the_solution_shown():
    namespace = {}
    exec(move_a_pawn.solution, namespace)
    assert move_a_pawn.check(namespace["move"]).correct


def forgets_geese(square, roll):
    square += roll
    if square > 63:
        square = 126 - square
    return {6: 12, 42: 30, 58: 0}.get(square, square)


def one_goose_only(square, roll):
    square += roll
    if square in {5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59}:
        square += roll
    if square > 63:
        square = 126 - square
    return {6: 12, 42: 30, 58: 0}.get(square, square)


def geese_forward_after_overshoot(square, roll):
    for _ in range(20):  # going forwards after a bounce can loop for ever (59 + 8 -> 59 -> ...)
        square += roll
        if square > 63:
            square = 126 - square
        square = {6: 12, 42: 30, 58: 0}.get(square, square)
        if square not in {5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59}:
            return square
    return square


@pytest.mark.parametrize("answer, message", [
    (forgets_geese, "move(0, 5) returned 5, but the pawn ends on 10. The engine's move log says: "
                    "Player 1 rolled 4+1: from 0 to 5; landed on 5 (goose): moves 5 more to 10."),
    (one_goose_only, "a goose: 9 more to 27"),
    (geese_forward_after_overshoot, "8 more backwards to 51"),
    (lambda square, roll: str(square + roll), "return a square number"),
    (lambda square, roll: 1 / 0, "raised ZeroDivisionError"),
    (lambda square: square, "must take 2 argument"),
    (42, "expected a function"),
])
def test_wrong_moves_get_a_helpful_message(answer, message):
    feedback = move_a_pawn.check(answer)
    assert not feedback.correct and message in feedback.message, feedback.message


@pytest.mark.parametrize("answer, message", [
    (Fraction(1, 36) * Fraction(4, 36), "Both 4+5 and 5+4"),
    (Fraction(2, 36) * Fraction(2, 36), "four pairs"),
    (Fraction(4, 36) * Fraction(4, 36), "6+3 goes to 26"),
    (Fraction(1, 100), "is not it"),
    (2, "between 0 and 1"),
    ("1/162", "expected a number"),
    (None, "expected a number"),
])
def test_wrong_death_chances_get_a_helpful_message(answer, message):
    feedback = death_in_two_rounds.check(answer)
    assert not feedback.correct and message in feedback.message, feedback.message


def test_a_float_close_enough_is_accepted():
    assert death_in_two_rounds.check(1 / 162).correct
    assert first_roll_collision.check(float(first_roll_collision.reference)).correct


@pytest.mark.parametrize("answer, message", [
    (Fraction(146, 36 * 36), "both dice totals are equal"),
    (Fraction(1, 10), "not equally likely"),
    (-0.5, "between 0 and 1"),
    ([Fraction(1, 2)], "expected a number"),
])
def test_wrong_collision_chances_get_a_helpful_message(answer, message):
    feedback = first_roll_collision.check(answer)
    assert not feedback.correct and message in feedback.message, feedback.message


def test_the_two_routes_to_the_collision_chance_agree():
    squares = analysis.first_roll_squares()
    assert collision_chance() == sum(p * p for p in squares.values()) == first_roll_collision.reference
