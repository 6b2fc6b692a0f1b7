"""`engine.rating`: one Bradley-Terry rating across bots, with intervals, cycles named (issue 31)."""

from __future__ import annotations

import pytest

from goose_widgets.engine.rating import comparisons, rate
from goose_widgets.engine.tournament import RoundRobin, lineup_from_tops


def table(*lineups):
    names = tuple(dict.fromkeys(name for lineup in lineups for name in lineup.seats))
    return RoundRobin("boo_to_the_goose", lineups[0].players, names, list(lineups))


def test_a_tied_win_splits_and_a_game_of_three_weighs_one_game_a_bot():
    pairs = comparisons([lineup_from_tops(("A", "B"), ["0", "01", "1", "0"])])
    assert pairs[("A", "B")] == [2.5, 4.0] and pairs[("B", "A")] == [1.5, 4.0]
    three = comparisons([lineup_from_tops(("A", "B", "B"), ["0", "12"])])
    assert three[("A", "B")] == [1.0, 2.0]  # two pairs a game, each half a game
    assert ("B", "B") not in three


def test_the_stronger_bot_rates_higher_with_intervals_and_equal_bots_alike():
    strong = table(lineup_from_tops(("A", "B"), ["0"] * 70 + ["1"] * 30),
                   lineup_from_tops(("A", "C"), ["0"] * 70 + ["1"] * 30),
                   lineup_from_tops(("B", "C"), ["0"] * 50 + ["1"] * 50))
    rating = rate(strong)
    rows = rating.rows()
    assert [r["bot"] for r in rows][0] == "A"
    assert rows[0]["95% low"] > max(r["95% high"] for r in rows[1:])
    assert abs(rating.points["B"] - rating.points["C"]) < 1
    assert abs(sum(rating.points.values()) / 3 - 1000) < 1e-6
    assert rating.expected("A", "B") == pytest.approx(0.7, abs=0.03)  # the model fits what it saw
    assert rating.cycles() == [] and rating.upsets() == []
    assert "A" in str(rating) and "95% interval" in str(rating) and "<table" in rating._repr_html_()


def test_a_cycle_is_named_explicitly():
    cyclic = table(lineup_from_tops(("fox", "counting"), ["0"] * 80 + ["1"] * 20),
                   lineup_from_tops(("counting", "random"), ["0"] * 80 + ["1"] * 20),
                   lineup_from_tops(("random", "fox"), ["0"] * 70 + ["1"] * 30))
    rating = rate(cyclic)  # (a cycle of equal results would rate all three alike: no order to go against)
    (cycle,) = rating.cycles()
    assert set(cycle) == {"fox", "counting", "random"}
    assert len(rating.upsets()) >= 1  # some clear result must go against any order
    assert "a cycle:" in str(rating)


def test_the_stored_round_robins_rate_the_expert_on_top():
    """On top over all of a game's stored tables; in each table alone, no bot rated clearly above it
    (at two players Boo to the Goose's closest policy, which draws with the expert and beats the
    others more, can edge it)."""
    from goose_widgets.engine import round_robin_store

    for game in round_robin_store.SPECS:
        tables = round_robin_store.load(game)
        assert rate(*tables.values()).rows()[0]["bot"] == "expert", game
        for players, stored in tables.items():
            rows = {row["bot"]: row for row in rate(stored).rows()}
            expert = rows.pop("expert")
            assert all(row["95% low"] <= expert["95% high"] for row in rows.values()), (game, players, rows)
