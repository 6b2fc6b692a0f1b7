"""Sneaky Goose studies that play the game's own bots against each other (headless).

- `honk_study`: a memory bot with different honk thresholds against standard memory bots;
- `memory_study`: forgetful bots against memory bots: what memory is worth.

They are apart from `analysis`, which imports no bot, so that a capstone's sandbox (which is
without the game's bots) still offers the learner every probability tool.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ...engine.play import effective_workers
from .analysis import BotScore, round_scores
from .bots import ForgetfulBot, MemoryBot

if TYPE_CHECKING:  # a process pool is imported when a study asks for one
    from concurrent.futures import Executor

__all__ = ["honk_study", "memory_study"]


def honk_study(thresholds: Sequence[float], games: int, players: int = 2, seed: int = 0,
               progress: bool = False, workers: int | None = None) -> list[tuple[float, BotScore]]:
    """For each threshold, a memory bot that honks at that estimate plays standard memory bots;
    returns its mean round score (one-round games)."""
    results = []
    with _pool(workers) as executor:
        for threshold in thresholds:
            trial = MemoryBot(honk_at=threshold)
            trial.name = f"honk at {threshold:g}"
            scores = round_scores([trial] + [MemoryBot() for _ in range(players - 1)], games, seed=seed,
                                  progress=progress, workers=workers, executor=executor)
            results.append((threshold, scores[0]))
    return results


@contextmanager
def _pool(workers: int | None) -> Iterator[Executor | None]:
    """One pool of ``workers`` processes for all the simulations of a study (None: in this process),
    so that processes start once and keep their game's tables warm from one simulation to the next."""
    workers = effective_workers(workers)
    if workers is None or workers == 1:
        yield None
        return
    from ...engine.play import process_pool

    with process_pool(workers) as pool:
        yield pool


def memory_study(forgets: Sequence[float], games: int, players: int = 2, seed: int = 0,
                 progress: bool = False, workers: int | None = None
                 ) -> list[tuple[float, BotScore, BotScore]]:
    """For each forgetting rate, a forgetful bot plays memory bots; returns (rate, its score, the
    memory bots' score) in one-round games."""
    results = []
    with _pool(workers) as executor:
        for forget in forgets:
            scores = round_scores([ForgetfulBot(forget)] + [MemoryBot() for _ in range(players - 1)],
                                  games, seed=seed, progress=progress, workers=workers, executor=executor)
            results.append((forget, scores[0], scores[1]))
    return results
