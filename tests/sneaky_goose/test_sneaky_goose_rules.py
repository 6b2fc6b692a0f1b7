"""Every ruling of docs/sneaky_goose.md (S1-S12), the deck table and saves."""

from __future__ import annotations

import json
import random

import pytest

from goose_widgets import IllegalActionError, InvalidSaveError, load_game, state_from_json
from goose_widgets.engine import CHANCE, TERMINAL, playout
from goose_widgets.games.sneaky_goose.bots import MemoryBot
from goose_widgets.games.sneaky_goose.deck import DECK, LOOK_OWN, CardType
from goose_widgets.games.sneaky_goose.rules import Action, Game, State, arrange

from .sneaky_helpers import moves

TABLE = ([5, 9, 3, 1], [12, 2, 7, 4], [0, 11, 6, 2])


def table(**options) -> State:
    """Three players, Player 1 to play, the play pile's top a Swapping Goose (10)."""
    return arrange(Game(players=3), options.pop("grids", TABLE), options.pop("top", 10), **options)


def dealt(players: int = 3, seed: int = 0) -> State:
    """A fresh deal (chance sampled with ``seed``) up to the first peek."""
    rng = random.Random(seed)
    state = Game(players=players).new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state = state.apply(rng.choice(outcomes)[0])
    return state


# --- the deck table ----------------------------------------------------------------------------
def test_the_deck_has_54_cards_and_matches_are_by_goose_type():
    game = Game()
    assert game.size == 54 == sum(t.copies for t in DECK)
    assert [t.value for t in DECK if t.name == "Sneaky Goose"] == [-1, 13]
    assert sorted(t.value for t in DECK) == list(range(-1, 14))


def test_another_edition_can_be_passed_and_survives_a_save():
    edition = (CardType("Tiny Goose", 1, 20), CardType("Big Goose", 9, 20, LOOK_OWN))
    game = load_game("sneaky_goose", players=3, rounds=1, deck=edition)
    final = playout(game.new_initial_state(), [MemoryBot()] * 3, rng=3)
    assert final.card_counts() == (20, 20)
    again = state_from_json(final.to_json())
    assert again == final and again.game.deck == edition
    assert json.loads(final.to_json())["params"]["deck"][1] == ["Big Goose", 9, 20, LOOK_OWN]


@pytest.mark.parametrize("deck, error, words", [
    ([("Goose", 1, 3)], ValueError, "at least"),
    ([("Goose", 1, 30, "fly away")], ValueError, "unknown action"),
    ([("Goose", 1, 20), ("Goose", 1, 20)], ValueError, "same name and value"),
    ([("Goose", 1, 0), ("Gander", 2, 30)], ValueError, "copies"),
    ([("Goose", "one", 30)], TypeError, "whole number"),
    ("Goose", TypeError, "sequence"),
])
def test_a_bad_deck_table_is_refused_clearly(deck, error, words):
    with pytest.raises(error, match=words):
        Game(players=2, deck=deck)


@pytest.mark.parametrize("params, error", [
    ({"players": 1}, ValueError), ({"players": 7}, ValueError), ({"players": "2"}, TypeError),
    ({"rounds": 0}, ValueError), ({"rounds": 2.5}, TypeError)])
def test_parameters_are_validated(params, error):
    with pytest.raises(error):
        load_game("sneaky_goose", **params)


# --- S1: players, rounds, the dealer ---------------------------------------------------------
def test_s1_the_last_seat_deals_first_and_the_dealer_moves_each_round():
    game = Game(players=3, rounds=3)
    state = game.new_initial_state()
    assert state.dealer == 2
    rng = random.Random(1)
    dealers, first_players = [], []
    bots = [MemoryBot()] * 3
    while not state.is_terminal():
        if state.phase == "turn start" and state.turn_number == 1:
            dealers.append(state.dealer)
            first_players.append(state.turn)
        state = state.apply(rng.choice(state.chance_outcomes())[0]) if state.is_chance_node() else \
            state.apply(bots[state.current_player].choose(
                state.observation(state.current_player), state.legal_actions(), rng))
    assert dealers == [2, 0, 1] and first_players == [0, 1, 2]
    assert len(state.results) == 3 and [r.round for r in state.results] == [1, 2, 3]


# --- S2: the deal and the peek -------------------------------------------------------------------
def test_s2_four_cards_each_one_up_card_then_each_seat_peeks_at_its_bottom_row_once():
    state = dealt(players=3)
    assert [len(g) for g in state.grids] == [4, 4, 4] and state.top is not None
    assert sum(state.draw) == 54 - 13
    for seat in range(3):
        assert state.phase == "peek" and state.current_player == seat
        assert state.looking == ((seat, 2), (seat, 3))
        assert state.legal_actions() == [state.legal_actions()[0]] and str(state.legal_actions()[0]) == \
            "done looking"
        known = {(s, i) for s, i in state.cards() if state.knows(seat, s, i)}
        assert known == {(seat, 2), (seat, 3)}
        state = moves(state, "done looking")
    assert state.phase == "slam window" and state.current_player == 0  # the up-card's window
    state = moves(state, "pass", "pass", "pass")
    assert state.phase == "turn start" and state.turn == 0 and state.turn_number == 1


def test_s2_the_deal_log_names_only_the_up_card():
    state = Game(players=2).new_initial_state()
    log = []
    for label in ["Magic Goose (12)"] * 4 + ["Silly Goose (1)"] * 4 + ["Lazy Goose (3)"]:
        state = state.apply_str(label)
        log += state.events
    text = " ".join(log)
    assert "Magic" not in text and "Silly" not in text and "Lazy Goose (3)" in text


# --- S3: memory ----------------------------------------------------------------------------------
def test_s3_a_card_swapped_in_from_the_draw_pile_is_known_only_to_its_owner():
    state = moves(table(), "take draw pile", "Grey Goose (2)", "swap into Player 1's card 1")
    assert [state.knows(s, 0, 0) for s in range(3)] == [True, False, False]


def test_s3_a_card_taken_from_the_play_pile_is_known_to_everyone():
    state = moves(table(), "take play pile", "swap into Player 1's card 1")
    assert state.grid_values(0)[0] == 10 and all(state.knows(s, 0, 0) for s in range(3))


def test_s3_a_card_swapped_away_unseen_moves_out_of_its_old_owners_sight():
    state = table(known={0: [(0, 3), (0, 4), (0, 2)]})  # Player 1 knows its 9
    state = moves(state, "take draw pile", "Trickster Goose (11)", "play it", "pass", "pass", "pass",
                  "choose Player 1's card 2 to swap", "swap it with Player 3's card 1")
    assert state.grid_values(2)[0] == 9 and not state.knows(0, 2, 0) and not state.knows(2, 2, 0)
    assert state.grid_values(0)[1] == 0 and not any(state.knows(s, 0, 1) for s in range(3))


# --- S4, S5: a turn --------------------------------------------------------------------------
def test_s4_a_turn_starts_with_honk_or_taking_and_the_play_pile_card_must_be_swapped():
    state = table()
    assert [str(a) for a in state.legal_actions()] == ["honk", "take draw pile", "take play pile"]
    held = moves(state, "take play pile")
    assert held.top is None and held.held == Game().kind(10)
    assert [str(a) for a in held.legal_actions()] == [f"swap into Player 1's card {i}" for i in range(1, 5)]
    drawn = moves(state, "take draw pile", "Lazy Goose (3)")
    assert "play it" in [str(a) for a in drawn.legal_actions()]


def test_s5_a_swapped_out_card_lands_face_up_and_triggers_no_action():
    state = moves(table(grids=([12, 9, 3, 1], [5, 2, 7, 4], [0, 11, 6, 2])),
                  "take draw pile", "Grey Goose (2)", "swap into Player 1's card 1")
    assert Game().deck[state.top].value == 12 and state.phase == "slam window"
    state = moves(state, "pass", "pass", "pass")
    assert state.phase == "turn start" and state.turn == 1  # no Magic Goose action for Player 1


def test_a_played_card_without_action_ends_the_turn_after_its_window():
    state = moves(table(), "take draw pile", "Lazy Goose (3)", "play it", "pass", "pass", "pass")
    assert state.phase == "turn start" and state.turn == 1


# --- S6: slam windows --------------------------------------------------------------------------
def test_s6_every_landing_opens_a_window_in_seat_order_from_the_player_whose_turn_it_is():
    state = table(turn=1)
    state = moves(state, "take draw pile", "Lazy Goose (3)", "play it")
    assert state.phase == "slam window"
    order = []
    while state.phase == "slam window":
        order.append(state.current_player)
        state = moves(state, "pass")
    assert order == [1, 2, 0]


def test_s6_a_slam_outside_a_window_is_illegal_and_changes_nothing():
    state = table()
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="possible: honk, take draw pile, take play pile"):
        state.apply_str("slam Player 2's card 1")
    with pytest.raises(IllegalActionError, match="not allowed"):
        state.apply(Action("slam", 1, 0))
    assert state.to_json() == before and state == table()


def test_s6_each_seat_slams_at_most_once_and_the_window_goes_round_after_a_slam():
    state = moves(table(), "take draw pile", "Spy Goose (8)", "play it",
                  "slam Player 2's card 1", "Silly Goose (1)")   # Player 1 guesses wrong
    assert state.phase == "slam window" and state.queue == (1, 2)
    assert state.slammed == (0,)
    state = moves(state, "slam Player 1's card 2", "Silly Goose (1)", "pass")  # Player 2 guesses too
    assert state.phase == "action"  # Player 1 and 2 have slammed; Player 3 passed: closed


def test_s6_the_card_action_comes_after_the_window():
    state = moves(table(), "take draw pile", "Nosy Goose (6)", "play it")
    assert state.phase == "slam window"
    state = moves(state, "pass", "pass", "pass")
    assert state.phase == "action"
    assert [str(a) for a in state.legal_actions()] == [
        "look at Player 1's card 1", "look at Player 1's card 2", "look at Player 1's card 3",
        "look at Player 1's card 4", "skip action"]


# --- S7: slam outcomes ---------------------------------------------------------------------------
def test_s7_match_on_your_own_card_shrinks_your_grid():
    state = moves(table(), "take draw pile", "Detective Goose (9)", "play it", "slam Player 1's card 2")
    assert state.grid_values(0) == [5, None, 3, 1] and Game().deck[state.top].value == 9
    assert state.phase == "slam window" and state.queue == (0, 1, 2)  # S6: a fresh window on the 9


def test_s7_match_on_anothers_card_then_the_slammer_gives_a_card_of_its_choice():
    state = moves(table(), "take draw pile", "Magic Goose (12)", "play it", "slam Player 2's card 1")
    assert state.phase == "give" and state.current_player == 0
    assert [str(a) for a in state.legal_actions()] == [
        f"give Player 1's card {i} to Player 2" for i in range(1, 5)]
    state = moves(state, "give Player 1's card 3 to Player 2")
    assert state.grid_values(0) == [5, 9, None, 1] and state.grid_values(1) == [3, 2, 7, 4]
    assert not state.knows(0, 1, 0) and not state.knows(1, 1, 0)  # S3: given away, unseen by the receiver


def test_s7_a_slammer_with_an_empty_grid_gives_nothing():
    state = arrange(Game(players=2), ([], [12, 2, 7, 4]), 12, known={0: [(1, 1)]})
    assert [str(a) for a in state.legal_actions()] == ["honk"]  # S10 first: an empty grid honks
    state = arrange(Game(players=2), ([3], [12, 2, 7, 4]), 12, known={0: [(1, 1), (0, 1)]}, turn=1)
    state = moves(state, "take draw pile", "Magic Goose (12)", "play it", "pass",
                  "slam Player 2's card 1")
    assert state.phase == "give"
    state = moves(state, "give Player 1's card 1 to Player 2")
    assert state.grid_values(0) == [] and state.grid_values(1) == [3, 2, 7, 4]


def test_s7_no_match_reveals_the_card_to_everyone_and_the_slammer_draws_unseen():
    state = moves(table(), "take draw pile", "Spy Goose (8)", "play it", "pass", "slam Player 3's card 3")
    assert state.is_chance_node() and all(state.knows(s, 2, 2) for s in range(3))
    state = moves(state, "Silly Goose (1)")
    assert state.grid_values(1) == [12, 2, 7, 4, 1]
    assert not any(state.knows(s, 1, 4) for s in range(3))


def test_s7_a_penalty_fills_an_empty_place_first():
    state = arrange(Game(players=2), ([5, None, 3, 1], [12, 2, 7, 4]), 12)
    state = moves(state, "take draw pile", "Lazy Goose (3)", "play it", "slam Player 2's card 1",
                  "Grey Goose (2)")
    assert state.grid_values(0) == [5, 2, 3, 1]


def test_s7_no_card_left_to_draw_means_no_penalty():
    game = Game(players=2)
    theirs = [12, 2, 7, 4]
    cards = [t.label for t in DECK for _ in range(t.copies)]
    for value in theirs + [10, 3]:
        cards.remove(game.deck[game.kind(value)].label)
    # Player 1 holds every other card; one Lazy Goose (3) to draw; the play pile is just its top
    state = arrange(game, (cards, theirs), 10, draw=["Lazy Goose (3)"], discard=[])
    state = moves(state, "take draw pile", "Lazy Goose (3)", "play it", "slam Player 2's card 1")
    assert state.is_chance_node() and sum(state.draw) == 1  # S8: the Swapping Goose below the top
    state = moves(state, "Swapping Goose (10)", "slam Player 1's card 1")  # Player 2 guesses wrong
    assert sum(state.draw) == 0 and sum(state.discard) == 0 and state.phase == "turn start"
    assert "no card left for Player 2" in " ".join(state.events)
    assert state.grid_values(1) == theirs and len(state.grid_values(0)) == 49


# --- S8: reshuffle -----------------------------------------------------------------------------
def test_s8_an_empty_draw_pile_takes_the_play_pile_except_its_top():
    state = table(draw=["Curious Goose (7)"])
    assert sum(state.draw) == 1 and sum(state.discard) == 40
    state = moves(state, "take draw pile", "Curious Goose (7)", "play it", "pass", "pass", "pass",
                  "skip action")
    assert sum(state.draw) == 0 and sum(state.discard) == 41
    state = moves(state, "take draw pile")
    assert sum(state.draw) == 41 and sum(state.discard) == 0 and Game().deck[state.top].value == 7
    assert "shuffled" in " ".join(state.events)


# --- S9, S10, S11: honking and scoring ---------------------------------------------------------
@pytest.mark.parametrize("grids, outcome, score", [
    (([1, 2, 0, -1], [12, 2, 7, 4], [0, 11, 6, 2]), "strictly lowest", -8),
    (([5, 2, 3, 1], [4, 3, 2, 2], [12, 11, 6, 0]), "tied lowest", 6),
    (([5, 9, 3, 1], [1, 2, 0, 4], [12, 11, 6, 2]), "not lowest", 28),
])
def test_s9_honk_outcomes(grids, outcome, score):
    state = moves(table(grids=grids), "honk")
    result = state.results[-1]
    assert result.outcome == outcome and result.scores[0] == score
    assert state.scores() == [score] + [sum(g) for g in grids[1:]]
    assert state.phase == "round over"
    observed = state.observation(1)
    assert [v.value for v in observed.grids[0]] == grids[0]  # every card is revealed


def test_s9_honk_only_at_the_start_of_your_own_turn():
    state = moves(table(), "take draw pile", "Lazy Goose (3)")
    assert "honk" not in [str(a) for a in state.legal_actions()]
    state = moves(state, "play it")
    assert state.current_player == 0 and "honk" not in [str(a) for a in state.legal_actions()]


def test_s10_an_empty_grid_must_honk():
    state = table(grids=([], [12, 2, 7, 4, 5, 9, 3, 1], [0, 11, 6, 2]))
    assert [str(a) for a in state.legal_actions()] == ["honk"]
    state = moves(state, "honk")
    assert state.results[-1].outcome == "strictly lowest" and state.scores()[0] == -10


def test_s11_scores_run_over_rounds_and_every_lowest_total_wins():
    game = Game(players=2, rounds=2)
    state = arrange(game, ([1, 2, 3, 4], [1, 2, 3, 4]), 10)
    assert state.returns() == [0, 0]
    state = moves(state, "honk")  # tied: 10 - 5 = 5 against 10
    assert state.scores() == [5, 10] and state.returns() == [0, 0]
    state = moves(state, "start round 2", "start round 2")
    assert state.is_chance_node() and state.round == 1 and state.dealer == 0
    rng = random.Random(0)
    while state.phase != "turn start":
        state = state.apply(rng.choice(state.chance_outcomes())[0]) if state.is_chance_node() else \
            state.apply(state.legal_actions()[0])
    assert state.turn == 1
    sums = [state.grid_sum(0), state.grid_sum(1)]
    state = moves(state, "honk")
    assert state.is_terminal() and state.current_player == TERMINAL
    totals = state.scores()
    assert totals[0] == 5 + sums[0]
    best = min(totals)
    assert state.returns() == [int(t == best) for t in totals]


# --- S12 and the contract ------------------------------------------------------------------------
def test_s12_an_observation_shows_only_known_values_and_public_facts():
    state = table(known={0: [(0, 3), (0, 4), (1, 1)], 1: [(1, 3), (1, 4)]})
    seen = state.observation(0)
    assert [[v.value for v in g] for g in seen.grids] == [[None, None, 3, 1], [12, None, None, None],
                                                           [None, None, None, None]]
    assert seen.grids[1][2].known_by == (1,) and seen.top.value == 10 and seen.draw_size == 41
    drawn = moves(state, "take draw pile", "Lazy Goose (3)")
    assert drawn.observation(0).held.value == 3 and drawn.observation(1).held is None
    taken = moves(state, "take play pile")
    assert taken.observation(2).held.value == 10


def test_chance_outcomes_are_exact_and_named_by_card():
    state = Game().new_initial_state()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1 and len({str(o) for o, _ in outcomes}) == 15
    assert dict((str(o), p) for o, p in outcomes)["Sneaky Goose (13)"] == pytest.approx(2 / 54)


def test_saves_replay_and_tampering_is_refused():
    state = playout(Game(players=4, rounds=2).new_initial_state(), rng=5)
    again = state_from_json(state.to_json())
    assert again == state and again.scores() == state.scores()
    data = json.loads(state.to_json())
    data["history"][20] = "slam Player 9's card 1"
    with pytest.raises(InvalidSaveError, match="step 21"):
        state_from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["params"]["deck"] = [["Goose", 1, 2, "none"]]
    with pytest.raises(InvalidSaveError):
        state_from_json(json.dumps(data))


def test_an_illegal_action_says_what_is_allowed():
    with pytest.raises(IllegalActionError, match="take draw pile"):
        table().apply_str("play it")
