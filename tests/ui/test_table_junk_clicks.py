"""Junk clicks against the tables of all four games: each is refused with a message, nothing changes.

A click arrives from the browser as any text (or, from a script, any object).  The fuzz loop mixes
junk with real moves, so the tables are tried in many positions; every refused click must leave the
state, the view settings and the board exactly as they were, and the table must go on working.
"""

from __future__ import annotations

import random
import string

import pytest

from goose_widgets import play
from goose_widgets.ui.svg import actions_in

TABLES = {
    "game_of_the_goose": ["human", "random", "random"],
    "boo_to_the_goose": ["human", "random", "random"],
    "sneaky_goose": ["human", "memory", "random"],
    "boo": ["human", "random"],
}
FIXED_JUNK = [None, 0, 3.5, True, b"pass", ["pass"], ("ui:mode", "x"), {"a": 1}, "", " ", "ui:", "ui:=",
              "ui:seat_names=x", "ui:autopass=0", "ui:memory=", "ui:rotation", "ui:replay", "__curtain",
              "x" * 10_000, "pass\n", "PASS", "take  draw pile", "\x00", "ui:mode=slam-9-9-9=9",
              "roll 3+4", "place K1 at (999999,0) rot 0 front", "<svg>", "New game"]


def _junk(rng: random.Random, real: list[str]) -> object:
    kind = rng.randrange(5)
    if kind == 0:
        return rng.choice(FIXED_JUNK)
    if kind == 1 and real:  # a real action, mutated by one character
        text = rng.choice(real)
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(string.printable) + text[i + 1:]
    if kind == 2:
        return "ui:" + "".join(rng.choice(string.ascii_letters + "=_:") for _ in range(rng.randrange(1, 12)))
    if kind == 3:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(0, 30)))
    return rng.choice([rng.randrange(-5, 5), rng.random(), None, object()])


@pytest.mark.parametrize("name", sorted(TABLES))
def test_junk_clicks_are_refused_and_change_nothing(name):
    table = play(name, TABLES[name], seed=9, bot_delay=0)
    rng = random.Random(name)
    refused = accepted = moves = games = 0
    tries = 120 if name == "boo" else 300  # a BOO board takes ~0.1 s to draw
    for _ in range(tries):
        if table.state.is_terminal():
            table.new_game()
            games += 1
        real = sorted(actions_in(table.board.svg)) + [b.description for b in table.buttons.children]
        click = _junk(rng, real)
        state, values, svg = table.state, dict(table.option_values), table.board.svg
        try:
            table.board.click(click)  # the browser's path: the guarded callback
        except (ValueError, TypeError) as err:
            refused += 1
            assert str(err) and "gw-error" in table.error.value
            assert table.state is state and table.option_values == values and table.board.svg == svg
        else:
            accepted += 1  # a mutation that happens to be another legal move or view setting
            assert isinstance(click, str) and (click in real or click.startswith("ui:")
                                               or table.state is not state)
        real = sorted(actions_in(table.board.svg)) + [b.description for b in table.buttons.children]
        if real and not table.state.is_terminal() and rng.random() < 0.5:
            table.board.click(rng.choice(real))  # move on with a real click, to meet other positions
            moves += 1
    print(f"{name}: {refused} junk clicks refused, {accepted} accepted as real, {moves} real clicks, "
          f"{games} games finished")
    assert refused > 0.8 * tries
    table.new_game()  # still a working table
    assert not table.error.value
