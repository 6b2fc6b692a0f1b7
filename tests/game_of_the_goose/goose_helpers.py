"""Small helpers shared by the Game of the Goose tests."""

from __future__ import annotations

from goose_widgets import load_game


def game(**params):
    return load_game("game_of_the_goose", **params)


def throw(state, *dice: str):
    """Roll and throw ``dice`` (e.g. "6+3") for each seat in turn; returns the final state."""
    for pair in dice:
        state = state.apply_str("roll").apply_str(pair)
    return state


def position(players: int = 2, **kwargs):
    """A constructed position: ``position(2, positions=(20, 24))``."""
    params = {k: kwargs.pop(k) for k in ("coins", "well_turns") if k in kwargs}
    return game(players=players, **params).state_at(**kwargs)
