"""The stored results of the exact analysis (1 to 4 players): consistent, presented, reproducible."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from goose_widgets.engine import wilson
from goose_widgets.games.game_of_the_goose import analysis
from goose_widgets.games.game_of_the_goose.exact import results as exact_results
from goose_widgets.games.game_of_the_goose.exact import seat_chances


@pytest.fixture(scope="module")
def tables():
    return exact_results.load()


def test_every_table_from_one_to_four_players_is_stored(tables):
    assert sorted(tables) == [1, 2, 3, 4]
    assert [tables[n].positions for n in (1, 2, 3)] == [45, 4145, 289_692]
    assert 17_000_000 < tables[4].positions < 19_000_000


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_stored_table_is_consistent(tables, players):
    t = tables[players]
    assert len(t.wins) == players and all(0 < w < 1 for w in t.wins)
    assert list(t.wins) == sorted(t.wins, reverse=True)  # the earlier seat rolls first
    if t.exact:
        assert players <= 2 and t.error_bound == t.rounds_bound == 0
        assert all(isinstance(v, Fraction) for v in (*t.wins, t.no_winner, t.expected_rounds))
        assert sum(t.wins) + t.no_winner == 1
    else:
        assert 0 < t.error_bound <= 1e-9 and 0 < t.rounds_bound <= 1e-9
        assert t.no_winner == 0  # three pawns cannot all be held in two squares (G15)
        assert abs(sum(t.wins) - 1) <= players * t.error_bound
    curve = t.over_by_round
    assert curve[0] == 0 and all(a <= b for a, b in zip(curve, curve[1:])) and curve[-1] >= 0.999
    # the mean length is 1 + the sum of the chances of going on; the curve stops near the end
    head = 1 + sum(1 - p for p in curve)
    assert head - 1e-9 <= float(t.expected_rounds) <= head + 0.05
    assert t.checked_throws == 36 * t.checked_positions > 0
    if players <= seat_chances.CHECK_ALL_UP_TO:
        assert t.checked_positions == t.positions
    assert t.computed and t.load and t.method and t.seconds and t.peak_memory_mb > 0


def test_the_stored_file_reads_back_exactly(tables):
    data = json.loads(exact_results.PATH.read_text())
    assert "regenerate" in data["about"].lower()
    for entry in data["tables"]:
        assert exact_results.to_json(exact_results.from_json(entry)) == entry
    assert "/" in data["tables"][1]["wins"][0]  # two players: fractions in strings


def test_exact_table_has_a_row_per_table_size(tables):
    rows = analysis.exact_table()
    assert [r["players"] for r in rows] == [1, 2, 3, 4]
    assert rows[0]["seat 2"] == "" and rows[3]["seat 4"] == round(float(tables[4].wins[3]), 4)
    assert rows[1]["error at most"] == "exact" and rows[3]["error at most"].endswith(("-10", "-11", "-12"))
    assert rows[2]["mean rounds"] == round(float(tables[3].expected_rounds), 3)
    assert "players" in analysis.text_table(rows)


def test_length_curve_and_its_plot(tables):
    curve = analysis.length_curve(3)
    assert curve[0][0] == 1 and [r for r, _ in curve] == list(range(1, len(curve) + 1))
    assert curve[9][1] == tables[3].over_by(10)
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    sims = analysis.simulate_tables((2,), games=50, seed=2)
    ax = analysis.plot_length_curves((1, 2), sims=sims, rounds=40)
    labels = [line.get_label() for line in ax.get_lines()]
    assert len(labels) == 3 and any("simulated" in label for label in labels)


def test_exact_win_probabilities_reads_the_stored_tables(tables):
    two = analysis.exact_win_probabilities(2)
    assert two.cached and two.exact and two.wins == tables[2].wins and two.states == 4145
    assert [r["outcome"] for r in two.rows()] == ["seat 1", "seat 2", "no winner"]
    four = analysis.exact_win_probabilities(4)
    assert not four.exact and four.error_bound == tables[4].error_bound


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


@pytest.mark.slow
def test_two_and_three_players_recomputed_from_scratch_match_the_stored_file(tables):
    two = seat_chances.compute(2)
    stored = tables[2]
    assert (two.wins, two.no_winner, two.expected_rounds) == (stored.wins, stored.no_winner,
                                                             stored.expected_rounds)
    assert two.over_by_round == pytest.approx(stored.over_by_round, abs=2 * stored.curve_bound)
    three = seat_chances.compute(3, check=3000)
    stored = tables[3]
    slack = three.error_bound + stored.error_bound
    assert all(abs(a - b) <= slack for a, b in zip(three.wins, stored.wins))
    assert abs(three.expected_rounds - stored.expected_rounds) <= three.rounds_bound + stored.rounds_bound
    assert three.over_by_round == pytest.approx(stored.over_by_round, abs=2 * stored.curve_bound)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_exact_chances_lie_in_the_intervals_of_a_simulation(tables, players):
    exact = tables[players]
    sim = analysis.simulate_table(players, 10_000, seed=12)
    slack = players * exact.error_bound
    for won, chance in zip((*sim.wins, sim.no_winner), (*exact.wins, exact.no_winner)):
        _, low, high = wilson(won, sim.games, z=3.29)  # 99.9%: several intervals, one seed
        assert low - slack <= float(chance) <= high + slack
    # and the length: the share of simulated games over by round 10, 20 and 40
    for r in (10, 20, 40):
        _, low, high = wilson(sum(1 for n in sim.lengths if n <= r), sim.games, z=3.29)
        assert low <= exact.over_by(r) <= high


def test_the_docs_show_the_stored_figures():
    docs = (exact_results.PATH.parents[4] / "docs" / "game_of_the_goose.md").read_text()
    assert analysis.markdown_table(analysis.exact_table(digits=6)) in docs
    four = exact_results.load()[4]
    assert f"{four.positions:,}" in docs and "these figures are new" in docs.lower()
