"""Sneaky Goose's slam windows: who may slam next and the slams a window offers.

Rulings: S6 (every card landing on the play pile opens a window; in seat order from the player whose
turn it is, each seat may slam one grid card or pass, at most once per window).
"""

from __future__ import annotations

from functools import lru_cache

from .actions import PASS, Action, Grid, _action

_SLAMS: dict[tuple[int | tuple[int, ...], ...], list[Action]] = {}


def _slams(grids: tuple[Grid, ...]) -> list[Action]:
    """A slam window's legal actions (S6: pass, or slam any grid card): they depend only on where
    the grid cards lie, so each layout's list is made once (windows are most of a game's decisions)."""
    layout: tuple[int | tuple[int, ...], ...]
    if all(map(all, grids)):  # no empty place anywhere (a slot is a truthy tuple, an empty one None)
        layout = tuple(map(len, grids))
    else:
        layout = tuple([len(grid) if all(grid) else _places(grid) for grid in grids])
    actions = _SLAMS.get(layout)
    if actions is None:
        actions = [PASS] + [_action("slam", s, i) for s, grid in enumerate(grids) for i in _places(grid)]
        if len(_SLAMS) >= 100_000:
            _SLAMS.clear()
        _SLAMS[layout] = actions
    return actions


def _places(grid: Grid) -> tuple[int, ...]:
    """The places of a grid that hold a card."""
    return tuple([i for i, slot in enumerate(grid) if slot is not None])


@lru_cache(maxsize=256)
def _after(seat: int, players: int, slammed: tuple[int, ...]) -> tuple[int, ...]:
    """S6: the seats after ``seat`` in a window's order that have not slammed in it yet."""
    return tuple([s for s in _from(seat, players)[1:] if s not in slammed])


@lru_cache(maxsize=64)  # every slam window asks for one of these few seat orders
def _from(first: int, players: int) -> tuple[int, ...]:
    return tuple((first + i) % players for i in range(players))
