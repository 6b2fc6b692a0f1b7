"""One test per sentence of the rulebook (docs/game_of_the_goose.md) that states a rule (each test's
docstring quotes it).  The history and the children's props state none and are left out."""

from __future__ import annotations

import random

from goose_widgets import load_game
from goose_widgets.engine import playout
from goose_widgets.games.game_of_the_goose.exercises import resting_squares
from goose_widgets.games.game_of_the_goose.registry import BOTS
from goose_widgets.games.game_of_the_goose.rules import SQUARES, Dice, journey

from .goose_helpers import game, position, throw


def test_any_number_of_players_but_more_than_six_is_impractical():
    """"Any number of players may participate, however more than six tends to be impractical.\""""
    assert load_game("game_of_the_goose", players=6).players == 6
    try:
        load_game("game_of_the_goose", players=7)
    except ValueError as err:
        assert "from 1 to 6" in str(err)
    else:
        raise AssertionError("seven players were accepted")


def test_strictly_a_game_of_chance():
    """"It is strictly a game of chance and children can compete on an equal basis with adults.\""""
    state = game(players=3).new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            assert [str(a) for a in state.legal_actions()] == ["roll"]  # nothing to decide
            state = state.apply_str("roll")
    assert set(BOTS) >= {"random"}


def test_players_advance_by_rolling_dice_and_moving_that_number_of_spaces():
    """"Players advance by rolling dice and moving their marker that number of spaces.\""""
    assert throw(position(1, positions=(20,)), "1+1").positions == (22,)
    assert throw(position(1, positions=(20,)), "2+3").positions == (25,)


def test_first_to_arrive_on_63_by_exact_count_wins():
    """"First player to arrive at the center, square sixty-three (63), by exact count wins.\""""
    won = throw(position(2, positions=(60, 10)), "1+2")
    assert won.returns() == [1, 0]
    not_exact = throw(position(2, positions=(60, 10)), "2+2")
    assert not not_exact.is_terminal() and not_exact.positions == (62, 10)


def test_a_roll_too_high_moves_forward_to_63_then_backwards():
    """"If the final dice roll is too high, the player must move his piece forward to the last
    square and then backwards until the full count is reached.\""""
    after = throw(position(1, positions=(61,)), "3+3")  # 2 forward to 63, 4 back
    assert after.last_path == (61, 59, 53)  # 59 is a goose: 6 more, still backwards
    assert "61 + 6 overshoots 63: back to 59" in after.events[0]


def test_only_one_player_may_occupy_any_space():
    """"Only one player may occupy any space on the board. If you end your turn on a square
    occupied by an opponent, that player goes back to the square you started your turn from.\""""
    after = throw(position(3, positions=(11, 15, 30)), "2+2")
    assert after.positions == (15, 11, 30)


def test_goose_squares_move_the_roll_again_in_the_current_direction():
    """"Squares five (5), nine (9), ... and fifty-nine (59) have a goose on them. If you land on one
    of these squares, you again move the number of spaces on your die roll, in the direction you
    are currently moving.\""""
    listed = [5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59]
    assert sorted(n for n, s in SQUARES.items() if s.effect == "goose") == listed
    forward = throw(position(1, positions=(20,)), "3+4")  # 27, goose, 34
    assert forward.last_path == (20, 27, 34)
    backward = throw(position(1, positions=(62,)), "2+3")
    assert backward.last_path == (62, 59, 54, 49)


def test_the_sole_exception_is_a_nine_on_the_opening_move():
    """"The sole exception to this rule is a nine on the opening move which would send the player
    straight to the finish. On an initial roll of six and three, the player advances to square
    twenty-six (26). On an initial roll of four and five, the player advances to square
    fifty-three (53).\""""
    legs = journey(0, Dice(6, 3), opening=False)  # without the exception: straight to the finish
    assert legs[-1].end == 63
    assert throw(game().new_initial_state(), "6+3").positions == (26, 0)
    assert throw(game().new_initial_state(), "4+5").positions == (53, 0)


def test_26_and_53_have_no_special_significance_at_any_other_time():
    """"The squares have no special significance at any other time.\""""
    for start, pair, square in ((20, "3+3", 26), (50 - 1, "1+3", 53)):
        after = throw(position(1, positions=(start,)), pair)
        assert after.positions == (square,) and after.owed == (0,) and not after.is_terminal()


def test_a_nine_at_any_other_time_is_played_normally():
    """"A roll of nine at any other time in the game is played normally.\""""
    assert throw(position(1, positions=(10,)), "6+3").positions == (19,)
    assert throw(position(1, positions=(10,)), "4+5").positions == (19,)


def test_the_bridge():
    """"Square six (6) is The Bridge and the player immediately advances to square twelve (12).\""""
    assert throw(position(1, positions=(3,)), "1+2").positions == (12,)


def test_the_maze():
    """"Square forty-two (42) is The Maze and the player is sent back to square thirty (30).\""""
    assert throw(position(1, positions=(40,)), "1+1").positions == (30,)


def test_the_tavern():
    """"Square nineteen (19) is the The Tavern and the player loses two turns.\""""
    state = throw(position(2, positions=(17, 20)), "1+1")
    assert state.owed == (2, 0)
    state = throw(state, "1+1", "1+1", "1+1")  # Player 2 plays three times in a row
    assert state.current_player == 0 and state.positions == (19, 26)


def test_the_well():
    """"Square thirty-one (31) is The Well. A player landing there must remain until another player
    lands on that square. The second player then remains there while the first player returns to
    the square the second player started that turn from.\""""
    state = throw(position(2, positions=(29, 20)), "1+1")
    state = throw(state, "2+3", "1+2")  # Player 2 plays twice in a row: 25, then 28
    assert state.positions == (31, 28) and state.current_player == 1
    freed = throw(position(2, positions=(31, 29), to_move=1), "1+1")
    assert freed.positions == (29, 31)


def test_the_prison_is_played_exactly_the_same_as_the_well():
    """"Square fifty-two (52) is The Prison which is played exactly the same as The Well.\""""
    assert SQUARES[52].effect == SQUARES[31].effect == "hold"
    freed = throw(position(2, positions=(52, 49), to_move=1), "1+2")
    assert freed.positions == (49, 52)


def test_death():
    """"Square fifty-eight (58) is Death and the player starts over.\""""
    after = throw(position(1, positions=(56,)), "1+1")
    assert after.positions == (0,)


def test_adult_coins_on_the_final_square_for_the_six_squares():
    """"Players place a coin on the final square whenever they land on The Bridge, The Tavern, The
    Well, The Maze, The Prison, or Death.\""""
    costly = sorted(n for n, s in SQUARES.items() if s.pays)
    assert costly == [6, 19, 31, 42, 52, 58]
    after = throw(position(2, positions=(56, 1), coins=10), "1+1")
    assert after.kitty == 1 and after.coins == (9, 10)


def test_adult_the_pawn_sent_back_pays():
    """"Whenever a player lands on another player and sends them back, the backwards moving player
    places a coin on the final square.\""""
    after = throw(position(2, positions=(11, 15), coins=10), "2+2")
    assert after.coins == (10, 9) and after.kitty == 1


def test_adult_out_of_money_is_out_of_the_game():
    """"If a player runs out of money, they're out of the game.\" (G13: when they must pay and
    cannot)"""
    state = game(players=3, coins=3).state_at((11, 15, 30), coins=(3, 0, 3))
    after = throw(state, "2+2")
    assert after.out == (False, True, False)
    assert not after.is_terminal()


def test_adult_the_first_to_the_final_square_collects_the_kitty():
    """"First player to reach the final square collects the kitty.\""""
    state = game(players=2, coins=10).state_at((61, 1), coins=(2, 3), kitty=15)
    won = throw(state, "1+1")
    assert won.coins == (17, 3) and won.kitty == 0 and won.returns() == [1, 0]


def test_childrens_variation_plays_as_normally():
    """"Play the game as normally.\" (children's variation; G14: no rule changes)"""
    final = playout(game(players=4).new_initial_state(), rng=2)
    assert final.is_terminal()


def test_no_reachable_position_bounces_below_0():
    """Why G6 is tested on the path function: from every square where a turn can start, no roll
    ever takes a pawn backwards past 0."""
    for square in resting_squares():
        for a in range(1, 7):
            for b in range(1, 7):
                assert not any(leg.floored for leg in journey(square, Dice(a, b), opening=False))
