"""Sneaky Goose: the rules engine (headless).

Every rule of the rulebook and every ruling of ``docs/sneaky_goose.md`` lives here, and
only here; the deck is the data table in `deck.py`.

Rulings implemented (ids from the rulings file):

- S1  2 to 6 players; ``rounds`` rounds (5 by default); the dealer moves one seat clockwise each
  round.  In round 1 the last seat deals, so Player 1 (seat 0) plays first.
- S2  The deal is a run of chance nodes, one card at a time: four cards to each seat from the left
  of the dealer (cards 1 and 2 are the top row, 3 and 4 the bottom row, nearest the player), then
  the up-card that starts the play pile.  Then each seat, from the left of the dealer, looks once
  at its bottom row (a ``done looking`` decision, so that a human sees the cards until they click).
- S3  Each grid card records which seats know it (a bit mask).  A seat learns a card when it sees
  it: the peek, a look action, the card it swaps in from the draw pile, a card taken from the face-up
  play pile (everyone saw it), a card revealed by a failed slam (everyone).  A seat forgets a card
  when it "moves out of their sight (swapped away unseen, given away, slammed)": a card that leaves
  a seat's grid face down (a gift, S7; a blind or Magic Goose swap) is no longer known by that
  seat (unless every seat knows it: S7a), and a matching slam takes the card to the public pile.
  Nobody *learns* a card by its moving (the new owner of a swapped or given card does not see
  it); a seat that already knew the card and watched it move keeps knowing it (so a Magic Goose
  player who looked at a card and then swapped it into their own grid knows it there).
- S4  Turn: HONK, or take the top of the draw pile or of the play pile.  From the draw pile: play
  it (its action may then be used) or swap it in; from the play pile: swap it in.
- S5  A swap puts the grid card face up on the play pile (no action) and the taken card in its place.
- S6  Slam windows.  Every time a card lands on the play pile (a play, a swap, a matching slam;
  also the up-card once everyone has peeked) a window opens: in seat order from the player whose
  turn it is, each seat may slam one grid card (any grid) or pass.  The window closes when every
  seat has passed in a row.  Our reading of "each player may slam one grid card": a seat slams at
  most once per window (then it is skipped), so every window ends.  A matching slam lands the
  slammed card, so it opens a fresh window on it (after the gift, if any): every seat, the slammer
  included, may slam again, in seat order from the player whose turn it is.  A played action card's action
  comes after its window closes ("then the turn goes on").  Slamming outside a window is illegal.
- S7  Slam outcomes: match on your own card: it goes onto the play pile (your grid shrinks).  Match
  on another's card: it goes onto the play pile and you give that player one of your grid cards of
  your choice, face down into the empty place (nothing if your grid is empty).  No match: the card
  goes back face down, every seat now knows it, and the slammer draws a card into their own grid
  unseen (nothing if there is no card left to draw).
- S7a (our ruling: a card everyone knows stays known to everyone).  When a card that every seat
  knows (revealed by a failed slam, S7, or taken from the face-up play pile, S3) is given away
  after a matching slam, every seat still knows it in its new place, the giver included: the gift
  is made in the open, so the whole table saw the card and saw where it went.  The same holds when
  such a card is swapped blind (a Trickster or Magic Goose swap).  S3's forgetting ("given away",
  "swapped away unseen") applies to a card that not every seat knows: its old owner loses it,
  whoever else knew it keeps it, and nobody learns a card by its moving (the receiver knows a
  given card only if they had seen it before).
- S8  When a card must be drawn and the draw pile is empty, the play pile except its top card is
  shuffled into a new draw pile (card identities are chance outcomes, so the shuffle itself needs no
  node).  While a player holds the top card of the play pile, the pile has no top.
- S9  HONK only at the start of one's own turn; every card is revealed; round score = grid sum;
  honker strictly lowest -10, tied for lowest -5, otherwise +10.  Each seat then confirms the
  reveal (``start round N``) before the next deal, so a human sees the end of the round.
- S10 A player whose grid is empty must honk at the start of their turn.
- S11 ``scores()`` are the running totals; ``returns()`` is 1 for every seat with the lowest total
  once the game is over (ties share the win) and 0 for everyone before.
- S12 ``observation(seat)``: the seat's knowledge of every grid card (values only where it knows
  them) and the public facts: who knows which card, the play pile (every card on it was seen face
  up), the size of the draw pile, the held card if it came from the play pile, the scores.

Actions are `Action` values whose ``str`` is what saves and widget clicks use ("take draw pile",
"swap into Player 1's card 3", "slam Player 2's card 1", "honk", ...); chance outcomes are `Card`
values named like "Magic Goose (12)".  Move-log lines never name a card that is not face up.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import accumulate, repeat
from operator import getitem, truediv
from random import Random
from typing import Any, ClassVar, TypeVar

from ...engine import CHANCE, TERMINAL, GameBase, StateBase, check_int, from_fields
from ...engine.core import Events
from .deck import ACTIONS, BLIND_SWAP, DECK, LOOK_OTHER, LOOK_OWN, MAGIC, NO_ACTION, CardType

__all__ = ["Game", "State", "Action", "Card", "CardView", "Observation", "RoundResult", "arrange",
           "DECK", "CardType", "GRID_SIZE"]

GRID_SIZE = 4
"""Cards dealt to each player (a 2x2 grid; cards 3 and 4 are the bottom row)."""
_RECURRING_DRAWS = 7  # draw piles missing at most this many cards recur often enough to keep
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


# --- the game ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Game(GameBase):
    """Sneaky Goose for ``players`` (2-6) over ``rounds`` rounds with the deck table ``deck``."""

    name: ClassVar[str] = "sneaky_goose"
    players: int = 2
    rounds: int = 5
    deck: tuple[CardType, ...] = DECK

    def __post_init__(self) -> None:
        check_int("players", self.players, 2, 6)
        check_int("rounds", self.rounds, 1, 50)
        object.__setattr__(self, "deck", _deck_table(self.deck))
        needed = GRID_SIZE * self.players + 2
        if self.size < needed:
            raise ValueError(f"a deck for {self.players} players needs at least {needed} cards "
                             f"(4 each, the up-card and one to draw); this one has {self.size}.")

    def __repr__(self) -> str:  # the 15-row deck table would drown every message that names a game
        deck = "" if self.deck == DECK else f", deck=<{len(self.deck)} card types, {self.size} cards>"
        return f"Game(players={self.players}, rounds={self.rounds}{deck})"

    def new_initial_state(self) -> State:
        return State(game=self, dealer=self.players - 1, grids=((),) * self.players,
                     draw=self.full_counts, discard=self.no_cards, totals=(0,) * self.players)

    # Derived facts of the deck table (cached; dataclass equality and hashing ignore them).
    @cached_property
    def size(self) -> int:
        return sum(t.copies for t in self.deck)

    @cached_property
    def full_counts(self) -> tuple[int, ...]:
        return tuple(t.copies for t in self.deck)

    @cached_property
    def no_cards(self) -> tuple[int, ...]:
        return (0,) * len(self.deck)

    @cached_property
    def values(self) -> tuple[int, ...]:
        return tuple(t.value for t in self.deck)

    @cached_property
    def outcomes(self) -> tuple[Card, ...]:
        return self._tables.outcomes

    @cached_property
    def all_seats(self) -> int:
        return (1 << self.players) - 1

    @cached_property
    def _tables(self) -> _DeckTables:
        return _deck_tables(self.deck)

    @cached_property
    def _views(self) -> _Views:
        return self._tables.views

    @cached_property
    def _hidden_views(self) -> list[CardView]:
        """Mask of the seats that know a card -> the view of a seat that does not."""
        return [self._views[-1, mask] for mask in range(1 << self.players)]

    @cached_property
    def _draw_cache(self) -> dict[tuple[int, ...], list[tuple[Card, Fraction]]]:
        return self._tables.draw_cache

    def __getstate__(self) -> dict[str, Any]:
        # a pickle (a game sent to or from a worker process, a final state coming back) carries
        # the parameters only: the derived tables are found again, or made, where it is loaded
        return {f.name: self.__dict__[f.name] for f in fields(self)}

    def draw_outcomes(self, counts: tuple[int, ...]) -> list[tuple[Card, Fraction]]:
        """The next card of a pile holding ``counts`` of each kind, with exact probabilities."""
        return list(self._draw_outcomes(counts))

    def _draw_outcomes(self, counts: tuple[int, ...]) -> list[tuple[Card, Fraction]]:
        """`draw_outcomes` itself (the engine prepares a list once, by identity, so a pile that
        recurs is given the same list: the piles of the first cards of a deal recur from game to
        game, later ones hardly ever and are not kept)."""
        total = sum(counts)
        recurring = total >= self.size - _RECURRING_DRAWS
        if recurring:
            outcomes = self._draw_cache.get(counts)
            if outcomes is not None:
                return outcomes
        rows = self._draw_pairs.get(total)
        if rows is None:
            rows = self._draw_pairs[total] = [
                [None] + [(card, Fraction(n, total)) for n in range(1, copies + 1)]
                for card, copies in zip(self.outcomes, self.full_counts)]
        # row[kind][copies left] is the pair (None for no copy left): a look-up per kind, in C
        outcomes = list(filter(None, map(getitem, rows, counts)))
        if recurring and len(self._draw_cache) < 100_000:
            self._draw_cache[counts] = outcomes
        return outcomes

    @cached_property
    def _draw_pairs(self) -> dict[int, list[list[tuple[Card, Fraction] | None]]]:
        """Pile size -> kind -> copies left -> the outcome pair, each made once: most piles are new
        (a cache miss), and making Fractions was the larger part of their cost."""
        return self._tables.draw_pairs

    def kind(self, card: Any) -> int:
        """The deck row of ``card``: a row index, a `CardType`, a label ("Magic Goose (12)"), a name
        of a one-value goose type ("Magic Goose") or a value that only one type has (12)."""
        if isinstance(card, CardType) and card in self.deck:
            return self.deck.index(card)
        if isinstance(card, str):
            rows = [k for k, t in enumerate(self.deck) if card in (t.label, t.name)]
        elif isinstance(card, int) and not isinstance(card, bool):
            rows = [k for k, t in enumerate(self.deck) if t.value == card]
        else:
            rows = []
        if len(rows) != 1:
            raise ValueError(f"{card!r} does not name exactly one card type of this deck; use a label "
                             f"such as {self.deck[0].label!r}.")
        return rows[0]


class _DeckTables:
    """What every game with the same deck table shares (built as games are played): the chance
    outcomes, the draw distributions and the card views.  Kept per deck table for the whole
    process, so a new `Game` (each study makes its own; a worker process rebuilds the game from
    its parameters) starts with them warm, and worker processes forked later inherit them."""

    def __init__(self, deck: tuple[CardType, ...]):
        self.outcomes = tuple(Card(kind, t.label) for kind, t in enumerate(deck))
        self.draw_pairs: dict[int, list[list[tuple[Card, Fraction] | None]]] = {}
        self.draw_cache: dict[tuple[int, ...], list[tuple[Card, Fraction]]] = {}
        self.views = _Views(deck)


_TABLES: dict[tuple[CardType, ...], _DeckTables] = {}


def _deck_tables(deck: tuple[CardType, ...]) -> _DeckTables:
    tables = _TABLES.get(deck)
    if tables is None:
        if len(_TABLES) >= 64:  # teachers' own editions: keep the tables of the latest few
            _TABLES.clear()
        tables = _TABLES[deck] = _DeckTables(deck)
    return tables


def _deck_table(deck: Any) -> tuple[CardType, ...]:
    """Validate a deck table (a save stores it as a list of lists) and return it as `CardType` rows."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Iterable):
        raise TypeError("deck must be a sequence of card types (name, value, copies, action).")
    rows = []
    for row in deck:
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
        if card.copies < 1:
            raise ValueError(f"{card.name} ({card.value}): copies must be at least 1.")
        if card.action not in ACTIONS:
            raise ValueError(f"{card.name}: unknown action {card.action!r}; known actions: "
                             + "; ".join(ACTIONS))
        rows.append(card)
    labels = [c.label for c in rows]
    if len(set(labels)) != len(labels):
        raise ValueError("two rows of the deck have the same name and value; merge their copies.")
    if not rows:
        raise ValueError("the deck is empty.")
    return tuple(rows)


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


# --- the state --------------------------------------------------------------------------------
@dataclass(frozen=True)
class State(StateBase):
    """A position of Sneaky Goose (immutable; see the module docstring for the phases)."""

    game: Game
    phase: str = DEAL
    round: int = 0
    dealer: int = 0
    turn: int = 0
    turn_number: int = 0
    grids: tuple[Grid, ...] = ()
    draw: tuple[int, ...] = ()      # the draw pile, as counts per deck row
    discard: tuple[int, ...] = ()   # the play pile below its top, as counts per deck row
    top: int | None = None
    held: int | None = None
    held_from: str = ""
    action_card: int | None = None
    chosen: int | None = None
    looking: tuple[tuple[int, int], ...] = ()
    queue: tuple[int, ...] = ()     # PEEK / WINDOW / ROUND_OVER: the seats still to act, in order
    slammed: tuple[int, ...] = ()
    pending: tuple[int, ...] = ()   # GIVE: (slammer, receiver, place); PENALTY: (drawer,)
    then: str = ""
    landings: int = 0
    totals: tuple[int, ...] = ()
    results: tuple[RoundResult, ...] = ()

    # --- the contract ---------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == WINDOW:  # the most frequent decision
            return self.queue[0]
        if phase in (DEAL, DRAW, PENALTY):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase in (PEEK, ROUND_OVER):
            return self.queue[0]
        if phase == GIVE:
            return self.pending[0]
        return self.turn

    def _chance_outcomes(self) -> list[tuple[Card, Fraction]]:
        return self.game._draw_outcomes(self.draw)

    def _sample_chance(self, rng: Random) -> Card:
        """The card the engine's sampling of `_chance_outcomes` would draw with ``rng`` (the same
        draws, the same card), without building the outcome list (engine `playout`).

        Speed (issue 12): most piles are new, and preparing their list of outcomes was a quarter of a
        game's time.  The engine walks the cumulative float sums of the probabilities; each is
        numerator / denominator of ``Fraction(copies, total)``, which is ``copies / total`` exactly
        (both round the same quotient), and a kind with no copy left adds 0.0, which moves no sum.
        """
        counts = self.draw
        total = sum(counts)
        last = len(counts) - 1  # the last kind still in the pile (the engine's upper bound)
        while not counts[last]:
            last -= 1
        if counts[last] == total:  # one kind left: the engine returns it without a draw
            return self.game.outcomes[last]
        cumulative = list(accumulate(map(truediv, counts, repeat(total))))
        return self.game.outcomes[bisect_right(cumulative, rng.random() * cumulative[-1], 0, last)]

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == WINDOW:
            return _slams(self.grids).copy()
        me = self.current_player
        if phase in (PEEK, LOOK):
            return [DONE]
        if phase == TURN:
            if not self.cards(me):
                return [HONK]  # S10
            return [HONK] + ([TAKE_DRAW] if sum(self.draw) or sum(self.discard) else []) \
                + ([TAKE_PLAY] if self.top is not None else [])
        if phase == HOLD:
            swaps = [_action("swap into", s, i) for s, i in self.cards(me)]
            return ([PLAY] if self.held_from == "draw pile" else []) + swaps
        if phase == GIVE:
            return [_action("give", s, i, self.pending[1]) for s, i in self.cards(me)]
        if phase == ACTION:
            effect = self.game.deck[_present(self.action_card, "action card")].action
            targets = self.cards(me) if effect == LOOK_OWN else \
                self.others_cards(me) if effect == LOOK_OTHER else self.cards()
            return [_action("look", s, i) for s, i in targets] + [SKIP]
        if phase == CHOOSE:
            mine = self.cards(me) if self.others_cards(me) else []
            return [_action("choose", s, i) for s, i in mine] + [SKIP]
        if phase == TARGET:
            return [_action("swap with", s, i) for s, i in self.others_cards(me)]
        if phase == ROUND_OVER:
            return [Action("start round", to=self.round + 2)]
        return []

    def _next(self, action: Any) -> tuple[State, list[str]]:
        # each phase has one handler below, named after it: "slam window" -> _on_slam_window
        return _HANDLERS[self.phase](self, action)

    def returns(self) -> list[int]:
        if self.phase != OVER:
            return [0] * self.game.players
        best = min(self.totals)
        return [1 if t == best else 0 for t in self.totals]

    def scores(self) -> list[int]:
        return list(self.totals)

    def observation(self, seat: int) -> Observation:
        game = self.game
        if not 0 <= seat < game.players:
            raise ValueError(f"seat must be from 0 to {game.players - 1}, not {seat!r}.")
        deck, views, hidden = game.deck, game._views, game._hidden_views
        bit = 1 << seat
        revealed = self.phase in (ROUND_OVER, OVER)
        grids = tuple([
            tuple([None if slot is None else views[slot] if revealed or slot[1] & bit else hidden[slot[1]]
                   for slot in grid])
            for grid in self.grids])
        play = list(self.discard)
        if self.top is not None:
            play[self.top] += 1
        see_held = self.held_from == "play pile" or seat == self.turn
        return from_fields(Observation, {
            "seat": seat, "players": game.players, "rounds": game.rounds, "round": self.round + 1,
            "dealer": self.dealer, "phase": self.phase, "turn": self.turn, "actor": self.current_player,
            "turn_number": self.turn_number, "landings": self.landings, "grids": grids, "deck": deck,
            "draw_size": sum(self.draw), "play_counts": tuple(play),
            "top": None if self.top is None else deck[self.top],
            "held": None if self.held is None or not see_held else deck[self.held],
            "held_from": self.held_from,
            "action_card": None if self.action_card is None else deck[self.action_card],
            "chosen": self.chosen, "looking": self.looking, "queue": self.queue, "slammed": self.slammed,
            "receiver": self.pending[1] if self.phase == GIVE else None,
            "totals": self.totals, "results": self.results,
            "gift_place": self.pending[2] if self.phase == GIVE else None})

    # --- questions about the position ---------------------------------------------------------
    def cards(self, seat: int | None = None) -> list[tuple[int, int]]:
        """``(seat, place)`` of every grid card (of one seat, or of everyone)."""
        seats = range(self.game.players) if seat is None else (seat,)
        return [(s, i) for s in seats for i in _places(self.grids[s])]

    def others_cards(self, seat: int) -> list[tuple[int, int]]:
        return [(s, i) for s, i in self.cards() if s != seat]

    def grid_values(self, seat: int) -> list[int | None]:
        """The values in a seat's grid (None for an empty place): the whole truth, for tests."""
        return [None if slot is None else self.game.values[slot[0]] for slot in self.grids[seat]]

    def grid_sum(self, seat: int) -> int:
        return sum(v for v in self.grid_values(seat) if v is not None)

    def knows(self, seat: int, owner: int, place: int) -> bool:
        """Does ``seat`` know the card at ``owner``'s ``place`` (S3)?"""
        slot = self.grids[owner][place]
        return slot is not None and bool(slot[1] >> seat & 1)

    def card_counts(self) -> tuple[int, ...]:
        """How many cards of each deck row are anywhere (grids, piles, hand): always the full deck."""
        counts = [a + b for a, b in zip(self.draw, self.discard)]
        for grid in self.grids:
            for slot in grid:
                if slot is not None:
                    counts[slot[0]] += 1
        for card in (self.top, self.held):
            if card is not None:
                counts[card] += 1
        return tuple(counts)

    def _with(self, changes: dict[str, Any]) -> State:
        """This state with the fields in ``changes`` (each a field of `State`): `_replace` without
        its per-call checks, for the steps of a playout (one a step)."""
        values = self.__dict__.copy()
        values.update(changes)
        return from_fields(State, values)

    # --- phase handlers: each returns (next state, move-log lines) ------------------------------
    # Speed (issue 12): a handler gathers the fields that change in ``changes`` and makes the next
    # state with a single copy (the shared steps below add to ``changes``); the lines of the
    # frequent steps (slams, penalty cards) are written only when the move log is read.
    def _on_deal(self, card: Card) -> tuple[State, list[str]]:
        game, grids = self.game, self.grids
        dealt = sum(map(len, grids))
        draw = _minus(self.draw, card.kind)
        if dealt < GRID_SIZE * game.players:
            seat = (self.dealer + 1 + dealt // GRID_SIZE) % game.players
            lines = [f"{seat_name(self.dealer)} deals four cards face down to each player."] \
                if dealt == 0 else []
            grids = _set(grids, seat, grids[seat] + ((card.kind, 0),))
            return self._with({"grids": grids, "draw": draw}), lines
        first = (self.dealer + 1) % game.players
        state = self._start_peek(_from(first, game.players), {"draw": draw, "top": card.kind, "turn": first})
        return state, [f"The up-card starts the play pile: {card.label}."]

    def _start_peek(self, queue: tuple[int, ...], changes: dict[str, Any]) -> State:
        seat = queue[0]
        grids = self.grids
        for place in BOTTOM_ROW:
            grids = _learn(grids, seat, place, 1 << seat)
        changes.update(phase=PEEK, grids=grids, queue=queue, looking=tuple([(seat, p) for p in BOTTOM_ROW]))
        return self._with(changes)

    def _on_peek(self, _action: Action) -> tuple[State, list[str]]:
        seat = self.queue[0]
        line = f"{seat_name(seat)} looks once at their bottom row (cards 3 and 4)."
        rest = self.queue[1:]
        if rest:
            return self._start_peek(rest, {}), [line]
        return self._open_window(START_TURN, {"looking": ()}), \
            [line, "The first slam window opens on the up-card."]

    def _on_turn_start(self, action: Action) -> tuple[State, Events]:
        me = seat_name(self.turn)
        if action == HONK:
            return self._honk()
        if action == TAKE_PLAY:
            label = self.game.deck[_present(self.top, "play pile top")].label
            return self._with({"phase": HOLD, "held": self.top, "held_from": "play pile",
                               "top": None}), [f"{me} takes {label} from the play pile."]
        changes: dict[str, Any] = {"phase": DRAW}
        lines = self._refill_draw_pile(changes)
        return self._with(changes), \
            lines + [f"{me} takes the top card of the draw pile and looks at it."]

    def _on_draw(self, card: Card) -> tuple[State, list[str]]:
        return self._with({"phase": HOLD, "held": card.kind, "held_from": "draw pile",
                           "draw": _minus(self.draw, card.kind)}), []

    def _on_holding(self, action: Action) -> tuple[State, list[str]]:
        game, me, card = self.game, seat_name(self.turn), _present(self.held, "held card")
        label = game.deck[card].label
        changes: dict[str, Any] = {"held": None, "held_from": ""}
        if action == PLAY:
            effect = game.deck[card].action
            line = f"{me} plays {label}" + ("." if effect == NO_ACTION else f" (action: {effect}).")
            self._land(card, changes)
            changes["action_card"] = None if effect == NO_ACTION else card
            return self._open_window(END_TURN if effect == NO_ACTION else DO_ACTION, changes), [line]
        place = action.slot
        old = _present(self.grids[self.turn][place], "card to swap out")[0]
        knowers = game.all_seats if self.held_from == "play pile" else 1 << self.turn  # S3, S5
        what = label if self.held_from == "play pile" else "the drawn card"
        changes["grids"] = _set(self.grids, self.turn, _put(self.grids[self.turn], place, (card, knowers)))
        self._land(old, changes)
        return self._open_window(END_TURN, changes), [
            f"{me} swaps {what} into their card {place + 1}; out comes {game.deck[old].label}, "
            "face up onto the play pile."]

    def _on_slam_window(self, action: Action) -> tuple[State, Events]:
        queue = self.queue
        if action.verb == PASS.verb:  # a window offers only PASS and slams
            return self._continue_window({"queue": queue[1:]}), []
        game, seat, slammed = self.game, queue[0], self.slammed
        owner, place = action.seat, action.slot
        deck, grids = game.deck, self.grids
        card = _present(grids[owner][place], "slammed card")[0]
        changes: dict[str, Any] = {"queue": _after(seat, game.players, slammed),
                                   "slammed": slammed + (seat,)}
        if deck[card].name != deck[_present(self.top, "play pile top")].name:  # S7: no match
            changes["grids"] = _learn(grids, owner, place, game.all_seats)
            cards_left = sum(self.draw)
            refill = [] if cards_left else self._refill_draw_pile(changes)  # lines only if refilled
            if not (cards_left or refill):
                last = "There is no card left for {me} to draw."
                state = self._continue_window(changes)
            else:
                last = "{me} draws a penalty card into their grid, unseen."
                changes["phase"], changes["pending"] = PENALTY, (seat,)
                state = self._with(changes)
            return state, lambda: [
                _slam_line(game, seat, owner, place, card) + ", not a match! It goes back face down "
                "(everyone has seen it).", *refill, last.format(me=seat_name(seat))]
        changes["grids"] = grids = _set(grids, owner, _put(grids[owner], place, None))
        self._land(card, changes)
        me, label = seat_name(seat), deck[card].label
        line = _slam_line(game, seat, owner, place, card) + ", a match! It goes onto the play pile"
        again = f"A new slam window opens on {label}."
        if owner == seat:
            return self._reopen_window(changes), [line + f"; {me} plays on with one card fewer.", again]
        if not _places(grids[seat]):
            return self._reopen_window(changes), [line + f"; {me} has no card to give.", again]
        changes.update(phase=GIVE, pending=(seat, owner, place))
        return self._with(changes), [line + f"; {me} now gives {seat_name(owner)} one of their cards."]

    def _on_give(self, action: Action) -> tuple[State, list[str]]:
        giver, receiver, place = self.pending
        given = _present(self.grids[giver][action.slot], "card to give")
        slot = _away(given, giver, self.game.all_seats)  # S3, S7a: given away
        grids = _set(self.grids, giver, _put(self.grids[giver], action.slot, None))
        grids = _set(grids, receiver, _put(grids[receiver], place, slot))
        return self._reopen_window({"grids": grids, "pending": ()}), [
            f"{seat_name(giver)} gives their card {action.slot + 1} face down to {seat_name(receiver)} "
            f"(into the empty place, card {place + 1}).",
            f"A new slam window opens on {self.game.deck[_present(self.top, 'play pile top')].label}."]

    def _on_penalty_draw(self, card: Card) -> tuple[State, Events]:
        seat = self.pending[0]
        grid = self.grids[seat]
        place = grid.index(None) if None in grid else len(grid)
        state = self._continue_window({"grids": _set(self.grids, seat, _put(grid, place, (card.kind, 0))),
                                       "draw": _minus(self.draw, card.kind), "pending": ()})
        return state, lambda: [f"The penalty card becomes {seat_name(seat)}'s card {place + 1}."]

    def _on_action(self, action: Action) -> tuple[State, list[str]]:
        if action == SKIP:
            return self._end_turn({}), [f"{seat_name(self.turn)} skips the action."]
        grids = _learn(self.grids, action.seat, action.slot, 1 << self.turn)
        effect = self.game.deck[_present(self.action_card, "action card")].action
        whose = "their own" if action.seat == self.turn else f"{seat_name(action.seat)}'s"
        return self._replace(
            phase=LOOK, grids=grids, looking=((action.seat, action.slot),),
            then=SWAP_NEXT if effect == MAGIC else END_TURN), \
            [f"{seat_name(self.turn)} looks at {whose} card {action.slot + 1}."]

    def _on_looking(self, _action: Action) -> tuple[State, list[str]]:
        if self.then == SWAP_NEXT:
            return self._replace(looking=(), phase=CHOOSE), []
        return self._end_turn({"looking": ()}), []

    def _on_choose(self, action: Action) -> tuple[State, list[str]]:
        if action == SKIP:
            return self._end_turn({}), [f"{seat_name(self.turn)} does not swap."]
        return self._replace(phase=TARGET, chosen=action.slot), \
            [f"{seat_name(self.turn)} picks their card {action.slot + 1} for a blind swap."]

    def _on_target(self, action: Action) -> tuple[State, list[str]]:
        everyone, chosen = self.game.all_seats, _present(self.chosen, "chosen card")
        mine = _present(self.grids[self.turn][chosen], "chosen card")
        theirs = _present(self.grids[action.seat][action.slot], "target card")
        mine = _away(mine, self.turn, everyone)  # S3, S7a: swapped away
        theirs = _away(theirs, action.seat, everyone)
        grids = _set(self.grids, self.turn, _put(self.grids[self.turn], chosen, theirs))
        grids = _set(grids, action.seat, _put(grids[action.seat], action.slot, mine))
        line = (f"{seat_name(self.turn)} swaps their card {chosen + 1} with "
                f"{seat_name(action.seat)}'s card {action.slot + 1}; nobody looks at either.")
        return self._end_turn({"grids": grids, "chosen": None}), [line]

    def _on_round_over(self, _action: Action) -> tuple[State, list[str]]:
        if self.queue[1:]:
            return self._with({"queue": self.queue[1:]}), []
        game = self.game
        state = State(game=game, round=self.round + 1, dealer=(self.dealer + 1) % game.players,
                      grids=((),) * game.players, draw=game.full_counts, discard=game.no_cards,
                      totals=self.totals, results=self.results)
        return state, [f"Round {self.round + 2} of {game.rounds}: {seat_name(state.dealer)} deals."]

    # --- steps shared by several phases: each adds its fields to ``changes`` --------------------
    def _land(self, card: int, changes: dict[str, Any]) -> None:
        """``card`` lands face up on the play pile (the old top joins the cards below it)."""
        top, discard = changes.get("top", self.top), changes.get("discard", self.discard)
        changes["top"] = card
        changes["discard"] = discard if top is None else _plus(discard, top)

    def _open_window(self, then: str, changes: dict[str, Any]) -> State:
        changes.update(phase=WINDOW, queue=_from(changes.get("turn", self.turn), self.game.players),
                       slammed=(), then=then, landings=self.landings + 1)
        return self._with(changes)

    def _reopen_window(self, changes: dict[str, Any]) -> State:
        """S6: a matching slam lands a card, so a fresh window opens on it (everyone may slam again,
        from the player whose turn it is); the turn goes on as the first window said."""
        return self._open_window(self.then, changes)

    def _continue_window(self, changes: dict[str, Any]) -> State:
        if changes.get("queue", self.queue):
            changes["phase"] = WINDOW
            return self._with(changes)
        changes["slammed"] = ()
        if self.then == START_TURN:
            return self._start_turn(changes)
        if self.then == DO_ACTION:
            effect = self.game.deck[_present(self.action_card, "action card")].action
            changes.update(phase=CHOOSE if effect == BLIND_SWAP else ACTION, then="")
            return self._with(changes)
        return self._end_turn(changes)

    def _start_turn(self, changes: dict[str, Any]) -> State:
        changes.update(phase=TURN, turn_number=self.turn_number + 1, action_card=None, chosen=None,
                       then="")
        return self._with(changes)

    def _end_turn(self, changes: dict[str, Any]) -> State:
        changes["turn"] = (self.turn + 1) % self.game.players
        return self._start_turn(changes)

    def _refill_draw_pile(self, changes: dict[str, Any]) -> list[str]:
        """S8: an empty draw pile takes the play pile except its top card."""
        draw, discard = changes.get("draw", self.draw), changes.get("discard", self.discard)
        if sum(draw) or not sum(discard):
            return []
        changes["draw"], changes["discard"] = discard, self.game.no_cards
        return [f"The draw pile is empty: the play pile except its top card is shuffled into a "
                f"new draw pile ({sum(discard)} card{'' if sum(discard) == 1 else 's'})."]

    def _honk(self) -> tuple[State, Events]:
        game, honker = self.game, self.turn
        sums = tuple(self.grid_sum(s) for s in range(game.players))
        lowest = min(sums)
        if sums[honker] != lowest:
            outcome = "not lowest"
        else:
            outcome = "strictly lowest" if sums.count(lowest) == 1 else "tied lowest"
        bonus = HONK_BONUS[outcome]
        scores = tuple(v + (bonus if s == honker else 0) for s, v in enumerate(sums))
        result = RoundResult(self.round + 1, honker, sums, outcome, scores)
        totals = tuple(t + v for t, v in zip(self.totals, scores))
        last = self.round + 1 >= game.rounds
        state = self._replace(
            phase=OVER if last else ROUND_OVER, totals=totals, results=self.results + (result,),
            queue=() if last else _from(honker, game.players))

        def lines() -> list[str]:
            told = [f"{seat_name(honker)} honks! Round {result.round} ends; every card is turned over.",
                    "Grid sums: " + ", ".join(f"{seat_name(s)} {v}" for s, v in enumerate(sums)) + ".",
                    f"{seat_name(honker)} is {outcome}: {bonus:+d} points."]
            if last:
                best = min(totals)
                winners = [seat_name(s) for s, t in enumerate(totals) if t == best]
                told.append(f"Game over: {' and '.join(winners)} win{'s' if len(winners) == 1 else ''} "
                            f"with {best} points.")
            return told
        return state, lines


_HANDLERS = {phase: getattr(State, "_on_" + phase.replace(" ", "_"))
             for phase in (DEAL, PEEK, TURN, DRAW, HOLD, WINDOW, GIVE, PENALTY, ACTION, LOOK, CHOOSE,
                           TARGET, ROUND_OVER)}


@lru_cache(maxsize=4096)
def _action(verb: str, seat: int, slot: int, to: int = -1) -> Action:
    """The decision naming a grid card, made once (legal actions are listed at every decision)."""
    return Action(verb, seat, slot, to)


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


def _slam_line(game: Game, seat: int, owner: int, place: int, card: int) -> str:
    whose = "their own" if owner == seat else f"{seat_name(owner)}'s"
    return f"{seat_name(seat)} slams {whose} card {place + 1}: {game.deck[card].label}"


# --- small tuple helpers (states hold tuples so that they stay hashable) -------------------------
@lru_cache(maxsize=64)  # every slam window asks for one of these few seat orders
def _from(first: int, players: int) -> tuple[int, ...]:
    return tuple((first + i) % players for i in range(players))


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


# --- positions built by hand (walkthroughs, tests, notebooks) -----------------------------------
def arrange(game: Game, grids: Sequence[Sequence[Any]], top: Any, *, draw: Sequence[Any] | None = None,
            discard: Sequence[Any] | None = None, turn: int = 0,
            known: Mapping[int, Iterable[tuple[int, int]]] | None = None, round: int = 0,
            totals: Sequence[int] | None = None) -> State:
    """The start of ``turn``'s turn in a position laid out by hand.

    ``grids[s]`` lists seat ``s``'s cards (anything `Game.kind` accepts, e.g. values ``12`` or labels
    ``"Sneaky Goose (13)"``; None for an empty place).  ``known[seat]`` lists the ``(owner, card
    number)`` pairs that seat knows, card numbers counted from 1 as on the table; by default every
    seat knows its own bottom row (cards 3 and 4), as after the peek.  Without ``draw`` every card not
    placed is in the draw pile; with ``draw`` and no ``discard`` the rest lies under the play pile's
    top.  Raises `ValueError` if the cards do not add up to the deck.
    """
    if len(grids) != game.players:
        raise ValueError(f"give one grid per seat ({game.players}), not {len(grids)}.")
    knowledge = {s: [(s, 3), (s, 4)] for s in range(game.players)} if known is None else known
    masks: dict[tuple[int, int], int] = {}
    for seat, pairs in knowledge.items():
        for owner, number in pairs:
            masks[owner, number - 1] = masks.get((owner, number - 1), 0) | 1 << seat
    laid = tuple(tuple(None if c is None else (game.kind(c), masks.get((s, i), 0))
                       for i, c in enumerate(grid)) for s, grid in enumerate(grids))
    laid = tuple(_put(g, 0, g[0]) if g else () for g in laid)  # drops trailing empty places
    rest = list(game.full_counts)
    used = [slot[0] for g in laid for slot in g if slot is not None] + [game.kind(top)]

    def take(cards: Iterable[Any]) -> tuple[int, ...]:
        counts = [0] * len(game.deck)
        for card in cards:
            counts[game.kind(card)] += 1
        return tuple(counts)

    for kind in used:
        rest[kind] -= 1
    draw_counts = take(draw) if draw is not None else None
    discard_counts = take(discard) if discard is not None else None
    if draw_counts is None:
        discard_counts = discard_counts or game.no_cards
        draw_counts = tuple(r - d for r, d in zip(rest, discard_counts))
    elif discard_counts is None:
        discard_counts = tuple(r - d for r, d in zip(rest, draw_counts))
    if any(n < 0 for n in draw_counts + discard_counts) or \
            [a + b for a, b in zip(draw_counts, discard_counts)] != rest:
        raise ValueError("the cards placed do not add up to the deck: some card is used more often "
                         "than the deck has it.")
    return State(game=game, phase=TURN, round=round, dealer=(turn - 1) % game.players, turn=turn,
                 turn_number=1, grids=laid, draw=draw_counts, discard=discard_counts,
                 top=game.kind(top), totals=tuple(totals) if totals is not None else (0,) * game.players)
