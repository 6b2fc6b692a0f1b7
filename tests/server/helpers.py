"""Shared helpers of the server tests: an app over a fresh database, tables made as a teacher would,
and a real server process (for the restart, notebook and browser tests)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.parse
from pathlib import Path
from typing import Any

from tests.browser.lab import free_port, wait_until_up

TOKEN = "a-teacher-token-for-tests"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def make_app(db: Path, bot_delay: float = 0.0, **options: Any) -> Any:
    """The app over ``db``; ``options`` go to `create_app` (``limits``, ``allowed_origins``).  By
    default the limits are the server's, but a connection refused for one is held 0.2 s, not 5."""
    from goose_widgets.server.app import create_app
    from goose_widgets.server.gate import Limits
    from goose_widgets.server.store import Store

    options.setdefault("limits", Limits(hold=0.2))
    return create_app(Store(db), TOKEN, bot_delay=bot_delay, **options)


def create_table(client: Any, game: str, players: list[str], **params: Any) -> dict[str, Any]:
    """A new table made through the teacher's API; its summary holds each learner seat's link."""
    response = client.post("/api/tables", json={"game": game, "players": players, "params": params},
                           headers=AUTH)
    assert response.status_code == 201, response.text
    return response.json()


def key_of(summary: dict[str, Any], seat: int) -> str:
    link = summary["seats"][seat]["link"]
    return urllib.parse.parse_qs(urllib.parse.urlsplit(link).fragment)["key"][0]


class ServerProcess:
    """``goose-widgets serve`` in a process of its own, on a free loopback port."""

    def __init__(self, db: Path, log: Path, bot_delay: float = 0.0, args: tuple[str, ...] = ()) -> None:
        self.db, self.log_path, self.bot_delay, self.args = db, log, bot_delay, args
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        self.log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "goose_widgets", "serve", "--port", str(self.port), "--db", str(self.db),
             "--token", TOKEN, "--bot-delay", str(self.bot_delay), *self.args],
            stdout=self.log, stderr=subprocess.STDOUT, env=dict(os.environ, PYTHONUNBUFFERED="1"))
        wait_until_up(self.url + "/healthz", self.proc, self.log_path, "the table server", seconds=60)
        return self

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing the server could do."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.log.close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.log.close()
