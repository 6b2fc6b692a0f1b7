"""The Game of the Goose: the rules, headless (rulebook by Dagonell the Juggler, rulings G1–G15).

Everything about the board is in ONE table, `SQUARES` (geese, Bridge, Tavern, Well, Maze, Prison,
Death and the two opening-nine squares); the renderer and the analysis read the same table.

A turn is two steps: the seat to move has one legal action, ``roll``; then chance throws two dice,
36 ordered pairs of probability 1/36 each, written ``"6+3"`` (G2).  The engine then moves the pawn
through every effect, writes one move-log line that explains them, and passes the turn on, skipping
(and logging) seats that owe Tavern turns or are held in the Well or the Prison.

Rulings implemented (docs/game_of_the_goose.md):

- G1 1 to 6 players.  G2 two dice, ordered pairs, the move is the sum.  G3 all pawns start on 0,
  which holds any number of pawns.
- G4 opening nine: a player's very first roll of a six and a three, in either order, goes straight
  to 26, of a four and a five to 53; nothing else happens there.  After Death the next roll is not
  an opening roll.
- G5 overshoot: past 63 the pawn walks back the rest and moves backwards for the rest of the turn.
  G6 a backwards move stops at 0.  G7 geese repeat the roll in the current direction (chains,
  bounces).  G8 Bridge 6→12, Maze 42→30, Death 58→0 in either direction.
- G9 the Tavern (19) costs the next two turns.  G10 the Well (31) and the Prison (52) hold a pawn
  until another pawn ends a turn there; the newcomer stays and the earlier pawn goes to the square
  the newcomer started that turn from.
- G11 only the square where a turn ends counts; a pawn found there (1–62) goes to the mover's
  starting square, triggers nothing there and still owes its Tavern turns.
- G12 the first pawn to end a move exactly on 63 wins at once.
- G13 adult variation (``coins=10``): landing on Bridge, Tavern, Well, Maze, Prison or Death costs
  one coin into the kitty, and so does being sent back by another pawn.  A player who must pay
  with no coin left is out.  The winner takes the kitty; if one player is left, that player wins.
- G14 the children's variation changes no rule (the widget can draw the board large).
- G15 when every pawn still in the game is held in the Well or the Prison, the game ends at once
  with no winner.

Rulings of this module, where the rulebook and G1–G15 are silent:

- G4a The opening-nine squares 26 and 53 may be occupied (by another opening roll, or by a pawn
  that walked there): the pawn there is sent back to 0, the mover's start, as in G11.
- G13a "Sent back" means moved by another pawn's landing, by G11 or by the Well/Prison release of
  G10, whichever way it moves: that pawn pays one coin.
- G13b A player who cannot pay is out at once: the move stops there, the pawn leaves the board
  (it is kept on square 0, out of play) and frees nobody; out seats are skipped.  In a one-player
  game, going out ends the game with no winner.
- House rule ``well_turns`` (default ``None``: the rulebook).  A number k makes the Well and the
  Prison cost k missed turns, like the Tavern, instead of holding the pawn; then G15 never applies.
  The one-player analysis uses it for "when the Well and the Prison do not hold a lone pawn".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from typing import Any, ClassVar

from ...engine import CHANCE, TERMINAL, GameBase, StateBase, check_int, from_fields, with_plain_values

FINISH = 63
"""The last square: end a move exactly here to win (G12)."""


@dataclass(frozen=True)
class Square:
    """A special square: what happens on landing there (``effect``) and how it is drawn (``picture``).

    ``effect`` is one of ``"goose"`` (move the roll again), ``"jump"`` (go to ``target``),
    ``"miss"`` (miss ``missed_turns`` turns), ``"hold"`` (held until freed, G10) or ``"opening"``
    (where an opening roll of ``dice`` goes, G4).  ``pays`` marks the squares that cost a coin in
    the adult variation (G13).
    """

    number: int
    effect: str
    picture: str
    name: str
    says: str = ""
    target: int | None = None
    missed_turns: int = 0
    pays: bool = False
    dice: tuple[int, int] | None = None


def _table() -> dict[int, Square]:
    geese = (5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59)
    squares = [Square(n, "goose", "goose", "a goose") for n in geese]
    squares += [
        Square(6, "jump", "bridge", "the Bridge", "crosses over to 12", target=12, pays=True),
        Square(19, "miss", "tavern", "the Tavern", "misses the next two turns", missed_turns=2,
               pays=True),
        Square(26, "opening", "dice", "the opening 6+3", dice=(6, 3)),
        Square(31, "hold", "well", "the Well", pays=True),
        Square(42, "jump", "maze", "the Maze", "lost in it, back to 30", target=30, pays=True),
        Square(52, "hold", "prison", "the Prison", pays=True),
        Square(53, "opening", "dice", "the opening 4+5", dice=(4, 5)),
        Square(58, "jump", "death", "Death", "starts over from 0", target=0, pays=True),
    ]
    return {s.number: s for s in sorted(squares, key=lambda s: s.number)}


SQUARES: dict[int, Square] = _table()
"""Every special square by number: the one table of the board (rules, widget and analysis use it)."""

GEESE = tuple(n for n, s in SQUARES.items() if s.effect == "goose")
HOLDS = tuple(n for n, s in SQUARES.items() if s.effect == "hold")
OPENING = {pair: n for n, s in SQUARES.items() if s.dice
           for pair in (s.dice, s.dice[::-1])}
"""Opening roll (ordered pair) -> the square it goes to (G4)."""


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def plural(count: int, word: str) -> str:
    """``plural(1, "coin")`` is "1 coin", ``plural(2, "coin")`` "2 coins"."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def holding_squares(game: Game) -> tuple[int, ...]:
    """The squares that hold a pawn until another frees it (G10): the Well and the Prison, and
    none under the ``well_turns`` house rule."""
    return game.holds


def is_held(game: Game, square: int, out: bool) -> bool:
    """A pawn held in the Well or the Prison until freed (G10); never under the ``well_turns`` rule."""
    return not out and square in holding_squares(game)


# --- actions and chance outcomes ----------------------------------------------------------------
@dataclass(frozen=True)
class Roll:
    """The only action in the Goose game: throw the dice."""

    def __str__(self) -> str:
        return "roll"

    __repr__ = __str__


ROLL = Roll()


@dataclass(frozen=True, order=True)
class Dice:
    """A throw of two dice as an ordered pair (G2); ``str`` is ``"6+3"``."""

    first: int
    second: int

    @property
    def total(self) -> int:
        return self.first + self.second

    def __str__(self) -> str:
        return f"{self.first}+{self.second}"

    __repr__ = __str__


DICE = tuple((Dice(a, b), Fraction(1, 36)) for a in range(1, 7) for b in range(1, 7))


# --- the path of one pawn, before other pawns matter ----------------------------------------------
@dataclass(frozen=True)
class Leg:
    """One stretch of a move: from ``start`` to ``end``.

    ``how`` is ``"opening"``, ``"move"`` (the roll), ``"goose"`` (the roll again) or ``"jump"``.
    """

    how: str
    start: int
    end: int
    backwards: bool = False
    overshoot: bool = False
    floored: bool = False


def _walk(start: int, steps: int, backwards: bool) -> tuple[int, bool, bool, bool]:
    """Walk ``steps`` squares: (end, backwards after, overshot 63, stopped at 0) (G5, G6)."""
    if backwards:
        return max(0, start - steps), True, False, start - steps < 0
    end = start + steps
    if end > FINISH:
        return FINISH - (end - FINISH), True, True, False
    return end, False, False, False


def journey(start: int, dice: Dice, opening: bool) -> tuple[Leg, ...]:
    """The legs of a move from ``start`` for ``dice`` (G4–G8), as if the pawn were alone."""
    return _journey(start, dice.first, dice.second, opening)


@cache  # 64 squares x 36 throws x opening or not: playouts look each move up once computed
def _journey(start: int, first: int, second: int, opening: bool) -> tuple[Leg, ...]:
    if opening and (first, second) in OPENING:
        return (Leg("opening", start, OPENING[first, second]),)
    roll = first + second
    end, backwards, overshoot, floored = _walk(start, roll, False)
    legs = [Leg("move", start, end, backwards, overshoot, floored)]
    while end != FINISH or backwards:
        square = SQUARES.get(end)
        if square is None:
            break
        if square.effect == "goose":
            at = end
            end, backwards, overshoot, floored = _walk(at, roll, backwards)
            legs.append(Leg("goose", at, end, backwards, overshoot, floored))
        elif square.effect == "jump":
            if square.target is None:  # SQUARES gives every jump square a target
                raise ValueError(f"jump square {end} ({square.name}) has no target.")
            legs.append(Leg("jump", end, square.target, backwards))
            end = square.target
        else:
            break
    return tuple(legs)


@cache
def _path(start: int, first: int, second: int, opening: bool) -> tuple[int, ...]:
    """The squares the pawn touches on a journey: its start, then where each leg ends."""
    return (start, *(leg.end for leg in _journey(start, first, second, opening)))


def describe_legs(legs: Sequence[Leg], roll: int) -> list[str]:
    """One phrase per leg in learner words, to be joined: ``": from 7 to 14"``,
    ``"; landed on 14 (goose): moves 7 more to 21"``, ``", a goose: 5 more backwards to 54"``."""
    phrases = []
    said_backwards = False
    for index, leg in enumerate(legs):
        if leg.how == "opening":
            phrases.append(f" on the opening roll: straight to {leg.end}")
        elif leg.how == "jump":
            square = SQUARES[leg.start]
            phrases.append(f"; {leg.start} is {square.name}: {square.says}")
        elif leg.how == "move":
            phrases.append(f": {leg.start} + {roll} overshoots {FINISH}: back to {leg.end}"
                           if leg.overshoot else f": from {leg.start} to {leg.end}")
        else:
            previous = legs[index - 1]
            chained = previous.how == "goose" or previous.overshoot
            text = (f", a goose: {roll} more" if chained
                    else f"; landed on {leg.start} (goose): moves {roll} more")
            if leg.backwards and not leg.overshoot and not said_backwards:
                text += " backwards"
                said_backwards = True
            if leg.overshoot:
                text += f", past {FINISH} and back to {leg.end}"
            elif leg.floored:
                text += " to 0 (a backwards move stops at 0)"
            else:
                text += f" to {leg.end}"
            phrases.append(text)
    return phrases


# --- the game -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Game(GameBase):
    """The Game of the Goose for ``players`` (1–6, G1).

    ``coins``: the adult variation (G13) with that many coins each (``None``: off; the rulebook
    suggests 10).  ``well_turns``: a house rule (see the module docstring), ``None`` by default.
    """

    players: int = 2
    coins: int | None = None
    well_turns: int | None = None
    name: ClassVar[str] = "game_of_the_goose"
    # the squares that hold a pawn, set by __post_init__ (see `holding_squares`)
    holds: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_int("players", self.players, 1, 6)
        if self.coins is not None:
            check_int("coins", self.coins, 1, 1000)
        if self.well_turns is not None:
            check_int("well_turns", self.well_turns, 0, 10)
        # read on every turn, so stated once here (G10 and the house rule): see `holding_squares`
        object.__setattr__(self, "holds", HOLDS if self.well_turns is None else ())

    @property
    def adult(self) -> bool:
        return self.coins is not None

    def new_initial_state(self) -> State:
        n = self.players
        return with_plain_values(State(  # faster field reads in every later state
            game=self, positions=(0,) * n, to_move=0, owed=(0,) * n, opened=(False,) * n,
            out=(False,) * n, coins=(self.coins,) * n if self.coins is not None else ()))

    def state_at(self, positions: Any, *, to_move: int = 0, owed: Any = None, opened: Any = None,
                 coins: Any = None, kitty: int = 0) -> State:
        """A constructed position (for walkthroughs, exercises and tests).

        ``opened`` defaults to True for every pawn off square 0 (it has rolled before).  Pawns may
        stand on 0–62 but never on a goose or a jump square, where no turn ends.
        """
        n = self.players
        positions = tuple(positions)
        if len(positions) != n or not all(isinstance(p, int) and 0 <= p < FINISH for p in positions):
            raise ValueError(f"positions must be {n} squares from 0 to 62, not {positions!r}.")
        for p in positions:
            if p in SQUARES and SQUARES[p].effect in ("goose", "jump"):
                raise ValueError(f"no pawn ever ends a turn on {p} ({SQUARES[p].name}).")
        taken = [p for p in positions if p]
        if len(set(taken)) != len(taken):
            raise ValueError("only one pawn may stand on a square other than 0.")
        check_int("to_move", to_move, 0, n - 1)
        for name, given in (("owed", owed), ("opened", opened), ("coins", coins)):
            if given is not None and len(tuple(given)) != n:
                raise ValueError(f"{name} needs one entry per player ({n}), not {given!r}.")
        most_owed = max(max(s.missed_turns for s in SQUARES.values()), self.well_turns or 0)
        for seat, value in enumerate(owed or ()):
            check_int(f"owed[{seat}]", value, 0, most_owed)
        for seat, value in enumerate(coins or ()):
            check_int(f"coins[{seat}]", value, 0, 100_000)
        check_int("kitty", kitty, 0, 100_000)
        state = State(game=self, positions=positions, to_move=to_move,
                      owed=tuple(owed) if owed is not None else (0,) * n,
                      opened=tuple(opened) if opened is not None else tuple(p > 0 for p in positions),
                      out=(False,) * n,
                      coins=() if self.coins is None else
                      tuple(coins) if coins is not None else (self.coins,) * n,
                      kitty=kitty, constructed=True)
        if state._held(to_move) or state.owed[to_move]:
            raise ValueError(f"{seat_name(to_move)} cannot be the one to move: their pawn must wait.")
        return state


@dataclass(frozen=True)
class Observation:
    """What a seat sees: everything (the Goose game has no hidden information)."""

    seat: int
    players: int
    positions: tuple[int, ...]
    to_move: int
    rolling: bool
    owed: tuple[int, ...]
    held: tuple[bool, ...]
    opened: tuple[bool, ...]
    out: tuple[bool, ...]
    coins: tuple[int, ...]
    kitty: int
    winner: int | None
    finished: bool
    last_roll: Dice | None
    last_mover: int | None
    last_path: tuple[int, ...]
    round_number: int
    well_turns: int | None


@dataclass(frozen=True)
class State(StateBase):
    """A position of the Goose game.

    ``to_move`` is the seat whose turn it is; ``rolling`` is True while its dice are in the air
    (a chance node).  ``owed`` counts turns still to miss (G9), ``opened`` whether a pawn has made
    its opening roll (G4), ``coins``/``kitty``/``out`` the adult variation (G13; empty coins when
    off).  ``round_number`` is the round being played (every seat's turn, missed ones included).
    ``last_roll``, ``last_mover`` and ``last_path`` (the squares the last pawn touched) are for the
    board and the analysis; `without_display` drops them, `without_clock` the round too.
    """

    game: Game
    positions: tuple[int, ...]
    to_move: int
    owed: tuple[int, ...]
    opened: tuple[bool, ...]
    out: tuple[bool, ...]
    coins: tuple[int, ...] = ()
    kitty: int = 0
    rolling: bool = False
    winner: int | None = None
    finished: bool = False
    round_number: int = 1
    last_roll: Dice | None = None
    last_mover: int | None = None
    last_path: tuple[int, ...] = ()
    # built by `Game.state_at`: its history does not start at the opening position (see to_json)
    constructed: bool = field(default=False, compare=False, repr=False)

    # --- the engine contract ---------------------------------------------------------------
    # computed once a state (playouts read it twice a step); `_next` sets it in the next state's
    # values, and `_replace` drops it, so it is computed again from the fields it depends on
    @cached_property
    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        return CHANCE if self.rolling else self.to_move

    def _legal_actions(self) -> list[Roll]:
        return [ROLL]

    def _chance_outcomes(self) -> tuple[tuple[Dice, Fraction], ...]:
        return DICE  # the same object every time: the engine prepares its float weights once

    def _next(self, action: Any) -> tuple[dict[str, Any], Any]:
        # the next state's values (the fast form of `StateBase._next`), with `current_player`
        if action is ROLL:
            values = self.__dict__.copy()
            values["rolling"] = True
            values["current_player"] = CHANCE
            return values, ()  # no move-log line (a tuple: final)
        turn = _Turn(self, action, False)  # the dice: one turn (`_Turn`)
        turn.run()
        return turn.values()[0], lambda: self._narrate(action)

    def observation(self, seat: int) -> Observation:
        check_int("seat", seat, 0, self.game.players - 1)
        game = self.game
        return Observation(
            seat=seat, players=game.players, positions=self.positions, to_move=self.to_move,
            rolling=self.rolling, owed=self.owed,
            held=tuple(map(is_held, (game,) * game.players, self.positions, self.out)),
            opened=self.opened,
            out=self.out, coins=self.coins, kitty=self.kitty, winner=self.winner,
            finished=self.finished, last_roll=self.last_roll, last_mover=self.last_mover,
            last_path=self.last_path, round_number=self.round_number,
            well_turns=self.game.well_turns)

    def returns(self) -> list[int]:
        return [int(self.winner == seat) for seat in range(self.game.players)]

    def scores(self) -> list[int]:
        """The square of each pawn, or each player's coins in the adult variation."""
        return list(self.coins) if self.game.adult else list(self.positions)

    # --- helpers ---------------------------------------------------------------------------
    def _held(self, seat: int) -> bool:
        return is_held(self.game, self.positions[seat], self.out[seat])

    def _replace(self, **changes: Any) -> State:
        """`dataclasses.replace` without the constructor: a frozen dataclass's ``__init__`` sets
        each of its 18 fields through ``object.__setattr__``, which dominated playouts.  There is
        no ``__post_init__`` to skip, so copying the fields is the same state."""
        values = self.__dict__.copy()
        values.update(changes)
        values.pop("current_player", None)  # cached from the fields: it may not hold any more
        return from_fields(State, values)

    def to_json(self) -> str:
        """A save (see `StateBase.to_json`).  A save is replayed from the opening position, so a
        position built with `Game.state_at` (or played on from one) cannot be saved: refused
        here rather than saved as a different game."""
        if self.constructed:
            raise ValueError("this position was built with Game.state_at, not played from the "
                             "start, so it cannot be saved; only games from new_initial_state() can.")
        return super().to_json()

    def without_display(self) -> State:
        """The same position and round without the last move's dice and path (display only)."""
        return self._replace(last_roll=None, last_mover=None, last_path=(), history=(), events=())

    def without_clock(self) -> State:
        """`without_display`, and the round too: equal positions compare equal (Markov chains)."""
        return self._replace(round_number=1, last_roll=None, last_mover=None, last_path=(),
                             history=(), events=())

    # --- one turn --------------------------------------------------------------------------
    def _narrate(self, dice: Dice) -> list[str]:
        """The move-log lines of a throw: the same turn played again, this time in words (built
        only when a table or a walkthrough reads ``events``; playouts never do)."""
        turn = _Turn(self, dice, narrate=True)
        turn.run()
        return turn.values()[1]


class _Turn:
    """The working copy of one turn: mutable lists while the effects are resolved.

    With ``narrate`` False it skips the move-log text: the rules run the same, only no words are
    written (`State._narrate` plays the turn again with words when they are read).
    """

    path: Sequence[int]  # the squares the pawn touched, set by `run`

    __slots__ = ("narrate", "state", "game", "adult", "holds", "dice", "seat", "positions", "owed",
                 "opened", "out", "coins", "kitty", "winner", "finished", "path", "text", "lines")

    def __init__(self, state: State, dice: Dice, narrate: bool = True) -> None:
        self.narrate = narrate
        self.state = state
        self.game = game = state.game
        self.adult = adult = game.coins is not None  # `Game.adult`, read once a turn
        self.holds = game.holds  # `holding_squares`
        self.dice = dice
        self.seat = seat = state.to_move
        self.positions = list(state.positions)
        self.owed = state.owed  # a tuple, rebuilt by `owe` on the rare turn that changes it
        self.opened = state.opened  # a new tuple only on a pawn's first roll (`run`)
        # who is out, the coins and the kitty change only in the adult variation: copied there
        # alone (elsewhere `pay`, `win` and `finish` test `adult` before reading coins or kitty)
        if adult:
            self.out: list[bool] = list(state.out)
            self.coins: list[int] = list(state.coins)
            self.kitty = state.kitty
        else:
            self.out = state.out  # type: ignore[assignment]
        self.winner: int | None = None
        self.finished = False
        self.text = f"{seat_name(seat)} rolled {dice}" if narrate else ""
        self.lines: list[str] = []

    def owe(self, seat: int, turns: int) -> None:
        """``seat`` now has ``turns`` turns to miss (G9)."""
        self.owed = (*self.owed[:seat], turns, *self.owed[seat + 1:])

    # coins (G13) ---------------------------------------------------------------------------
    def pay(self, seat: int, why: str) -> bool:
        """One coin into the kitty; False (and the seat is out) when there is none (G13, G13b)."""
        if not self.adult:
            return True
        who = "" if seat == self.seat else f" {seat_name(seat)}"
        if self.coins[seat] == 0:
            self.out[seat] = True
            self.positions[seat] = 0
            self.owe(seat, 0)
            # named even when it is the mover: "; must pay" after a square's name reads as orphaned
            self.text += (f"; {seat_name(seat)} must pay a coin for {why} but has none left: "
                          f"{seat_name(seat)} is out")
            return False
        self.coins[seat] -= 1
        self.kitty += 1
        self.text += f";{who} pays a coin for {why} ({self.coins[seat]} left, kitty {self.kitty})"
        return True

    def run(self) -> None:
        seat, start, dice = self.seat, self.positions[self.seat], self.dice
        opening = not self.opened[seat]
        if opening:
            self.opened = (*self.opened[:seat], True, *self.opened[seat + 1:])
        if self.narrate or self.adult:  # words, or coins to pay on the way
            walked = [start]
            self.path = walked
            legs = _journey(start, dice.first, dice.second, opening)
            for leg, phrase in zip(legs, describe_legs(legs, dice.total)):
                self.text += phrase
                walked.append(leg.end)
                if leg.how == "jump" and not self.pay(seat, SQUARES[leg.start].name):
                    return
            end = walked[-1]
        else:
            self.path = path = _path(start, dice.first, dice.second, opening)
            end = path[-1]
        self.positions[seat] = end
        if end == FINISH:
            self.text += f"; exactly {FINISH}"
            self.win(seat, f"{seat_name(seat)} reaches {FINISH} and wins!")
            return
        square = SQUARES.get(end)
        if square is None and self.positions.count(end) == 1:  # nothing happens there (most turns)
            return
        self.land(start, end, square)

    def land(self, start: int, end: int, square: Square | None) -> None:
        """The effects of ``square``, where the turn ends at ``end`` (G9–G11, G13)."""
        seat = self.seat
        other = None
        if end > 0 and self.positions.count(end) > 1:  # the mover already stands there
            other = next((s for s, p in enumerate(self.positions)
                          if s != seat and p == end and not self.out[s]), None)
        if square is not None and square.effect in ("miss", "hold"):
            self.text += f"; {end} is {square.name}"
            if self.adult and self.coins[seat] == 0:  # out before the square can act (G13b)
                self.pay(seat, square.name)
                return
            if square.effect == "miss":
                self.owe(seat, square.missed_turns)
                self.text += f": {square.says}"
            elif self.game.well_turns is not None:
                self.owe(seat, self.game.well_turns)
                self.text += f": misses the next {plural(self.game.well_turns, 'turn')} there (house rule)"
            elif other is None:
                self.text += ": stays there until another pawn lands on it"
            else:
                self.text += (f": {seat_name(other)} is freed and goes to {start}, "
                              f"{seat_name(seat)} takes their place")
            self.pay(seat, square.name)
            if other is not None and square.effect == "hold" and self.game.well_turns is None:
                self.send_back(other, start, "being sent back")
                return
        if other is not None:
            # after a bounce the mover may have started AHEAD: then "back" would mislead a learner
            where = (f"goes back to {start}" if start < end
                     else f"goes to {start}, where {seat_name(seat)} started")
            self.text += f"; {seat_name(other)} was on {end} and {where}"
            self.send_back(other, start, "being sent back")

    def send_back(self, other: int, square: int, why: str) -> None:
        """G11: the pawn found there goes to the mover's start; it triggers nothing; owes its turns."""
        self.positions[other] = square
        self.pay(other, why)

    def win(self, seat: int, line: str) -> None:
        self.winner, self.finished = seat, True
        if self.adult and self.kitty:
            line += f" {seat_name(seat)} takes the kitty of {plural(self.kitty, 'coin')}."
            self.coins[seat] += self.kitty
            self.kitty = 0
        self.lines.append(line)

    # passing the turn on -------------------------------------------------------------------
    def values(self) -> tuple[dict[str, Any], list[str]]:
        """The next state's values (copied from the state before, see `StateBase._next`) and the
        move-log lines of the turn."""
        lines = [self.text + ".", *self.lines] if self.narrate else self.lines
        n = self.game.players
        state, positions, holds, out = self.state, self.positions, self.holds, self.out
        to_move, round_number = self.seat, state.round_number
        # only the adult variation puts players out (G13b); elsewhere the checks below can only
        # apply if seat 0 is held (G15), and every seat is in the game
        if not self.finished and (self.adult or positions[0] in holds):
            in_game = [s for s, is_out in enumerate(out) if not is_out] if self.adult else range(n)
            if self.adult and n > 1 and len(in_game) == 1:
                self.win(in_game[0], f"{seat_name(in_game[0])} is the only player left and wins!")
                lines.append(self.lines[-1])
            elif not in_game:
                self.finished = True
                lines.append("Nobody is left in the game: it ends with no winner.")
            elif all(map(holds.__contains__, map(positions.__getitem__, in_game))):  # G15
                self.finished = True
                lines.append("Every pawn still in the game is held in the Well or the Prison: nobody "
                             "can ever move again, so the game ends with no winner.")
        if not self.finished:
            s = self.seat
            while True:
                s += 1
                if s == n:
                    s = 0
                    round_number += 1
                if out[s]:
                    continue
                if self.owed[s]:
                    left = self.owed[s] - 1
                    self.owe(s, left)
                    if self.narrate:
                        lines.append(f"{seat_name(s)} misses a turn"
                                     + (f" ({left} more to miss)." if left else " (the last one)."))
                    continue
                if positions[s] in holds:  # not out: checked above
                    if self.narrate:
                        lines.append(f"{seat_name(s)} waits in {SQUARES[self.positions[s]].name} "
                                     "for another pawn to free them.")
                    continue
                to_move = s
                break
        # the next state's fields, set one by one (a keyword call to `_replace` costs more)
        values = state.__dict__.copy()
        values["positions"] = tuple(positions)
        values["to_move"] = to_move
        values["owed"] = self.owed
        values["opened"] = self.opened
        values["rolling"] = False
        if self.finished:  # the state before was not finished: its winner is None
            values["winner"] = self.winner
            values["finished"] = True
            values["current_player"] = TERMINAL
        else:
            values["current_player"] = to_move
        values["round_number"] = round_number
        values["last_roll"] = self.dice
        values["last_mover"] = self.seat
        values["last_path"] = tuple(self.path)
        if self.adult:  # only the adult variation changes coins, the kitty and who is out
            values.update(out=tuple(self.out), coins=tuple(self.coins), kitty=self.kitty)
        return values, lines
