"""No hidden card reaches a client: every message the server sends during whole Boo to the Goose and
Sneaky Goose games (the deal included) is intercepted, and for each one, twin positions that differ
only in cards its seat may not see give the identical message.  A spectator's messages may show only
what every seat sees.  The games are played through the real app (Starlette's test client, real
WebSockets), two learners and a bot at each table, and a spectator."""

from __future__ import annotations

import contextlib
import faulthandler
import json
import random
import time

import pytest
from starlette.testclient import TestClient

from goose_widgets.server import hub as server_hub
from goose_widgets.server.guard import TokenBucket
from tests.boo_to_the_goose.test_boo_to_the_goose_hidden import swap_hidden
from tests.sneaky_goose.sneaky_helpers import hidden_twin

from .helpers import create_table, key_of, make_app

VIEW_KEYS = {"type", "table", "game", "version", "seat", "names", "players", "svg", "status", "show_status",
             "legal", "buttons", "options", "log", "words", "over"}


def view_at(room, state, log, seat, options):
    """The view ``room`` would send ``seat`` if its game were ``state`` (with the move log ``log``)."""
    saved = room.state, room.log
    room.state, room.log = state, log
    try:
        return room.seat_view(seat, options)
    finally:
        room.state, room.log = saved


def twins(game, state, seat, rng):
    """Positions that differ from ``state`` only in cards ``seat`` (None: a spectator) cannot see."""
    others = range(state.game.players)
    if game == "boo_to_the_goose":
        for other in others:
            if other != seat:
                twin = swap_hidden(state, other)
                if twin is not None and twin != state:
                    yield twin
    else:
        for viewer in ([seat] if seat is not None else others):
            for _ in range(2):
                twin = hidden_twin(state, viewer, rng)
                if twin is not None and twin != state:
                    yield twin


def settled_version(room):
    """The table's version once the bots have moved and it stays put (read from the test's thread,
    while the server's loop may be in the middle of a move and its chance steps)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        version = room.version
        time.sleep(0.02)
        if not room.bot_to_move() and room.version == version:
            return version
    raise AssertionError("the table did not settle")


def play_whole_game(monkeypatch, tmp_path, game, players, **params):
    """Play a whole game through the app; return the room and every message sent, with the position
    it was sent from."""
    sent = []
    original = server_hub.Connection.send

    def intercept(conn, message):
        if isinstance(message, str):
            room = conn.room
            sent.append((conn.seat, room.state, list(room.log), dict(conn.settings.values), message))
        original(conn, message)

    monkeypatch.setattr(server_hub.Connection, "send", intercept)
    # this learner moves as fast as the views come back, which a fast machine makes more than the
    # pace a connection is allowed (tested in test_limits); the pace is not what is tested here
    monkeypatch.setattr(server_hub, "TokenBucket", lambda: TokenBucket(10**6, 1e6))
    rng = random.Random(7)
    faulthandler.dump_traceback_later(600, exit=True)  # a lost message would hang a receive
    try:
        with TestClient(make_app(tmp_path / "t.sqlite3")) as client, contextlib.ExitStack() as stack:
            table = create_table(client, game, players, **params)
            code = table["table"]
            hub = client.app.state.hub
            room = hub.rooms[code]
            humans = [i for i, kind in enumerate(players) if kind == "human"]
            sockets, ws_of = {}, {}
            for seat in [*humans, None]:
                ws = ws_of[seat] = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
                key = None if seat is None else key_of(table, seat)
                ws.send_json({"type": "hello", "seat": seat, "key": key})
                sockets[seat] = [ws.receive_json()]
                assert sockets[seat][0]["type"] == "view"
            views = {seat: msgs[-1] for seat, msgs in sockets.items()}
            while not views[None]["over"]:
                mover = next(s for s in humans if views[s]["legal"])
                legal = views[mover]["legal"]
                # a random learner who honks at once ends a Sneaky Goose round before much is hidden
                if "honk" in legal and len(legal) > 1 and rng.random() < 0.9:
                    legal = [a for a in legal if a != "honk"]
                action = rng.choice(legal)
                ws_of[mover].send_json({"type": "act", "action": action, "version": views[mover]["version"]})
                while True:  # the mover's own answer first: the move is then applied
                    answer = ws_of[mover].receive_json()
                    sockets[mover].append(answer)
                    assert answer["type"] == "view", answer
                    if answer["version"] > views[mover]["version"]:
                        break
                target = settled_version(room)
                for seat, msgs in sockets.items():
                    while msgs[-1]["type"] != "view" or msgs[-1]["version"] < target:
                        msgs.append(ws_of[seat].receive_json())
                    views[seat] = msgs[-1]
            received = sum(len(m) for m in sockets.values())
    finally:
        faulthandler.cancel_dump_traceback_later()
    return room, sent, received


@pytest.mark.parametrize("game, players, params", [
    ("boo_to_the_goose", ["human", "counting", "human"], {}),
    ("sneaky_goose", ["human", "human", "memory"], {"rounds": 2}),
])
def test_every_message_of_a_whole_game_hides_what_its_seat_may_not_see(monkeypatch, tmp_path, game,
                                                                      players, params):
    room, sent, received = play_whole_game(monkeypatch, tmp_path, game, players, **params)
    assert room.over and received == len(sent) > 20
    rng = random.Random(1)
    compared = 0
    public_logs = {}
    for seat, state, log, options, text in sent:
        message = json.loads(text)
        assert set(message) == VIEW_KEYS and message["seat"] == seat
        # the message is the view of that position: nothing else rides along (no state, no save)
        assert message == view_at(room, state, log, seat, options)
        assert "history" not in text and '"format"' not in text
        if seat is None:
            assert message["legal"] == [] and message["buttons"] == []
            public_logs[message["version"]] = message["log"]
        for twin in twins(game, state, seat, rng):
            assert view_at(room, twin, log, seat, options) == message, (seat, message["version"])
            compared += 1
    assert compared > 50
    # the log is the same for every seat (only "(you)" marks the reader's own name), but for the
    # lines only that seat may read, its own draws (issue 32), which are in its words too
    own = 0
    for seat, _state, _log, _options, text in sent:
        message = json.loads(text)
        mine = [line for line in message["log"] if line.startswith("You draw ")]
        said = message["words"]["log"]["lines"]
        assert said == message["log"][len(message["log"]) - len(said):]
        own += len(mine)
        if seat is not None and message["version"] in public_logs:
            name = message["names"][seat]
            public = [line for line in message["log"] if not line.startswith("You draw ")]
            assert public == [line.replace(f"{name}'s", "your").replace(name, f"{name} (you)")
                              for line in public_logs[message["version"]]][-len(public):]
    assert own > 0
