"""BOO widget: spots for placements, view-state clicks, scare choices, replay, the Table driven by clicks."""

from __future__ import annotations

import re

from goose_widgets import load_game, play, walkthrough
from goose_widgets.engine import playout
from goose_widgets.games.boo.examples import SCENARIOS, tip_2_start
from goose_widgets.games.boo.rules import Place
from goose_widgets.games.boo.widget import buttons, render
from goose_widgets.ui.svg import actions_in


def test_only_the_chosen_rotation_and_side_are_spots():
    table = play("boo", players=["human", "greedy"], seed=1)
    legal = table.state.legal_actions()
    clickable = actions_in(table.board.svg)
    places = {a for a in clickable if a.startswith("place")}
    assert places == {str(a) for a in legal if a.rotation == 0 and a.side == "front"}
    assert {"ui:rotation=90", "ui:side=back"} <= clickable
    table.click("ui:rotation=90")
    table.click("ui:side=back")
    places = {a for a in actions_in(table.board.svg) if a.startswith("place")}
    assert places == {str(a) for a in legal if a.rotation == 90 and a.side == "back"}
    assert buttons(table.state.observation(0), legal) == []  # hundreds of placements: no buttons
    assert table.buttons.children == ()


def test_clicking_a_spot_places_the_card_and_the_bot_answers():
    table = play("boo", players=["human", "greedy"], seed=2)
    spot = sorted(a for a in actions_in(table.board.svg) if a.startswith("place"))[0]
    before = table.board.svg
    table.click(spot)
    while table.state.pending:  # the order may matter: click the ghosts
        table.click(str(table.state.legal_actions()[0]))
    assert table.board.svg != before
    assert table.state.placements == 2 and table.state.current_player == 0
    assert any(line.startswith("White plays") for line in table.log)
    table.undo()
    assert table.state.placements == 0


def test_scare_choices_are_clickable_ghosts_and_buttons():
    state = tip_2_start().apply_str("place K1 at (5,0) rot 0 front")
    obs, legal = state.observation(0), state.legal_actions()
    svg = render(obs, legal)
    assert {str(a) for a in legal} <= actions_in(svg)
    assert buttons(obs, legal) == legal
    assert "Click the ringed ghosts" in svg


def test_replay_steps_through_the_flips_of_the_last_turn():
    state = SCENARIOS["Example Turn 1"].states()[1]
    obs = state.observation(1)
    number = state.last_turn.number
    full = render(obs, [])
    assert "Scares shown: 3 of 3" in full
    first = render(obs, [], replay=f"{number}:1")
    assert "Scares shown: 1 of 3" in first and first != full
    start = render(obs, [], replay=f"{number}:0")
    before = SCENARIOS["Example Turn 1"].states()[0]
    # with no scare shown, the other cards are drawn as they were before the turn
    assert render(obs, [], replay=f"{number}:0").count("<title>K3 (black, front up)") == 1
    assert before.graveyard.cards[3].side == "front" and start != first
    assert render(obs, [], replay="999:1") == full  # a stale replay option is ignored
    assert {f"ui:replay={number}:{k}" for k in (0, 2, 3)} <= actions_in(first)


def test_a_replayed_turn_shows_the_score_of_the_graveyard_it_draws():
    """Issue 29: after a page reload 07's board showed "Scares shown: 0 of 3" under the score after
    the scares (the step control keeps its place: it is the kernel's state that a reloaded view
    draws).  Now every step shows the score of the graveyard it draws, and says so."""
    walk = SCENARIOS["Example Turn 1"]
    before, after = walk.states()[0], walk.states()[1]
    obs = after.observation(1)
    number, total = after.last_turn.number, len(after.last_turn.scares)
    assert total == 3 and after.last_turn.seat == 1
    placed = obs.graveyard.cards[obs.active]
    # no scare shown: the score before the turn and the ghosts of the card just placed (O5a: its own
    # ghosts never flip it), none of the flips
    start = [before.scores()[seat] + sum(t[0] == colour for t in placed.tokens)
             for seat, colour in enumerate("BW")]
    assert start != list(after.scores())
    svg = render(obs, [], replay=f"{number}:0")
    assert f"Black {start[0]} – White {start[1]} after 0 of 3 scares" in svg
    assert f"score {start[0]}<" in svg and f"score {start[1]}<" in svg and "Scares shown: 0 of 3" in svg
    assert f"Black {after.scores()[0]} – White {after.scores()[1]}" not in svg
    for step in (1, 2):  # each step: the scores of the cards it draws, between the two
        shown = render(obs, [], replay=f"{number}:{step}")
        score = re.search(rf"Black (\d+) – White (\d+) after {step} of 3", shown)
        assert score is not None
        black, white = int(score[1]), int(score[2])
        assert f"score {black}<" in shown and f"score {white}<" in shown
        assert black + white == start[0] + start[1]  # a flip turns a ghost of one colour into the other
    full = render(obs, [])
    assert "Scares shown: 3 of 3" in full and "after 3 of 3" not in full
    assert f"Black {after.scores()[0]} – White {after.scores()[1]}" in full


def test_a_replay_of_the_last_turn_of_a_game_keeps_the_result():
    """At the end the result stays in the headline; the replayed score is said beside it."""
    ends = (playout(load_game("boo").new_initial_state(), None, rng=seed) for seed in range(20))
    state = next(end for end in ends if any(r.flipped for r in end.last_turn.scares))
    obs, number = state.observation(0), state.last_turn.number
    black, white = state.scores()
    svg = render(obs, [], replay=f"{number}:0")
    assert f"Black {black} – White {white}; shown: Black " in svg and "Game over: " in svg
    shown = re.search(r"shown: Black (\d+) – White (\d+) after 0 of", svg)
    assert shown and (int(shown[1]), int(shown[2])) != (black, white)
    assert f"score {shown[1]}<" in svg and f"score {shown[2]}<" in svg


def opened_again(board):
    """What the board's script sends when a browser opens a view of it (a page reloaded)."""
    assert 'model.send({ type: "view" })' in board._esm
    board._on_msg(board, {"type": "view"}, [])


def test_a_fresh_view_of_a_walkthrough_shows_every_scare():
    """Issue 29: a replay chosen before a page reload is dropped by the reloaded view."""
    walk = walkthrough("boo", "Example Turn 1")
    walk.go(1)
    walk.click(f"ui:replay={walk.state.last_turn.number}:0")
    assert "Scares shown: 0 of 3" in walk.board.svg
    opened_again(walk.board)
    assert "Scares shown: 3 of 3" in walk.board.svg and walk.error.value == ""
    unchanged = walk.board.svg
    opened_again(walk.board)  # nothing to drop: nothing redrawn
    assert walk.board.svg == unchanged


def test_a_fresh_view_of_a_table_drops_the_replay_and_keeps_the_card_turned():
    table = play("boo", players=["human", "greedy"], seed=2)
    table.click(sorted(a for a in actions_in(table.board.svg) if a.startswith("place"))[0])
    while table.state.pending:
        table.click(str(table.state.legal_actions()[0]))
    turn = table.state.last_turn
    assert turn is not None and turn.scares and table.state.current_player == 0
    table.click("ui:rotation=90")
    table.click(f"ui:replay={turn.number}:0")
    assert f"Scares shown: 0 of {len(turn.scares)}" in table.board.svg
    opened_again(table.board)
    assert f"Scares shown: {len(turn.scares)} of {len(turn.scares)}" in table.board.svg
    assert "replay" not in table.view.values and table.view.values["rotation"] == "90"
    places = {a for a in actions_in(table.board.svg) if a.startswith("place")}
    assert places and all(" rot 90 " in a for a in places)


def test_scores_are_shown_and_render_ignores_unknown_options():
    state = tip_2_start()
    svg = render(state.observation(0), state.legal_actions(), colour_blind=True, seat_names=("Ann", "Bo"))
    black, white = state.scores()
    assert f"Ann {black} – Bo {white}" in svg
    assert f"score {black}<" in svg and f"score {white}<" in svg


def test_both_seats_see_the_same_board():
    state = SCENARIOS["Example Turn 2"].final()
    assert render(state.observation(0), []) == render(state.observation(1), [])


def test_walkthrough_player_steps():
    from goose_widgets import walkthrough

    player = walkthrough("boo", "Example Turn 1")
    player.next()
    assert "K12 flips" in player.narration.value or "K12" in player.narration.value
    assert "scare" in player.board.svg


def test_a_turn_waiting_for_its_scare_order_is_not_reported_as_finished_o5():
    """O5: while the active player still chooses the scare order, the turn is not over; the board
    must not announce it as a finished "last turn" with 0 flips."""
    state = tip_2_start().apply_str("place K1 at (5,0) rot 0 front")
    assert state.pending
    svg = render(state.observation(0), state.legal_actions(), seat_names=("Ann", "Bo"))
    assert "Last turn" not in svg and "0 flips" not in svg
    assert "This turn: Ann — K1 at column 0, row 5, 0° front; 3 scares to order." in svg
    after = state.apply_str("scare with ghost at (5,2)")
    assert not after.pending
    assert "Last turn: Ann — K1 at column 0, row 5, 0° front; 2 flips." in render(
        after.observation(0), [], seat_names=("Ann", "Bo"))


def test_the_board_is_labelled_with_the_coordinates_the_log_uses():
    """The move log and the actions name squares as (row, column): the board must show both."""
    import re

    state = tip_2_start()
    svg = render(state.observation(0), state.legal_actions())
    rmin, rmax, cmin, cmax = state.graveyard.bbox
    rows = re.findall(r'<text[^>]*class="boo-row"[^>]*>(-?\d+)</text>', svg)
    cols = re.findall(r'<text[^>]*class="boo-col"[^>]*>(-?\d+)</text>', svg)
    # zoomed to the cards: one spare line around them, and every square a top-left corner may take
    spots = [a for a in state.legal_actions()]
    top, bottom = min(rmin - 1, *(a.row for a in spots)), max(rmax + 1, *(a.row for a in spots))
    left, right = min(cmin - 1, *(a.col for a in spots)), max(cmax + 1, *(a.col for a in spots))
    assert [int(r) for r in rows] == list(range(top, bottom + 1))
    assert [int(c) for c in cols] == list(range(left, right + 1))
    assert bottom - top < rmax - rmin + 6  # fewer spare lines than the three a side it had
    # each spot says which placement it is, in words, for the mouse pointer's tooltip and a screen reader
    spot = re.search(r'<rect data-action="([^"]+)" role="gridcell" tabindex="-1" aria-label="([^"]+)"'
                     r'[^>]*class="boo-spot"[^>]*><title>([^<]+)</title>', svg)
    assert spot and spot.group(2) == spot.group(3)
    place = state.legal_actions()[0].__class__
    card, row, col = re.match(r"place (\S+) at \((-?\d+),(-?\d+)\) rot 0 front", spot.group(1)).groups()
    assert spot.group(2).startswith(f"Place {card} turned 0° with its top-left at column {col}, row {row}: ")
    assert place(card, int(row), int(col), 0, "front") in state.legal_actions()


def test_a_spot_says_how_the_card_would_lie_and_what_it_would_scare():
    """Issue 32: a placement's label says the card as it would lie there and the cards its ghosts
    would scare; where one ghost at most scares (so the order cannot matter), that is what the rules
    then flip."""
    import re

    from goose_widgets.games.boo.rules import make_placed
    from goose_widgets.games.boo.widget import place_label, runs

    checked = flips = 0
    for seed in (1, 2, 3):
        state = boo_position(seed)
        obs = state.observation(state.to_move)
        for action in state.legal_actions():
            label = place_label(action, obs)
            placed = make_placed(obs.card(action.card), action.row, action.col, action.rotation, action.side)
            assert runs([t for _, t in sorted(zip(placed.squares, placed.tokens))]) in label
            named = re.findall(r"ghost on (\S+?)(?: and|$)", label)
            after = state.apply(action)
            if len(named) > 1 or after.pending:
                continue
            flipped = [r.flipped for r in after.last_turn.scares if r.flipped]
            assert named == flipped, (label, flipped)
            checked += 1
            flips += bool(flipped)
    assert checked > 100 and flips > 5, (checked, flips)


def boo_position(seed: int):
    """A BOO position some turns into a game between greedy bots, a placement to make."""
    import random

    from goose_widgets import load_game
    from goose_widgets.engine import sample_outcome
    from goose_widgets.games.boo.bots import GreedyBot

    rng, bot = random.Random(seed), GreedyBot()
    state = load_game("boo").new_initial_state()
    placed = 0
    while True:
        if state.is_chance_node():
            state = state.apply(sample_outcome(state, rng))
            continue
        legal = state.legal_actions()
        if placed >= 6 and not state.pending:
            return state
        placed += isinstance(legal[0], Place)
        state = state.apply(bot.choose(state.observation(state.current_player), legal, rng))


def test_a_hovered_spot_shows_its_own_card_unobscured_by_later_spots():
    """The preview follows its spot (the CSS shows it on hover), and the other spots, some drawn on
    top of the preview, fade while any spot is hovered."""
    from xml.etree import ElementTree

    state = tip_2_start()
    root = ElementTree.fromstring(render(state.observation(0), state.legal_actions(), side="back"))
    ns = "{http://www.w3.org/2000/svg}"
    layer = next(g for g in root.iter(f"{ns}g") if g.get("class") == "boo-spots")
    assert layer.get("role") == "grid" and all(row.get("role") == "row" for row in layer)
    children = [child for row in layer for child in row]  # each row: spot, its preview, spot, ...
    spots = children[0::2]
    assert [c.get("class") for c in spots] == ["boo-spot"] * len(spots)
    assert all(c.get("class") == "boo-preview" for c in children[1::2])
    assert ".boo-spots:hover .boo-spot:not(:hover)" in root.find(f"{ns}style").text


def test_a_whole_game_can_be_played_by_clicks_alone():
    """Every legal placement is a spot in exactly one of the 8 views (rotation x side, O3), every
    scare-order choice is a clickable ghost (O5), and clicking them plays the game to its end (O6)."""
    import random

    table = play("boo", players=["human", "random"], seed=4)
    rng = random.Random(4)
    choices = 0
    while not table.state.is_terminal():
        legal = {str(a) for a in table.state.legal_actions()}
        if table.state.pending:
            assert legal <= actions_in(table.board.svg)
            table.click(rng.choice(sorted(legal)))
            choices += 1
            continue
        views = []
        for rotation in (0, 90, 180, 270):
            for side in ("front", "back"):
                table.click(f"ui:rotation={rotation}")
                table.click(f"ui:side={side}")
                views.append({a for a in actions_in(table.board.svg) if a.startswith("place")})
        assert set().union(*views) == legal and sum(map(len, views)) == len(legal)
        # prefer a placement whose scare order must be chosen, to click ringed ghosts too
        state = table.state
        ordered = [str(a) for a in state.legal_actions()[::5] if state.apply(a).pending]
        move = rng.choice(ordered or sorted(legal))
        table.click(move)
    assert table.state.placements == 24 and choices > 0
    assert table.log[-1].startswith("Game over:")


def test_a_walkthrough_says_where_the_card_goes_and_never_asks_for_a_click():
    """In a walkthrough the learner steps with the controls: the board tells the scripted move."""
    from goose_widgets import walkthrough

    for name in SCENARIOS:
        player = walkthrough("boo", name)
        for position in range(len(player.states)):
            player.go(position)
            assert "click" not in player.board.svg.lower(), (name, position)
    player = walkthrough("boo", "Example Turn 1")  # White places W10 at (2,8), turned, back up
    svg = player.board.svg
    assert "Next: White places W10" in svg and "with its top-left at</text>" in svg
    assert "column 8, row 2,</text>" in svg
    assert "turned 90°, back side up." in svg
    assert '<g opacity="0.85"><title>W10 (white, back up)</title>' in svg  # where it will lie
    assert not [a for a in actions_in(svg) if not a.startswith("ui:")]
    for name, first in (("good order", "column 2, row 5"), ("worse order", "column 0, row 5")):
        player = walkthrough("boo", f"TIP 2: the scare order matters ({name})")
        player.go(1)
        assert player.state.pending
        assert "scares first: the one at</text>" in player.board.svg
        assert f">{first}.</text>" in player.board.svg


def test_at_the_table_the_board_asks_for_the_click():
    state = SCENARIOS["Example Turn 1"].start()
    svg = render(state.observation(1), state.legal_actions())
    assert "then click a dashed square (its top-left)." in svg and "Next:" not in svg


def test_late_in_a_game_the_board_zooms_to_its_cards():
    """Issue 19.9: late in a game the cells shrank to about 20 px, most of the board being empty
    margin.  Zoomed to the cards (and the spots), the cells of greedy games' last placements are
    on median at least 24 px, never under the 20 px floor, and the board still fits its budget."""
    import random
    import re
    import statistics

    from goose_widgets import load_game
    from goose_widgets.engine import step
    from goose_widgets.games.boo.registry import BOTS
    from goose_widgets.games.boo.widget import BOARD_H, BOARD_W, MIN_CELL, TOP

    sizes = []
    for seed in range(8):
        rng, bots = random.Random(seed), [BOTS["greedy"](), BOTS["greedy"]()]
        state, last = load_game("boo").new_initial_state(), None
        while not state.is_terminal():
            if state.current_player == 0 and not state.pending:
                last = state
            state = step(state, bots, rng)
        svg = render(last.observation(0), last.legal_actions())
        lines = sorted(float(x) for x in re.findall(rf'<line x1="([\d.]+)" y1="{TOP}"', svg))
        size = lines[1] - lines[0]
        columns, rows = len(lines) + 1, len(re.findall(r'class="boo-row"', svg))
        fits = columns * size <= BOARD_W and rows * size <= BOARD_H
        assert size >= MIN_CELL and (size == MIN_CELL or fits)
        sizes.append(size)
    assert statistics.median(sizes) >= 24, sizes
