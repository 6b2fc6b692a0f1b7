"""Speed figures of the Game of the Goose (a script, not a test; `benchmarks/run.py` calls main()).

- random-playout games per second at a 4-player table (engine.playout, every bot rolls);
- the time of the exact one-player analysis: the chance of ever reaching 63, and the expectation
  and 100-round distribution of the number of rounds under the ``well_turns=2`` house rule;
- the Python-side time from a click (``table.click("roll")``, with 3 bots replying) to the new
  board SVG, as the median over many clicks (the browser round trip is not included).
"""

from __future__ import annotations

import statistics
import time

from timing import games_per_second

from goose_widgets import load_game, play
from goose_widgets.games.game_of_the_goose import analysis


def exact_analysis_seconds(repeats: int = 3) -> tuple[float, float, float]:
    """Best of ``repeats`` (seconds) for the whole exact one-player analysis, and its results."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        finish = analysis.chance_to_finish_alone()
        rounds = analysis.rounds_alone(well_turns=2, horizon=100)
        best = min(best, time.perf_counter() - started)
    return best, float(finish), float(rounds.expected)


def click_to_board_ms(clicks: int = 300) -> tuple[float, float]:
    """Median and 90th percentile (ms) from table.click("roll") to the new SVG, bots included."""
    table = play("game_of_the_goose", players=["human", "random", "random", "random"], seed=1,
                 bot_delay=0)
    times = []
    for _ in range(clicks):
        if table.state.is_terminal():
            table.new_game()
        before = table.board.svg
        started = time.perf_counter()
        table.click("roll")
        svg = table.board.svg
        times.append(time.perf_counter() - started)
        assert svg != before or table.state.is_terminal()
    times.sort()
    return statistics.median(times) * 1000, times[int(0.9 * len(times))] * 1000


def main() -> None:
    rate, _ = games_per_second(load_game("game_of_the_goose", players=4), seconds=3.0)
    print(f"   random playouts, 4 players: {rate:,.0f} games/s")
    seconds, finish, rounds = exact_analysis_seconds()
    print(f"   exact one-player analysis: {seconds * 1000:.0f} ms "
          f"(P(reach 63) = {finish:.6f}; E[rounds | Well costs 2 turns] = {rounds:.4f})")
    median, p90 = click_to_board_ms()
    print(f"   click 'roll' -> new board SVG (3 bots reply): median {median:.1f} ms, 90th pct {p90:.1f} ms")


if __name__ == "__main__":
    main()
