"""BOO editions are checked on load (issue 10 §5): coordinates within the documented bound, names
strings, squares pairs of whole numbers, tokens strings; anything else a clear ValueError (a save
holding such an edition an InvalidSaveError), before any game is built on it."""

from __future__ import annotations

import copy
import json
import math
import random
from typing import Any

import pytest

from goose_widgets import load_game
from goose_widgets.engine import InvalidSaveError, state_from_json
from goose_widgets.games.boo.rules import MAX_COORDINATE, MAX_DECK, STANDARD_EDITION, Edition


def standard_json() -> dict[str, Any]:
    return load_game("boo").params()["edition"]


def gate_index(data: dict[str, Any]) -> int:
    return next(i for i, card in enumerate(data["cards"]) if card["deck"] == "gate")


def test_a_gate_card_moved_to_row_a_million_is_refused() -> None:
    """The reproducer: one edited coordinate used to make a step take seconds and a render 187 MB."""
    data = standard_json()
    data["cards"][gate_index(data)]["at"] = [[10**6, 0], [10**6, 1], [10**6, 2]]
    with pytest.raises(ValueError, match=f"from {-MAX_COORDINATE} to {MAX_COORDINATE}"):
        load_game("boo", edition=data)
    table = "K1 black B^ B^ B^\nW1 white W^ W^ W^\nG1 gate T Bv W^ (1000000,0) (1000000,1) (1000000,2)"
    with pytest.raises(ValueError, match="gate squares"):
        load_game("boo", edition=table)


def test_a_save_with_an_unbounded_edition_is_an_invalid_save() -> None:
    save = json.loads(load_game("boo").new_initial_state().to_json())
    cards = save["params"]["edition"]["cards"]
    cards[gate_index(save["params"]["edition"])]["at"] = [[0, 10**7], [0, 10**7 + 1], [0, 10**7 + 2]]
    with pytest.raises(InvalidSaveError, match="gate squares"):
        state_from_json(json.dumps(save))


def test_the_bound_itself_is_allowed_and_plays() -> None:
    data = standard_json()
    data["cards"][gate_index(data)]["at"] = [[MAX_COORDINATE, MAX_COORDINATE - 2],
                                             [MAX_COORDINATE, MAX_COORDINATE - 1],
                                             [MAX_COORDINATE, MAX_COORDINATE]]
    game = load_game("boo", edition=data)
    state = game.new_initial_state()
    while not state.is_terminal() and state.is_chance_node():
        state = state.apply(state.chance_outcomes()[0][0])
    assert state.legal_actions()


@pytest.mark.parametrize(("field", "value", "message"), [
    ("name", 5, "card name"),
    ("name", "two words", "card name"),
    ("name", "", "card name"),
    ("name", "X" * 13, "card name"),
    ("deck", ["black"], "deck must be"),
    ("squares", [["B^"], "T", "T"], "three squares"),
    ("squares", ["B^", "T"], "three squares"),
    ("squares", {"a": 1}, "must be lists"),
    ("at", [[0.0, 0], [0, 1], [0, 2]], "gate squares"),
    ("at", [[True, 0], [0, 1], [0, 2]], "gate squares"),
    ("at", [[math.inf, 0], [0, 1], [0, 2]], "gate squares"),
    ("at", [[0, 0, 0], [0, 1], [0, 2]], "gate squares"),
    ("at", [[[0], 0], [0, 1], [0, 2]], "gate squares"),
    ("at", [0, 1, 2], "gate squares"),
    ("at", [[0, 0]] * 4, "at most three"),
    ("at", "(0,0) (0,1) (0,2)", "must be lists"),
])
def test_each_malformed_field_is_a_clear_value_error(field: str, value: Any, message: str) -> None:
    data = standard_json()
    data["cards"][gate_index(data)][field] = value
    with pytest.raises(ValueError, match=message):
        Edition.coerce(data)


def test_editions_too_large_are_refused() -> None:
    data = standard_json()
    data["cards"] = data["cards"] * 100
    with pytest.raises(ValueError, match=f"at most {MAX_DECK} cards"):
        Edition.coerce(data)
    with pytest.raises(ValueError, match="20,000 characters"):
        Edition.from_table("huge", "K1 black B^ B^ B^\n" * 10_000)
    with pytest.raises(ValueError, match="edition's name"):
        Edition.coerce({"name": ["x"], "cards": standard_json()["cards"]})


JUNK: list[Any] = [None, True, 1.5, -1, 10**6, -(10**9), math.nan, math.inf, "", "x" * 500, [], {}, [[]],
                   [1, 2], [[1, 2]], {"a": 1}, "B^", "(0,0)", [[0, 0], [0, 1], [0, 2]], ("T", "T", "T")]


def test_fuzz_random_edits_load_or_raise_value_error() -> None:
    """Random fields of random cards replaced by junk: every edit either loads (a valid edition) or
    raises ValueError; no other exception, and a loaded edition keeps its gate within the bound."""
    rng = random.Random(10)
    original = standard_json()
    loaded = refused = 0
    for _ in range(600):
        data = copy.deepcopy(original)
        for _ in range(rng.randint(1, 3)):
            card = rng.choice(data["cards"])
            card[rng.choice(["name", "deck", "squares", "at"])] = copy.deepcopy(rng.choice(JUNK))
        try:
            edition = Edition.coerce(data)
        except ValueError:
            refused += 1
            continue
        loaded += 1
        assert all(abs(v) <= MAX_COORDINATE for card in edition.gate for sq in card.at for v in sq)
    print(f"edition fuzz: {loaded + refused} edits, {refused} refused, {loaded} loaded")
    assert refused > 400 and loaded + refused == 600


def test_the_standard_edition_round_trips() -> None:
    assert Edition.coerce(json.loads(json.dumps(standard_json()))) == STANDARD_EDITION
