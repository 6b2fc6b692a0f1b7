"""The BOO expert: the observation is the position (O2), its moves are legal and searched deeper
than the look-ahead bot's, and the first-placement policy."""

from __future__ import annotations

import random

import pytest

from goose_widgets.engine import RandomBot, exploit_search, load_game, step
from goose_widgets.engine.exploit_search import CLOSEST
from goose_widgets.engine.tournament import round_robin
from goose_widgets.games.boo.bots import GreedyBot, LookaheadBot
from goose_widgets.games.boo.determinize import determinize
from goose_widgets.games.boo.expert import ExpertBot
from goose_widgets.games.boo.policies import POLICIES, FirstPlacementBot
from goose_widgets.games.boo.registry import BOTS

from .test_boo_bots import best_difference


def decisions_of(seed: int):
    """Every decision state of a seeded game between a random and a greedy bot."""
    rng = random.Random(seed)
    state = load_game("boo", start_player=seed % 2).new_initial_state()
    while not state.is_terminal():
        if state.current_player >= 0:
            yield state
        state = step(state, [RandomBot(), GreedyBot()], rng)


@pytest.mark.parametrize("seed", [0, 1])
def test_the_observation_is_the_whole_position(seed):
    for state in decisions_of(seed):
        seat = state.current_player
        seen = state.observation(seat)
        position = determinize(seen, random.Random(0))
        assert position == state  # O2: nothing is hidden but the order of the unseen decks
        assert position.observation(seat) == seen and position.legal_actions() == state.legal_actions()
        assert position.chance_outcomes() == state.chance_outcomes()


def test_the_expert_plays_legal_moves_to_the_end_and_is_seeded():
    game = load_game("boo")
    from goose_widgets.engine import playout

    final = playout(game.new_initial_state(), [ExpertBot(width=6, deep=2), GreedyBot()], rng=3)
    again = playout(game.new_initial_state(), [ExpertBot(width=6, deep=2), GreedyBot()], rng=3)
    assert final.is_terminal() and final.history == again.history


def test_on_the_last_placement_the_expert_takes_a_best_one():
    """The last placement decides the score: the expert's choice is a best one, by the engine."""
    for seed in (2, 3):
        state = next(s for s in decisions_of(seed)
                     if s.placements == s.game.total_placements - 1 and not s.pending)
        seat = state.current_player
        legal = state.legal_actions()
        choice = ExpertBot().choose(state.observation(seat), legal, random.Random(0))
        values = {a: best_difference(state.apply(a), seat) for a in legal}
        assert values[choice] == max(values.values())


def test_the_policy_and_the_expert_by_name():
    assert list(POLICIES) == ["first placement", CLOSEST] and POLICIES["first placement"] is FirstPlacementBot
    closest = POLICIES[CLOSEST]()  # the stored exploit search's closest policy, named as its column
    assert closest.name == CLOSEST
    assert exploit_search.policy_name(closest.rules) == exploit_search.load("boo").closest()[0]
    assert BOTS["expert"]().name == "expert" and BOTS["expert"](deep=2).deep == 2
    state = next(decisions_of(0))
    legal = state.legal_actions()
    assert FirstPlacementBot().choose(None, legal, random.Random(0)) == legal[0]
    with pytest.raises(ValueError, match="width must be from 1"):
        ExpertBot(width=0)


def test_the_expert_beats_greedy_and_first_placement():
    """A small seeded smoke test (the evidence is the full round-robin): a bot as strong as greedy
    would win about half of the games against greedy, the expert wins at least five of six."""
    entrants = {"expert": ExpertBot, "greedy": GreedyBot, "first placement": FirstPlacementBot}
    table = round_robin("boo", entrants, games=6, seed=1, workers=1, progress=False,
                        lineups=[("expert", "greedy"), ("expert", "first placement")])
    print(table)
    wins = {lineup.seats[1]: lineup.wins[0] for lineup in table.lineups}
    assert wins["first placement"] == 6 and wins["greedy"] >= 5


def test_the_expert_predicts_the_reply_with_its_model():
    """The second stage plays the modelled reply with the engine: a candidate is worth the best
    immediate answer (by the engine, over every answer and scare order) after the reply the
    look-ahead model makes."""
    state = next(s for s in decisions_of(4) if s.placements == 8)
    seat, model = state.current_player, LookaheadBot()
    model_rng = random.Random(random.Random(0).getrandbits(64))  # the expert's, from its rng
    seen = state.observation(seat)
    place = next(a for a in state.legal_actions() if not state.apply(a).pending)  # no order to pick
    after = state.apply(place)
    while after.current_player != 1 - seat:  # the reveal of my new top card: any outcome will do
        after = after.apply(after.chance_outcomes()[0][0])
    while after.current_player == 1 - seat:  # the modelled reply (and its scare order)
        after = after.apply(model.choose(after.observation(1 - seat), after.legal_actions(), model_rng))
    while after.current_player != seat:
        after = after.apply(after.chance_outcomes()[0][0])
    best = max(best_difference(after.apply(a), seat) for a in after.legal_actions())
    value = ExpertBot()._after_answer(determinize(seen), place, seat, seen.tops[seat], random.Random(0))
    assert value == best
