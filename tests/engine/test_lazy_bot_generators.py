"""Playouts seed the bots' generators only when a bot first draws: the same numbers, seeded later."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from goose_widgets import load_game
from goose_widgets.engine import RandomBot, playout
from goose_widgets.engine.play import sample_outcome_fast, split_rngs

DRAWS = {
    "random": lambda r: [r.random() for _ in range(3)],
    "choice": lambda r: [r.choice("abcdef") for _ in range(5)],
    "randint": lambda r: [r.randint(1, 6) for _ in range(5)],
    "shuffle": lambda r: (lambda x: (r.shuffle(x), x)[1])(list(range(10))),
    "sample": lambda r: r.sample(range(100), 5),
    "gauss": lambda r: [r.gauss(0, 1) for _ in range(3)],  # keeps a bound `random` across calls
    "getrandbits": lambda r: r.getrandbits(70),
    "randbytes": lambda r: r.randbytes(9),
    "getstate": lambda r: r.getstate(),
    "seed": lambda r: (r.seed(5), r.random())[1],
    "setstate": lambda r: (r.setstate(random.Random(3).getstate()), r.random())[1],
    "pickle": lambda r: (lambda s: [s.random(), r.random(), type(s)])(pickle.loads(pickle.dumps(r))),
    "deepcopy": lambda r: (lambda s: [s.random(), r.random(), type(s)])(copy.deepcopy(r)),
}


@pytest.mark.parametrize("use", sorted(DRAWS))
@pytest.mark.parametrize("seed", [7, "class 3/12"])
def test_a_lazily_seeded_generator_draws_what_the_eager_one_draws(use, seed):
    _, lazy = split_rngs(seed, 3, lazy=True)
    _, eager = split_rngs(seed, 3)
    for mine, theirs in zip(lazy, eager):
        assert DRAWS[use](mine) == DRAWS[use](theirs)
        assert type(mine) is random.Random  # after its first use it is a plain generator
        assert mine.random() == theirs.random()


def test_lazy_generators_are_not_seeded_until_used():
    _, lazy = split_rngs(11, 2, lazy=True)
    assert all(type(rng) is not random.Random and isinstance(rng, random.Random) for rng in lazy)
    chance_rng, _ = split_rngs(11, 2, lazy=True)
    assert type(chance_rng) is random.Random  # chance draws at once anyway


@pytest.mark.parametrize("name, params", [("game_of_the_goose", {"players": 3}),
                                          ("boo_to_the_goose", {"players": 3}),
                                          ("sneaky_goose", {"players": 3, "rounds": 1}),
                                          ("boo", {})])
def test_playouts_with_lazy_generators_replay_the_same_games(name, params):
    # the bots' moves depend on their generators: a game replayed step by step with eagerly
    # seeded generators must take the same actions
    game = load_game(name, **params)
    final = playout(game.new_initial_state(), [RandomBot()] * game.players, "replay")
    chance_rng, bot_rngs = split_rngs("replay", game.players)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(sample_outcome_fast(state, chance_rng))
        else:
            seat = state.current_player
            state = state.apply(RandomBot().choose(None, state.legal_actions(), bot_rngs[seat]))
    assert state.history == final.history

