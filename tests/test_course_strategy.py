"""The strategy notebooks show a round-robin of every bot and policy (issue 19, item 6).

04, 06 and 08 each compute a round-robin (`engine.tournament.round_robin`) of the game's bots and
simple policies at two players, and at three where the game allows it, and show the stored table
of the expert against each of them (`engine.round_robin_store`), saying that the rows they played
are the stored rows.  Only bots too slow for a cell (BOO's lookahead) are left to the stored table.
The committed outputs hold the tables with their 95% intervals; every number the prose states is
printed by a cell (`test_course_prose_numbers`), so a re-run that changes a table changes the
claims with it.
"""

from __future__ import annotations

import ast
import importlib

import pytest

from goose_widgets.engine import round_robin_store

from .course_text import COURSE, cells_of, output_texts

STRATEGY = {"04": ("boo_to_the_goose", {2, 3}), "06": ("sneaky_goose", {2, 3}), "08": ("boo", {2})}
SLOW = {"lookahead"}  # whole games take about half a second: stored, not played in a cell


def calls(number: str, name: str) -> list[tuple[ast.Call, str, dict[str, ast.expr]]]:
    """Every call of ``name`` in the notebook's code, with the text its cell printed and the names
    its cell assigns."""
    notebook = next(COURSE.glob(f"{number}_*.ipynb"))
    found = []
    for cell in cells_of(notebook):
        if cell["cell_type"] != "code":
            continue
        source = "\n".join(line for line in "".join(cell["source"]).splitlines()
                           if not line.startswith(("%", "!")))  # magics
        tree = ast.parse(source)
        assigned = {node.targets[0].id: node.value for node in ast.walk(tree)
                    if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)}
        for node in ast.walk(tree):
            func = getattr(node, "func", None)
            if isinstance(node, ast.Call) and getattr(func, "id", getattr(func, "attr", "")) == name:
                found.append((node, "\n".join(output_texts(cell)), assigned))
    return found


def entrants_of(call: ast.Call, assigned: dict[str, ast.expr], names: dict[str, ast.expr]) -> set[str]:
    argument = call.args[1]
    if isinstance(argument, ast.Name):
        argument = assigned.get(argument.id) or names[argument.id]
    return set(ast.literal_eval(argument))


@pytest.mark.parametrize("number", sorted(STRATEGY))
def test_the_notebook_plays_a_round_robin_of_every_fast_bot_and_policy(number):
    game, counts = STRATEGY[number]
    everyone = set(round_robin_store.rivals(game))
    found = calls(number, "round_robin")
    assert found, f"notebook {number} computes no round-robin"
    names: dict[str, ast.expr] = {}
    for _call, _text, assigned in found:
        names.update(assigned)
    played = set()
    for call, text, assigned in found:
        assert ast.literal_eval(call.args[0]) == game
        entrants = entrants_of(call, assigned, names)
        left_out = everyone - SLOW - entrants
        assert not left_out, f"notebook {number} leaves out {sorted(left_out)}"
        players = next((ast.literal_eval(k.value) for k in call.keywords if k.arg == "players"), 2)
        played.add(players)
        assert "95% interval" in text and "fair share" in text, "the cell shows the table with its intervals"
    assert played >= counts, f"notebook {number} plays {sorted(played)} players, not {sorted(counts)}"


@pytest.mark.parametrize("number", sorted(STRATEGY))
def test_the_notebook_shows_the_stored_expert_table_and_that_its_rows_match(number):
    game, counts = STRATEGY[number]
    shown = calls(number, "load")
    assert any(ast.literal_eval(call.args[0]) == game for call, _, _ in shown), "no stored table shown"
    text = "\n".join(text for _, text, _ in shown)
    assert "the rows played above are the stored rows: True" in text
    stored = round_robin_store.load(game)
    for players in counts:  # every row of the expert's lineups, as stored
        rows = str(stored[players].of(round_robin_store.EXPERT)).splitlines()[2:]
        shown_rows = {" ".join(line.split()) for line in text.splitlines()}  # column widths may differ
        assert rows and all(" ".join(row.split()) in shown_rows for row in rows)


def test_every_strategy_notebook_is_listed():
    assert {game for game, _ in STRATEGY.values()} == set(round_robin_store.SPECS)
    for game, _ in STRATEGY.values():
        importlib.import_module(f"goose_widgets.games.{game}.policies")


def test_no_notebook_is_left_with_a_placeholder_in_its_text():
    for notebook in sorted(COURSE.glob("*.ipynb")):
        for cell in cells_of(notebook):
            assert "TODO" not in "".join(cell["source"]), f"{notebook.name}: a TODO is left in a cell"
