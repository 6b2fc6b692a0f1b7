"""Boo to the Goose: random games per second and each bot's median time per decision.

A script, not a test: ``python benchmarks/bench_boo_to_the_goose.py`` or ``python tasks.py bench``.
"""

from __future__ import annotations

import statistics

from timing import decision_times, games_per_second

from goose_widgets.games.boo_to_the_goose.registry import BOTS
from goose_widgets.games.boo_to_the_goose.rules import Game


def main() -> None:
    for players in (2, 3, 5):
        rate, _ = games_per_second(Game(players=players))
        print(f"random games per second, {players} players: {rate:.0f}")
    rate, _ = games_per_second(Game(players=3, variation=True))
    print(f"random games per second, 3 players, variation: {rate:.0f}")
    for name in sorted(set(BOTS) - {"expert"}):  # the expert: bench_experts.py (it searches)
        times = [t for t, _ in decision_times(Game(players=3), BOTS[name], games=20)]
        print(f"bot {name:>9}: median {statistics.median(times) * 1e6:.1f} µs per decision, "
              f"slowest {max(times) * 1e3:.2f} ms ({len(times)} decisions)")


if __name__ == "__main__":
    main()
