"""Fuzzing `state_from_json` (issue 10 §4), all four games: every mutated save either loads (and
is then the game it describes) or raises `InvalidSaveError` saying what is wrong, quickly."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goose_widgets.engine import InvalidSaveError, load_game, playout, state_from_json

from .inputs import GAME_IDS, GAMES


def _save(name: str, params: dict) -> tuple[dict, object]:
    final = playout(load_game(name, **params).new_initial_state(), rng=f"fuzz-save/{name}")
    return json.loads(final.to_json()), final


def _load(text) -> object | None:
    """The loaded state, or None if refused with `InvalidSaveError` (anything else fails)."""
    started = time.perf_counter()
    try:
        return state_from_json(text)
    except InvalidSaveError as err:
        assert str(err)
        return None
    finally:
        assert time.perf_counter() - started < 20  # a hang guard, not a speed measurement


MUST_FAIL = ("deep", "missing", "extra", "no ", "history too long", "huge text", "bad utf-8",
             "not a save", "list", "set in dict", "text cut", "junk step", "format=")
NON_FINITE = ("Infinity", "NaN", "1e999", "11111")
JUNK_VALUES = [None, True, -1, 0, 10**6, 1.5, "x", "", [], {}, [1], {"a": 1}, 2**70]


def _mutations(data: dict) -> list[tuple[str, object]]:
    """(what, save) pairs: a save (dict or text) mutated in one way."""
    text = json.dumps(data)
    params, history = data["params"], data["history"]
    out: list[tuple[str, object]] = []
    deep = "[" * 5000 + "]" * 5000
    out += [("deep text", deep), ("deep object", '{"a":' * 5000 + "1" + "}" * 5000),
            ("deep param", text.replace('"params": {', '"params": {"x": ' + deep + ", ", 1)),
            ("deep history", text.replace('"history": [', '"history": [' + deep + ", ", 1))]
    for token in ("Infinity", "-Infinity", "NaN", "1e999", "-1e999", "1" * 5000):
        for key in params:
            out.append((f"{key}={token}", text.replace(f'"{key}": ', f'"{key}": {token}, "_was": ', 1)))
    params_text = json.dumps(params)
    for token in ("1e999", "NaN", "-Infinity"):  # a non-finite number anywhere inside the parameters
        for digit in "0123456789":
            if f" {digit}" in params_text:
                nested = params_text.replace(f" {digit}", f" {token}", 1)
                out.append((f"{token} inside params", text.replace(params_text, nested, 1)))
                break
    for key in params:
        out.append((f"missing {key}", {**data, "params": {k: v for k, v in params.items() if k != key}}))
        for value in JUNK_VALUES:
            out.append((f"{key}={value!r}", {**data, "params": {**params, key: value}}))
    out.append(("extra param", {**data, "params": {**params, "colour": "red"}}))
    out.append(("extra key", {**data, "author": "me"}))
    for key in ("format", "game", "params", "history"):
        out.append((f"no {key}", {k: v for k, v in data.items() if k != key}))
        for value in JUNK_VALUES:
            out.append((f"{key}={value!r}", {**data, key: value}))
    for cut in (1, len(history) // 2, len(history) - 1):
        out.append((f"history cut to {cut}", {**data, "history": history[:cut]}))
    for junk in ("", " ", "roll\n", "\u0000", "x" * 10_000, "place", "1+1 ", "stop!"):
        out.append((f"junk step {junk[:8]!r}", {**data, "history": history[:3] + [junk] + history[3:]}))
    out.append(("history too long", {**data, "history": ["roll"] * 100_001}))
    out.append(("huge text", text[:-1] + " " * 5_000_001 + "}"))
    for cut in (0, 1, len(text) // 3, len(text) - 1):
        out.append((f"text cut at {cut}", text[:cut]))
    out += [("bad utf-8", b"\xff\xfe\xfa" + text.encode()), ("not a save", 42), ("list", [data]),
            ("set in dict", {**data, "params": {**params, "players": {1, 2}}})]
    return out


@pytest.mark.parametrize("name, params", GAMES, ids=GAME_IDS)
def test_mutated_saves_load_or_are_refused_clearly(name, params):
    data, final = _save(name, params)
    assert state_from_json(json.dumps(data)) == final
    tried = loaded = 0
    for what, save in _mutations(data):
        state = _load(save)
        tried += 1
        if state is None:
            continue
        loaded += 1
        assert not what.startswith(MUST_FAIL) and not any(t in what for t in NON_FINITE), \
            f"{name}: the save with {what} loaded"
        # a save that loads is exactly the game it states
        stated = save if isinstance(save, dict) else json.loads(save)
        again = json.loads(state.to_json())
        assert again["params"] == stated["params"] and again["history"] == stated["history"]
    print(f"\nfuzz {name}: {tried} mutated saves tried, {loaded} valid ones loaded")
    assert tried >= 120 and loaded >= 3


@pytest.mark.parametrize("name, params", GAMES, ids=GAME_IDS)
def test_every_parameter_must_be_stated(name, params):
    data, _ = _save(name, params)
    for key in data["params"]:
        trimmed = {**data, "params": {k: v for k, v in data["params"].items() if k != key}}
        with pytest.raises(InvalidSaveError, match=f"does not state {key}"):
            state_from_json(trimmed)
    with pytest.raises(InvalidSaveError, match="nested too deeply"):
        state_from_json("[" * 1000 + "]" * 1000)
    with pytest.raises(InvalidSaveError, match="Infinity"):
        state_from_json(json.dumps(data).replace("[", "[Infinity, ", 1))


@pytest.mark.parametrize("name, params", GAMES, ids=GAME_IDS)
def test_random_edits_of_a_save_text_load_or_are_refused(name, params):
    data, _ = _save(name, params)
    text = json.dumps(data)
    counter = {"tried": 0}

    @settings(max_examples=60, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(st.integers(0, len(text)), st.integers(0, 40), st.text(max_size=12))
    def edit(start: int, length: int, insert: str) -> None:
        counter["tried"] += 1
        state = _load(text[:start] + insert + text[start + length:])
        if state is not None:
            assert state.to_json() == json.dumps(json.loads(state.to_json()))

    edit()
    print(f"\nfuzz {name}: {counter['tried']} random text edits tried")
    assert counter["tried"] >= 30
