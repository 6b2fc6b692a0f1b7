"""Sneaky Goose exercises (notebooks 05 and 06) and its bot capstone: references pass, plausible
mistakes get their message, placeholders are "not answered yet", rounded decimals are rounded, junk is
refused, and the capstone judges a bot by mean score and wins (lower scores win)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from goose_widgets import load_game
from goose_widgets.games.sneaky_goose import analysis as A
from goose_widgets.games.sneaky_goose.deck import DECK
from goose_widgets.games.sneaky_goose.exercises import (
    EXERCISES,
    GRID_CASES,
    VALUE_CASES,
    bottom_row_pair,
    higher_bottom_card,
    honk_bonus,
    honk_break_even,
    honk_round_score,
    honk_score,
    low_grid_chance,
    pair_chance,
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
NUMBERS = [bottom_row_pair, higher_bottom_card, slam_on_upcard]


@pytest.mark.parametrize("exercise", ANSWERS, ids=lambda e: e.name)
def test_reference_answers_pass_and_placeholders_are_not_answered_yet(exercise):
    assert_correct(exercise, reference_answer(exercise))
    assert_placeholder(exercise)
    assert_hints_and_solution(exercise)


@pytest.mark.parametrize("exercise", ANSWERS, ids=lambda e: e.name)
def test_the_solution_shown_is_correct(exercise):
    namespace = solution_namespace(exercise, load_game=load_game, DECK=DECK, analysis=A)
    found = [namespace[name] for name in ("expected_unseen", "low_grid", "answer") if name in namespace]
    assert_correct(exercise, found[0])


def test_the_exercises_are_in_notebooks_05_and_06_in_course_order():
    assert [e.notebook[:2] for e in EXERCISES] == ["05"] * 2 + ["06"] * 6


@pytest.mark.parametrize("exercise", NUMBERS, ids=lambda e: e.name)
def test_numbers_rounded_are_rounded_and_junk_is_refused(exercise):
    assert_rounded(exercise, reference_answer(exercise), 4)   # 0.1083, as notebook 06 prints it
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


def test_the_bottom_row_answers_come_from_the_engines_deal():
    """Walked by the engine, the bottom row is any two different cards of the deck, all equally
    likely: the count over the deck's pairs agrees."""
    cards = [t for t in DECK for _ in range(t.copies)]
    pairs = list(combinations(cards, 2))
    by_pairs = Fraction(sum(a.name == b.name for a, b in pairs), len(pairs))
    assert pair_chance() == by_pairs == Fraction(79, 1431)
    assert higher_bottom_card.reference == Fraction(sum(max(a.value, b.value) for a, b in pairs), len(pairs))
    assert sum(A.bottom_row_distribution().values()) == 1


def test_the_value_cases_are_not_the_ones_notebook_06_prints():
    """06's worked example prints `expected_after_seeing` for some lists: none is checked."""
    printed = {(13,), (13, 13), (12, 12, 12, 12), (-1, -1, 0, 0), (1, 1, 1, 1, 2, 2, 2, 2)}
    assert not printed & {tuple(sorted(case)) for case in VALUE_CASES}


def test_the_low_grid_is_checked_at_the_questions_limit_at_both_ends_and_for_other_editions():
    grid = A.fresh_grid_distribution()
    limits = {limit for deck, limit in GRID_CASES if deck == DECK}
    assert {10, min(grid), max(grid)} <= limits
    assert len({deck for deck, _ in GRID_CASES}) >= 3  # data for DECK alone cannot pass
    assert low_grid_chance.reference(DECK, 10) == sum(p for s, p in grid.items() if s <= 10)
    for deck, limit in GRID_CASES:
        engine = A.fresh_grid_distribution(load_game("sneaky_goose", deck=deck))
        assert low_grid_chance.reference(deck, limit) == sum(p for s, p in engine.items() if s <= limit)


def test_the_low_grid_must_be_counted_without_the_engine():
    """Its sandbox has the deck table and nothing else of the game: not the rules, not the analysis."""
    def asks_the_engine(deck, limit):
        from goose_widgets import load_game

        load_game("sneaky_goose")
        return 0

    assert_wrong(low_grid_chance, asks_the_engine, "without the engine", "deck")

    def asks_the_analysis(deck, limit):
        from goose_widgets.games.sneaky_goose.analysis import fresh_grid_distribution

        return sum(p for s, p in fresh_grid_distribution().items() if s <= limit)

    assert_wrong(low_grid_chance, asks_the_analysis, "count the grids yourself")


GRID = dict(A.fresh_grid_distribution())  # plain data: a learner's function's sandbox has no analysis


def _low_grid_with_replacement(deck, limit):
    """Four cards drawn with replacement: a plausible mistake."""
    from itertools import product

    size = sum(t.copies for t in deck)
    one = {t.value: Fraction(t.copies, size) for t in deck}
    return sum((one[a] * one[b] * one[c] * one[d] for a, b, c, d in product(one, repeat=4)
                if a + b + c + d <= limit), Fraction(0))


def _low_grid_rows(deck, limit):
    """The deck table's rows taken as one card each: a plausible mistake."""
    hands = list(combinations([t.value for t in deck], 4))
    return Fraction(sum(sum(h) <= limit for h in hands), len(hands))


def _slip_by_row():
    by_row = Counter()
    for t in DECK:
        by_row[t.label] += t.copies
    return sum(Fraction(c, 54) * (1 - Fraction(comb(54 - c, 2), comb(53, 2))) for c in by_row.values())


WRONG = [
    (bottom_row_pair, Fraction(25, 477), "one type"),                 # the Sneaky rows as two types
    (bottom_row_pair, Fraction(53, 729), "other 53 cards"),          # with replacement
    (bottom_row_pair, Fraction(1, 14), "weigh each by its copies"),
    (bottom_row_pair, Fraction(2, 477), "only a pair of Sneaky Geese"),
    (bottom_row_pair, Fraction(3, 53), "Add over every first card"),  # the cell above's one case
    (bottom_row_pair, Fraction(1, 20), "c/54"),
    (honk_score, -2, "strictly lowest"),
    (honk_score, 18, "not among the lowest"),
    (honk_score, 8, "tie for lowest"),
    (honk_score, 5, "Add up Player 1's four cards"),
    (higher_bottom_card, Fraction(56, 9), "value of one card"),
    (higher_bottom_card, Fraction(5576, 1431), "lower of the two"),
    (higher_bottom_card, Fraction(112, 9), "expected sum"),
    (higher_bottom_card, Fraction(6200, 729), "with replacement"),
    (higher_bottom_card, 13, "highest a card can be"),
    (higher_bottom_card, 8, "every pair of two different cards"),
    (higher_bottom_card, "eight", "expected a number"),
    (value_after_seeing, lambda seen: Fraction(56, 9), "take the seen cards out"),
    (value_after_seeing, lambda seen: Fraction(336 - sum(seen), 54), "from the count"),
    (value_after_seeing, lambda seen: seen[0], "raised IndexError"),
    (value_after_seeing, 6, "expected a function"),
    (low_grid_chance, lambda deck, limit, grid=GRID: sum((p for s, p in grid.items() if s < limit),
                                                         Fraction(0)), "less than"),
    (low_grid_chance, lambda deck, limit, grid=GRID: 1 - sum((p for s, p in grid.items() if s <= limit),
                                                             Fraction(0)), "more than"),
    (low_grid_chance, _low_grid_with_replacement, "with replacement"),
    (low_grid_chance, _low_grid_rows, "each row of the deck table"),
    (low_grid_chance, lambda deck, limit: 9672, "between 0 and 1"),
    (low_grid_chance, lambda deck, limit: Fraction(1, 30), "low_grid(DECK, 10)"),
    (low_grid_chance, lambda deck, limit, right=low_grid_chance.reference: right(DECK, limit),
     "20 × 9, 20) asks for.  Use the `deck` you are given (not `DECK`)"),  # counts the standard deck only
    (low_grid_chance, lambda deck, limit, grid=GRID: sum((p for s, p in grid.items() if s <= limit),
                                                         Fraction(0)), "Use the `deck`"),  # the engine's data
    (low_grid_chance, lambda limit: 0, "2 argument(s)"),
    (low_grid_chance, Fraction(1, 30), "expected a function"),
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
