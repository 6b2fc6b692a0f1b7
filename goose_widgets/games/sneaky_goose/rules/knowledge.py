"""Sneaky Goose's grids and who knows what: each grid card is a slot ``(card kind, mask of the seats
that know it)``; the helpers that move cards between grids keep the masks as the rulings say, and
`Observation` shows a seat only what it knows.

Rulings: S3 (a seat learns a card when it sees it, and forgets it when the card leaves its grid face
down: `_learn`, `_away`), S7a (a card that every seat knows stays known to everyone), S12 (what
`Observation` holds: values only where the seat knows them, and the public facts).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..deck import CardType
from .actions import OVER, ROUND_OVER, Grid, RoundResult, Slot, _present


# --- what a seat sees -------------------------------------------------------------------------
@dataclass(frozen=True)
class CardView:
    """One grid card as a seat sees it: the card if this seat knows it (else None), and who knows it."""

    card: CardType | None
    known_by: tuple[int, ...]

    @property
    def value(self) -> int | None:
        return None if self.card is None else self.card.value


@dataclass(frozen=True)
class Observation:
    """Everything ``seat`` may know (S3, S12).  ``grids[s][i]`` is None for an empty place."""

    seat: int
    players: int
    rounds: int
    round: int  # 1-based
    dealer: int
    phase: str
    turn: int
    actor: int  # the seat to decide now, CHANCE or TERMINAL
    turn_number: int
    landings: int  # cards landed on the play pile this round: one slam window each
    grids: tuple[tuple[CardView | None, ...], ...]
    deck: tuple[CardType, ...]
    draw_size: int
    play_counts: tuple[int, ...]  # every card in the play pile by deck row (all were seen face up)
    top: CardType | None
    held: CardType | None  # the taken card, if this seat may see it
    held_from: str
    action_card: CardType | None
    chosen: int | None
    looking: tuple[tuple[int, int], ...]
    queue: tuple[int, ...]
    slammed: tuple[int, ...]
    receiver: int | None
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    gift_place: int | None = None  # the receiver's empty place a gift goes into (all saw the slam)

    @property
    def revealed(self) -> bool:
        """Every card is face up (the end of a round)."""
        return self.phase in (ROUND_OVER, OVER)

    @property
    def play_size(self) -> int:
        return sum(self.play_counts)


# --- small tuple helpers (states hold tuples so that they stay hashable) -------------------------
def _set(items: tuple, index: int, value: Any) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def _minus(counts: tuple[int, ...], kind: int) -> tuple[int, ...]:
    return counts[:kind] + (counts[kind] - 1,) + counts[kind + 1:]


def _plus(counts: tuple[int, ...], kind: int) -> tuple[int, ...]:
    return counts[:kind] + (counts[kind] + 1,) + counts[kind + 1:]


def _put(grid: Grid, place: int, slot: Slot | None) -> Grid:
    """Set a grid place (growing the grid as needed); trailing empty places are dropped."""
    if slot is not None:  # the frequent cases, where no empty place can end up last
        if place == len(grid):
            return grid + (slot,)
        if place < len(grid) and grid[-1] is not None:
            return grid[:place] + (slot,) + grid[place + 1:]
    cells = list(grid) + [None] * (place + 1 - len(grid))
    cells[place] = slot
    while cells and cells[-1] is None:
        cells.pop()
    return tuple(cells)


def _away(slot: Slot, owner: int, everyone: int) -> Slot:
    """S3: a card leaving ``owner``'s grid face down (swapped away unseen, given away) moves out of
    ``owner``'s sight; whoever else knew it watched it move and still knows it.  S7a: a card that
    ``everyone`` knows stays known to everyone, its old owner included (all saw where it went)."""
    if slot[1] == everyone:
        return slot
    return slot[0], slot[1] & ~(1 << owner)


def _learn(grids: tuple[Grid, ...], seat: int, place: int, mask: int) -> tuple[Grid, ...]:
    kind, known = _present(grids[seat][place], "card to look at")
    return _set(grids, seat, _put(grids[seat], place, (kind, known | mask)))


class _Views(dict[tuple[int, int], "CardView"]):
    """Grid cards as seen, by (deck row, or -1 for a card the seat does not know; mask of the seats
    that know it), each made once (observations share them: views are immutable)."""

    def __init__(self, deck: tuple[CardType, ...]):
        super().__init__()
        self.deck = deck

    def __missing__(self, key: tuple[int, int]) -> CardView:
        kind, mask = key
        view = self[key] = CardView(None if kind < 0 else self.deck[kind],
                                    tuple(s for s in range(mask.bit_length()) if mask >> s & 1))
        return view
