"""The Goose exercises (notebooks 01 and 02): each reference answer is correct, plausible mistakes get
their message, the placeholder is "not answered yet", a rounded decimal is rounded, junk is refused."""

from __future__ import annotations

from fractions import Fraction

import pytest

from goose_widgets import load_game
from goose_widgets.games.game_of_the_goose import analysis
from goose_widgets.games.game_of_the_goose.exercises import (
    EXERCISES,
    beyond_the_well,
    bounce_back,
    collision_chance,
    engine_move,
    far_chance,
    move_a_pawn,
    opening_collision,
    opening_square,
    openings_end,
    squares_after_rounds,
    three_pawn_collision,
    totals_that_set_back,
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
    namespace = solution_namespace(exercise, load_game=load_game, analysis=analysis)
    assert_correct(exercise, namespace.get("move", namespace.get("answer")))


def test_the_exercises_are_in_notebooks_01_and_02_in_course_order():
    assert [e.notebook for e in EXERCISES] == ["01_game_of_the_goose"] * 2 + ["02_goose_probability"] * 3


# --- notebook 01 -------------------------------------------------------------------------------
def test_the_rule_answers_come_from_the_engine():
    assert openings_end() == opening_collision.reference == (0, 26)
    assert opening_square(6, 3) == opening_square(3, 6) == 26
    assert totals_that_set_back() == bounce_back.reference == {3, 12}
    assert engine_move(55, 3).positions[0] == 0 and engine_move(55, 12).positions[0] == 47
    assert totals_that_set_back(60) == {7, 8, 9, 10, 11, 12}  # 7: 59, a goose; 8: Death; 12: the Maze


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
    ({12}, "a square short of 63 sends the pawn a long way back (G8)"),
    ({3}, "a bounce can land on a goose"),
    (set(), "2 more totals set the pawn back"),
    ({3, 12, 9}, "a total of 9 does not leave the pawn lower than 55: Player 1 rolled 6+3: 55 + 9 "
                 "overshoots 63: back to 62."),
    ({3, 4, 12}, "a total of 4 does not leave"),
    ({1, 3, 12}, "[1] cannot be thrown"),
    (12, "a set of dice totals"),
    ("3, 12", "a set of dice totals"),
    ({3: 0, 12: 0}, "a set of dice totals"),
    ({3, "12"}, "whole number"),
])
def test_bounce_mistakes_get_their_message(answer, phrase):
    assert_wrong(bounce_back, answer, phrase)


def test_totals_may_come_as_a_list_or_with_whole_floats():
    assert_correct(bounce_back, [12, 3])
    assert_correct(bounce_back, (3.0, 12))


def test_answers_refuse_junk():
    assert_junk_refused(bounce_back)
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


def test_the_chances_after_two_rounds_come_from_the_engine():
    after = squares_after_rounds(2)
    assert sum(after.values()) == 1
    assert squares_after_rounds(1) == analysis.first_roll_squares()
    assert after[0] == analysis.landing_chance(58, 2) == Fraction(1, 162)  # only Death leads home
    assert beyond_the_well.reference == far_chance() == Fraction(23, 216)


@pytest.mark.parametrize("answer, message", [
    (1 - Fraction(23, 216), "BELOW 31"),
    (Fraction(22, 216), "already reached 63"),
    (Fraction(23, 216) - Fraction(1, 162), "held in the Well"),
    (Fraction(1, 100), "is not the chance of standing on 31 or beyond after two rounds"),
    (2, "between 0 and 1"),
    ("23/216", "expected a number"),
])
def test_wrong_far_chances_get_a_helpful_message(answer, message):
    assert_wrong(beyond_the_well, answer, message)


@pytest.mark.parametrize("answer, message", [
    (Fraction(43, 162), "Player 1 is already back on 0"),
    (Fraction(43, 324), "Player 3 can hit Player 1's square or Player 2's"),
    (Fraction(43, 162) - Fraction(43, 324) ** 2, "add up"),
    (Fraction(1, 10), "is not the chance that Player 3 sends a pawn back"),
    (-0.5, "between 0 and 1"),
    ([Fraction(1, 2)], "expected a number"),
])
def test_wrong_collision_chances_get_a_helpful_message(answer, message):
    assert_wrong(three_pawn_collision, answer, message)


@pytest.mark.parametrize("exercise", [beyond_the_well, three_pawn_collision], ids=lambda e: e.name)
def test_probabilities_rounded_are_rounded_and_junk_is_refused(exercise):
    assert_rounded(exercise, exercise.reference, 5)
    assert_rounded(exercise, exercise.reference, 4)
    assert exercise.evaluate(float(exercise.reference)).status == "rounded"  # a computed float
    assert_junk_refused(exercise)


def test_the_engine_and_the_solutions_formula_agree_on_the_collision():
    """46,656 paths of three first rolls through the engine against 2·ΣP(x)² − ΣP(x)³."""
    assert collision_chance() == three_pawn_collision.reference == Fraction(119, 486)
