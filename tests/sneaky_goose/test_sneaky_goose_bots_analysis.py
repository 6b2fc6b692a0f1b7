"""Bots (observation only, legal moves, the memory bot beats random, forgetting costs), the exact
analysis against independent counts, and the simulations (the exercises: test_sneaky_goose_exercises.py)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from goose_widgets import bots_for
from goose_widgets.engine import distribution, playout
from goose_widgets.games.sneaky_goose import analysis as A
from goose_widgets.games.sneaky_goose import studies
from goose_widgets.games.sneaky_goose.bots import ForgetfulBot, MemoryBot, RandomBot, unseen_mean
from goose_widgets.games.sneaky_goose.deck import DECK, CardType
from goose_widgets.games.sneaky_goose.registry import BOTS
from goose_widgets.games.sneaky_goose.rules import BOTTOM_ROW, Game

VALUES = [t.value for t in DECK for _ in range(t.copies)]


# --- bots --------------------------------------------------------------------------------------
def test_the_bots_by_name():
    assert set(bots_for("sneaky_goose")) == {"random", "memory", "forgetful", "expert"}
    assert BOTS["random"] is RandomBot
    assert BOTS["forgetful"]().forget == 0.5


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_bot_finishes_games_with_legal_moves(players):
    bots = [BOTS[name]() for name in ("memory", "forgetful", "random", "memory", "forgetful", "random")]
    final = playout(Game(players=players, rounds=2).new_initial_state(), bots[:players], rng=players)
    assert final.is_terminal() and len(final.results) == 2


def test_a_forgetful_bot_that_forgets_nothing_plays_like_the_memory_bot():
    game = Game(players=3, rounds=2)
    a = playout(game.new_initial_state(), [MemoryBot(), MemoryBot(), RandomBot()], rng=11)
    b = playout(game.new_initial_state(), [ForgetfulBot(0), MemoryBot(), RandomBot()], rng=11)
    assert a.history == b.history


@pytest.mark.parametrize("forget", [-0.1, 1.5, "much", True])
def test_forget_must_be_a_probability(forget):
    with pytest.raises(ValueError, match="probability"):
        ForgetfulBot(forget)


def test_the_memory_bot_slams_a_match_it_knows_and_only_that():
    from goose_widgets.games.sneaky_goose.rules import arrange
    state = arrange(Game(players=2), ([5, 9, 3, 1], [12, 2, 7, 4]), 10, known={0: [(0, 3), (0, 4), (1, 1)]})
    state = state.apply_str("take draw pile").apply_str("Magic Goose (12)").apply_str("play it")
    choice = MemoryBot().choose(state.observation(0), state.legal_actions(), random.Random(0))
    assert str(choice) == "slam Player 2's card 1"
    state = state.apply(choice)
    choice = MemoryBot().choose(state.observation(0), state.legal_actions(), random.Random(0))
    assert str(choice).startswith("give Player 1's card ")
    assert choice.slot in (0, 1)  # one of its unknown cards (worth ~6), not its known 3 or 1


def test_the_memory_bot_clearly_beats_random():
    memory, rand = A.round_scores([MemoryBot(), RandomBot()], games=40, seed=1)
    assert memory.high < rand.low and memory.rounds == 40


def test_forgetting_everything_costs_points():
    forgetful, memory = A.round_scores([ForgetfulBot(1.0), MemoryBot()], games=60, seed=2)
    assert memory.high < forgetful.low


# --- exact analysis ------------------------------------------------------------------------------
def test_expected_value_of_a_card_from_the_engine():
    state = Game().new_initial_state()
    assert A.expected_next_card(state) == Fraction(sum(VALUES), 54) == Fraction(56, 9)
    assert sum(A.next_card_distribution(state).values()) == 1
    assert A.expected_after_seeing([13, 13]) == Fraction(336 - 26, 52)
    with pytest.raises(ValueError, match="no Sneaky Goose"):
        A.expected_after_seeing([13, 13, 13])


def test_the_fresh_grid_distribution_matches_counting_hands():
    dist = A.fresh_grid_distribution()
    assert sum(dist.values()) == 1 and sum(k * p for k, p in dist.items()) == 4 * Fraction(56, 9)
    hands = Counter(sum(h) for h in combinations(VALUES, 4))
    total = comb(54, 4)
    assert all(dist[s] == Fraction(n, total) for s, n in hands.items())


def test_lumping_agrees_with_the_engines_plain_distribution_on_a_small_deck():
    game = Game(players=2, deck=[CardType("A", 1, 4), CardType("B", 2, 3), CardType("C", 3, 3)])
    names = [t.name for t in game.deck]

    def match(s):
        return names[s.top] in {names[s.grids[0][p][0]] for p in BOTTOM_ROW}

    plain = distribution(game.new_initial_state(), match, stop=lambda s: s.top is not None)
    assert A.upcard_slam_chance(game) == plain[True] == Fraction(29, 60)


def test_the_up_card_slam_chance_matches_three_card_counting():
    names = Counter()
    for t in DECK:
        names[t.name] += t.copies
    expected = sum(Fraction(c, 54) * (1 - Fraction(comb(54 - c, 2), comb(53, 2))) for c in names.values())
    assert A.upcard_slam_chance() == expected


def test_unseen_expectation_after_the_peek():
    rng = random.Random(3)
    state = Game(players=2).new_initial_state()
    while state.is_chance_node():
        state = state.apply(rng.choice(state.chance_outcomes())[0])
    seen = state.grid_values(0)[2:] + [Game().deck[state.top].value]
    obs = state.observation(0)
    assert A.unseen_expectation(obs) == Fraction(336 - sum(seen), 51)
    assert unseen_mean(obs) == pytest.approx(float(A.unseen_expectation(obs)))


# --- simulations ---------------------------------------------------------------------------------
def test_studies_return_one_row_per_setting():
    honk = studies.honk_study([4, 10], games=6)
    assert [t for t, _ in honk] == [4, 10] and all(s.rounds == 6 for _, s in honk)
    memory = studies.memory_study([0.0, 1.0], games=6)
    assert [f for f, _, _ in memory] == [0.0, 1.0] and memory[0][1].bot == "forgetful 0"
    counts = A.slam_opportunities([MemoryBot(), MemoryBot(), MemoryBot()], games=6)
    assert counts.windows >= counts.any_match >= counts.known_match >= 0
    assert counts.slams == counts.matches  # memory bots slam only the matches they know
    wild = A.slam_opportunities([RandomBot(), RandomBot()], games=4)
    assert wild.slams > wild.matches
