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


def test_s3_a_giver_forgets_the_card_it_gave_away_and_the_receiver_does_not_learn_it():
    state = three(([5, 9, 3, 1], [12, 2, 7, 4], [0, 11, 6, 2]), known={0: [(0, 2), (0, 3), (0, 4)]})
    state = moves(state, "take draw pile", "Magic Goose (12)", "play it", "slam Player 2's card 1",
                  "give Player 1's card 2 to Player 2")
    assert state.grid_values(1)[0] == 9
    assert not any(state.knows(s, 1, 0) for s in range(3))  # "given away" ends the giver's knowledge


def test_s3_a_blind_swap_makes_each_owner_forget_the_card_swapped_away():
    state = three(([5, 9, 3, 1], [12, 2, 7, 4], [0, 11, 6, 2]),
                  known={0: [(0, 2), (0, 3), (0, 4)], 2: [(2, 1), (2, 3), (2, 4)]})
    state = moves(state, "take draw pile", "Trickster Goose (11)", "play it", "pass", "pass", "pass",
                  "choose Player 1's card 2 to swap", "swap it with Player 3's card 1")
    assert state.grid_values(2)[0] == 9 and state.grid_values(0)[1] == 0
    assert not any(state.knows(s, 2, 0) for s in range(3))  # Player 1's 9, swapped away unseen
    assert not any(state.knows(s, 0, 1) for s in range(3))  # Player 3's 0, swapped away unseen
    assert state.observation(0).grids[2][0].card is None and state.observation(2).grids[0][1].card is None


def test_s3_a_magic_goose_swapper_keeps_the_card_it_looked_at_and_took():
    state = three(([5, 9, 3, 1], [12, 2, 7, 4], [0, 11, 6, 2]), known={0: [(0, 2), (0, 3), (0, 4)]})
    state = moves(state, "take draw pile", "Magic Goose (12)", "play it", "pass", "pass", "pass",
                  "look at Player 3's card 1", "done looking", "choose Player 1's card 2 to swap",
                  "swap it with Player 3's card 1")
    assert state.grid_values(0)[1] == 0 and state.knows(0, 0, 1)  # it came into Player 1's own grid
    assert state.grid_values(2)[0] == 9 and not state.knows(0, 2, 0)  # its 9 went away unseen


def test_s6_the_log_says_that_a_matching_slam_opens_a_new_window():
    state = three(([5, 9, 3, 1], [12, 2, 7, 4], [0, 11, 6, 2]))
    own = moves(state, "take draw pile", "Detective Goose (9)", "play it", "slam Player 1's card 2")
    assert own.events[-1] == "A new slam window opens on Detective Goose (9)."
    gift = moves(state, "take draw pile", "Magic Goose (12)", "play it", "slam Player 2's card 1",
                 "give Player 1's card 3 to Player 2")
    assert gift.events[-1] == "A new slam window opens on Magic Goose (12)."
