"""Boo to the Goose: random games per second and each bot's median time per decision.

A script, not a test: ``python benchmarks/bench_boo_to_the_goose.py`` or ``python tasks.py bench``.
"""

from __future__ import annotations

import random
import statistics
import time

from goose_widgets.engine import RandomBot, playout, sample_outcome_fast
from goose_widgets.games.boo_to_the_goose.bots import BOTS
from goose_widgets.games.boo_to_the_goose.rules import Game


def games_per_second(players: int, variation: bool = False, seconds: float = 2.0) -> float:
    game = Game(players=players, variation=variation)
    rng = random.Random(1)
    bots = [RandomBot()] * players
    played, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        playout(game.new_initial_state(), bots, rng)
        played += 1
    return played / (time.perf_counter() - started)


def decision_times(name: str, players: int = 3, games: int = 20) -> list[float]:
    """Seconds per ``choose`` call of bot ``name`` in every seat, over seeded games."""
    rng = random.Random(2)
    bots = [BOTS[name]() for _ in range(players)]
    times: list[float] = []
    for _ in range(games):
        state = Game(players=players).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(sample_outcome_fast(state, rng))
                continue
            seat = state.current_player
            observation, legal = state.observation(seat), state.legal_actions()
            started = time.perf_counter()
            action = bots[seat].choose(observation, legal, rng)
            times.append(time.perf_counter() - started)
            state = state.apply(action)
    return times


def main() -> None:
    for players in (2, 3, 5):
        print(f"random games per second, {players} players: {games_per_second(players):.0f}")
    print(f"random games per second, 3 players, variation: {games_per_second(3, True):.0f}")
    for name in sorted(BOTS):
        times = decision_times(name)
        print(f"bot {name:>9}: median {statistics.median(times) * 1e6:.1f} µs per decision, "
              f"slowest {max(times) * 1e3:.2f} ms ({len(times)} decisions)")


if __name__ == "__main__":
    main()
