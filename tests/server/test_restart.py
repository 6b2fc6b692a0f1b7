"""Nothing lost: a real server process is killed with SIGKILL in the middle of three games and started
again on the same database; every table resumes at (at least) its last acknowledged move, every
acknowledged move is in its history, and each learner gets the same seat back with the same key."""

from __future__ import annotations

import contextlib
import json
import random
import urllib.request

import pytest
from websockets.sync.client import connect

from goose_widgets.server.store import Store

from .helpers import AUTH, ServerProcess, key_of

pytestmark = pytest.mark.slow


def post(url, body, headers=None):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


class Learner:
    """One learner's connection at one seat: hello, then act and read the answer."""

    def __init__(self, stack, server, table, seat):
        self.ws = stack.enter_context(connect(f"ws://127.0.0.1:{server.port}/ws/{table['table']}",
                                              open_timeout=10))
        self.ws.send(json.dumps({"type": "hello", "seat": seat, "key": key_of(table, seat)}))
        self.view = self.read()

    def read(self):
        while True:
            message = json.loads(self.ws.recv(timeout=15))
            assert message["type"] == "view", message
            return message

    def latest(self):
        """Read until no newer view is waiting (the bots may have moved)."""
        while True:
            try:
                message = json.loads(self.ws.recv(timeout=0.3))
            except TimeoutError:
                return self.view
            assert message["type"] == "view", message
            self.view = message

    def play(self, rng):
        """Play a random legal move and wait for its acknowledgement (the view after it)."""
        before = self.view["version"]
        self.ws.send(json.dumps({"type": "act", "action": rng.choice(self.view["legal"]), "version": before}))
        while self.view["version"] <= before:
            self.view = self.read()
        return self.view["version"]


def play_some(tables, learners, rng, moves):
    """Play ``moves`` moves at each table; return each table's last acknowledged version."""
    acknowledged = {}
    for code in tables:
        done = 0
        while done < moves:
            views = [lr.latest() for lr in learners[code]]
            if views[0]["over"]:
                break
            mover = next((lr for lr in learners[code] if lr.view["legal"]), None)
            if mover is None:
                continue  # a bot is thinking
            acknowledged[code] = mover.play(rng)
            done += 1
    return acknowledged


def test_sigkill_in_the_middle_of_games_loses_no_acknowledged_move(tmp_path):
    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db, tmp_path / "server.log").start()
    rng = random.Random(5)
    stack = contextlib.ExitStack()
    try:
        specs = [("boo_to_the_goose", ["human", "human", "counting"], {}),
                 ("sneaky_goose", ["human", "human"], {"rounds": 1}),
                 ("game_of_the_goose", ["human", "roller", "human"], {})]
        tables, learners = {}, {}
        for game, players, params in specs:
            body = {"game": game, "players": players, "params": params}
            table = post(server.url + "/api/tables", body, AUTH)
            tables[table["table"]] = table
            learners[table["table"]] = [Learner(stack, server, table, s) for s, kind in enumerate(players)
                                        if kind == "human"]
        acknowledged = play_some(tables, learners, rng, moves=12)
        histories = {code: Store(db).stored_state(code).history for code in tables}
        # one more move at each table, sent and not waited for: the kill may come before or after
        # it is stored, but it is never acknowledged
        for code in tables:
            mover = next((lr for lr in learners[code] if lr.latest()["legal"]), None)
            if mover is not None:
                mover.ws.send(json.dumps({"type": "act", "action": mover.view["legal"][0],
                                          "version": mover.view["version"]}))
        server.kill()
        for code in tables:
            for lr in learners[code]:
                lr.ws.close()

        stored = Store(db)
        for code, version in acknowledged.items():
            state = stored.stored_state(code)
            assert state.history_length >= version
            assert state.history[:len(histories[code])] == histories[code]
        stored.close()

        server = ServerProcess(db, tmp_path / "server.log").start()
        for code, table in tables.items():
            again = [Learner(stack, server, table, seat) for seat in
                     [s for s, info in enumerate(table["seats"]) if info["kind"] == "human"]]
            state = Store(db).stored_state(code)
            for lr in again:  # the same seat, at the stored position
                assert lr.view["seat"] in (0, 1, 2) and lr.latest()["version"] >= state.history_length
                assert lr.view["version"] >= acknowledged[code]
            learners[code] = again
        # the games go on after the restart
        after = play_some(tables, learners, rng, moves=5)
        for code, version in after.items():
            assert version > acknowledged[code]
            assert Store(db).stored_state(code).history_length >= version
    finally:
        stack.close()
        server.stop()
