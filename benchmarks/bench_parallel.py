"""Speed of `simulate` across processes (a script, not a test; `benchmarks/run.py` calls main()).

For each game, the same seeded simulation with ``workers=1`` (in this process) and ``workers=2``
(two processes), best of two runs each, and the ratio (goal on 2 cores: below 0.7).  The results
are identical whatever the workers (tests/engine/test_parallel_simulate.py checks it).
"""

from __future__ import annotations

import os
import time
from typing import Any

from goose_widgets import load_game
from goose_widgets.engine import simulate

TABLES = [("game_of_the_goose", {"players": 4}, 4000), ("boo_to_the_goose", {"players": 3}, 600),
          ("sneaky_goose", {"players": 4}, 200), ("boo", {}, 120)]


def seconds(game: Any, games: int, workers: int, repeats: int = 2) -> float:
    """Best of ``repeats`` wall-clock seconds of one simulation (process start-up included)."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        simulate(game, games, seed=1, progress=False, workers=workers)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    print(f"   {os.cpu_count()} cores; seconds for one simulation, best of 2 "
          "(goal: workers=2 below 0.7 x workers=1)")
    for name, params, games in TABLES:
        game = load_game(name, **params)
        one, two = seconds(game, games, 1), seconds(game, games, 2)
        print(f"   {name} ({games} games): workers=1 {one:.2f} s, workers=2 {two:.2f} s, "
              f"ratio {two / one:.2f}")


if __name__ == "__main__":
    main()
