"""`ui.svg.to_text` writes exactly what ElementTree's own writer writes: for every game's boards
(each seat, with the moves and options drawn) and for trees of awkward text and attributes."""

from __future__ import annotations

import importlib
import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goose_widgets import load_game
from goose_widgets.engine import CHANCE, sample_outcome
from goose_widgets.ui import svg

GAMES = [("game_of_the_goose", {"players": 3}, {}), ("boo_to_the_goose", {"players": 4}, {"coach": True}),
         ("sneaky_goose", {"players": 3, "rounds": 1}, {"memory": True}), ("boo", {}, {})]


@pytest.mark.parametrize("name, params, options", GAMES)
def test_every_board_of_a_game_is_written_as_elementtree_writes_it(monkeypatch, name, params, options):
    widget = importlib.import_module(f"goose_widgets.games.{name}.widget")
    trees: list[ET.Element] = []

    def keep(root: ET.Element) -> str:
        trees.append(root)
        return svg.to_text(root)

    monkeypatch.setattr(widget, "to_text", keep)
    state = load_game(name, **params).new_initial_state()
    rng = random.Random(3)
    for step in range(400):
        if state.is_terminal():
            break
        if state.current_player == CHANCE:
            state = state.apply(sample_outcome(state, rng))
            continue
        legal = state.legal_actions()
        if step % 3 == 0:
            for seat in range(state.game.players):
                mine = legal if seat == state.current_player else []
                text = widget.render(state.observation(seat), mine, **options)
                assert text == ET.tostring(trees[-1], encoding="unicode")
        state = state.apply(rng.choice(legal))
    assert len(trees) > 10
    assert all(svg.to_text(tree) == ET.tostring(tree, encoding="unicode") for tree in trees)


awkward = st.text(alphabet=st.sampled_from(list("ab &<>\"'\n\r\t€é\u00a0=/")), max_size=12)


@st.composite
def trees(draw, depth=0):
    root = ET.Element(draw(st.sampled_from(["g", "text", "rect", "svg"])))
    for key in draw(st.lists(st.sampled_from(["x", "aria-label", "data-action", "class"]), unique=True,
                             max_size=3)):
        root.set(key, draw(awkward))
    root.text = draw(st.none() | awkward)
    if depth < 3:
        for child in draw(st.lists(trees(depth + 1), max_size=3)):
            root.append(child)
    if depth:
        root.tail = draw(st.none() | awkward)
    return root


@settings(max_examples=200, deadline=None)
@given(trees())
def test_awkward_text_and_attributes_are_escaped_as_elementtree_escapes_them(tree):
    assert svg.to_text(tree) == ET.tostring(tree, encoding="unicode")
