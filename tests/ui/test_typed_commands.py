"""Typed commands and what the boards say (issue 32), checked without a browser.

The matching of what a learner types lives in the board's script (``goose_widgets/ui/board.js``);
these tests run that very file under Node.js (skipped where Node.js is missing; the browser tests
play whole games by typed commands either way):

- every phrase the words offer for a legal move names that move and no other, in positions along
  random games of every game (so no move is out of a typed command's reach, and none is mistaken);
- the ways a learner says things: "flip 3", "peek 2", "draw", "swap 1", "place K12 at column 4,
  row -3, turned 90 degrees, back side up", a 0° turn and the front side left out.

And in Python: what is said of a bot's turn in BOO is one short sentence in words (the scares on
demand), and a seat's own draw is named to it alone.
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import subprocess
from pathlib import Path

import pytest

from goose_widgets import play
from goose_widgets.ui.seat_view import game_view
from goose_widgets.ui.words import seat_words

from .test_board_size import positions

SCRIPT = Path(__file__).resolve().parents[2] / "goose_widgets" / "ui" / "board.js"
GAMES = {"game_of_the_goose": 2, "boo_to_the_goose": 3, "sneaky_goose": 2, "boo": 2}
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js runs the board's script outside a browser")

RESOLVE_ALL = """
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = [];
for (const c of cases) {
  const typed = c.typed || c.commands.map(([phrase]) => phrase);
  for (const text of typed) out.push([text, GooseBoard.resolve(text, c.commands).map(([a]) => a)]);
}
console.log(JSON.stringify(out));
"""


def resolve(cases: list[dict]) -> list[tuple[str, list[str]]]:
    """What the board's script makes of each typed text of each case (``commands`` and ``typed``,
    default: every phrase of the commands)."""
    assert NODE is not None
    done = subprocess.run([NODE, "-e", SCRIPT.read_text("utf-8") + RESOLVE_ALL], input=json.dumps(cases),
                          capture_output=True, text=True, check=True, timeout=300)
    return [(text, actions) for text, actions in json.loads(done.stdout)]


def words_at(name: str, observation, legal) -> dict:
    view = game_view(name)
    seat = getattr(observation, "seat", getattr(observation, "to_move", 0))
    names = [f"Player {s + 1}" for s in range(GAMES[name])] if name != "boo" else ["Black", "White"]
    svg = view.render(observation, legal, seat_names=names)
    return seat_words(view, observation, legal, names, svg, seat=seat, status="status", log=[])


@needs_node
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_phrase_of_a_legal_move_names_that_move_alone(name):
    cases, checked = [], 0
    for observation, legal in positions(name, GAMES[name], 4, count=12 if name == "boo" else 30):
        words = words_at(name, observation, legal)
        assert {action for _, action in words["commands"]} == {str(a) for a in legal}
        cases.append({"commands": words["commands"]})
    found = resolve(cases)
    wanted = [action for case in cases for _, action in case["commands"]]
    for (text, actions), action in zip(found, wanted):
        assert actions == [action], (name, text, action, actions[:4])
        checked += 1
    assert checked > 10


@needs_node
def test_the_ways_a_learner_says_a_move():
    table = play("boo", ["human", "greedy"], seed=5, bot_delay=0)
    legal = [a for a in table.state.legal_actions()]
    turned = next(a for a in legal if a.rotation == 90 and a.side == "back")
    plain = next(a for a in legal if a.rotation == 0 and a.side == "front")
    boo = {"commands": table.board.words["commands"],
           "typed": [f"place {turned.card} at column {turned.col}, row {turned.row}, turned 90 degrees, "
                     "back side up",
                     f"Place {plain.card} at column {plain.col} row {plain.row}",
                     f"place {plain.card} at ({plain.row},{plain.col}) rot 0 front",  # not the words
                     f"place {plain.card} {plain.col} {plain.row}"]}
    goose = play("game_of_the_goose", ["human", "random"], seed=1, bot_delay=0)
    sneaky = play("sneaky_goose", ["human", "random"], seed=5, bot_delay=0)
    sneaky.set_option("autopass", True)
    sneaky.click("done looking")
    while "take draw pile" not in {str(a) for a in sneaky.state.legal_actions()}:
        sneaky.click("pass")
    draw = {"commands": sneaky.board.words["commands"], "typed": ["draw", "Take the draw pile"]}
    sneaky.click("take draw pile")
    swap = {"commands": sneaky.board.words["commands"], "typed": ["swap 2", "swap into my card 2", "play it"]}
    roll = {"commands": goose.board.words["commands"], "typed": ["roll", "Roll the dice"]}
    found = dict(resolve([boo, roll, draw, swap]))
    assert found[boo["typed"][0]] == [str(turned)]
    assert found[boo["typed"][1]] == [str(plain)]
    assert found[boo["typed"][2]] == []  # the engine's (row,col) is not how a learner says it
    assert len(found[boo["typed"][3]]) > 1  # ambiguous: the learner is asked which one
    assert found["roll"] == ["roll"] and found["Roll the dice"] == ["roll"]
    assert found["draw"] == ["take draw pile"] == found["Take the draw pile"]
    assert found["swap 2"] == ["swap into Player 1's card 2"] == found["swap into my card 2"]
    assert found["play it"] == ["play it"]


@needs_node
def test_flip_and_peek_by_number():
    table = play("boo_to_the_goose", ["human", "random"], seed=3, bot_delay=0)
    for _ in range(200):  # until the learner's own catch round offers flips
        legal = [str(a) for a in table.state.legal_actions()]
        if any(a.startswith("flip") for a in legal):
            break
        table.click("play fox" if "play fox" in legal else legal[0])
    flips = [a for a in legal if a.startswith("flip")]
    number = re.search(r"card (\d+)", flips[0]).group(1)
    same = [a for a in flips if a.endswith(f"card {number}")]
    found = dict(resolve([{"commands": table.board.words["commands"], "typed": [f"flip {number}", "bank"]}]))
    assert found[f"flip {number}"] == same  # one card: played; several players' card N: which one?
    observation, legal = _looking()
    words = words_at("sneaky_goose", observation, legal)
    found = dict(resolve([{"commands": words["commands"], "typed": ["peek 2", "peek 9"]}]))
    assert found["peek 2"] == [f"look at Player {observation.seat + 1}'s card 2"] and found["peek 9"] == []


def _looking():
    """A Sneaky Goose position where the seat may look at one of its own cards (a Nosy Goose's
    action), along random games that take the draw pile and play its card (and never HONK)."""
    import random

    from goose_widgets import load_game
    from goose_widgets.engine import sample_outcome

    for seed in range(50):
        rng = random.Random(seed)
        state = load_game("sneaky_goose", players=2).new_initial_state()
        for _ in range(3000):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state = state.apply(sample_outcome(state, rng))
                continue
            legal = state.legal_actions()
            seat = state.current_player
            if any(a.verb == "look" and a.seat == seat for a in legal):
                return state.observation(seat), legal
            quiet = [a for a in legal if str(a) in ("take draw pile", "play it", "pass", "done looking")]
            state = state.apply(rng.choice(quiet or [a for a in legal if str(a) != "honk"] or legal))
    raise AssertionError("no look at one's own card in 50 games")


def test_a_boo_bot_turn_is_one_short_sentence_in_words():
    table = play("boo", ["greedy", "greedy"], seed=2, bot_delay=0)
    view = game_view("boo")
    said: list[str] = []
    lines = [view.log_words(line) for state in table.states[1:] for line in state.events]
    turns, current = [], []
    for line in lines:
        if " plays " in line and current:
            turns.append(current)
            current = []
        current.append(line)
    turns.append(current)
    for turn in turns[1:]:
        spoken = [line if (s := view.short(line)) is None else s for line in turn]
        said.append(" ".join(part for part in spoken if part))
    words = [len(text.split()) for text in said]
    assert not [text for text in said if re.search(r"\(-?\d|\brot \d", text)], said
    assert max(words) <= 30, said[words.index(max(words))]
    print(f"BOO: a turn said in {statistics.median(words)} words (median), {max(words)} at most; "
          f"in full {statistics.median(len(' '.join(t).split()) for t in turns[1:])} words")


def test_your_own_draw_is_named_to_you_alone():
    table = play("boo_to_the_goose", ["human", "random"], seed=4, bot_delay=0)
    table.click("play goose" if "play goose" in {str(a) for a in table.state.legal_actions()}
                else str(table.state.legal_actions()[0]))
    mine = [line for line in table.log if line.startswith("You draw a ")]
    assert mine and "Player 1 draws a card." in table.log
    hot_seat = play("boo_to_the_goose", ["human", "human"], seed=4, bot_delay=0)
    hot_seat.click(str(hot_seat.state.legal_actions()[0]))
    assert not [line for line in hot_seat.log if line.startswith("You ")]  # a shared screen: nobody's own
