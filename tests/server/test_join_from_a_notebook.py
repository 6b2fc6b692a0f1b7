"""`goose_widgets.join` shows a seat of a real server's table with the notebook's board widget, plays
by the same clicks, gets its seat back from the seat's link, and can watch; importing goose_widgets
imports none of the server's libraries."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request

import pytest

import goose_widgets
from goose_widgets.ui.board import SvgBoard

from .helpers import AUTH, ServerProcess

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("join")
    process = ServerProcess(root / "tables.sqlite3", root / "server.log").start()
    yield process
    process.stop()


def new_table(server, game, players):
    request = urllib.request.Request(server.url + "/api/tables", method="POST",
                                     headers={"Content-Type": "application/json", **AUTH},
                                     data=json.dumps({"game": game, "players": players}).encode())
    return json.loads(urllib.request.urlopen(request, timeout=10).read())


def teacher_tables(server):
    request = urllib.request.Request(server.url + "/api/tables", headers=AUTH)
    return json.loads(urllib.request.urlopen(request, timeout=10).read())


def test_join_plays_a_seat_with_the_board_widget(server):
    table = new_table(server, "game_of_the_goose", ["human", "roller"])
    code = table["table"]
    seat = goose_widgets.join(server.url, code.lower())
    watcher = goose_widgets.join(server.url, code, watch=True)
    try:
        assert seat.wait(lambda t: t.view is not None) and watcher.wait(lambda t: t.view is not None)
        assert isinstance(seat.board, SvgBoard) and seat.board.svg == seat.view["svg"]
        assert seat.view["seat"] == 0 and watcher.view["seat"] is None and watcher.view["legal"] == []
        bundle = seat._repr_mimebundle_()
        assert "image/svg+xml" in bundle and "RemoteTable" in bundle["text/plain"]
        start = seat.view["version"]
        assert seat.view["legal"] == ["roll"]
        seat.board.click("roll")  # what a click on the dice sends
        assert seat.wait(lambda t: t.view["version"] > start)
        assert watcher.wait(lambda t: t.view["version"] >= seat.view["version"])
        # a move that is not legal is refused by the server, shown in the cell, and changes nothing
        now = seat.view["version"]
        seat.wait(lambda t: bool(t.view["legal"]))
        seat.click("fly to square 63")
        assert seat.wait(lambda t: bool(t.errors))
        assert "not possible" in seat.errors[-1] and "fly to square 63" in seat.error.value
        assert seat.view["version"] >= now
        # the seat's link brings the same seat back (a second tab, or after a restart of the kernel):
        # the link the teacher's page shows now, since a claim gives the seat a new key
        link = next(t for t in teacher_tables(server) if t["table"] == code)["seats"][0]["link"]
        assert link != table["seats"][0]["link"] and link.endswith(seat.key)
        again = goose_widgets.join(server.url + link)
        assert again.wait(lambda t: t.view is not None) and again.view["seat"] == 0
        again.close()
        stale = goose_widgets.join(server.url + table["seats"][0]["link"])  # the link made before
        assert stale.wait(lambda t: bool(t.errors)) and "not the key" in stale.errors[-1]
        stale.close()
        # the seat is taken now: a newcomer gets an error that says what to do
        with pytest.raises(ValueError, match="taken"):
            goose_widgets.join(server.url, code, seat=0)
    finally:
        seat.close()
        watcher.close()


def test_join_refuses_a_wrong_address_or_table(server):
    with pytest.raises(ValueError, match="server's address"):
        goose_widgets.join("localhost:8765", "ABCDEFGHJ")
    with pytest.raises(ValueError, match="no table"):
        goose_widgets.join(server.url, "ZZZZZZZZZ")


def test_importing_goose_widgets_imports_no_server_library():
    code = ("import sys, goose_widgets; goose_widgets.play; "
            "print(sorted(m for m in ('starlette', 'uvicorn', 'websockets', 'goose_widgets.server') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
