"""A live class on a real server process: the dashboard's update latency with 30 learners sending
events, and the bot league's matches per minute with 30 bots.

**Dashboard**: 30 simulated learners (threads of this process) each send a check or a hint every
0.5 to 2 s for ``--seconds`` seconds: checks of a plain answer (right, wrong or rounded) wait for
the server's verdict, as a learner's kernel does.  A teacher's dashboard (a WebSocket client) notes
when each snapshot arrives and how many events it holds.  Printed: the events sent, the latency from
a learner's sending an event to the first snapshot that holds it (50th, 95th, 99th percentile and
the worst), how long a check waited for its verdict (50th and 95th), and the server's CPU share.

**League**: 30 learners each submit a Boo to the Goose bot (simple rules with their own numbers:
lay dogs or geese first, flip the oldest or newest card, stop after so many geese, spend a fox at
once or keep it); the server plays their league against each other and the built-in bots on its
pool of workers for ``--seconds`` seconds.  Printed: matches (two games each) and games a minute,
duels decided, and the top of the leaderboard.

    python benchmarks/bench_class.py [--seconds 40] [--part dashboard|league|both]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

TOKEN = "benchmark-teacher"
LEARNERS = 30


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu(pid: int) -> float:
    """CPU seconds of process ``pid`` and every process below it (the judges' workers, and the
    sandboxes they started and waited for)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        number = int(stat.parent.name)
        parents[number] = int(fields[1])
        times[number] = sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")

    def below(number: int) -> bool:
        while number in parents and number != pid:
            number = parents[number]
        return number == pid

    return sum(t for number, t in times.items() if below(number))


class Server:
    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(folder / "server.log", "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "goose_widgets", "serve", "--port", str(self.port), "--db",
             str(folder / "class.sqlite3"), "--token", TOKEN, "--lookups-per-minute", "100000",
             *(["--workers", os.environ["BENCH_WORKERS"]] if "BENCH_WORKERS" in os.environ else [])],
            stdout=self.log, stderr=subprocess.STDOUT)
        from goose_widgets.exercises.server_client import ServerError, request_json

        deadline = time.monotonic() + 60
        while True:
            try:
                request_json(f"{self.url}/api/classes", token=TOKEN)
                break
            except ServerError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(30)
        self.log.close()


def _percentiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return (f"p50 {at(0.5):.0f} ms, p95 {at(0.95):.0f} ms, p99 {at(0.99):.0f} ms, "
            f"worst {ordered[-1] * 1000:.0f} ms")


def dashboard(seconds: float) -> None:
    from fractions import Fraction

    from websockets.sync.client import connect

    from goose_widgets.exercises.sent_answers import answer_payload
    from goose_widgets.exercises.server_client import request_json
    from goose_widgets.games.game_of_the_goose.exercises import beyond_the_well

    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            code = request_json(f"{server.url}/api/classes", {"name": "bench"}, token=TOKEN)["code"]
            names = [f"learner {n:02d}" for n in range(LEARNERS)]
            keys = {name: request_json(f"{server.url}/api/classes/{code}/join", {"name": name})["key"]
                    for name in names}
            snapshots: list[tuple[float, int]] = []
            stop = threading.Event()

            def watch() -> None:
                with connect(f"ws://127.0.0.1:{server.port}/ws/class/{code}", max_size=2**24) as ws:
                    ws.send(json.dumps({"token": TOKEN}))
                    while not stop.is_set():
                        try:
                            message = json.loads(ws.recv(timeout=1))
                        except TimeoutError:
                            continue
                        snapshots.append((time.monotonic(), int(message["events"])))

            watcher = threading.Thread(target=watch)
            watcher.start()
            time.sleep(1.0)
            sent: list[tuple[float, float]] = []  # (sent, acknowledged)
            waits: list[float] = []
            lock = threading.Lock()
            answers = [beyond_the_well.reference, Fraction(1, 2), float(beyond_the_well.reference)]
            cpu0 = _cpu(server.proc.pid)
            started = time.monotonic()

            def learner(name: str, key: str) -> None:
                rng = random.Random(name)
                while time.monotonic() - started < seconds:
                    time.sleep(rng.uniform(0.5, 2.0))
                    check = rng.random() < 0.5
                    event = {"id": uuid.uuid4().hex, "time": "2026-12-03T10:00:00+00:00",
                             "notebook": beyond_the_well.notebook, "exercise": beyond_the_well.name,
                             "kind": "check" if check else "hint", "result": "wrong" if check else 1}
                    if check:
                        event["answer"] = answer_payload(rng.choice(answers))
                    at = time.monotonic()
                    request_json(f"{server.url}/api/classes/{code}/events",
                                 {"learner": name, "key": key, "events": [event], "wait": 10 if check else 0},
                                 timeout=30)
                    done = time.monotonic()
                    with lock:
                        sent.append((at, done))
                        if check:
                            waits.append(done - at)

            threads = [threading.Thread(target=learner, args=item) for item in keys.items()]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            time.sleep(1.5)
            cpu = _cpu(server.proc.pid) - cpu0
            elapsed = time.monotonic() - started
            stop.set()
            watcher.join()
        finally:
            server.stop()
    latencies = []
    for rank, (at, _) in enumerate(sorted(sent, key=lambda pair: pair[1]), 1):
        shown = next((when for when, count in snapshots if count >= rank and when >= at), None)
        if shown is not None:
            latencies.append(shown - at)
    print(f"   dashboard with {LEARNERS} learners for {seconds:g} s: {len(sent)} events sent "
          f"({len(sent) / elapsed:.1f} a second), {len(snapshots)} snapshots received")
    print(f"   an event on the dashboard after the learner sent it: {_percentiles(latencies)} "
          f"({len(sent) - len(latencies)} never seen)")
    print(f"   a check's wait for the server's verdict: {_percentiles(waits)}")
    print(f"   the server's CPU, its judges' and their sandboxes' included: {cpu:.1f} s, "
          f"{cpu / elapsed:.0%} of one core ({cpu / elapsed / LEARNERS:.1%} of a core a learner)")


# --- the league ------------------------------------------------------------------------------------

def make_bot(dogs_first: bool, newest: bool, stop_after: int, fox_at_once: bool) -> Any:
    """A simple rule set as a learner might write it, using only its observation and legal actions."""

    def my_bot(observation: Any, legal_actions: Any) -> Any:
        texts = [str(a) for a in legal_actions]
        fox = [a for a, t in zip(legal_actions, texts) if "fox" in t]
        stop = [a for a, t in zip(legal_actions, texts) if t.startswith("stop")]
        flips = [a for a, t in zip(legal_actions, texts) if t.startswith("flip")]
        lays = [a for a, t in zip(legal_actions, texts) if t.startswith("play")]
        if stop and len(flips) < stop_after:  # few face-down cards left: bank what was turned
            return stop[0]
        if fox and fox_at_once:
            return fox[0]
        if flips:
            return flips[-1] if newest else flips[0]
        dogs = [a for a in lays if "dog" in str(a)]
        geese = [a for a in lays if "goose" in str(a)]
        if dogs_first and dogs:
            return dogs[0]
        if geese:
            return geese[0]
        return legal_actions[-1] if newest else legal_actions[0]

    return my_bot


def league(seconds: float) -> None:
    from goose_widgets.exercises.sent_answers import answer_payload
    from goose_widgets.exercises.server_client import request_json

    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            code = request_json(f"{server.url}/api/classes", {"name": "league"}, token=TOKEN)["code"]
            for n in range(LEARNERS):
                name = f"learner {n:02d}"
                key = request_json(f"{server.url}/api/classes/{code}/join", {"name": name})["key"]
                bot = make_bot(rng.random() < 0.5, rng.random() < 0.5, rng.choice([0, 4, 6, 8, 12]),
                               rng.random() < 0.5)
                request_json(f"{server.url}/api/classes/{code}/league",
                             {"learner": name, "key": key, "game": "boo_to_the_goose",
                              "bot": answer_payload(bot)})
            cpu0 = _cpu(server.proc.pid)
            started = time.monotonic()
            time.sleep(seconds)
            board = request_json(f"{server.url}/api/classes/{code}/league/boo_to_the_goose", token=TOKEN)
            elapsed = time.monotonic() - started
            cpu = _cpu(server.proc.pid) - cpu0
        finally:
            server.stop()
    entrants = len(board["rows"])
    duels = entrants * (entrants - 1) // 2
    print(f"   league of {LEARNERS} learners' bots and {entrants - LEARNERS} built-in bots, {seconds:g} s on "
          f"{os.cpu_count()} cores: {board['games']} games, {board['games'] / 2 / elapsed * 60:.0f} matches "
          f"a minute ({board['games'] / elapsed * 60:.0f} games), {duels - board['open_duels']} of {duels} "
          f"duels decided; the server's CPU with its workers {cpu / elapsed:.0%} of one core")
    for row in board["rows"][:5]:
        print(f"     {row['label']:<20} {row['rating']} ({row['low']}–{row['high']}), {row['games']} games")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--part", choices=["dashboard", "league", "both"], default="both")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:] if __name__ == "__main__" else [])
    if args.part in ("dashboard", "both"):
        dashboard(args.seconds)
    if args.part in ("league", "both"):
        league(args.seconds)


if __name__ == "__main__":
    main()
