"""Every step of every walkthrough of every game says what changed (issue 9.5).

The narration panel of the walkthrough player is never empty: the introduction at step 0, a step's
own narration after it (and the move-log lines of that step), the conclusion at the end.
"""

from __future__ import annotations

import importlib
import re

import pytest

from goose_widgets import walkthrough

GAMES = ["game_of_the_goose", "boo_to_the_goose", "sneaky_goose", "boo"]
CASES = [(game, name) for game in GAMES
         for name in importlib.import_module(f"goose_widgets.games.{game}.examples").SCENARIOS]


@pytest.mark.parametrize("game,name", CASES)
def test_every_step_has_its_own_narration(game, name):
    scenario = importlib.import_module(f"goose_widgets.games.{game}.examples").SCENARIOS[name]
    assert scenario.introduction.strip()
    texts = [step.narration.strip() for step in scenario.steps]
    empty = [number for number, text in enumerate(texts, start=1) if not text]
    assert not empty, f"steps without narration: {empty}"
    repeated = [number for number in range(2, len(texts) + 1) if texts[number - 1] == texts[number - 2]]
    assert not repeated, f"steps that repeat the step before (they say nothing new): {repeated}"


@pytest.mark.parametrize("game,name", CASES)
def test_the_players_narration_panel_is_never_empty(game, name):
    player = walkthrough(game, name)
    for position in range(len(player.states)):
        player.go(position)
        words = re.sub(r"<[^>]+>", " ", player.narration.value).split()
        assert len(words) >= 3, f"step {position}: {player.narration.value!r}"
        if position:
            narration = player.scenario.steps[position - 1].narration.split("\n\n")[0]
            assert narration.split()[0] in player.narration.value


def test_a_walkthrough_steps_by_typed_commands_and_says_its_step_in_words():
    """Issue 32: the board's command box steps a walkthrough ("next", "back", "first", "last step"),
    and its words hold the step's narration ("where") and moves ("last"), BOO's squares in words."""
    from goose_widgets import walkthrough

    player = walkthrough("boo", "Example Turn 1")
    commands = dict((phrase, action) for phrase, action in player.board.words["commands"])
    assert {"next", "back", "first", "last step"} <= set(commands)
    player.click(commands["next"])
    assert player.position == 1 and player.board.words["lines"][0] == f"Step 1 of {len(player.states) - 1}."
    moves = player.board.words["log"]["lines"]
    assert moves and any("column" in line for line in moves) and not any("(facing" in line for line in moves)
    player.click(commands["last step"])
    assert player.position == len(player.states) - 1
    player.click(commands["back"])
    player.click(commands["first"])
    assert player.position == 0 and player.board.announcements[-1].startswith("Step ")
