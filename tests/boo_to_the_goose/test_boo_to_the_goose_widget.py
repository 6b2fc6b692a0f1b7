"""The Boo to the Goose table, driven from Python as a browser would drive it."""

from __future__ import annotations

import pytest

from goose_widgets import IllegalActionError, play, walkthrough
from goose_widgets.games.boo_to_the_goose import widget
from goose_widgets.games.boo_to_the_goose.examples import SEAT_NAMES
from goose_widgets.ui.svg import actions_in

from .positions import D, G, position


def table_at(state, seats=("human", "counting", "cautious"), **kwargs):
    table = play("boo_to_the_goose", list(seats), seed=2, bot_delay=0, **kwargs)
    table.states = [state]
    table._redraw()
    return table


def test_every_clickable_element_is_a_legal_action_and_hand_cards_are_clickable():
    table = play("boo_to_the_goose", ["human", "counting", "cautious"], seed=3, bot_delay=0)
    state = table.state
    assert state.current_player == 0
    clickable = actions_in(table.board.svg)
    assert clickable == {str(a) for a in state.legal_actions()}
    assert all(text.startswith("play ") for text in clickable)
    assert table.buttons.children == ()  # everything is on the board


def test_a_click_on_a_hand_card_plays_it_and_the_bots_answer():
    table = play("boo_to_the_goose", ["human", "counting", "cautious"], seed=3, bot_delay=0)
    card = sorted(actions_in(table.board.svg))[0]
    before = table.board.svg
    table.click(card)
    assert table.state.history.count(card) >= 1
    assert table.state.current_player in (0, -2) and table.board.svg != before
    assert any("plays" in line for line in table.log)


def test_flip_and_stop_by_clicking_the_board():
    state = position(rows=((), (G, D), (G,)), hands=((0, 1, 0), (5, 0, 0), (5, 0, 0)))
    table = table_at(state, seats=("human", "human", "human"))
    table._curtain = False
    table.click("play fox")
    svg = table.board.svg
    assert {"flip Player 2's card 1", "flip Player 2's card 2"} <= actions_in(svg)
    assert "stop" not in actions_in(svg)
    table.click("flip Player 2's card 1")
    assert "stop" in actions_in(table.board.svg) and "Stop and bank" in table.board.svg
    assert "flip Player 3's card 1" in actions_in(table.board.svg)
    table.click("stop")
    assert table.state.won_by_kind(0) == (1, 1, 0) and table.state.won[0][3 * 1] == 1
    assert "Player 1 banks 1 goose, 1 fox." in table.log


def test_the_coach_shows_the_dog_chance_and_the_gain_of_one_more_flip():
    state = position(rows=((G, D), (G, G), ()), hands=((0, 1, 0), (5, 0, 0), (5, 0, 0)))
    table = table_at(state)
    assert "coach" not in table.board.svg
    table.set_option("coach", True)
    svg = table.board.svg
    assert "a flip here is a dog with chance 4/19" in svg  # Emma: nothing of her set seen yet
    assert "one more flip gains +0.58 cards" in svg          # 15/19 - 4/19 * 1
    assert "your own row is 1/2" in svg


def test_seat_names_and_a_bad_click():
    table = play("boo_to_the_goose", ["human", "random", "random"], seed=1, bot_delay=0,
                 seat_names=SEAT_NAMES)
    assert "Matt (you)" in table.board.svg and "Emma" in table.board.svg
    before = table.state
    with pytest.raises(IllegalActionError):
        table.board.click("flip Player 2's card 9")
    assert table.state is before and "IllegalActionError" in table.error.value


def test_hot_seat_hides_the_board_until_the_next_human_is_at_the_table():
    assert widget.HIDDEN_INFORMATION and widget.OPTIONS == {"coach": "Coach"}
    state = position(players=2, hands=((5, 0, 0), (5, 0, 0)))
    table = table_at(state, seats=("human", "human"))
    table.click("play goose")  # the table draws for Player 1 (chance), then covers the board
    assert actions_in(table.board.svg) == {"__curtain__"}
    assert table.viewer == 1 and "Pass the screen to Player 2" in table.board.svg
    table.click("__curtain__")
    assert "Player 2 (you)" in table.board.svg


def test_there_is_no_undo_because_a_flipped_card_stays_seen():
    # Undo would let a learner flip a face-down card, read it, take the flip back and choose again.
    table = play("boo_to_the_goose", ["human", "counting"], seed=5, bot_delay=0)
    table.click(sorted(actions_in(table.board.svg))[0])
    after = table.state
    with pytest.raises(ValueError, match="no undo in this game"):
        table.undo()
    assert table.state is after and table.undo_button.disabled


@pytest.mark.parametrize("name", ["rulebook example", "rulebook example continued"])
def test_the_walkthrough_steps_through_the_rulebook_with_its_names(name):
    player = walkthrough("boo_to_the_goose", name, seat_names=SEAT_NAMES)
    player.go(len(player.states) - 1)
    assert "Matt (you)" in player.board.svg and "Tom" in player.board.svg
    assert "Matt draws a card." in player.narration.value and "Player 1" not in player.narration.value
    player.go(19)
    assert "until Matt puts down a fox" in player.narration.value
    assert "Matt&#x27;s catch round" in player.board.svg or "Matt's catch round" in player.board.svg


def test_the_game_over_view_names_the_winners():
    state = position(players=2, hands=((1, 0, 0), (1, 0, 0)), piles=((0, 0, 0),) * 2,
                     rows=((D,), ()))
    table = table_at(state, seats=("human", "human"))
    table._curtain = False
    table.click("play goose")
    table._curtain = False
    table.viewer = 1
    table.click("play goose")
    assert table.state.is_terminal()
    assert "Game over" in table.board.svg and "Game over" in table.status.value


def test_whose_turn_it_is_is_said_once_on_the_board_and_in_its_picture():
    table = play("boo_to_the_goose", ["human", "counting", "cautious"], seed=7, bot_delay=0,
                 seat_names=["Matt", "Emma", "Tom"])
    assert table.board.svg.count(">Matt to play.<") == 1  # drawn once
    assert 'aria-label="Boo to the Goose: Matt to play."' in table.board.svg  # and the board's name
    assert table.status.layout.display == "none"  # no status line above the board repeating it
    assert "Matt to play." in table._repr_mimebundle_()["image/svg+xml"]  # the notebook's picture


def test_the_end_board_keeps_no_empty_hand_area():
    import re

    state = position(players=2, hands=((1, 0, 0), (0, 0, 0)), piles=((0, 0, 0),) * 2, rows=((D,), ()))
    before = widget.render(state.observation(0), state.legal_actions())
    end = state.apply_str("play goose")
    assert end.is_terminal()
    svg = widget.render(end.observation(0), [])
    assert "Game over" in svg and "Your hand" not in svg

    def height(svg):
        return float(re.search(r'<svg[^>]* height="([\d.]+)"', svg).group(1))

    def bands_bottom(svg):  # the lowest edge of the players' bands
        return max(float(y) + float(h) for y, h in re.findall(r'<rect x="4" y="([\d.]+)" width="[\d.]+" '
                                                              r'height="([\d.]+)"', svg))
    assert "Your hand" in before and height(before) - bands_bottom(before) > 100
    assert height(svg) - bands_bottom(svg) <= 12
