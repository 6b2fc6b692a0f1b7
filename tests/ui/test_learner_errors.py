"""Mistakes a learner makes in `play(...)` and `walkthrough(...)` (issue 8 §4).

Each is raised at the learner's call with a short message that lists the valid choices: the
traceback holds the learner's line and the function they called, not the package's internals.
"""

from __future__ import annotations

import traceback
from pathlib import Path

import pytest

import goose_widgets
from goose_widgets import play, walkthrough

PACKAGE = str(Path(goose_widgets.__file__).parent)

SNEAKY_SETUP = "setting up: the deal and the peek"
MISTAKES = [
    (lambda: play("gose"), ValueError, "unknown game 'gose'; valid names: boo, boo_to_the_goose"),
    (lambda: play("boo", ["human", "lookahed"]), ValueError,
     "Player 2: unknown bot 'lookahed'; choose 'human' or one of: expert, greedy, lookahead, random"),
    (lambda: play("boo", ["human", 3]), TypeError, "Player 2 must be 'human', a bot name or a bot"),
    (lambda: play("boo", "human"), TypeError, "players must be a list of seats"),
    (lambda: play("boo", ["human", "random"], seat_names=["Ann"]), ValueError,
     "seat_names has 1 name(s) for 2 seats"),
    (lambda: play("boo", ["human", "random"], seat_names="AB"), TypeError, "seat_names must be a list"),
    (lambda: play("boo", ["human", "random"], seed="7"), TypeError, "seed must be a whole number"),
    (lambda: play("boo", ["human", "random"], bot_delay=-1), TypeError, "bot_delay must be a number"),
    (lambda: play("game_of_the_goose", ["human"] * 9), ValueError, "players must be from 1 to 6, not 9"),
    (lambda: play("game_of_the_goose", ["human"], colour="red"), ValueError,
     "unknown parameter(s) colour for 'game_of_the_goose'; valid parameters: players, coins"),
    (lambda: walkthrough("boo", "Example Turn 3"), ValueError,
     "unknown scenario 'Example Turn 3'; choose one of: 'Example Turn 1'"),
    (lambda: walkthrough("boo", 3), TypeError, "scenario must be a scenario's name"),
    (lambda: walkthrough("sneaky_goose", SNEAKY_SETUP, memroy=True), ValueError,
     "unknown board option(s) memroy; valid options: "),
    (lambda: walkthrough("sneaky_goose", SNEAKY_SETUP, seat_names=["Ann"]), ValueError,
     "seat_names must be a list of 2 names"),
]


@pytest.mark.parametrize("call,kind,message", MISTAKES, ids=[m[2][:30] for m in MISTAKES])
def test_a_learners_mistake_is_raised_short_at_their_call(call, kind, message):
    with pytest.raises(kind) as caught:
        call()
    assert str(caught.value).startswith(message) and len(str(caught.value)) < 400
    frames = traceback.extract_tb(caught.value.__traceback__)
    inside = [f for f in frames if f.filename.startswith(PACKAGE)]  # not the checkout folder's name
    assert len(inside) == 1, [f"{f.filename}:{f.lineno}" for f in inside]  # only the function called


def test_valid_calls_still_work():
    assert play("boo", ["human", "random"], seed=1, seat_names=["Ann", "Bob"]).seat_names == ["Ann", "Bob"]
    assert walkthrough("sneaky_goose", SNEAKY_SETUP, memory=True).position == 0
