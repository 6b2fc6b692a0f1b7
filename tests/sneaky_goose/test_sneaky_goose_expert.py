"""The expert: imagined positions fit the observation (S3, S12), twins get the same move, and it
wins.  Strength is checked with small seeded round-robins (one-round games against the forgetful
bot) that a weak bot fails; the evidence against the memory bot takes full games by the hundred and
is no test."""

from __future__ import annotations

import random
from dataclasses import fields
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goose_widgets.engine import RandomBot, exploit_search, step
from goose_widgets.engine.exploit_search import CLOSEST
from goose_widgets.engine.search import best_candidate
from goose_widgets.engine.tournament import round_robin
from goose_widgets.games.sneaky_goose.bots import ForgetfulBot, MemoryBot
from goose_widgets.games.sneaky_goose.determinize import determinize
from goose_widgets.games.sneaky_goose.expert import ExpertBot
from goose_widgets.games.sneaky_goose.policies import POLICIES, DrawAndPlayBot
from goose_widgets.games.sneaky_goose.registry import BOTS
from goose_widgets.games.sneaky_goose.rules import GIVE, Game

from .. import search_helpers
from .sneaky_helpers import hidden_twin

HIDDEN = {"grids", "draw", "held", "history", "events"}  # what a deal may change (the cards alone)


def decision_after(players: int, seed: int, steps: int):
    """A position where a seat decides, reached by a mix of bots (None if the game ended first)."""
    rng = random.Random(seed)
    bots = [rng.choice([RandomBot(), MemoryBot(), DrawAndPlayBot()]) for _ in range(players)]
    bots[0] = MemoryBot()  # someone who honks, so that rounds end
    start = Game(players=players, rounds=2).new_initial_state()
    return search_helpers.decision_after(start, bots, rng, steps)


@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), steps=st.integers(0, 400),
       bias=st.sampled_from([0.0, 0.25]))
def test_an_imagined_position_shows_the_seat_exactly_what_it_sees(players, seed, steps, bias):
    state = decision_after(players, seed, steps)
    if state is None:
        return
    seat = state.current_player
    seen = state.observation(seat)
    for deal in range(4):
        world = determinize(seen, random.Random(deal), bias)
        assert world.observation(seat) == seen
        assert world.legal_actions() == state.legal_actions()
        assert world.card_counts() == state.card_counts() == state.game.full_counts
        for f in fields(state):  # everything but where the unseen cards lie is the real state's
            if f.name not in HIDDEN:
                assert getattr(world, f.name) == getattr(state, f.name), f.name
        # who knows each card (public) is kept; the cards this seat knows are the real ones
        for real, dealt in zip(state.grids, world.grids):
            assert [s and s[1] for s in real] == [s and s[1] for s in dealt]
            assert [s[0] for s in real if s and s[1] >> seat & 1] == \
                [s[0] for s in dealt if s and s[1] >> seat & 1]


def test_a_gift_goes_where_the_slammed_card_was_in_an_imagined_position_too():
    found, rng = 0, random.Random(3)
    for _ in range(30):  # random bots slam blindly: some slams match and lead to a gift
        state = Game(players=3, rounds=1).new_initial_state()
        while not state.is_terminal():
            if state.phase == GIVE:
                seen = state.observation(state.current_player)
                assert seen.gift_place == state.pending[2]
                assert determinize(seen, random.Random(0)).pending == state.pending
                found += 1
            state = step(state, [RandomBot()] * 3, rng)
    assert found


@settings(max_examples=15)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_twins_that_differ_only_in_hidden_cards_get_the_same_move(players, seed, steps):
    state = decision_after(players, seed, steps)
    if state is None:
        return
    seat = state.current_player
    twin = hidden_twin(state, seat, random.Random(seed))
    if twin is None:
        return
    assert twin != state and twin.observation(seat) == state.observation(seat)
    legal = state.legal_actions()
    moves = [ExpertBot(deals=2).choose(s.observation(seat), legal, random.Random(seed))
             for s in (state, twin)]
    assert moves[0] == moves[1]
    worlds = [determinize(s.observation(seat), random.Random(seed), 0.2) for s in (state, twin)]
    assert worlds[0] == worlds[1]


def test_a_look_ahead_overrules_the_memory_bot_only_when_it_is_clearly_better():
    default, better, lucky = [0.0, 1.0, 0.0, 1.0], [1.0, 2.0, 1.0, 2.0], [5.0, -3.0, 4.0, -3.0]
    assert best_candidate([default, better], default=0, z=1.5) == 1  # better in every deal
    assert best_candidate([default, lucky], default=0, z=1.5) == 0  # better on average, by luck
    assert best_candidate([default, lucky]) == 1  # without a default: the best mean


def test_the_expert_and_the_policy_by_name():
    assert BOTS["expert"]().name == "expert" and BOTS["expert"](deals=3).deals == 3
    assert list(POLICIES) == ["draw and play", CLOSEST] and POLICIES["draw and play"] is DrawAndPlayBot
    closest = POLICIES[CLOSEST]()  # the stored exploit search's closest policy, named as its column
    assert closest.name == CLOSEST
    assert exploit_search.policy_name(closest.rules) == exploit_search.load("sneaky_goose").closest()[0]
    with pytest.raises(ValueError, match="deals must be from 1"):
        ExpertBot(deals=0)
    state = Game(players=2).new_initial_state()
    while state.phase != "turn start":
        state = state.apply(state.chance_outcomes()[0][0]) if state.is_chance_node() else \
            state.apply(state.legal_actions()[0])
    assert str(DrawAndPlayBot().choose(None, state.legal_actions(), random.Random(0))) == "take draw pile"


@pytest.mark.parametrize("players, games", [(2, 16), (3, 15)])
def test_the_expert_clearly_beats_the_forgetful_bot_in_one_round_games(players, games):
    # a smoke test that a weak bot fails: draw and play wins 7 of 120 one-round duels against the
    # forgetful bot, random 10 of 120.  The evidence against the memory bot (full games, hundreds
    # of them) is too slow for a test; the expert's report gives it.
    entrants = {"expert": partial(ExpertBot, deals=8), "forgetful": ForgetfulBot}
    table = round_robin("sneaky_goose", entrants, players=players, rounds=1, games=games, seed=1,
                        lineups=[("expert",) + ("forgetful",) * (players - 1)], workers=1, progress=False)
    print(table)
    assert table.beats("expert", "forgetful")
