"""Fuzzing `apply` (issue 10 §2-3), all four games: junk, out-of-range and equal-but-different
inputs give `IllegalActionError` and change nothing; the history stays canonical, saves replay."""

from __future__ import annotations

import pytest

from goose_widgets.engine import IllegalActionError, state_from_json

from .inputs import GAME_IDS, GAMES, Impostor, options, out_of_range, positions, sample, twins
from .inputs import junk as junk_inputs


def _refused(state, action) -> bool:
    """Apply ``action``: True if refused cleanly (state unchanged); False if it was legal."""
    before_save, before_history = state.to_json(), state.history
    try:
        state.apply(action)
    except IllegalActionError as err:
        assert str(err)  # the message could be built
        assert state.to_json() == before_save and state.history == before_history
        return True
    return False


@pytest.mark.parametrize("name, params", GAMES, ids=GAME_IDS)
def test_junk_actions_are_refused_cleanly(name, params):
    tried = 0
    junk = junk_inputs()
    for state in positions(name, params, every=7, limit=12):
        for action in junk:
            assert _refused(state, action), f"{name} accepted junk {action!r}"
            tried += 1
        for legal in sample(options(state), 6, tried):
            for action in out_of_range(legal):
                if not _refused(state, action):  # rare, but an edited field can name another legal move
                    assert action in options(state)
                tried += 1
    print(f"\nfuzz {name}: {tried} junk and out-of-range actions tried")
    assert tried >= 300


@pytest.mark.parametrize("name, params", GAMES, ids=GAME_IDS)
def test_equal_but_different_actions_are_refused_and_saves_replay(name, params):
    tried = 0
    for state in positions(name, params, every=5, limit=12):
        if state.is_terminal():
            continue
        for legal in sample(options(state), 8, tried):
            for twin in [*twins(legal), Impostor(legal)]:
                assert twin == legal
                assert _refused(state, twin), f"{name} accepted {twin!r} for {legal!r}"
                tried += 1
            after = state.apply(legal)
            assert after.history[-1] == str(legal)
            again = state_from_json(after.to_json())
            assert again == after and again.history == after.history
    print(f"\nfuzz {name}: {tried} equal-but-different actions tried")
    assert tried >= 20


@pytest.mark.parametrize("name, params", GAMES, ids=GAME_IDS)
def test_apply_str_refuses_junk_text(name, params):
    tried = 0
    for state in positions(name, params, every=9, limit=8):
        for text in [None, 5, "", " ", "roll ", "ROLL", "x" * 10_000, "\ud800", "1+1\n",
                     *[str(o) + " " for o in options(state)[:3]]]:
            before = state.to_json()
            with pytest.raises(IllegalActionError):
                state.apply_str(text)
            assert state.to_json() == before
            tried += 1
    print(f"\nfuzz {name}: {tried} junk texts tried")
    assert tried >= 40
