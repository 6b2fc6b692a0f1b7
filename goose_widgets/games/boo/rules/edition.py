"""BOO's edition: the one data table of cards (the black-lined and white-lined decks) and the
Graveyard Gate, its text and JSON forms, and the checks that keep a loaded edition small and fast.

Rulings: O1 (one deck per seat, black and white), O3 (the gate cards are the first cards in the
graveyard, so that a placement can touch one), O6 (the decks are equal: 24 placements in the standard
edition); the white deck is the black one with B and W exchanged, as the rulings define W1..W12.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .tokens import COLOURS, TOKENS, Square

MAX_COORDINATE = 20
"""Gate squares lie within rows and columns -20..20 (the standard gate uses 0..5)."""
MAX_DECK = 30
"""Cards in each deck at most (the standard edition has 12)."""
MAX_GATE = 12
"""Gate cards at most (the standard edition has 6)."""
_NAME = re.compile(r"[A-Za-z0-9_-]{1,12}")


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
