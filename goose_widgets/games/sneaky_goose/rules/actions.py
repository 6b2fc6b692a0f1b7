"""Sneaky Goose's moves: the phases of a state, the decisions (`Action`), the chance outcome
`Card` and the end of a round (`RoundResult`).

Rulings: S2 (a 2x2 grid each, the bottom row peeked at once), S4 (honk, or take from the draw or the
play pile; play or swap in), S5 (a swap), S6 (pass or slam in a window), S7 (a gift after a matching
slam), S9 (HONK and its bonus: `HONK_BONUS`, `RoundResult`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

GRID_SIZE = 4
"""Cards dealt to each player (a 2x2 grid; cards 3 and 4 are the bottom row)."""
BOTTOM_ROW = (2, 3)
HONK_BONUS = {"strictly lowest": -10, "tied lowest": -5, "not lowest": 10}

# Phases of a state (public: they are part of every observation).
DEAL = "deal"                # chance: the next card of the deal
PEEK = "peek"                # a seat looks once at its bottom row (S2)
TURN = "turn start"          # honk or take a card (S4)
DRAW = "draw"                # chance: the top card of the draw pile
HOLD = "holding"             # play the drawn card or swap the held card in
WINDOW = "slam window"       # S6
GIVE = "give"                # S7: the slammer gives one of their cards
PENALTY = "penalty draw"     # chance: S7, no match
ACTION = "action"            # a played card's action: choose a card to look at
LOOK = "looking"             # the player looks at a card until they are done
CHOOSE = "choose"            # blind swap, step 1: one of your own cards
TARGET = "target"            # blind swap, step 2: a card of another player
ROUND_OVER = "round over"    # every card revealed; each seat confirms
OVER = "game over"

# What follows a closing slam window or the end of a look.
START_TURN, DO_ACTION, END_TURN, SWAP_NEXT = "start turn", "action", "end turn", "swap"

Slot = tuple[int, int]          # (card kind, mask of the seats that know it)
Grid = tuple[Slot | None, ...]  # None: an empty place left by a slam
_T = TypeVar("_T")


def _present(value: _T | None, what: str) -> _T:
    """``value``, which the phase guarantees is set (in a state or its observation): every move was
    checked against the legal actions first, so a None here is a bug, never a wrong move."""
    if value is None:
        raise RuntimeError(f"Sneaky Goose: no {what} at this point, though the phase guarantees one (a bug).")
    return value


# --- actions and chance outcomes --------------------------------------------------------------
def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


@dataclass(frozen=True)
class Action:
    """A decision.  ``seat``/``slot`` name a grid card (0-based; its ``str`` says "card 1".."card n")."""

    verb: str
    seat: int = -1
    slot: int = -1
    to: int = -1  # the receiving seat of a gift; the round number of "start round N"

    def __str__(self) -> str:
        card = f"{seat_name(self.seat)}'s card {self.slot + 1}"
        match self.verb:
            case "swap into":
                return f"swap into {card}"
            case "look":
                return f"look at {card}"
            case "choose":
                return f"choose {card} to swap"
            case "swap with":
                return f"swap it with {card}"
            case "slam":
                return f"slam {card}"
            case "give":
                return f"give {card} to {seat_name(self.to)}"
            case "start round":
                return f"start round {self.to}"
        return self.verb


HONK = Action("honk")
TAKE_DRAW = Action("take draw pile")
TAKE_PLAY = Action("take play pile")
PLAY = Action("play it")
SKIP = Action("skip action")
DONE = Action("done looking")
PASS = Action("pass")
CARD_VERBS = ("swap into", "look", "choose", "swap with", "slam", "give")
"""Verbs of actions that name a grid card (a widget makes that card clickable)."""


@dataclass(frozen=True)
class Card:
    """A chance outcome: the card that comes off the draw pile (``kind`` is its deck row)."""

    kind: int
    label: str

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True)
class RoundResult:
    """The end of one round: grid sums, who honked and how it went, the round scores."""

    round: int
    honker: int
    sums: tuple[int, ...]
    outcome: str  # a key of HONK_BONUS
    scores: tuple[int, ...]

    @property
    def bonus(self) -> int:
        return HONK_BONUS[self.outcome]


def round_result(number: int, honker: int, sums: tuple[int, ...]) -> RoundResult:
    """S9: round ``number`` ends on ``honker``'s HONK with these grid sums: the honker's bonus is
    -10 if strictly lowest, -5 if tied for lowest, +10 otherwise; everyone else scores their sum."""
    lowest = min(sums)
    if sums[honker] != lowest:
        outcome = "not lowest"
    else:
        outcome = "strictly lowest" if sums.count(lowest) == 1 else "tied lowest"
    bonus = HONK_BONUS[outcome]
    scores = tuple(v + (bonus if s == honker else 0) for s, v in enumerate(sums))
    return RoundResult(number, honker, sums, outcome, scores)


@lru_cache(maxsize=4096)
def _action(verb: str, seat: int, slot: int, to: int = -1) -> Action:
    """The decision naming a grid card, made once (legal actions are listed at every decision)."""
    return Action(verb, seat, slot, to)
