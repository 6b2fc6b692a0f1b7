"""Rulings the second review found broken (each test failed before its fix)."""

from __future__ import annotations

from goose_widgets.games.sneaky_goose.rules import Game, State, arrange

from .sneaky_helpers import moves


def three(grids, top=10, **options) -> State:
    return arrange(Game(players=3), grids, top, **options)


def test_s6_a_matching_slam_on_anothers_card_opens_a_fresh_window_after_the_gift():
    state = three(([5, 9, 3, 1], [12, 2, 7, 4], [12, 11, 6, 2]))
    state = moves(state, "take draw pile", "Magic Goose (12)", "play it", "slam Player 2's card 1",
                  "give Player 1's card 3 to Player 2")
    # the slammed Magic Goose landed: a new window, from the player whose turn it is, slammer included
    assert state.phase == "slam window" and state.queue == (0, 1, 2) and state.slammed == ()
    assert state.landings == 2
    state = moves(state, "slam Player 3's card 1", "give Player 1's card 4 to Player 3")
    assert state.grid_values(0) == [5, 9] and state.grid_values(2) == [1, 11, 6, 2]


def test_s6_a_matching_slam_on_your_own_card_opens_a_fresh_window():
    state = three(([5, 9, 3, 1], [12, 2, 7, 4], [0, 11, 6, 2]))
    state = moves(state, "take draw pile", "Detective Goose (9)", "play it", "pass",
                  "slam Player 3's card 2")  # Player 2 guesses wrong and draws a penalty card
    state = moves(state, "Silly Goose (1)", "pass", "slam Player 1's card 2")  # Player 1 finds its 9
    assert state.grid_values(0) == [5, None, 3, 1]
    assert state.phase == "slam window" and state.queue == (0, 1, 2) and state.slammed == ()
    order = []
    while state.phase == "slam window":
        order.append(state.current_player)
        state = moves(state, "pass")
    assert order == [0, 1, 2] and state.phase == "action"  # then the Detective Goose's look
