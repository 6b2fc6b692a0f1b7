"""Observations hide what they must (B4): indistinguishable positions give a seat equal
observations, byte-identical SVG (with the labels a screen reader says in it), equal words in the
text mode, and byte-identical synced widget values."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from goose_widgets import play as play_table
from goose_widgets.engine import step
from goose_widgets.games.boo_to_the_goose.registry import BOTS
from goose_widgets.games.boo_to_the_goose.rules import DOG, GOOSE, Game
from goose_widgets.games.boo_to_the_goose.widget import describe, render
from goose_widgets.ui.seat_view import game_view
from goose_widgets.ui.svg import labels_in
from goose_widgets.ui.words import seat_words

from .positions import D, G, position


def swap_hidden(state, seat):
    """A twin of ``state`` in which ``seat``'s hidden cards differ: one goose and one dog change
    places between its row or hand and its pile or removed cards (sizes stay the same).  None if
    no such swap exists."""
    pile, hand, row, removed = (list(state.piles[seat]), list(state.hands[seat]),
                                list(state.rows[seat]), list(state.removed[seat]))
    for source, target in ((pile, hand), (removed, hand), (pile, row), (removed, pile)):
        for have, want in ((GOOSE, DOG), (DOG, GOOSE)):
            if target is row:
                if have in row and source[want]:
                    i = row.index(have)
                    row[i] = want
                    source[want] -= 1
                    source[have] += 1
                    break
            elif target[have] and source[want]:
                target[have] -= 1
                target[want] += 1
                source[want] -= 1
                source[have] += 1
                break
        else:
            continue
        break
    else:
        return None
    setat = lambda items, value: items[:seat] + (tuple(value),) + items[seat + 1:]  # noqa: E731
    return replace(state, piles=setat(state.piles, pile), hands=setat(state.hands, hand),
                   rows=setat(state.rows, row), removed=setat(state.removed, removed))


@given(players=st.integers(2, 5), variation=st.booleans(), seed=st.integers(0, 5000),
       steps=st.integers(0, 250), coach=st.booleans())
def test_what_a_seat_cannot_see_changes_nothing_it_is_shown(players, variation, seed, steps, coach):
    rng = random.Random(seed)
    state = Game(players=players, variation=variation).new_initial_state()
    bots = [BOTS["counting"]()] * players
    for _ in range(steps):
        state = step(state, bots, rng)
    viewer = rng.randrange(players)
    for other in range(players):
        twin = swap_hidden(state, other)
        if twin is None or twin == state:
            continue
        same = other != viewer or (twin.hands[other] == state.hands[other]
                                   and twin.rows[other] == state.rows[other])
        if not same:
            assert twin.observation(viewer) != state.observation(viewer)
            continue
        assert twin.observation(viewer) == state.observation(viewer)
        legal = state.legal_actions() if state.current_player == viewer else []
        svg = render(state.observation(viewer), legal, coach=coach)
        assert render(twin.observation(viewer), legal, coach=coach) == svg
        # the labels, checked on their own too: byte-equal SVG holds them, and they must say no more
        assert labels_in(render(twin.observation(viewer), legal, coach=coach)) == labels_in(svg)
        names = [f"Player {s + 1}" for s in range(players)]
        assert describe(twin.observation(viewer), names) == describe(state.observation(viewer), names)
        # and everything a board's script may say or offer to type (issue 32)
        view = game_view("boo_to_the_goose")
        assert seat_words(view, twin.observation(viewer), legal, names, svg, seat=viewer, status="", log=[]) \
            == seat_words(view, state.observation(viewer), legal, names, svg, seat=viewer, status="", log=[])
        for label in labels_in(svg):  # only the viewer's own face-down cards are named
            assert "you know" not in label or label.startswith("Your card")


def test_another_players_cards_never_reach_an_observation():
    a = position(rows=((G,), (G, G, D), ()), hands=((5, 0, 0), (2, 2, 1), (5, 0, 0)))
    b = position(rows=((G,), (D, G, G), ()), hands=((5, 0, 0), (3, 1, 1), (5, 0, 0)))
    assert a.observation(0) == b.observation(0) and a.observation(2) == b.observation(2)
    assert a.observation(1) != b.observation(1)
    assert a.observation(1).row == (G, G, D) and a.observation(1).hand == (2, 2, 1)
    assert a.observation(0).row_sizes == (1, 3, 0) and a.observation(0).hand_sizes == (5, 5, 5)
    assert render(a.observation(0), a.legal_actions(), coach=True) == \
        render(b.observation(0), b.legal_actions(), coach=True)


def synced(widget):
    """Every synced value of a widget tree, with child widgets (model ids) replaced by theirs."""
    from ipywidgets import Widget

    values = {}
    for key, value in widget.get_state().items():
        attr = getattr(widget, key, None)
        if isinstance(attr, Widget):
            values[key] = synced(attr)
        elif isinstance(attr, (list, tuple)) and attr and all(isinstance(w, Widget) for w in attr):
            values[key] = [synced(w) for w in attr]
        else:
            values[key] = value
    return values


def table_at(state, seats):
    table = play_table("boo_to_the_goose", seats, seed=1, bot_delay=0)
    table.states = [state]
    table.log = ["New game"]
    table._redraw()
    return table


def test_synced_widget_values_are_identical_for_indistinguishable_games():
    hands_a = ((2, 1, 2), (2, 2, 1), (4, 1, 0))
    hands_b = ((2, 1, 2), (3, 1, 1), (5, 0, 0))
    a = position(rows=((G, D), (G, G, D), (D,)), hands=hands_a, turn=0)
    b = position(rows=((G, D), (D, D, G), (G,)), hands=hands_b, turn=0)
    for seats in (["human", "counting", "cautious"], ["human", "human", "random"]):
        one, two = table_at(a, seats), table_at(b, seats)
        for table in (one, two):
            table.set_text_mode(True)  # the text mode's words and buttons are synced values too
        for option in (False, True):
            one.set_option("coach", option)
            two.set_option("coach", option)
            assert one.board.svg == two.board.svg
            assert synced(one.widget) == synced(two.widget)
        # the same public move keeps them identical
        one.click("play fox")
        two.click("play fox")
        assert one.board.svg == two.board.svg
    seen_by_emma = table_at(a, ["human", "human", "random"])
    seen_by_emma.viewer = 1
    seen_by_emma._redraw()
    other = table_at(b, ["human", "human", "random"])
    other.viewer = 1
    other._redraw()
    assert seen_by_emma.board.svg != other.board.svg  # Emma's own cards differ, and she sees them
