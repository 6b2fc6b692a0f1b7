"""Seeded games of BOO and Sneaky Goose play exactly as they did when the fingerprints were stored.

Each case plays one seeded game with the built-in bots through the public engine contract, twice:
once by `playout` (the engine's fast paths: BOO's `_legal_view`, Sneaky Goose's `_sample_chance`)
and once step by step with `apply`, every bot handed its observation.  Its fingerprint is the full
action history, the final returns and scores, the save (``to_json()``) and every seat's final
observation.  ``tests/seeded_fingerprints.json`` holds them as computed by the engine before its
``rules.py`` became a package (issue 24): any change to what these games do shows here.  When a
rule changes on purpose, regenerate the file with ``python3 tests/test_seeded_fingerprints.py``
and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from goose_widgets import bots_for, load_game, state_from_json
from goose_widgets.engine import playout, split_rngs

STORED = Path(__file__).with_name("seeded_fingerprints.json")

CASES: list[tuple[str, dict[str, Any], tuple[str, ...], int]] = [
    ("boo", {"start_player": 0}, ("random", "random"), 1),
    ("boo", {"start_player": 1}, ("greedy", "random"), 2),
    ("boo", {"start_player": 0}, ("greedy", "greedy"), 3),
    ("boo", {"start_player": 1}, ("lookahead", "greedy"), 4),
    ("boo", {"start_player": 1}, ("random", "lookahead"), 5),
    ("sneaky_goose", {"players": 2, "rounds": 2}, ("random", "memory"), 1),
    ("sneaky_goose", {"players": 3, "rounds": 2}, ("memory", "forgetful", "random"), 2),
    ("sneaky_goose", {"players": 4, "rounds": 1}, ("forgetful", "memory", "memory", "random"), 3),
    ("sneaky_goose", {"players": 6, "rounds": 1}, ("memory",) * 3 + ("forgetful",) * 2 + ("random",), 4),
    ("sneaky_goose", {"players": 5, "rounds": 3}, ("memory", "random", "forgetful", "memory", "random"), 5),
    ("sneaky_goose", {"players": 2, "rounds": 5}, ("forgetful", "memory"), 6),
]


def case_id(game: str, params: dict[str, Any], bots: tuple[str, ...], seed: int) -> str:
    settings = ",".join(f"{key}={value}" for key, value in sorted(params.items()))
    return f"{game}[{settings}] {'/'.join(bots)} seed {seed}"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def fingerprint(state: Any) -> dict[str, Any]:
    """What a finished game leaves: the history (in full), returns, scores, save and observations."""
    return {"history": list(state.history), "returns": state.returns(), "scores": state.scores(),
            "to_json": digest(state.to_json()),
            "observations": [digest(repr(state.observation(seat))) for seat in range(state.game.players)]}


def by_playout(game: str, params: dict[str, Any], bots: tuple[str, ...], seed: int) -> Any:
    factories = bots_for(game)
    return playout(load_game(game, **params).new_initial_state(), [factories[b]() for b in bots], rng=seed)


def by_steps(game: str, params: dict[str, Any], bots: tuple[str, ...], seed: int) -> Any:
    """The same kind of game played with the public verbs only (observation, legal_actions, apply)."""
    factories = bots_for(game)
    players = [factories[b]() for b in bots]
    state = load_game(game, **params).new_initial_state()
    chance_rng, bot_rngs = split_rngs(seed, len(players))
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            threshold, total = chance_rng.random(), 0.0
            choice = outcomes[-1][0]
            for outcome, probability in outcomes:
                total += float(probability)
                if threshold < total:
                    choice = outcome
                    break
            state = state.apply(choice)
        else:
            seat = state.current_player
            state = state.apply(players[seat].choose(state.observation(seat), state.legal_actions(),
                                                     bot_rngs[seat]))
    return state


def compute() -> dict[str, Any]:
    table = {}
    for game, params, bots, seed in CASES:
        name = case_id(game, params, bots, seed)
        table[name] = {"playout": fingerprint(by_playout(game, params, bots, seed)),
                       "steps": fingerprint(by_steps(game, params, bots, seed))}
    return table


@pytest.fixture(scope="module")
def stored() -> dict[str, Any]:
    return json.loads(STORED.read_text())


@pytest.mark.parametrize(("game", "params", "bots", "seed"), CASES,
                         ids=[case_id(*case) for case in CASES])
@pytest.mark.parametrize("how", ["playout", "steps"])
def test_a_seeded_game_plays_as_before(stored, how, game, params, bots, seed):
    play = by_playout if how == "playout" else by_steps
    final = play(game, params, bots, seed)
    expected = stored[case_id(game, params, bots, seed)][how]
    got = fingerprint(final)
    assert got["history"] == expected["history"], "the game took another course"
    assert got == expected
    assert state_from_json(final.to_json()) == final  # the save replays to the same position


def test_the_stored_games_are_real_games(stored):
    """The fingerprints hold finished games with a winner, not empty or truncated records."""
    assert set(stored) == {case_id(*case) for case in CASES}
    for name, record in stored.items():
        for how in ("playout", "steps"):
            assert len(record[how]["history"]) >= 48, name  # BOO: 24 placements and their reveals
            assert 1 in record[how]["returns"], name


if __name__ == "__main__":  # regenerate the stored fingerprints (only when a rule changes on purpose)
    STORED.write_text(json.dumps(compute(), indent=1) + "\n")
    print(f"wrote {STORED}", file=sys.stderr)
