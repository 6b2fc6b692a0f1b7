"""Limits that hold, tried from the attacker's side: guessing codes, seat keys and the teacher's token
through every endpoint counts toward one budget per address, and beyond it even the right answer is
refused (so a refusal never says "that one was right"); connections per address and per table are
capped with a clear close reason; a page of another site is refused; a claim must be JSON; and
``X-Forwarded-For`` names the client only when it comes from a proxy named by ``--trusted-proxy``."""

from __future__ import annotations

import contextlib
import time
import urllib.error
import urllib.request

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from goose_widgets.server.gate import Limits, origin_allowed

from .helpers import AUTH, ServerProcess, create_table, key_of, make_app

JSON = {"Content-Type": "application/json"}


def closed_with(ws) -> tuple[str, int, str]:
    """The error a refused connection is sent, then its close code and reason."""
    error = ws.receive_json()
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return error["reason"], closed.value.code, closed.value.reason


def test_guessing_through_every_endpoint_is_limited_and_then_even_the_right_answer_is_refused(tmp_path):
    limits = Limits(lookups=12, hold=0.1)
    with TestClient(make_app(tmp_path / "t.sqlite3", limits=limits)) as client:
        summary = create_table(client, "boo_to_the_goose", ["human", "human"])  # lookup 1 (the token)
        code, key = summary["table"], key_of(summary, 0)
        room = client.app.state.hub.rooms[code]
        before = room.state.to_json(), [s.claimed for s in room.seats]
        wrong = "ZZZZZZZZZ"
        guesses = [
            lambda: client.get(f"/api/tables/{wrong}").status_code,  # codes, by their public facts
            lambda: client.post(f"/api/tables/{wrong}/claim", json={"seat": 0}).status_code,  # by a claim
            # tokens
            lambda: client.get("/api/tables", headers={"Authorization": "Bearer guess"}).status_code,
            lambda: client.post("/api/tables", json={}, headers={"Authorization": "Bearer x"}).status_code,
            lambda: client.get("/api/games", headers={"Authorization": "Bearer guess"}).status_code,
        ]
        assert [guess() for guess in guesses] == [404, 404, 401, 401, 401]  # lookups 2 to 6
        with client.websocket_connect(f"/ws/{wrong}") as ws:  # a code, by a WebSocket: 7
            assert closed_with(ws)[:2] == ("no_table", 4404)
        with client.websocket_connect(f"/ws/{code}") as ws:  # the right code: 8
            for seat in (0, 1, 0, 1):  # seats' keys, by hellos: 9 to 12, the last within the budget
                ws.send_json({"type": "hello", "seat": seat, "key": "guess"})
                assert ws.receive_json()["reason"] == "forbidden"
            ws.send_json({"type": "hello", "seat": 0, "key": key})  # the right key, over the budget
            assert closed_with(ws) == ("rate_limited", 4429, "too many requests from your address: "
                                                             "wait a minute")
        # over the budget, the right code, seat key and token are refused like any guess
        assert client.get(f"/api/tables/{code}").status_code == 429
        assert client.post(f"/api/tables/{code}/claim", json={"seat": 1}).status_code == 429
        assert client.get("/api/tables", headers=AUTH).status_code == 429
        refused = client.get("/api/games", headers=AUTH)
        assert refused.status_code == 429 and "wait a minute" in refused.json()["message"]
        with client.websocket_connect(f"/ws/{code}") as ws:
            assert closed_with(ws)[:2] == ("rate_limited", 4429)
        assert (room.state.to_json(), [s.claimed for s in room.seats]) == before  # nothing changed


def test_connections_per_address_and_per_table_are_capped_with_a_clear_reason(tmp_path):
    limits = Limits(per_address=3, per_table=4, lookups=1000, hold=0.5)
    with TestClient(make_app(tmp_path / "t.sqlite3", limits=limits)) as client, \
            contextlib.ExitStack() as open_:
        code = create_table(client, "boo", ["human", "human"])["table"]
        other = create_table(client, "boo", ["human", "human"])["table"]
        for _ in range(3):
            ws = open_.enter_context(client.websocket_connect(f"/ws/{code}"))
            ws.send_json({"type": "hello", "seat": None, "key": None})
            assert ws.receive_json()["type"] == "view"
        with client.websocket_connect(f"/ws/{other}") as fourth:  # a fourth from the same address
            started = time.monotonic()
            reason, close, why = closed_with(fourth)
        assert (reason, close) == ("too_many", 4429) and "too many connections from your address" in why
        assert time.monotonic() - started >= 0.45  # held open a while: coming straight back costs the caller
        # one closes: there is room again
        open_.close()
        with client.websocket_connect(f"/ws/{other}") as ws:
            ws.send_json({"type": "hello", "seat": None, "key": None})
            assert ws.receive_json()["type"] == "view"
    hub_limits = Limits(per_address=100, per_table=2, lookups=1000, hold=0.1)
    with TestClient(make_app(tmp_path / "u.sqlite3", limits=hub_limits)) as client, \
            contextlib.ExitStack() as open_:
        code = create_table(client, "boo", ["human", "human"])["table"]
        for _ in range(2):
            open_.enter_context(client.websocket_connect(f"/ws/{code}"))
        with client.websocket_connect(f"/ws/{code}") as third:
            reason, close, why = closed_with(third)
        assert (reason, close) == ("too_many", 4429) and "this table has as many connections" in why


def test_a_page_of_another_site_is_refused_and_a_claim_must_be_json(tmp_path):
    with TestClient(make_app(tmp_path / "t.sqlite3", allowed_origins=("https://moodle.school.example",))) \
            as client:
        summary = create_table(client, "boo", ["human", "human"])
        code = summary["table"]
        evil = {"Origin": "http://evil.example"}
        # a claim from another site's page, JSON or a no-cors text/plain one: refused, nothing taken
        assert client.post(f"/api/tables/{code}/claim", json={"seat": 0}, headers=evil).status_code == 403
        plain = client.post(f"/api/tables/{code}/claim", content=b'{"seat": 0}',
                            headers={"Content-Type": "text/plain"})
        assert plain.status_code == 415 and "JSON" in plain.json()["message"]
        form = client.post(f"/api/tables/{code}/claim", data={"seat": "0"})
        assert form.status_code == 415
        assert client.get(f"/api/tables/{code}", headers={"Origin": "null"}).status_code == 403
        assert not any(s["claimed"] for s in client.get(f"/api/tables/{code}").json()["seats"])
        # a WebSocket from another site's page never reaches the table, even with a seat's key
        for origin in ("http://evil.example", "http://testserver.evil.example", "null"):
            with pytest.raises(WebSocketDenialResponse) as denied:
                with client.websocket_connect(f"/ws/{code}", headers={"Origin": origin}) as ws:
                    ws.send_json({"type": "hello", "seat": 0, "key": key_of(summary, 0)})
            assert denied.value.status_code == 403
        assert client.app.state.hub.watchers.get(code, set()) == set()
        # this server's own pages, an allowed site, and programs (no Origin) are let in
        for headers in ({"Origin": "http://testserver"}, {"Origin": "https://moodle.school.example"}, {}):
            with client.websocket_connect(f"/ws/{code}", headers=headers) as ws:
                ws.send_json({"type": "hello", "seat": None, "key": None})
                assert ws.receive_json()["type"] == "view"
        assert client.post(f"/api/tables/{code}/claim", json={"seat": 0},
                           headers={"Origin": "http://testserver"}).status_code == 200


def test_origin_rules():
    same = {"host": "192.168.1.20:8765"}
    assert origin_allowed(same)
    assert origin_allowed({**same, "origin": "http://192.168.1.20:8765"})
    assert not origin_allowed({**same, "origin": "http://192.168.1.20:9999"})
    assert not origin_allowed({**same, "origin": "http://192.168.1.21:8765"})
    assert origin_allowed({"host": "games.school.example", "origin": "https://games.school.example"})
    assert origin_allowed({"host": "games.school.example:443", "origin": "https://games.school.example"})
    assert not origin_allowed({"host": "games.school.example", "origin": "https://games.school.example.evil"})
    assert not origin_allowed({**same, "origin": "file://"})
    assert origin_allowed({**same, "origin": "https://lms.example/"}, ["https://lms.example"])


def get(url: str, forwarded: str | None = None) -> int:
    headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


@pytest.mark.slow
def test_x_forwarded_for_is_ignored_unless_it_comes_from_a_trusted_proxy(tmp_path):
    """A real server (uvicorn reads the header): a guesser on this computer who sends a new
    X-Forwarded-For with every request is still one address, unless 127.0.0.1 is a trusted proxy."""
    for trusted, expected in (((), [404] * 5 + [429] * 5), (("--trusted-proxy", "127.0.0.1"), [404] * 10)):
        server = ServerProcess(tmp_path / f"t{len(trusted)}.sqlite3", tmp_path / "server.log",
                               args=("--lookups-per-minute", "5", *trusted)).start()
        try:
            answers = [get(f"{server.url}/api/tables/ZZZZZZZZZ", f"10.0.0.{i}") for i in range(10)]
            assert answers == expected, trusted
            if trusted:  # one forwarded address still has its own budget
                assert [get(f"{server.url}/api/tables/ZZZZZZZZZ", "10.9.9.9") for _ in range(6)][-1] == 429
        finally:
            server.stop()
