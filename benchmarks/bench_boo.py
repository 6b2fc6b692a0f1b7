"""BOO speed: random games per second, legal-move generation, each bot's median time per move."""

from __future__ import annotations

import random
import statistics
import time

from timing import games_per_second

from goose_widgets import load_game
from goose_widgets.engine import sample_outcome_fast
from goose_widgets.games.boo.registry import BOTS


def positions(game, count: int, seed: int = 0):
    """Decision states from seeded random games, spread over the game."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(sample_outcome_fast(state, rng))
                continue
            if not state.pending and rng.random() < 0.3:
                found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found[:count]


def main() -> None:
    game = load_game("boo", players=2)
    rate, _ = games_per_second(game, seconds=3.0)
    print(f"   random games: {rate:.1f} per second")

    states = positions(game, 60)
    counts, times = [], []
    for state in states:
        fresh = type(state)(**{f: getattr(state, f) for f in state.__dataclass_fields__
                               if f not in ("history", "events")})  # no cached footprints
        t = time.perf_counter()
        counts.append(len(fresh.legal_actions()))
        times.append(time.perf_counter() - t)
    print(f"   legal placements: median {statistics.median(counts):.0f} per position "
          f"(min {min(counts)}, max {max(counts)}); generation median "
          f"{1e3 * statistics.median(times):.2f} ms, max {1e3 * max(times):.2f} ms")

    rng = random.Random(1)
    for name, factory in BOTS.items():
        bot = factory()
        sample = states[::3] if name == "lookahead" else states
        moves, cpu = [], []
        for state in sample:
            seat = state.current_player
            obs, legal = state.observation(seat), state.legal_actions()
            t, c = time.perf_counter(), time.process_time()
            bot.choose(obs, legal, rng)
            moves.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        # CPU time too: on a shared machine the wall clock also counts other processes
        print(f"   {name:9} bot: median {1e3 * statistics.median(moves):.1f} ms per move, "
              f"max {1e3 * max(moves):.0f} ms (CPU: median {1e3 * statistics.median(cpu):.1f} ms, "
              f"max {1e3 * max(cpu):.0f} ms; {len(moves)} positions)")


if __name__ == "__main__":
    main()
