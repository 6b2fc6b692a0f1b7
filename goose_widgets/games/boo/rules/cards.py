"""BOO's cards on the table and the moves: where a placed card lies (`footprint`, `Placed`,
`make_placed`, `orientations`), the actions `Place` and `Scare`, the chance outcome `Reveal`, and
`ScareRecord`, what one scare did.

Rulings: O3 (three squares in a line, 4 rotations, either side up), O5 (`Scare`: the player orders
the scares where the order matters), O2 and O7 (`Reveal`: the set-up draws and each new top card are
chance outcomes), O8 (a flipped card keeps its squares; its side toggles).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import NamedTuple

from ....engine import from_fields
from .edition import CardSpec
from .tokens import COLOURS, ROTATIONS, SIDES, Square, flip_token, rotate_token


def footprint(row: int, col: int, rotation: int) -> tuple[Square, Square, Square]:
    """The squares of card squares 0, 1, 2 for a placement whose top-left square is (row, col)."""
    if rotation == 0:
        return ((row, col), (row, col + 1), (row, col + 2))
    if rotation == 90:
        return ((row, col), (row + 1, col), (row + 2, col))
    if rotation == 180:
        return ((row, col + 2), (row, col + 1), (row, col))
    if rotation == 270:
        return ((row + 2, col), (row + 1, col), (row, col))
    raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation!r}.")


@dataclass(frozen=True)
class Placed:
    """A card in the graveyard: its squares (along the card) and what each holds now."""

    name: str
    deck: str
    squares: tuple[Square, ...]  # three: `footprint` for placed cards, a `CardSpec.at` for gate cards
    tokens: tuple[str, ...]
    side: str = "front"
    rotation: int | None = None  # None for gate cards (their facings are given absolutely)

    def flipped(self) -> Placed:
        return from_fields(Placed, {  # the constructor, less its frozen field-by-field set-up
            "name": self.name, "deck": self.deck, "squares": self.squares,
            "tokens": tuple(map(flip_token, self.tokens)),
            "side": "back" if self.side == "front" else "front", "rotation": self.rotation})

    @property
    def vertical(self) -> bool:
        return self.squares[0][1] == self.squares[1][1]


def make_placed(spec: CardSpec, row: int, col: int, rotation: int, side: str) -> Placed:
    """The card ``spec`` as it lies after ``place <spec> at (row,col) rot <rotation> <side>``."""
    if side not in SIDES:
        raise ValueError(f"side must be front or back, not {side!r}.")
    squares = footprint(row, col, rotation)  # first: it refuses a rotation that is not one of ROTATIONS
    return from_fields(Placed, {"name": spec.name, "deck": spec.deck, "squares": squares,  # a turn's card
                                "tokens": _turned(spec.squares, rotation, side), "side": side,
                                "rotation": rotation})


@functools.lru_cache(maxsize=4096)  # a few hundred ways a card can lie: each worked out once
def _turned(tokens: tuple[str, ...], rotation: int, side: str) -> tuple[str, ...]:
    """A card's tokens (front, reference pose) as they lie turned ``rotation`` degrees, ``side`` up."""
    if side != "front":
        tokens = tuple(flip_token(t) for t in tokens)
    return tuple(rotate_token(t, rotation) for t in tokens)


@functools.cache
def orientations(spec: CardSpec) -> tuple[tuple[bool, int, str, tuple[str, ...]], ...]:
    """The distinct ways a card can lie: ``(vertical, rotation, side, tokens)``, with ``tokens``
    listed left to right (or top to bottom).  A card that looks the same turned half round (like
    ``B< T B>``) keeps only its first rotation, so search does not try the same placement twice."""
    found: dict[tuple[bool, tuple[str, ...]], tuple[bool, int, str, tuple[str, ...]]] = {}
    for side in SIDES:
        for rotation in ROTATIONS:
            card = make_placed(spec, 0, 0, rotation, side)
            tokens = tuple(t for _, t in sorted(zip(card.squares, card.tokens)))
            found.setdefault((card.vertical, tokens), (card.vertical, rotation, side, tokens))
    return tuple(found.values())


# --- actions and chance outcomes --------------------------------------------------------------
class Place(NamedTuple):
    """Place the card in hand; (row, col) is the top-left square it covers.

    A named tuple rather than a dataclass: a turn offers hundreds of placements, and tuples are
    several times cheaper to build and compare."""

    card: str
    row: int
    col: int
    rotation: int
    side: str

    def __str__(self) -> str:
        return f"place {self.card} at ({self.row},{self.col}) rot {self.rotation} {self.side}"


@dataclass(frozen=True, order=True)
class Scare:
    """Let the active ghost on ``square`` scare next (only offered when the order matters)."""

    square: Square

    def __str__(self) -> str:
        return f"scare with ghost at ({self.square[0]},{self.square[1]})"


@dataclass(frozen=True, order=True)
class Reveal:
    """Chance: ``card`` comes from the seat's unseen deck into its hand or onto the top of its deck."""

    seat: int
    card: str
    into: str  # "hand" or "top"

    def __str__(self) -> str:
        if self.into == "hand":
            return f"{COLOURS[self.seat]} takes {self.card} into hand"
        return f"{COLOURS[self.seat]}'s deck shows {self.card}"


# --- scaring: one line of sight and its result ------------------------------------------------
@dataclass(frozen=True)
class ScareRecord:
    """What one active ghost did: the squares its sight crossed and where and why it stopped.

    ``outcome`` is "flip" (the card ``flipped`` turned over), "tombstone", "faces back", "own card"
    (a ghost of the other colour on the active card, O5a) or "nothing" (left the graveyard).
    """

    ghost: Square
    token: str
    path: tuple[Square, ...]
    stop: Square | None
    outcome: str
    flipped: str | None = None


_PLACE = re.compile(r"^place (\S+) at \((-?\d+),(-?\d+)\) rot (\d+) (front|back)$")


def parse_place(text: str) -> Place:
    """The `Place` written as ``place K3 at (2,6) rot 90 back``."""
    match = _PLACE.match(text.strip())
    if not match:
        raise ValueError(f"cannot read {text!r}; write e.g. 'place K3 at (2,6) rot 90 back'.")
    card, row, col, rotation, side = match.groups()
    if int(rotation) not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation}.")
    return Place(card, int(row), int(col), int(rotation), side)
