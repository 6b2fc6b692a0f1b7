"""The Sneaky Goose deck: the one data table of card types (the project's own 54-card edition).

The rulebook names only two goose types, so the deck is this project's edition from the rulings
(``docs/sneaky_goose.md``).  A teacher can pass another edition to
``load_game("sneaky_goose", deck=...)``: a sequence of ``CardType(name, value, copies, action)``
rows (or plain ``[name, value, copies, action]`` lists, as a save stores them).  Two cards
*match* when they have the same ``name`` (every Sneaky Goose matches every other).
"""

from __future__ import annotations

from typing import NamedTuple

NO_ACTION = "none"
LOOK_OWN = "look at one of your own grid cards"
LOOK_OTHER = "look at one card in another player's grid"
BLIND_SWAP = "swap one of your grid cards with one of another player's, without looking at either"
MAGIC = "look at any one grid card; then you may swap one of your grid cards with one of another player's"
ACTIONS = (NO_ACTION, LOOK_OWN, LOOK_OTHER, BLIND_SWAP, MAGIC)
"""The card actions the rules know; a card type's ``action`` must be one of them."""

# The bounds of an edition (issue 18): a deck table from a save or a teacher is refused outside
# them, so that building a game (and loading a save) takes time in proportion to the table's
# size, never to a number written in it (a 1.6 KB save once asked for a million copies of a card).
MAX_CARD_TYPES = 60
MAX_COPIES = 50  # copies of one card type
MAX_CARDS = 400  # cards in the whole deck
MAX_VALUE = 1000  # a card's value lies in -MAX_VALUE..MAX_VALUE
MAX_NAME = 60  # characters of a goose type's name


class CardType(NamedTuple):
    """One row of the deck table: a goose type, its value, how many copies, its action."""

    name: str
    value: int
    copies: int
    action: str = NO_ACTION

    @property
    def label(self) -> str:
        """How the card is named in the move log and in saves, e.g. ``Magic Goose (12)``."""
        return f"{self.name} ({self.value})"


DECK: tuple[CardType, ...] = (
    CardType("Sneaky Goose", -1, 2),
    CardType("Sneaky Goose", 13, 2),
    CardType("Golden Egg Goose", 0, 2),
    CardType("Silly Goose", 1, 4),
    CardType("Grey Goose", 2, 4),
    CardType("Lazy Goose", 3, 4),
    CardType("Hungry Goose", 4, 4),
    CardType("Dancing Goose", 5, 4),
    CardType("Nosy Goose", 6, 4, LOOK_OWN),
    CardType("Curious Goose", 7, 4, LOOK_OWN),
    CardType("Spy Goose", 8, 4, LOOK_OTHER),
    CardType("Detective Goose", 9, 4, LOOK_OTHER),
    CardType("Swapping Goose", 10, 4, BLIND_SWAP),
    CardType("Trickster Goose", 11, 4, BLIND_SWAP),
    CardType("Magic Goose", 12, 4, MAGIC),
)
"""The standard edition: 15 card types, 54 cards."""
