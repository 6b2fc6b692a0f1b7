"""Sneaky Goose: random games per second and each bot's median time per decision.

A script, not a test: ``python benchmarks/bench_sneaky_goose.py`` or ``python tasks.py bench``.
Full games: five rounds.  Decision times include only ``bot.choose`` (the observation is built
before the clock starts), over every kind of decision, forced ones included.
"""

from __future__ import annotations

import random
import statistics
import time

from goose_widgets.engine import RandomBot, playout, sample_outcome_fast
from goose_widgets.games.sneaky_goose.bots import BOTS
from goose_widgets.games.sneaky_goose.rules import Game


def games_per_second(players: int, seconds: float = 2.0) -> tuple[float, float]:
    """Random five-round games per second, and the mean number of steps per game."""
    game = Game(players=players)
    rng = random.Random(1)
    bots = [RandomBot()] * players
    played, steps, started = 0, 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        steps += len(playout(game.new_initial_state(), bots, rng).history)
        played += 1
    return played / (time.perf_counter() - started), steps / played


def decision_times(name: str, players: int = 3, games: int = 10) -> tuple[list[float], list[float]]:
    """Seconds per ``choose`` call of bot ``name`` in every seat, over seeded games: all calls, and
    the calls with more than one legal action."""
    rng = random.Random(2)
    bots = [BOTS[name]() for _ in range(players)]
    times: list[float] = []
    choices: list[float] = []
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
            if len(legal) > 1:
                choices.append(times[-1])
            state = state.apply(action)
    return times, choices


def main() -> None:
    for players in (2, 4, 6):
        rate, steps = games_per_second(players)
        print(f"random games per second, {players} players, 5 rounds: {rate:.1f} ({steps:.0f} steps a game)")
    for name in sorted(BOTS):
        times, choices = decision_times(name)
        print(f"bot {name:>9}: median {statistics.median(times) * 1e6:.1f} µs per decision "
              f"({statistics.median(choices) * 1e6:.1f} µs with a real choice), "
              f"95th percentile {statistics.quantiles(times, n=20)[-1] * 1e6:.1f} µs, "
              f"slowest {max(times) * 1e3:.2f} ms ({len(times)} decisions)")


if __name__ == "__main__":
    main()
