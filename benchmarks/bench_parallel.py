"""Speed of `simulate` across processes (a script, not a test; `benchmarks/run.py` calls main()).

For each game, the same seeded simulation with ``workers=1`` (in this process) and ``workers=2``
(two processes), best of two runs each: wall-clock seconds and their ratio (goal on 2 free cores:
below 0.7), and the CPU seconds used by all processes, which show the cost of spreading the games
(process start-up, pickling).  On a busy machine the wall-clock ratio only shows how much CPU the
scheduler gave us, so the load average is printed too.  The results are identical whatever the
workers (tests/engine/test_parallel_simulate.py checks it).
"""

from __future__ import annotations

import os
import resource
import time
from typing import Any

from goose_widgets import load_game
from goose_widgets.engine import simulate

# each about 1.5 s of games in one process on this machine (as the games got faster, each plays more
# of them: with too short a run the two processes' start-up is a large part of it)
TABLES = [("game_of_the_goose", {"players": 4}, 4000), ("boo_to_the_goose", {"players": 3}, 1200),
          ("sneaky_goose", {"players": 4}, 400), ("boo", {}, 400)]


def _cpu() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def seconds(game: Any, games: int, workers: int, repeats: int = 2) -> tuple[float, float]:
    """Best of ``repeats``: wall-clock and CPU seconds of one simulation (start-up included)."""
    best = (float("inf"), float("inf"))
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), _cpu()
        simulate(game, games, seed=1, progress=False, workers=workers)
        best = min(best, (time.perf_counter() - wall, _cpu() - cpu))
    return best


def main() -> None:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"   {os.cpu_count()} cores, load average {load}; best of 2 "
          "(goal: workers=2 below 0.7 x the wall-clock time of workers=1)")
    for name, params, games in TABLES:
        game = load_game(name, **params)
        (one, one_cpu), (two, two_cpu) = seconds(game, games, 1), seconds(game, games, 2)
        print(f"   {name} ({games} games): workers=1 {one:.2f} s ({one_cpu:.2f} s CPU), "
              f"workers=2 {two:.2f} s ({two_cpu:.2f} s CPU), wall-clock ratio {two / one:.2f}")


if __name__ == "__main__":
    main()
