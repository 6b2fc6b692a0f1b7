"""Sneaky Goose: random games per second and each bot's median time per decision.

A script, not a test: ``python benchmarks/bench_sneaky_goose.py`` or ``python tasks.py bench``.
Full games: five rounds.  Decision times include only ``bot.choose`` (the observation is built
before the clock starts), over every kind of decision, forced ones included.
"""

from __future__ import annotations

import statistics

from timing import decision_times, games_per_second

from goose_widgets.games.sneaky_goose.registry import BOTS
from goose_widgets.games.sneaky_goose.rules import Game


def main() -> None:
    for players in (2, 4, 6):
        rate, steps = games_per_second(Game(players=players))
        print(f"random games per second, {players} players, 5 rounds: {rate:.1f} ({steps:.0f} steps a game)")
    for name in sorted(set(BOTS) - {"expert"}):  # the expert: bench_experts.py (it searches)
        measured = decision_times(Game(players=3), BOTS[name])
        times = [t for t, _ in measured]
        choices = [t for t, legal in measured if legal > 1]
        print(f"bot {name:>9}: median {statistics.median(times) * 1e6:.1f} µs per decision "
              f"({statistics.median(choices) * 1e6:.1f} µs with a real choice), "
              f"95th percentile {statistics.quantiles(times, n=20)[-1] * 1e6:.1f} µs, "
              f"slowest {max(times) * 1e3:.2f} ms ({len(times)} decisions)")


if __name__ == "__main__":
    main()
