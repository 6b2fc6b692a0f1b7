"""Load on the classroom table server: 40 simulated learners at 10 tables play whole games.

A real server process (``goose-widgets serve`` on a loopback port, a fresh SQLite file, bots
without delay) holds 5 Boo to the Goose tables and 5 Sneaky Goose tables (one round), 4 learners at
each.  Each learner is a WebSocket client in this process: it waits a moment to "think" (0.1 to
0.4 s), plays a random legal move from its view, and every learner at the table records when the
view after that move reaches it.  Printed: the 50th and 95th percentile (and the worst) of that
move-to-update latency, the moves played, the server's CPU (seconds, and share of one core) and
its memory (resident now, and its peak), with the machine's load, since other work on a shared
machine changes every figure.  The goal is a 95th percentile under 100 ms on a 2-core machine.

    python benchmarks/bench_server.py [--tables 10] [--think 0.1 0.4]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

TOKEN = "benchmark-teacher"
GAMES = [("boo_to_the_goose", {}), ("sneaky_goose", {"rounds": 1})]
SEATS = 4


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _proc(pid: int) -> tuple[float, int, int]:
    """CPU seconds (user + system), resident memory and its peak (bytes) of process ``pid``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                  if ":" in line)
    return cpu, int(status["VmRSS"].split()[0]) * 1024, int(status["VmHWM"].split()[0]) * 1024


def _post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return dict(json.loads(response.read()))


async def _learner(url: str, code: str, seat: int, key: str, think: tuple[float, float],
                   moves: dict[str, dict[int, float]], latencies: list[float], seen: set[int],
                   rng: random.Random) -> int:
    """One learner: play its turns until the game is over; record when each move's update reaches
    it (once per move)."""
    from websockets.asyncio.client import connect

    played = 0
    async with connect(f"ws://{url.split('://', 1)[1]}/ws/{code}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "key": key}))
        sent_for = -1
        async for text in ws:
            view = json.loads(text)
            if view["type"] != "view":
                raise RuntimeError(f"table {code}, seat {seat}: {view}")
            now = time.perf_counter()
            for version, sent in list(moves[code].items()):
                if version < view["version"] and version not in seen:
                    seen.add(version)
                    latencies.append(now - sent)
            if view["over"]:
                return played
            if view["legal"] and view["version"] != sent_for:
                await asyncio.sleep(rng.uniform(*think))
                sent_for = view["version"]
                moves[code][view["version"]] = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal"]),
                                          "version": view["version"]}))
                played += 1
    return played


async def _run(url: str, tables: list[dict], think: tuple[float, float]) -> tuple[list[float], int, float]:
    latencies: list[float] = []
    moves: dict[str, dict[int, float]] = {t["table"]: {} for t in tables}
    seen_by: dict[tuple[str, int], set[int]] = {}
    per_seat: list[list[float]] = []
    tasks = []
    started = time.perf_counter()
    for index, table in enumerate(tables):
        for seat in range(SEATS):
            key = table["seats"][seat]["link"].split("key=", 1)[1]
            mine: list[float] = []
            per_seat.append(mine)
            seen_by[table["table"], seat] = set()
            tasks.append(_learner(url, table["table"], seat, key, think, moves, mine,
                                  seen_by[table["table"], seat], random.Random(index * 10 + seat)))
    played = sum(await asyncio.gather(*tasks))
    for mine in per_seat:
        latencies.extend(mine)
    return latencies, played, time.perf_counter() - started


def run(tables: int = 10, think: tuple[float, float] = (0.1, 0.4)) -> dict[str, float]:
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        log = open(Path(folder) / "server.log", "wb")
        server = subprocess.Popen(
            [sys.executable, "-m", "goose_widgets", "serve", "--port", str(port), "--db",
             str(Path(folder) / "tables.sqlite3"), "--token", TOKEN, "--bot-delay", "0"],
            stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.time() + 60
            while True:
                try:
                    urllib.request.urlopen(url + "/healthz", timeout=2)
                    break
                except OSError:
                    if server.poll() is not None or time.time() > deadline:
                        raise RuntimeError("the server did not start:\n"
                                           + (Path(folder) / "server.log").read_text()) from None
                    time.sleep(0.2)
            made = []
            for index in range(tables):
                game, params = GAMES[index % len(GAMES)]
                made.append(_post(url + "/api/tables", {"game": game, "players": ["human"] * SEATS,
                                                        "params": params}))
            cpu_before, _, _ = _proc(server.pid)
            load_before = os.getloadavg()[0]
            latencies, played, seconds = asyncio.run(_run(url, made, think))
            cpu_after, rss, peak = _proc(server.pid)
            load_after = os.getloadavg()[0]
        finally:
            server.terminate()
            server.wait(timeout=20)
            log.close()
    latencies.sort()
    cpu = cpu_after - cpu_before
    return {"clients": tables * SEATS, "tables": tables, "moves": played, "updates": len(latencies),
            "seconds": seconds, "p50_ms": 1000 * statistics.median(latencies),
            "p95_ms": 1000 * latencies[int(0.95 * (len(latencies) - 1))], "max_ms": 1000 * latencies[-1],
            "cpu_s": cpu, "cpu_share": cpu / seconds, "rss_mb": rss / 2**20, "peak_mb": peak / 2**20,
            "load_before": load_before, "load_after": load_after}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--think", type=float, nargs=2, default=(0.1, 0.4), metavar=("MIN", "MAX"))
    args = parser.parse_args([] if argv is None else argv)
    r = run(args.tables, tuple(args.think))
    print(f"   {r['clients']} learners at {r['tables']} tables (Boo to the Goose and Sneaky Goose, "
          f"{SEATS} seats each), thinking {args.think[0]}-{args.think[1]} s a move")
    print(f"   {r['moves']} moves in {r['seconds']:.1f} s; {r['updates']} updates received")
    print(f"   move-to-update latency: p50 {r['p50_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, "
          f"worst {r['max_ms']:.1f} ms")
    print(f"   server CPU {r['cpu_s']:.1f} s ({100 * r['cpu_share']:.0f}% of one core); memory "
          f"{r['rss_mb']:.0f} MB resident, {r['peak_mb']:.0f} MB at its peak")
    print(f"   machine load (1-minute average) {r['load_before']:.1f} before, {r['load_after']:.1f} after")


if __name__ == "__main__":
    main(sys.argv[1:])
