"""The exact Game of the Goose analysis: time and peak memory of each step, per table size.

A script, not a test (`benchmarks/run.py` calls main()).  Each table size runs in a fresh process,
so its peak memory is its own.  The steps: building the chain from the engine's turn pieces, the
length curve round by round, solving (exact Fractions for 1 and 2 players, floats with bounds for
3 and 4) and, separately, checking a sample of positions against the engine (the stored results are
checked on every position up to 3 players, by the regenerate command).

By default 1, 2 and 3 players (a couple of minutes); four players (about 18 million positions,
minutes and gigabytes) only when asked:

    .venv/bin/python benchmarks/bench_goose_exact.py --players 4
    GOOSE_EXACT_PLAYERS="1 2 3 4" .venv/bin/python benchmarks/run.py goose_exact

The load of the machine is printed beside the figures: other work on a shared machine slows every
step (measure when it is low, and read the CPU seconds too).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from goose_widgets.games.game_of_the_goose.exact import seat_chances

CHECKED = 1000
"""Positions checked against the engine in the benchmark (the regenerate command checks more)."""


def main(players: list[int] | None = None) -> None:
    if players is None:
        players = [int(p) for p in os.environ.get("GOOSE_EXACT_PLAYERS", "1 2 3").split()]
    for n in players:
        with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
            table = pool.submit(seat_chances.compute, n, check=CHECKED).result()
        s = table.seconds
        compute = s["chain"] + s["curve"] + s["solve"]
        bound = "exact" if table.exact else f"bound {table.error_bound:.1e}"
        print(f"   {n} player{'s' if n > 1 else ''}: {table.positions:,} positions; "
              f"{compute:.1f} s (chain {s['chain']:.1f}, curve {s['curve']:.1f}, solve {s['solve']:.1f}; "
              f"{bound}); {table.cpu_seconds:.1f} s CPU with a check of "
              f"{table.checked_positions:,} positions ({s['check']:.1f} s); "
              f"peak memory {table.peak_memory_mb:,.0f} MB; load {table.load}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=None, choices=[1, 2, 3, 4])
    main(parser.parse_args().players)
