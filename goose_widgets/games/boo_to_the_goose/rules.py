"""The rules of Boo to the Goose: the one place where they are written down.

Each player owns a colour set of 24 cards (15 geese, 5 foxes, 4 dogs).  On your turn you play one
hand card: a goose or a dog face down at the end of your row (then draw), or a fox, which starts a
"Catch the geese!" round in which you flip other players' face-down cards clockwise until you stop
(you bank the geese you turned and your fox) or turn a dog (everybody keeps their own turned cards,
the dog's owner gets your fox).  The game ends when every card has been played; face-down cards then
count for their owners, and the most cards win.

Rulings implemented here (``docs/boo_to_the_goose.md``):

- B1  2 to 5 players; one set each; all 120 cards are accounted for at every step
      (`State.card_locations`; unused sets stay in the box).
- B2  each set is shuffled and 5 cards are dealt to hand; with ``variation=True`` 4 cards of each set
      are first removed unseen and count for nobody.  Shuffling is modelled as drawing: the pile is a
      multiset (counts per kind), and every deal, removal and draw is a chance node over the kinds
      left in that pile, with exact Fractions.  The order of a pile is therefore never stored.
- B3  a turn plays exactly one hand card ("play goose", "play dog", "play fox").
- B4  `State.observation` holds what a seat may know: its own hand and face-down cards, the size of
      everything else, all face-up cards and win piles, and which cards of each set have been seen.
      Which card an owner played face down is the owner's secret; move-log lines never name it.
- B5  the first target is the first player clockwise from the fox player with a face-down card.
- B6  the fox player chooses one face-down card of the target ("flip Player 2's card 3", counting
      from 1 in the order the cards were played); it turns face up and stays in front of its owner.
- B7  after a goose the fox player may "stop" or flip at the next player clockwise with a face-down
      card (the same opponent again with two players); nobody left means the round ends as a stop.
- B8  stop: the fox player banks every face-up goose of the round and the fox.
- B9  dog: the round ends; everyone banks the face-up cards in front of them; the fox goes to the
      dog's owner.
- B10 nobody else has a face-down card when the fox is played: the fox goes to its player's win pile.
- B11 after a round the fox player refills the hand to 5 as far as the pile allows.
- B12 players without cards are skipped; when every card is played, face-down cards go to their
      owners' win piles and the game is over.
- B13 score = cards in the win pile; every player with the top score wins.

Where the rulebook and the rulings are silent:

- The first flip of a round is compulsory: "stop" is allowed only after a goose has been turned
  (the rulebook's N.B. speaks of "your first attempt to grab a goose"; banking a fox without any
  risk would make foxes free points).
- Face-down cards are numbered in the order they were played; a flipped card leaves the row, so
  the cards behind it move up one place.
- The engine names seats "Player 1" … "Player n"; a widget may show other names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, ClassVar

from ...engine import CHANCE, TERMINAL, GameBase, StateBase, check_int, from_fields, with_plain_values

# --- the cards: the one data table -----------------------------------------------------------
KINDS = ("goose", "fox", "dog")
GOOSE, FOX, DOG = range(3)
SET = (15, 5, 4)
"""Cards of each kind in one colour set, in the order of `KINDS` (B1)."""
SET_SIZE = sum(SET)
SETS_IN_BOX = 5
ALL_CARDS = SETS_IN_BOX * SET_SIZE  # 120
HAND_SIZE = 5
REMOVED_IN_VARIATION = 4
PLURALS = {"goose": "geese", "fox": "foxes", "dog": "dogs"}

Cards = tuple[int, int, int]
"""A multiset of cards: how many geese, foxes and dogs."""
NOTHING: Cards = (0, 0, 0)
Lines = Callable[[], list[str]]
"""Move-log lines, made when read (the engine's lazy ``events``)."""


def seat_name(seat: int) -> str:
    """The engine's name for a seat (widgets may show other names)."""
    return f"Player {seat + 1}"


def count_text(cards: Cards) -> str:
    """'2 geese, 1 fox' (empty: 'nothing')."""
    parts = [f"{n} {KINDS[k] if n == 1 else PLURALS[KINDS[k]]}" for k, n in enumerate(cards) if n]
    return ", ".join(parts) if parts else "nothing"


def _triple(counts: Sequence[int]) -> Cards:
    """Three counts (built in a list or by a loop over the kinds) as `Cards`, whose length the
    type checker cannot follow through a list."""
    geese, foxes, dogs = counts
    return geese, foxes, dogs


@cache  # a few hundred multisets: each sum is made once (issue 12: the hot path)
def _add(cards: Cards, kind: int, amount: int = 1) -> Cards:
    geese, foxes, dogs = cards
    if kind == GOOSE:
        return geese + amount, foxes, dogs
    if kind == FOX:
        return geese, foxes + amount, dogs
    return geese, foxes, dogs + amount


def _set_at(items: tuple, index: int, value: object) -> tuple:
    changed = list(items)  # faster than joining three slices
    changed[index] = value
    return tuple(changed)


# --- actions and chance outcomes ---------------------------------------------------------------
@dataclass(frozen=True)
class Play:
    """Play a hand card: a goose or dog face down, a fox face up (B3)."""

    kind: int

    def __str__(self) -> str:
        return f"play {KINDS[self.kind]}"


@dataclass(frozen=True)
class Flip:
    """Turn face up card ``index`` (0-based) of ``target``'s row (B6)."""

    target: int
    index: int

    def __str__(self) -> str:
        return f"flip {seat_name(self.target)}'s card {self.index + 1}"


@dataclass(frozen=True)
class Stop:
    """End the catch round and bank the turned geese and the fox (B8)."""

    def __str__(self) -> str:
        return "stop"


STOP = Stop()
PLAYS = tuple(Play(kind) for kind in range(len(KINDS)))


@dataclass(frozen=True)
class Draw:
    """Chance: the next card of ``seat``'s pile is a ``kind``.  ``why`` is remove, deal or draw."""

    why: str
    seat: int
    kind: int

    def __str__(self) -> str:
        name, card = seat_name(self.seat), KINDS[self.kind]
        if self.why == "remove":
            return f"a {card} is removed from {name}'s set"
        if self.why == "deal":
            return f"{name} is dealt a {card}"
        return f"{name} draws a {card}"


# --- the game ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Game(GameBase):
    """Boo to the Goose for ``players`` (2-5); ``variation`` removes 4 unseen cards per set (B2)."""

    name: ClassVar[str] = "boo_to_the_goose"
    players: int = 3
    variation: bool = False

    def __post_init__(self) -> None:
        check_int("players", self.players, 2, 5)
        if not isinstance(self.variation, bool):
            raise TypeError(f"variation must be True or False, not {self.variation!r}.")

    def new_initial_state(self) -> State:
        n = self.players
        setup: list[tuple[str, int]] = []
        for seat in range(n):
            setup += [("remove", seat)] * (REMOVED_IN_VARIATION if self.variation else 0)
            setup += [("deal", seat)] * HAND_SIZE
        empty = (0, 0, 0)
        state = State(game=self, piles=(SET,) * n, hands=(empty,) * n, rows=((),) * n,
                      face_up=((),) * n, won=((0,) * (3 * n),) * n, removed=(empty,) * n,
                      pending=tuple(setup))
        return with_plain_values(state)  # faster field reads in every later state


@dataclass(frozen=True)
class Observation:
    """What one seat may know (B4).  Per-seat tuples are indexed by seat; cards are `KINDS` indices.

    ``revealed[s]`` counts the cards of ``s``'s set that everyone has seen (played foxes, turned
    cards); ``won[h]`` is ``h``'s win pile by kind.  ``hand`` and ``row`` are this seat's own.
    """

    seat: int
    players: int
    variation: bool
    current_player: int
    hand: Cards
    row: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    row_sizes: tuple[int, ...]
    removed_sizes: tuple[int, ...]
    face_up: tuple[tuple[int, ...], ...]
    fox: int
    target: int
    caught: bool
    won: tuple[Cards, ...]
    revealed: tuple[Cards, ...]
    over: bool

    @property
    def in_round(self) -> bool:
        return self.fox >= 0

    def scores(self) -> list[int]:
        return [sum(w) for w in self.won]

    def unseen(self, owner: int) -> Cards:
        """Cards of ``owner``'s set that this seat has not seen (for its own set: its pile and the
        removed cards)."""
        geese, foxes, dogs = self.revealed[owner]
        unseen = SET[GOOSE] - geese, SET[FOX] - foxes, SET[DOG] - dogs
        if owner != self.seat:
            return unseen
        own, hand = _counts(self.row), self.hand
        return _triple([unseen[k] - hand[k] - own[k] for k in range(3)])


def _counts(kinds: tuple[int, ...]) -> Cards:
    return (kinds.count(GOOSE), kinds.count(FOX), kinds.count(DOG))


@dataclass(frozen=True)
class State(StateBase):
    """A position.  Piles and hands are multisets; rows keep the order the cards were played.

    ``won[h]`` lists holder ``h``'s win pile by colour set and kind (index ``3 * set + kind``), so
    that every card of every set can be traced (B1).  ``pending`` queues the chance draws still to
    happen (setup, refills); ``fox``/``target``/``caught`` describe a catch round in progress.
    """

    game: Game
    piles: tuple[Cards, ...]
    hands: tuple[Cards, ...]
    rows: tuple[tuple[int, ...], ...]
    face_up: tuple[tuple[int, ...], ...]
    won: tuple[tuple[int, ...], ...]
    removed: tuple[Cards, ...]
    pending: tuple[tuple[str, int], ...] = ()
    turn: int = 0
    fox: int = -1
    target: int = -1
    caught: bool = False
    over: bool = False

    # --- whose move -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.pending:
            return CHANCE
        return self.turn

    @property
    def players(self) -> int:
        return self.game.players

    def _legal_actions(self) -> list:
        if self.fox >= 0:
            target = self.target
            return list(_flips(target, len(self.rows[target]), self.caught))
        return list(_plays(self.hands[self.turn]))

    def _chance_outcomes(self) -> tuple[tuple[Draw, Fraction], ...]:
        why, seat = self.pending[0]
        return _draws(why, seat, self.piles[seat])  # cached: the engine prepares each one once

    # --- transitions ------------------------------------------------------------------------
    # Issue 12 (the engine's hot path): a move copies the last state's values once
    # (``self.__dict__.copy()``: fields only, which the tests check), changes the fields it changes
    # in that copy and hands it to `from_fields` (no constructor); `_advance` then sets the new
    # history and move log.  Move-log lines are made only when read (``Lines``: a callable giving
    # them), which playouts never do; each helper adds its lines after those it is given.
    def _next(self, action: Any) -> tuple[State, Lines]:
        return _MOVES[type(action)](self, action)  # the legal object itself: its exact type

    def _stop(self, stop: Stop) -> tuple[State, Lines]:
        return self._bank_stop(_said("{} stops.", self.fox), self.__dict__.copy())

    def _draw(self, draw: Draw) -> tuple[State, Lines]:
        seat, kind, why = draw.seat, draw.kind, draw.why
        values = self.__dict__.copy()
        piles = list(self.piles)
        piles[seat] = _add(piles[seat], kind, -1)
        values["piles"] = tuple(piles)
        values["pending"] = rest = self.pending[1:]
        if why != "remove":
            hands = list(self.hands)
            hands[seat] = _add(hands[seat], kind, 1)
            values["hands"] = tuple(hands)
            if why == "draw":
                return from_fields(State, values), _DRAWS_A_CARD[seat]
        else:
            removed = list(self.removed)  # B2: removed cards count for nobody
            removed[seat] = _add(removed[seat], kind, 1)
            values["removed"] = tuple(removed)
        if rest and rest[0] == (why, seat):  # more of the same to come: one line at the end
            return from_fields(State, values), _silent
        return from_fields(State, values), _said(_SET_UP[why], seat)

    def _play(self, play: Play) -> tuple[State, Lines]:
        seat, kind = self.turn, play.kind
        values = self.__dict__.copy()
        hands = list(self.hands)
        hands[seat] = _add(hands[seat], kind, -1)
        values["hands"] = tuple(hands)
        if kind != FOX:
            rows = list(self.rows)
            rows[seat] += (kind,)
            values["rows"] = tuple(rows)
            values["pending"] = _drawing(seat, 1) if self.piles[seat] != NOTHING else ()
            return self._pass_turn(_PLAYS_FACE_DOWN[seat], values)
        return self._play_fox(seat, values)

    def _play_fox(self, seat: int, values: dict[str, Any]) -> tuple[State, Lines]:
        """"Catch the geese!": the first target (B5), or the fox banked when there is none (B10)."""
        target = next_target(seat, seat, self.rows)
        if target < 0:  # B10
            values["won"] = _set_at(self.won, seat, _add_won(self.won[seat], seat, FOX))
            return self._end_round(seat, lambda: [
                f"{seat_name(seat)} plays a fox: catch the geese!",
                f"Nobody else has a face-down card: the fox goes to {seat_name(seat)}'s win pile."],
                values)
        values["fox"], values["caught"], values["target"] = seat, False, target
        return from_fields(State, values), _said("{} plays a fox: catch the geese!", seat)

    def _flip(self, flip: Flip) -> tuple[State, Lines]:
        owner, index, fox = flip.target, flip.index, self.fox
        values = self.__dict__.copy()
        rows = list(self.rows)
        row = rows[owner]
        kind = row[index]
        rows[owner] = row[:index] + row[index + 1:]
        values["rows"] = face_down = tuple(rows)
        face_up = list(self.face_up)
        face_up[owner] += (kind,)
        values["face_up"] = tuple(face_up)
        turned = _turned(fox, owner, index, kind)
        if kind == DOG:
            return self._bank_dog(owner, turned, values)
        nxt = next_target(fox, owner, face_down)
        if nxt < 0:  # B7: nobody has a face-down card left
            return self._bank_stop(_and(turned, "Nobody has a face-down card left."), values)
        values["target"], values["caught"] = nxt, True
        return from_fields(State, values), turned

    # ``values``: the next state's values, with the move's changes so far (the last flip's), which
    # the round's end completes
    def _bank_stop(self, before: Lines, values: dict[str, Any]) -> tuple[State, Lines]:
        """B8: the fox player banks every turned goose and the fox."""
        holder = self.fox
        turned = values["face_up"]
        pile = list(self.won[holder])
        for owner, cards in enumerate(turned):
            pile[3 * owner + GOOSE] += len(cards)
        pile[3 * holder + FOX] += 1
        geese = sum(map(len, turned))
        values["won"] = _set_at(self.won, holder, tuple(pile))
        return self._end_round(
            holder, lambda: [*before(), f"{seat_name(holder)} banks {count_text((geese, 1, 0))}."],
            values)

    def _bank_dog(self, dog_owner: int, before: Lines, values: dict[str, Any]) -> tuple[State, Lines]:
        """B9: everyone banks the cards turned in front of them; the fox goes to the dog's owner."""
        won = list(self.won)
        turned = values["face_up"]
        for owner, cards in enumerate(turned):
            if cards:
                pile = list(won[owner])
                for kind in cards:
                    pile[3 * owner + kind] += 1
                won[owner] = tuple(pile)
        won[dog_owner] = _add_won(won[dog_owner], self.fox, FOX)
        values["won"] = tuple(won)
        return self._end_round(self.fox, lambda: [
            *before(),
            *[f"{seat_name(owner)} banks {count_text(_counts(cards))}." for owner, cards in enumerate(turned)
              if cards],
            f"The fox goes to {seat_name(dog_owner)}."], values)

    def _end_round(self, seat: int, lines: Lines, values: dict[str, Any]) -> tuple[State, Lines]:
        """B11: clear the round, refill the hand of the fox player (``seat``), pass the turn."""
        hands: tuple[Cards, ...] = values["hands"]
        refill = min(HAND_SIZE - sum(hands[seat]), sum(self.piles[seat]))
        values.update(face_up=((),) * len(hands), fox=-1, target=-1, caught=False,
                      pending=_drawing(seat, refill))
        return self._pass_turn(lines, values)

    def _pass_turn(self, lines: Lines, values: dict[str, Any]) -> tuple[State, Lines]:
        """B12: the next seat clockwise that still has cards; the end when nobody has any."""
        hands: tuple[Cards, ...] = values["hands"]
        piles = self.piles
        for seat in _clockwise(self.turn, len(hands)):
            if hands[seat] != NOTHING or piles[seat] != NOTHING:
                values["turn"] = seat
                return from_fields(State, values), lines
        state = from_fields(State, values)
        won = list(state.won)
        for holder, row in enumerate(state.rows):
            for kind in row:
                won[holder] = _add_won(won[holder], holder, kind)
        final = state._replace(won=tuple(won), rows=((),) * len(hands), over=True)

        def ending() -> list[str]:
            return [
                *lines(),
                "Every card has been played: face-down cards go to their owners' win piles.",
                *[f"{seat_name(s)} banks {len(row)} face-down card{'s' if len(row) > 1 else ''}: "
                  f"{count_text(_counts(row))}."
                  for s, row in enumerate(state.rows) if row],  # all turned up now: public (B12)
                "Scores: " + ", ".join(f"{seat_name(s)} {v}" for s, v in enumerate(final.scores()))]

        return final, ending

    # --- what is known and who won ------------------------------------------------------------
    def won_by_kind(self, holder: int) -> Cards:
        return _by_kind(self.won[holder])

    def revealed(self, owner: int) -> Cards:
        """Cards of ``owner``'s set that everyone has seen: in any win pile or face up now."""
        return _public(self.won, self.face_up, self.fox)[1][owner]

    def observation(self, seat: int) -> Observation:
        won, revealed = _public(self.won, self.face_up, self.fox)
        # `Observation(...)` without the frozen constructor's one ``object.__setattr__`` per field,
        # which cost more than the rest of an observation (bots get one at every decision); the
        # tests check that these are exactly its fields
        return from_fields(Observation, {
            "seat": seat, "players": len(self.hands), "variation": self.game.variation,
            "current_player": self.current_player, "hand": self.hands[seat], "row": self.rows[seat],
            "hand_sizes": tuple(map(sum, self.hands)), "pile_sizes": tuple(map(sum, self.piles)),
            "row_sizes": tuple(map(len, self.rows)), "removed_sizes": tuple(map(sum, self.removed)),
            "face_up": self.face_up, "fox": self.fox, "target": self.target, "caught": self.caught,
            "won": won, "revealed": revealed, "over": self.over})

    def scores(self) -> list[int]:
        return [sum(pile) for pile in self.won]

    def returns(self) -> list[int]:
        """1 for every player with the top score once the game is over (B13), else 0s."""
        if not self.over:
            return [0] * self.players
        scores = self.scores()
        return [int(s == max(scores)) for s in scores]

    def card_locations(self) -> dict[str, Cards]:
        """Where all 120 cards are (B1), by kind: piles, hands, rows, face up, win piles, removed, box."""
        def total(groups: Sequence[Cards]) -> Cards:
            return _triple([sum(g[k] for g in groups) for k in range(3)])

        fox_in_play = (0, 1, 0) if self.fox >= 0 else (0, 0, 0)
        unused = SETS_IN_BOX - self.players
        return {
            "piles": total(self.piles), "hands": total(self.hands),
            "rows": total([_counts(r) for r in self.rows]),
            "face up": total([_counts(c) for c in self.face_up] + [fox_in_play]),
            "win piles": total([self.won_by_kind(h) for h in range(self.players)]),
            "removed": total(self.removed), "box": _triple([unused * n for n in SET]),
        }

    def set_locations(self, owner: int) -> Cards:
        """Cards of ``owner``'s set anywhere in play (must always be one full set, B1)."""
        parts = [self.piles[owner], self.hands[owner], _counts(self.rows[owner]),
                 _counts(self.face_up[owner]), self.removed[owner],
                 tuple(sum(pile[3 * owner + k] for pile in self.won) for k in range(3))]
        cards = [sum(p[k] for p in parts) for k in range(3)]
        if self.fox == owner:
            cards[FOX] += 1
        return _triple(cards)


_MOVES: dict[type, Callable[[State, Any], tuple[State, Lines]]] = {
    Draw: State._draw, Play: State._play, Flip: State._flip, Stop: State._stop}


def next_target(fox: int, after: int, row_sizes: Sequence[int] | Sequence[tuple[int, ...]]) -> int:
    """The next seat clockwise after ``after`` with a face-down card, never the fox player, or -1
    (B5, B7); ``after`` itself comes last, so two players keep flipping the same opponent.  Bots
    call it with an observation's ``row_sizes``, the rules with the rows themselves (a row is
    true when it holds a card, as its size is: no sizes to count on the hot path)."""
    for seat in _clockwise(after, len(row_sizes)):
        if seat != fox and row_sizes[seat]:
            return seat
    return -1


@cache  # a few seats and table sizes: the order is worked out once for each
def _clockwise(seat: int, players: int) -> tuple[int, ...]:
    """Every seat in clockwise order after ``seat``, ending with ``seat`` itself."""
    return tuple((seat + step) % players for step in range(1, players + 1))


@cache  # a handful of row lengths per seat: the same Flip objects every time
def _flips(target: int, row_length: int, caught: bool) -> tuple[Flip | Stop, ...]:
    """A catch round's choices: flip any face-down card of the target; stop only after a goose."""
    flips = tuple(Flip(target, i) for i in range(row_length))
    return (*flips, STOP) if caught else flips


@cache  # a hand is one of a few hundred multisets: its plays are listed once
def _plays(hand: Cards) -> tuple[Play, ...]:
    return tuple(play for play, n in zip(PLAYS, hand) if n)


@cache  # the same few lines over and over: one callable each
def _said(line: str, seat: int) -> Lines:
    """The move-log line ``line`` about ``seat`` (its ``{}``), as `Lines`."""
    text = line.format(seat_name(seat))
    return lambda: [text]


def _and(before: Lines, line: str) -> Lines:
    """The lines ``before``, then ``line``."""
    return lambda: [*before(), line]


def _silent() -> list[str]:
    """No move-log line (`Lines` of a deal or removal before a seat's last)."""
    return []


_SET_UP = {"remove": f"{REMOVED_IN_VARIATION} cards are removed unseen from {{}}'s set.",
           "deal": f"{{}} takes a hand of {HAND_SIZE} cards."}
"""The line after a seat's last removal or deal (B2), with ``{}`` for the seat."""

# the lines of the two commonest moves, by seat (a look-up, not a call: issue 12)
_DRAWS_A_CARD = tuple(_said("{} draws a card.", seat) for seat in range(SETS_IN_BOX))
_PLAYS_FACE_DOWN = tuple(_said("{} plays a card face down.", seat) for seat in range(SETS_IN_BOX))


@cache  # a few hundred different flips: one callable each
def _turned(fox: int, owner: int, index: int, kind: int) -> Lines:
    """The move-log line of a flip, as `Lines`."""
    text = (f"{seat_name(fox)} turns over {seat_name(owner)}'s card {index + 1}: "
            f"a {KINDS[kind]}{'!' if kind == DOG else '.'}")
    return lambda: [text]


@cache  # the same few pending queues over and over
def _drawing(seat: int, cards: int) -> tuple[tuple[str, int], ...]:
    """The chance draws that refill ``seat``'s hand with ``cards`` cards (B11)."""
    return (("draw", seat),) * cards


@cache  # piles are small multisets: each distribution's exact Fractions are made once
def _draws(why: str, seat: int, pile: Cards) -> tuple[tuple[Draw, Fraction], ...]:
    total = sum(pile)
    return tuple((Draw(why, seat, kind), Fraction(n, total)) for kind, n in enumerate(pile) if n)


def _by_kind(pile: tuple[int, ...]) -> Cards:
    """A win pile (by set and kind) counted by kind."""
    return sum(pile[GOOSE::3]), sum(pile[FOX::3]), sum(pile[DOG::3])


@lru_cache(maxsize=4096)  # win piles change only when a round ends: observations share these
def _public(won: tuple[tuple[int, ...], ...], face_up: tuple[tuple[int, ...], ...], fox: int
            ) -> tuple[tuple[Cards, ...], tuple[Cards, ...]]:
    """Every win pile by kind, and the cards of each set that everyone has seen: in any win pile,
    face up now, or the fox in play (B4)."""
    banked = list(map(sum, zip(*won)))
    revealed = []
    for owner, cards in enumerate(face_up):
        seen = banked[3 * owner:3 * owner + 3]
        for kind in cards:
            seen[kind] += 1
        if fox == owner:
            seen[FOX] += 1
        revealed.append(_triple(seen))
    return tuple(map(_by_kind, won)), tuple(revealed)


def _add_won(pile: tuple[int, ...], owner: int, kind: int) -> tuple[int, ...]:
    return _set_at(pile, 3 * owner + kind, pile[3 * owner + kind] + 1)
