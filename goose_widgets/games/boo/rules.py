"""BOO: the rules engine (graveyard geometry, placement, scaring, drawing, scoring).

Two players, black (seat 0) and white (seat 1), place three-square cards into an unbounded square
grid, the graveyard; the ghosts on the card just placed (the active card) scare ghosts of the other
colour, whose cards flip.  Rulings (``docs/boo.md``) implemented here:

- O1  exactly two players, black (seat 0, the black-lined deck) and white (seat 1); ``start_player``
  chooses who takes the first turn (default black).
- O2  everything is public: graveyard, both hands and both visible top cards.  Only the order of the
  unseen rest of each deck is unknown, and the engine never fixes it: revealing a new top card is a
  chance node over the cards still unseen in that deck (exact `Fraction` probabilities).  The set-up
  draws (each player's hand, then the top card of their deck; black first) are chance nodes too.
- O3  a placement covers three empty squares in a line, at least one sharing a side with a square of
  a card already in the graveyard; any of 4 rotations, either side up.
- O4  every ghost of the active card (either colour) scares once; its line of sight starts at the
  next square in its facing, passes empty squares, voids and ghosts of its own colour, and stops at
  the first tombstone or ghost of the other colour, or when it leaves the bounding box of all cards.
  A ghost of the other colour not facing straight back has its card flipped.  Scaring is mandatory.
- O5  each scare is traced on the graveyard as it is after the earlier flips; a card may flip several
  times in a turn.  The active player chooses the order only where it can change the resulting
  graveyard (the engine tries every order); otherwise the scares resolve at once, in the card's
  square order, and the player is not asked.
- O6  the game ends after every card of both decks is placed (24 placements).  `scores` counts the
  face-up ghosts of each colour on every card, gate included; the higher wins, a tie goes to the
  start player.

Rulings of this project, where both the rulebook and the rulings file are silent:

- O5a the active card is never flipped by its own ghosts: a line of sight that meets a ghost of the
  other colour on the active card itself stops there and nothing flips.
- O7  drawing: after the scares, the active player takes the visible top card into hand, and the next
  card of the deck is revealed (a chance node) at once, so it is visible during the next turn.
- O8  a flipped card keeps its squares; its "side" (front/back) toggles.  The back of a card is
  defined by O-geometry: every ghost swaps colour and faces the opposite way, tombstones stay.

Coordinates are ``(row, column)``, rows growing downwards.  ``place K3 at (2,6) rot 90 back`` puts
card K3, back side up, turned 90 degrees clockwise from its reference pose, so that the top-left
square of the three it covers is (2,6).  In the reference pose (rot 0) the card is horizontal with
its square 0 on the left; at rot 90 it is vertical with square 0 on top; at rot 180 horizontal with
square 0 on the right; at rot 270 vertical with square 0 at the bottom.  Facings are ``^ v < >``.

The cards and the gate form one data table, `STANDARD_EDITION`; ``load_game("boo", edition=...)``
takes another (an `Edition`, its JSON form, or a table in the same text format).  An edition is
checked when it is loaded, so that a game on it stays small and fast: card names are strings of
1 to 12 letters, digits, ``-`` or ``_``; every square holds one of the tokens; gate squares are
pairs of whole numbers from -`MAX_COORDINATE` to `MAX_COORDINATE` (the graveyard then spans at most
``2 * MAX_COORDINATE + 1 + 3 * 2 * MAX_DECK`` squares each way); each deck has at most `MAX_DECK`
cards and the gate at most `MAX_GATE`.  Anything else is a `ValueError` that says what is wrong.

For speed, the scare logic runs on `Sandbox`, a mutable working copy of the graveyard that flips and
un-flips cards in place (a flip is its own inverse); the engine and the bots both use it, so there is
one implementation of every rule.  Inside, squares are whole numbers (`key_of`: a step along a line
of sight is one addition); what the module gives out (`Graveyard.tokens`, `Graveyard.footprints`,
`ScareRecord`, `State.pending`, `Place`) keeps ``(row, column)`` pairs.
"""

from __future__ import annotations

import functools
import itertools
import re
from bisect import bisect_left
from collections.abc import Callable, Collection, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import chain, filterfalse
from operator import itemgetter
from typing import Any, ClassVar, NamedTuple, cast

from ...engine import CHANCE, TERMINAL, GameBase, StateBase, check_int, from_fields

Square = tuple[int, int]

COLOURS = ("black", "white")
"""Seat 0 plays black (the black-lined deck), seat 1 white."""
GHOST_COLOURS = ("B", "W")
FACINGS = "^>v<"  # clockwise order: rotating a card by 90 degrees moves a facing one step along
STEP: dict[str, Square] = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
REVERSE = {"^": "v", "v": "^", "<": ">", ">": "<"}
ROTATIONS = (0, 90, 180, 270)
SIDES = ("front", "back")
TOKENS = frozenset({".", "T"} | {c + f for c in GHOST_COLOURS for f in FACINGS})
OTHER = {"B": "W", "W": "B"}
MAX_COORDINATE = 20
"""Gate squares lie within rows and columns -20..20 (the standard gate uses 0..5)."""
MAX_DECK = 30
"""Cards in each deck at most (the standard edition has 12)."""
MAX_GATE = 12
"""Gate cards at most (the standard edition has 6)."""
_NAME = re.compile(r"[A-Za-z0-9_-]{1,12}")


# --- tokens: what one square holds ------------------------------------------------------------
def flip_token(token: str) -> str:
    """A square after its card flips: a ghost swaps colour and faces the other way."""
    if len(token) == 2:
        return OTHER[token[0]] + REVERSE[token[1]]
    return token


_FLIPPED = {token: flip_token(token) for token in TOKENS}


def sight_passes(token: str, colour: str) -> bool:
    """Whether a ``colour`` ghost's line of sight passes a square holding ``token`` (O4): empty
    squares (``"."``, or no card) and ghosts of its own colour; it stops at anything else."""
    return token == "." or (token[0] == colour and token != "T")


_PASSES = {colour: frozenset(t for t in TOKENS if sight_passes(t, colour)) for colour in GHOST_COLOURS}
_LEAD = {colour: {t: (0 if len(t) != 2 else 1 if t[0] == colour else -1) for t in TOKENS}
         for colour in GHOST_COLOURS}
_FLIP_GAIN = {colour: {t: lead[_FLIPPED[t]] - lead[t] for t in TOKENS} for colour, lead in _LEAD.items()}
"""What turning a square's token over adds to a colour's face-up ghosts less the other colour's."""


def rotate_token(token: str, rotation: int) -> str:
    """A square's token after turning its card ``rotation`` degrees clockwise."""
    if len(token) == 2:
        return token[0] + FACINGS[(FACINGS.index(token[1]) + rotation // 90) % 4]
    return token


def is_ghost(token: str) -> bool:
    return len(token) == 2


# --- the edition: the one data table of cards and gate ----------------------------------------
@dataclass(frozen=True)
class CardSpec:
    """One card: its deck ("black", "white" or "gate"), squares 0..2 of its front in reference pose,
    and for gate cards the graveyard squares it starts on (facings there are absolute)."""

    name: str
    deck: str
    squares: tuple[str, ...]  # three, checked by `_validate_card`
    at: tuple[Square, ...] = ()


@dataclass(frozen=True)
class Edition:
    """The cards and the Graveyard Gate.  Build one from a text table with `Edition.from_table`."""

    name: str
    cards: tuple[CardSpec, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.cards, (tuple, list)) or len(self.cards) > 2 * MAX_DECK + MAX_GATE:
            raise ValueError(f"an edition has at most {MAX_DECK} cards in each deck and {MAX_GATE} "
                             f"gate cards, as a list; got {_short(self.cards)}.")
        cards = tuple(c if isinstance(c, CardSpec) else _card_from_json(c) for c in self.cards)
        object.__setattr__(self, "cards", cards)
        _validate_edition(self)

    @classmethod
    def from_table(cls, name: str, table: str) -> Edition:
        """Parse rows ``NAME DECK s0 s1 s2 [(r,c) (r,c) (r,c)]`` (``#`` starts a comment)."""
        if len(table) > 20_000:
            raise ValueError(f"an edition table is at most 20,000 characters; this one has {len(table):,}.")
        cards = []
        for number, raw in enumerate(table.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            squares = re.findall(r"\((-?\d+)\s*,\s*(-?\d+)\)", line)
            words = re.sub(r"\(.*", "", line).split()
            if len(words) != 5:
                raise ValueError(f"edition table line {number}: expected NAME DECK and three squares, "
                                 f"got {raw.strip()!r}.")
            cards.append(CardSpec(words[0], words[1], tuple(words[2:5]),
                                  tuple((int(r), int(c)) for r, c in squares)))
        return cls(name, tuple(cards))

    @classmethod
    def coerce(cls, value: Any) -> Edition:
        """An `Edition` from an Edition, its JSON form (a dict, as saves store it) or a text table."""
        if isinstance(value, Edition):
            return value
        if isinstance(value, str):
            return cls.from_table("custom", value)
        if isinstance(value, dict):
            if set(value) != {"name", "cards"} or not isinstance(value["cards"], (list, tuple)):
                raise ValueError("an edition dict needs exactly 'name' and 'cards' (a list of cards).")
            return cls(value["name"], tuple(value["cards"]))
        raise TypeError(f"edition must be an Edition, a dict or a text table, not {type(value).__name__}.")

    @cached_property
    def by_name(self) -> dict[str, CardSpec]:
        return {c.name: c for c in self.cards}

    def deck(self, seat: int) -> tuple[str, ...]:
        """The names of the cards in a seat's deck, in table order."""
        return self._decks[seat]

    @cached_property
    def _decks(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        black, white = (tuple(c.name for c in self.cards if c.deck == colour) for colour in COLOURS)
        return black, white

    @property
    def gate(self) -> tuple[CardSpec, ...]:
        return tuple(c for c in self.cards if c.deck == "gate")


def _card_from_json(data: Any) -> CardSpec:
    if not isinstance(data, dict) or set(data) != {"name", "deck", "squares", "at"}:
        raise ValueError(f"each edition card needs name, deck, squares and at; got {_short(data)}.")
    squares, at = data["squares"], data["at"]
    if not isinstance(squares, (list, tuple)) or not isinstance(at, (list, tuple)) or len(at) > 3:
        raise ValueError(f"edition card {_short(data.get('name'))}: squares and at must be lists "
                         f"(at of at most three squares); got {_short(squares)} and {_short(at)}.")
    return CardSpec(data["name"], data["deck"], tuple(squares),
                    tuple(tuple(sq) if isinstance(sq, (list, tuple)) else sq for sq in at))


def _short(value: Any, limit: int = 80) -> str:
    """``repr`` cut short for a message (an edited edition may hold anything)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a message must never fail
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _is_square(value: Any) -> bool:
    """A pair of whole numbers within the documented bound (bools and floats are not squares)."""
    return (type(value) is tuple and len(value) == 2
            and all(type(v) is int and -MAX_COORDINATE <= v <= MAX_COORDINATE for v in value))


def _validate_card(card: CardSpec) -> None:
    """One card's fields: a short name, a deck, three tokens, and gate squares within the bound."""
    if not isinstance(card.name, str) or not _NAME.fullmatch(card.name):
        raise ValueError(f"card name {_short(card.name)}: a name is 1 to 12 letters, digits, - or _.")
    if not isinstance(card.deck, str) or card.deck not in ("black", "white", "gate"):
        raise ValueError(f"card {card.name}: deck must be black, white or gate, not {_short(card.deck)}.")
    if type(card.squares) is not tuple or len(card.squares) != 3 \
            or not all(isinstance(t, str) and t in TOKENS for t in card.squares):
        raise ValueError(f"card {card.name}: needs three squares, each one of "
                         f"{' '.join(sorted(TOKENS))}; got {_short(card.squares)}.")
    if type(card.at) is not tuple or not all(_is_square(sq) for sq in card.at):
        raise ValueError(f"card {card.name}: gate squares must be (row, column) pairs of whole "
                         f"numbers from {-MAX_COORDINATE} to {MAX_COORDINATE}; got {_short(card.at)}.")


def _validate_edition(edition: Edition) -> None:
    if not isinstance(edition.name, str):
        raise ValueError(f"an edition's name must be a string, not {_short(edition.name)}.")
    for card in edition.cards:
        _validate_card(card)
    counts = {deck: sum(1 for c in edition.cards if c.deck == deck) for deck in ("black", "white", "gate")}
    if counts["gate"] > MAX_GATE or max(counts["black"], counts["white"]) > MAX_DECK:
        raise ValueError(f"an edition has at most {MAX_DECK} cards in each deck and {MAX_GATE} gate "
                         f"cards; this one has {counts['black']} black, {counts['white']} white and "
                         f"{counts['gate']} gate cards.")
    names = [c.name for c in edition.cards]
    if len(set(names)) != len(names):
        raise ValueError("edition card names must be unique.")
    taken: set[Square] = set()
    for card in edition.cards:
        if card.deck == "gate":
            if not _in_a_line(card.at):
                raise ValueError(f"gate card {card.name} must lie on three squares in a line, "
                                 f"listed along the card; got {card.at!r}.")
            if taken & set(card.at):
                raise ValueError(f"gate card {card.name} overlaps another gate card.")
            taken |= set(card.at)
        elif card.at:
            raise ValueError(f"card {card.name}: only gate cards have starting squares.")
    black, white = edition.deck(0), edition.deck(1)
    if not black or len(black) != len(white):
        raise ValueError(f"the black and white decks must have the same, non-zero size "
                         f"(got {len(black)} and {len(white)}).")
    if not taken:
        raise ValueError("the edition needs at least one gate card (placements must touch a card).")


def _in_a_line(squares: Sequence[Square]) -> bool:
    if len(squares) != 3:
        return False
    (r0, c0), (r1, c1), (r2, c2) = squares
    dr, dc = r1 - r0, c1 - c0
    return abs(dr) + abs(dc) == 1 and (r2 - r1, c2 - c1) == (dr, dc)


_BLACK_DECK = """
# name deck   square 0 1 2   gate squares (row,col), listed along the card; gate facings are absolute
K1   black   B^ B^ B^
K2   black   B^ Bv B^
K3   black   B< B^ B>
K4   black   B^ T  B^
K5   black   B< T  B>
K6   black   B^ .  Bv
K7   black   B< B^ T
K8   black   T  Bv T
K9   black   B^ T  .
K10  black   B^ W^ W^
K11  black   B^ .  W^
K12  black   T  B> .
"""
_GATE = """
G1   gate    T  Bv W^   (0,0) (0,1) (0,2)
G2   gate    Wv T  B>   (0,3) (0,4) (0,5)
G3   gate    B< W> T    (1,0) (2,0) (3,0)
G4   gate    W< T  B^   (4,0) (4,1) (4,2)
G5   gate    Bv W^ T    (4,3) (4,4) (4,5)
G6   gate    T  B< W>   (1,5) (2,5) (3,5)
"""


def _white_deck(black_deck: str) -> str:
    """The white-lined deck: the black one with every B and W exchanged, facings unchanged (the
    rulings define W1..W12 this way, so the table states it once)."""
    rows = []
    for line in black_deck.splitlines():
        words = line.split("#", 1)[0].split()
        if len(words) == 5:
            squares = [sq.translate(str.maketrans("BW", "WB")) for sq in words[2:]]
            rows.append(" ".join(["W" + words[0][1:], "white", *squares]))
    return "\n".join(rows) + "\n"


STANDARD_EDITION = Edition.from_table(
    "goose_widgets standard", _BLACK_DECK + _white_deck(_BLACK_DECK) + _GATE)
"""This project's edition (docs/boo.md): 12 black-lined cards, 12 white-lined, 6 gate cards."""


# --- cards on the table ---------------------------------------------------------------------
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


class Sandbox:
    """A mutable working copy of a graveyard for tracing and trying scares quickly.

    Flips and placements are applied in place and undone afterwards (a flip is its own inverse), so
    trying hundreds of placements costs no copies.  ``counts`` keeps the face-up ghosts per colour.
    Squares are numbers (`key_of`): ``tokens`` and ``owner`` are keyed by them, ``squares`` lists
    each card's, and `scare`, `sight` and `order_results` take and give them.
    """

    __slots__ = ("tokens", "owner", "squares", "bbox", "counts", "_saved_bbox", "_ghosts")

    def __init__(self, cards: Sequence[Placed]) -> None:
        self.tokens: dict[int, str] = {}
        self.owner: dict[int, int] = {}
        self.squares: list[tuple[int, ...]] = []
        self.counts = {"B": 0, "W": 0}
        self.bbox = (0, -1, 0, -1)
        self._saved_bbox: list[tuple[int, int, int, int]] = []
        self._ghosts: dict[int, tuple[int, ...]] = {}  # `ghost_squares`: a flip keeps ghosts where they are
        rows = [sq[0] for card in cards for sq in card.squares]
        cols = [sq[1] for card in cards for sq in card.squares]
        if rows:
            self.bbox = (min(rows), max(rows), min(cols), max(cols))
        for card in cards:
            self._add(tuple(map(key_of, card.squares)), card.tokens)

    def _add(self, squares: tuple[int, ...], tokens: Sequence[str]) -> int:
        index = len(self.squares)
        self.squares.append(squares)
        cells, owner, counts = self.tokens, self.owner, self.counts
        for square, token in zip(squares, tokens):
            cells[square] = token
            owner[square] = index
            if len(token) == 2:
                counts[token[0]] += 1
        return index

    def place(self, squares: Sequence[int] | Sequence[Square], tokens: Sequence[str]) -> int:
        """Add a card on ``squares`` (numbers, or ``(row, col)`` pairs such as `Placed.squares`;
        undo with `unplace`); returns its index."""
        keys = squares if type(squares) is tuple and type(squares[0]) is int else \
            tuple([sq if isinstance(sq, int) else key_of(sq) for sq in squares])
        self._saved_bbox.append(self.bbox)
        rmin, rmax, cmin, cmax = self.bbox
        first, last = keys[0], keys[2]  # the ends of the card, as in `square_of`
        r0, r2 = (first + _HALF) // STRIDE, (last + _HALF) // STRIDE
        c0, c2 = first - r0 * STRIDE, last - r2 * STRIDE
        self.bbox = (min(rmin, r0, r2), max(rmax, r0, r2), min(cmin, c0, c2), max(cmax, c0, c2))
        return self._add(keys, tokens)

    def unplace(self) -> None:
        """Remove the card added last by `place`."""
        tokens, owner, counts = self.tokens, self.owner, self.counts
        for square in self.squares.pop():
            token = tokens.pop(square)
            del owner[square]
            if len(token) == 2:
                counts[token[0]] -= 1
        self.bbox = self._saved_bbox.pop()
        self._ghosts.pop(len(self.squares), None)

    def flip(self, index: int) -> None:
        """Turn card ``index`` over (calling it twice restores the card)."""
        tokens, counts = self.tokens, self.counts
        for square in self.squares[index]:
            token = tokens[square]
            if len(token) == 2:
                flipped = _FLIPPED[token]
                tokens[square] = flipped
                counts[token[0]] -= 1
                counts[flipped[0]] += 1

    def flip_gain(self, index: int, colour: str) -> int:
        """How much turning card ``index`` over (`flip`) would add to the face-up ghosts of
        ``colour`` less those of the other colour (the card is left as it is)."""
        gain, tokens = _FLIP_GAIN[colour], self.tokens
        return sum([gain[tokens[square]] for square in self.squares[index]])

    def _walk(self, square: int, step: int, colour: str, path: list[int] | None) -> tuple[int | None, str]:
        """From ``square`` on, the first square that stops a ``colour`` ghost's sight (a tombstone or
        a ghost of the other colour) and what it holds; ``(None, "")`` past the edge of the bounding
        box of all cards (O4)."""
        rmin, rmax, cmin, cmax = self.bbox
        row = (square + _HALF) // STRIDE
        col = square - row * STRIDE
        if not (rmin <= row <= rmax and cmin <= col <= cmax):
            return None, ""
        # the squares from here to the edge of the box
        reach = (cmax - col if step == 1 else col - cmin if step == -1 else
                 rmax - row if step > 0 else row - rmin) + 1
        get, passes = self.tokens.get, _PASSES[colour]
        for _ in range(reach):
            seen = get(square)
            if seen is None or seen in passes:
                if path is not None:
                    path.append(square)
                square += step
                continue
            return square, seen
        return None, ""

    def sight(self, ghost: int, active: int, trace: bool = True) -> tuple[list[int], int | None, str]:
        """Trace the line of sight of the ghost on square ``ghost`` (O4, O5a): ``(path, stop,
        outcome)`` (``path`` is left empty unless ``trace``)."""
        token = self.tokens[ghost]
        colour, facing = token[0], token[1]  # a ghost's token is two letters
        step = KEY_STEP[facing]
        path: list[int] = []
        stop, seen = self._walk(ghost + step, step, colour, path if trace else None)
        if stop is None:
            return path, None, "nothing"
        if seen == "T":
            return path, stop, "tombstone"
        if self.owner[stop] == active:
            return path, stop, "own card"
        if seen[1] == REVERSE[facing]:
            return path, stop, "faces back"
        return path, stop, "flip"

    def quiet(self, squares: Sequence[Square], tokens: Sequence[str], memo: dict) -> bool:
        """True when no ghost of a card about to lie on ``squares`` can scare anything (judged like
        `sight`, before the card is placed).  A quick test for search: the rays beyond the card are
        cached in ``memo``, which the caller must empty whenever the graveyard changes."""
        return self.scares_at(0, leaving(squares, tokens), memo) == ()

    def scares_at(self, square: int, exits: Sequence[tuple[int, str, str, int, int]], memo: dict
                  ) -> tuple[int, ...] | None:
        """The cards (indices) flipped by the scares of a card about to lie at the number ``square``,
        whose ghosts' sights leave it as `leaving` says (at (0, 0): search computes it once per way a
        card lies), judged before the card is placed: ``()`` when it scares nothing, and None when a
        ghost of a card it flips lies on another of its lines of sight, where the order might matter
        (then place it and try the orders: `order_results`).  Otherwise every order flips these cards (as in
        `independent`).  Each ray is kept in ``memo`` as ``(whether it flips the card it stops at, the
        square it stops at or None past the box)``, under its first square and tag (`_TAG`); the
        caller must empty ``memo`` whenever the graveyard changes."""
        get = memo.get
        for offset, facing, colour, step, tag in exits:
            key = 8 * (square + offset) + tag
            hit = get(key)
            if hit is None:
                stop, seen = self._walk(square + offset, step, colour, None)  # judged as in `sight`
                flips = stop is not None and seen != "T" and seen[1] != REVERSE[facing]
                hit = memo[key] = (flips, stop)
            if hit[0]:
                break
        else:  # most cards scare nothing: no ray flips
            return ()
        owner = self.owner
        if len(exits) == 1:
            return (owner[cast(int, hit[1])],)  # a ray that flips stops somewhere
        for offset, facing, colour, step, tag in exits:  # the rays after the first that flips
            if 8 * (square + offset) + tag not in memo:
                self.scares_at(square, ((offset, facing, colour, step, tag),), memo)  # traced as above
        hits: list[tuple[bool, int | None]] = [memo[8 * (square + offset) + tag]
                                               for offset, _, _, _, tag in exits]
        lines = [sight_squares(square + offset, step, stop)
                 for (offset, _, _, step, _), (_, stop) in zip(exits, hits)]
        targets = []
        for i, (flips, stop) in enumerate(hits):
            if flips:
                target = owner[cast(int, stop)]
                for sq in self.ghost_squares(target):  # what a flip changes (as in `independent`)
                    for j, line in enumerate(lines):
                        if j != i and sq in line:
                            return None
                targets.append(target)
        return tuple(targets)

    def scare(self, ghost: int, active: int, trace: bool = True
              ) -> tuple[int | None, list[int], int | None, str]:
        """Let one active ghost scare, flipping the target's card in place.

        Returns ``(flipped card index or None, path, stop, outcome)`` (see `sight` for ``trace``)."""
        path, stop, outcome = self.sight(ghost, active, trace)
        target = None
        if outcome == "flip":
            if stop is None:  # `sight` names the square of every card it flips
                raise RuntimeError(f"the ghost on {square_of(ghost)} flips a card but sees no square.")
            target = self.owner[stop]
        if target is not None:
            self.flip(target)
        return target, path, stop, outcome

    def run(self, order: Sequence[int], active: int) -> list[int | None]:
        """Scare with the ghosts in ``order``; returns the flipped card (or None) of each."""
        return [self.scare(ghost, active, False)[0] for ghost in order]

    def undo(self, flipped: Iterable[int | None]) -> None:
        for index in flipped:
            if index is not None:
                self.flip(index)

    def canonical(self, ghosts: Sequence[int], active: int) -> tuple[list[int | None], list[set[int]]]:
        """Scare with ``ghosts`` in the given order, leaving the flips applied; returns the flipped
        card (or None) of each ghost and the squares each one's sight reached."""
        flips, lines = [], []
        for ghost in ghosts:
            target, path, stop, _ = self.scare(ghost, active)
            flips.append(target)
            line = set(path)
            if stop is not None:
                line.add(stop)
            lines.append(line)
        return flips, lines

    def independent(self, flips: Sequence[int | None], lines: Sequence[set[int]]) -> bool:
        """Whether a `canonical` run proves that every order gives the same graveyard (O5).

        If no ghost's flip changed a square another ghost's sight reached, each ghost sees the same
        squares whatever goes first (a flip is the only change during a turn, and it changes only the
        flipped card's ghosts: its voids and tombstones stay)."""
        for i, flipped in enumerate(flips):
            if flipped is not None:
                ghosts = self.ghost_squares(flipped)
                for j, line in enumerate(lines):
                    if j != i and not line.isdisjoint(ghosts):
                        return False
        return True

    def order_results(self, ghosts: Sequence[int], active: int) -> dict[tuple[int, ...], frozenset[int]]:
        """The cards each order of ``ghosts`` leaves flipped (an odd number of times).

        When no scare can touch another ghost's line of sight (the common case), all orders agree and
        only the given order is returned; otherwise every order is tried (at most 6), and the order
        matters exactly when the results are not all equal.
        """
        flips, lines = self.canonical(ghosts, active)
        self.undo(reversed(flips))
        if self.independent(flips, lines):
            return {tuple(ghosts): odd_flips(flips)}
        results = {}
        for order in itertools.permutations(ghosts):
            flips = self.run(order, active)
            results[order] = odd_flips(flips)
            self.undo(reversed(flips))
        return results

    def frontier(self) -> set[Square]:
        """Empty squares sharing a side with a card's square."""
        return {square_of(k) for k in _neighbours(self.tokens).difference(self.tokens)}

    def footprints(self) -> list[tuple[int, int, bool]]:
        """Every legal place for a card (O3): ``(row, col, vertical)`` of its top-left square, sorted."""
        return [footprint_of(f) for f in self.footprint_numbers()]

    def footprint_numbers(self) -> list[int]:
        """`footprints` as numbers (`footprint_number`)."""
        return sorted(footprints_touching(self.tokens, _neighbours(self.tokens)))

    def ghost_squares(self, index: int) -> tuple[int, ...]:
        """The squares of card ``index`` that hold ghosts (in the card's order)."""
        found = self._ghosts.get(index)
        if found is None:
            tokens = self.tokens
            found = self._ghosts[index] = tuple([sq for sq in self.squares[index] if len(tokens[sq]) == 2])
        return found


def leaving(squares: Sequence[Square], tokens: Sequence[str]) -> list[tuple[int, str, str, int, int]]:
    """Where the sight of each ghost of a card about to lie on ``squares`` leaves the card:
    ``(square, facing, colour, step, tag)``: the number of the first square beyond it, the step
    along the line (`key_of` numbers) and the ray's `_TAG`.  A ghost whose sight stops on its own
    card is left out: its ghosts never flip it (O5a)."""
    card = dict(zip(map(key_of, squares), tokens))
    exits = []
    for square, token in card.items():
        if len(token) != 2:
            continue
        colour, facing = token[0], token[1]
        step = KEY_STEP[facing]
        square += step
        while square in card:  # the card's own squares
            own = card[square]
            if own == "T" or (own != "." and own[0] != colour):
                break
            square += step
        else:
            exits.append((square, facing, colour, step, _TAG[(facing, colour)]))
    return exits


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


def odd_flips(flips: Iterable[int | None]) -> frozenset[int]:
    """The cards flipped an odd number of times (those that end up turned over)."""
    odd: set[int] = set()
    for index in flips:
        if index is not None:
            odd ^= {index}
    return frozenset(odd)


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


# --- the graveyard ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Graveyard:
    """The cards on the table (immutable; cached lookups are derived on first use).

    The lookups the engine uses are keyed by square numbers (`key_of`); `tokens` and `owner` give
    them keyed by ``(row, col)``, built when first read."""

    cards: tuple[Placed, ...]

    @cached_property
    def tokens(self) -> dict[Square, str]:
        """Square -> what it holds ('.', 'T' or a ghost like 'B^'); squares without a card are absent."""
        return {square_of(k): t for k, t in self._cells.items()}

    @cached_property
    def owner(self) -> dict[Square, int]:
        """Square -> index of the card on it."""
        return {square_of(k): i for k, i in self._owners.items()}

    @cached_property
    def _keys(self) -> tuple[tuple[int, ...], ...]:
        """Each card's squares as numbers."""
        return tuple([tuple(map(key_of, card.squares)) for card in self.cards])

    @cached_property
    def _cells(self) -> dict[int, str]:
        """`tokens` keyed by square numbers."""
        return {k: t for keys, card in zip(self._keys, self.cards) for k, t in zip(keys, card.tokens)}

    @cached_property
    def _owners(self) -> dict[int, int]:
        """`owner` keyed by square numbers."""
        return {k: i for i, keys in enumerate(self._keys) for k in keys}

    @cached_property
    def bbox(self) -> tuple[int, int, int, int]:
        """``(min row, max row, min col, max col)`` of all cards: lines of sight end beyond it."""
        rows = [r for card in self.cards for r, _ in card.squares]
        cols = [c for card in self.cards for _, c in card.squares]
        return (min(rows), max(rows), min(cols), max(cols))

    def sandbox(self) -> Sandbox:
        """A working copy, made from this graveyard's squares (copied: a sandbox changes them)."""
        box = Sandbox.__new__(Sandbox)  # every slot is set here: `__init__` would build them twice
        box._saved_bbox, box._ghosts = [], {}
        box.tokens, box.owner = dict(self._cells), dict(self._owners)
        box.squares = list(self._keys)
        box.counts = dict(self._counts)
        box.bbox = self.bbox
        return box

    def _sandbox_in_place(self) -> Sandbox:
        """`sandbox` on this graveyard's own lookups, not copies: only for a graveyard built for one
        move and not yet handed out (`State._settle`), which leaves them as they were or passes
        them on to the graveyard after its flips (`flipped_as`).  Flips change only the squares'
        tokens and the counts, never the owners or the list of squares."""
        box = Sandbox.__new__(Sandbox)
        box._saved_bbox, box._ghosts = [], {}
        box.tokens, box.owner, box.squares = self._cells, self._owners, self._keys  # type: ignore[assignment]
        box.counts, box.bbox = self._counts, self.bbox
        return box

    @cached_property
    def _footprints(self) -> tuple[int, ...]:
        """The legal footprints (O3) as numbers (`footprint_number`), sorted."""
        return tuple(self.sandbox().footprint_numbers())

    def footprints(self) -> list[tuple[int, int, bool]]:
        """Every legal place for a card (O3): ``(row, col, vertical)`` of its top-left square, sorted."""
        return [footprint_of(f) for f in self._footprints]

    def footprint_numbers(self) -> tuple[int, ...]:
        """`footprints` as numbers (`footprint_number`), for search."""
        return self._footprints

    def placements(self, card: str) -> list[Place]:
        """Every legal placement of ``card`` (O3), sorted by square, then rotation, then side."""
        return placements_for(self._footprints, card)

    def placement_view(self, card: str) -> PlacementView:
        """`placements`, each read only when it is used (`PlacementView`)."""
        return PlacementView(self._footprints, card)

    def count(self, colour: str) -> int:
        """Face-up ghosts of a colour ("B"/"W" or "black"/"white")."""
        return self._counts[colour[0].upper()]

    @cached_property
    def _counts(self) -> dict[str, int]:
        counts = {"B": 0, "W": 0}
        for token in self._cells.values():
            if len(token) == 2:
                counts[token[0]] += 1
        return counts

    def with_card(self, card: Placed) -> Graveyard:
        graveyard = Graveyard(self.cards + (card,))
        # the lookups of this graveyard plus the new card's squares, rather than all built again
        known, derived = self.__dict__, graveyard.__dict__
        squares, tokens = card.squares, card.tokens
        (r0, c0), (r1, c1), (r2, c2) = squares  # `key_of`, written out: every turn
        keys = (r0 * STRIDE + c0, r1 * STRIDE + c1, r2 * STRIDE + c2)
        if "_keys" in known:
            derived["_keys"] = known["_keys"] + (keys,)
        if "_cells" in known:
            cells = derived["_cells"] = known["_cells"].copy()
            cells[keys[0]], cells[keys[1]], cells[keys[2]] = tokens
        if "_owners" in known:
            owners = derived["_owners"] = known["_owners"].copy()
            owners[keys[0]] = owners[keys[1]] = owners[keys[2]] = len(self.cards)
        if "_counts" in known:
            counts = derived["_counts"] = known["_counts"].copy()
            for token in tokens:
                if len(token) == 2:
                    counts[token[0]] += 1
        if "bbox" in known:
            rmin, rmax, cmin, cmax = known["bbox"]
            derived["bbox"] = (min(rmin, r0, r2), max(rmax, r0, r2), min(cmin, c0, c2), max(cmax, c0, c2))
        footprints = known.get("_footprints")
        if footprints is not None:  # O3 where the graveyard changed, rather than everywhere again
            derived["_footprints"] = footprints_after(footprints, graveyard._cells, keys)
        return graveyard

    def with_flips(self, indices: Iterable[int], derive: bool = True) -> Graveyard:
        cards = list(self.cards)
        flipped = []
        for index in indices:
            cards[index] = cards[index].flipped()
            flipped.append(index)
        graveyard = Graveyard(tuple(cards))
        known, derived = self.__dict__, graveyard.__dict__
        for same in ("_footprints", "_keys", "_owners", "bbox"):  # a flip moves no square
            if same in known:
                derived[same] = known[same]
        if derive and "_cells" in known and "_keys" in known:  # the lookups here, flipped cards changed
            cells = known["_cells"].copy()
            counts = known["_counts"].copy() if "_counts" in known else None
            for index in flipped:
                for square, token in zip(known["_keys"][index], cards[index].tokens):
                    if counts is not None and len(token) == 2:
                        counts[cells[square][0]] -= 1
                        counts[token[0]] += 1
                    cells[square] = token
            derived["_cells"] = cells
            if counts is not None:
                derived["_counts"] = counts
        return graveyard

    def flipped_as(self, box: Sandbox, indices: Iterable[int]) -> Graveyard:
        """`with_flips` for a sandbox of this graveyard that has just made those flips (and nothing
        else): its squares are taken over as they are (the sandbox must not be used afterwards)."""
        graveyard = self.with_flips(indices, derive=False)
        graveyard.__dict__["_cells"], graveyard.__dict__["_counts"] = box.tokens, box.counts
        return graveyard

    def line_of_sight(self, ghost: Square, active: int | None = None
                      ) -> tuple[list[Square], Square | None, str]:
        """The squares a ghost's sight crosses, where it stops and why (see `Sandbox.sight`).

        ``active`` is the index of the active card (default: the card the ghost is on).
        """
        if len(self.tokens.get(ghost, "")) != 2:
            raise ValueError(f"there is no ghost at {ghost}.")
        key = key_of(ghost)
        path, stop, outcome = self.sandbox().sight(key, self._owners[key] if active is None else active)
        return [square_of(k) for k in path], None if stop is None else square_of(stop), outcome

    def __str__(self) -> str:
        rmin, rmax, cmin, cmax = self.bbox
        cells = self._cells
        return "\n".join(" ".join(f"{cells.get(r * STRIDE + c, ' '):2}" for c in range(cmin, cmax + 1))
                         for r in range(rmin, rmax + 1))


# --- the game --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Game(GameBase):
    """BOO for two players: seat 0 black, seat 1 white; ``start_player`` moves first (O1)."""

    name: ClassVar[str] = "boo"
    players: int = 2
    start_player: int = 0
    edition: Edition = STANDARD_EDITION

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise TypeError(f"players must be the whole number 2, not {self.players!r}.")
        if self.players != 2:
            raise ValueError(f"boo is a game for exactly 2 players (black and white), not {self.players}.")
        check_int("start_player", self.start_player, 0, 1)
        object.__setattr__(self, "edition", Edition.coerce(self.edition))

    @property
    def cards_per_deck(self) -> int:
        return len(self.edition.deck(0))

    @cached_property
    def total_placements(self) -> int:
        return 2 * self.cards_per_deck

    def gate(self) -> Graveyard:
        """The graveyard at set-up: the gate cards, front side up."""
        return Graveyard(tuple(Placed(c.name, "gate", tuple(c.at), c.squares) for c in self.edition.gate))

    @cached_property
    def _gate(self) -> Graveyard:
        """`gate`, shared by every game's first state (immutable), so that its lookups and legal
        footprints are worked out once per game config rather than once per game."""
        return self.gate()

    def new_initial_state(self) -> State:
        decks = (self.edition.deck(0), self.edition.deck(1))
        unseen = (tuple(sorted(decks[0])), tuple(sorted(decks[1])))
        return State(game=self, graveyard=self._gate, unseen=unseen,
                     to_move=self.start_player, draws=_setup_draws(decks))

    def __repr__(self) -> str:
        return f"Game(boo, start_player={self.start_player}, edition={self.edition.name!r})"


def _setup_draws(decks: Sequence[Sequence[str]]) -> tuple[tuple[int, str], ...]:
    """Set-up: each player (black first) takes a card into hand and reveals the next one (O2)."""
    draws: list[tuple[int, str]] = []
    for seat, deck in enumerate(decks):
        draws += [(seat, "hand")] if deck else []
        draws += [(seat, "top")] if len(deck) > 1 else []
    return tuple(draws)


@dataclass(frozen=True)
class TurnRecord:
    """The latest placement and its scares, for the move log and the widget's scare lines."""

    number: int  # 1 for the first placement of the game
    seat: int
    active: int  # index of the placed card in the graveyard
    action: str
    scares: tuple[ScareRecord, ...] = ()


@dataclass(frozen=True)
class Observation:
    """Everything a seat sees (O2: all of it but the order of each unseen deck)."""

    seat: int
    current_player: int
    to_move: int
    start_player: int
    graveyard: Graveyard
    hands: tuple[str | None, str | None]
    tops: tuple[str | None, str | None]
    unseen: tuple[tuple[str, ...], tuple[str, ...]]
    pending: tuple[Square, ...]
    active: int | None
    last_turn: TurnRecord | None
    placements: int
    total_placements: int
    scores: tuple[int, int]
    winner: int | None
    edition: Edition

    def card(self, name: str) -> CardSpec:
        return self.edition.by_name[name]


@dataclass(frozen=True)
class State(StateBase):
    """A BOO position.  ``draws`` queues chance reveals; ``pending`` lists active ghosts whose
    scare order the player must still choose (O5)."""

    game: Game
    graveyard: Graveyard
    unseen: tuple[tuple[str, ...], tuple[str, ...]]
    to_move: int = 0
    hands: tuple[str | None, str | None] = (None, None)
    tops: tuple[str | None, str | None] = (None, None)
    draws: tuple[tuple[int, str], ...] = ()
    pending: tuple[Square, ...] = ()
    active: int | None = None
    placements: int = 0
    last_turn: TurnRecord | None = field(default=None, compare=False)
    constructed: bool = field(default=False, compare=False, repr=False)

    # --- whose turn --------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.draws:
            return CHANCE
        if not self.pending and self.placements >= self.game.total_placements:
            return TERMINAL
        return self.to_move

    def _legal_actions(self) -> list[Any]:
        if self.pending:
            return list(self._scares)
        card = self.hands[self.to_move]
        if card is None:  # the seat to move always holds a card (dealt, then refilled by `_end_turn`)
            raise RuntimeError(f"{COLOURS[self.to_move]} is to move with no card in hand.")
        # a new list each time, of `Place` objects the graveyard keeps: building it costs little
        # more than copying a cached one (a turn offers hundreds, so one copy fewer matters)
        return self.graveyard.placements(card)

    def _legal_view(self) -> PlacementView | None:
        """`_legal_actions` read item by item, for a placement (the engine's optional hook: a
        random playout reads one of hundreds); None while scares are ordered."""
        if self.pending:
            return None
        card = self.hands[self.to_move]
        return None if card is None else self.graveyard.placement_view(card)

    @cached_property
    def _scares(self) -> tuple[Scare, ...]:
        return tuple(Scare(sq) for sq in self.pending)

    def _chance_outcomes(self) -> tuple[tuple[Reveal, Fraction], ...]:
        seat, into = self.draws[0]
        return _reveals(seat, into, self.unseen[seat])

    # --- moves -------------------------------------------------------------------------------
    def _next(self, action: Any) -> tuple[State, Events]:
        if isinstance(action, Reveal):
            return self._reveal(action)
        if isinstance(action, Place):
            return self._place(action)
        return self._scare(action)

    def _reveal(self, reveal: Reveal) -> tuple[State, Events]:
        seat, card = reveal.seat, reveal.card
        unseen = _with(self.unseen, seat, tuple(c for c in self.unseen[seat] if c != card))
        if reveal.into == "hand":
            nxt = self._replace(unseen=unseen, draws=self.draws[1:], hands=_with(self.hands, seat, card))
        else:
            nxt = self._replace(unseen=unseen, draws=self.draws[1:], tops=_with(self.tops, seat, card))
        return nxt, lambda: [_capital(str(reveal)) + "."]

    def _place(self, place: Place) -> tuple[State, Events]:
        seat = self.to_move
        spec = self.game.edition.by_name[place.card]
        card = make_placed(spec, place.row, place.col, place.rotation, place.side)
        graveyard = self.graveyard.with_card(card)
        active = len(graveyard.cards) - 1
        ghosts = tuple([sq for sq, t in zip(card.squares, card.tokens) if len(t) == 2])
        hands = _with(self.hands, seat, None)
        record = _turn_record(self.placements + 1, seat, active, str(place), ())
        nxt = self._replace(graveyard=graveyard, hands=hands, pending=ghosts, active=active,
                            placements=self.placements + 1, last_turn=record)
        return nxt._settle(lambda: [f"{_capital(COLOURS[seat])} plays {place.card} at ({place.row},"
                                    f"{place.col}), rot {place.rotation}, {place.side} side up."])

    def _scare(self, scare: Scare) -> tuple[State, Events]:
        box = self.graveyard.sandbox()
        records = [_scare_record(box, scare.square, self._scaring_card, self.graveyard)]
        graveyard = self._after(records)
        nxt = self._replace(graveyard=graveyard,
                            pending=tuple(sq for sq in self.pending if sq != scare.square),
                            last_turn=_extend(self.last_turn, records))
        return nxt._settle(lambda: [_describe(r) for r in records])

    @property
    def _scaring_card(self) -> int:
        """`active` while ghosts are pending: the card just placed, whose ghosts scare."""
        if self.active is None:  # `_place` sets it together with the pending ghosts
            raise RuntimeError("ghosts are pending but no card was placed.")
        return self.active

    def _after(self, records: Sequence[ScareRecord]) -> Graveyard:
        """The graveyard with the cards these scares flipped an odd number of times turned over."""
        owner = self.graveyard._owners
        return self.graveyard.with_flips(odd_flips(owner[key_of(r.stop)] for r in records
                                              if r.outcome == "flip" and r.stop is not None))

    def _settle(self, before: Events) -> tuple[State, Events]:
        """Resolve the pending scares at once when their order cannot matter, then end the turn.

        The scares are traced once, in the pending order, on a sandbox; when that run shows the
        order cannot matter (`Sandbox.independent`), it is the result, else every order is tried."""
        state = self
        if not state.pending:
            return state._end_turn(before)
        graveyard, active, pending = state.graveyard, state._scaring_card, state.pending
        box = graveyard._sandbox_in_place()
        traced, flips, lines = [], [], []
        ghosts = [ghost[0] * STRIDE + ghost[1] for ghost in pending]  # `key_of`
        for ghost, key in zip(pending, ghosts):
            token = box.tokens[key]
            target, path, stop, outcome = box.scare(key, active)
            traced.append((ghost, token, path, stop, outcome, target))
            flips.append(target)
            lines.append(set(path) | ({stop} if stop is not None else set()))
        if not box.independent(flips, lines):
            box.undo(reversed(flips))
            if len(set(box.order_results(ghosts, active).values())) > 1:
                seat = _capital(COLOURS[state.to_move])
                return state, lambda: [*_lines(before),
                                       f"{seat} chooses which ghost scares next (the order matters)."]
            for target in flips:  # every order agrees: the traced run stands
                if target is not None:
                    box.flip(target)
        cards = graveyard.cards
        records = tuple([_scare_record_of(ghost, token, path, stop, outcome,
                                          cards[target].name if target is not None else None)
                         for ghost, token, path, stop, outcome, target in traced])
        state = state._replace(graveyard=graveyard.flipped_as(box, odd_flips(flips)), pending=(),
                               last_turn=_extend(state.last_turn, records))
        return state._end_turn(lambda: [*_lines(before), *[_describe(r) for r in records]])

    def _end_turn(self, before: Events) -> tuple[State, Events]:
        seat = self.to_move
        hands, tops = self.hands, self.tops
        draws: tuple[tuple[int, str], ...] = ()
        took = tops[seat]
        if took is not None:
            hands = _with(hands, seat, took)
            tops = _with(tops, seat, None)
            if self.unseen[seat]:
                draws = ((seat, "top"),)
        nxt = self._replace(hands=hands, tops=tops, draws=draws, to_move=1 - seat)
        # the log function must not hold a state: `nxt` keeps it as its move log (a cycle, which
        # only the garbage collector frees) and each state's holds the one before (a game's chain)
        result = None
        if nxt.placements >= self.game.total_placements:  # once a game: scores are read here
            black, white = nxt.scores()
            result = (black, white, COLOURS[nxt.returns().index(1)])

        def events() -> list[str]:
            lines = _lines(before)
            if took is not None:
                lines.append(f"{_capital(COLOURS[seat])} takes {took} into hand.")
            if result is not None:
                black, white, winner = result
                lines.append(f"Game over: black {black}, white {white}; {winner} wins"
                             + (" the tie as start player." if black == white else "."))
            return lines
        return nxt, events

    # --- what players see and get ------------------------------------------------------------
    def observation(self, seat: int) -> Observation:
        check_int("seat", seat, 0, 1)
        winner = self.returns().index(1) if self.is_terminal() else None
        black, white = self.scores()
        return Observation(seat, self.current_player, self.to_move, self.game.start_player, self.graveyard,
                           self.hands, self.tops, self.unseen, self.pending if self.pending else (),
                           self.active, self.last_turn, self.placements, self.game.total_placements,
                           (black, white), winner, self.game.edition)

    def scores(self) -> list[int]:
        """Face-up black and white ghosts in the whole graveyard, gate included (O6)."""
        return [self.graveyard.count("B"), self.graveyard.count("W")]

    def returns(self) -> list[int]:
        """1 for the winner, 0 for the loser; a tie goes to the start player (O6).  [0, 0] until the end."""
        if not self.is_terminal():
            return [0, 0]
        black, white = self.scores()
        winner = 0 if black > white else 1 if white > black else self.game.start_player
        return [1 if seat == winner else 0 for seat in (0, 1)]

    def to_json(self) -> str:
        if self.constructed:
            raise ValueError("a position built with `position(...)` has no move history to save; "
                             "save games that start from new_initial_state().")
        return super().to_json()

    def __str__(self) -> str:
        black, white = self.scores()
        return (f"{self.graveyard}\nblack {black}, white {white}; hands {self.hands}, tops {self.tops}; "
                f"{COLOURS[self.to_move]} to move")


@functools.lru_cache(maxsize=4096)  # the same object for the same unseen deck: prepared once
def _reveals(seat: int, into: str, cards: tuple[str, ...]) -> tuple[tuple[Reveal, Fraction], ...]:
    chance = Fraction(1, len(cards))  # one equal Fraction for every card: they are immutable
    return tuple([(_reveal(seat, card, into), chance) for card in cards])


@functools.lru_cache(maxsize=1024)  # a few dozen reveals recur in every game: each is built once
def _reveal(seat: int, card: str, into: str) -> Reveal:
    return Reveal(seat, card, into)


def _with(pair: tuple, seat: int, value: Any) -> tuple:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


Events = list[str] | Callable[[], list[str]]
"""Move-log lines, or a function that writes them when the log is first read (`StateBase._next`):
playouts never read the log, so its text is not written on every step."""


def _lines(events: Events) -> list[str]:
    return list(events) if isinstance(events, list) else events()


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _extend(turn: TurnRecord | None, records: Sequence[ScareRecord]) -> TurnRecord | None:
    if turn is None:
        return None
    return _turn_record(turn.number, turn.seat, turn.active, turn.action, turn.scares + tuple(records))


def _turn_record(number: int, seat: int, active: int, action: str, scares: tuple[ScareRecord, ...]
                 ) -> TurnRecord:
    """``TurnRecord(...)`` less the frozen constructor (one or two a turn)."""
    return from_fields(TurnRecord, {"number": number, "seat": seat, "active": active, "action": action,
                                    "scares": scares})


def _scare_record_of(ghost: Square, token: str, path: Sequence[int], stop: int | None, outcome: str,
                     flipped: str | None) -> ScareRecord:
    """``ScareRecord(...)`` from a sandbox's numbers, less the frozen constructor."""
    return from_fields(ScareRecord, {"ghost": ghost, "token": token, "path": tuple(map(square_of, path)),
                                     "stop": None if stop is None else square_of(stop), "outcome": outcome,
                                     "flipped": flipped})


def _scare_record(box: Sandbox, ghost: Square, active: int, graveyard: Graveyard) -> ScareRecord:
    key = key_of(ghost)
    token = box.tokens[key]
    target, path, stop, outcome = box.scare(key, active)
    return _scare_record_of(ghost, token, path, stop, outcome,
                            graveyard.cards[target].name if target is not None else None)


def _describe(record: ScareRecord) -> str:
    colour = "black" if record.token[0] == "B" else "white"
    other = "white" if colour == "black" else "black"
    who = f"The {colour} ghost at {_sq(record.ghost)} (facing {record.token[1]})"
    if record.outcome == "flip":
        return f"{who} scares the {other} ghost at {_sq(record.stop)}: {record.flipped} flips."
    if record.outcome == "tombstone":
        return f"{who} is stopped by the tombstone at {_sq(record.stop)}."
    if record.outcome == "faces back":
        return f"{who} meets the {other} ghost at {_sq(record.stop)} facing straight back: no scare."
    if record.outcome == "own card":
        return f"{who} faces a {other} ghost on its own card: no scare."
    return f"{who} sees no {other} ghost."


def _sq(square: Square | None) -> str:
    return "nowhere" if square is None else f"({square[0]},{square[1]})"


# --- constructed positions (walkthroughs, exercises, tests) ------------------------------------
def position(game: Game | None = None, *, placed: Iterable[Place | str] = (), flipped: Iterable[str] = (),
             hands: tuple[str | None, str | None] = (None, None),
             tops: tuple[str | None, str | None] = (None, None), to_move: int = 0) -> State:
    """A position built directly: the gate, the cards ``placed`` (Place actions or their text) on
    any empty squares, the cards named in ``flipped`` turned over, and the given hands and tops.

    The unseen decks hold every other card.  Such a state cannot be saved (it has no history).
    """
    game = game or Game()
    check_int("to_move", to_move, 0, 1)
    if len(hands) != 2 or len(tops) != 2:
        raise ValueError(f"hands and tops need one entry per seat (2), not {hands!r} and {tops!r}.")
    graveyard = game.gate()
    used = [c.name for c in graveyard.cards]
    for item in placed:
        place = parse_place(item) if isinstance(item, str) else item
        spec = game.edition.by_name.get(place.card)
        if spec is None or spec.deck == "gate":
            raise ValueError(f"{place.card} is not a card of either deck.")
        if not (abs(place.row) <= MAX_REACH - 2 and abs(place.col) <= MAX_REACH - 2):
            raise ValueError(f"{place}: rows and columns lie within -{MAX_REACH - 2}..{MAX_REACH - 2}.")
        card = make_placed(spec, place.row, place.col, place.rotation, place.side)
        if set(card.squares) & set(graveyard.tokens):
            raise ValueError(f"{place} covers another card.")
        graveyard = graveyard.with_card(card)
        used.append(card.name)
    names = [c.name for c in graveyard.cards]
    unknown = set(flipped) - set(names)
    if unknown:
        raise ValueError(f"cannot flip cards not in the graveyard: {sorted(unknown)}.")
    graveyard = graveyard.with_flips(names.index(n) for n in flipped)
    used += [c for c in (*hands, *tops) if c is not None]
    if len(set(used)) != len(used):
        raise ValueError("each card can be in only one place.")
    for seat in (0, 1):
        for name in (hands[seat], tops[seat]):
            if name is not None and name not in game.edition.deck(seat):
                raise ValueError(f"{name} is not in {COLOURS[seat]}'s deck.")
    black, white = (tuple(sorted(set(game.edition.deck(s)) - set(used))) for s in (0, 1))
    placements = len(graveyard.cards) - len(game.edition.gate)
    if placements < game.total_placements and hands[to_move] is None:
        raise ValueError(f"{COLOURS[to_move]} is to move and needs a card in hand.")
    return State(game=game, graveyard=graveyard, unseen=(black, white), to_move=to_move,
                 hands=(hands[0], hands[1]), tops=(tops[0], tops[1]), placements=placements, constructed=True)


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


def iter_ghosts(graveyard: Graveyard) -> Iterator[tuple[Square, str, int]]:
    """Every ghost in the graveyard: ``(square, token, card index)``."""
    for index, card in enumerate(graveyard.cards):
        for square, token in zip(card.squares, card.tokens):
            if is_ghost(token):
                yield square, token, index
