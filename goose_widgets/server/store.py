"""Where the classroom server keeps its tables: one SQLite file (the standard library's sqlite3).

Each table is one row: its code, its spec (game, parameters, seats with their secret keys, the
secret seed) and its game as the engine's save (``state.to_json()``: the parameters and every move
and chance outcome).  `Store.commit` returns once the table is committed, and the server
acknowledges a move only after that, so a server killed at any moment (even by SIGKILL) restarts
with every table at its last acknowledged move.  The journal is SQLite's write-ahead log with
``synchronous=FULL``: a commit is on disk, not only in the operating system's cache, when it
returns.

Waiting for the disk takes milliseconds (4 ms typical on this project's machine, 15 ms at worst
when it was busy), which the event loop must not spend idle: `Store.commit` writes in a thread of
its own, and the tables that changed meanwhile share one transaction (a "group commit": one wait
for the disk however many tables moved).  `Store.save` is the same write, waited for in place.

The teacher's token is kept here too, so the teacher's link stays the same across restarts.

Opening a file checks it first (`dbfile.check`: a clear `StoreError` for an empty, foreign or
damaged file).  A table whose save does not load (an illegal move in it, a damaged spec) is set
aside with its reason (`Store.set_aside`), untouched in the file, and every other table is served.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from ..engine import state_from_json
from .dbfile import SCHEMA, StoreError, check
from .rooms import Room, normal_code


class Store:
    """The tables of one server, in the SQLite file at ``path``."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        check(self.path)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except sqlite3.Error as err:  # a file we may not write, a full disk
            raise StoreError(f"{self.path} cannot be opened for writing ({err}): check that this user may "
                             "write the file and its folder, and that the disk is not full.") from None
        self.set_aside: dict[str, str] = {}  # code -> why its table did not load (`load`)
        self.set_aside_games: dict[str, str] = {}  # code -> its game, if its spec could be read
        self.lock = threading.Lock()  # one statement or transaction at a time on the connection
        self._pending: dict[str, tuple[str, str]] = {}  # code -> (spec, save) to write next
        self._waiting: list[asyncio.Future[None]] = []  # commits that return when those are written
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None
        self._busy = False  # a batch is being written

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def teacher_token(self, wanted: str | None = None) -> str:
        """The teacher's token: ``wanted`` if given (and kept), else the one kept, else a new one."""
        if wanted:
            self._set_meta("teacher_token", wanted)
            return wanted
        with self.lock:
            row = self.db.execute("SELECT value FROM meta WHERE key = 'teacher_token'").fetchone()
        if row:
            return str(row[0])
        token = secrets.token_urlsafe(18)
        self._set_meta("teacher_token", token)
        return token

    def _set_meta(self, key: str, value: str) -> None:
        with self.lock:
            self.db.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                            "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))

    def add(self, room: Room) -> None:
        now = time.time()
        with self.lock:
            self.db.execute("INSERT INTO tables (code, created, updated, spec, save) VALUES (?, ?, ?, ?, ?)",
                            (room.code, now, now, json.dumps(room.spec()), room.state.to_json()))

    def save(self, room: Room) -> None:
        """Store the table's game (and its seats, whose keys may have been claimed); committed on
        return."""
        self._write({room.code: (json.dumps(room.spec()), room.state.to_json())})

    async def commit(self, room: Room) -> None:
        """`save`, without holding up the event loop: returns once the table as it is now is
        committed, together with every other table that changed meanwhile."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending[room.code] = (json.dumps(room.spec()), room.state.to_json())  # the newest wins
        self._waiting.append(done)
        if self._wake is None or self._writer is None or self._writer.done():
            self._wake = asyncio.Event()
            self._writer = loop.create_task(self._write_batches(self._wake))
        self._wake.set()
        await done

    async def _write_batches(self, wake: asyncio.Event) -> None:
        while True:
            await wake.wait()
            wake.clear()
            while self._pending:
                batch, waiting = self._pending, self._waiting
                self._pending, self._waiting = {}, []
                self._busy = True
                try:
                    await asyncio.to_thread(self._write, batch)
                except Exception as err:  # the disk is full, the file is gone: each waiter is told
                    for done in waiting:
                        if not done.done():
                            done.set_exception(err)
                else:
                    for done in waiting:
                        if not done.done():
                            done.set_result(None)
                finally:
                    self._busy = False

    async def drain(self) -> None:
        """Wait for every pending commit, then stop the writer (the server is stopping)."""
        while (self._pending or self._busy) and self._writer is not None and not self._writer.done():
            await asyncio.sleep(0.01)
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None

    def _write(self, batch: dict[str, tuple[str, str]]) -> None:
        """Write ``batch`` (code -> spec, save) in one transaction: one wait for the disk."""
        now = time.time()
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.executemany("UPDATE tables SET updated = ?, spec = ?, save = ? WHERE code = ?",
                                    [(now, spec, save, code) for code, (spec, save) in batch.items()])
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise

    def load(self) -> dict[str, Room]:
        """Every stored table, each at its last stored move; a table that does not load is set
        aside (`set_aside`: its code and why), and its row is left as it is."""
        rooms = {}
        self.set_aside, self.set_aside_games = {}, {}
        with self.lock:
            rows = self.db.execute("SELECT code, spec, save FROM tables ORDER BY created").fetchall()
        for code, spec, save in rows:
            try:
                if normal_code(code) != code:
                    raise ValueError(f"{code!r:.40} is not a table code")
                history = json.loads(save)["history"]
                rooms[code] = Room.from_spec(code, json.loads(spec), history)
            except Exception as err:  # whatever is wrong with one table, every other one is served
                self.set_aside[str(code)] = f"{type(err).__name__}: {' '.join(str(err).split())}"[:300]
                with contextlib.suppress(Exception):
                    self.set_aside_games[str(code)] = str(json.loads(spec)["game"])
        return rooms

    def stored_state(self, code: str) -> Any:
        """The stored game of table ``code`` (for tests and tools): the engine's own replay."""
        with self.lock:
            row = self.db.execute("SELECT save FROM tables WHERE code = ?", (code,)).fetchone()
        return None if row is None else state_from_json(row[0])
