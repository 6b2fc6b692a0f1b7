"""Sneaky Goose exercises (notebooks 05 and 06) and its bot capstone: references pass, plausible
mistakes get their message, placeholders are "not answered yet", rounded decimals are rounded, junk is
refused, and the capstone judges a bot by mean score and wins (lower scores win)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from goose_widgets import load_game
from goose_widgets.games.sneaky_goose import analysis as A
from goose_widgets.games.sneaky_goose.deck import DECK
from goose_widgets.games.sneaky_goose.exercises import (
    EXERCISES,
    first_card_chance,
    first_card_sneaky,
    fresh_card_value,
    honk_bonus,
    honk_break_even,
    honk_round_score,
    honk_score,
    low_grid_chance,
    reference_answer,
    slam_on_upcard,
    value_after_seeing,
    write_a_bot,
)

from ..exercise_helpers import (
    assert_capstone,
    assert_correct,
    assert_hints_and_solution,
    assert_junk_refused,
    assert_placeholder,
    assert_rounded,
    assert_wrong,
    solution_namespace,
)

ANSWERS = [e for e in EXERCISES if e is not write_a_bot.exercise]
NUMBERS = [first_card_sneaky, fresh_card_value, low_grid_chance, slam_on_upcard]


@pytest.mark.parametrize("exercise", ANSWERS, ids=lambda e: e.name)
def test_reference_answers_pass_and_placeholders_are_not_answered_yet(exercise):
    assert_correct(exercise, reference_answer(exercise))
    assert_placeholder(exercise)
    assert_hints_and_solution(exercise)


@pytest.mark.parametrize("exercise", ANSWERS, ids=lambda e: e.name)
def test_the_solution_shown_is_correct(exercise):
    namespace = solution_namespace(exercise, load_game=load_game, DECK=DECK, analysis=A)
    assert_correct(exercise, namespace.get("expected_unseen", namespace.get("answer")))


def test_the_exercises_are_in_notebooks_05_and_06_in_course_order():
    assert [e.notebook[:2] for e in EXERCISES] == ["05"] * 2 + ["06"] * 6


@pytest.mark.parametrize("exercise", NUMBERS, ids=lambda e: e.name)
def test_numbers_rounded_are_rounded_and_junk_is_refused(exercise):
    assert_rounded(exercise, reference_answer(exercise), 4)   # 0.0306, as notebook 06 prints it
    assert_rounded(exercise, reference_answer(exercise), 3)
    assert_junk_refused(exercise)


def test_the_honk_answer_is_whole_and_refuses_junk():
    assert honk_round_score() == honk_score.reference == 3
    assert_correct(honk_score, 3.0)
    assert_junk_refused(honk_score)


def test_the_honk_break_even_is_where_the_expected_bonus_turns_positive():
    assert honk_bonus(25) < 0 < honk_bonus(26) and honk_break_even.reference == 25
    assert_correct(honk_break_even, 25.0)
    assert_junk_refused(honk_break_even)


def test_the_rule_answers_come_from_the_engine():
    assert first_card_chance() == Fraction(sum(t.copies for t in DECK if t.name == "Sneaky Goose"), 54)


def _slip_by_row():
    by_row = Counter()
    for t in DECK:
        by_row[t.label] += t.copies
    return sum(Fraction(c, 54) * (1 - Fraction(comb(54 - c, 2), comb(53, 2))) for c in by_row.values())


WRONG = [
    (first_card_sneaky, Fraction(2, 54), "two rows"),
    (first_card_sneaky, Fraction(2, 15), "weigh each by its copies"),
    (honk_score, -2, "strictly lowest"),
    (honk_score, 18, "not among the lowest"),
    (honk_score, 8, "tie for lowest"),
    (honk_score, 5, "Add up Player 1's four cards"),
    (fresh_card_value, 6, "average of the 15 card *types*"),
    (fresh_card_value, 7.5, "copies"),
    (fresh_card_value, "six", "expected a number"),
    (value_after_seeing, lambda seen: Fraction(56, 9), "take the seen cards out"),
    (value_after_seeing, lambda seen: Fraction(336 - sum(seen), 54), "from the count"),
    (value_after_seeing, lambda seen: seen[0], "raised IndexError"),
    (value_after_seeing, 6, "expected a function"),
    (low_grid_chance, Fraction(1, 30), "without replacement"),
    (low_grid_chance, 1.5, "between 0 and 1"),
    (low_grid_chance, sum((p for s, p in A.fresh_grid_distribution().items() if s < 10), Fraction(0)),
     "less than"),
    (slam_on_upcard, Fraction(1, 9), "three cards"),
    (honk_break_even, 26, "+0.83: positive"),
    (honk_break_even, 24, "mean"),
    (honk_break_even, 20, "last T where it is negative"),
    (slam_on_upcard, _slip_by_row(), "one type"),
]


@pytest.mark.parametrize("exercise, answer, phrase", WRONG, ids=lambda v: getattr(v, "name", None))
def test_plausible_mistakes_get_their_message(exercise, answer, phrase):
    assert_wrong(exercise, answer, phrase)


# --- the capstone --------------------------------------------------------------------------------
def test_the_capstone_reference_bot_beats_random_and_broken_bots_are_named_by_seat():
    report = assert_capstone(write_a_bot, write_a_bot.exercise.reference, "Player 2")
    print(report)
    mine = {s.opponent: s for s in report.standings}
    assert mine["random"].score_high < mine["random"].opponent_score  # lower scores win
    figure = report.figure()  # the plot a notebook shows: win rates and mean scores, lower is better
    titles = [axes.get_title() for axes in figure.axes]
    assert titles == ["How often your bot wins", "Mean score (lower is better)"]
    assert [t.get_text() for t in figure.axes[0].get_xticklabels()] == [s.opponent for s in report.standings]
