"""The classroom app keeps each tab's game on the server, so a reload (a new kernel) goes on with it.
(In a real browser, with Voila: tests/browser/test_app_and_site.py.)"""

from __future__ import annotations

import json

import pytest

from goose_widgets.classroom.app import ClassroomApp, seat_choices

TAB = "0123456789abcdef0123456789abcdef"


def test_a_reloaded_tab_goes_on_with_its_game(tmp_path):
    app = ClassroomApp(saves=tmp_path)
    app.tab.tab = TAB  # what the browser reports once the page is drawn
    app.game.value = "boo_to_the_goose"
    app.players.value = 3
    app.seats[1].value = "cautious"
    app.start_game()
    table = app.table
    while table.is_human(table.state.current_player) and len(table.state.history) < 6:
        table.act(table.state.legal_actions()[0])
    saved = json.loads((tmp_path / f"{TAB}.json").read_text())
    assert saved["game"] == "boo_to_the_goose" and saved["seats"][:2] == ["human", "cautious"]
    assert saved["state"] == table.state.to_json()

    reloaded = ClassroomApp(saves=tmp_path)  # the reload: a new kernel, a new app
    assert reloaded.table is None
    reloaded.tab.tab = TAB
    assert reloaded.table is not None and reloaded.table.state.to_json() == table.state.to_json()
    assert reloaded.game.value == "boo_to_the_goose" and [s.value for s in reloaded.seats] == saved["seats"]
    assert "goes on" in reloaded.message.value

    other = ClassroomApp(saves=tmp_path)  # another tab has another id: a fresh chooser
    other.tab.tab = "f" * 32
    assert other.table is None


@pytest.mark.parametrize("tab", ["../../etc/passwd", "ABC", ""])
def test_a_tab_id_that_is_not_one_reads_and_writes_nothing(tmp_path, tab):
    app = ClassroomApp(saves=tmp_path)
    app.start_game()
    app.tab.tab = tab
    assert app.saves.read(tab) is None and not list(tmp_path.iterdir())


def test_only_human_seats_are_offered_as_people():
    labels = [label for label, _ in seat_choices("game_of_the_goose")]
    assert labels[0] == "a human at this screen" and not any("you" in label for label in labels)


def test_a_bot_seat_is_never_offered_moves_on_the_board():
    """An all-bot table in a kernel (bots paced by its event loop): the board watched from seat 1, a
    bot's, neither offers the bot's moves to a click nor tells anyone to click."""
    import asyncio

    from goose_widgets import play

    async def first_view() -> tuple[int, str]:
        table = play("game_of_the_goose", ["random", "random"], bot_delay=60)
        return table.state.current_player, table.view_svg()

    to_move, svg = asyncio.run(first_view())
    assert to_move == 0  # the bot of seat 1 is about to roll, and the board shows seat 1's view
    assert "data-action" not in svg and "click the dice" not in svg


@pytest.mark.parametrize("game", ["game_of_the_goose", "boo_to_the_goose", "sneaky_goose", "boo"])
def test_only_human_seats_are_called_you(game):
    """An all-bot table (the app allows one) calls nobody "you"; a human's seat still is."""
    import re

    from goose_widgets import bots_for, play

    bot = sorted(bots_for(game))[0]
    watched = play(game, [bot, bot], seed=3, bot_delay=0)
    # what names the viewer (a legend's "move your roll again" speaks to any reader)
    you = r"\(you\)|\byou are\b|\byour turn\b|\byou hold\b|\byou\b(?= ·)"
    words = re.findall(you, re.sub(r"<[^>]+>", " ", watched.view_svg()), flags=re.IGNORECASE)
    assert not words, f"an all-bot {game} table says {words}"
    assert watched.status_text().count("you") == 0
    human = play(game, ["human", bot], seed=3, bot_delay=0)
    if game in ("boo_to_the_goose", "sneaky_goose"):  # the boards that name the viewer's seat
        assert re.search(you, re.sub(r"<[^>]+>", " ", human.view_svg()), flags=re.IGNORECASE)
