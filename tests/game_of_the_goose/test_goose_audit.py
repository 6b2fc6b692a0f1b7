"""Findings of the second-pair-of-eyes audit: what a learner reads in the log and on the board."""

from __future__ import annotations

import re

import pytest

from goose_widgets import play
from goose_widgets.games.game_of_the_goose.widget import centre, render, trail_squares

from .goose_helpers import game, position, throw


def board_texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_g11_a_pawn_bumped_forward_is_not_said_to_go_back():
    # 61 + 10: to 63 and back 8 to 55, where Player 2 stands; Player 2 moves FORWARD to 61
    after = throw(position(2, positions=(61, 55)), "4+6")
    assert after.positions == (55, 61)
    line = after.events[0]
    assert "goes back to 61" not in line
    assert "Player 2 was on 55 and goes to 61, where Player 1 started" in line


def test_g10_a_prisoner_freed_forward_is_told_where_it_goes():
    # G10 from 62: the newcomer bounces into the Prison; the prisoner goes forward to 62
    after = throw(position(2, positions=(52, 62), to_move=1), "6+6")
    assert after.positions == (62, 52)
    assert "Player 1 is freed and goes to 62, Player 2 takes their place" in after.events[0]


def test_the_board_names_seats_as_the_table_does():
    state = throw(position(3, positions=(10, 20, 31)), "1+2")
    svg = render(state.observation(1), state.legal_actions(), seat_names=("Matt", "Emma", "Tom"))
    texts = board_texts(svg)
    assert "Round 1: Emma to roll" in texts
    assert "Matt rolled 1+2" in texts
    assert any(t.startswith("Tom on 31, held in the Well") for t in texts)
    assert not any("Player" in t for t in texts)
    # without names the engine's own names are used
    assert "Round 1: Player 2 to roll" in board_texts(render(state.observation(1), []))


def test_a_table_with_names_shows_the_same_names_on_the_board_and_in_the_log():
    table = play("game_of_the_goose", players=["human", "random"], seed=3, seat_names=["Matt", "Emma"])
    table.click("roll")
    svg = table.board.svg
    assert "Player 1" not in svg and "Player 2" not in svg
    assert "Matt" in svg and all("Player" not in line for line in table.log)


@pytest.mark.parametrize("params, kwargs, error, message", [
    ({}, {"owed": (0, -3)}, ValueError, r"owed\[1\] must be from 0 to 2"),
    ({}, {"owed": (3, 0)}, ValueError, r"owed\[0\] must be from 0 to 2"),
    ({"well_turns": 4}, {"owed": (5, 0)}, ValueError, r"owed\[0\] must be from 0 to 4"),
    ({"coins": 3}, {"coins": (-1, 2)}, ValueError, r"coins\[0\] must be from 0"),
    ({"coins": 3}, {"kitty": -4}, ValueError, "kitty must be from 0"),
    ({}, {"owed": (0, "1")}, TypeError, r"owed\[1\] must be a whole number"),
])
def test_constructed_positions_refuse_impossible_counts(params, kwargs, error, message):
    with pytest.raises(error, match=message):
        game(players=2, **params).state_at((10, 20), **kwargs)


def test_constructed_positions_accept_the_largest_counts():
    assert game(players=2, well_turns=4).state_at((10, 31), owed=(0, 4)).owed == (0, 4)
    assert game(players=2, coins=3).state_at((10, 20), coins=(0, 7), kitty=5).kitty == 5


@pytest.mark.parametrize("start, pair, trail", [
    ((55,), "5+6", [55, 63, 60]),                 # a plain bounce
    ((51,), "4+4", [51, 59, 63, 59, 51]),         # a goose walks past 63 and back
    ((62,), "2+3", [62, 63, 59, 54, 49]),         # a bounce, then geese backwards
    ((60,), "4+4", [60, 63, 58, 0]),              # a bounce onto Death: the jump is no bounce
    ((60,), "6+6", [60, 63, 54, 42, 30]),         # a bounce, a goose, the Maze
    ((10,), "1+3", [10, 14, 18, 22]),             # no overshoot: the engine's path as it is
    ((2,), "1+3", [2, 6, 12]),
])
def test_g5_the_trail_of_a_bounce_goes_through_63(start, pair, trail):
    state = throw(position(1, positions=start), pair)
    assert trail_squares(state.observation(0)) == trail
    assert state.last_path == tuple(s for s in trail if s != 63)


def test_the_trail_is_drawn_through_63():
    state = throw(position(1, positions=(55,)), "5+6")
    svg = render(state.observation(0), [])
    line = re.search(r'<g class="gw-trail"[^>]*><polyline points="([^"]+)"', svg).group(1)
    # square by square along the spiral (issue 19.9), up to 63 and back down to 60
    walk = [*range(55, 64), 62, 61, 60]
    assert line.split() == ["{:.1f},{:.1f}".format(*centre(square, 0)) for square in walk]


def test_g13_a_mover_who_cannot_pay_is_named_in_the_log():
    after = throw(game(players=2, coins=3).state_at((15, 4), coins=(0, 3)), "2+2")
    assert after.events[0] == ("Player 1 rolled 2+2: from 15 to 19; 19 is the Tavern; Player 1 must "
                               "pay a coin for the Tavern but has none left: Player 1 is out.")


def test_a_constructed_position_is_not_saved_as_a_different_game():
    # a save replays its history from the opening position: state_at's pawns would be lost
    played_on = throw(position(2, positions=(10, 20)), "1+1")
    with pytest.raises(ValueError, match="built with Game.state_at"):
        played_on.to_json()
    from_start = throw(game(players=2).new_initial_state(), "1+1")
    assert game(players=2).from_json(from_start.to_json()) == from_start
    assert position(2, positions=(10, 20)) == game(players=2).state_at((10, 20))


def test_g13a_a_pawn_bumped_forward_pays_as_sent_back():
    after = throw(game(players=2, coins=3).state_at((61, 55)), "4+6")
    assert after.positions == (55, 61) and after.coins == (3, 2) and after.kitty == 1
    assert "goes to 61, where Player 1 started; Player 2 pays a coin for being sent back" in after.events[0]
