"""One test (or more) per ruling G1–G15 of docs/game_of_the_goose.md, plus this module's
own rulings (G4a, G13a, G13b and the ``well_turns`` house rule)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from goose_widgets import CHANCE, TERMINAL
from goose_widgets.games.game_of_the_goose.examples import SCENARIOS
from goose_widgets.games.game_of_the_goose.rules import (
    FINISH,
    GEESE,
    SQUARES,
    Dice,
    journey,
)

from .goose_helpers import game, position, throw


def scenario_final(name):
    return SCENARIOS[name].final()


# G1 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_g1_one_to_six_players(players):
    state = game(players=players).new_initial_state()
    assert state.positions == (0,) * players and len(state.returns()) == players


@pytest.mark.parametrize("players, error", [(0, ValueError), (7, ValueError), (2.0, TypeError),
                                            (True, TypeError), ("2", TypeError)])
def test_g1_other_player_counts_are_refused_with_a_clear_message(players, error):
    with pytest.raises(error, match="players must be"):
        game(players=players)


def test_g1_one_player_is_allowed_for_solitaire_play():
    state = throw(game(players=1).new_initial_state(), "1+1", "1+1")
    assert state.current_player == 0 and state.positions == (4,) and state.round_number == 3


# G2 -------------------------------------------------------------------------------------------
def test_g2_two_dice_are_36_ordered_pairs_of_probability_1_36():
    rolling = game().new_initial_state().apply_str("roll")
    outcomes = rolling.chance_outcomes()
    assert rolling.current_player == CHANCE
    assert len(outcomes) == 36 and {p for _, p in outcomes} == {Fraction(1, 36)}
    assert sum(p for _, p in outcomes) == 1
    names = [str(o) for o, _ in outcomes]
    assert len(set(names)) == 36 and "6+3" in names and "3+6" in names


def test_g2_the_move_is_the_sum_of_the_dice():
    for pair, square in (("1+2", 3), ("2+1", 3), ("6+1", 7), ("6+6", 12)):
        assert throw(position(1, positions=(0,), opened=(True,)), pair).positions == (square,)


# G3 -------------------------------------------------------------------------------------------
def test_g3_every_pawn_starts_on_0_which_holds_any_number_of_pawns():
    state = position(3, positions=(55, 0, 0), opened=(True, True, True))
    after = throw(state, "1+2")  # 58 is Death: back to 0, where two pawns already stand
    assert after.positions == (0, 0, 0)
    assert "goes back" not in after.events[0]


# G4 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("pair, square", [("6+3", 26), ("3+6", 26), ("4+5", 53), ("5+4", 53)])
def test_g4_opening_nine_goes_straight_to_26_or_53(pair, square):
    after = throw(game(players=2).new_initial_state(), pair)
    assert after.positions == (square, 0)
    assert after.events[0] == f"Player 1 rolled {pair} on the opening roll: straight to {square}."


def test_g4_only_the_very_first_roll_is_an_opening_roll():
    state = throw(game(players=1).new_initial_state(), "1+2", "6+3")
    assert state.positions == (12,)  # 3 + 9 = 12, not 26


def test_g4_after_death_the_next_roll_is_not_an_opening_roll():
    state = throw(position(1, positions=(55,)), "1+2")
    assert state.positions == (0,) and state.opened == (True,)
    won = throw(state, "4+5")  # 9 from 0, a goose, then goose after goose to 63
    assert won.winner == 0 and won.positions == (63,)


def test_g4_nothing_else_happens_on_26_or_53():
    for pair in ("6+3", "4+5"):
        after = throw(game(players=1).new_initial_state(), pair)
        assert after.owed == (0,) and after.current_player == 0 and after.last_path == (0, after.positions[0])


def test_g4a_an_opening_roll_onto_an_occupied_square_sends_that_pawn_back():
    after = throw(game(players=2).new_initial_state(), "6+3", "3+6")
    assert after.positions == (0, 26)
    assert "Player 1 was on 26 and goes back to 0" in after.events[0]


# G5 -------------------------------------------------------------------------------------------
def test_g5_overshoot_walks_back_the_remaining_points():
    assert throw(position(1, positions=(60,)), "3+3").positions == (60,)  # 63 then back 3
    assert throw(position(1, positions=(61,)), "1+2").positions == (62,)


def test_g5_after_an_overshoot_the_direction_stays_backwards_for_the_turn():
    after = throw(position(1, positions=(62,)), "2+3")
    assert after.positions == (49,)
    assert after.last_path == (62, 59, 54, 49)


# G6 -------------------------------------------------------------------------------------------
def test_g6_a_backwards_move_stops_at_0():
    # No reachable position bounces below 0 (checked in test_goose_rules_text), so the path
    # function is tested directly: from 58 a 9 bounces to 59 and geese carry it down past 0.
    legs = journey(58, Dice(4, 5), opening=False)
    assert [leg.end for leg in legs] == [59, 50, 41, 32, 23, 14, 5, 0]
    assert legs[-1].floored and all(leg.backwards for leg in legs)


# G7 -------------------------------------------------------------------------------------------
def test_g7_the_geese_are_the_thirteen_squares_of_the_rulebook():
    assert GEESE == (5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59)


@pytest.mark.parametrize("goose", [5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54])
def test_g7_landing_on_a_goose_moves_the_roll_again(goose):
    start = goose - 4
    while start in SQUARES and SQUARES[start].effect in ("goose", "jump", "hold"):
        start -= 1
    roll = goose - start
    after = throw(position(1, positions=(start,)), f"{roll - 1}+1" if roll > 6 else f"1+{roll - 1}")
    assert after.last_path[:3] == (start, goose, min(goose + roll, 2 * FINISH - goose - roll))


def test_g7_geese_chain_and_may_overshoot_and_bounce():
    chain = throw(position(1, positions=(10,)), "1+3")
    assert chain.last_path == (10, 14, 18, 22)
    bounce = throw(position(1, positions=(51,)), "4+4")  # 59 (goose) + 8 = 67: back to 59, goose, 51
    assert bounce.last_path == (51, 59, 59, 51)


# G8 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("start, pair, path", [
    ((2,), "1+3", (2, 6, 12)),          # the Bridge
    ((37,), "2+3", (37, 42, 30)),       # the Maze
    ((55,), "1+2", (55, 58, 0)),        # Death
])
def test_g8_jumps_forwards(start, pair, path):
    assert throw(position(1, positions=start), pair).last_path == path


def test_g8_jumps_also_work_backwards():
    death = throw(position(1, positions=(60,)), "4+4")  # 68: back to 58, Death
    assert death.last_path == (60, 58, 0)
    maze = throw(position(1, positions=(60,)), "6+6")  # back to 54, goose: 12 back to 42, the Maze
    assert maze.last_path == (60, 54, 42, 30)


def test_g8_the_square_jumped_to_is_resolved_like_any_landing():
    after = throw(position(2, positions=(2, 12)), "1+3")  # Bridge to 12, where Player 2 stands
    assert after.positions == (12, 2)


# G9 -------------------------------------------------------------------------------------------
def test_g9_the_tavern_costs_the_next_two_turns():
    state = throw(position(2, positions=(15, 8)), "1+3")
    assert state.owed == (2, 0) and state.current_player == 1
    state = throw(state, "1+1")
    assert state.current_player == 1 and state.owed == (1, 0)
    assert state.events[-1] == "Player 1 misses a turn (1 more to miss)."
    state = throw(state, "1+2")
    assert state.current_player == 1 and state.owed == (0, 0)
    assert state.events[-1] == "Player 1 misses a turn (the last one)."
    state = throw(state, "2+2")
    assert state.current_player == 0


def test_g9_alone_in_the_tavern_the_rounds_still_pass():
    state = throw(position(1, positions=(15,)), "1+3")
    assert state.round_number == 4 and state.current_player == 0 and state.owed == (0,)


# G10 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("hold, start", [(31, 25), (52, 46)])
def test_g10_the_well_and_the_prison_hold_a_pawn_until_another_lands_there(hold, start):
    state = throw(position(2, positions=(hold - 6, 10)), "3+3")
    assert state.positions == (hold, 10) and state.current_player == 1
    for pair in ("1+2", "2+2"):
        state = throw(state, pair)
        assert state.current_player == 1 and state.positions[0] == hold
        assert "waits in" in state.events[-1]
    state = position(2, positions=(hold, start), to_move=1)
    freed = throw(state, "3+3")
    assert freed.positions == (start, hold)
    assert freed.current_player == 0


def test_g10_the_earlier_pawn_goes_to_the_square_the_newcomer_started_from():
    # the newcomer may arrive backwards, from 62: the prisoner then goes forward to 62
    state = position(2, positions=(52, 62), to_move=1)
    after = throw(state, "6+6")  # 62 + 12: to 63 and back 11 to 52
    assert after.positions == (62, 52)


# G11 ------------------------------------------------------------------------------------------
def test_g11_a_pawn_where_a_turn_ends_goes_to_the_movers_starting_square():
    after = throw(position(2, positions=(20, 24)), "1+3")
    assert after.positions == (24, 20)
    assert after.events[0] == "Player 1 rolled 1+3: from 20 to 24; Player 2 was on 24 and goes back to 20."


def test_g11_only_the_square_where_the_turn_ends_counts():
    # Player 2 stands on 10; Player 1 passes 10 on the way (7 + 7 = 14, a goose, then 21)
    after = throw(position(2, positions=(7, 10)), "3+4")
    assert after.positions == (21, 10)
    # and the end of a chain counts although the pawn got there from a goose
    after = throw(position(2, positions=(7, 21)), "3+4")
    assert after.positions == (21, 7)


def test_g11_the_pawn_sent_back_triggers_nothing_and_still_owes_its_turns():
    state = position(2, positions=(19, 22), owed=(0, 1))
    after = throw(state, "1+2")  # Player 2 is sent to 19, the Tavern, and owes only its 1 turn
    assert after.positions == (22, 19) and after.owed == (0, 0)
    assert after.current_player == 0 and after.events[-1] == "Player 2 misses a turn (the last one)."


def test_g11_a_pawn_sent_back_to_a_jump_square_is_impossible_because_no_turn_starts_there():
    with pytest.raises(ValueError, match="no pawn ever ends a turn on 6"):
        position(2, positions=(6, 10))


@pytest.mark.parametrize("kwargs, message", [
    ({"positions": (3, 3)}, "only one pawn"), ({"positions": (3,)}, "2 squares"),
    ({"positions": (63, 0)}, "from 0 to 62"), ({"positions": (3, 4), "owed": (1,)}, "one entry per player"),
    ({"positions": (31, 4)}, "must wait"), ({"positions": (19, 4), "owed": (1, 0)}, "must wait")])
def test_constructed_positions_are_checked(kwargs, message):
    with pytest.raises(ValueError, match=message):
        position(2, **kwargs)


# G12 ------------------------------------------------------------------------------------------
def test_g12_the_first_pawn_to_end_exactly_on_63_wins_and_the_game_ends_at_once():
    state = position(3, positions=(57, 30, 40))
    won = throw(state, "3+3")
    assert won.is_terminal() and won.current_player == TERMINAL
    assert won.returns() == [1, 0, 0] and won.scores() == [63, 30, 40]
    assert won.events[-1] == "Player 1 reaches 63 and wins!"
    assert won.legal_actions() == [] and won.chance_outcomes() == []


def test_g12_a_goose_chain_may_end_exactly_on_63():
    won = throw(position(1, positions=(55,)), "1+3")  # 59, a goose, + 4 = 63
    assert won.winner == 0 and won.last_path == (55, 59, 63)


# G13 ------------------------------------------------------------------------------------------
def test_g13_off_by_default_and_ten_coins_when_asked():
    assert game().new_initial_state().coins == ()
    state = game(players=3, coins=10).new_initial_state()
    assert state.coins == (10, 10, 10) and state.kitty == 0 and state.scores() == [10, 10, 10]


@pytest.mark.parametrize("start, pair, name", [
    (2, "1+3", "the Bridge"), (15, "1+3", "the Tavern"), (25, "3+3", "the Well"),
    (37, "2+3", "the Maze"), (46, "3+3", "the Prison"), (55, "1+2", "Death")])
def test_g13_landing_on_a_costly_square_puts_a_coin_in_the_kitty(start, pair, name):
    after = throw(position(2, positions=(start, 1), coins=10), pair)
    assert after.coins == (9, 10) and after.kitty == 1
    assert f"pays a coin for {name} (9 left, kitty 1)" in after.events[0]


def test_g13_a_goose_or_a_plain_square_costs_nothing():
    after = throw(position(2, positions=(7, 1), coins=10), "3+4")
    assert after.coins == (10, 10) and after.kitty == 0


def test_g13_the_pawn_sent_back_pays_a_coin():
    after = throw(position(2, positions=(20, 24), coins=10), "1+3")
    assert after.coins == (10, 9) and after.kitty == 1


def test_g13a_a_pawn_freed_from_the_well_also_pays_as_sent_back():
    after = throw(position(2, positions=(31, 25), to_move=1, coins=10), "3+3")
    assert after.coins == (9, 9) and after.kitty == 2


def test_g13_a_player_who_must_pay_with_no_coin_left_is_out():
    state = game(players=3, coins=10).state_at((2, 10, 20), coins=(0, 5, 5))
    after = throw(state, "1+3")  # the Bridge costs a coin Player 1 does not have
    assert after.out == (True, False, False) and after.positions[0] == 0
    assert "Player 1 is out" in after.events[0]
    assert after.current_player == 1
    after = throw(after, "1+1", "1+1")  # the seat of the player who is out is skipped
    assert after.current_player == 1


def test_g13b_a_newcomer_who_cannot_pay_for_the_well_frees_nobody():
    state = game(players=3, coins=10).state_at((31, 25, 4), to_move=1, coins=(3, 0, 3))
    after = throw(state, "3+3")
    assert after.out == (False, True, False) and after.positions[0] == 31


def test_g13_the_winner_takes_the_kitty():
    state = game(players=2, coins=10).state_at((57, 10), coins=(4, 5), kitty=7)
    won = throw(state, "3+3")
    assert won.winner == 0 and won.coins == (11, 5) and won.kitty == 0
    assert won.scores() == [11, 5]


def test_g13_if_only_one_player_is_left_that_player_wins():
    final = scenario_final("kitty")
    assert final.winner == 1 and final.out == (True, False) and final.returns() == [0, 1]


def test_g13b_alone_and_out_the_game_ends_with_no_winner():
    state = game(players=1, coins=1).state_at((2,), coins=(0,))
    after = throw(state, "1+3")
    assert after.is_terminal() and after.returns() == [0] and after.winner is None


# G14 ------------------------------------------------------------------------------------------
def test_g14_the_childrens_variation_changes_no_rule():
    from goose_widgets.games.game_of_the_goose.rules import Game

    assert [f for f in Game.__dataclass_fields__ if "child" in f] == []
    # its 64 sheets are the squares 0..63: start, end, and one sheet per special picture
    pictures = sorted(s.picture for s in SQUARES.values() if s.picture != "goose")
    assert pictures == ["bridge", "death", "dice", "dice", "maze", "prison", "tavern", "well"]
    assert len(range(0, FINISH + 1)) == 64


# G15 ------------------------------------------------------------------------------------------
def test_g15_one_player_trapped_alone_ends_the_game_with_no_winner():
    after = throw(position(1, positions=(25,)), "3+3")
    assert after.is_terminal() and after.returns() == [0] and after.winner is None
    assert "nobody can ever move again" in after.events[-1]


def test_g15_two_players_in_the_well_and_the_prison_end_the_game_with_no_winner():
    final = scenario_final("no winner")
    assert final.is_terminal() and final.returns() == [0, 0] and final.positions == (31, 52)


def test_g15_does_not_apply_while_another_pawn_can_still_move():
    after = throw(position(3, positions=(31, 46, 10), to_move=1), "3+3")
    assert not after.is_terminal() and after.current_player == 2


# house rule -----------------------------------------------------------------------------------
def test_house_rule_well_turns_makes_the_well_cost_missed_turns_instead_of_holding():
    state = throw(position(1, positions=(25,), well_turns=2), "3+3")
    assert not state.is_terminal() and state.owed == (0,) and state.round_number == 4
    assert "misses the next 2 turns there (house rule)" in state.events[0]
    two = throw(position(2, positions=(25, 10), well_turns=1), "3+3")
    assert two.owed == (1, 0) and two.current_player == 1
    assert not two.observation(0).held[0]


@pytest.mark.parametrize("params, error", [({"coins": 0}, ValueError), ({"coins": "10"}, TypeError),
                                           ({"well_turns": -1}, ValueError),
                                           ({"well_turns": 1.5}, TypeError)])
def test_bad_variation_parameters_are_refused(params, error):
    with pytest.raises(error):
        game(players=2, **params)
