"""The Game of the Goose's Markov chain as integer arrays, built from the turn pieces the engine taught.

A position at a roll (a pawn is about to throw) is coded as one integer: the seat to move, then one
pawn code per seat (`turn_pieces.Pieces`), as digits in base ``K`` (the number of pawn codes).  The
chain is found by a breadth-first search run on whole arrays of positions at once: for each dice
class, the move tables give the mover's new code and that of the pawn it finds, the passing tables
who moves next and whose missed turns count down.  A bit per possible code marks the positions
seen; the row of a position is its rank among them (a prefix count of the bits), so the rows are in
code order and each seat to move has one contiguous block of rows.

The transitions are sparse matrices, one per (seat to move, rounds the step takes): integer weights
out of 36 (the throws of a class, G2), columns for the positions and then for the ends of the game
(``size + seat``: that seat wins, G12; ``size + players``: nobody can move, G15).

`chain_proof` proves that the chain is the engine's: it plays all 36 throws in the engine from the
positions it is asked about and compares where they lead, and the rounds they take, with the chain.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse as sp

from ..rules import FINISH
from .turn_pieces import END, NOT_A_MOVE, WIN, FactorisationError, Pieces, learn_pieces

POSITION, WON, NOBODY = 0, 1, 2
"""What a step leads to: a position, a win for the seat that moved, the end with no winner."""


@dataclass
class CompactChain:
    """The chain for a table of ``players`` (see the module docstring).

    ``codes[i]`` is the code of row ``i`` (sorted); ``blocks[m]:blocks[m + 1]`` are the rows where
    seat ``m`` is to move; ``matrices[m][c]`` holds their steps that take ``c`` rounds (a row per
    position of the block, a column per position and end).  ``transitions`` counts the distinct
    successors (positions or ends) summed over the positions.
    """

    pieces: Pieces
    codes: np.ndarray
    blocks: np.ndarray
    matrices: list[list[sp.csr_matrix]]
    start: int
    transitions: int
    levels: int
    seconds: float

    @property
    def players(self) -> int:
        return self.pieces.players

    @property
    def size(self) -> int:
        return len(self.codes)

    @property
    def columns(self) -> int:
        """Positions, then a win for each seat, then the end with no winner."""
        return self.size + self.players + 1

    @property
    def most_rounds(self) -> int:
        """The most rounds one step can take (a turn that passes over seats missing theirs)."""
        return max(len(by_rounds) for by_rounds in self.matrices) - 1

    def matrix(self) -> sp.csr_matrix:
        """Every row's steps, whatever rounds they take (weights out of 36)."""
        return sp.vstack([sum(by_rounds[1:], by_rounds[0]) for by_rounds in self.matrices], format="csr")

    def round_weights(self) -> np.ndarray:
        """For each row, the rounds its steps take, summed with their weights out of 36."""
        return np.concatenate([sum((c * np.asarray(by_rounds[c].sum(axis=1)).ravel()
                                    for c in range(1, len(by_rounds))), np.zeros(by_rounds[0].shape[0]))
                               for by_rounds in self.matrices])

    def row(self, code: int) -> int:
        """The row of a position's code (KeyError if the chain does not hold it)."""
        i = int(np.searchsorted(self.codes, code))
        if i == self.size or self.codes[i] != code:
            raise KeyError(code)
        return i

    def position(self, row: int) -> tuple[int, list[int]]:
        """The seat to move and the pawn codes of a row."""
        to_move, codes = _decode(self.codes[row:row + 1], self.players, self.pieces.size)
        return int(to_move[0]), [int(c) for c in codes[0]]


# --- codes -----------------------------------------------------------------------------------------
def _encode(to_move: np.ndarray, codes: np.ndarray, base: int) -> np.ndarray:
    x = to_move.astype(np.int64)
    for i in range(codes.shape[1]):
        x = x * base + codes[:, i]
    return x


def position_code(pieces: Pieces, state: Any) -> int:
    """The code of an engine position where a pawn is about to roll (module docstring)."""
    x = int(state.to_move)
    for c in pieces.codes_of(state):
        x = x * pieces.size + c
    return x


def _decode(x: np.ndarray, players: int, base: int) -> tuple[np.ndarray, np.ndarray]:
    codes = np.empty((len(x), players), dtype=np.int64)
    x = x.astype(np.int64)
    for i in reversed(range(players)):
        x, codes[:, i] = np.divmod(x, base)
    return x, codes


class _Bits:
    """A set of codes as one bit each, with ranks (how many set bits come before a code)."""

    def __init__(self, universe: int) -> None:
        self.words = np.zeros(universe // 64 + 1, dtype=np.uint64)
        self.prefix: np.ndarray | None = None

    def contains(self, x: np.ndarray) -> np.ndarray:
        return ((self.words[x >> 6] >> (x & 63).astype(np.uint64)) & np.uint64(1)).astype(bool)

    def add(self, x: np.ndarray) -> None:
        np.bitwise_or.at(self.words, x >> 6, np.uint64(1) << (x & 63).astype(np.uint64))

    def freeze(self) -> None:
        counts = _popcount(self.words)
        self.prefix = np.concatenate(([0], np.cumsum(counts[:-1]))).astype(np.int64)

    def rank(self, x: np.ndarray) -> np.ndarray:
        assert self.prefix is not None
        w = x >> 6
        below = (np.uint64(1) << (x & 63).astype(np.uint64)) - np.uint64(1)
        return self.prefix[w] + _popcount(self.words[w] & below)


def _popcount(words: np.ndarray) -> np.ndarray:
    if hasattr(np, "bitwise_count"):  # numpy 2
        return np.bitwise_count(words).astype(np.int64)
    table = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)
    return table[words.view(np.uint8)].reshape(-1, 8).sum(axis=1)


# --- one step for many positions ------------------------------------------------------------------
class Stepper:
    """Steps of whole arrays of positions, one dice class at a time, from the learned pieces.

    ``prepare`` reads a batch of positions once; ``step`` then gives, for dice class ``d``, each
    position's successor as a code (``-1 - seat`` when that seat wins, ``-1 - players`` when the game
    ends with no winner) and the rounds the step takes.
    """

    def __init__(self, pieces: Pieces) -> None:
        self.pieces = p = pieces
        k, n = p.size, p.players
        self.base, self.players = k, n
        self.square = p.square().astype(np.int64)
        self.status = p.status()
        self.recode = p.recode().astype(np.int64)
        self.powers = p.statuses ** np.arange(n, dtype=np.int64)
        # per dice class, the move tables flattened: indexed by mover, or by mover * K + found
        self.alone = [p.alone[:, d].astype(np.int64) for d in range(len(p.classes))]
        self.end = [p.end[:, d].astype(np.int64) for d in range(len(p.classes))]
        self.hit_mover = [p.hit_mover[:, d, :].astype(np.int64).ravel() for d in range(len(p.classes))]
        self.hit_other = [p.hit_other[:, d, :].astype(np.int64).ravel() for d in range(len(p.classes))]

    def prepare(self, x: np.ndarray) -> None:
        self.to_move, self.codes = _decode(x, self.players, self.base)
        self.rows = rows = np.arange(len(x))
        self.statuses = self.status[self.codes]
        self.key = self.pieces.passing_key(self.to_move, self.statuses)
        self.mover = self.codes[rows, self.to_move]
        if (self.pieces.alone[self.mover, 0] == NOT_A_MOVE).any():
            raise FactorisationError("a position's pawn to move cannot move (it owes turns or is held).")
        # who stands on each square, 0 to 63 (where several pawns share square 0: one of them)
        self.standing = np.full((len(x), FINISH + 1), -1, dtype=np.int8)
        squares = self.square[self.codes]
        for seat in range(self.players):
            self.standing[rows, squares[:, seat]] = seat

    def step(self, d: int) -> tuple[np.ndarray, np.ndarray]:
        p, rows, m, codes, mover = self.pieces, self.rows, self.to_move, self.codes, self.mover
        alone = self.alone[d][mover]
        won = alone == WIN
        other = self.standing[rows, self.end[d][mover]].astype(np.int64)  # nobody stands on 63
        has = (other >= 0) & (other != m)
        other = np.where(has, other, m)
        pair = mover * self.base + codes[rows, other]
        new_mover = np.where(has, self.hit_mover[d][pair], alone)
        new_other = self.hit_other[d][pair]
        if (((new_mover < 0) & ~won) | ((new_other < 0) & has)).any():
            raise FactorisationError("a move met a pawn the move tables never saw there.")
        new_mover = np.where(won, mover, new_mover)
        status_of = self.status
        key = (self.key + (status_of[new_mover] - self.statuses[rows, m]) * self.powers[m]
               + np.where(has, status_of[new_other] - self.statuses[rows, other], 0) * self.powers[other])
        new = codes.copy()
        new[rows, m] = new_mover
        new[rows[has], other[has]] = new_other[has]
        unknown = ~p.pass_known[key] & ~won
        if unknown.any():
            keys, first = np.unique(key[unknown], return_index=True)
            for k, i in zip(keys, np.flatnonzero(unknown)[first]):
                p.learn_passing(int(k), int(m[i]), codes[i], p.dice[d], new[i])
        changed = np.flatnonzero(p.pass_changes[key] & ~won)  # whose missed turns count down
        if len(changed):
            new[changed] = self.recode[new[changed], p.pass_owed[key[changed]]]
            if (new[changed] < 0).any():
                raise FactorisationError("passing the turn left a pawn owing more turns than coded.")
        nxt = p.pass_next[key].astype(np.int64)
        x = _encode(nxt, new, self.base)
        x[nxt == END] = -1 - self.players
        x[won] = -1 - m[won]
        return x, np.where(won, 0, p.pass_rounds[key]).astype(np.int8)


# --- the chain -----------------------------------------------------------------------------------
def build_chain(players: int, progress: bool = False, chunk: int = 1 << 18, **params: Any) -> CompactChain:
    """Every position reachable at a roll for a table of ``players``, and its steps (see the module
    docstring).  ``params`` go to the game (``well_turns``; the adult variation is not supported)."""
    if params.get("coins") is not None:
        raise ValueError("the compact chain does not code coins (the adult variation, G13).")
    began = time.perf_counter()
    pieces = learn_pieces(players, **params)
    stepper = Stepper(pieces)
    base, classes = pieces.size, len(pieces.classes)
    first = pieces.game.new_initial_state()
    start = np.array([position_code(pieces, first)], dtype=np.int64)
    universe = players * base ** players
    kind = np.int32 if universe < 2**31 - players - 2 else np.int64  # the successors' codes
    seen = _Bits(universe)
    seen.add(start)
    frontier, levels = start, 0
    order: list[np.ndarray] = []  # the positions in the order their steps were found
    targets: list[np.ndarray] = []  # their successors' codes, one column per dice class
    rounds: list[np.ndarray] = []
    bar = _bar(progress, f"positions ({players} players)")
    while len(frontier):
        levels += 1
        fresh = []
        for part in _chunks(frontier, chunk):
            stepper.prepare(part)
            t = np.empty((len(part), classes), dtype=kind)
            r = np.empty((len(part), classes), dtype=np.int8)
            for d in range(classes):
                t[:, d], r[:, d] = stepper.step(d)
            order.append(part)
            targets.append(t)
            rounds.append(r)
            moved = t[t >= 0]
            fresh.append(moved[~seen.contains(moved)])
        frontier = _unique(np.concatenate(fresh))
        seen.add(frontier)
        if bar is not None:
            bar.update(len(frontier))
    if bar is not None:
        bar.close()
    seen.freeze()
    size = int(seen.prefix[-1] + _popcount(seen.words[-1:])[0])  # type: ignore[index]
    transitions = 0
    for t in targets:  # codes to columns, in place
        moved = t >= 0
        t[~moved] = size - 1 - t[~moved]
        t[moved] = seen.rank(t[moved].astype(np.int64))
        transitions += int((np.diff(np.sort(t, axis=1), axis=1) != 0).sum()) + len(t)
    start_row = int(seen.rank(start)[0])
    del seen
    every = np.concatenate(targets)
    targets.clear()
    taken = np.concatenate(rounds)
    rounds.clear()
    codes = np.concatenate(order)
    rows = np.argsort(codes, kind="stable")
    codes = codes[rows]
    blocks = np.searchsorted(codes, np.arange(players + 1, dtype=np.int64) * base ** players)
    weights = pieces.weights.astype(np.float64)
    matrices = []
    for m in range(players):
        mine = rows[blocks[m]:blocks[m + 1]]
        matrices.append(_by_rounds(every[mine], taken[mine], weights, size + players + 1))
    return CompactChain(pieces, codes, blocks, matrices, start_row, transitions, levels,
                        time.perf_counter() - began)


def _unique(x: np.ndarray) -> np.ndarray:
    """Sorted distinct values (a sort: faster here than numpy's hashing ``unique``)."""
    x = np.sort(x)
    return x[np.concatenate(([True], x[1:] != x[:-1]))] if len(x) else x


def _by_rounds(targets: np.ndarray, rounds: np.ndarray, weights: np.ndarray,
               columns: int) -> list[sp.csr_matrix]:
    """One block's steps split by the rounds they take, duplicates merged."""
    rows = len(targets)
    result = []
    for c in range(int(rounds.max(initial=0)) + 1):
        mask = rounds == c
        indptr = np.concatenate(([0], np.cumsum(mask.sum(axis=1)))).astype(np.int64)
        data = np.broadcast_to(weights, targets.shape)[mask]
        matrix = sp.csr_matrix((data, targets[mask], indptr), shape=(rows, columns))
        matrix.sum_duplicates()
        result.append(matrix)
    return result


def _chunks(x: np.ndarray, size: int) -> Iterable[np.ndarray]:
    for i in range(0, len(x), size):
        yield x[i:i + size]


def _bar(progress: bool, what: str) -> Any:
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(desc=what, unit=" positions", leave=False)
