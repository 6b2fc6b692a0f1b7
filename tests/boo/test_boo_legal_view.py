"""BOO's legal placements read one by one (`State._legal_view`, `PlacementView`) for bots that
read their legal actions only by len() and [index] (`takes_any_sequence`, RandomBot): the same
placements in the same order as `legal_actions()`, the same seeded games, and a bot's answer is
still checked."""

from __future__ import annotations

import random

import pytest

from goose_widgets import load_game
from goose_widgets.engine import IllegalActionError, RandomBot, playout
from goose_widgets.games.boo.rules import Place


def _states(seed: int):
    """Every state of one random game (chance by its first outcome, moves by a seeded choice)."""
    game, rng = load_game("boo"), random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        yield state
        state = state.apply(state.chance_outcomes()[0][0] if state.is_chance_node()
                            else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("seed", range(6))
def test_the_view_reads_as_the_list_of_legal_placements(seed):
    viewed = 0
    for state in _states(seed):
        view = state._legal_view() if not state.is_chance_node() else None
        if view is None:
            assert state.is_chance_node() or state.pending  # scares are ordered from a list
            continue
        legal = state.legal_actions()
        assert len(view) == len(legal) and list(view) == legal
        assert all(view[i] is legal[i] for i in (0, 1, 4, len(legal) - 1, -1, -5))
        assert view[3:11] == legal[3:11]
        assert view.served is legal[-5]  # the last one read
        with pytest.raises(IndexError):
            view[len(legal)]
        viewed += 1
    assert viewed >= 20


class ListOnlyRandomBot(RandomBot):
    takes_any_sequence = False


def test_random_playouts_are_the_same_games_with_and_without_the_view():
    game = load_game("boo")
    for seed in range(8):
        viewed = playout(game.new_initial_state(), [RandomBot(), RandomBot()], seed)
        listed = playout(game.new_initial_state(), [ListOnlyRandomBot(), ListOnlyRandomBot()], seed)
        assert viewed.history == listed.history and viewed.returns() == listed.returns()


class FirstReadBot:
    """Reads two placements and answers with the first (not the last one served): still legal."""

    name, needs_observation, takes_any_sequence = "first", False, True

    def choose(self, observation, legal_actions, rng):
        first = legal_actions[0]
        legal_actions[len(legal_actions) - 1]
        return first


class CopyBot(FirstReadBot):
    """Answers with an equal `Place` of its own: the legal object is applied instead."""

    def choose(self, observation, legal_actions, rng):
        return Place(*legal_actions[0])


class LookAlikeBot(FirstReadBot):
    """Answers with a plain tuple equal to a legal placement (another kind of value): refused."""

    def choose(self, observation, legal_actions, rng):
        return tuple(legal_actions[0])


def test_a_viewing_bots_answer_is_checked_against_the_legal_list():
    game = load_game("boo")
    final = playout(game.new_initial_state(), [FirstReadBot(), RandomBot()], 2)
    assert final.is_terminal()
    copied = playout(game.new_initial_state(), [CopyBot(), RandomBot()], 2)
    assert copied.history == final.history
    with pytest.raises(IllegalActionError):
        playout(game.new_initial_state(), [LookAlikeBot(), RandomBot()], 2)
