"""The pieces one Game of the Goose turn is made of, learned from the engine (no rule restated here).

The exact analysis (`compact_chain`) needs the successors of every position at a table of up to
four players, about 18 million positions: far too many to walk as Python `State` objects.  It rests
on a factorisation of a turn into pieces that this module learns from the engine, by calling
``apply`` on positions built with `Game.state_at`:

1. **The move** (rulings G2, G4–G8, G4a, G9–G12): what a throw does to the pawn that moves, and to
   the pawn it finds where its move ends, if any, depends on those two pawns and the dice alone.
   It is learned at a table of three seats: the mover (seat 1), a pawn on square 0 that owes
   nothing (seat 2, whose turn comes next, so that passing the turn changes nobody's missed turns
   and the move is seen as it is) and the pawn found where the move ends (seat 3; on square 0,
   where it changes nothing, when the mover ends alone).
2. **Passing the turn** (G9, G10, G15): who moves next, whose missed turns count down, how many
   rounds go by and whether the game ends because nobody can move depend only on the seat that
   moved and every pawn's *status* after the move (turns still to miss; held or not, by
   `is_held`).  A status vector is learned from the engine the first time it occurs, on that very
   position (`Pieces.learn_passing`).
3. Every other pawn stays as it was.

These claims are proof obligations, not assumptions: `compact_chain.check_against_engine` compares
the chain built from the pieces with the engine's own transitions (every position for 1 to 3
players, a random sample for 4), and `learn_passing` checks the move against the engine each time
it learns.

A pawn is coded as a small integer standing for ``(square, turns to miss, opened)`` (`Pieces.pawns`);
a throw by its dice class, the throws that do the same to every pawn (`Pieces.classes`: twelve of
them, since only the total counts except on the opening roll).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..rules import DICE, FINISH, ROLL, Dice, Game, State, is_held

WIN = -1
"""In the move tables: the mover ends on 63 and wins."""
NOT_A_MOVE = -2
"""In the move tables: that pawn cannot roll (it owes turns or is held), or nobody stands there."""
END = -1
"""In the passing tables: nobody can move any more, the game ends with no winner (G15)."""

Pawn = tuple[int, int, bool]  # (square, turns to miss, opened)


class FactorisationError(AssertionError):
    """The engine did something the factorisation of a turn does not account for."""


@dataclass
class Pieces:
    """The learned pieces of a turn for a table of ``players`` (see the module docstring).

    Arrays are indexed by pawn code (``K`` of them) and dice class (``D``).  ``alone[c, d]`` is the
    mover's code after the move when nobody stands where it ends (``WIN``: it reached 63), ``end[c, d]``
    that square; ``hit_mover[c, d, q]`` and ``hit_other[c, d, q]`` are the mover's and the found
    pawn's codes when a pawn of code ``q`` stands there.  The passing tables are indexed by
    `passing_key` and filled in as keys occur.
    """

    players: int
    game: Game
    pawns: list[Pawn]
    code_of: dict[Pawn, int]
    owed_levels: int
    classes: list[tuple[Dice, ...]]
    alone: np.ndarray
    end: np.ndarray
    hit_mover: np.ndarray
    hit_other: np.ndarray
    pass_next: np.ndarray = field(init=False)
    pass_owed: np.ndarray = field(init=False)
    pass_rounds: np.ndarray = field(init=False)
    pass_known: np.ndarray = field(init=False)
    pass_changes: np.ndarray = field(init=False)
    engine_calls: int = 0

    def __post_init__(self) -> None:
        keys = self.players * self.statuses ** self.players
        self.pass_next = np.zeros(keys, dtype=np.int8)
        self.pass_owed = np.zeros((keys, self.players), dtype=np.int8)
        self.pass_rounds = np.zeros(keys, dtype=np.int8)
        self.pass_known = np.zeros(keys, dtype=bool)
        self.pass_changes = np.zeros(keys, dtype=bool)  # does somebody's count of turns to miss change

    # --- what a code stands for -------------------------------------------------------------
    @property
    def size(self) -> int:
        return len(self.pawns)

    @property
    def statuses(self) -> int:
        """How many statuses a pawn can have: turns to miss (0 to ``owed_levels - 1``), held or not."""
        return 2 * self.owed_levels

    @property
    def dice(self) -> list[Dice]:
        """One throw standing for each class."""
        return [members[0] for members in self.classes]

    @property
    def weights(self) -> np.ndarray:
        """How many of the 36 equally likely throws each class stands for (G2)."""
        return np.array([len(members) for members in self.classes], dtype=np.int64)

    def square(self) -> np.ndarray:
        return np.array([p[0] for p in self.pawns], dtype=np.int16)

    def status(self) -> np.ndarray:
        """Each code's status: turns to miss times two, plus one if held (`is_held`)."""
        return np.array([2 * owed + is_held(self.game, square, False) for square, owed, _ in self.pawns],
                        dtype=np.int64)

    def recode(self) -> np.ndarray:
        """``recode[c, k]``: the pawn of code ``c`` owing ``k`` turns instead (-1 if it cannot)."""
        table = np.full((self.size, self.owed_levels), -1, dtype=np.int16)
        for c, (square, _, opened) in enumerate(self.pawns):
            for k in range(self.owed_levels):
                table[c, k] = self.code_of.get((square, k, opened), -1)
        return table

    def code(self, square: int, owed: int, opened: bool) -> int:
        try:
            return self.code_of[square, owed, opened]
        except KeyError:
            raise FactorisationError(f"the engine left a pawn on {square} owing {owed} turns "
                                     f"(opened {opened}), outside the pawns the analysis codes.") from None

    def state(self, to_move: int, codes: Iterable[int]) -> State:
        """The engine's position for a seat to move and one pawn code per seat."""
        pawns = [self.pawns[c] for c in codes]
        return self.game.state_at([p[0] for p in pawns], to_move=to_move, owed=[p[1] for p in pawns],
                                  opened=[p[2] for p in pawns])

    def codes_of(self, state: State) -> list[int]:
        return [self.code(*pawn) for pawn in zip(state.positions, state.owed, state.opened)]

    # --- passing the turn ------------------------------------------------------------------
    def passing_key(self, to_move: np.ndarray, status: np.ndarray) -> np.ndarray:
        """The index of (seat that moved, every pawn's status after the move): ``status`` has one
        row per position and one column per seat."""
        powers = self.statuses ** np.arange(self.players, dtype=np.int64)
        return to_move.astype(np.int64) * self.statuses ** self.players + status @ powers

    def learn_passing(self, key: int, to_move: int, before: Any, dice: Dice, after: Any) -> None:
        """Learn how the turn passes for ``key`` from the engine, on the position ``before`` (pawn
        codes) where seat ``to_move`` throws ``dice`` and the move tables give ``after`` (codes)."""
        state = self.state(to_move, before).apply(ROLL).apply(dice)
        self.engine_calls += 1
        moved = [self.pawns[c] for c in after]
        if list(state.positions) != [p[0] for p in moved] or list(state.opened) != [p[2] for p in moved]:
            raise FactorisationError(f"the move tables say {moved} after {dice} from "
                                     f"{[self.pawns[c] for c in before]}, the engine {state.positions}.")
        if state.is_terminal():
            if state.winner is not None:
                raise FactorisationError(f"seat {state.winner} won while the turn passed.")
            self.pass_next[key] = END
        else:
            self.pass_next[key] = state.to_move
        self.pass_owed[key] = state.owed
        self.pass_changes[key] = any(k != pawn[1] for k, pawn in zip(state.owed, moved))
        self.pass_rounds[key] = state.round_number - 1  # `state_at` positions are in round 1
        self.pass_known[key] = True


def _three_seats(game: Game, mover: Pawn, found: Pawn | None, dice: Dice) -> tuple[Pawn, Pawn | None]:
    """The move of ``mover`` by ``dice`` (see the module docstring, piece 1): the mover's pawn
    after it (square 63: a win) and the found pawn's, watched at a table of three seats."""
    other = found or (0, 0, True)
    state = game.state_at([mover[0], 0, other[0]], to_move=0, owed=[0, 0, other[1]],
                          opened=[mover[2], True, other[2]])
    after = state.apply(ROLL).apply(dice)
    if after.is_terminal():
        if after.winner != 0:
            raise FactorisationError(f"a move from {mover} by {dice} ended the game without a win.")
        return (FINISH, 0, True), None
    if after.to_move != 1 or (after.positions[1], after.owed[1], after.opened[1]) != (0, 0, True):
        raise FactorisationError(f"the pawn on 0 whose turn comes next was changed by a move from "
                                 f"{mover} by {dice}.")
    moved = (after.positions[0], after.owed[0], after.opened[0])
    hit = (after.positions[2], after.owed[2], after.opened[2])
    if found is None and hit != other:
        raise FactorisationError(f"a move from {mover} by {dice} moved a pawn on square 0.")
    return moved, hit if found is not None else None


def learn_pieces(players: int, **params: Any) -> Pieces:
    """Learn the move tables from the engine (passing is learned later, as keys occur)."""
    game = Game(players=players, **params)
    learner = Game(players=3, **params)
    first = game.new_initial_state()
    unopened: Pawn = (first.positions[0], first.owed[0], first.opened[0])
    # the squares a pawn can stand on: where moves end, from the start, until nothing new appears
    squares: set[int] = {unopened[0]}
    moves: dict[tuple[Pawn, Dice], Pawn] = {}
    todo = [unopened]
    seen = {unopened}
    while todo:
        mover = todo.pop()
        for dice, _ in DICE:
            moved, _ = _three_seats(learner, mover, None, dice)
            moves[mover, dice] = moved
            if moved[0] == FINISH:
                continue
            squares.add(moved[0])
            fresh: Pawn = (moved[0], 0, True)
            if fresh not in seen and not is_held(game, moved[0], False):
                seen.add(fresh)
                todo.append(fresh)
    owed_levels = 1 + max(p[1] for p in moves.values())
    pawns: list[Pawn] = [unopened] + [(s, k, True) for s in sorted(squares) for k in range(owed_levels)]
    code_of = {p: i for i, p in enumerate(pawns)}
    size, throws = len(pawns), [d for d, _ in DICE]
    alone = np.full((size, len(throws)), NOT_A_MOVE, dtype=np.int16)
    end = np.full((size, len(throws)), NOT_A_MOVE, dtype=np.int16)
    hit_mover = np.full((size, len(throws), size), NOT_A_MOVE, dtype=np.int16)
    hit_other = np.full((size, len(throws), size), NOT_A_MOVE, dtype=np.int16)
    at: dict[int, list[int]] = {}
    for c, pawn in enumerate(pawns):
        at.setdefault(pawn[0], []).append(c)
    for (mover, dice), moved in moves.items():
        c, d = code_of[mover], throws.index(dice)
        end[c, d] = moved[0]  # FINISH for a win: nobody stands there
        if moved[0] == FINISH:
            alone[c, d] = WIN
            continue
        alone[c, d] = code_of[moved]
        for q in at[moved[0]]:
            if pawns[q][0] == mover[0] and mover[0] != 0:
                continue  # the mover ends where it started: nobody else can stand there
            new_mover, new_other = _three_seats(learner, mover, pawns[q], dice)
            hit_mover[c, d, q] = code_of[new_mover]
            hit_other[c, d, q] = code_of[new_other]  # type: ignore[index]
    classes = _dice_classes(throws, alone, hit_mover, hit_other)
    keep = [throws.index(members[0]) for members in classes]
    return Pieces(players, game, pawns, code_of, owed_levels, classes, alone[:, keep], end[:, keep],
                  hit_mover[:, keep], hit_other[:, keep], engine_calls=len(moves))


def _dice_classes(throws: list[Dice], *tables: np.ndarray) -> list[tuple[Dice, ...]]:
    """Group the throws that do the same to every pawn in every table (G2: usually the total)."""
    groups: dict[bytes, list[Dice]] = {}
    for d, dice in enumerate(throws):
        groups.setdefault(b"".join(t[:, d].tobytes() for t in tables), []).append(dice)
    return [tuple(members) for members in groups.values()]
