"""The proof obligations of the exact analysis: the compact chain is the engine's own chain.

`compact_chain` builds the chain from pieces of a turn learned from the engine (`turn_pieces`), on
the claim that a turn factors into the move (mover, dice, the pawn found where it ends) and the
passing of the turn (everyone's status).  This module checks the claim against the engine itself:

- `check_chain`: for positions of a built chain (all of them, or a sample), all 36 throws are played
  in the engine (``apply``) and the distribution of where they lead and how many rounds they take is
  compared with the chain's row, weights and all.  This also checks the dice classes (the 36 throws
  are played one by one), the coding of positions and the assembly of the sparse matrices.
- `check_positions`: the same for any engine positions (say, from seeded random games at a table of
  4, 5 or 6) without building the chain: the factorised steps (`Stepper`) against the engine.

Either raises `FactorisationError` at the first difference and returns how many (position, throw)
pairs agreed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ..rules import DICE, ROLL
from .compact_chain import CompactChain, Stepper, position_code
from .turn_pieces import FactorisationError, Pieces

Steps = dict[tuple[int, int], int]
"""(successor, rounds taken) -> how many of the 36 throws lead there; a successor is a position's
code, or ``-1 - seat`` for a win and ``-1 - players`` for the end with no winner."""


def engine_steps(pieces: Pieces, state: Any) -> Steps:
    """Where each of the 36 throws leads from ``state`` (a pawn about to roll) in the engine."""
    rolling = state.apply(ROLL)
    steps: Steps = {}
    for dice, _ in DICE:
        after = rolling.apply(dice)
        if after.is_terminal():
            code = -1 - (pieces.players if after.winner is None else after.winner)
        else:
            code = position_code(pieces, after)
        key = (code, after.round_number - state.round_number)
        steps[key] = steps.get(key, 0) + 1
    return steps


def factored_steps(pieces: Pieces, states: Sequence[Any]) -> list[Steps]:
    """The same from the learned pieces, for many positions at once."""
    stepper = Stepper(pieces)
    stepper.prepare(np.array([position_code(pieces, s) for s in states], dtype=np.int64))
    result: list[Steps] = [{} for _ in states]
    for d, members in enumerate(pieces.classes):
        codes, rounds = stepper.step(d)
        for steps, code, taken in zip(result, codes.tolist(), rounds.tolist()):
            steps[code, taken] = steps.get((code, taken), 0) + len(members)
    return result


def check_positions(pieces: Pieces, states: Sequence[Any]) -> int:
    """Compare the factorised steps with the engine's from each of ``states``."""
    for state, ours in zip(states, factored_steps(pieces, states)):
        theirs = engine_steps(pieces, state)
        if ours != theirs:
            raise FactorisationError(f"{_describe(state)}: the engine gives {sorted(theirs.items())}, "
                                     f"the factorised turn {sorted(ours.items())}.")
    return 36 * len(states)


def check_chain(chain: CompactChain, rows: Iterable[int] | None = None, batch: int = 512) -> int:
    """Compare the chain's rows (default: all) with the engine's steps from their positions."""
    checked = 0
    every = range(chain.size) if rows is None else rows
    pending: list[int] = []
    for row in every:
        pending.append(int(row))
        if len(pending) == batch:
            checked += _check_rows(chain, pending)
            pending = []
    if pending:
        checked += _check_rows(chain, pending)
    return checked


def _check_rows(chain: CompactChain, rows: list[int]) -> int:
    pieces, size, players = chain.pieces, chain.size, chain.players
    states = [pieces.state(*chain.position(row)) for row in rows]
    found = [engine_steps(pieces, state) for state in states]
    codes = np.array([code for steps in found for code, _ in steps if code >= 0], dtype=np.int64)
    at = np.searchsorted(chain.codes, codes)
    at = np.minimum(at, size - 1)
    if (chain.codes[at] != codes).any():
        raise FactorisationError("a throw leads the engine to a position the chain does not hold.")
    columns = iter(at.tolist())
    for row, state, steps in zip(rows, states, found):
        theirs = {(next(columns) if code >= 0 else size - 1 - code, taken): count
                  for (code, taken), count in steps.items()}
        ours = _chain_row(chain, row)
        if ours != theirs:
            raise FactorisationError(f"row {row}, {_describe(state)}: the engine gives "
                                     f"{sorted(theirs.items())}, the chain {sorted(ours.items())}.")
    del players
    return 36 * len(rows)


def _chain_row(chain: CompactChain, row: int) -> dict[tuple[int, int], int]:
    m = int(np.searchsorted(chain.blocks, row, side="right")) - 1
    local = row - int(chain.blocks[m])
    ours: dict[tuple[int, int], int] = {}
    for c, matrix in enumerate(chain.matrices[m]):
        begin, stop = matrix.indptr[local], matrix.indptr[local + 1]
        for column, weight in zip(matrix.indices[begin:stop].tolist(), matrix.data[begin:stop].tolist()):
            ours[column, c] = ours.get((column, c), 0) + int(weight)
    return ours


def _describe(state: Any) -> str:
    return (f"pawns on {list(state.positions)} owing {list(state.owed)}, opened "
            f"{list(state.opened)}, seat {state.to_move + 1} to move")
