"""The generic widget kit (board, table, walkthrough, error handling) on the toy game."""

from __future__ import annotations

import pytest

from goose_widgets.engine import IllegalActionError, RandomBot
from goose_widgets.engine.scenario import Scenario, steps
from goose_widgets.ui import SvgBoard, Table, WalkthroughPlayer, errors
from goose_widgets.ui.board import static_svg
from goose_widgets.ui.names import with_seat_names
from goose_widgets.ui.svg import actions_in
from goose_widgets.ui.view import ViewSettings

from ..engine import toy_game


def make_table(seats=("human", "random"), render=toy_game.render, **kwargs):
    return Table(toy_game.Game(players=len(seats)), list(seats), render,
                 bots={"random": RandomBot}, seed=4, **kwargs)


def render_with_rotation(observation, legal_actions, rotation="0", **options):
    """The toy board with a rotation button (a view setting), which must be a number."""
    turn = int(rotation)  # a value the board cannot draw raises, as a real renderer's would
    svg = toy_game.render(observation, legal_actions, rotation=rotation, **options)
    return svg.replace("</svg>", f'<g data-action="ui:rotation={(turn + 90) % 360}"/></svg>')


def test_board_reports_clicks_from_the_browser_message():
    board = SvgBoard('<svg><rect data-action="go"/></svg>')
    seen = []
    board.on_action(seen.append)
    board._on_msg(board, {"type": "action", "action": "go"}, None)
    board._on_msg(board, {"type": "other"}, None)
    assert seen == ["go"]
    assert repr(board).startswith("SvgBoard(") and "0x" not in repr(board)


def test_a_click_applies_the_action_and_bots_answer_until_the_human_is_to_move():
    table = make_table()
    assert "step 1" in actions_in(table.board.svg)
    table.click("step 1")
    assert table.state.current_player == 0 or table.state.is_terminal()
    assert table.state.history[0] == "step 1" and len(table.state.history) >= 4  # coin, bot, coin
    assert any("seat 1 steps" in line for line in table.log)


def test_actions_not_drawn_on_the_board_become_buttons():
    table = make_table()
    assert [b.description for b in table.buttons.children] == ["step 2"]
    table.buttons.children[0].click()
    assert table.state.history[0] == "step 2"


def test_undo_takes_back_the_humans_move_and_the_bots_replies():
    table = make_table()
    start = table.state
    table.click("step 2")
    table.undo()
    assert table.state == start and table.state.history == ()
    with pytest.raises(ValueError, match="no move of yours"):
        table.undo()


def test_illegal_click_shows_an_error_in_the_widget_raises_in_tests_and_changes_nothing():
    table = make_table()
    before = table.state
    with pytest.raises(IllegalActionError):
        table.board.click("step 7")
    assert "IllegalActionError" in table.error.value and "step 7" in table.error.value
    assert table.state is before


def test_without_raising_the_error_is_only_shown(monkeypatch):
    monkeypatch.setattr(errors, "RAISE_ERRORS", False)
    table = make_table()
    table.board.click("step 7")
    assert "gw-error" in table.error.value
    table.click("step 1")  # the table still works
    assert table.state.history[0] == "step 1"


def test_view_state_clicks_change_render_options_not_the_game():
    table = make_table(render=render_with_rotation)
    before = table.state
    table.click("ui:rotation=90")
    assert table.state is before and table.option_values["rotation"] == "90"
    assert "('rotation', '90')" in table.board.svg
    table.click("ui:rotation=270")  # any value the board can draw, not only the one offered now
    assert table.option_values["rotation"] == "270"


def test_a_fresh_view_drops_only_the_momentary_settings_and_a_failure_is_shown(monkeypatch):
    """A browser opening a view (a page reloaded) sends "view": the holder drops its momentary view
    settings and redraws; a redraw that fails is shown in the widget, never swallowed."""
    settings = ViewSettings({"replay": "3:0", "rotation": "90"}, momentary=("replay",))
    assert settings.fresh() and settings.values == {"rotation": "90"}
    assert not settings.fresh()  # nothing left to drop: the holder need not redraw
    board = SvgBoard()
    opened = []
    board.on_view(lambda: opened.append(True))
    board._on_msg(board, {"type": "view"}, None)
    assert opened == [True] and 'model.send({ type: "view" })' in board._esm
    table = make_table(render=render_with_rotation)
    table.view.momentary = ("rotation",)  # the toy game's rotation, made momentary for the test
    table.click("ui:rotation=90")
    table.board._on_msg(table.board, {"type": "view"}, None)
    assert "rotation" not in table.option_values and "('rotation', '90')" not in table.board.svg
    monkeypatch.setattr(errors, "RAISE_ERRORS", False)
    table.click("ui:rotation=90")
    monkeypatch.setattr(table, "_redraw", lambda: 1 / 0)
    table.board._on_msg(table.board, {"type": "view"}, None)
    assert "ZeroDivisionError" in table.error.value


@pytest.mark.parametrize("junk", [None, 3, b"step 1", ["step 1"], "ui:seat_names=x", "ui:rotation",
                                  "ui:coach=1", "ui:", "ui:=", "ui:rotation=sideways"])
def test_junk_clicks_are_refused_with_a_message_and_change_nothing(junk):
    table = make_table(render=render_with_rotation, options={"coach": "Coach"})
    table.click("ui:rotation=90")
    before, options, svg = table.state, dict(table.option_values), table.board.svg
    with pytest.raises((TypeError, ValueError)):
        table.board.click(junk)  # as the browser's message would: through the guarded callback
    assert table.error.value.startswith('<div class="gw-error"')
    assert table.state is before and table.option_values == options and table.board.svg == svg
    table.new_game()  # the table still works
    table.click("step 1")


def test_a_click_that_is_not_text_is_shown_in_the_widget(monkeypatch):
    monkeypatch.setattr(errors, "RAISE_ERRORS", False)
    table = make_table()
    table.board.click(None)
    assert "TypeError" in table.error.value and "not None" in table.error.value


def test_an_unknown_option_is_refused():
    table = make_table(options={"coach": "Coach"})
    with pytest.raises(ValueError, match="options are: coach"):
        table.set_option("seat_names", True)
    assert "seat_names" not in table.option_values


def test_options_are_checkboxes_passed_to_the_renderer():
    table = make_table(options={"coach": "Coach"})
    box = table.controls.children[-1]
    box.value = True
    assert "('coach', True)" in table.board.svg


def test_hot_seat_covers_the_board_between_two_humans_with_hidden_information():
    table = make_table(seats=("human", "human"), hidden_information=True)
    assert "None" in table.board.svg  # seat 0 does not see seat 1's secret
    table.click("step 1")
    assert "Pass the screen to Player 2" in table.board.svg and table.buttons.children == ()
    table.click("__curtain__")
    assert " 7 " in table.board.svg  # now seat 1 sees its own secret


def test_fast_forward_and_game_over():
    table = make_table(seats=("random", "random"))
    assert table.state.is_terminal()  # no human: bots play at once outside an event loop
    assert table.status_text().startswith("Game over")
    with pytest.raises(ValueError, match="game is over"):
        table.click("step 1")
    table.new_game()
    assert table.state.is_terminal() and len(table.log) > 1


def test_unknown_seat_names_are_clear_errors():
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        make_table(seats=("human", "genius"))
    with pytest.raises(TypeError, match="Player 2 must be"):  # seats named as the board names them
        make_table(seats=("human", 3))
    with pytest.raises(ValueError, match="1 name\\(s\\) for 2 seats"):
        make_table(seat_names=["Ann"])
    with pytest.raises(TypeError, match="seat_names must be a list"):
        make_table(seat_names="AB")
    with pytest.raises(TypeError, match="seed must be a whole number"):
        Table(toy_game.Game(), ["human", "random"], toy_game.render, bots={"random": RandomBot}, seed="x")


class _CountingBot:
    """A random bot that draws extra numbers from its generator before choosing."""

    name = "greedy-for-numbers"

    def __init__(self, extra):
        self.extra = extra

    def choose(self, observation, legal_actions, rng):
        for _ in range(self.extra):
            rng.random()
        return rng.choice(list(legal_actions))


def _chance_outcomes(table):
    states = table.states
    return [later.history[-1] for earlier, later in zip(states, states[1:]) if earlier.is_chance_node()]


def test_a_bot_that_draws_extra_numbers_leaves_the_dice_unchanged():
    class AlwaysStepOne(_CountingBot):
        def choose(self, observation, legal_actions, rng):
            super().choose(observation, legal_actions, rng)
            return "step 1" if "step 1" in legal_actions else legal_actions[0]

    outcomes = []
    for extra in (0, 1, 7):
        table = Table(toy_game.Game(), [AlwaysStepOne(extra), AlwaysStepOne(0)], toy_game.render, seed=11)
        outcomes.append(_chance_outcomes(table))
    assert outcomes[0] and outcomes[0] == outcomes[1] == outcomes[2]


def test_a_bot_sees_a_generator_of_its_own_not_chances():
    seen = []

    class Spy:
        name = "spy"

        def choose(self, observation, legal_actions, rng):
            seen.append(rng)
            return legal_actions[0]

    table = Table(toy_game.Game(), [Spy(), "human"], toy_game.render, seed=3)
    assert seen and all(rng is table.bot_rngs[0] and rng is not table.rng for rng in seen)


def test_a_failing_bot_is_named_as_the_board_names_its_seat():
    class Broken:
        name = "broken"

        def choose(self, observation, legal_actions, rng):
            raise KeyError("oops")

    with pytest.raises(RuntimeError, match="Player 1's bot \\(broken\\) failed: KeyError"):
        Table(toy_game.Game(), [Broken(), "human"], toy_game.render, seed=3)


def test_walkthrough_player_steps_with_narration():
    scenario = Scenario("two steps", "We start.", lambda: toy_game.Game().new_initial_state(),
                        steps(("step 2", "Seat 0 steps two."), ("coin 1", "The coin adds one.")),
                        conclusion="Seat 0 is on 3.")
    player = WalkthroughPlayer(scenario, toy_game.render)
    assert "We start." in player.narration.value and player.position == 0
    player.buttons[3].click()
    assert player.position == 2 and "Seat 0 is on 3." in player.narration.value
    assert "seat 0 now on 3" in player.narration.value
    player.buttons[1].click()
    assert "Seat 0 steps two." in player.narration.value
    player.go(99)
    assert player.position == 2 and player.state.positions == (3, 0)


def test_a_broken_scenario_says_which_step_fails():
    scenario = Scenario("bad", "", lambda: toy_game.Game().new_initial_state(), steps("step 9"))
    with pytest.raises(ValueError, match="step 1 \\(step 9\\)"):
        scenario.states()


def test_auto_action_moves_for_a_human_when_the_game_says_so_and_undo_skips_it():
    def auto(observation, legal, lazy=False, **_):
        positions, to_move, pending, secret = observation
        return "step 1" if lazy and positions[0] >= 1 else None

    table = make_table(options={"lazy": ("Step one automatically", False)}, auto_action=auto)
    assert table.option_values == {"lazy": False} and table.controls.children[-1].value is False
    table.click("step 2")
    before = table.state
    assert before.current_player == 0 and before.positions[0] >= 2
    table.set_option("lazy", True)  # from now on seat 0's moves are automatic: the game runs out
    assert table.state.is_terminal() and table.state.history[len(before.history)] == "step 1"
    table.undo()  # back to the first move, the only one the human made by hand
    assert table.state.history == ()


def test_an_option_can_start_switched_on():
    table = make_table(options={"coach": ("Coach", True)})
    assert table.option_values == {"coach": True} and table.controls.children[-1].value is True
    assert "('coach', True)" in table.board.svg


def test_move_lines_use_the_given_seat_names():
    assert with_seat_names("Player 2 waits; Player 12 and Players 1 stay", ["Matt", "Emma"]) \
        == "Emma waits; Player 12 and Players 1 stay"
    assert with_seat_names("Player 2 waits", None) == "Player 2 waits"


def test_the_status_line_is_made_from_the_viewers_observation_only():
    table = make_table(describe_turn=lambda observation, names: f"{names[0]} sees {observation}")
    assert table.status.value == "<b>Player 1 sees ((0, 0), 0, None, None)</b>"  # not seat 1's secret 7


def test_the_default_status_line_says_whose_turn_it_is():
    table = make_table()
    assert table.status_text() == "Player 1: your turn."
    table.click("step 1")
    if not table.state.is_terminal():
        assert table.status_text() == "Player 1: your turn."
    bots_only = make_table(seats=("random", "human"))
    bots_only.states = bots_only.states[:1]
    assert bots_only.status_text() == "Player 1 (random bot) is playing…"


def test_hot_seat_without_hidden_information_turns_the_board_to_each_human_without_a_curtain():
    table = make_table(seats=("human", "human"))
    table.click("step 1")
    assert table.state.current_player == 1 and table.viewer == 1
    assert "Pass the screen" not in table.board.svg and "step 1" in actions_in(table.board.svg)
    table.click("step 2")
    table.undo()  # back to Player 2's move: the board follows
    assert table.state.current_player == 1 and table.viewer == 1 and "step 1" in actions_in(table.board.svg)


def test_a_game_can_turn_undo_off():
    table = make_table(allow_undo=False)
    table.click("step 1")
    moved = table.state
    with pytest.raises(ValueError, match="no undo in this game"):
        table.undo()
    assert table.state is moved and table.undo_button.disabled


def test_a_boards_output_carries_its_svg_beside_the_live_widget():
    """JupyterLab shows the widget; where widgets do not run, the static picture is the SVG."""
    table = make_table()
    scenario = Scenario("one step", "We start.", lambda: toy_game.Game().new_initial_state(),
                        steps(("step 2", "Seat 0 steps two.")))
    for shown, board in ((table, table.board), (WalkthroughPlayer(scenario, toy_game.render), None),
                         (table.board, table.board)):
        bundle = shown._repr_mimebundle_()
        if isinstance(bundle, tuple):  # (data, metadata), as anywidget's widgets answer
            bundle = bundle[0]
        view = bundle["application/vnd.jupyter.widget-view+json"]
        assert view["model_id"] == (shown.widget if board is None or shown is table else shown).model_id
        assert bundle["image/svg+xml"].startswith("<svg") and "<style>" in bundle["image/svg+xml"]
        assert 0 < len(bundle["text/plain"]) < 200 and "0x" not in bundle["text/plain"]


def test_an_html_export_of_an_unexecuted_widget_output_shows_the_board_picture():
    nbformat = pytest.importorskip("nbformat")
    nbconvert = pytest.importorskip("nbconvert")
    table = make_table()
    data = table._repr_mimebundle_()
    cell = nbformat.v4.new_code_cell("table", outputs=[nbformat.v4.new_output("display_data", data=data)])
    notebook = nbformat.v4.new_notebook(cells=[cell])  # no widget state saved, as on GitHub
    body, _ = nbconvert.HTMLExporter().from_notebook_node(notebook)
    import base64
    import re

    pictures = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', body)
    # the position as a spectator sees it: a picture offers no moves, and says how to play
    picture = base64.b64decode(pictures[0]).decode()
    assert len(pictures) == 1 and picture == static_svg(table.view_svg(offer_moves=False))
    assert "data-action" not in picture and "run this notebook to play" in body
    assert "run this cell to play" not in body  # the text form is not what is shown
