"""The expert: imagined positions fit the observation (B4), twins get the same move, it answers
what it has seen of the others, and it wins.

Strength is checked with small seeded round-robins whose sizes still fail a weak bot (the counting
bot, put in the expert's place, loses to "always fox"; "always fox" loses to the others); the big
tables are in the integrator's evidence.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goose_widgets.engine import exploit_search, step
from goose_widgets.engine.exploit_search import CLOSEST
from goose_widgets.engine.tournament import round_robin
from goose_widgets.games.boo_to_the_goose.bots import CountingBot
from goose_widgets.games.boo_to_the_goose.determinize import determinize
from goose_widgets.games.boo_to_the_goose.expert import ExpertBot
from goose_widgets.games.boo_to_the_goose.policies import POLICIES, AlwaysFoxBot
from goose_widgets.games.boo_to_the_goose.registry import BOTS
from goose_widgets.games.boo_to_the_goose.rules import SET, Game

from .. import search_helpers
from .test_boo_to_the_goose_hidden import swap_hidden

PLAYERS = [BOTS["random"], BOTS["cautious"], BOTS["counting"], AlwaysFoxBot]


def decision_after(players: int, variation: bool, seed: int, steps: int):
    """A position where a seat decides, reached by a mix of bots (None if the game ended first)."""
    rng = random.Random(seed)
    bots = [rng.choice(PLAYERS)() for _ in range(players)]
    return search_helpers.decision_after(Game(players=players, variation=variation).new_initial_state(),
                                         bots, rng, steps)


@given(players=st.integers(2, 5), variation=st.booleans(), seed=st.integers(0, 10_000),
       steps=st.integers(0, 300), weight=st.sampled_from([None, 0.2, 3.0]))
def test_an_imagined_position_shows_the_seat_exactly_what_it_sees(players, variation, seed, steps, weight):
    state = decision_after(players, variation, seed, steps)
    if state is None:
        return
    seat = state.current_player
    seen = state.observation(seat)
    for deal in range(6):
        weights = None if weight is None else [weight] * players
        world = determinize(seen, random.Random(deal), weights)
        assert world.observation(seat) == seen
        assert world.legal_actions() == state.legal_actions()
        assert all(world.set_locations(owner) == SET for owner in range(players))  # B1
        assert [world.won_by_kind(h) for h in range(players)] == \
            [state.won_by_kind(h) for h in range(players)]


def test_imagined_positions_vary_where_the_seat_cannot_see():
    state = Game(players=3).new_initial_state()
    rng = random.Random(4)
    while state.current_player < 0:
        state = step(state, [], rng)
    seen = state.observation(0)
    worlds = {determinize(seen, random.Random(deal)) for deal in range(8)}
    assert len({world.hands[1:] for world in worlds}) > 1  # the others' hands are dealt anew
    assert {world.hands[0] for world in worlds} == {state.hands[0]}  # its own is as it sees it


@settings(max_examples=15)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 200))
def test_twins_that_differ_only_in_hidden_cards_get_the_same_move(players, seed, steps):
    state = decision_after(players, False, seed, steps)
    if state is None:
        return
    seat = state.current_player
    for other in range(players):
        if other == seat:
            continue
        twin = swap_hidden(state, other)
        if twin is None or twin == state:
            continue
        assert twin.observation(seat) == state.observation(seat)
        legal = state.legal_actions()
        for deals in (0, 2):  # its policy alone, and with the look-ahead
            moves = [ExpertBot(deals=deals).choose(s.observation(seat), legal, random.Random(seed))
                     for s in (state, twin)]
            assert moves[0] == moves[1]
        worlds = [determinize(s.observation(seat), random.Random(seed)) for s in (state, twin)]
        assert worlds[0] == worlds[1]


def test_the_expert_is_a_bot_by_name_and_checks_its_budget():
    assert BOTS["expert"]().name == "expert" and BOTS["expert"](deals=3).deals == 3
    assert BOTS["expert"]().deals == 0  # no look-ahead by default: it did not make it stronger
    assert list(POLICIES) == ["always fox", CLOSEST] and POLICIES["always fox"] is AlwaysFoxBot
    closest = POLICIES[CLOSEST]()  # the stored exploit search's closest policy, named as its column
    assert closest.name == CLOSEST
    assert exploit_search.policy_name(closest.rules) == exploit_search.load("boo_to_the_goose").closest()[0]
    with pytest.raises(ValueError, match="deals must be from 0"):
        ExpertBot(deals=-1)


def test_the_expert_lays_dogs_first_once_its_oldest_card_is_taken():
    from .positions import D, G, position

    before = position(players=2, rows=((G, G, D), ()), hands=((1, 0, 1), (5, 0, 0)))
    geese, foxes, dogs = before.piles[0]
    # it laid a goose and drew one; then its oldest card, a goose, went to a win pile
    taken = position(players=2, rows=((G, D, G), ()), hands=((1, 0, 1), (5, 0, 0)),
                     piles=((geese - 1, foxes, dogs), None))
    legal = taken.legal_actions()
    assert [str(a) for a in legal] == ["play goose", "play dog"]
    lays = set()
    for seed in range(12):
        expert, rng = ExpertBot(), random.Random(seed)
        # against a patient player who has taken nothing yet (two players): geese first in some
        # games, by turns in the others (a dog on this row of three), as it drew for the game
        first = str(expert.choose(before.observation(0), before.legal_actions(), rng))
        assert expert._memory is not None and expert._memory.geese_first is not None
        assert first == ("play goose" if expert._memory.geese_first else "play dog")
        lays.add(first)
        # they took its oldest card ("always fox" does): dogs first, traps at the old end
        assert str(expert.choose(taken.observation(0), legal, rng)) == "play dog"
        # a fresh expert, seeing the same position without having seen the card go, lays as
        # it drew for the game
        fresh = ExpertBot()
        again = str(fresh.choose(taken.observation(0), legal, rng))
        assert fresh._memory is not None
        assert again == ("play goose" if fresh._memory.geese_first else "play dog")
    assert lays == {"play goose", "play dog"}


def test_always_fox_plays_foxes_never_stops_and_lays_geese_first():
    bot, rng = AlwaysFoxBot(), random.Random(0)
    state = Game(players=2).new_initial_state()
    while state.current_player < 0:
        state = state.apply(state.chance_outcomes()[0][0])  # every deal a goose
    assert str(bot.choose(None, state.legal_actions(), rng)) == "play goose"
    from .positions import play, position

    state = position(players=2, rows=((), (0, 0, 2)), hands=((1, 1, 0), (1, 0, 0)))
    assert str(bot.choose(None, state.legal_actions(), rng)) == "play fox"
    state = play(state, "play fox", "flip Player 2's card 1")
    assert "stop" in [str(a) for a in state.legal_actions()]
    assert str(bot.choose(None, state.legal_actions(), rng)) == "flip Player 2's card 1"  # the oldest


def test_the_expert_remembers_one_game_at_a_time():
    expert = ExpertBot(deals=1)
    game = Game(players=2)
    from goose_widgets.engine import playout

    first = playout(game.new_initial_state(), [expert, CountingBot()], rng=1)
    again = playout(game.new_initial_state(), [ExpertBot(deals=1), CountingBot()], rng=1)
    assert first.history == again.history  # a used expert starts its next game afresh ...
    swapped = playout(game.new_initial_state(), [CountingBot(), expert], rng=2)
    fresh = playout(game.new_initial_state(), [CountingBot(), ExpertBot(deals=1)], rng=2)
    assert swapped.history == fresh.history  # ... also in another seat


RIVALS = ("random", "cautious", "counting", "always fox")


@pytest.mark.parametrize("players, games", [(2, 240), (3, 120)])
def test_the_expert_beats_every_bot_and_policy(players, games):
    entrants = {"expert": ExpertBot, "random": BOTS["random"], "cautious": BOTS["cautious"],
                "counting": CountingBot, "always fox": AlwaysFoxBot}
    lineups = [("expert",) + (rival,) * (players - 1) for rival in RIVALS]
    table = round_robin("boo_to_the_goose", entrants, players=players, games=games, seed=1,
                        lineups=lineups, workers=1, progress=False)
    print(table)
    for rival in RIVALS:
        assert table.beats("expert", rival)
