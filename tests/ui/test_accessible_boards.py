"""Every board by keyboard and screen reader (issue 22), checked in Python on the SVG the browser gets.

- Every element a keyboard reaches (``data-action`` or ``data-nav``) has a role, ``tabindex="-1"``
  (the board's script gives one of them the tab stop) and an ``aria-label`` in words; a gridcell
  sits in a row of a grid; the board itself is named with the game and whose turn it is.  Checked
  along random games of every game, with every option, and at every walkthrough step.
- The labels come from the engine's words: the action's own text (``said``), the rules' squares.
- The table announces each turn once, in the move log's words; the text mode shows the position
  in words and every move of the board as a button that plays it.
- Escape's action cancels the half-made choice (slam mode, a turned BOO card).
"""

from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET

import pytest

from goose_widgets import play, walkthrough
from goose_widgets.ui.svg import actions_in, labels_in
from goose_widgets.ui.table import sentences

from .test_board_size import positions

GAMES = {"game_of_the_goose": (2, 6), "boo_to_the_goose": (2, 5), "sneaky_goose": (2, 6), "boo": (2,)}
TITLES = {"game_of_the_goose": "Game of the Goose", "boo_to_the_goose": "Boo to the Goose",
          "sneaky_goose": "Sneaky Goose", "boo": "BOO"}
NS = "{http://www.w3.org/2000/svg}"


def problems_in(svg: str, title: str) -> list[str]:
    """What a keyboard or a screen reader would miss on this board (empty: nothing)."""
    root = ET.fromstring(svg)
    found = []
    if root.get("role") != "application" or not (root.get("aria-label") or "").startswith(title + ": "):
        found.append(f"the board is not named '{title}: …': {root.get('role')} {root.get('aria-label')}")
    parents = {child: parent for parent in root.iter() for child in parent}
    for element in root.iter():
        if "data-action" not in element.attrib and "data-nav" not in element.attrib:
            continue
        what = element.get("data-action") or element.get("data-nav")
        label = element.get("aria-label") or ""
        if element.get("role") not in ("button", "gridcell", "img"):
            found.append(f"{what}: role {element.get('role')}")
        if element.get("tabindex") != "-1":
            found.append(f"{what}: tabindex {element.get('tabindex')}")
        if len(label) < 4 or not label[0].isupper():
            found.append(f"{what}: label {label!r}")
        if "data-action" not in element.attrib and element.get("role") != "img" \
                and element.get("aria-disabled") != "true":
            found.append(f"{what}: not clickable now, but not said to be disabled")
        if element.get("role") == "gridcell":
            row = parents.get(element)
            grid = parents.get(row) if row is not None else None
            if row is None or row.get("role") != "row" or grid is None or grid.get("role") != "grid":
                found.append(f"{what}: a gridcell outside a row of a grid")
    return found


@pytest.mark.parametrize("name,players", [(n, p) for n, counts in GAMES.items() for p in counts])
def test_every_element_a_keyboard_reaches_has_a_role_and_a_name(name, players):
    widget = importlib.import_module(f"goose_widgets.games.{name}.widget")
    options = [{}, {option: True for option in getattr(widget, "OPTIONS", {}) or {}}]
    if name == "sneaky_goose":
        options.append({"mode": "slam-any"})  # not the window's: the slam buttons stay off
    problems: set[str] = set()
    for seed in (1, 2):
        for observation, legal in positions(name, players, seed):
            for option in options:
                svg = widget.render(observation, legal, **option)
                problems.update(problems_in(svg, TITLES[name]))
                assert actions_in(svg) <= {str(a) for a in legal} | {a for a in actions_in(svg)
                                                                      if a.startswith("ui:")}
    assert not problems, sorted(problems)[:10]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_walkthrough_step_is_named_for_a_screen_reader(name):
    scenarios = importlib.import_module(f"goose_widgets.games.{name}.examples").SCENARIOS
    problems: set[str] = set()
    for scenario in scenarios:
        player = walkthrough(name, scenario)
        for step in range(len(player.states)):
            player.go(step)
            problems.update(problems_in(player.board.svg, TITLES[name]))
        assert player.board.announcements[-1].startswith(f"Step {len(player.states) - 1}: ")
    assert not problems, sorted(problems)[:10]


def test_the_goose_board_names_the_dice_and_every_square_along_the_spiral():
    table = play("game_of_the_goose", ["human", "random"], seed=3, bot_delay=0)
    root = ET.fromstring(table.board.svg)
    squares = [e.get("data-nav") for e in root.iter() if (e.get("data-nav") or "").startswith("square ")]
    assert squares == [f"square {n}" for n in range(64)]  # the keyboard's order is the spiral's
    labels = labels_in(table.board.svg)
    assert "Start, square 0: Player 1's pawn and Player 2's pawn" in labels
    assert "Square 31, the Well" in labels and "Square 6, the Bridge (crosses over to 12)" in labels
    assert "Roll the dice" in labels
    assert root.get("aria-label") == "Game of the Goose: Round 1: Player 1 to roll"
    table.click("roll")
    where = table.state.positions[1]
    assert any(label.startswith(f"Square {where}") and label.endswith("Player 2's pawn")
               for label in labels_in(table.board.svg)) or where == table.state.positions[0]


def test_labels_use_the_seat_names_and_the_actions_own_words():
    table = play("boo_to_the_goose", ["human", "human"], seed=2, bot_delay=0, seat_names=["Ann", "Bo"])
    table.click("play goose")
    table.click("__curtain__")
    table.click("play fox")
    table.click("__curtain__")
    labels = labels_in(table.board.svg)
    assert "Flip Ann's card 1" in labels
    assert table.board.svg.count("aria-label=\"Ann's card") == 0  # the card to flip says so, once
    assert any(label.startswith("Your hand: a ") for label in labels)


def test_a_sneaky_goose_card_says_what_this_seat_knows_and_nothing_more():
    from goose_widgets.games.sneaky_goose.widget import card_label

    table = play("sneaky_goose", ["human", "random"], seed=5, bot_delay=0)
    state = table.state
    obs = state.observation(0)
    labels = labels_in(table.board.svg)
    assert obs.phase == "peek"
    for place, view in enumerate(obs.grids[0]):
        looked = (0, place) in obs.looking
        label = card_label(obs, 0, place, view, face_up=looked, action="done looking" if looked else None)
        assert label in labels
    for place, view in enumerate(obs.grids[1]):
        assert view.card is None
        assert f"Player 2's card {place + 1}, face down" in labels
    table.click("done looking")
    known = [(p, v) for p, v in enumerate(table.state.observation(0).grids[0]) if v.card is not None]
    assert known  # the bottom row seen at the peek
    labels = labels_in(table.board.svg)
    for place, view in known:
        assert any(label.startswith(f"Your card {place + 1}, face down: you know it is a {view.card.label}")
                   or (f"Player 1's card {place + 1}, face down: you know it is a {view.card.label}" in label)
                   for label in labels), labels


def test_boo_spots_form_a_grid_named_by_placement_and_escape_turns_the_card_back():
    table = play("boo", ["human", "greedy"], seed=1, bot_delay=0)
    svg = table.board.svg
    assert 'role="grid"' in svg and 'data-escape' not in svg  # nothing half-made yet
    card = table.state.hands[0]
    assert f"Place {card} turned 0° with its top-left at column" in " ".join(labels_in(svg))
    table.click("ui:rotation=90")
    table.click("ui:side=back")
    root = ET.fromstring(table.board.svg)
    assert root.get("data-escape") == "ui:rotation=0&side=front"
    assert f"{card} back side up" in labels_in(table.board.svg)
    assert any(label.startswith(f"Place {card} turned 90°, back side up with its top-left")
               for label in labels_in(table.board.svg))
    table.click(root.get("data-escape"))
    assert table.option_values["rotation"] == "0" and table.option_values["side"] == "front"
    assert "data-escape" not in table.board.svg


def test_escape_leaves_sneaky_goose_slam_mode():
    from goose_widgets.games.sneaky_goose.widget import slam_mode

    table = play("sneaky_goose", ["human", "random"], seed=5, bot_delay=0)
    table.set_option("autopass", False)
    table.click("done looking")
    for _ in range(40):  # play until a slam window waits for the learner
        if table.state.phase == "slam window" and table.state.current_player == 0:
            break
        legal = sorted(str(a) for a in table.state.legal_actions())
        table.click("take draw pile" if "take draw pile" in legal else
                    "play it" if "play it" in legal else "skip action" if "skip action" in legal
                    else "pass" if "pass" in legal else legal[0])
    assert table.state.phase == "slam window" and table.state.current_player == 0
    table.click("ui:mode=" + slam_mode(table.state.observation(0)))
    assert ET.fromstring(table.board.svg).get("data-escape") == "ui:mode="
    table.click("ui:mode=")
    assert "data-escape" not in table.board.svg


def test_each_turn_is_announced_once_in_the_move_logs_words():
    table = play("boo_to_the_goose", ["human", "counting", "cautious"], seed=7, bot_delay=0)
    said = table.board.announcements
    assert said == [sentences(table.log)] and said[0].startswith("New game: Player 1 (you), ")
    before = len(table.log)
    table.click("play goose")
    assert len(said) == 2 and len(table.log) > before + 1  # the learner's move and the bots' replies
    assert said[-1] == " ".join(sentences(table.log[before:]).split())
    goose = play("game_of_the_goose", ["human", "random"], seed=1, bot_delay=0)
    goose.click("roll")
    assert len(goose.board.announcements) == 2 and "Player 1 rolled" in goose.board.announcements[-1]
    goose.undo()
    assert goose.board.announcements[-1] == "Undo: back to before your last move."


def test_text_mode_shows_the_position_in_words_and_the_boards_moves_as_buttons():
    """The text mode is drawn by the board's script from the board's ``words`` and its SVG: the
    position in words, and every element the board offers as a button (the browser tests press
    them); the typed commands cover every legal move."""
    table = play("boo_to_the_goose", ["human", "counting"], seed=7, bot_delay=0, text_mode=True)
    assert not table.board.show_svg
    words = table.board.words
    assert any(line.startswith("Your hand:") for line in words["lines"])
    assert any(line.startswith("Player 2: pile") for line in words["lines"])
    commands = {action for _phrase, action in words["commands"]}
    assert commands == {str(a) for a in table.state.legal_actions()} >= actions_in(table.board.svg)
    phrases = {phrase for phrase, _action in words["commands"]}
    assert "Play goose, face down" in phrases and "Play goose, face down" in labels_in(table.board.svg)
    before = len(table.state.history)
    table.click("play goose")
    assert len(table.state.history) > before and table.state.history[before] == "play goose"
    table.text_toggle.value = False
    assert table.board.show_svg


def test_a_move_keeps_its_button_and_no_button_becomes_another_move():
    table = play("game_of_the_goose", ["human", "random"], seed=1, bot_delay=0)
    box = table.buttons
    table._show_buttons(box, [("Roll the dice", "roll"), ("Pass", "pass")])
    roll, other = box.children
    table._show_buttons(box, [("Pass", "pass")])
    assert box.children == (other,)  # the same widget: the keyboard focus stays on it
    table._show_buttons(box, [("Roll again", "roll"), ("Pass", "pass")])
    assert box.children[0] is roll and roll.description == "Roll again" and box.children[1] is other


def test_undo_is_offered_only_when_there_is_a_move_to_take_back():
    table = play("game_of_the_goose", ["human", "random"], seed=1, bot_delay=0, text_mode=True)
    assert table.undo_button.disabled
    table.click("roll")
    assert not table.undo_button.disabled
    table.undo()
    assert table.undo_button.disabled


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_describes_its_position_in_words(name):
    widget = importlib.import_module(f"goose_widgets.games.{name}.widget")
    for observation, _legal in positions(name, min(GAMES[name]), 3, count=10):
        names = [f"Player {s + 1}" for s in range(getattr(observation, "players", 2))]
        lines = widget.describe(observation, names)
        assert lines and all(isinstance(line, str) and line.strip() for line in lines)
