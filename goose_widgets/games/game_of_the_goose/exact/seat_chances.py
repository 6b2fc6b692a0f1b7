"""Each seat's chance of winning and how long a game lasts, computed from the engine (1 to 4 players).

The exact analysis of the Game of the Goose under the rulebook and rulings G1–G15 (every rule
counts, including the loops of bounces, the Maze, Death and pawns sent back, the Well and the Prison
of G10 and the games that end with no winner, G15), in five steps:

1. `turn_pieces` learns the pieces of a turn from the engine's own ``apply`` (no rule is written
   here or there);
2. `compact_chain` builds the chain of positions at a roll as integer arrays and sparse matrices;
3. `chain_proof` checks the chain against the engine, throw by throw: every position for up to three
   players, a seeded random sample of 20,000 positions for more;
4. the chances and the expected number of rounds: exact Fractions for one and two players
   (`exact_lifting`), floats with rigorous bounds for more (`bounded_chances.solve`);
5. the length curve, the chance that the game is over by each round (`bounded_chances.length_curve`).

`compute` does it all for one table and says how: the method, what was checked, the time of each
step and the peak memory of the process, when, and the machine's load.  `results` stores the
results and reads them back.
"""

from __future__ import annotations

import datetime
import os
import random
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from ..rules import plural
from . import bounded_chances, chain_proof, lifting
from .compact_chain import CompactChain, build_chain

EXACT_UP_TO = 2
"""Tables up to this many players are solved in Fractions; larger ones in floats with bounds."""
CHECK_ALL_UP_TO = 3
"""Tables up to this many players are checked against the engine on every position..."""
CHECK_SAMPLE = 20_000
"""... larger ones on this many positions drawn at random (seeded), and the opening."""


@dataclass(frozen=True)
class TableAnalysis:
    """Everything the exact analysis says about a table of ``players`` under the rulebook.

    ``wins[seat]`` and ``no_winner`` are Fractions when ``exact``, else floats within
    ``error_bound`` (``no_winner`` within ``players * error_bound``).  ``expected_rounds`` (the mean
    length of a game in rounds, missed turns included) is a Fraction when exact, else within
    ``rounds_bound``.  ``over_by_round[r - 1]`` is the chance that the game is over by round ``r``,
    within ``curve_bound`` (rounding only), until the game goes on with chance at most 1/1000;
    ``decay`` is how the chance of going on shrinks per round by then.  ``positions`` and
    ``transitions`` count the chain's positions at a roll and its distinct steps.  ``seconds`` (wall
    clock, by step: chain, check, curve, solve), ``cpu_seconds``, ``peak_memory_mb`` (of the process),
    ``computed`` (UTC) and ``load`` say how and when it was computed.
    """

    players: int
    positions: int
    transitions: int
    wins: tuple[Any, ...]
    no_winner: Any
    exact: bool
    error_bound: float
    expected_rounds: Any
    rounds_bound: float
    over_by_round: tuple[float, ...]
    curve_bound: float
    decay: float
    method: str
    checked_positions: int
    checked_throws: int
    seconds: dict[str, float] = field(default_factory=dict)
    cpu_seconds: float = 0.0
    peak_memory_mb: float = 0.0
    computed: str = ""
    load: str = ""

    @property
    def total_seconds(self) -> float:
        return sum(self.seconds.values())

    def over_by(self, rounds: int) -> float:
        """The chance that the game is over by round ``rounds`` (1 once past the stored curve, within
        its last point's distance from 1)."""
        if rounds < 1:
            return 0.0
        return self.over_by_round[min(rounds, len(self.over_by_round)) - 1]


EXACT_METHOD = ("exact Fractions: the integer system (36 I - W) x = b solved by numeric lifting "
                "(float solves of a sparse LU refine an exact integer residual) and verified exactly "
                "in integers; length curve round by round in floats (rounding bound)")
BOUNDED_METHOD = ("floats with rigorous bounds: BiCGSTAB preconditioned by a Gauss-Seidel sweep over "
                  "the seats; error <= max|residual| x players x (1 + expected rounds); length curve "
                  "round by round (rounding bound)")


def compute(players: int, check: int | None = None, tolerance: float = 1e-10, seed: int = 0,
            log: Callable[[str], None] | None = None) -> TableAnalysis:
    """The exact analysis of a table of ``players`` (module docstring), from scratch.

    ``check``: how many positions to check against the engine (default: all of them up to
    `CHECK_ALL_UP_TO` players, else `CHECK_SAMPLE`); ``tolerance``: the largest error bound wanted
    for floats; ``log``: where to report progress."""
    say = log or (lambda _: None)
    seconds: dict[str, float] = {}
    cpu = time.process_time()
    began = time.perf_counter()
    chain = build_chain(players)
    seconds["chain"] = time.perf_counter() - began
    say(f"{plural(players, 'player')}: {chain.size:,} positions, {chain.transitions:,} transitions "
        f"({seconds['chain']:.1f} s)")
    began = time.perf_counter()
    if check is None:
        check = chain.size if players <= CHECK_ALL_UP_TO else CHECK_SAMPLE
    rows = _rows_to_check(chain, check, seed)
    throws = chain_proof.check_chain(chain, rows)
    seconds["check"] = time.perf_counter() - began
    say(f"  checked against the engine: {throws:,} throws from {len(rows):,} positions "
        f"({seconds['check']:.1f} s)")
    began = time.perf_counter()
    curve = bounded_chances.length_curve(chain)
    seconds["curve"] = time.perf_counter() - began
    say(f"  length curve to round {len(curve.over_by_round)} ({seconds['curve']:.1f} s)")
    began = time.perf_counter()
    exact = players <= EXACT_UP_TO
    wins: tuple[Any, ...]
    no_winner: Any
    rounds: Any
    if exact:
        wins, no_winner, rounds = _exact(chain)
        error_bound = rounds_bound = 0.0
    else:
        solved = bounded_chances.solve(chain, tolerance=tolerance)
        wins, no_winner, rounds = solved.wins, solved.no_winner, solved.expected_rounds
        error_bound, rounds_bound = solved.error_bound, solved.rounds_bound
    seconds["solve"] = time.perf_counter() - began
    say(f"  solved ({seconds['solve']:.1f} s)")
    return TableAnalysis(
        players, chain.size, chain.transitions, wins, no_winner, exact, error_bound, rounds,
        rounds_bound, curve.over_by_round, curve.bound, curve.decay,
        EXACT_METHOD if exact else BOUNDED_METHOD, len(rows), throws,
        {k: round(v, 2) for k, v in seconds.items()}, round(time.process_time() - cpu, 1), peak_memory_mb(),
        datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"), load_text())


def _rows_to_check(chain: CompactChain, sample: int, seed: int) -> list[int]:
    if sample >= chain.size:
        return list(range(chain.size))
    rows = random.Random(seed).sample(range(chain.size), sample)
    return sorted({chain.start, *rows})


def _exact(chain: CompactChain) -> tuple[tuple[Fraction, ...], Fraction, Fraction]:
    sides = np.hstack([lifting.win_sides(chain), lifting.round_sides(chain)])
    values = lifting.solve_exact(chain, sides)
    wins = tuple(values[:chain.players])
    return wins, 1 - sum(wins, Fraction(0)), 1 + values[-1]


def peak_memory_mb() -> float:
    """The peak resident memory of this process so far, in MB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def load_text() -> str:
    """The machine's load averages (1, 5, 15 minutes) and its cores, for the record."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"
