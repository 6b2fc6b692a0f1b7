"""A hello storm at one table does not slow down the others: 150 sockets, each from an address of its
own, say hello 10 times a second at table A, while two learners play at table B.

The issue's bound is that table B's move-to-update p95 stays under 100 ms; run alone here it is
about 33 ms under the storm (25 ms before it), and `benchmarks/bench_server.py` prints such figures.
Inside the whole test command, with another test worker busy on the same 2 cores, a few updates of B
wait behind that worker (0.9 s outliers were seen), so a timed bound near 100 ms flakes.  The bound
here is what separates a server without the limits: 300 ms or three times B's baseline (measured
without the storm, in the same run) plus 150 ms, whichever is more.  Before the limits, such a storm
took B from 5 ms to 3 s; either bound fails that by far.  The storm runs in a process of its own
(`storm`), so that its own work does not delay the learners' clock here.  The test also checks that
the storm was real and refused, that a newcomer at another table is seated at once, and that a
player of the stormed table gets back to their seat (the players' hellos have a budget of their
own).
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from websockets.sync.client import connect

from .helpers import AUTH, ServerProcess, key_of

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def new_table(server, game, players):
    request = urllib.request.Request(server.url + "/api/tables", method="POST",
                                     headers={"Content-Type": "application/json", **AUTH},
                                     data=json.dumps({"game": game, "players": players}).encode())
    return json.loads(urllib.request.urlopen(request, timeout=10).read())


class Table:
    """Two learners at a Game of the Goose table who roll in turn; each move's time to its update."""

    def __init__(self, server):
        self.server = server
        self.start()

    def start(self):
        table = new_table(self.server, "game_of_the_goose", ["human", "human"])
        self.code = table["table"]
        self.ws = []
        self.stack = contextlib.ExitStack()
        for seat in (0, 1):
            ws = self.stack.enter_context(connect(f"ws://127.0.0.1:{self.server.port}/ws/{table['table']}",
                                                  open_timeout=10))
            ws.send(json.dumps({"type": "hello", "seat": seat, "key": key_of(table, seat)}))
            self.ws.append(ws)
        self.views = [self.latest(ws) for ws in self.ws]

    @staticmethod
    def latest(ws, after=-1):
        while True:
            view = json.loads(ws.recv(timeout=30))
            assert view["type"] == "view", view
            if view["version"] > after:
                return view

    def moves(self, count, pause=0.05):
        """Play ``count`` moves; the time from each move sent to its update at both learners."""
        times = []
        for _ in range(count):
            if self.views[0]["over"]:
                self.close()
                self.start()
            mover = 0 if self.views[0]["legal"] else 1
            view = self.views[mover]
            sent = time.perf_counter()
            self.ws[mover].send(json.dumps({"type": "act", "action": view["legal"][0],
                                            "version": view["version"]}))
            for seat in (0, 1):
                self.views[seat] = self.latest(self.ws[seat], view["version"])
                times.append(time.perf_counter() - sent)
            while not (self.views[0]["legal"] or self.views[1]["legal"] or self.views[0]["over"]):
                seat = 0 if self.views[0]["version"] < self.views[1]["version"] else 1
                self.views[seat] = self.latest(self.ws[seat], self.views[seat]["version"])
            time.sleep(pause)
        return times

    def close(self):
        self.stack.close()


def p95(times):
    return sorted(times)[int(0.95 * (len(times) - 1))]


def test_a_hello_storm_at_one_table_leaves_the_others_quick(tmp_path):
    server = ServerProcess(tmp_path / "tables.sqlite3", tmp_path / "server.log",
                           args=("--trusted-proxy", "127.0.0.1")).start()
    storm = None
    try:
        made = new_table(server, "boo_to_the_goose", ["human"] * 4)
        stormed = made["table"]
        table = Table(server)
        table.moves(5)  # warm up
        baseline = p95(table.moves(40))
        storm = subprocess.Popen([sys.executable, "-m", "tests.server.storm", server.url, stormed, "10"],
                                 cwd=ROOT, stdout=subprocess.PIPE, text=True)
        time.sleep(2)  # the storm is at full strength
        during = table.moves(60)
        started = time.perf_counter()  # a newcomer at another table: its handshake and first view
        with connect(f"ws://127.0.0.1:{server.port}/ws/{table.code}", open_timeout=10) as newcomer:
            newcomer.send(json.dumps({"type": "hello", "seat": None, "key": None}))
            first = json.loads(newcomer.recv(timeout=10))
        joined = time.perf_counter() - started
        # a player of the stormed table comes back to their seat: the players have a budget of their own
        with connect(f"ws://127.0.0.1:{server.port}/ws/{stormed}", open_timeout=10) as player:
            player.send(json.dumps({"type": "hello", "seat": 0, "key": key_of(made, 0)}))
            back = json.loads(player.recv(timeout=10))
        seen = json.loads(storm.communicate(timeout=60)[0])
        table.close()
    finally:
        if storm is not None and storm.poll() is None:
            storm.kill()
        server.stop()
    bound = max(0.300, 3 * baseline + 0.150)
    print(f"baseline p95 {1000 * baseline:.0f} ms, under the storm {1000 * p95(during):.0f} ms "
          f"(bound {1000 * bound:.0f} ms); newcomer {1000 * joined:.0f} ms; storm {seen}")
    assert seen.get("hellos sent", 0) > 3000 and seen.get("closed 4429", 0) > 100, seen  # refused
    assert p95(during) < bound, (baseline, sorted(during)[-5:])
    assert first["type"] == "view" and joined < 2.0
    assert back["type"] == "view" and back["seat"] == 0, back
