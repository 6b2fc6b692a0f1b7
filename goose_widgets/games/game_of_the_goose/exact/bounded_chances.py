"""Each seat's chance of winning and how long a game lasts, as floats with rigorous error bounds.

For tables too big for exact fractions (three players and more; the smaller ones serve as checks)
the chain (`compact_chain`) is solved in floats, and every figure comes with a bound on its error.

**The length curve** (`length_curve`): the chance ``still[k]`` that the game is not over before the
round clock has moved on ``k`` times, for every position at once:
``still_k(s) = sum over steps to a position s' taking c rounds of w still_{k-c}(s')``, with
``still_{<0} = 1`` and the ends counting 0.  One sweep per round, the seats' blocks from the last to
the first (a step to a later seat in the same round reads this round's value).  At the opening
position, ``1 - still[r - 1]`` is the chance that the game is over by round ``r``.  This is a
recursion, not an iteration to a limit: only rounding separates it from the truth.  All terms are
nonnegative, so each sweep adds at most a relative ``players * 20`` units in the last place.  Once
``max over positions of still_k`` is below 1, every position can reach an end: the chain is absorbing,
which the bounds below need.

**The chances and the expected length** (`solve`): the linear systems ``x = b + P x`` (``b``: the
throws that win at once for a seat; or the rounds each step takes, for the rounds still to come),
solved by BiCGSTAB on the system preconditioned by one such sweep (a Gauss-Seidel sweep, which alone
would gain only one round per sweep: the chain has slow modes, games that linger, the chance of
going on shrinking by about 5% a round).  The answer is then checked, not trusted: the residual
``r = b + P x - x`` (computed, with a margin for its own rounding) bounds the error, since
``x* - x = (I - P)^-1 r`` and ``(I - P)^-1 1`` is the expected number of throws still to come, at most
``players`` times the expected number of rounds ``1 + t*``.  At the opening position
``|x* - x| <= |r|max * players * (1 + t*)``, and ``t*`` is bounded from the rounds system itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.sparse.linalg import LinearOperator, bicgstab

from .compact_chain import CompactChain

SCALE = 36.0
UNIT = float(np.finfo(float).eps) / 2
SLACK = 64 * UNIT  # rounding of one step of the chain: at most 13 nonnegative terms, then / 36


@dataclass(frozen=True)
class LengthCurve:
    """``over_by_round[r - 1]``: the chance that the game is over by round ``r`` (each within
    ``bound``), from round 1 until the chance of going on is at most ``until``."""

    players: int
    over_by_round: tuple[float, ...]
    bound: float
    decay: float  # the chance of going on, last round over the one before (the slowest games' pace)
    seconds: float


@dataclass(frozen=True)
class BoundedChances:
    """Each seat's chance of winning and the expected number of rounds at the opening position,
    each within its bound (`solve`); ``no_winner`` within ``players`` times ``error_bound``."""

    players: int
    wins: tuple[float, ...]
    no_winner: float
    error_bound: float
    expected_rounds: float
    rounds_bound: float
    residuals: tuple[float, ...]
    sweeps: int
    seconds: float


def length_curve(chain: CompactChain, until: float = 1e-3, max_rounds: int = 2000,
                 callback: Callable[[int, float], None] | None = None) -> LengthCurve:
    """The length curve (module docstring), swept until the chance that the game goes on is at most
    ``until`` and every position is proved able to reach an end."""
    began = time.perf_counter()
    n, players = chain.size, chain.players
    history = chain.most_rounds + 1
    ring = np.zeros((history, chain.columns))  # still_{k-c} for c < history; the ends stay 0
    ring[:, :n] = 1.0
    per_sweep = players * 20 * UNIT
    still: list[float] = []
    for k in range(max_rounds):
        now = ring[k % history]
        for m in reversed(range(players)):
            rows = slice(int(chain.blocks[m]), int(chain.blocks[m + 1]))
            going = np.zeros(rows.stop - rows.start)
            for c, matrix in enumerate(chain.matrices[m]):
                if matrix.nnz:
                    going += matrix @ ring[(k - c) % history]
            now[rows] = going / SCALE
        still.append(float(now[chain.start]))
        if callback is not None:
            callback(k + 1, still[-1])
        relative = (k + 1) * per_sweep
        if still[-1] <= until and float(now[:n].max()) * (1 + relative) < 1:
            decay = still[-1] / still[-2] if len(still) > 1 and still[-2] > 0 else 0.0
            return LengthCurve(players, tuple(1.0 - s for s in still), relative + UNIT, decay,
                               time.perf_counter() - began)
    raise RuntimeError("the game did not end from every position within the rounds allowed.")


class _Sweeps:
    """Gauss-Seidel sweeps of ``x = (ends + P x + extra) / 36`` over the seats' blocks, last seat
    first; ``ends`` are the values of the game's ends, ``extra`` a term per position."""

    def __init__(self, chain: CompactChain) -> None:
        self.chain = chain
        self.buffer = np.zeros(chain.columns)
        self.count = 0

    def sweep(self, x: np.ndarray, ends: np.ndarray, extra: np.ndarray | None) -> np.ndarray:
        chain, z = self.chain, self.buffer
        n = chain.size
        z[:n] = x
        z[n:] = ends
        for m in reversed(range(chain.players)):
            rows = slice(int(chain.blocks[m]), int(chain.blocks[m + 1]))
            total = sum(matrix @ z for matrix in chain.matrices[m] if matrix.nnz)
            if extra is not None:
                total = total + extra[rows]
            z[rows] = total / SCALE
        self.count += 1
        return z[:n].copy()

    def residual(self, x: np.ndarray, ends: np.ndarray, extra: np.ndarray | None) -> float:
        """``max |b + P x - x|``, plus a margin for the rounding in computing it."""
        chain, z = self.chain, self.buffer
        n = chain.size
        z[:n] = x
        z[n:] = ends
        worst = 0.0
        for m in range(chain.players):
            rows = slice(int(chain.blocks[m]), int(chain.blocks[m + 1]))
            total = sum(matrix @ z for matrix in chain.matrices[m] if matrix.nnz)
            if extra is not None:
                total = total + extra[rows]
            worst = max(worst, float(np.abs(total / SCALE - x[rows]).max()))
        size = max(float(np.abs(x).max()), float(np.abs(ends).max()),
                   float(np.abs(extra).max()) / SCALE if extra is not None else 0.0)
        return worst + 3 * SLACK * size


def _solve_one(sweeps: _Sweeps, ends: np.ndarray, extra: np.ndarray | None, target: float,
               guess: np.ndarray | None = None) -> tuple[np.ndarray, float]:
    """``x = b + P x`` by BiCGSTAB on ``(I - T) x = g`` (T: one sweep), until ``|r|max <= target``.

    BiCGSTAB stops on the preconditioned residual (a 2-norm relative to ``g``), which runs close to
    the checked one here; if the check fails, it goes on from where it stopped with a tighter goal."""
    n = sweeps.chain.size
    zero_ends = np.zeros_like(ends)
    g = sweeps.sweep(np.zeros(n), ends, extra)
    operator = LinearOperator((n, n), matvec=lambda v: v - sweeps.sweep(v, zero_ends, None),
                              dtype=float)
    x = g if guess is None else guess
    rtol = target
    for _ in range(8):
        x, _info = bicgstab(operator, g, x0=x, rtol=rtol, atol=0.0, maxiter=5000)
        residual = sweeps.residual(x, ends, extra)
        if residual <= target:
            return x, residual
        rtol *= max(0.01, 0.5 * target / residual)
    raise RuntimeError(f"BiCGSTAB did not reach a residual of {target:.1e} (at {residual:.1e}).")


def solve(chain: CompactChain, tolerance: float = 1e-10,
          callback: Callable[[str], None] | None = None) -> BoundedChances:
    """Each seat's chance of winning and the expected number of rounds, within ``tolerance`` (module
    docstring).  The chain must be absorbing (`length_curve` proves it)."""
    began = time.perf_counter()
    n, players = chain.size, chain.players
    sweeps = _Sweeps(chain)
    ends_count = chain.columns - n
    extra = chain.round_weights()
    # the rounds still to come first: they bound the expected number of throws for every bound
    target = tolerance / (players * 50)
    t, r_rounds = _solve_one(sweeps, np.zeros(ends_count), extra, target)
    throws = _throws_bound(float(t[chain.start]), r_rounds, players)
    while r_rounds * throws > tolerance:
        target *= 0.5 * tolerance / (r_rounds * throws)
        t, r_rounds = _solve_one(sweeps, np.zeros(ends_count), extra, target, guess=t)
        throws = _throws_bound(float(t[chain.start]), r_rounds, players)
    if callback is not None:
        callback(f"rounds: residual {r_rounds:.1e}, at most {throws:.1f} throws a game")
    # when no game can end without a winner, the last seat's chance is what the others leave
    seats = players - 1 if not _can_end_with_no_winner(chain) and players > 1 else players
    wins, residuals = [], [r_rounds]
    for seat in range(seats):
        ends = np.zeros(ends_count)
        ends[seat] = 1.0
        x, r = _solve_one(sweeps, ends, None, tolerance / (throws * max(1, players - seats) * seats))
        wins.append(float(x[chain.start]))
        residuals.append(r)
        if callback is not None:
            callback(f"seat {seat + 1}: residual {r:.1e}")
    bounds = [r * throws for r in residuals[1:]]
    no_winner = 0.0
    if seats < players:
        wins.append(1.0 - sum(wins))
        bounds.append(sum(bounds) + players * UNIT)
    else:
        no_winner = 1.0 - sum(wins)
    return BoundedChances(players, tuple(wins), no_winner, max(bounds), 1.0 + float(t[chain.start]),
                          r_rounds * throws, tuple(residuals), sweeps.count,
                          time.perf_counter() - began)


def _throws_bound(rounds_to_come: float, residual: float, players: int) -> float:
    """A bound on the expected number of throws from the opening position: at most ``players`` a
    round, over ``1 + t*`` rounds, where ``|t* - t| <= residual * throws`` (module docstring)."""
    share = players * residual
    if share >= 0.5:
        raise RuntimeError("the rounds system is too far from solved to bound anything.")
    rounds = (1 + rounds_to_come + share) / (1 - share)
    return players * rounds


def _can_end_with_no_winner(chain: CompactChain) -> bool:
    nobody = chain.size + chain.players
    return any((matrix.indices == nobody).any() for by_rounds in chain.matrices for matrix in by_rounds)
