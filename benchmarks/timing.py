"""Measurements shared by the benchmark scripts: playouts per second and bots' decision times.

Both go through the public engine verbs, so every game is measured the same way.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from goose_widgets.engine import RandomBot, decisions, playout


def games_per_second(game: Any, seconds: float = 2.0, seed: int = 1, min_games: int = 5
                     ) -> tuple[float, float]:
    """Random-bot games per second at ``game``'s table, and the mean number of steps a game."""
    rng = random.Random(seed)
    bots = [RandomBot()] * game.players
    played, steps, started = 0, 0, time.perf_counter()
    while time.perf_counter() - started < seconds or played < min_games:
        steps += playout(game.new_initial_state(), bots, rng).history_length
        played += 1
    return played / (time.perf_counter() - started), steps / played


def decision_times(game: Any, make_bot: Callable[[], Any], games: int = 10, seed: int = 2
                   ) -> list[tuple[float, int]]:
    """``(seconds, number of legal actions)`` of every ``choose`` call, the bot in every seat.

    Only ``choose`` is timed: the observation and legal actions are built before the clock starts.
    """
    bots = [make_bot() for _ in range(game.players)]
    rng = random.Random(seed)
    times: list[tuple[float, int]] = []
    for _ in range(games):
        for decision in decisions(game.new_initial_state(), bots, rng):
            times.append((decision.seconds, len(decision.state.legal_actions())))
    return times
