"""Boards a learner can read and that fit the screen (issue 9.3 and 9.8).

No text on any board is smaller than 12 px when the board is drawn at its width.
A board's SVG is drawn ``width`` px wide (the Table and the walkthrough player both show it at that
size; JupyterLab's cell at a 1366 px wide window is wider than every board), so a text's drawn size
is its font-size times width / viewBox width.  Checked over positions of random games at the
smallest and largest player counts, with every render option on and off, and over every walkthrough
step of every game.

A table at its game's largest player count fits a 1366x900 screen: JupyterLab leaves about 780 px of
notebook, the table's status line, buttons, controls and log take about 190 px, so a board may be
at most BOARD_HEIGHT px tall (the browser test measures the whole table).
"""

from __future__ import annotations

import importlib
import random
import xml.etree.ElementTree as ET

import pytest

from goose_widgets import load_game
from goose_widgets.engine import sample_outcome
from goose_widgets.ui.svg import MIN_FONT

GAMES = {"game_of_the_goose": (2, 6), "boo_to_the_goose": (2, 5), "sneaky_goose": (2, 6), "boo": (2,)}
BOARD_HEIGHT = 590
CELL_WIDTH = 1000  # px of content in a JupyterLab cell at a 1366 px wide window (less than that, at most)


def small_texts(svg: str) -> list[tuple[float, str]]:
    """(drawn px, text) of every text below MIN_FONT px when ``svg`` is drawn at its width attribute."""
    root = ET.fromstring(svg)
    width = float(root.get("width", "0"))
    view_width = float(root.get("viewBox", "0 0 0 0").split()[2])
    assert 0 < width <= CELL_WIDTH, f"a board {width} px wide would be scaled down to fit the cell"
    scale = width / view_width
    found = []

    def walk(element: ET.Element, size: float | None) -> None:
        assert "scale" not in (element.get("transform") or ""), "a scaled group: sizes would lie"
        size = float(element.get("font-size", size or 0)) or size
        if element.tag.endswith("text") and "".join(element.itertext()).strip():
            drawn = (size or 16) * scale  # 16 px: the browser's default when no size is set
            if drawn < MIN_FONT:
                found.append((round(drawn, 1), "".join(element.itertext())))
        for child in element:
            walk(child, size)

    walk(root, None)
    return found


def positions(name: str, players: int, seed: int, count: int = 40):
    """(observation, legal) pairs along a random game, as the seat to move sees it."""
    rng = random.Random(seed)
    state = load_game(name, players=players).new_initial_state()
    seen = 0
    for _ in range(2000):
        if state.is_terminal():
            yield state.observation(0), []
            return
        if state.is_chance_node():
            state = state.apply(sample_outcome(state, rng))
            continue
        seat = state.current_player
        if rng.random() < 0.3:
            yield state.observation(seat), state.legal_actions()
            seen += 1
            if seen >= count:
                return
        state = state.apply(rng.choice(state.legal_actions()))


def bot_positions(name: str, players: int, seed: int):
    """What the learner's seat is shown along a game against the game's bots, clicking at random."""
    from goose_widgets import bots_for, play
    from goose_widgets.ui.svg import actions_in

    bot = next(b for b in sorted(bots_for(name)) if b != "random")
    table = play(name, ["human"] + [bot] * (players - 1), seed=seed, bot_delay=0)
    rng = random.Random(seed)
    for _ in range(150):
        yield table.board.svg
        clicks = sorted(a for a in actions_in(table.board.svg) if not a.startswith("ui:")) + \
            [b.description for b in table.buttons.children]
        if table.state.is_terminal() or not clicks:
            return
        table.click(rng.choice(clicks))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_board_at_the_largest_player_count_leaves_room_for_the_table_on_a_900_px_screen(name):
    players = max(GAMES[name])
    heights = [float(ET.fromstring(svg).get("height", "0")) for seed in (1, 2)
               for svg in bot_positions(name, players, seed)]
    print(f"{name}, {players} players: board {max(heights):.0f} px tall at most ({len(heights)} positions)")
    assert max(heights) <= BOARD_HEIGHT


def option_sets(widget) -> list[dict]:
    options = getattr(widget, "OPTIONS", {}) or {}
    return [{}, {name: True for name in options}]


@pytest.mark.parametrize("name,players", [(n, p) for n, counts in GAMES.items() for p in counts])
def test_every_text_of_a_played_game_is_at_least_12_px(name, players):
    widget = importlib.import_module(f"goose_widgets.games.{name}.widget")
    checked, problems = 0, set()
    for seed in (1, 2):
        for observation, legal in positions(name, players, seed, count=12 if name == "boo" else 40):
            for options in option_sets(widget):
                problems.update(small_texts(widget.render(observation, legal, **options)))
                checked += 1
    print(f"{name}, {players} players: {checked} boards checked")
    assert not problems, f"text below {MIN_FONT} px: {sorted(problems)[:10]}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_walkthrough_step_is_drawn_with_text_at_least_12_px(name):
    from goose_widgets import walkthrough

    scenarios = importlib.import_module(f"goose_widgets.games.{name}.examples").SCENARIOS
    problems = set()
    for scenario in scenarios:
        options = {"memory": True} if name == "sneaky_goose" else {}  # as the course shows them
        player = walkthrough(name, scenario, **options)
        for step in range(len(player.states)):
            player.go(step)
            problems.update(small_texts(player.board.svg))
    assert not problems, f"text below {MIN_FONT} px: {sorted(problems)[:10]}"


def test_the_measure_sees_small_text_and_scaling():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100" viewBox="0 0 800 200">'
           '<g font-size="20"><text>big enough?</text><text font-size="30">yes</text></g></svg>')
    assert small_texts(svg) == [(10.0, "big enough?")]
