"""Load on the classroom table server: simulated learners play whole games, 4 at each table.

For each number of learners (by default 40, 100, 200, 400 and 800) a real server process
(``goose-widgets serve`` on a loopback port, a fresh SQLite file on disk, bots without delay) holds
one table per 4 learners, half Boo to the Goose and half Sneaky Goose (one round).  Each learner is
a WebSocket client in this process, from an address of its own (``X-Forwarded-For``, with the
server told to trust this computer as its proxy, so that the per-address limits apply to each
learner as they would in a classroom).  A learner waits a moment to "think" (0.1 to 0.4 s: far
quicker than a class), plays a random legal move from its view, and every learner at the table
records when the view after that move reaches it.

Printed for each number of learners: the moves played, the 50th, 95th and 99th percentiles (and
the worst) of that move-to-update latency, the errors the learners received or met (a run goes on
after them, reconnecting where it can, and counts them by kind), the server's CPU (seconds, and
share of one core: the server is one process with one event loop) and memory (resident at the
end, and its peak), this client process's CPU share, and the machine's load average before and
after: other work on a shared machine changes every figure.  The goal is a 95th percentile under
100 ms at 400 learners on an otherwise idle 2-core machine.

    python benchmarks/bench_server.py [--clients 40 100 200 400 800] [--think 0.1 0.4] [--compress]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

TOKEN = "benchmark-teacher"
GAMES = [("boo_to_the_goose", {}), ("sneaky_goose", {"rounds": 1})]
SEATS = 4
CLIENTS = (40, 100, 200, 400, 800)
DEADLINE = 600.0  # seconds a run may take before the unfinished games are given up (and counted)


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


def _self_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _address(index: int) -> str:
    """A learner's own (made-up) address."""
    return f"10.{index // 65536 % 256}.{index // 256 % 256}.{index % 256}"


def _post(url: str, body: dict[str, Any], address: str) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}", "X-Forwarded-For": address})
    with urllib.request.urlopen(request, timeout=60) as response:
        return dict(json.loads(response.read()))


class Run:
    """What the learners of one run share: the moves sent, the latencies seen, the errors met."""

    def __init__(self) -> None:
        self.sent: dict[str, dict[int, float]] = collections.defaultdict(dict)  # table -> version -> time
        self.latencies: list[float] = []
        self.errors: collections.Counter[str] = collections.Counter()
        self.moves = 0
        self.finished: set[str] = set()


async def _learner(url: str, code: str, seat: int, key: str, address: str, think: tuple[float, float],
                   run: Run, rng: random.Random) -> None:
    """One learner: play its turns until the game is over, reconnecting after a lost connection;
    record when each move's update reaches it (once per move) and every error it meets."""
    from websockets.asyncio.client import connect

    seen: set[int] = set()
    sent_for = -1
    for attempt in range(20):
        try:
            async with connect(f"ws://{url.split('://', 1)[1]}/ws/{code}", max_size=2**22,
                               additional_headers={"X-Forwarded-For": address}, open_timeout=60) as ws:
                await ws.send(json.dumps({"type": "hello", "seat": seat, "key": key}))
                async for text in ws:
                    view = json.loads(text)
                    if view["type"] != "view":
                        run.errors[f"error message: {view.get('reason')}"] += 1
                        continue
                    now = time.perf_counter()
                    for version, when in list(run.sent[code].items()):
                        if version < view["version"] and version not in seen:
                            seen.add(version)
                            run.latencies.append(now - when)
                    if view["over"]:
                        run.finished.add(code)
                        return
                    if view["legal"] and view["version"] != sent_for:
                        await asyncio.sleep(rng.uniform(*think))
                        sent_for = view["version"]
                        run.sent[code][view["version"]] = time.perf_counter()
                        await ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal"]),
                                                  "version": view["version"]}))
                        run.moves += 1
                run.errors[f"closed by the server ({ws.close_code} {ws.close_reason})"] += 1
        except Exception as err:  # a benchmark goes on: count it, and come back as a page would
            run.errors[f"{type(err).__name__}: {str(err)[:60]}"] += 1
        await asyncio.sleep(min(5.0, 0.5 * 2 ** attempt))
    run.errors["gave up after 20 connections"] += 1


async def _play(url: str, tables: list[dict[str, Any]], think: tuple[float, float], run: Run) -> float:
    started = time.perf_counter()
    tasks = []
    for index, table in enumerate(tables):
        for seat in range(SEATS):
            key = table["seats"][seat]["link"].split("key=", 1)[1]
            tasks.append(_learner(url, table["table"], seat, key, _address(index * SEATS + seat), think, run,
                                  random.Random(index * 10 + seat)))
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=DEADLINE)
    except TimeoutError:
        run.errors[f"run stopped after {DEADLINE:.0f} s"] += 1
    return time.perf_counter() - started


def _percentile(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, int(share * len(values)))] if values else float("nan")


def run(clients: int = 40, think: tuple[float, float] = (0.1, 0.4), compress: bool = False) -> dict[str, Any]:
    """One run with ``clients`` learners (``clients // 4`` tables) against a fresh server (with
    ``--compress`` if ``compress``)."""
    tables = max(1, clients // SEATS)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        log_path = Path(folder) / "server.log"
        with open(log_path, "wb") as log:
            server = subprocess.Popen(
                [sys.executable, "-m", "goose_widgets", "serve", "--port", str(port), "--db",
                 str(Path(folder) / "tables.sqlite3"), "--token", TOKEN, "--bot-delay", "0",
                 "--trusted-proxy", "127.0.0.1", *(["--compress"] if compress else [])],
                stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.time() + 60
            while True:
                try:
                    urllib.request.urlopen(url + "/healthz", timeout=2)
                    break
                except OSError:
                    if server.poll() is not None or time.time() > deadline:
                        raise RuntimeError("the server did not start:\n" + log_path.read_text()) from None
                    time.sleep(0.2)
            made = []
            for index in range(tables):
                game, params = GAMES[index % len(GAMES)]
                made.append(_post(url + "/api/tables", {"game": game, "players": ["human"] * SEATS,
                                                        "params": params}, f"10.255.{index // 100}.1"))
            cpu_before, _, _ = _proc(server.pid)
            mine_before = _self_cpu()
            load_before = os.getloadavg()[0]
            result = Run()
            seconds = asyncio.run(_play(url, made, think, result))
            cpu_after, rss, peak = _proc(server.pid)
            mine = _self_cpu() - mine_before
            load_after = os.getloadavg()[0]
        finally:
            server.terminate()
            server.wait(timeout=30)
    latencies = sorted(result.latencies)
    cpu = cpu_after - cpu_before
    unfinished = tables - len(result.finished)
    if unfinished:
        result.errors[f"tables not finished: {unfinished}"] += 1
    return {"clients": tables * SEATS, "tables": tables, "moves": result.moves, "updates": len(latencies),
            "seconds": seconds, "p50_ms": 1000 * _percentile(latencies, 0.50),
            "p95_ms": 1000 * _percentile(latencies, 0.95), "p99_ms": 1000 * _percentile(latencies, 0.99),
            "max_ms": 1000 * latencies[-1] if latencies else float("nan"),
            "errors": dict(result.errors), "cpu_s": cpu, "cpu_share": cpu / seconds,
            "client_share": mine / seconds, "rss_mb": rss / 2**20, "peak_mb": peak / 2**20,
            "load_before": load_before, "load_after": load_after}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, nargs="+", default=list(CLIENTS))
    parser.add_argument("--think", type=float, nargs=2, default=(0.1, 0.4), metavar=("MIN", "MAX"))
    parser.add_argument("--compress", action="store_true", help="serve with --compress (permessage-deflate)")
    args = parser.parse_args([] if argv is None else argv)
    print(f"   learners at tables of {SEATS} (Boo to the Goose and Sneaky Goose, one round), each "
          f"thinking {args.think[0]}-{args.think[1]} s a move; latency from a move sent to its update "
          f"at each learner of the table; messages {'compressed' if args.compress else 'not compressed'}",
          flush=True)
    print("   learners tables  moves  seconds   p50 ms   p95 ms   p99 ms   max ms  server CPU (one core)"
          "  client CPU  memory MB (peak)  load before/after  errors", flush=True)
    for clients in args.clients:
        r = run(clients, tuple(args.think), args.compress)
        errors = ", ".join(f"{n} × {kind}" for kind, n in sorted(r["errors"].items())) or "none"
        print(f"   {r['clients']:8d} {r['tables']:6d} {r['moves']:6d} {r['seconds']:8.1f} {r['p50_ms']:8.1f} "
              f"{r['p95_ms']:8.1f} {r['p99_ms']:8.1f} {r['max_ms']:8.1f} "
              f"{r['cpu_s']:7.1f} s ({r['cpu_share']:4.0%})"
              f"  {r['client_share']:9.0%}  {r['rss_mb']:6.0f} ({r['peak_mb']:4.0f})"
              f"     {r['load_before']:5.1f} / {r['load_after']:4.1f}     {errors}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
