"""Seat effects, stored (issue 31): complete, the same when played again, and the expert's stored
round-robin split by seat."""

from __future__ import annotations

import pytest

from goose_widgets.engine import round_robin_store, seat_store

GAMES = sorted(game for game in seat_store.SPECS if seat_store.path(game).exists())


@pytest.mark.parametrize("game", GAMES)
def test_the_stored_tables_are_those_of_the_specs(game):
    tables = seat_store.load(game)
    assert [(t.bot, t.players, t.games, dict(t.params)) for t in tables] == [
        (spec["bot"], spec["players"], spec["games"], spec["params"]) for spec in seat_store.SPECS[game]]
    for table in tables:
        shares = table.shares()
        assert abs(sum(shares) - sum(1 for top in table.tops if top)) < 1e-9  # ties split
        assert len(table.rows()) == table.players and str(table).count("\n") == table.players


@pytest.mark.parametrize("game", GAMES)
def test_the_first_games_come_out_the_same_when_played_again(game):
    for index in range(len(seat_store.SPECS[game])):
        stored, again = seat_store.replay(game, index, 2)
        assert again == stored, (game, index)


def test_the_seats_that_move_first_in_boo_to_the_goose_are_measured_behind():
    two, three = seat_store.load("boo_to_the_goose")[:2]
    assert two.rows()[0]["verdict"] == "below" and two.rows()[1]["verdict"] == "above"
    assert three.rows()[0]["verdict"] == "below"
    assert "moves first" in two.rows()[0]["seat"]


@pytest.mark.parametrize("game", sorted(round_robin_store.SPECS))
def test_the_expert_s_stored_rows_split_by_seat_add_up_to_its_rows(game):
    for players, table in round_robin_store.load(game).items():
        rows = seat_store.by_seat(table, round_robin_store.EXPERT)
        for lineup in table.lineups:
            if lineup.seats[0] != round_robin_store.EXPERT:
                continue
            mine = [r for r in rows if r["against"] == lineup.against(0)]
            assert [r["seat"] for r in mine] == list(range(1, players + 1))
            assert sum(r["games"] for r in mine) == lineup.games
            assert abs(sum(r["wins"] for r in mine) - lineup.points[0]) < 0.5
        text = seat_store.by_seat_text(table, round_robin_store.EXPERT)
        assert "by the seat it sat in" in text and len(text.splitlines()) == len(rows) + 2


def test_the_sneaky_goose_dealer_is_measured_ahead_at_three_players():
    three = next(table for table in seat_store.load("sneaky_goose") if table.players == 3)
    rows = three.rows()
    assert "dealer" in rows[-1]["seat"] and rows[-1]["verdict"] == "above"
    assert rows[0]["verdict"] == "below"


def test_boo_s_second_player_white_is_measured_ahead():
    for table in seat_store.load("boo"):
        black, white = table.rows()
        assert "White" in white["seat"] and white["verdict"] == "above" and black["verdict"] == "below"
