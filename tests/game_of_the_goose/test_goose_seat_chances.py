"""Each seat's chance of winning, from the engine's chain of joint positions (seat_chances)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest

from goose_widgets.engine import wilson
from goose_widgets.games.game_of_the_goose import analysis, seat_chances, seat_chances_table
from goose_widgets.games.game_of_the_goose.rules import State


@pytest.fixture(scope="module")
def alone() -> seat_chances.Chain:
    return seat_chances.build_chain(1)


def test_the_exact_solver_finds_the_lone_pawns_chance_by_another_route(alone):
    # absorbing_values eliminates in integers; seat_chances lifts float solves: two routes, one number
    assert seat_chances.exact_chances(alone) == [analysis.chance_to_finish_alone()]
    assert len(alone) == 45 and alone.scale == 36


def test_the_float_solution_is_within_its_bound(alone):
    exact = float(analysis.chance_to_finish_alone())
    solved = seat_chances.float_chances(alone)
    assert 0 < solved.error_bound < 1e-9
    assert abs(solved.chances[0] - exact) <= solved.error_bound
    # a loose tolerance gives a larger, still honest, bound
    rough = seat_chances.float_chances(alone, tolerance=1e-4)
    assert solved.error_bound < rough.error_bound and abs(rough.chances[0] - exact) <= rough.error_bound


def test_a_wrong_guess_fails_the_exact_check(alone):
    rhs = seat_chances._right_hand_sides(alone)
    right = analysis.chance_to_finish_alone()
    digits = [np.zeros((len(alone), 1), dtype=np.int64)]  # an approximation of 0 everywhere
    assert not seat_chances._verify(alone, rhs, digits, 40, [right + Fraction(1, right.denominator)])


def test_a_chain_that_can_loop_for_ever_is_refused():
    looping = dataclasses.replace(
        seat_chances.build_chain(1), states=[None, None, None], starts=np.array([0, 2, 3, 4]),
        targets=np.array([1, -1, 2, 1]), weights=np.array([1, 1, 1, 1]), scale=2)
    with pytest.raises(ValueError, match="never reach the end"):
        seat_chances.exact_chances(looping)


def test_cached_results_are_consistent():
    for (players, exact), _ in seat_chances_table.RESULTS.items():
        result = analysis.exact_win_probabilities(players, exact=exact)
        assert result.cached and len(result.wins) == players and result.states > 0
        assert sum(result.wins) + result.no_winner == 1
        assert all(0 < w < 1 for w in result.wins) and result.no_winner >= -result.error_bound
        assert list(result.wins) == sorted(result.wins, reverse=True)  # the earlier seat rolls first
        if exact:
            assert all(isinstance(w, Fraction) for w in result.wins) and result.error_bound == 0
        else:
            assert 0 < result.error_bound < 1e-6
    assert (2, True) in seat_chances_table.RESULTS and (3, False) in seat_chances_table.RESULTS
    rows = analysis.exact_win_probabilities(2).rows()
    assert [r["outcome"] for r in rows] == ["seat 1", "seat 2", "no winner"]


def _mirror(state: State) -> State:
    """The same position with the two seats' pawns exchanged (2 players)."""
    return dataclasses.replace(state, positions=state.positions[::-1], to_move=1 - state.to_move,
                               owed=state.owed[::-1], opened=state.opened[::-1], out=state.out[::-1])


@pytest.mark.slow
def test_two_players_exact_from_the_engine_matches_the_cache_floats_and_symmetry():
    chain = seat_chances.build_chain(2)
    exact = seat_chances.exact_chances(chain)
    assert tuple(exact) == analysis.exact_win_probabilities(2).wins
    solved = seat_chances.float_chances(chain)
    assert all(abs(f - float(e)) <= solved.error_bound for f, e in zip(solved.chances, exact))
    index = {s: i for i, s in enumerate(chain.states)}
    mirrored = 0
    for i, state in enumerate(chain.states[1:], start=1):
        j = index.get(_mirror(state))
        if j is not None:  # seat 1's chance here is seat 2's in the mirrored position
            assert solved.values[i, 0] == pytest.approx(solved.values[j, 1], abs=2 * solved.error_bound)
            mirrored += 1
    assert mirrored > 0.9 * len(chain)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_the_exact_chances_lie_in_the_intervals_of_a_simulation(players):
    exact = analysis.exact_win_probabilities(players)
    sim = analysis.simulate_table(players, 10_000, seed=12)
    slack = exact.players * exact.error_bound
    for won, chance in zip((*sim.wins, sim.no_winner), (*exact.wins, exact.no_winner)):
        _, low, high = wilson(won, sim.games, z=3.29)  # 99.9%: four intervals, one seed
        assert low - slack <= float(chance) <= high + slack


def test_exact_beside_simulation_lines_up_each_outcome():
    exact = analysis.WinChances(2, (Fraction(2, 5), Fraction(2, 5)), Fraction(1, 5), True, 0.0, 1, 1, 0.0)
    sim = analysis.TableSimulation(2, 1000, (395, 420), 185, (1,) * 1000)
    rows = analysis.exact_beside_simulation(exact, sim)
    assert [r["outcome"] for r in rows] == ["seat 1", "seat 2", "no winner"]
    assert [r["exact"] for r in rows] == [0.4, 0.4, 0.2] and rows[1]["simulated"] == 0.42
    assert [r["inside"] for r in rows] == [True, True, True]
    far = analysis.TableSimulation(2, 1000, (300, 500), 200, (1,) * 1000)
    assert [r["inside"] for r in analysis.exact_beside_simulation(exact, far)] == [False, False, True]
    with pytest.raises(ValueError, match="the simulation for 3"):
        analysis.exact_beside_simulation(exact, analysis.TableSimulation(3, 1, (1, 0, 0), 0, (1,)))
