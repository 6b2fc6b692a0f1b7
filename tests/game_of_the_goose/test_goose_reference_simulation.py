"""The benchmark's straight-line Goose (benchmarks/reference_goose.py) plays the engine's game.

The benchmark compares the engine's speed with that simulation, so it must measure the same game:
the mean number of rolls, the first seat's winning chance and (alone) the chance of never reaching
63 agree with the engine's within their confidence intervals.
"""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

from goose_widgets import load_game
from goose_widgets.engine import simulate
from goose_widgets.games.game_of_the_goose import analysis

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "reference_goose.py"
_SPEC = importlib.util.spec_from_file_location("reference_goose", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
reference = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(reference)


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


def _agree(a: tuple[float, float], b: tuple[float, float], z: float = 4.0) -> bool:
    """Two estimates (mean, standard error) agree within ``z`` standard errors of their difference."""
    return abs(a[0] - b[0]) <= z * math.hypot(a[1], b[1])


@pytest.mark.parametrize(("players", "engine_games"), [(1, 1500), (4, 2500)])
def test_reference_simulation_matches_the_engine(players: int, engine_games: int) -> None:
    engine = simulate(load_game("game_of_the_goose", players=players), engine_games, seed=7,
                      progress=False)
    straight = reference.simulate(players, 20_000, seed=7)

    engine_rolls = _mean_se([record.steps / 2 for record in engine.records])  # roll + dice per turn
    straight_rolls = _mean_se([float(rolls) for _, rolls in straight])
    assert _agree(engine_rolls, straight_rolls), (engine_rolls, straight_rolls)

    engine_first = _mean_se([float(record.returns[0]) for record in engine.records])
    straight_first = _mean_se([float(winner == 0) for winner, _ in straight])
    assert _agree(engine_first, straight_first), (engine_first, straight_first)


def test_reference_simulation_alone_reaches_63_as_often_as_the_exact_answer() -> None:
    """G15 alone: held in the Well or the Prison ends the game; the engine's exact chance of ever
    reaching 63 is the yardstick."""
    straight = reference.simulate(1, 20_000, seed=3)
    winners = _mean_se([float(winner == 0) for winner, _ in straight])
    assert _agree(winners, (float(analysis.chance_to_finish_alone()), 0.0))


def test_reference_simulation_is_seeded() -> None:
    assert reference.simulate(3, 50, seed=5) == reference.simulate(3, 50, seed=5)
    assert reference.simulate(3, 50, seed=5) != reference.simulate(3, 50, seed=6)
