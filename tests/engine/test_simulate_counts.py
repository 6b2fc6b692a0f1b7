"""`simulate` says whether it counts by seat or by bot, warns about alike bots in fixed seats, and
splits a tied win among those on top (issue 31)."""

from __future__ import annotations

from goose_widgets.engine import RandomBot, load_game, simulate
from goose_widgets.engine.play import GameRecord, SimulationResult
from goose_widgets.games.boo_to_the_goose.bots import CautiousBot, CountingBot


def test_unrotated_alike_bots_are_counted_by_seat_with_a_warning():
    game = load_game("boo_to_the_goose", players=3)
    fixed = simulate(game, 6, [CountingBot(), CountingBot(), CountingBot()], seed=1, progress=False)
    assert fixed.counted_by == "seat" and "differ by seat, not by bot" in fixed.warning
    assert [row["seat"] for row in fixed.table()] == [0, 1, 2]
    text = str(fixed)
    assert "counted by seat" in text and "note: the bots are alike" in text and "seat 1 (counting)" in text
    rotated = simulate(game, 6, [CountingBot(), CountingBot(), CountingBot()], seed=1, progress=False,
                       rotate_seats=True)
    assert rotated.counted_by == "bot" and rotated.warning == "" and "counted by bot" in str(rotated)
    assert [row["bot number"] for row in rotated.table()] == [0, 1, 2]
    assert "bot number 1 (counting)" in str(rotated)
    mixed = simulate(game, 3, [CountingBot(), CautiousBot(), RandomBot()], seed=1, progress=False)
    assert mixed.counted_by == "seat" and mixed.warning == ""


def test_a_tied_win_is_split_and_the_shares_add_up():
    result = SimulationResult(3, ["a", "b", "c"], [GameRecord([1, 1, 0], [5, 5, 2], 9),
                                                   GameRecord([1, 1, 1], [3, 3, 3], 9),
                                                   GameRecord([0, 0, 1], [1, 1, 4], 9)])
    assert result.win_counts() == [2, 2, 2]  # won or shared
    shares = result.win_shares()
    assert abs(sum(shares) - 3) < 1e-12 and abs(shares[0] - (1 / 2 + 1 / 3)) < 1e-12
    assert result.shared_counts() == [2, 2, 1]
    assert abs(result.win_rates()[2][0] - (1 + 1 / 3) / 3) < 1e-12
    row = result.table()[0]
    assert row["wins"] == round(1 / 2 + 1 / 3, 3) and row["shared"] == 2
