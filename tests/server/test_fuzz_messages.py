"""Bad input changes nothing: junk, malformed, oversized and forged messages (another seat's key, an
illegal or stale action, a spectator's move, a flood) each get a clear error for that client alone,
and the table, its stored game and the other clients' views stay as they were."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from goose_widgets.server import hub as server_hub
from goose_widgets.server.guard import FLOOD_LIMIT, MAX_MESSAGE, TokenBucket

from .helpers import AUTH, create_table, key_of, make_app

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12)
field_values = (st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=60)
                | st.lists(st.integers()))
shaped = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "act", "option", "view", "HELLO", ""])},
    optional={"seat": field_values, "key": field_values, "action": field_values, "version": field_values,
              "name": field_values, "value": field_values, "extra": field_values})
junk = st.one_of(
    st.text(max_size=200).map(lambda t: ("text", t)),
    st.binary(max_size=100).map(lambda b: ("bytes", b)),
    json_values.map(lambda v: ("text", json.dumps(v))),
    shaped.map(lambda m: ("text", json.dumps(m))),
)


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A Boo to the Goose table, Player 1 to move; seat 1 and a spectator are connected."""
    with TestClient(make_app(tmp_path / "t.sqlite3")) as client:
        summary = create_table(client, "boo_to_the_goose", ["human", "human", "human"])
        room = client.app.state.hub.rooms[summary["table"]]
        yield client, summary, room


def snapshot(client, room):
    stored = client.app.state.hub.store.stored_state(room.code)
    return room.state.to_json(), list(room.log), stored.to_json(), [dict(o) for o in room.options]


def reply(ws):
    message = ws.receive_json()
    assert message["type"] == "error" and message["reason"] and len(message["message"]) > 10, message
    return message


def test_junk_gets_an_error_and_changes_nothing(table, monkeypatch):
    client, summary, room = table
    monkeypatch.setattr(server_hub, "TokenBucket", lambda: TokenBucket(10**6, 10**6))  # pace: below
    before = snapshot(client, room)
    with client.websocket_connect(f"/ws/{summary['table']}") as learner, \
            client.websocket_connect(f"/ws/{summary['table']}") as stranger:
        learner.send_json({"type": "hello", "seat": 1, "key": key_of(summary, 1)})
        seen = learner.receive_json()
        assert seen["type"] == "view" and seen["seat"] == 1

        @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
        @given(junk)
        def junk_changes_nothing(message):
            kind, payload = message
            for ws in (learner, stranger):  # the learner said hello, the stranger did not
                if kind == "bytes":
                    ws.send_bytes(payload)
                else:
                    ws.send_text(payload)
                parsed = None
                try:
                    parsed = json.loads(payload) if kind == "text" else None
                except ValueError:
                    pass
                answer = ws.receive_json()
                if answer["type"] == "view":  # a well-formed hello or view setting: still nothing changed
                    assert isinstance(parsed, dict) and parsed.get("type") in ("hello", "act", "option")
                    assert answer["version"] == room.version
                else:
                    assert answer["type"] == "error" and answer["message"]
                assert snapshot(client, room) == before

        junk_changes_nothing()


def test_forged_stale_illegal_and_oversized_messages_are_refused(table):
    client, summary, room = table
    before = snapshot(client, room)
    code = summary["table"]
    legal = room.seat_view(0)["legal"]
    with client.websocket_connect(f"/ws/{code}") as learner, client.websocket_connect(f"/ws/{code}") as spy:
        spy.send_json({"type": "hello", "seat": 0, "key": key_of(summary, 1)})  # another seat's key
        assert reply(spy)["reason"] == "forbidden"
        spy.send_json({"type": "act", "action": legal[0], "version": room.version})  # no seat yet
        assert reply(spy)["reason"] == "hello_first"
        spy.send_json({"type": "hello", "seat": None, "key": None})  # a spectator may watch
        assert spy.receive_json()["seat"] is None
        spy.send_json({"type": "act", "action": legal[0], "version": room.version})
        assert reply(spy)["reason"] == "watching"
        learner.send_json({"type": "hello", "seat": 1, "key": key_of(summary, 1)})
        assert learner.receive_json()["legal"] == []
        cases = [
            ({"type": "act", "action": legal[0], "version": room.version}, "not_your_turn"),  # seat 1
            ({"type": "act", "action": legal[0], "version": room.version, "seat": 0}, "malformed"),
            ({"type": "act", "action": "take every card", "version": room.version}, "not_your_turn"),
            ({"type": "option", "name": "cheat", "value": True}, "malformed"),
            ({"type": "option", "name": "coach", "value": "yes"}, "malformed"),
            ({"type": "act", "action": "x" * (MAX_MESSAGE + 10), "version": room.version}, "too_big"),
            ({"type": "act", "action": "ui:seat_names=evil", "version": room.version}, "illegal"),
        ]
        for message, reason in cases:
            learner.send_json(message)
            assert reply(learner)["reason"] == reason, message
        assert snapshot(client, room) == before
        # the mover's own stale and illegal moves
        with client.websocket_connect(f"/ws/{code}") as mover:
            mover.send_json({"type": "hello", "seat": 0, "key": key_of(summary, 0)})
            version = mover.receive_json()["version"]
            mover.send_json({"type": "act", "action": legal[0], "version": version - 1})
            assert reply(mover)["reason"] == "stale"
            mover.send_json({"type": "act", "action": "flip Player 9's card 1", "version": version})
            assert reply(mover)["reason"] == "illegal"
            assert snapshot(client, room) == before
            # and a good move still works, seen by everyone
            mover.send_json({"type": "act", "action": legal[0], "version": version})
            assert mover.receive_json()["version"] > version
            assert learner.receive_json()["version"] == spy.receive_json()["version"] == room.version


def test_a_flood_is_paced_then_closed_and_changes_nothing(table):
    client, summary, room = table
    before = snapshot(client, room)
    with client.websocket_connect(f"/ws/{summary['table']}") as flood:
        flood.send_json({"type": "hello", "seat": 1, "key": key_of(summary, 1)})
        flood.receive_json()
        for _ in range(FLOOD_LIMIT + 60):
            flood.send_json({"type": "option", "name": "coach", "value": False})
        reasons = []
        with pytest.raises(WebSocketDisconnect):
            while True:
                message = flood.receive_json()
                reasons.append(message.get("reason"))
        assert "rate_limited" in reasons
        assert reasons.count("rate_limited") < 10  # the errors about pace are paced too
    assert snapshot(client, room)[:3] == before[:3]


def test_teacher_pages_need_the_token(table):
    client, summary, _room = table
    assert client.get("/api/tables").status_code == 401
    assert client.get("/api/tables", headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert client.post("/api/tables", json={"game": "boo", "players": ["human", "human"]}).status_code == 401
    assert client.get("/api/tables", headers=AUTH).status_code == 200
    info = client.get(f"/api/tables/{summary['table'].lower()}").json()
    assert "link" not in json.dumps(info) and "key" not in json.dumps(info)  # no secrets in public info
    assert client.get("/api/tables/ZZZZZZZZZ").status_code == 404
    bad = client.post("/api/tables", json={"game": "boo", "players": ["human"] * 3}, headers=AUTH)
    assert bad.status_code == 400 and "players" in bad.json()["message"]
    for body in [b"not json", b"[1]", b'{"seat": 7}', b'{"seat": 0, "x": 1}']:
        assert client.post(f"/api/tables/{summary['table']}/claim", content=body,
                           headers={"Content-Type": "application/json"}).status_code == 400
    page = client.get("/t/" + summary["table"])
    assert page.status_code == 200 and "script-src" not in page.headers["content-security-policy"]
    assert "default-src 'self'" in page.headers["content-security-policy"]
