"""Each seat's chance of winning a Game of the Goose, from the engine's own chain of positions.

Used by `analysis.exact_win_probabilities`.  Nothing here states a rule: the chain is built by
walking the engine's ``chance_outcomes()`` and ``apply`` from the opening position, one state per
position where a pawn is about to roll (the round clock and the display fields merged away by
`State.without_clock`, as in the one-player analysis).  Every rule of the rulebook and of G1–G15
therefore counts, including the cycles (bounces, the Maze, Death, pawns sent back, the Well and
the Prison of G10) and the games that end with no winner (G15).

The chain is absorbing: from every position some throws end the game (a check in `_check_absorbing`
proves it before anything is solved), so the winning chances are the unique solution of
``(I - P) x = b``, one right-hand side per seat.

- `exact_chances` solves it exactly (Fractions) by numeric lifting: a float solve refines an exact
  integer residual, 30 bits a step, until a rational read off by continued fractions satisfies the
  integer system exactly.  That check is the proof; the floats only propose.
- `float_chances` iterates ``x <- b + P x`` and bounds the error rigorously: for the residual
  ``r = b + P x - x`` the error is ``(I - P)^-1 r``, at most ``u * max|r|`` where ``u`` is any
  vector with ``u >= 1 + P u`` (it bounds the expected number of rolls, which is the norm of
  ``(I - P)^-1``); such a ``u`` is computed and checked with a margin for rounding.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np

from ...engine.exact import forced
from .rules import Game, State


@dataclass(frozen=True)
class Chain:
    """The positions at a roll (``states[0]`` opens the game) and where each throw leads.

    Row ``i`` of the transitions is ``targets[starts[i]:starts[i+1]]`` with the probabilities
    ``weights / scale``; a target ``>= 0`` is a position, ``-1 - seat`` a win for that seat and
    ``NO_WINNER`` the end of the game with no winner.
    """

    players: int
    states: list[State]
    starts: np.ndarray
    targets: np.ndarray
    weights: np.ndarray
    scale: int
    seconds: float

    def __len__(self) -> int:
        return len(self.states)

    @cached_property
    def inner(self) -> tuple[np.ndarray, np.ndarray]:
        """The targets and weights with the ends of the game as weight 0 on position 0."""
        positions = self.targets >= 0
        return np.where(positions, self.targets, 0), np.where(positions, self.weights, 0)


NO_WINNER = -100


def _to_roll(state: Any) -> Any:
    """Take the forced steps (the one legal action, ``roll``) until the dice are in the air."""
    while not state.is_chance_node() and not state.is_terminal():
        state = state.apply(forced(state))
    return state


def build_chain(players: int, progress: bool = False, **params: Any) -> Chain:
    """Every position reachable at a roll, and its successors by throw, for a table of ``players``."""
    began = time.perf_counter()
    # positions are keyed after the throw, before the forced ``roll``: one roll per position
    first = Game(players=players, **params).new_initial_state().without_clock()
    index: dict[State, int] = {first: 0}
    states = [first]
    starts: list[int] = [0]
    targets: list[int] = []
    weights: list[int] = []  # numerators over `scale`
    scale = 1
    bar = _bar(progress, players)
    i = 0
    while i < len(states):
        merged: dict[int, Fraction] = {}
        rolling = _to_roll(states[i])
        for dice, p in rolling.chance_outcomes():
            nxt: Any = rolling.apply(dice)
            if nxt.is_terminal():
                target = NO_WINNER if nxt.winner is None else -1 - nxt.winner
            else:
                key = nxt.without_clock()
                target = index.setdefault(key, len(states))
                if target == len(states):
                    states.append(key)
            merged[target] = merged.get(target, Fraction(0)) + p
        wider = math.lcm(scale, *(p.denominator for p in merged.values()))
        if wider != scale:
            weights = [w * (wider // scale) for w in weights]
            scale = wider
        for target, p in sorted(merged.items()):
            targets.append(target)
            weights.append(int(p * scale))
        starts.append(len(targets))
        i += 1
        if bar is not None and i % 1000 == 0:
            bar.total = len(states)
            bar.update(1000)
    if bar is not None:
        bar.close()
    return Chain(players, states, np.array(starts, dtype=np.int64), np.array(targets, dtype=np.int64),
                 np.array(weights, dtype=np.int64), scale,
                 time.perf_counter() - began)


def _bar(progress: bool, players: int) -> Any:
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(desc=f"positions ({players} players)", unit=" positions", leave=False)


def _check_absorbing(chain: Chain) -> None:
    """Refuse a chain in which some position can never reach the end of the game (the system
    would then be singular and its solution meaningless)."""
    n = len(chain)
    rows = np.repeat(np.arange(n), np.diff(chain.starts))
    ends = np.zeros(n, dtype=bool)
    ends[rows[chain.targets < 0]] = True
    inner = chain.targets >= 0
    sources, sinks = rows[inner], chain.targets[inner]
    order = np.argsort(sinks, kind="stable")
    sources, sinks = sources[order], sinks[order]
    bounds = np.searchsorted(sinks, np.arange(n + 1))
    todo = list(np.flatnonzero(ends))
    while todo:  # backwards from the positions that can end the game at once
        j = todo.pop()
        for i in sources[bounds[j]:bounds[j + 1]]:
            if not ends[i]:
                ends[i] = True
                todo.append(i)
    if not ends.all():
        raise ValueError(f"{int((~ends).sum())} positions can never reach the end of the game.")


def _right_hand_sides(chain: Chain) -> np.ndarray:
    """``b``: for each position and seat, the weight of the throws that win for that seat at once."""
    n, rows = len(chain), np.repeat(np.arange(len(chain)), np.diff(chain.starts))
    b = np.zeros((n, chain.players), dtype=np.int64)
    for seat in range(chain.players):
        hit = chain.targets == -1 - seat
        np.add.at(b[:, seat], rows[hit], chain.weights[hit])
    return b


def _multiply(chain: Chain, x: np.ndarray) -> np.ndarray:
    """``P @ x`` times ``scale`` for the position columns (``x`` has one row per position)."""
    inner, w = chain.inner
    products = w[:, None] * x[inner] if x.ndim == 2 else w * x[inner]
    return np.add.reduceat(products, chain.starts[:-1], axis=0)


# --- exact ---------------------------------------------------------------------------------------
def exact_chances(chain: Chain, step_bits: int = 40, check_every: int = 25) -> list[Fraction]:
    """Each seat's exact winning chance from ``chain.states[0]`` (see the module docstring).

    The integer system is ``A x = B`` with ``A = scale (I - P)``, ``B = scale b``.  Each step
    solves ``A y = r`` in floats with a precomputed inverse, keeps the integers
    ``y_t = round(2**step_bits * y)`` and carries the exact residual ``2**step_bits r - A y_t``
    (small integers: it stays bounded while the float solve is accurate, checked at every step) to
    the next step.  After ``T`` steps ``sum_t y_t 2**(step_bits (T - 1 - t))`` over ``2**(T step_bits)``
    approximates ``x`` to about ``T step_bits`` bits.
    """
    _check_absorbing(chain)
    n = len(chain)
    dense = np.zeros((n, n))
    rows = np.repeat(np.arange(n), np.diff(chain.starts))
    inner = chain.targets >= 0
    np.add.at(dense, (rows[inner], chain.targets[inner]), -chain.weights[inner].astype(float))
    dense[np.arange(n), np.arange(n)] += chain.scale
    inverse = np.linalg.inv(dense)
    del dense
    rhs = _right_hand_sides(chain)
    residual = rhs.copy()
    limit = 1 << (62 - step_bits - int(chain.scale).bit_length() - 1)  # int64 stays exact below this
    digits: list[np.ndarray] = []
    previous: list[Fraction] | None = None
    while len(digits) < 100_000:
        y = np.rint((inverse @ residual) * float(1 << step_bits)).astype(np.int64)
        residual = (residual << step_bits) - _exact_apply(chain, y)
        if np.abs(residual).max() >= limit:
            raise RuntimeError("the float solve is too inaccurate for exact lifting; lower step_bits.")
        digits.append(y)
        if len(digits) % check_every == 0:
            bits = len(digits) * step_bits
            guess = [_simplest(_combine([int(d[0, seat]) for d in digits], step_bits), bits)
                     for seat in range(chain.players)]
            if guess == previous and _verify(chain, rhs, digits, step_bits, guess):
                return guess
            previous = guess
    raise RuntimeError("the exact solution did not settle.")


def _exact_apply(chain: Chain, x: np.ndarray) -> np.ndarray:
    """``A @ x`` in exact integers, ``A = scale I - scale P``."""
    return x * chain.scale - _multiply(chain, x)


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


def _verify(chain: Chain, rhs: np.ndarray, digits: list[np.ndarray], step_bits: int,
            guess: list[Fraction]) -> bool:
    """Is ``guess`` exact?  A common denominator ``d`` of every position's chances (grown from the
    guess's, by reading off any position that ``d`` does not yet make whole) turns the
    approximations into candidate numerators, accepted only if they solve ``A X = d B`` exactly:
    that check is the proof."""
    bits = len(digits) * step_bits
    total = _combine([d.astype(object) for d in digits], step_bits)
    denominator = math.lcm(*(g.denominator for g in guess))
    tolerance = 1 << (bits - bits // 3)  # a whole number is this close to 0 mod 2**bits
    modulus = 1 << bits
    for _ in range(50):
        stray = next((int(v) for v in total.flat
                      if tolerance < (int(v) * denominator) % modulus < modulus - tolerance), None)
        if stray is None:
            break
        found = _simplest(stray, bits).denominator
        if denominator % found == 0:
            return False  # not enough bits yet to read that position
        denominator = math.lcm(denominator, found)
    else:
        return False
    half = 1 << (bits - 1)
    numerators = (total * denominator + half) >> bits
    if [Fraction(int(v), denominator) for v in numerators[0]] != guess:
        return False
    return bool((_exact_apply(chain, numerators) == rhs.astype(object) * denominator).all())


# --- floats with a bound ---------------------------------------------------------------------------
@dataclass(frozen=True)
class FloatChances:
    chances: list[float]
    error_bound: float  # every chance (and, times the seats, the no-winner chance) is within this
    iterations: int
    expected_rolls_bound: float  # an upper bound on the expected number of rolls of a game
    values: np.ndarray  # every position's chances (row i: chain.states[i]), within the bound too


def float_chances(chain: Chain, tolerance: float = 1e-13, max_iterations: int = 200_000,
                  callback: Callable[[int], None] | None = None) -> FloatChances:
    """Each seat's winning chance as a float, with a rigorous error bound (module docstring)."""
    _check_absorbing(chain)
    probs = chain.weights / chain.scale
    unit = Chain(chain.players, chain.states, chain.starts, chain.targets, probs, 1, chain.seconds)
    b = _right_hand_sides(chain) / chain.scale
    x = b.copy()
    iterations = 0
    while True:
        nxt = b + _multiply(unit, x)
        iterations += 1
        change = float(np.abs(nxt - x).max())
        x = nxt
        if callback is not None:
            callback(iterations)
        if change < tolerance or iterations >= max_iterations:
            break
    residual = float(np.abs(b + _multiply(unit, x) - x).max())
    rolls = _rolls_bound(unit, tolerance)
    # rounding in computing the residual itself: each entry sums at most 36 products
    slack = 64 * np.finfo(float).eps
    return FloatChances([float(v) for v in x[0]], float(rolls.max() * (residual + slack)), iterations,
                        float(rolls[0]), x)


def _rolls_bound(unit: Chain, tolerance: float) -> np.ndarray:
    """A vector ``u`` with ``u >= 1 + P u`` everywhere (checked), so ``u`` bounds the expected number
    of rolls before the game ends and the norm of ``(I - P)^-1`` row by row."""
    t = np.ones(len(unit))
    for _ in range(1_000_000):
        nxt = 1 + _multiply(unit, t)
        done = float(np.abs(nxt - t).max()) < tolerance * float(nxt.max())
        t = nxt
        if done:
            break
    for margin in (1e-6, 1e-4, 1e-2, 1e-1, 1.0):
        u = t * (1 + margin) + margin
        if ((u - _multiply(unit, u)) >= 1 + 1e-9 * u).all():
            return u
    raise RuntimeError("could not bound the expected number of rolls.")


# --- the cache -------------------------------------------------------------------------------------
def table_source(results: list[Any]) -> str:
    """The text of `seat_chances_table` for ``results`` (`analysis.WinChances`, freshly computed)."""
    lines = [
        '"""Cached results of `analysis.exact_win_probabilities` (generated; do not edit by hand).',
        "",
        "Regenerate with ``python -m goose_widgets.games.game_of_the_goose.seat_chances``; a test checks",
        "that the engine still gives the same figures.  Keys are ``(players, exact)``; ``seconds`` is the",
        'time the computation took where it was made (2 cores shared with other work)."""',
        "",
        "from typing import Any",
        "",
        "RESULTS: dict[tuple[int, bool], dict[str, Any]] = {",
    ]
    for r in results:
        wins = [str(w) if r.exact else repr(float(w)) for w in r.wins]
        lines.append(f"    ({r.players}, {r.exact}): {{")
        lines.append("        \"wins\": [")
        for w in wins:
            lines.extend(f"            {chunk}" for chunk in _chunks(w))
        lines.append("        ],")
        lines.append(f"        \"error_bound\": {r.error_bound!r}, \"states\": {r.states}, "
                     f"\"transitions\": {r.transitions},")
        lines.append(f"        \"seconds\": {round(r.seconds, 1)!r},")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _chunks(text: str, width: int = 90) -> list[str]:
    """A long number as adjacent string literals of at most ``width`` characters, then a comma."""
    pieces = [text[i:i + width] for i in range(0, len(text), width)] or [""]
    return [f'"{p}"' for p in pieces[:-1]] + [f'"{pieces[-1]}",']


def main(player_counts: tuple[int, ...] = (2, 3)) -> None:
    """Recompute every cached result (the 2-player one exactly) and rewrite `seat_chances_table`."""
    from pathlib import Path

    from .analysis import exact_win_probabilities

    results = []
    for players in player_counts:
        result = exact_win_probabilities(players, use_cache=False, progress=True)
        print(f"{players} players: {len(str(result.wins[0]))} characters, {result.states} positions, "
              f"{result.seconds:.0f} s", flush=True)
        results.append(result)
    Path(__file__).with_name("seat_chances_table.py").write_text(table_source(results))


if __name__ == "__main__":
    main()
