"""``goose-widgets serve``: start the classroom table server (uvicorn serving `app.create_app`).

It listens on 127.0.0.1 (this computer only) unless told ``--host 0.0.0.0`` (every network the
computer is on: a classroom).  The tables live in one SQLite file (``--db``), so stopping and
starting the server, or a crash, loses no acknowledged move; a file that cannot be used stops the
start with one sentence saying why and what to do (`dbfile`).
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import socket
import sys
from pathlib import Path
from typing import Any

import uvicorn

from . import DEFAULT_PORT
from .app import create_app
from .dbfile import StoreError, repair
from .gate import Limits
from .judge import Judges
from .rooms import CODE_ALPHABET, code_letters
from .store import Store

MAX_FRAME = 64 * 1024  # bytes of one WebSocket frame; the app reads at most 4,096 characters


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="goose-widgets serve",
        description="Serve tables where a class plays together, each learner in their own browser.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every "
                        "network this computer is on, for a classroom)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--db", default="goose_tables.sqlite3",
                   help="the SQLite file that keeps the tables (default ./goose_tables.sqlite3)")
    p.add_argument("--repair", action="store_true",
                   help="if the file is damaged, copy it beside itself, then keep every table that can "
                        "still be read, and serve")
    p.add_argument("--token", default=os.environ.get("GOOSE_WIDGETS_TEACHER_TOKEN"),
                   help="the teacher's token (default: $GOOSE_WIDGETS_TEACHER_TOKEN, else the one kept "
                        "in the database, else a new random one)")
    p.add_argument("--bot-delay", type=float, default=0.7,
                   help="seconds a bot waits before it moves, so learners can follow (default 0.7)")
    p.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                   help="a reverse proxy (an address or a network, such as 10.0.0.0/8) whose "
                        "X-Forwarded-For names the client; repeat for several (default: none, the "
                        "header is ignored)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="URL",
                   help="a site (such as https://moodle.school.org) whose pages may use the tables "
                        "besides this server's own; repeat for several")
    p.add_argument("--code-letters", default=CODE_ALPHABET, metavar="LETTERS",
                   help="the characters this server's table codes begin with (several servers behind one "
                        "proxy share the codes out by their first character; default: any)")
    limits = Limits()
    p.add_argument("--lookups-per-minute", type=int, default=limits.lookups,
                   help="table codes, seat keys and teacher tokens one address may try a minute, right "
                        f"or wrong (default {limits.lookups})")
    p.add_argument("--max-per-address", type=int, default=limits.per_address,
                   help=f"open connections from one address (default {limits.per_address})")
    p.add_argument("--max-per-table", type=int, default=limits.per_table,
                   help=f"open connections at one table (default {limits.per_table})")
    p.add_argument("--compress", action="store_true",
                   help="compress the messages (WebSocket permessage-deflate): about an eighth of the bytes, "
                        "for about a tenth more of the server's time; for a slow network (default off)")
    p.add_argument("--workers", type=int, default=None,
                   help="processes that judge a live class's checks and play its bot leagues (default: one "
                        "a core, at most 4)")
    p.add_argument("--dask-scheduler", metavar="ADDRESS",
                   help="judge and play on a Dask cluster instead (its scheduler, such as "
                        "tcp://10.0.0.5:8786; needs dask[distributed])")
    p.add_argument("--no-league", action="store_true", help="do not play the classes' bot leagues")
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"])
    return p


def serve(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    if not args.bot_delay >= 0:
        raise SystemExit("goose-widgets serve: --bot-delay must be 0 or more seconds.")
    if min(args.lookups_per_minute, args.max_per_address, args.max_per_table) < 1:
        raise SystemExit("goose-widgets serve: each limit must be 1 or more.")
    for proxy in args.trusted_proxy:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise SystemExit(f"goose-widgets serve: --trusted-proxy {proxy!r} is not an address or a "
                             "network (such as 127.0.0.1 or 10.0.0.0/8).") from None
    for origin in args.allow_origin:
        if not origin.startswith(("http://", "https://")) or origin.count("/") != 2:
            raise SystemExit(f"goose-widgets serve: --allow-origin {origin!r} is not a site such as "
                             "https://moodle.school.org (a scheme and a host, no path).")
    try:
        first_letters = code_letters(args.code_letters)
    except ValueError as err:
        raise SystemExit(f"goose-widgets serve: --code-letters: {err}") from None
    if args.workers is not None and args.workers < 1:
        raise SystemExit("goose-widgets serve: --workers must be 1 or more.")
    judges = Judges(args.workers, executor=dask_executor(args.dask_scheduler)) if args.dask_scheduler \
        else Judges(args.workers)
    store = open_store(args.db, args.repair)
    token = store.teacher_token(args.token)
    limits = Limits(lookups=args.lookups_per_minute, per_address=args.max_per_address,
                    per_table=args.max_per_table)
    app = create_app(store, token, bot_delay=args.bot_delay, limits=limits,
                     allowed_origins=tuple(args.allow_origin), first_letters=first_letters, judges=judges,
                     league=not args.no_league)
    base = f"http://{shown_host(args.host)}:{args.port}"
    aside = f" ({len(store.set_aside)} set aside: see the teacher's page)" if store.set_aside else ""
    print(f"goose-widgets: tables in {args.db}{aside}\n"
          f"  learners: {base}/  (type the table's code)\n"
          f"  teacher:  {base}/teacher#token={token}\n"
          "  keep the teacher's link to yourself; Ctrl+C stops the server.", flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print("  listening beyond this computer: anyone on the network can open the pages and watch "
              "tables by their code; serve a classroom on a trusted network only.", file=sys.stderr,
              flush=True)
    # X-Forwarded-For is read (by uvicorn) from the trusted proxies only; without any, not at all.
    # Compression is off unless asked for: a board's view is about 15 KB (2 KB compressed), nothing
    # for a classroom's network, while compressing each one took a tenth of the server's time at
    # 400 learners (where it is the difference between a p95 of 90 and of 156 ms, measured).
    uvicorn.run(app, host=args.host, port=args.port, ws="auto", ws_max_size=MAX_FRAME,
                log_level=args.log_level, proxy_headers=bool(args.trusted_proxy),
                forwarded_allow_ips=args.trusted_proxy or None, ws_per_message_deflate=args.compress)
    return 0


def dask_executor(address: str) -> Any:
    """An executor of the Dask cluster at ``address`` (the interface `simulate` takes too)."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise SystemExit("goose-widgets serve: --dask-scheduler needs Dask: "
                         "pip install 'dask[distributed]'.") from None
    try:
        return Client(address, timeout=20).get_executor()
    except OSError as err:
        raise SystemExit(f"goose-widgets serve: the Dask scheduler at {address} cannot be reached ({err}).") \
            from None


def open_store(path: str, repair_it: bool) -> Store:
    """The tables' file, checked; a file that cannot be used ends the command with one sentence
    (repaired first if ``repair_it`` and the damage allows it)."""
    try:
        return Store(path)
    except StoreError as err:
        if not (repair_it and err.repairable):
            raise SystemExit(f"goose-widgets serve: {err}") from None
    print(f"goose-widgets: {repair(Path(path))}", flush=True)
    try:
        return Store(path)
    except StoreError as err:
        raise SystemExit(f"goose-widgets serve: after the repair, {err}") from None


def shown_host(host: str) -> str:
    """The address learners type: ``host``, or for every network (``0.0.0.0``) this computer's
    address on its main network (the one its traffic to the world leaves by)."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
            address = str(probe.getsockname()[0])
    except OSError:
        address = ""
    if not address or address.startswith("127."):
        return "<this computer's address>"
    return address
