"""Exact solutions (Fractions) of the Goose chain's linear systems, by numeric lifting.

An absorbing chain's values solve ``(I - P) x = b``.  With the weights out of 36 this is the integer
system ``A x = B``, ``A = 36 I - W``.  `solve_exact` finds the start position's exact values: a float
solve refines an exact integer residual, ``step_bits`` bits a step, until a rational read off by
continued fractions satisfies the integer system exactly.  That check (`_verify`) is the proof; the
floats only propose.  The system must be nonsingular: `chain_ends_everywhere` proves that every
position can reach an end of the game, which makes ``I - P`` invertible.

The right-hand sides the analysis uses (`win_sides`, `round_sides`): the throws that win at once for
each seat, and the rounds each step takes (so the second solution is the expected number of rounds
still to come).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import breadth_first_order
from scipy.sparse.linalg import splu

from .compact_chain import CompactChain

SCALE = 36
"""The chain's weights are counts of the 36 equally likely throws (G2)."""


def chain_ends_everywhere(chain: CompactChain) -> bool:
    """Can every position reach an end of the game?  (A search backwards from the ends.)"""
    n, ends = chain.size, chain.columns - chain.size
    graph = chain.matrix()
    # a square graph over positions and one node for "ended", its edges reversed
    edges = sp.csr_matrix((np.ones(graph.nnz), np.minimum(graph.indices, n), graph.indptr),
                          shape=(n, n + 1))
    square = sp.vstack([edges, sp.csr_matrix((1, n + 1))], format="csr")
    reached = breadth_first_order(square.T.tocsr(), n, directed=True, return_predecessors=False)
    del ends
    return len(reached) == n + 1


def win_sides(chain: CompactChain) -> np.ndarray:
    """``B`` for each seat's chance of winning: the throws that win at once, per position."""
    ends = chain.matrix()[:, chain.size:chain.size + chain.players]
    return np.asarray(ends.todense()).astype(np.int64)


def round_sides(chain: CompactChain) -> np.ndarray:
    """``B`` for the expected rounds still to come: each step's rounds times its throws."""
    return np.rint(chain.round_weights()).astype(np.int64)[:, None]


def solve_exact(chain: CompactChain, sides: np.ndarray, step_bits: int = 40,
                check_every: int = 20) -> list[Fraction]:
    """The exact solution of ``A x = sides`` at the start position, one Fraction per column."""
    if not chain_ends_everywhere(chain):
        raise ValueError("some positions can never reach the end of the game.")
    n = chain.size
    positions = chain.matrix()[:, :n].astype(np.int64)
    a = (sp.identity(n, dtype=np.int64, format="csr") * SCALE - positions).tocsr()
    a.sort_indices()
    lu = splu(a.astype(float).tocsc())  # sparse LU: far faster than a dense inverse here
    residual = sides.astype(np.int64)
    limit = 1 << (62 - step_bits - SCALE.bit_length() - 1)  # int64 stays exact below this
    start, digits = chain.start, list[np.ndarray]()
    previous: list[Fraction] | None = None
    while len(digits) < 100_000:
        y = np.rint(lu.solve(residual.astype(float)) * float(1 << step_bits)).astype(np.int64)
        residual = (residual << step_bits) - a @ y
        if np.abs(residual).max() >= limit:
            raise RuntimeError("the float solve is too inaccurate for exact lifting; lower step_bits.")
        digits.append(y)
        if len(digits) % check_every == 0:
            bits = len(digits) * step_bits
            guess = [_simplest(_combine([int(d[start, j]) for d in digits], step_bits), bits)
                     for j in range(sides.shape[1])]
            if guess == previous and _verify(a, sides, start, digits, step_bits, guess):
                return guess
            previous = guess
    raise RuntimeError("the exact solution did not settle.")


def _combine(digits: list[Any], step_bits: int) -> Any:
    """``sum_t digits[t] * 2**(step_bits (T - 1 - t))``, halving the list (fast on big integers);
    ``digits`` are ints or object arrays of ints."""
    if len(digits) == 1:
        return digits[0]
    half = len(digits) // 2
    low = _combine(digits[half:], step_bits)
    high = _combine(digits[:half], step_bits)
    return high * (1 << (step_bits * (len(digits) - half))) + low


def _simplest(numerator: int, bits: int) -> Fraction:
    """The simplest fraction near ``numerator / 2**bits`` (continued fractions)."""
    return Fraction(int(numerator), 1 << bits).limit_denominator(1 << (bits // 2 - 2))


def _exact_product(a: sp.csr_matrix, x: np.ndarray) -> np.ndarray:
    """``a @ x`` for an object array of Python integers (exact, however large)."""
    products = a.data.astype(object)[:, None] * x[a.indices]
    return np.add.reduceat(products, a.indptr[:-1], axis=0)


def _verify(a: sp.csr_matrix, sides: np.ndarray, start: int, digits: list[np.ndarray], step_bits: int,
            guess: list[Fraction]) -> bool:
    """Is ``guess`` exact?  A common denominator ``d`` of every position's values (grown from the
    guess's, by reading off any position that ``d`` does not yet make whole) turns the
    approximations into candidate numerators, accepted only if they solve ``A X = d B`` exactly:
    that check is the proof."""
    bits = len(digits) * step_bits
    total = _combine([d.astype(object) for d in digits], step_bits)
    denominator = math.lcm(*(g.denominator for g in guess))
    tolerance = 1 << (bits - bits // 3)  # a whole number is this close to 0 mod 2**bits
    modulus = 1 << bits
    for v in total.flat:  # one pass: a value whole for the common denominator so far stays whole
        remainder = (int(v) * denominator) % modulus
        if tolerance < remainder < modulus - tolerance:
            found = _simplest(int(v), bits).denominator
            if denominator % found == 0:
                return False  # not enough bits yet to read that position
            denominator = math.lcm(denominator, found)
            if tolerance < (int(v) * denominator) % modulus < modulus - tolerance:
                return False
    half = 1 << (bits - 1)
    numerators = (total * denominator + half) >> bits
    if [Fraction(int(v), denominator) for v in numerators[start]] != guess:
        return False
    return bool((_exact_product(a, numerators) == sides.astype(object) * denominator).all())
