"""Seats no one can take: a seat reached by its link is taken (the code alone then gives a spectator's
view, nothing more), a claim gives a new key nobody else holds, and the teacher can free a seat or
give it a new key, after which the old key works nowhere.  Each case is tried as an intruder would:
the same HTTP requests and WebSocket messages as the pages send."""

from __future__ import annotations

import contextlib

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from goose_widgets.server.store import Store

from .helpers import AUTH, create_table, key_of, make_app

JSON = {"Content-Type": "application/json"}


SOCKETS = contextlib.ExitStack()


@pytest.fixture
def table(tmp_path):
    """A Boo to the Goose table of three learners, as the teacher's page made it."""
    with TestClient(make_app(tmp_path / "t.sqlite3")) as client, SOCKETS:
        yield client, create_table(client, "boo_to_the_goose", ["human", "human", "human"])


def hello(client, code, seat, key):
    """A new connection that says hello at ``seat`` with ``key``; it and the first answer."""
    ws = SOCKETS.enter_context(client.websocket_connect(f"/ws/{code}"))
    ws.send_json({"type": "hello", "seat": seat, "key": key})
    return ws, ws.receive_json()


def claimed(client, code):
    return [s["claimed"] for s in client.get(f"/api/tables/{code}").json()["seats"]]


def test_a_seat_reached_by_its_link_cannot_be_taken_with_the_code(table):
    client, summary = table
    code = summary["table"]
    ada, view = hello(client, code, 0, key_of(summary, 0))  # Ada opens her link
    assert view["type"] == "view" and view["seat"] == 0 and view["legal"]
    assert claimed(client, code) == [True, False, False]
    # an intruder with the code only: no claim, no hello at her seat, only the spectators' view
    answer = client.post(f"/api/tables/{code}/claim", json={"seat": 0})
    assert answer.status_code == 409 and answer.json()["error"] == "taken" and "key" not in answer.json()
    intruder, refused = hello(client, code, 0, None)
    assert refused["type"] == "error" and refused["reason"] == "forbidden"
    intruder.send_json({"type": "hello", "seat": None, "key": None})
    watched = intruder.receive_json()
    assert watched["seat"] is None and watched["legal"] == [] and watched["options"] == []
    assert "Your hand" not in watched["svg"] and "Your hand" in view["svg"]
    intruder.send_json({"type": "act", "action": view["legal"][0], "version": view["version"]})
    assert intruder.receive_json()["reason"] == "watching"
    intruder.send_json({"type": "option", "name": "coach", "value": True})
    assert intruder.receive_json()["reason"] == "watching"
    # Ada plays on, and the intruder only sees it
    ada.send_json({"type": "act", "action": view["legal"][0], "version": view["version"]})
    assert ada.receive_json()["version"] > view["version"]
    assert intruder.receive_json()["seat"] is None
    # the seat stays taken after a restart: it is stored
    assert Store(client.app.state.hub.store.path).load()[code].seats[0].claimed


def test_a_claim_gives_a_new_key_so_a_link_made_before_stops_working(table):
    client, summary = table
    code = summary["table"]
    link_key = key_of(summary, 1)
    answer = client.post(f"/api/tables/{code}/claim", json={"seat": 1})  # someone with the code, first
    assert answer.status_code == 200
    key = answer.json()["key"]
    assert key != link_key and len(key) >= 24
    _ben, refused = hello(client, code, 1, link_key)  # the link made at the start no longer works
    assert refused["reason"] == "forbidden" and "not the key" in refused["message"]
    teacher = client.get("/api/tables", headers=AUTH).json()
    assert teacher[0]["seats"][1]["link"].endswith(key)  # the teacher's page has the new link


def test_the_teacher_frees_a_seat_or_gives_it_a_new_key(table):
    client, summary = table
    code = summary["table"]
    old = key_of(summary, 0)
    ada, view = hello(client, code, 0, old)
    url = f"/api/tables/{code}/seats/0"
    # only the teacher: no token, a learner's key, junk
    assert client.post(url + "/free", json={}).status_code == 401
    assert client.post(url + "/free", json={}, headers={"Authorization": f"Bearer {old}"}).status_code == 401
    assert client.post(url + "/steal", json={}, headers=AUTH).status_code == 404
    assert client.post(f"/api/tables/{code}/seats/9/free", json={}, headers=AUTH).status_code == 400
    assert claimed(client, code)[0]

    freed = client.post(url + "/free", json={}, headers=AUTH)
    assert freed.status_code == 200 and not freed.json()["seats"][0]["claimed"]
    message = ada.receive_json()  # Ada's page is told, then closed
    assert message["reason"] == "forbidden" and "freed" in message["message"]
    with pytest.raises(WebSocketDisconnect) as closed:
        ada.receive_json()
    assert closed.value.code == 4403
    _again, refused = hello(client, code, 0, old)
    assert refused["reason"] == "forbidden"
    # free: anyone with the code may take it now, with a key of their own
    key = client.post(f"/api/tables/{code}/claim", json={"seat": 0}).json()["key"]
    assert key not in (old, key_of(freed.json(), 0))

    renewed = client.post(url + "/new-key", json={}, headers=AUTH).json()
    new = key_of(renewed, 0)
    assert new not in (old, key) and renewed["seats"][0]["claimed"]  # kept for the new link's holder
    assert client.post(f"/api/tables/{code}/claim", json={"seat": 0}).status_code == 409
    for stale in (old, key):
        _ws, refused = hello(client, code, 0, stale)
        assert refused["reason"] == "forbidden"
    _ws, seated = hello(client, code, 0, new)
    assert seated["seat"] == 0
    stored = Store(client.app.state.hub.store.path).load()[code].seats[0]
    assert stored.key == new and stored.claimed
