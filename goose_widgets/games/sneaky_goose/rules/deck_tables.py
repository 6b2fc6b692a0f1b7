"""Sneaky Goose's deck tables: a deck table checked against the edition bounds of `deck`, and
what every game on the same table shares (built as games are played): the chance outcomes, the
draw distributions with exact probabilities, and the card views.

Rulings: S2 and S8 (every card that comes off the draw pile is a chance outcome, with the exact
probability of its kind among the cards left: so the shuffle of S8 needs no node of its own).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping
from fractions import Fraction
from itertools import accumulate, repeat
from operator import getitem, truediv
from random import Random
from typing import Any

from ..deck import ACTIONS, MAX_CARD_TYPES, MAX_CARDS, MAX_COPIES, MAX_NAME, MAX_VALUE, CardType
from .actions import Card
from .knowledge import _Views

_RECURRING_DRAWS = 7  # draw piles missing at most this many cards recur often enough to keep


class _DeckTables:
    """What every game with the same deck table shares (built as games are played): the chance
    outcomes, the draw distributions and the card views.  Kept per deck table for the whole
    process, so a new `Game` (each study makes its own; a worker process rebuilds the game from
    its parameters) starts with them warm, and worker processes forked later inherit them."""

    def __init__(self, deck: tuple[CardType, ...]):
        self.outcomes = tuple(Card(kind, t.label) for kind, t in enumerate(deck))
        self.full_counts = tuple(t.copies for t in deck)
        self.size = sum(self.full_counts)
        self.draw_pairs: dict[int, list[list[tuple[Card, Fraction] | None]]] = {}
        self.draw_cache: dict[tuple[int, ...], list[tuple[Card, Fraction]]] = {}
        self.views = _Views(deck)

    def draw_outcomes(self, counts: tuple[int, ...]) -> list[tuple[Card, Fraction]]:
        """The next card of a pile holding ``counts`` of each kind, with exact probabilities (the
        engine prepares a list once, by identity, so a pile that recurs is given the same list:
        the piles of the first cards of a deal recur from game to game, later ones hardly ever and
        are not kept).

        ``draw_pairs`` maps a pile size -> kind -> copies left to the outcome pair, each made once:
        most piles are new (a cache miss), and making Fractions was the larger part of their cost."""
        total = sum(counts)
        recurring = total >= self.size - _RECURRING_DRAWS
        if recurring:
            outcomes = self.draw_cache.get(counts)
            if outcomes is not None:
                return outcomes
        rows = self.draw_pairs.get(total)
        if rows is None:
            rows = self.draw_pairs[total] = [
                [None] + [(card, Fraction(n, total)) for n in range(1, copies + 1)]
                for card, copies in zip(self.outcomes, self.full_counts)]
        # row[kind][copies left] is the pair (None for no copy left): a look-up per kind, in C
        outcomes = list(filter(None, map(getitem, rows, counts)))
        if recurring and len(self.draw_cache) < 100_000:
            self.draw_cache[counts] = outcomes
        return outcomes


_TABLES: dict[tuple[CardType, ...], _DeckTables] = {}


def _deck_tables(deck: tuple[CardType, ...]) -> _DeckTables:
    tables = _TABLES.get(deck)
    if tables is None:
        if len(_TABLES) >= 64:  # teachers' own editions: keep the tables of the latest few
            _TABLES.clear()
        tables = _TABLES[deck] = _DeckTables(deck)
    return tables


def _deck_table(deck: Any) -> tuple[CardType, ...]:
    """Validate a deck table (a save stores it as a list of lists) and return it as `CardType` rows,
    within the edition bounds of `deck` (``MAX_CARD_TYPES``, ``MAX_COPIES``, ``MAX_CARDS``,
    ``MAX_VALUE``, ``MAX_NAME``)."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Iterable):
        raise TypeError("deck must be a sequence of card types (name, value, copies, action).")
    rows: list[CardType] = []
    for row in deck:
        if len(rows) >= MAX_CARD_TYPES:
            raise ValueError(f"a deck has at most {MAX_CARD_TYPES} card types.")
        try:
            card = CardType(**row) if isinstance(row, Mapping) else CardType(*row)
        except TypeError:
            raise TypeError(f"each deck row is (name, value, copies, action); got {row!r}.") from None
        if not isinstance(card.name, str) or not card.name:
            raise TypeError(f"a card type needs a name; got {row!r}.")
        for what in ("value", "copies"):
            number = getattr(card, what)
            if isinstance(number, bool) or not isinstance(number, int):
                raise TypeError(f"{card.name}: {what} must be a whole number, not {number!r}.")
        if len(card.name) > MAX_NAME:
            raise ValueError(f"a card type's name has at most {MAX_NAME} characters; got one of "
                             f"{len(card.name)}.")
        if not 1 <= card.copies <= MAX_COPIES:
            raise ValueError(f"{card.name[:MAX_NAME]}: copies must be from 1 to {MAX_COPIES}; got "
                             f"{_short_number(card.copies)}.")
        if not -MAX_VALUE <= card.value <= MAX_VALUE:
            raise ValueError(f"{card.name[:MAX_NAME]}: a value lies from {-MAX_VALUE} to {MAX_VALUE}; got "
                             f"{_short_number(card.value)}.")
        if card.action not in ACTIONS:
            raise ValueError(f"{card.name}: unknown action {card.action!r}; known actions: "
                             + "; ".join(ACTIONS))
        rows.append(card)
    labels = [c.label for c in rows]
    if len(set(labels)) != len(labels):
        raise ValueError("two rows of the deck have the same name and value; merge their copies.")
    if not rows:
        raise ValueError("the deck is empty.")
    if sum(card.copies for card in rows) > MAX_CARDS:
        raise ValueError(f"a deck has at most {MAX_CARDS} cards; this one has "
                         f"{sum(card.copies for card in rows)}.")
    return tuple(rows)


def sample_draw(counts: tuple[int, ...], outcomes: tuple[Card, ...], rng: Random) -> Card:
    """The next card of a draw pile holding ``counts`` of each kind (``outcomes``: the `Card` of each
    kind), drawn with ``rng`` just as the engine's sampling of its `draw_outcomes` would draw it
    (the same draws, the same card), without building the outcome list (`State._sample_chance`).

    Speed (issue 12): most piles are new, and preparing their list of outcomes was a quarter of a
    game's time.  The engine walks the cumulative float sums of the probabilities; each is
    numerator / denominator of ``Fraction(copies, total)``, which is ``copies / total`` exactly
    (both round the same quotient), and a kind with no copy left adds 0.0, which moves no sum.
    """
    total = sum(counts)
    last = len(counts) - 1  # the last kind still in the pile (the engine's upper bound)
    while not counts[last]:
        last -= 1
    if counts[last] == total:  # one kind left: the engine returns it without a draw
        return outcomes[last]
    cumulative = list(accumulate(map(truediv, counts, repeat(total))))
    return outcomes[bisect_right(cumulative, rng.random() * cumulative[-1], 0, last)]


def card_kind(deck: tuple[CardType, ...], card: Any) -> int:
    """The deck row of ``card`` in ``deck`` (`Game.kind`)."""
    if isinstance(card, CardType) and card in deck:
        return deck.index(card)
    if isinstance(card, str):
        rows = [k for k, t in enumerate(deck) if card in (t.label, t.name)]
    elif isinstance(card, int) and not isinstance(card, bool):
        rows = [k for k, t in enumerate(deck) if t.value == card]
    else:
        rows = []
    if len(rows) != 1:
        raise ValueError(f"{card!r} does not name exactly one card type of this deck; use a label "
                         f"such as {deck[0].label!r}.")
    return rows[0]


def _short_number(number: int) -> str:
    """A whole number as text, or its size when it is too long to show (or to convert)."""
    bits = abs(number).bit_length()
    return str(number) if bits <= 64 else f"a number of about {bits * 3 // 10} digits"
