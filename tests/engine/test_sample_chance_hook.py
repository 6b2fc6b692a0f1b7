"""`playout`'s optional chance hook: a state's ``_sample_chance(rng)`` must give the outcome that
the engine's own sampling would, with the same draws; `playout` then uses it instead of preparing
the distribution (Sneaky Goose's draw piles).  The contract is checked here on the toy game."""

from __future__ import annotations

from dataclasses import dataclass

from goose_widgets.engine import RandomBot, playout, step
from goose_widgets.engine.chance import chance_distribution
from goose_widgets.engine.play import split_rngs

from . import toy_game

calls: list[str] = []


@dataclass(frozen=True)
class HookedState(toy_game.State):
    def _sample_chance(self, rng):
        calls.append("hook")
        return chance_distribution(self._chance_outcomes()).sample(rng)  # what the engine does


@dataclass(frozen=True)
class HookedGame(toy_game.Game):
    def new_initial_state(self):
        return HookedState(game=self, positions=(0,) * self.players, to_move=0, pending=None, secret=7)


def test_playout_samples_chance_through_the_hook_and_plays_the_same_game():
    bots = [RandomBot(), RandomBot()]
    calls.clear()
    hooked = playout(HookedGame().new_initial_state(), bots, 11)
    assert calls and len(calls) == sum(1 for a in hooked.history if a.startswith("coin"))
    plain = playout(toy_game.Game().new_initial_state(), bots, 11)
    assert hooked.history == plain.history and hooked.returns() == plain.returns()

    # and `step` (which has no hook) plays the same game from the same generators
    chance, bot_rngs = split_rngs(11, 2, lazy=True)
    state = toy_game.Game().new_initial_state()
    while not state.is_terminal():
        state = step(state, bots, chance, bot_rngs)
    assert state.history == plain.history
