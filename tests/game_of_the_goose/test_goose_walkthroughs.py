"""The walkthrough scenarios replayed as tests: where every pawn ends, and what the log says."""

from __future__ import annotations

import pytest

from goose_widgets import walkthrough
from goose_widgets.games.game_of_the_goose.examples import SCENARIOS

# name -> (final positions, winner, finished, turns still owed, a line the move log must contain)
EXPECTED = {
    "opening nine": ((35, 53), None, False, (0, 0),
                     "Player 2 rolled 4+5 on the opening roll: straight to 53."),
    "goose chain": ((22,), None, False, (0,),
                    "Player 1 rolled 1+3: from 10 to 14; landed on 14 (goose): moves 4 more to 18, "
                    "a goose: 4 more to 22."),
    "overshoot": ((49,), None, False, (0,),
                  "Player 1 rolled 2+3: 62 + 5 overshoots 63: back to 59, a goose: 5 more backwards to 54, "
                  "a goose: 5 more to 49."),
    "bridge": ((12,), None, False, (0,), "6 is the Bridge: crosses over to 12"),
    "maze": ((30,), None, False, (0,), "42 is the Maze: lost in it, back to 30"),
    "tavern": ((22, 19), None, False, (0, 0), "Player 1 misses a turn (the last one)."),
    "well": ((28, 31), None, False, (0, 0), "Player 2 waits in the Well for another pawn to free them."),
    "prison": ((47, 52, 49), None, False, (0, 0, 0), "Player 1 is freed and goes to 47"),
    "death": ((63,), 0, True, (0,), "58 is Death: starts over from 0"),
    "bumping": ((24, 20), None, False, (0, 0), "Player 2 was on 24 and goes back to 20"),
    "no winner": ((31, 52), None, True, (0, 0), "the game ends with no winner"),
    "kitty": ((0, 12), 1, True, (0, 0), "Player 2 is the only player left and wins!"),
}


def test_every_scenario_has_an_expectation():
    assert set(EXPECTED) == set(SCENARIOS)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_scenario_ends_where_the_rules_say(name):
    positions, winner, finished, owed, line = EXPECTED[name]
    states = SCENARIOS[name].states()
    final = states[-1]
    assert final.positions == positions
    assert final.winner == winner and final.is_terminal() == finished and final.owed == owed
    log = [event for state in states for event in state.events]
    assert any(line in event for event in log), log


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario_steps_each_have_narration_and_alternate_roll_and_dice(name):
    scenario = SCENARIOS[name]
    assert scenario.introduction and scenario.conclusion
    assert all(step.narration for step in scenario.steps)
    moves = [step.move for step in scenario.steps]
    assert moves[::2] == ["roll"] * len(moves[::2])


def test_the_kitty_scenario_pays_coins_as_g13_says():
    final = SCENARIOS["kitty"].final()
    assert final.coins == (0, 4) and final.kitty == 0 and final.out == (True, False)


def test_walkthrough_player_steps_through_a_goose_scenario():
    player = walkthrough("game_of_the_goose", "overshoot")
    assert "Game of the Goose" in player.board.svg and 'data-action="roll"' not in player.board.svg
    player.go(99)
    assert player.position == 2 and "overshoots 63" in player.narration.value
    assert "thirteen squares behind" in player.narration.value
    with pytest.raises(ValueError, match="unknown scenario"):
        walkthrough("game_of_the_goose", "the moon")
