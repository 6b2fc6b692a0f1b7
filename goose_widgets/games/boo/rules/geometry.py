"""BOO's footprints and geometry: squares as whole numbers (the search's own form), the legal
places for a card (footprints) and the `Place` actions on them, kept per card and footprint.

Rulings: O3 (a placement covers three empty squares in a line, at least one sharing a side with a
card already in the graveyard), O4 (`sight_squares`: the squares of a line of sight).
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Collection, Container, Iterable, Sequence
from itertools import chain, filterfalse
from operator import itemgetter
from typing import Any

from .cards import Place
from .tokens import FACINGS, GHOST_COLOURS, SIDES, STEP, Square

# --- squares as whole numbers (the search's own form) -----------------------------------------
# A square (row, col) is the number ``row * STRIDE + col``: its neighbours are +-1 and +-STRIDE, a
# step along a line of sight is one addition, and numbers sort as the pairs do.  A footprint
# (row, col, vertical) is ``2 * square + vertical``, which sorts as the triples do.  Hashing and
# comparing a number costs far less than a tuple, and a turn looks up hundreds of squares.  The
# public forms (`Graveyard.tokens`, `footprints`, `ScareRecord`, `State.pending`) stay pairs.
STRIDE = 1 << 12
_HALF = STRIDE // 2
MAX_REACH = _HALF - 8
"""Rows and columns of the graveyard stay within +-MAX_REACH (a game stays within about
``MAX_COORDINATE + 3 * 2 * MAX_DECK``; `position` checks the squares it is given)."""
KEY_STEP = {facing: dr * STRIDE + dc for facing, (dr, dc) in STEP.items()}
_TAG = {(facing, colour): 2 * FACINGS.index(facing) + GHOST_COLOURS.index(colour)
        for facing in FACINGS for colour in GHOST_COLOURS}
"""A ray's facing and colour as 0..7, so that a ray from a square is one number (8 * square + tag)."""


def key_of(square: Square) -> int:
    """A square as its number."""
    return square[0] * STRIDE + square[1]


def square_of(key: int) -> Square:
    """A square number as ``(row, col)``."""
    row = (key + _HALF) // STRIDE
    return row, key - row * STRIDE


def footprint_of(number: int) -> tuple[int, int, bool]:
    """A footprint number as ``(row, col, vertical)``."""
    row, col = square_of(number >> 1)
    return row, col, bool(number & 1)


def footprint_number(footprint: tuple[int, int, bool]) -> int:
    row, col, vertical = footprint
    return 2 * (row * STRIDE + col) + bool(vertical)


def sight_squares(start: int, step: int, stop: int | None = None) -> range:
    """The squares (numbers, `key_of`) of the line of sight that starts at ``start`` and moves by
    ``step``, up to ``stop`` included (None: to the end of its row or column)."""
    if stop is not None:
        return range(start, stop + step, step)
    if step == 1 or step == -1:  # along a row: its numbers run from row * STRIDE - half on
        row = (start + _HALF) // STRIDE
        return range(start, row * STRIDE + (_HALF if step == 1 else -_HALF - 1), step)
    return range(start, start + step * STRIDE, step)


def frontier(tokens: dict[Square, str], squares: Iterable[Square]) -> set[Square]:
    """Empty squares (not in ``tokens``) sharing a side with one of ``squares``."""
    return {(r + dr, c + dc) for r, c in squares for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if (r + dr, c + dc) not in tokens}


def footprints_touching(filled: Container[int], near: Iterable[int]) -> set[int]:
    """The footprints (numbers) of three empty squares in a line that cover one of the empty
    squares ``near`` (O3, where ``near`` is the frontier of the cards); ``filled`` holds the
    numbers of the squares under a card."""
    found: set[int] = set()
    add = found.add
    up = STRIDE
    for k in near:
        if k in filled:
            continue
        # the two squares on each side decide which of the three footprints through k are free
        here = 2 * k
        w1, e1 = k - 1 not in filled, k + 1 not in filled
        if w1 and k - 2 not in filled:
            add(here - 4)
        if w1 and e1:
            add(here - 2)
        if e1 and k + 2 not in filled:
            add(here)
        n1, s1 = k - up not in filled, k + up not in filled
        if n1 and k - 2 * up not in filled:
            add(here - 4 * up + 1)
        if n1 and s1:
            add(here - 2 * up + 1)
        if s1 and k + 2 * up not in filled:
            add(here + 1)
    return found


def footprints_after(known: Sequence[int], filled: Collection[int], keys: Sequence[int]) -> tuple[int, ...]:
    """The legal footprints (O3, numbers, sorted) once a card lies on the squares ``keys``
    (numbers, already in ``filled``), from those ``known`` (sorted) before it: the old ones it does
    not cover and the new ones next to it.  Both lie within a few rows of the card, so only that
    stretch of the sorted list is looked at again (a footprint starts at most two rows above a
    square it covers, and a new one covers a square at most one row beyond the card)."""
    keys = tuple(keys)
    top, bottom = (min(keys) + _HALF) // STRIDE, (max(keys) + _HALF) // STRIDE
    lo = bisect_left(known, 2 * ((top - 3) * STRIDE - _HALF))  # row r's numbers start at r * STRIDE - half
    hi = bisect_left(known, 2 * ((bottom + 2) * STRIDE - _HALF), lo)
    old = known[lo:hi]
    window = list(filterfalse(footprints_covering(keys).__contains__, old))  # still sorted
    added = footprints_next_to(filled, keys)
    added.difference_update(old)
    if added:  # a sorted run and a few more: the sort merges them in far fewer comparisons
        window += added
        window.sort()
    return (*known[:lo], *window, *known[hi:])


def footprints_next_to(filled: Collection[int], keys: Sequence[int]) -> set[int]:
    """The legal footprints (O3, numbers) that touch a card just laid on the squares ``keys``
    (numbers, already in ``filled``): with those it does not cover, all that are legal after it."""
    return footprints_touching(filled, _around(tuple(keys)).difference(filled))  # the new frontier


@functools.lru_cache(maxsize=1 << 16)
def footprints_covering(keys: tuple[int, ...]) -> frozenset[int]:
    """Every footprint (number), legal or not, that covers one of the squares ``keys``; kept,
    since the same squares recur in game after game."""
    return frozenset(f for k in keys for j in range(3) for f in (2 * (k - j), 2 * (k - j * STRIDE) + 1))


def _neighbours(keys: Iterable[int]) -> set[int]:
    """The squares sharing a side with one of the squares ``keys`` (less the squares taken, the
    frontier)."""
    return {k + d for k in keys for d in (1, -1, STRIDE, -STRIDE)}


@functools.lru_cache(maxsize=1 << 16)
def _around(keys: tuple[int, ...]) -> frozenset[int]:
    """`_neighbours` of a card's squares, kept: the same squares recur in game after game."""
    return frozenset(_neighbours(keys))



TURNS = {vertical: tuple((rotation, side) for rotation in ((90, 270) if vertical else (0, 180))
                         for side in SIDES) for vertical in (0, 1)}
"""The rotations and sides of a card on a vertical or horizontal footprint, in the listed order."""


def placements_for(footprints: Sequence[int], card: str) -> list[Place]:
    """The `Place` actions for ``card`` on the given footprints (numbers, `footprint_number`): two
    rotations times two sides each.

    A turn offers hundreds of placements, nearly all offered before on the same squares, so each is
    built once (they are immutable) and kept, per card and footprint, in ``_PLACES``."""
    table = _PLACES.get(card)
    if table is None:
        if len(_PLACES) >= _PLACES_CARDS:  # many editions in one process: start again
            _PLACES.clear()
        table = _PLACES[card] = {}
    try:
        if len(footprints) > 1:  # one C call looks them all up (`itemgetter` of one returns no tuple)
            return list(chain.from_iterable(itemgetter(*footprints)(table)))
        return list(chain.from_iterable(map(table.__getitem__, footprints)))
    except KeyError:  # footprints new to this card: build their placements, then look again
        _build_places(table, card, footprints)
        return placements_for(footprints, card)


class PlacementView(Sequence[Place]):
    """The list `placements_for` gives, read item by item: ``view[i]`` is ``placements_for(
    footprints, card)[i]``, found only when read (the engine's ``_legal_view``, for a bot that reads a
    few of hundreds, such as a random playout's).  ``served`` is the last placement read."""

    __slots__ = ("footprints", "card", "table", "served")

    def __init__(self, footprints: tuple[int, ...], card: str) -> None:
        self.footprints, self.card = footprints, card
        self.served: Place | None = None
        self.table = _PLACES.get(card)

    def __len__(self) -> int:
        return 4 * len(self.footprints)

    def __getitem__(self, index: Any) -> Any:
        if type(index) is not int:  # a slice, or a look-alike of an int: the list's answer
            return placements_for(self.footprints, self.card)[index]
        footprint = self.footprints[index >> 2]  # four per footprint (IndexError beyond the end)
        table = self.table
        if table is None or footprint not in table:
            places_on(self.card, footprint)  # builds this footprint's placements (and the table)
            self.table = table = _PLACES[self.card]
        self.served = place = table[footprint][index & 3]
        return place


def places_on(card: str, footprint: int) -> tuple[Place, ...]:
    """The four `Place` actions of `placements_for` on one footprint (number), as a tuple."""
    table = _PLACES.get(card)
    if table is None or footprint not in table:
        placements_for((footprint,), card)  # builds them
        table = _PLACES[card]
    return table[footprint]


def _build_places(table: dict[int, tuple[Place, ...]], card: str, footprints: Iterable[int]) -> None:
    new = tuple.__new__  # `Place(...)` less its Python-level constructor
    for footprint in footprints:
        if footprint not in table:
            square = footprint >> 1
            row = (square + _HALF) // STRIDE  # `footprint_of`, written out: built often
            col = square - row * STRIDE
            (r0, s0), (r1, s1), (r2, s2), (r3, s3) = TURNS[footprint & 1]
            table[footprint] = (
                new(Place, (card, row, col, r0, s0)), new(Place, (card, row, col, r1, s1)),
                new(Place, (card, row, col, r2, s2)), new(Place, (card, row, col, r3, s3)))


_PLACES: dict[str, dict[int, tuple[Place, ...]]] = {}
_PLACES_CARDS = 256
