"""Determinized Monte Carlo: how an expert bot weighs its moves without seeing hidden cards.

A bot sees only its observation.  To look ahead it deals the cards it has not seen at random,
consistently with what it has seen (a game's ``determinize(observation, rng)``), plays each
candidate move in that imagined position with the engine, and plays the rest out with rollout
bots; averaged over many such deals, the best candidate is the move to make.  Each deal is used
for every candidate, and every candidate's playout is seeded alike (common random numbers), so
the candidates are compared on the same luck and fewer deals tell them apart.

Nothing here knows a game: the game gives the deals, the rollout bots, where a playout may stop
early (``stop``) and what a finished playout is worth to the seat (``value``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from .bots import Bot
from .core import CHANCE, TERMINAL
from .play import playout, sample_outcome_fast

__all__ = ["determinized_values", "best_candidate", "play_until"]


def determinized_values(observation: Any, candidates: Sequence[Any],
                        determinize: Callable[[Any, random.Random], Any],
                        finish: Callable[[Any, random.Random], float], deals: int,
                        rng: random.Random) -> list[list[float]]:
    """The value of each candidate move in each of ``deals`` imagined positions:
    ``values[candidate][deal]``.

    ``determinize(observation, rng)`` makes a state the seat cannot tell from the real one;
    ``finish(state, rng)`` plays a state on (e.g. `playout` or `play_until` with rollout bots)
    and returns its value to the seat.  Every candidate gets the same deals and, within a deal, a
    generator seeded alike (common random numbers), so the values of two candidates in the same
    deal can be compared pair by pair (`best_candidate`).
    """
    values: list[list[float]] = [[] for _ in candidates]
    for _ in range(deals):
        world = determinize(observation, rng)
        seed = rng.getrandbits(64)
        for index, action in enumerate(candidates):
            values[index].append(finish(world.apply(action), random.Random(seed)))
    return values


def best_candidate(values: Sequence[Sequence[float]], default: int | None = None, z: float = 0.0) -> int:
    """The index of the candidate with the best mean value.

    With a ``default`` (the move a simple policy would make), another candidate is chosen only if
    its mean beats the default's by more than ``z`` standard errors of their paired differences:
    a look-ahead with few deals is noisy, and a move it prefers by luck alone should not replace
    a sound one.
    """
    means = [sum(row) / len(row) if row else 0.0 for row in values]
    best = max(range(len(values)), key=means.__getitem__)
    if default is None or best == default or not z:
        return best
    differences = [a - b for a, b in zip(values[best], values[default])]
    n = len(differences)
    if n < 2:
        return default
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return best if mean > z * math.sqrt(variance / n) else default


def play_until(state: Any, bots: Sequence[Bot], rng: random.Random,
               stop: Callable[[Any], bool] | None = None, max_steps: int = 100_000) -> Any:
    """Play ``state`` on with ``bots`` (each seeing only its observation) until the game ends or
    ``stop(state)`` holds at a decision; chance draws from ``rng``, as do the bots.

    `playout` plays to the end; this stops early, e.g. at the end of a round, where a value
    function can take over.  Bots that set ``needs_observation = False`` are given None.
    """
    if stop is None:
        return playout(state, bots, rng, max_steps)
    observe = [getattr(bot, "needs_observation", True) for bot in bots]
    for _ in range(max_steps):
        player = state.current_player
        if player == TERMINAL:
            return state
        if player == CHANCE:
            state = state._advance(sample_outcome_fast(state, rng))
            continue
        if stop(state):
            return state
        legal = state._legal_actions()
        if len(legal) == 1:
            state = state._advance(legal[0])
            continue
        bot = bots[player]
        choice = bot.choose(state.observation(player) if observe[player] else None, list(legal), rng)
        state = state.apply(choice) if not any(choice is a for a in legal) else state._advance(choice)
    raise RuntimeError(f"the game did not end within {max_steps} steps.")
