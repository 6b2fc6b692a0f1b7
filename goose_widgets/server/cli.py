"""``goose-widgets serve``: start the classroom table server (uvicorn serving `app.create_app`).

It listens on 127.0.0.1 (this computer only) unless told ``--host 0.0.0.0`` (every network the
computer is on: a classroom).  The tables live in one SQLite file (``--db``), so stopping and
starting the server, or a crash, loses no acknowledged move.
"""

from __future__ import annotations

import argparse
import os
import sys

import uvicorn

from . import DEFAULT_PORT
from .app import create_app
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
    p.add_argument("--token", default=os.environ.get("GOOSE_WIDGETS_TEACHER_TOKEN"),
                   help="the teacher's token (default: $GOOSE_WIDGETS_TEACHER_TOKEN, else the one kept "
                        "in the database, else a new random one)")
    p.add_argument("--bot-delay", type=float, default=0.7,
                   help="seconds a bot waits before it moves, so learners can follow (default 0.7)")
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"])
    return p


def serve(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    if not args.bot_delay >= 0:
        raise SystemExit("goose-widgets serve: --bot-delay must be 0 or more seconds.")
    store = Store(args.db)
    token = store.teacher_token(args.token)
    app = create_app(store, token, bot_delay=args.bot_delay)
    shown = "<this computer's address>" if args.host in ("0.0.0.0", "::") else args.host
    base = f"http://{shown}:{args.port}"
    print(f"goose-widgets: tables in {args.db}\n"
          f"  learners: {base}/  (type the table's code)\n"
          f"  teacher:  {base}/teacher#token={token}\n"
          "  keep the teacher's link to yourself; Ctrl+C stops the server.", flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print("  listening beyond this computer: anyone on the network can open the pages and watch "
              "tables by their code; serve a classroom on a trusted network only.", file=sys.stderr,
              flush=True)
    uvicorn.run(app, host=args.host, port=args.port, ws="auto", ws_max_size=MAX_FRAME,
                log_level=args.log_level)
    return 0
