"""The Goose board and the table driven from Python, as a click in the browser would."""

from __future__ import annotations

import random
import re

import pytest

from goose_widgets import IllegalActionError, load_game, play
from goose_widgets.engine import sample_outcome
from goose_widgets.games.game_of_the_goose.widget import OPTIONS, centre, render, spiral
from goose_widgets.ui.svg import OKABE_ITO, actions_in

from .goose_helpers import game, position, throw


def pawn_centres(svg):
    return re.findall(r'<g class="gw-pawn" data-seat="(\d)">(?:<circle[^>]*r="16"[^>]*/>)?'
                      r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)


def test_the_board_has_63_numbered_squares_on_a_spiral_and_a_start_area():
    svg = render(game().new_initial_state().observation(0), [])
    squares = re.findall(r'data-square="(\d+)"', svg)
    assert sorted(map(int, squares)) == list(range(64))
    cells = spiral()
    assert len(set(cells)) == 63
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(cells, cells[1:]))
    assert cells[-1] == (5, 3) or cells[-1] in [(c, 3) for c in range(2, 7)]  # 63 in the centre row


def test_every_special_square_is_drawn_with_its_picture():
    svg = render(game().new_initial_state().observation(0), [])
    for picture, count in (("goose", 13), ("bridge", 1), ("tavern", 1), ("well", 1), ("maze", 1),
                           ("prison", 1), ("death", 1), ("dice", 2), ("finish", 1)):
        assert svg.count(f'class="gw-square gw-{picture}"') == count, picture
    assert "Squares" in svg and "Well: wait to be freed" in svg  # the legend


def test_the_dice_are_clickable_only_when_the_viewer_may_roll():
    state = game(players=2).new_initial_state()
    assert actions_in(render(state.observation(0), state.legal_actions())) == {"roll"}
    assert actions_in(render(state.observation(1), [])) == set()
    assert actions_in(render(state.apply_str("roll").observation(0), [])) == set()


def test_the_dice_show_the_last_roll():
    state = throw(game(players=2).new_initial_state(), "6+3")
    svg = render(state.observation(1), state.legal_actions())
    dice = svg[svg.index('class="gw-dice"'):svg.index("rolled 6+3")]
    assert dice.count('r="5.04"') == 9  # the pips of a 6 and a 3 on 56-pixel dice
    assert "Player 1 rolled 6+3" in svg


def test_pawns_on_square_0_do_not_overlap_and_have_distinct_colours():
    state = game(players=6).new_initial_state()
    svg = render(state.observation(0), state.legal_actions())
    centres = {(x, y) for _, x, y in pawn_centres(svg)}
    assert len(centres) == 6
    for seat in range(6):
        assert f'fill="{OKABE_ITO[seat]}"' in svg
    assert len({centre(0, seat) for seat in range(6)}) == 6


def test_everyone_sees_everything():
    state = throw(position(3, positions=(31, 19, 40), owed=(0, 1, 0), to_move=2), "1+2")
    views = [state.observation(seat) for seat in range(3)]
    assert all(v.positions == views[0].positions and v.owed == views[0].owed for v in views)
    assert len({render(v, []) for v in views}) == 1


def test_the_adult_variation_shows_coins_and_the_kitty():
    state = throw(position(2, positions=(2, 1), coins=10), "1+3")
    svg = render(state.observation(0), [])
    assert "Kitty on 63: 1 coin" in svg and "9 coins" in svg and 'class="gw-kitty"' in svg
    assert "Kitty" not in render(game().new_initial_state().observation(0), [])


def test_render_options_hide_the_trail_and_unknown_options_are_ignored():
    state = throw(position(1, positions=(62,)), "2+3")
    assert 'class="gw-trail"' in render(state.observation(0), [])
    assert 'class="gw-trail"' not in render(state.observation(0), [], hide_trail=True)
    assert render(state.observation(0), [], zoom="big") == render(state.observation(0), [])
    assert set(OPTIONS) == {"hide_trail"}


def test_a_click_rolls_and_the_bots_reply_until_the_human_rolls_again():
    table = play("game_of_the_goose", players=["human", "random", "roller"], seed=7)
    first = table.board.svg
    assert actions_in(first) == {"roll"} and table.state.current_player == 0
    table.click("roll")
    assert table.state.current_player == 0 or table.state.is_terminal()
    assert table.state.history[:2][0] == "roll" and len(table.state.history) >= 6
    assert table.board.svg != first
    assert any(line.startswith("Player 1 rolled") for line in table.log)
    assert any(line.startswith("Player 3 rolled") for line in table.log)


def test_undo_and_new_game():
    table = play("game_of_the_goose", players=["human", "random"], seed=1)
    start = table.state
    table.click("roll")
    table.undo()
    assert table.state == start and table.state.history == ()
    table.click("roll")
    table.new_game()
    assert table.state.history == () and 'data-action="roll"' in table.board.svg


def test_errors_show_in_the_table_and_raise_in_tests():
    table = play("game_of_the_goose", players=["human", "random"], seed=1)
    before = table.state
    with pytest.raises(IllegalActionError, match="possible: roll"):
        table.board.click("6+6")
    assert "IllegalActionError" in table.error.value and table.state is before
    table.click("roll")
    assert table.error.value == ""


def test_a_game_between_bots_plays_to_the_end_and_refuses_clicks():
    table = play("game_of_the_goose", players=["random", "roller"], seed=3)
    assert table.state.is_terminal() and table.status_text().startswith("Game over")
    with pytest.raises(ValueError, match="game is over"):
        table.click("roll")


def test_hot_seat_turns_the_board_to_each_human_in_turn():
    table = play("game_of_the_goose", players=["human", "human"], seed=2)
    table.click("roll")
    assert table.state.current_player == 1 and table.viewer == 1  # nothing is hidden: no curtain
    assert actions_in(table.board.svg) == {"roll"} and "Pass the screen" not in table.board.svg
    table.click("roll")
    assert table.state.positions[1] > 0 and table.viewer == 0


def test_a_human_cannot_roll_for_a_bot():
    table = play("game_of_the_goose", players=["human", "random"], seed=2)
    table.states.append(table.state.apply_str("roll").apply_str("1+2"))  # the bot is to move now
    table._redraw()
    assert table.state.current_player == 1 and actions_in(table.board.svg) == set()
    with pytest.raises(ValueError, match="not your turn"):
        table.click("roll")


def test_play_passes_the_variation_parameters():
    table = play("game_of_the_goose", players=["human", "random"], coins=5)
    assert table.state.coins == (5, 5) and "5 coins" in table.board.svg
    with pytest.raises(ValueError, match="unknown bot"):
        play("game_of_the_goose", players=["human", "genius"])


def test_the_bots_only_ever_roll():
    import random

    from goose_widgets.games.game_of_the_goose.registry import BOTS

    state = game(players=2).new_initial_state()
    for name, factory in BOTS.items():
        bot = factory()
        assert bot.name == name
        assert str(bot.choose(state.observation(0), state.legal_actions(), random.Random(0))) == "roll"
    with pytest.raises(ValueError, match="can only roll"):
        BOTS["roller"]().choose(state.observation(0), [], random.Random(0))


def test_a_goose_chain_trail_follows_the_spiral_and_only_jumps_cut_across():
    """Issue 19.9: the trail of a goose chain criss-crossed the board; it goes square by square."""
    from goose_widgets.games.game_of_the_goose.widget import CELL, centre, is_jump, trail_walk

    rng = random.Random(11)
    chains = 0
    for _ in range(400):
        state = load_game("game_of_the_goose", players=2).new_initial_state()
        for _ in range(rng.randrange(1, 30)):
            if state.is_terminal():
                break
            state = state.apply(sample_outcome(state, rng)) if state.is_chance_node() else \
                state.apply(state.legal_actions()[0])
        obs = state.observation(0)
        walk = trail_walk(obs)
        chains += len(obs.last_path) > 2
        for a, b in zip(walk, walk[1:]):
            if is_jump(a, b):
                continue
            assert abs(a - b) == 1, (obs.last_path, walk)
            if a and b:  # neighbours on the spiral are neighbours on the board: one cell apart
                (xa, ya), (xb, yb) = centre(a), centre(b)
                assert abs(xa - xb) + abs(ya - yb) == CELL
    assert chains > 20
