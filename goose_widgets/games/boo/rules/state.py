"""BOO's game and its states: `Game` (the parameters), `State` (a position, its legal actions,
chance outcomes and moves), `Observation` (what a seat sees) and `TurnRecord` (the last turn, for
the move log).

Rulings: O1 (two players; ``start_player`` takes the first turn), O2 (everything is public but the
order of the unseen decks; every reveal is a chance node with exact probabilities), O5 (scares
resolve at once unless their order matters, then the player chooses: `State._settle`), O6 (the game
ends after every card is placed; `State.scores`, `State.returns`, a tie goes to the start player),
O7 (after the scares the player takes the visible top card and the next one is revealed at once).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from ....engine import CHANCE, TERMINAL, GameBase, StateBase, check_int, from_fields
from .cards import Place, Placed, Reveal, Scare, ScareRecord, make_placed
from .edition import STANDARD_EDITION, CardSpec, Edition
from .geometry import STRIDE, PlacementView, key_of, square_of
from .graveyard import Graveyard
from .sight import Sandbox, odd_flips
from .tokens import COLOURS, Square


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
