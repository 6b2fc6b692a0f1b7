"""Bots see only observations and play legally; the counting bot wins; the analysis (the exercises:
test_boo_to_the_goose_exercises.py)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from goose_widgets import bots_for
from goose_widgets.engine import simulate
from goose_widgets.games.boo_to_the_goose import analysis
from goose_widgets.games.boo_to_the_goose.bots import CautiousBot, CountingBot
from goose_widgets.games.boo_to_the_goose.exercises import EXERCISES
from goose_widgets.games.boo_to_the_goose.registry import BOTS
from goose_widgets.games.boo_to_the_goose.rules import Game, Stop

from .positions import D, G, play, position


def test_the_three_bots_are_registered():
    assert set(bots_for("boo_to_the_goose")) >= {"random", "cautious", "counting"}


def test_cautious_stops_at_the_first_goose_and_lays_dogs_first():
    state = play(position(rows=((), (G, G), (G,)), hands=((1, 1, 1), (5, 0, 0), (5, 0, 0))))
    rng = random.Random(0)
    assert str(CautiousBot().choose(state.observation(0), state.legal_actions(), rng)) == "play dog"
    state = play(state, "play fox", "flip Player 2's card 1")
    assert isinstance(CautiousBot().choose(state.observation(0), state.legal_actions(), rng), Stop)


def test_counting_flips_on_while_the_gain_beats_the_risk():
    state = position(rows=((), (G, G, G, G), ()), hands=((0, 1, 0), (5, 0, 0), (5, 0, 0)))
    bot, rng = CountingBot(), random.Random(0)
    catch = play(state, "play fox", "flip Player 2's card 1")
    p = analysis.dog_chance(catch.observation(0), 1)
    assert p == Fraction(4, 18)  # one goose of 15 seen: 4 dogs among 14 geese and 4 dogs
    assert analysis.flip_gain(p, 1) > 0  # 14/18 > 4/18 * 2
    assert not isinstance(bot.choose(catch.observation(0), catch.legal_actions(), rng), Stop)
    catch = play(catch, "flip Player 2's card 1", "flip Player 2's card 1")
    p = analysis.dog_chance(catch.observation(0), 1)
    assert p == Fraction(4, 16) and analysis.flip_gain(p, 3) < 0  # 12/16 < 4/16 * 4
    assert isinstance(bot.choose(catch.observation(0), catch.legal_actions(), rng), Stop)


def test_counting_banks_a_free_fox_when_nobody_has_face_down_cards():
    state = position(rows=((G,), (), ()), hands=((4, 1, 0), (5, 0, 0), (5, 0, 0)))
    choice = CountingBot().choose(state.observation(0), state.legal_actions(), random.Random(0))
    assert str(choice) == "play fox"


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_choose_legal_actions_from_observations_only(name):
    game = Game(players=3, variation=True)
    make = BOTS[name] if name != "expert" else lambda: BOTS["expert"](deals=1)  # the expert: quick
    result = simulate(game, 6, [make() for _ in range(3)], seed=2, progress=False)
    assert result.games == 6 and all(sum(r.scores) == 60 for r in result.records)


def test_the_counting_bot_beats_random_and_cautious():
    rows = analysis.tournament(3, {"random": BOTS["random"], "cautious": BOTS["cautious"],
                                   "counting": BOTS["counting"]}, games=240, seed=7)
    by_bot = {row["bot"]: row for row in rows}
    counting = by_bot["counting"]
    assert counting["95% low"] > by_bot["random"]["95% high"]
    assert counting["95% low"] > by_bot["cautious"]["95% high"]


# --- analysis --------------------------------------------------------------------------------------
def test_dog_chance_is_exact_for_the_own_row_and_counts_the_others():
    state = position(rows=((G, D, D), (G,), ()), hands=((5, 0, 0),) * 3)
    seen = state.observation(0)
    assert analysis.dog_chance(seen, 0) == Fraction(2, 3)
    assert analysis.dog_chance(seen, 1) == Fraction(4, 19)
    assert analysis.dog_chance(seen, 2) is None


def test_round_value_matches_drawing_without_replacement():
    for geese, dogs in ((6, 2), (3, 3), (4, 0)):
        start = analysis.catch_position(geese, dogs)
        for k in range(1, 5):
            expected = EXERCISES["When to stop"].reference(geese, dogs, k)
            assert analysis.round_value(start, k) == expected


def test_best_stop_follows_the_gain_rule():
    assert analysis.best_stop(Fraction(1, 4)) == 2   # 3/4 > 1/4 * 2, but 3/4 == 1/4 * 3
    assert analysis.best_stop(Fraction(1, 10)) == 8
    assert analysis.flip_gain(Fraction(1, 4), 2) == 0


def test_calibration_records_every_flip():
    bots = [BOTS["counting"]()] * 3
    records = analysis.calibration(Game(players=3), bots, games=3, seed=1)
    assert records and all(0 <= r.chance <= 1 and r.age == 0 for r in records)  # it flips the newest
    assert all(r.dog for r in records if r.row_share == 1)
    assert not any(r.dog for r in records if r.row_share == 0)
    mine = analysis.calibration(Game(players=3), bots, games=3, seed=1, flippers=[0])
    assert 0 < len(mine) < len(records)
