"""Where the classroom server keeps its tables: one SQLite file (the standard library's sqlite3).

Each table is one row: its code, its spec (game, parameters, seats with their secret keys, the
secret seed) and its game as the engine's save (``state.to_json()``: the parameters and every move
and chance outcome).  `Store.save` commits before it returns, and the server acknowledges a move
only after that, so a server killed at any moment (even by SIGKILL) restarts with every table at
its last acknowledged move.  The journal is SQLite's write-ahead log with ``synchronous=FULL``: a
commit is on disk, not only in the operating system's cache, when it returns.

The teacher's token is kept here too, so the teacher's link stays the same across restarts.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from pathlib import Path
from typing import Any

from ..engine import state_from_json
from .rooms import Room

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    spec TEXT NOT NULL,
    save TEXT NOT NULL
);
"""


class Store:
    """The tables of one server, in the SQLite file at ``path``."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def teacher_token(self, wanted: str | None = None) -> str:
        """The teacher's token: ``wanted`` if given (and kept), else the one kept, else a new one."""
        if wanted:
            self._set_meta("teacher_token", wanted)
            return wanted
        row = self.db.execute("SELECT value FROM meta WHERE key = 'teacher_token'").fetchone()
        if row:
            return str(row[0])
        token = secrets.token_urlsafe(18)
        self._set_meta("teacher_token", token)
        return token

    def _set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                        "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))

    def add(self, room: Room) -> None:
        now = time.time()
        self.db.execute("INSERT INTO tables (code, created, updated, spec, save) VALUES (?, ?, ?, ?, ?)",
                        (room.code, now, now, json.dumps(room.spec()), room.state.to_json()))

    def save(self, room: Room) -> None:
        """Store the table's game (and its seats, whose keys may have been claimed); committed on
        return (autocommit: each statement is its own transaction)."""
        self.db.execute("UPDATE tables SET updated = ?, spec = ?, save = ? WHERE code = ?",
                        (time.time(), json.dumps(room.spec()), room.state.to_json(), room.code))

    def load(self) -> dict[str, Room]:
        """Every stored table, each at its last stored move."""
        rooms = {}
        for code, spec, save in self.db.execute("SELECT code, spec, save FROM tables ORDER BY created"):
            history = json.loads(save)["history"]
            rooms[code] = Room.from_spec(code, json.loads(spec), history)
        return rooms

    def stored_state(self, code: str) -> Any:
        """The stored game of table ``code`` (for tests and tools): the engine's own replay."""
        row = self.db.execute("SELECT save FROM tables WHERE code = ?", (code,)).fetchone()
        return None if row is None else state_from_json(row[0])
