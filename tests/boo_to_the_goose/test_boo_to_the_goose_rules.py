"""Every ruling B1-B13 of Boo to the Goose, the engine contract, saves and illegal actions."""

from __future__ import annotations

import random
from dataclasses import fields
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from goose_widgets import IllegalActionError, InvalidSaveError, load_game, state_from_json
from goose_widgets.engine import CHANCE, TERMINAL, RandomBot, sample_outcome, step
from goose_widgets.games.boo_to_the_goose.registry import BOTS
from goose_widgets.games.boo_to_the_goose.rules import (
    ALL_CARDS,
    GOOSE,
    SET,
    Game,
    Observation,
    Play,
    State,
)

from .positions import D, F, G, play, position


def won(state, seat):
    return state.won_by_kind(seat)


# --- parameters --------------------------------------------------------------------------------
def test_load_game_takes_players_and_the_variation():
    game = load_game("boo_to_the_goose", players=4, variation=True)
    assert (game.players, game.variation) == (4, True)
    assert game.params() == {"players": 4, "variation": True}


@pytest.mark.parametrize("players", [1, 6, 0])
def test_two_to_five_players(players):
    with pytest.raises(ValueError, match="from 2 to 5"):
        load_game("boo_to_the_goose", players=players)


def test_bad_parameter_types_are_type_errors():
    with pytest.raises(TypeError, match="whole number"):
        load_game("boo_to_the_goose", players="3")
    with pytest.raises(TypeError, match="True or False"):
        load_game("boo_to_the_goose", players=3, variation="yes")


# --- B1 and B2: the cards and the set-up ----------------------------------------------------------
def assert_accounted(state):
    places = state.card_locations()
    kinds = [sum(cards[k] for cards in places.values()) for k in range(3)]
    assert sum(kinds) == ALL_CARDS == 120
    assert kinds == [5 * n for n in SET]
    for seat in range(state.players):
        assert state.set_locations(seat) == SET


# (the expert searches at every choice: too slow for a hundred games; tests/boo_to_the_goose/
# test_boo_to_the_goose_expert.py plays it)
@given(players=st.integers(2, 5), variation=st.booleans(), seed=st.integers(0, 10_000),
       mix=st.lists(st.sampled_from(sorted(set(BOTS) - {"expert"})), min_size=5, max_size=5))
def test_every_card_is_accounted_for_at_every_step(players, variation, seed, mix):
    rng = random.Random(seed)
    bots = [BOTS[name]() for name in mix[:players]]
    state = Game(players=players, variation=variation).new_initial_state()
    while not state.is_terminal():
        assert_accounted(state)
        # the moves build each state from the last one's values without a constructor's checks
        assert vars(state).keys() == {f.name for f in fields(State)}
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
            assert len({str(o) for o, _ in outcomes}) == len(outcomes)
            state = state.apply(sample_outcome(state, rng))
        else:
            legal = state.legal_actions()
            assert legal and len({str(a) for a in legal}) == len(legal)
            seat = state.current_player
            observation = state.observation(seat)  # made without a constructor: exactly its fields
            assert vars(observation).keys() == {f.name for f in fields(Observation)}
            state = state.apply(bots[seat].choose(observation, legal, rng))
    assert_accounted(state)
    assert vars(state).keys() == {f.name for f in fields(State)}
    removed = 4 * players if variation else 0
    assert sum(state.scores()) == 24 * players - removed  # removed cards count for nobody (B2)
    assert all(not row for row in state.rows)


def test_setup_deals_five_cards_after_the_variation_removes_four():
    for variation, pile in ((False, 19), (True, 15)):
        state = Game(players=3, variation=variation).new_initial_state()
        assert state.current_player == CHANCE
        first = state.chance_outcomes()
        if variation:
            assert str(first[0][0]) == "a goose is removed from Player 1's set"
        assert dict((str(o), p) for o, p in first)[
            "a goose is removed from Player 1's set" if variation else "Player 1 is dealt a goose"] \
            == Fraction(15, 24)
        while state.is_chance_node():
            state = state.apply(sample_outcome(state, random.Random(1)))
        assert [sum(h) for h in state.hands] == [5, 5, 5]
        assert [sum(p) for p in state.piles] == [pile] * 3
        assert [sum(r) for r in state.removed] == [4 if variation else 0] * 3
        assert state.current_player == 0


def test_a_draw_is_a_chance_node_over_what_is_left_in_that_pile():
    state = position(hands=((4, 1, 0), (5, 0, 0), (5, 0, 0)), piles=((2, 0, 1), None, None))
    state = state.apply_str("play goose")
    assert state.current_player == CHANCE
    assert [(str(o), p) for o, p in state.chance_outcomes()] == [
        ("Player 1 draws a goose", Fraction(2, 3)), ("Player 1 draws a dog", Fraction(1, 3))]
    assert state.apply_str("Player 1 draws a dog").hands[0] == (3, 1, 1)


# --- B3: a turn -------------------------------------------------------------------------------------
def test_goose_and_dog_go_face_down_at_the_end_of_the_row_then_a_draw():
    state = position(rows=((G,), (), ()), hands=((3, 1, 1), (5, 0, 0), (5, 0, 0)))
    assert [str(a) for a in state.legal_actions()] == ["play goose", "play fox", "play dog"]
    after = state.apply_str("play dog")
    assert after.rows[0] == (G, D) and after.hands[0] == (3, 1, 0)
    assert after.pending == (("draw", 0),)
    assert after.events == ("Player 1 plays a card face down.",)
    drawn = after.apply(after.chance_outcomes()[0][0])
    assert sum(drawn.hands[0]) == 5 and drawn.current_player == 1


def test_no_draw_when_the_pile_is_empty():
    state = position(hands=((2, 0, 0), (1, 0, 0), (1, 0, 0)), piles=((0, 0, 0),) * 3)
    after = state.apply_str("play goose")
    assert after.current_player == 1 and after.hands[0] == (1, 0, 0)


# --- B5-B10: the catch round -------------------------------------------------------------------------
def test_first_target_skips_players_without_face_down_cards():
    state = position(players=4, rows=((G,), (), (G, D), (G,)), hands=((0, 1, 0),) + ((5, 0, 0),) * 3)
    state = state.apply_str("play fox")
    assert state.target == 2 and state.current_player == 0
    assert [str(a) for a in state.legal_actions()] == ["flip Player 3's card 1", "flip Player 3's card 2"]


def test_the_first_flip_is_compulsory_and_stop_comes_after_a_goose():
    state = play(position(rows=((), (G, G), (G,)), hands=((0, 1, 0), (5, 0, 0), (5, 0, 0))), "play fox")
    assert "stop" not in [str(a) for a in state.legal_actions()]
    state = state.apply_str("flip Player 2's card 2")
    assert state.face_up[1] == (G,) and state.rows[1] == (G,)  # it stays in front of its owner (B6)
    assert state.target == 2 and "stop" in [str(a) for a in state.legal_actions()]


def test_after_a_goose_play_goes_clockwise_and_wraps_past_the_fox_player():
    state = play(position(players=3, rows=((D,), (G, G), (G,)), hands=((0, 1, 0), (5, 0, 0), (5, 0, 0))),
                 "play fox", "flip Player 2's card 1", "flip Player 3's card 1")
    assert state.target == 1  # Tom has no card left; back to Emma, never Matt (B7)
    state = state.apply_str("flip Player 2's card 1")
    # nobody else has a face-down card: the round ends as a stop
    assert state.fox == -1 and won(state, 0)[:2] == (3, 1)
    assert any("Nobody has a face-down card left" in e for e in state.events)


def test_two_players_keep_flipping_the_same_opponent():
    state = play(position(players=2, rows=((G,), (G, G, D)), hands=((0, 1, 0), (5, 0, 0))),
                 "play fox", "flip Player 2's card 1")
    assert state.target == 1 and state.rows[1] == (G, D)


def test_stop_banks_the_turned_geese_and_the_fox():
    state = position(rows=((), (G, D), (G,)), hands=((0, 2, 0), (5, 0, 0), (5, 0, 0)))
    before = [won(state, s) for s in range(3)]
    state = play(state, "play fox", "flip Player 2's card 1", "flip Player 3's card 1", "stop")
    assert won(state, 0) == (before[0][0] + 2, before[0][1] + 1, before[0][2])
    assert [won(state, s) for s in (1, 2)] == before[1:]
    assert state.rows == ((), (D,), ()) and state.face_up == ((), (), ())
    assert state.won[0][3 * 1 + G] == 1 and state.won[0][3 * 2 + G] == 1  # Emma's and Tom's geese
    assert state.events[-1] == "Player 1 banks 2 geese, 1 fox."


def test_a_dog_ends_the_round_each_owner_banks_and_the_fox_goes_to_the_dog_owner():
    state = position(rows=((G,), (G, D), (G, G)), hands=((0, 1, 0), (5, 0, 0), (5, 0, 0)))
    before = [won(state, s) for s in range(3)]
    state = play(state, "play fox", "flip Player 2's card 1", "flip Player 3's card 2",
                 "flip Player 2's card 1")
    assert state.fox == -1 and state.face_up == ((), (), ())
    assert won(state, 0) == before[0]
    assert won(state, 1) == (before[1][0] + 1, before[1][1] + 1, before[1][2] + 1)
    assert won(state, 2) == (before[2][0] + 1, before[2][1], before[2][2])
    assert state.won[1][3 * 0 + F] == 1  # Matt's fox
    assert state.rows == ((G,), (), (G,))


def test_a_fox_with_nobody_to_flip_goes_to_its_players_win_pile():
    state = position(rows=((G, G), (), ()), hands=((0, 1, 0), (5, 0, 0), (5, 0, 0)))
    before = won(state, 0)
    after = state.apply_str("play fox")
    assert after.fox == -1 and won(after, 0) == (before[0], before[1] + 1, before[2])
    assert after.rows[0] == (G, G)


def test_the_fox_player_refills_to_five_after_the_round():
    state = position(rows=((), (D,), ()), hands=((2, 3, 0), (5, 0, 0), (5, 0, 0)))
    state = play(state, "play fox", "flip Player 2's card 1")
    assert state.pending == (("draw", 0),)  # four cards in hand, one to draw
    state = play(position(rows=((), (D,), ()), hands=((0, 1, 0), (5, 0, 0), (5, 0, 0)),
                          piles=((2, 0, 0), None, None)),
                 "play fox", "flip Player 2's card 1")
    assert state.pending == (("draw", 0),) * 2  # only two cards left in the pile


# --- B12, B13: the end ----------------------------------------------------------------------------
def test_players_without_cards_are_skipped():
    state = position(hands=((1, 0, 0), (0, 0, 0), (1, 0, 0)), piles=((0, 0, 0),) * 3)
    assert state.apply_str("play goose").current_player == 2


def test_the_end_moves_face_down_cards_to_their_owners_and_ties_are_shared():
    state = position(players=2, rows=((G, D), (G,)), hands=((1, 0, 0), (0, 0, 1)),
                     piles=((0, 0, 0), (0, 0, 0)))
    before = state.scores()
    state = play(state, "play goose", "play dog")
    assert state.current_player == TERMINAL and state.is_terminal()
    assert state.rows == ((), ())
    assert state.scores() == [before[0] + 3, before[1] + 2]
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    tie = position(players=2, rows=((), ()), hands=((1, 0, 0), (1, 0, 0)), piles=((0, 0, 0),) * 2)
    tie = play(tie, "play goose", "play goose")
    assert tie.scores()[0] == tie.scores()[1] and tie.returns() == [1, 1]
    with pytest.raises(IllegalActionError, match="game is over"):
        tie.apply_str("play goose")


def test_the_last_log_lines_show_what_each_row_held_B12():
    state = position(players=4, rows=((G, D), (), (G, G), (D,)),
                     hands=((1, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)), piles=((0, 0, 0),) * 4)
    events = play(state, "play goose").events
    assert "Player 1 banks 3 face-down cards: 2 geese, 1 dog." in events
    assert "Player 3 banks 2 face-down cards: 2 geese." in events
    assert "Player 4 banks 1 face-down card: 1 dog." in events
    assert not any(line.startswith("Player 2 banks") for line in events)  # nothing face down
    assert events[-1].startswith("Scores: Player 1 ")


def test_returns_mark_every_top_score_only_at_the_end():
    state = position(players=2, hands=((1, 0, 0), (1, 0, 0)), piles=((0, 0, 0),) * 2)
    assert state.returns() == [0, 0]
    final = play(state.apply_str("play goose"), "play goose")
    assert final.returns() == [int(s == max(final.scores())) for s in final.scores()]


# --- the contract: illegal actions, events, saves --------------------------------------------------
def test_an_illegal_action_says_what_is_allowed_and_changes_nothing():
    state = play(position(rows=((), (G,), ()), hands=((0, 1, 0), (5, 0, 0), (5, 0, 0))), "play fox")
    snapshot = (state, state.history)
    with pytest.raises(IllegalActionError, match="flip Player 2's card 1"):
        state.apply_str("stop")
    with pytest.raises(IllegalActionError, match="possible: flip"):
        state.apply_str("play goose")
    with pytest.raises(IllegalActionError, match="not allowed for seat 0 now; allowed: flip"):
        state.apply(Play(GOOSE))
    assert (state, state.history) == snapshot
    assert isinstance(IllegalActionError("x"), ValueError)


def test_the_move_log_never_names_a_face_down_card():
    state = position(hands=((1, 0, 1), (5, 0, 0), (5, 0, 0)))
    goose, dog = state.apply_str("play goose"), state.apply_str("play dog")
    assert goose.events == dog.events
    draw_goose, draw_dog = (goose.apply(o) for o, _ in goose.chance_outcomes()[::2])
    assert draw_goose.events == draw_dog.events == ("Player 1 draws a card.",)


def random_game_state(seed, players=3, variation=False, steps=150):
    state = Game(players=players, variation=variation).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        state = step(state, [RandomBot()] * players, rng)
    return state


@pytest.mark.parametrize("variation", [False, True])
def test_save_and_load_give_the_same_position(variation):
    state = random_game_state(3, players=4, variation=variation)
    loaded = state_from_json(state.to_json())
    assert loaded == state and loaded.history == state.history
    assert Game(players=4, variation=variation).from_json(state.to_json()) == state


def test_tampered_saves_are_rejected():
    state = random_game_state(5)
    text = state.to_json().replace("play ", "play wolf ", 1)
    with pytest.raises(InvalidSaveError, match="cannot be replayed"):
        state_from_json(text)
    with pytest.raises(InvalidSaveError):
        state_from_json("{not json")
    with pytest.raises(InvalidSaveError, match="not for"):
        Game(players=2).from_json(state.to_json())
