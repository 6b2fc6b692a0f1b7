"""Two optional fast forms of a step (issue 12), checked on the toy game and the Goose.

- A game's ``_next`` may return the next state's values (a copy of ``self.__dict__`` with the
  changes) instead of the state: `apply` and playouts must then give the same states, histories and
  move logs, and never change the state before.
- A bot with ``needs_forced_moves = False`` (`RandomBot`) is not asked when one action is legal:
  the games played are the same, and a bot without the attribute is still asked.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields

import pytest

from goose_widgets import load_game
from goose_widgets.engine import RandomBot, playout, simulate

from . import toy_game


@dataclass(frozen=True)
class ValuesState(toy_game.State):
    def _next(self, action):  # the toy rules, answered in the values form
        nxt, events = super()._next(action)
        values = self.__dict__.copy()
        values.update({f.name: getattr(nxt, f.name) for f in fields(nxt)
                       if f.name not in ("history", "events")})
        return values, events


@dataclass(frozen=True)
class ValuesGame(toy_game.Game):
    def new_initial_state(self):
        return ValuesState(game=self, positions=(0,) * self.players, to_move=0, pending=None, secret=7)


@pytest.mark.parametrize("seed", range(5))
def test_a_next_that_returns_values_plays_the_same_game(seed):
    bots = [RandomBot(), RandomBot()]
    fast = playout(ValuesGame().new_initial_state(), bots, seed)
    plain = playout(toy_game.Game().new_initial_state(), bots, seed)
    assert type(fast) is ValuesState
    assert fast.history == plain.history and fast.events == plain.events
    assert fast.positions == plain.positions and fast.returns() == plain.returns()


def test_values_form_links_history_and_leaves_the_state_before_alone():
    start = ValuesGame().new_initial_state()
    before = dict(start.__dict__)
    stepped = start.apply("step 2")
    after = stepped.apply("coin 1")
    assert start.__dict__ == before and start.history == () and start.pending is None
    assert stepped.history == ("step 2",) and stepped.events == ("seat 0 steps 2",)
    assert after.history == ("step 2", "coin 1") and after.positions == (3, 0)
    assert after.events == ("coin 1: seat 0 now on 3",)
    assert stepped.history == ("step 2",)  # reading the later history changed nothing before it


class CountingBot(RandomBot):
    """A random bot that counts how often it is asked."""

    def __init__(self, forced: bool) -> None:
        self.asked = 0
        if forced:
            self.needs_forced_moves = True

    def choose(self, observation, legal_actions, rng):
        self.asked += 1
        return super().choose(observation, legal_actions, rng)


def test_a_bot_that_needs_no_forced_moves_is_not_asked_for_them():
    game = load_game("game_of_the_goose", players=3)
    quiet, asked = [CountingBot(False) for _ in range(3)], [CountingBot(True) for _ in range(3)]
    for seed in range(20):
        a = playout(game.new_initial_state(), quiet, seed)
        b = playout(game.new_initial_state(), asked, seed)
        assert a.history == b.history and a.returns() == b.returns()
    assert sum(bot.asked for bot in quiet) == 0  # every Goose move is forced
    assert sum(bot.asked for bot in asked) > 20 * 3


def test_a_bot_that_needs_no_forced_moves_is_still_asked_to_choose():
    bots = [CountingBot(False), CountingBot(False)]
    state = playout(toy_game.Game().new_initial_state(), bots, 3)
    assert sum(bot.asked for bot in bots) == sum(1 for a in state.history if a.startswith("step"))


def test_goose_current_player_stored_with_each_state_is_the_rule():
    from goose_widgets.games.game_of_the_goose.rules import State

    rule = State.__dict__["current_player"].func
    for params in ({"players": 4}, {"players": 3, "coins": 2}, {"players": 2, "well_turns": 1}):
        game = load_game("game_of_the_goose", **params)
        for seed in range(10):
            rng, state = random.Random(seed), game.new_initial_state()
            for _ in range(10_000):
                stored = state.__dict__.get("current_player")
                assert stored is None or stored == rule(state), (params, seed, state.history)
                if state.is_terminal():
                    break
                state = (state.apply(state.legal_actions()[0]) if state.current_player >= 0
                         else state.apply(rng.choice(state.chance_outcomes())[0]))
            # a changed copy computes it again from its own fields
            assert state.current_player < 0
            moved = state._replace(finished=False, winner=None, rolling=False, to_move=1)
            assert "current_player" not in moved.__dict__ and moved.current_player == 1


@pytest.mark.parametrize("name, params", [("game_of_the_goose", {"players": 4}), ("boo", {}),
                                          ("sneaky_goose", {"players": 3}),
                                          ("boo_to_the_goose", {"players": 3})])
def test_simulate_counts_the_steps_it_played(name, params):
    # the playout counts its steps instead of walking the final history back
    finals: list = []
    result = simulate(load_game(name, **params), 6, seed=3, progress=False, on_game=finals.append)
    assert [record.steps for record in result.records] == [len(final.history) for final in finals]
