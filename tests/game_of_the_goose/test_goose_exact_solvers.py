"""The solvers of the exact analysis: exact Fractions, floats with bounds, and the length curve."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest
import scipy.sparse as sp

from goose_widgets.engine.exact import absorbing_values, absorption_times
from goose_widgets.games.game_of_the_goose import analysis
from goose_widgets.games.game_of_the_goose.exact import bounded_chances
from goose_widgets.games.game_of_the_goose.exact import lifting as exact_lifting
from goose_widgets.games.game_of_the_goose.exact.compact_chain import build_chain


@pytest.fixture(scope="module")
def alone():
    return build_chain(1)


@pytest.fixture(scope="module")
def two():
    return build_chain(2)


def exact_values(chain):
    sides = np.hstack([exact_lifting.win_sides(chain), exact_lifting.round_sides(chain)])
    return exact_lifting.solve_exact(chain, sides)


def test_the_exact_solver_finds_the_lone_pawns_chances_by_another_route(alone):
    # the engine's own absorbing_values eliminates over Python states; the lifting solves the
    # compact chain: two routes, one number, for the chance and for the length under the rulebook
    finish, rounds = exact_values(alone)
    assert finish == analysis.chance_to_finish_alone()
    states, edges = analysis.lone_pawn_chain()
    assert rounds == absorbing_values(states, edges)[0]


def test_the_length_curve_of_a_lone_pawn_is_its_exact_distribution(alone):
    curve = bounded_chances.length_curve(alone)
    states, edges = analysis.lone_pawn_chain()
    ended = absorption_times(states, edges, len(curve.over_by_round))
    for r, over in enumerate(curve.over_by_round, start=1):  # over by round r: r - 1 rounds passed
        exact = sum((p for t, p in ended.items() if t <= r - 1), Fraction(0))
        assert abs(over - float(exact)) <= curve.bound + 1e-15
    assert 1 - curve.over_by_round[-1] <= 1e-3 and 0 < curve.decay < 1


def test_the_bounded_solution_holds_the_exact_one(alone, two):
    stored = analysis.exact_win_probabilities(2)
    for chain, truth in ((alone, exact_values(alone)), (two, [*stored.wins, None])):
        solved = bounded_chances.solve(chain)
        assert 0 < solved.error_bound <= 1e-10 and 0 < solved.rounds_bound <= 1e-10
        for guess, exact in zip(solved.wins, truth):
            if exact is not None:
                assert abs(guess - float(exact)) <= solved.error_bound
    rounds = exact_values(alone)[1]
    assert abs(bounded_chances.solve(alone).expected_rounds - float(1 + rounds)) <= 1e-10


def test_a_loose_tolerance_gives_a_larger_honest_bound(alone):
    exact = float(analysis.chance_to_finish_alone())
    tight, loose = bounded_chances.solve(alone), bounded_chances.solve(alone, tolerance=1e-4)
    assert tight.error_bound < loose.error_bound <= 1e-4
    assert abs(loose.wins[0] - exact) <= loose.error_bound


def test_a_wrong_guess_fails_the_exact_check(alone):
    right = analysis.chance_to_finish_alone()
    n = alone.size
    a = (sp.identity(n, dtype=np.int64, format="csr") * 36
         - alone.matrix()[:, :n].astype(np.int64)).tocsr()
    sides = exact_lifting.win_sides(alone)
    digits = [np.zeros((n, 1), dtype=np.int64)]  # an approximation of 0 everywhere
    assert not exact_lifting._verify(a, sides, alone.start, digits, 40,
                                     [right + Fraction(1, right.denominator)])


def test_a_chain_that_can_loop_for_ever_is_refused(alone):
    # every throw from the opening position leads back to it: it can never reach an end
    row = alone.start - int(alone.blocks[0])
    changed = []
    for c, matrix in enumerate(alone.matrices[0]):
        matrix = matrix.tolil()
        matrix.rows[row], matrix.data[row] = ([alone.start], [36.0]) if c == 0 else ([], [])
        changed.append(matrix.tocsr())
    looping = dataclasses.replace(alone, matrices=[changed])
    assert exact_lifting.chain_ends_everywhere(alone)
    assert not exact_lifting.chain_ends_everywhere(looping)
    with pytest.raises(ValueError, match="never reach the end"):
        exact_lifting.solve_exact(looping, exact_lifting.win_sides(looping))
