"""The exact tools added to engine/exact.py, and the Goose analysis built on them."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from goose_widgets.engine import solve_linear
from goose_widgets.engine.exact import (
    _solve_integer,
    absorbing_values,
    absorption_times,
    markov_chain,
    transitions,
)
from goose_widgets.games.game_of_the_goose import analysis
from goose_widgets.games.game_of_the_goose.rules import Game, State


def gamblers_ruin(n):
    """A fair coin walk on 0..n, absorbed at both ends; every step costs 1."""
    edges = {i: [(i - 1, Fraction(1, 2), 1), (i + 1, Fraction(1, 2), 1)] for i in range(1, n)}
    return list(range(n + 1)), edges


def test_absorbing_values_match_the_gamblers_ruin_formulas():
    states, edges = gamblers_ruin(6)
    win = absorbing_values(states, {i: [(j, p) for j, p, _ in e] for i, e in edges.items()},
                           value=lambda s: s == 6)
    assert win == [Fraction(k, 6) for k in range(7)]
    duration = absorbing_values(states, edges)
    assert duration == [k * (6 - k) for k in range(7)]


def test_absorbing_values_fold_certain_steps_and_count_their_cost():
    # 0 -> 1 for certain (cost 2), then 1 is a fair coin between 2 (absorbing) and 0 (cost 1)
    edges = {0: [(1, Fraction(1), 2)], 1: [(2, Fraction(1, 2), 0), (0, Fraction(1, 2), 1)]}
    values = absorbing_values([0, 1, 2], edges)
    # E1 = 1/2 * (1 + E0), E0 = 2 + E1  =>  E1 = 3, E0 = 5
    assert values == [5, 3, 0]


def test_absorbing_values_refuse_a_chain_that_is_never_absorbed():
    edges = {0: [(1, Fraction(1), 1)], 1: [(2, Fraction(1, 2), 1), (3, Fraction(1, 2), 1)],
             2: [(1, Fraction(1), 1)], 3: [(1, Fraction(1), 1)]}
    with pytest.raises(ValueError, match="never absorbed"):
        absorbing_values([0, 1, 2, 3], edges)


def test_absorption_times_of_the_gamblers_ruin():
    states, edges = gamblers_ruin(4)
    times = absorption_times(states, edges, 6, start=2)
    assert times == {0: 0, 1: 0, 2: Fraction(1, 2), 3: 0, 4: Fraction(1, 4), 5: 0, 6: Fraction(1, 8)}
    assert absorption_times(states, edges, 3, start=0) == {0: 1, 1: 0, 2: 0, 3: 0}


def test_absorption_times_need_a_clock():
    edges = {0: [(1, Fraction(1, 2), 0), (2, Fraction(1, 2), 1)],
             1: [(0, Fraction(1, 2), 1), (2, Fraction(1, 2), 1)]}
    with pytest.raises(ValueError, match="at least 1"):
        absorption_times([0, 1, 2], edges, 3)


def test_the_integer_solver_agrees_with_solve_linear():
    rng = random.Random(4)
    for size in range(1, 9):
        for _ in range(10):
            matrix = [[Fraction(rng.randint(-6, 6), rng.randint(1, 5)) for _ in range(size)]
                      for _ in range(size)]
            rhs = [Fraction(rng.randint(-6, 6), rng.randint(1, 4)) for _ in range(size)]
            try:
                expected = solve_linear(matrix, rhs)
            except ValueError:
                with pytest.raises(ValueError):
                    _solve_integer(matrix, rhs)
                continue
            assert _solve_integer(matrix, rhs) == expected


def test_chance_to_finish_alone_agrees_with_value_iteration_on_the_engine_chain():
    exact = analysis.chance_to_finish_alone()
    assert isinstance(exact, Fraction) and 0 < exact < 1
    states, edges = markov_chain(Game(players=1).new_initial_state(), key=State.without_clock)
    value = [float(s.winner == 0) for s in states]
    for _ in range(1500):  # floats, no linear algebra: an independent route to the same number
        value = [sum(float(p) * value[j] for j, p in edges[i]) if i in edges else value[i]
                 for i in range(len(states))]
    assert value[0] == pytest.approx(float(exact), rel=1e-6)


def test_rounds_alone_distribution_matches_forward_stepping():
    result = analysis.rounds_alone(well_turns=2, horizon=7)
    frontier = {Game(players=1, well_turns=2).new_initial_state(): Fraction(1)}
    by_round = {}
    while frontier:
        following = {}
        for state, p in frontier.items():
            if state.is_terminal():
                by_round[state.round_number] = by_round.get(state.round_number, 0) + p
            elif state.round_number <= 7:
                for nxt, q in transitions(state):
                    key = nxt.without_display()
                    following[key] = following.get(key, 0) + p * q
        frontier = following
    assert {r: p for r, p in result.distribution.items() if p} == {
        r: p for r, p in by_round.items() if r <= 7}
    assert result.later == 1 - sum(result.distribution.values())


def test_expected_rounds_alone_agrees_with_a_long_distribution():
    result = analysis.rounds_alone(well_turns=2, horizon=400)
    mean_of_listed = sum(r * p for r, p in result.distribution.items())
    assert result.later < Fraction(1, 10**6)
    assert float(result.expected) == pytest.approx(float(mean_of_listed), rel=1e-4)
    assert result.median() == 22 and result.cumulative(22) >= Fraction(1, 2) > result.cumulative(21)


def test_longer_waits_in_the_well_make_the_game_longer():
    expected = [analysis.rounds_alone(k, horizon=1).expected for k in (0, 1, 2, 3)]
    assert expected == sorted(expected) and len(set(expected)) == 4


def test_landing_chance_counts_every_path_once():
    assert analysis.landing_chance(58, 2) == Fraction(2, 36) * Fraction(4, 36)
    assert analysis.landing_chance(26, 1) == Fraction(2, 36)
    assert analysis.landing_chance(12, 1) == Fraction(6, 36)  # a total of 6 (the Bridge) and of 12
    assert analysis.landing_chance(6, 1) == Fraction(5, 36)  # landing on the Bridge itself counts


def test_first_roll_squares_sum_to_one_and_include_the_opening_squares():
    squares = analysis.first_roll_squares()
    assert sum(squares.values()) == 1
    assert squares[26] == squares[53] == Fraction(1, 18)
    assert 5 not in squares and 9 not in squares and 6 not in squares  # nobody stops there


def test_simulated_tables_have_intervals_around_their_estimates():
    sims = analysis.simulate_tables((2, 3), games=60, seed=1)
    assert [s.players for s in sims] == [2, 3]
    for sim in sims:
        assert sum(sim.wins) + sim.no_winner == sim.games == len(sim.lengths)
        for rate, low, high in sim.win_rates():
            assert low <= rate <= high
    rows = analysis.seat_rows(sims)
    assert [row["seat"] for row in rows] == [1, 2, 3] and list(rows[0]) == ["seat", "2 players", "3 players"]
    rate, low, high = sims[0].win_rates()[1]
    assert rows[1]["2 players"] == f"{rate:.3f} ({low:.3f}–{high:.3f})" and rows[2]["2 players"] == ""
    summary = analysis.summary_rows(sims)
    assert summary[1]["fair share"] == round(1 / 3, 3) and summary[0]["mean rounds"] > 0


def test_simulation_is_seeded():
    one = analysis.simulate_table(2, 30, seed=5)
    two = analysis.simulate_table(2, 30, seed=5)
    assert one == two


def test_convergence_approaches_the_exact_answer():
    exact, points = analysis.convergence((10, 100, 400), seed=0)
    assert exact == analysis.chance_to_finish_alone()
    assert [p.games for p in points] == [10, 100, 400]
    widths = [p.high - p.low for p in points]
    assert widths == sorted(widths, reverse=True)
    assert points[-1].low <= float(exact) <= points[-1].high


def test_the_chain_merges_positions_that_differ_only_in_the_clock():
    states, edges = analysis.lone_pawn_chain(2)
    keys = {s.without_clock() for s in states}
    assert len(keys) == len(states) and all(isinstance(s, State) for s in states)


def test_text_table_aligns_columns():
    text = analysis.text_table([{"players": 2, "rate": 0.5}, {"players": 10, "rate": 0.25}])
    assert text.splitlines() == ["players  rate", "-------  ----", "      2   0.5", "     10  0.25"]
    assert analysis.text_table([]) == ""
    ragged = analysis.text_table([{"a": 1}, {"a": 2, "b": 3}]).splitlines()
    assert ragged[0] == "a  b" and ragged[2] == "1" and ragged[3] == "2  3"
