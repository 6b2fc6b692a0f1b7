"""Shared helpers of the Sneaky Goose tests."""

from __future__ import annotations

import dataclasses
import random

from goose_widgets.games.sneaky_goose.rules import State


def moves(state: State, *texts: str) -> State:
    """Apply moves given by their ``str`` (actions and chance outcomes alike)."""
    for text in texts:
        state = state.apply_str(text)
    return state


def hidden_twin(state: State, viewer: int, rng: random.Random) -> State | None:
    """The same position except for one card ``viewer`` cannot see: a grid card it does not know (or
    a held card it cannot see) trades places with a card of another kind from the draw pile.
    None when there is no such card."""
    if state.phase in ("round over", "game over"):
        return None
    kinds = [k for k, n in enumerate(state.draw) if n]
    places = [(s, i) for s, i in state.cards() if not state.knows(viewer, s, i)]
    rng.shuffle(places)
    for seat, place in places:
        kind, mask = state.grids[seat][place]
        others = [k for k in kinds if k != kind]
        if others:
            new = rng.choice(others)
            grid = list(state.grids[seat])
            grid[place] = (new, mask)
            grids = state.grids[:seat] + (tuple(grid),) + state.grids[seat + 1:]
            return dataclasses.replace(state, grids=grids, draw=_trade(state.draw, new, kind))
    hidden_hand = state.held is not None and state.held_from == "draw pile" and state.turn != viewer
    if hidden_hand:
        others = [k for k in kinds if k != state.held]
        if others:
            new = rng.choice(others)
            return dataclasses.replace(state, held=new, draw=_trade(state.draw, new, state.held))
    return None


def _trade(counts: tuple[int, ...], out: int, back: int) -> tuple[int, ...]:
    changed = list(counts)
    changed[out] -= 1
    changed[back] += 1
    return tuple(changed)
