"""Every cell of a Sneaky Goose save's deck table, fuzzed (issue 18): each mutated save loads or is
refused with `InvalidSaveError`, within a time budget per load, however large the numbers in it
(a 1.6 KB save whose deck gave one card a million copies once took a minute and 1.6 GB)."""

from __future__ import annotations

import json
import time

import pytest

from goose_widgets.engine import InvalidSaveError, load_game, playout, state_from_json
from goose_widgets.games.sneaky_goose.deck import MAX_CARDS, MAX_COPIES, MAX_VALUE

BUDGET = 5.0  # seconds for one load: a hang guard (a bounded load takes milliseconds; figures printed)
NUMBERS = [0, -1, 1, 2, MAX_COPIES, MAX_COPIES + 1, MAX_VALUE + 1, 10**6, 10**9, 2**63, 10**100, -(10**9),
           1.5, True, None, "4", [], 10**4000]
TEXTS = ["", "x" * 61, "x" * 10**5, "none", 4, None, ["Sneaky Goose"]]


def _save() -> dict:
    final = playout(load_game("sneaky_goose", players=2, rounds=1).new_initial_state(), rng="deck-fuzz")
    return json.loads(final.to_json())


SAVE = _save()
ROWS = len(SAVE["params"]["deck"])
CASES = [(row, column, value) for row in range(ROWS) for column, values in
         ((0, TEXTS), (1, NUMBERS), (2, NUMBERS), (3, TEXTS)) for value in values]
TIMES: list[float] = []


@pytest.mark.parametrize("row, column, value", CASES,
                         ids=[f"row{r}-col{c}-{str(v)[:12]}" for r, c, v in CASES])
def test_every_deck_cell_loads_or_is_refused_within_the_budget(row, column, value):
    save = json.loads(json.dumps(SAVE))
    save["params"]["deck"][row][column] = value
    text = json.dumps(save)
    started = time.perf_counter()
    try:
        state = state_from_json(text)
    except InvalidSaveError as err:
        assert str(err)
        state = None
    seconds = time.perf_counter() - started
    TIMES.append(seconds)
    assert seconds < BUDGET
    if state is not None:  # it loaded: then it is a game within the edition's bounds
        assert sum(t.copies for t in state.game.deck) <= MAX_CARDS
        assert all(1 <= t.copies <= MAX_COPIES and abs(t.value) <= MAX_VALUE for t in state.game.deck)


def test_a_deck_of_a_million_copies_is_refused_at_once():
    save = json.loads(json.dumps(SAVE))
    save["params"]["deck"][3][2] = 10**6
    started = time.perf_counter()
    with pytest.raises(InvalidSaveError, match="copies must be from 1 to"):
        state_from_json(json.dumps(save))
    print(f"10**6 copies refused in {time.perf_counter() - started:.4f} s; slowest of "
          f"{len(TIMES)} fuzzed loads: {max(TIMES, default=0):.3f} s")
    with pytest.raises(ValueError, match="at most 400 cards"):
        load_game("sneaky_goose", deck=[(f"Goose {i}", i, 50, "none") for i in range(9)])
