"""The expert bots' time per decision: median and 95th percentile, per game and player count.

The expert plays seeded games against the game's best other bot; every call of its ``choose``
where it had a real choice (two legal actions or more) is timed, wall clock and CPU (the CPU
figure moves less when other work shares the machine; the load average is printed beside it).
"""

from __future__ import annotations

import os
import statistics
import time

from goose_widgets import bots_for, load_game
from goose_widgets.engine import decisions

SETTINGS = (  # game, its parameters, the opponent, games
    ("boo_to_the_goose", {"players": 2}, "counting", 20),
    ("boo_to_the_goose", {"players": 3}, "counting", 12),
    ("sneaky_goose", {"players": 2}, "memory", 2),  # full games (5 rounds), as in its evidence
    ("sneaky_goose", {"players": 3}, "memory", 2),
    ("boo", {"players": 2}, "lookahead", 6),  # 6 games: about 80 choices, a steadier median
)


class _Timed:
    """A bot whose ``choose`` calls are timed in CPU seconds (wall time comes from `decisions`)."""

    def __init__(self, bot):
        self.bot, self.name, self.cpu = bot, bot.name, []

    def choose(self, observation, legal_actions, rng):
        started = time.process_time()
        choice = self.bot.choose(observation, legal_actions, rng)
        self.cpu.append((time.process_time() - started, len(legal_actions)))
        return choice


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    print(f"   load average {os.getloadavg()[0]:.2f} (1 min) on {os.cpu_count()} cores")
    for name, params, rival, games in SETTINGS:
        game = load_game(name, **params)
        bots = bots_for(name)
        wall = []
        expert = _Timed(bots["expert"]())
        for number in range(games):
            seated = [expert] + [bots[rival]() for _ in range(game.players - 1)]
            for decision in decisions(game.new_initial_state(), seated, rng=f"bench/{number}"):
                if decision.seat == 0 and len(decision.state.legal_actions()) > 1:
                    wall.append(decision.seconds)
        cpu = [seconds for seconds, choices in expert.cpu if choices > 1]
        shown = ", ".join(f"{k}={v}" for k, v in params.items() if k != "players")
        print(f"   {name}, {game.players} players{', ' + shown if shown else ''} vs {rival}: "
              f"{len(wall)} choices in {games} games; median {1e3 * statistics.median(wall):.2f} ms "
              f"(CPU {1e3 * statistics.median(cpu):.2f} ms), 95th percentile "
              f"{1e3 * percentile(wall, 0.95):.1f} ms (CPU {1e3 * percentile(cpu, 0.95):.1f} ms)")
    print(f"   load average {os.getloadavg()[0]:.2f} (1 min) at the end")


if __name__ == "__main__":
    main()
