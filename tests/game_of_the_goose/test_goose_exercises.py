"""The Goose exercises (notebooks 01 and 02): each reference answer is correct, plausible mistakes get
their message, the placeholder is "not answered yet", a rounded decimal is rounded, junk is refused."""

from __future__ import annotations

from fractions import Fraction

import pytest

from goose_widgets import load_game
from goose_widgets.games.game_of_the_goose import analysis
from goose_widgets.games.game_of_the_goose.exercises import (
    EXERCISES,
    bounce_back,
    collision_chance,
    death_in_two_rounds,
    engine_move,
    first_roll_collision,
    move_a_pawn,
    opening_collision,
    opening_square,
    openings_end,
)

from ..exercise_helpers import (
    assert_correct,
    assert_hints_and_solution,
    assert_junk_refused,
    assert_placeholder,
    assert_rounded,
    assert_wrong,
    solution_namespace,
)


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_reference_answers_pass_and_placeholders_are_not_answered_yet(exercise):
    assert_correct(exercise, exercise.reference)
    assert_placeholder(exercise)
    assert_placeholder(exercise, None)
    assert_hints_and_solution(exercise)
    assert exercise.name in exercise._repr_markdown_()


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_the_solution_shown_is_correct(exercise):
    namespace = solution_namespace(exercise, load_game=load_game)
    assert_correct(exercise, namespace.get("move", namespace.get("answer")))


def test_the_exercises_are_in_notebooks_01_and_02_in_course_order():
    assert [e.notebook for e in EXERCISES] == ["01_game_of_the_goose"] * 2 + ["02_goose_probability"] * 3


# --- notebook 01 -------------------------------------------------------------------------------
def test_the_rule_answers_come_from_the_engine():
    assert openings_end() == opening_collision.reference == (0, 26)
    assert opening_square(6, 3) == opening_square(3, 6) == 26
    assert engine_move(55, 12).positions[0] == bounce_back.reference == 47


@pytest.mark.parametrize("answer, phrase", [
    ((26, 63), "not their order"),
    ((26, 26), "never share a square"),
    ((26, 53), "Player 2 does not end on 53"),
    ((19, 26), "Player 1 does not end on 19"),
    (26, "two square numbers"),
    ((0, 26, 0), "two square numbers"),
    ((0, "26"), "whole number"),
])
def test_opening_mistakes_get_their_message(answer, phrase):
    assert_wrong(opening_collision, answer, phrase)


def test_the_openings_accept_a_list():
    assert_correct(opening_collision, [0, 26])


@pytest.mark.parametrize("answer, phrase", [
    (59, "it is a goose"),
    (67, "there is no square 67"),
    (55, "keeps going backwards"),
    (51, "is not the square"),
])
def test_bounce_mistakes_get_their_message(answer, phrase):
    assert_wrong(bounce_back, answer, phrase)


def test_square_answers_refuse_junk_and_accept_a_whole_float():
    assert_junk_refused(bounce_back)
    assert_correct(bounce_back, float(bounce_back.reference))      # 47.0 is written exactly
    assert_junk_refused(opening_collision)


# --- notebook 02 -------------------------------------------------------------------------------
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


class Liar(int):
    """An int whose comparisons always say "equal": it must not pass the checker."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


@pytest.mark.parametrize("answer, message", [
    (forgets_geese, "move(0, 5) returned 5, but the pawn ends on 10. The engine's move log says: "
                    "Player 1 rolled 4+1: from 0 to 5; landed on 5 (goose): moves 5 more to 10."),
    (one_goose_only, "a goose: 9 more to 27"),
    (geese_forward_after_overshoot, "8 more backwards to 51"),
    (lambda square, roll: str(square + roll), "return a square number"),
    (lambda square, roll: 1 / 0, "raised ZeroDivisionError"),
    (lambda square: square, "must take 2 argument"),
    (lambda square, roll: Liar(0), "move(0, 2) returned 0, but the pawn ends on 2"),
    (42, "expected a function"),
])
def test_wrong_moves_get_a_helpful_message(answer, message):
    assert_wrong(move_a_pawn, answer, message)


def test_a_move_function_that_loops_forever_is_stopped():
    import dataclasses

    def endless(square, roll):
        while True:
            try:
                pass
            except:  # noqa: E722 - the learner's bare except
                pass

    quick = dataclasses.replace(move_a_pawn, time_limit=2)
    feedback = quick.evaluate(endless)
    assert feedback.status == "stopped" and "stopped after 2 s" in feedback.message


@pytest.mark.parametrize("answer, message", [
    (Fraction(1, 36) * Fraction(4, 36), "Both 4+5 and 5+4"),
    (Fraction(2, 36) * Fraction(2, 36), "four pairs"),
    (Fraction(4, 36) * Fraction(4, 36), "6+3 goes to 26"),
    (Fraction(1, 100), "is not the chance of landing on Death in two rounds"),
    (2, "between 0 and 1"),
    ("1/162", "expected a number"),
])
def test_wrong_death_chances_get_a_helpful_message(answer, message):
    assert_wrong(death_in_two_rounds, answer, message)


@pytest.mark.parametrize("answer, message", [
    (Fraction(146, 36 * 36), "both dice totals are equal"),
    (Fraction(1, 10), "not equally likely"),
    (-0.5, "between 0 and 1"),
    ([Fraction(1, 2)], "expected a number"),
])
def test_wrong_collision_chances_get_a_helpful_message(answer, message):
    assert_wrong(first_roll_collision, answer, message)


@pytest.mark.parametrize("exercise", [death_in_two_rounds, first_roll_collision], ids=lambda e: e.name)
def test_probabilities_rounded_are_rounded_and_junk_is_refused(exercise):
    assert_rounded(exercise, exercise.reference, 5)   # 0.00617, as notebook 02 prints it
    assert_rounded(exercise, exercise.reference, 4)
    assert exercise.evaluate(float(exercise.reference)).status == "rounded"  # a computed float
    assert_junk_refused(exercise)


def test_the_two_routes_to_the_collision_chance_agree():
    squares = analysis.first_roll_squares()
    assert collision_chance() == sum(p * p for p in squares.values()) == first_roll_collision.reference
