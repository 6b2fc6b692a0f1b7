"""Playing games out: sampling chance, seeded playouts and `simulate` over many games.

Everything here goes through the public state verbs, so it works for every game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from .bots import Bot, RandomBot
from .core import TERMINAL


def sample_outcome(state: Any, rng: random.Random) -> Any:
    """Pick a chance outcome with its exact probability."""
    outcomes = state.chance_outcomes()
    threshold = Fraction(rng.random())
    total = Fraction(0)
    for outcome, probability in outcomes:
        total += probability
        if threshold < total:
            return outcome
    return outcomes[-1][0]


def sample_outcome_fast(state: Any, rng: random.Random) -> Any:
    """Like `sample_outcome` but with float weights: for hot simulation loops."""
    outcomes = state.chance_outcomes()
    if len(outcomes) == 1:
        return outcomes[0][0]
    # numerator / denominator: float(Fraction) goes through numbers.Rational and is ~20x slower,
    # which was a third of the time of a dice-game simulation.
    weights = [p.numerator / p.denominator if isinstance(p, Fraction) else float(p) for _, p in outcomes]
    return rng.choices([o for o, _ in outcomes], weights=weights)[0]


def step(state: Any, bots: Sequence[Bot], rng: random.Random) -> Any:
    """Advance one step: chance samples, a seat asks its bot (which sees only its observation)."""
    player = state.current_player
    if player == TERMINAL:
        return state
    if state.is_chance_node():
        return state.apply(sample_outcome_fast(state, rng))
    bot = bots[player]
    return state.apply(bot.choose(state.observation(player), state.legal_actions(), rng))


def playout(state: Any, bots: Sequence[Bot] | None = None, rng: random.Random | int | None = None,
            max_steps: int = 100_000) -> Any:
    """Play to the end (every seat random unless ``bots`` are given); returns the final state."""
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    if bots is None:
        bots = [RandomBot()] * state.game.players
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        state = step(state, bots, rng)
    raise RuntimeError(f"the game did not end within {max_steps} steps.")


class Decision(NamedTuple):
    """One bot decision in a played game (see `decisions`)."""

    state: Any          # the state before the move
    seat: int
    observation: Any    # what the bot saw
    action: Any         # what it chose
    seconds: float      # how long its ``choose`` took


def decisions(state: Any, bots: Sequence[Bot], rng: random.Random | int | None = None,
              max_steps: int = 100_000) -> Iterator[Decision]:
    """Play to the end (chance sampled), yielding every decision before it is applied.

    For studies of what bots see and do (calibration, timing) without writing the game loop again.
    """
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    for _ in range(max_steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state = state.apply(sample_outcome_fast(state, rng))
            continue
        seat = state.current_player
        observation, legal = state.observation(seat), state.legal_actions()
        started = time.perf_counter()
        action = bots[seat].choose(observation, legal, rng)
        seconds = time.perf_counter() - started
        yield Decision(state, seat, observation, action, seconds)
        state = state.apply(action)
    raise RuntimeError(f"the game did not end within {max_steps} steps.")


@dataclass
class GameRecord:
    """What one simulated game produced."""

    returns: list[int]
    scores: list[int]
    steps: int


@dataclass
class SimulationResult:
    """Results of many games, ready for a table or a plot."""

    players: int
    bot_names: list[str]
    records: list[GameRecord] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.records)

    def win_counts(self) -> list[int]:
        return [sum(r.returns[i] for r in self.records) for i in range(self.players)]

    def no_winner(self) -> int:
        return sum(1 for r in self.records if not any(r.returns))

    def win_rates(self, z: float = 1.96) -> list[tuple[float, float, float]]:
        """``(rate, low, high)`` per seat: the share of games each seat won, with a Wilson interval."""
        return [wilson(wins, self.games, z) for wins in self.win_counts()]

    def mean_scores(self) -> list[float]:
        return [sum(r.scores[i] for r in self.records) / max(1, self.games)
                for i in range(self.players)]

    def mean_with_ci(self, values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
        return mean_ci(values, z)

    def table(self, digits: int = 3) -> list[dict[str, Any]]:
        """One row per seat: bot, wins, win rate and its 95% interval, mean score."""
        rows = []
        for seat, ((rate, low, high), wins, score) in enumerate(
                zip(self.win_rates(), self.win_counts(), self.mean_scores())):
            rows.append({"seat": seat, "bot": self.bot_names[seat], "wins": wins,
                         "win rate": round(rate, digits), "95% low": round(low, digits),
                         "95% high": round(high, digits), "mean score": round(score, digits)})
        return rows


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    """The rate and Wilson score interval of ``successes`` out of ``trials``."""
    if trials == 0:
        return (0.0, 0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and normal-approximation confidence interval of ``values``."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


def simulate(game: Any, games: int, bots: Sequence[Bot] | None = None, seed: int = 0,
             progress: bool = True, rotate_seats: bool = False,
             on_game: Callable[[Any], None] | None = None) -> SimulationResult:
    """Play ``games`` seeded games and collect their results.

    ``bots`` gives one bot per seat (default: random everywhere).  With ``rotate_seats`` each game
    shifts the bots one seat, so seat advantages cancel out and results are reported per bot list
    position.  ``progress`` shows a tqdm bar (in a notebook, a widget bar).  ``on_game`` receives
    each final state, for statistics beyond the returns.
    """
    players = game.players
    bots = list(bots) if bots is not None else [RandomBot() for _ in range(players)]
    if len(bots) != players:
        raise ValueError(f"simulate needs one bot per seat ({players}), got {len(bots)}.")
    result = SimulationResult(players, [getattr(b, "name", type(b).__name__) for b in bots])
    rng = random.Random(seed)
    iterator: Any = range(games)
    if progress:
        from tqdm.auto import tqdm  # tqdm is headless; its notebook bar is only used in a kernel
        iterator = tqdm(iterator, desc=f"{getattr(game, 'name', 'game')}", leave=False)
    for index in iterator:
        shift = index % players if rotate_seats else 0
        seated = bots[-shift:] + bots[:-shift] if shift else bots
        final = playout(game.new_initial_state(), seated, rng)
        returns, scores = final.returns(), final.scores()
        if shift:  # report by bot, not by seat
            returns = returns[shift:] + returns[:shift]
            scores = scores[shift:] + scores[:shift]
        result.records.append(GameRecord(list(returns), list(scores), len(final.history)))
        if on_game is not None:
            on_game(final)
    return result
