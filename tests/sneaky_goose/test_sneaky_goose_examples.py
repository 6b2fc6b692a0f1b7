"""The walkthrough scenarios are pytest cases: where every card ends and what the scores are."""

from __future__ import annotations

import pytest

from goose_widgets import walkthrough
from goose_widgets.games.sneaky_goose.examples import SCENARIOS
from goose_widgets.games.sneaky_goose.rules import Game

GAME = Game(players=3)


def value(kind):
    return None if kind is None else GAME.deck[kind].value


def pile(counts):
    """The cards of a pile (counts by deck row) as a sorted list of values."""
    return sorted(GAME.deck[k].value for k, n in enumerate(counts) for _ in range(n))


def final(name):
    return SCENARIOS[name].final()


def grids(state):
    return [state.grid_values(s) for s in range(state.game.players)]


def test_every_rule_the_issue_lists_has_a_scenario():
    names = " | ".join(SCENARIOS)
    for words in ("your own card: a match", "your own card: no match", "another player's card: a match",
                  "another player's card: no match", "look at your own card",
                  "look at another player's card", "blind swap", "Magic Goose", "reshuffle",
                  "honk: strictly lowest", "honk: tied", "honk: not lowest"):
        assert words in names


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_every_scenario_replays_and_is_narrated(name):
    scenario = SCENARIOS[name]
    states = scenario.states()
    assert len(states) == len(scenario.steps) + 1 and scenario.introduction
    assert any(step.narration for step in scenario.steps)
    player = walkthrough("sneaky_goose", name, memory=True)
    player.go(len(states) - 1)
    assert "<svg" in player.board.svg and player.counter.value.endswith(str(len(states) - 1))


def test_setting_up():
    state = final("setting up: the deal and the peek")
    assert grids(state) == [[5, 1, 12, 3], [8, 2, 4, 13]] and value(state.top) == 3
    assert state.phase == "turn start" and state.turn == 0 and sum(state.draw) == 45
    assert state.knows(0, 0, 2) and state.knows(0, 0, 3) and not state.knows(0, 0, 0)
    assert not state.knows(0, 1, 2)


def test_a_turn_draw_and_swap_then_take_the_play_pile():
    state = final("a turn: draw and swap, take the play pile")
    assert grids(state) == [[2, 9, 3, 1], [12, 2, 5, 4], [0, 11, 6, 2]]
    assert value(state.top) == 7 and pile(state.discard) == [10]
    assert all(state.knows(s, 1, 2) for s in range(3)) and state.knows(0, 0, 0)
    assert state.turn == 2


def test_slam_own_match():
    scenario = SCENARIOS["slam your own card: a match"]
    assert scenario.start().knows(0, 0, 2)  # the slammed card is one Player 1 saw at the peek (S2)
    state = final("slam your own card: a match")
    assert grids(state) == [[5, 9, None, 1], [12, 2, 7, 4], [0, 11, 6, 2]]
    assert value(state.top) == 3 and pile(state.discard) == [3, 10] and sum(state.draw) == 40
    assert state.turn == 1 and state.scores() == [0, 0, 0]


def test_slam_own_no_match():
    state = final("slam your own card: no match")
    assert grids(state) == [[5, 9, 3, 1, 3], [12, 2, 7, 4], [0, 11, 6, 2]]
    assert all(state.knows(s, 0, 0) for s in range(3)) and not any(state.knows(s, 0, 4) for s in range(3))
    assert value(state.top) == 9 and sum(state.draw) == 39


def test_slam_other_match():
    state = final("slam another player's card: a match")
    assert grids(state) == [[5, None, 3, 1], [9, 2, 7, 4], [0, 11, 6, 2]]
    assert not state.knows(0, 1, 0) and not state.knows(1, 1, 0)  # S3: given away, out of sight
    assert value(state.top) == 12 and pile(state.discard) == [10, 12]


def test_slam_other_no_match():
    state = final("slam another player's card: no match")
    assert grids(state) == [[5, 9, 3, 1], [12, 2, 7, 4, 1], [0, 11, 6, 2]]
    assert all(state.knows(s, 2, 2) for s in range(3))
    assert value(state.top) == 8 and state.turn == 1


def test_look_at_your_own_card():
    state = final("card action: look at your own card")
    assert state.knows(0, 0, 0) and not state.knows(1, 0, 0) and value(state.top) == 6


def test_look_at_another_players_card():
    state = final("card action: look at another player's card")
    assert state.knows(0, 1, 0) and not state.knows(1, 1, 0) and value(state.top) == 8


def test_blind_swap():
    state = final("card action: blind swap")
    assert grids(state) == [[5, 0, 3, 1], [12, 2, 7, 4], [9, 11, 6, 2]]
    assert not state.knows(0, 0, 1) and not state.knows(2, 2, 0) and value(state.top) == 11


def test_magic_goose_look_then_swap():
    state = final("card action: Magic Goose, look then swap")
    assert grids(state) == [[5, 0, 3, 1], [12, 2, 7, 4], [9, 11, 6, 2]]
    assert state.knows(0, 0, 1) and not state.knows(2, 2, 0) and value(state.top) == 12


def test_reshuffle():
    states = SCENARIOS["reshuffle: the draw pile runs out"].states()
    before = next(s for s in states if s.turn == 1 and s.phase == "turn start")
    assert sum(before.draw) == 0 and sum(before.discard) == 41 and value(before.top) == 7
    state = states[-1]
    assert sum(state.draw) == 40 and sum(state.discard) == 1 and value(state.top) == 12
    assert pile(state.discard) == [7] and grids(state)[1] == [2, 2, 7, 4]
    assert state.card_counts() == GAME.full_counts


@pytest.mark.parametrize("name, outcome, scores", [
    ("honk: strictly lowest", "strictly lowest", [-8, 25, 19]),
    ("honk: tied for lowest", "tied lowest", [6, 11, 29]),
    ("honk: not lowest", "not lowest", [28, 7, 31]),
])
def test_honks(name, outcome, scores):
    state = final(name)
    assert state.results[-1].outcome == outcome and state.scores() == scores
    assert state.phase == "round over"
    assert all(v is not None for v in [c.value for g in state.observation(2).grids for c in g])
