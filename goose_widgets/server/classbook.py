"""A live class's records: its learners and every check, hint and solution they sent, in the
table server's SQLite file (`store.Store`, the same connection and lock).

A class has a code (as a table has) and a name.  A learner joins once with a name and receives a
secret key (`join`); every event they send after that carries the key, so nobody sends events as
someone else (`learner_key_ok`).  Events are written before they are acknowledged (`add_events`
returns once they are committed, ``synchronous=FULL``), so a server killed at any moment keeps
every event a learner was told it received.  Each event has the learner's own id for it, and a
repeated id is the same event (an offline learner's queue sent twice counts once).

A check's verdict is the server's (`set_verdict`, from `judge`), never the learner's: what the
learner's kernel said (``claimed``) is kept beside it only to show where the two disagree.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sqlite3
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .rooms import Refused, new_code
from .store import Store

MAX_CLASSES = 200
MAX_LEARNERS = 300  # in one class
MAX_CLASS_NAME = 60
MAX_LEARNER_NAME = 40


@dataclass(frozen=True)
class ClassEvent:
    """One event as the server keeps it; ``status`` is None until a check is judged."""

    id: int
    learner: str
    client_id: str
    time: str  # the learner's clock, as sent (ISO)
    received: float  # the server's clock (seconds since the epoch)
    notebook: str
    exercise: str
    kind: str  # check, hint, solution
    claimed: Any  # what the learner's kernel said: a check's result, a hint's number
    answer: Any  # a check's answer as sent (`exercises.sent_answers`), else None
    status: str | None = None
    message: str | None = None
    points: float | None = None
    out_of: float | None = None
    judged: float | None = None


_EVENT_COLUMNS = ("id, learner, client_id, time, received, notebook, exercise, kind, claimed, answer, "
                  "status, message, points, out_of, judged")


def _event(row: Sequence[Any]) -> ClassEvent:
    values = list(row)
    values[8] = json.loads(values[8]) if values[8] is not None else None
    values[9] = json.loads(values[9]) if values[9] is not None else None
    return ClassEvent(*values)


class ClassBook:
    """The classes of one server (in ``store``'s file)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db, self.lock = store.db, store.lock

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One transaction, committed (on disk) when the block ends, rolled back if it raises."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise

    # --- classes and learners -----------------------------------------------------------------
    def classes(self) -> list[dict[str, Any]]:
        with self.lock:
            rows = self.db.execute(
                "SELECT c.code, c.name, c.created, (SELECT COUNT(*) FROM learners l WHERE l.class = c.code)"
                " FROM classes c ORDER BY c.created").fetchall()
        return [{"code": code, "name": name, "created": created, "learners": count}
                for code, name, created, count in rows]

    def class_name(self, code: str) -> str | None:
        with self.lock:
            row = self.db.execute("SELECT name FROM classes WHERE code = ?", (code,)).fetchone()
        return None if row is None else str(row[0])

    def create_class(self, name: Any, taken: set[str] | Any = frozenset(), first: str | None = None) -> str:
        """A new class named ``name``; its code (never one of ``taken``, the tables' codes)."""
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_CLASS_NAME:
            raise Refused("bad_request", f"a class has a name of 1 to {MAX_CLASS_NAME} characters.")
        with self.lock:
            known = {row[0] for row in self.db.execute("SELECT code FROM classes")}
        if len(known) >= MAX_CLASSES:
            raise Refused("full", f"this server holds at most {MAX_CLASSES} classes.")
        code = new_code(known | set(taken), *(() if first is None else (first,)))
        with self.lock:
            self.db.execute("INSERT INTO classes (code, created, name) VALUES (?, ?, ?)",
                            (code, time.time(), " ".join(name.split())))
        return code

    def learners(self, code: str) -> list[str]:
        with self.lock:
            return [row[0] for row in self.db.execute(
                "SELECT name FROM learners WHERE class = ? ORDER BY joined", (code,))]

    def join(self, code: str, name: Any, key: Any = None) -> str:
        """Join class ``code`` as ``name``: a new learner's key, or (``key`` given and right) the same
        learner joining again.  A name already taken is refused without its key."""
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_LEARNER_NAME:
            raise Refused("bad_request", f"your name is 1 to {MAX_LEARNER_NAME} characters.")
        name = " ".join(name.split())
        if key is not None and self.learner_key_ok(code, name, key):
            return str(key)
        with self.lock:
            count = self.db.execute("SELECT COUNT(*) FROM learners WHERE class = ?", (code,)).fetchone()[0]
            if count >= MAX_LEARNERS:
                raise Refused("full", f"this class has as many learners as it takes ({MAX_LEARNERS}).")
            new_key = secrets.token_urlsafe(18)
            try:
                self.db.execute("INSERT INTO learners (class, name, key, joined) VALUES (?, ?, ?, ?)",
                                (code, name, new_key, time.time()))
            except sqlite3.IntegrityError:
                raise Refused("taken", f"someone in this class already joined as {name!r}: if that was you, "
                                       "join from the course folder you joined with (it keeps your key); "
                                       "otherwise choose another name.") from None
        return new_key

    def learner_key_ok(self, code: str, name: Any, key: Any) -> bool:
        if not isinstance(name, str) or not isinstance(key, str):
            return False
        with self.lock:
            row = self.db.execute("SELECT key FROM learners WHERE class = ? AND name = ?",
                                  (code, name)).fetchone()
        return row is not None and secrets.compare_digest(str(row[0]).encode(), key.encode())

    # --- events ------------------------------------------------------------------------------
    def add_events(self, code: str, learner: str, events: Sequence[dict[str, Any]]) -> list[tuple[int, bool]]:
        """Write ``events`` (already checked: `class_api`) in one transaction, committed on return;
        each one's row id and whether it is new (an id the learner sent before is not)."""
        now = time.time()
        found: list[tuple[int, bool]] = []
        with self._transaction():
            for event in events:
                cursor = self.db.execute(
                    "INSERT OR IGNORE INTO events (class, learner, client_id, time, received, notebook, "
                    "exercise, kind, claimed, answer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (code, learner, event["id"], event["time"], now, event["notebook"], event["exercise"],
                     event["kind"], json.dumps(event.get("result")),
                     None if event.get("answer") is None else json.dumps(event["answer"])))
                new = cursor.rowcount == 1
                row = self.db.execute("SELECT id FROM events WHERE class = ? AND learner = ? AND "
                                      "client_id = ?", (code, learner, event["id"])).fetchone()
                found.append((int(row[0]), new))
        return found

    def set_verdict(self, event_id: int, status: str, message: str, points: float, out_of: float) -> None:
        with self.lock:
            self.db.execute("UPDATE events SET status = ?, message = ?, points = ?, out_of = ?, judged = ? "
                            "WHERE id = ?", (status, message, points, out_of, time.time(), event_id))

    def events(self, code: str, since: int = 0) -> list[ClassEvent]:
        """The class's events with a row id above ``since``, in the order received."""
        with self.lock:
            rows = self.db.execute(f"SELECT {_EVENT_COLUMNS} FROM events WHERE class = ? AND id > ? "
                                   "ORDER BY id", (code, since)).fetchall()
        return [_event(row) for row in rows]

    def event(self, event_id: int) -> ClassEvent | None:
        with self.lock:
            row = self.db.execute(f"SELECT {_EVENT_COLUMNS} FROM events WHERE id = ?", (event_id,)).fetchone()
        return None if row is None else _event(row)

    def unjudged(self) -> list[tuple[str, ClassEvent]]:
        """Every check not judged yet (the server stopped before it was), with its class."""
        with self.lock:
            rows = self.db.execute(f"SELECT class, {_EVENT_COLUMNS} FROM events WHERE kind = 'check' AND "
                                   "status IS NULL ORDER BY id").fetchall()
        return [(str(row[0]), _event(row[1:])) for row in rows]

    # --- the league -------------------------------------------------------------------------------
    def submit(self, code: str, learner: str, game: str, payload: str) -> int:
        """Keep a learner's bot for ``game`` (its pickle, base64): their earlier one leaves the league,
        and this one starts with no games.  Its submission number."""
        with self._transaction():
            self.db.execute("UPDATE submissions SET active = 0 WHERE class = ? AND learner = ? AND game = ?",
                            (code, learner, game))
            cursor = self.db.execute(
                "INSERT INTO submissions (class, learner, game, submitted, payload, active) "
                "VALUES (?, ?, ?, ?, ?, 1)", (code, learner, game, time.time(), payload))
        return int(cursor.lastrowid or 0)

    def submissions(self, code: str, game: str) -> list[tuple[int, str, str]]:
        """The league's learners' bots now: (submission number, learner, pickle in base64)."""
        with self.lock:
            return [(int(i), str(lr), str(p)) for i, lr, p in self.db.execute(
                "SELECT id, learner, payload FROM submissions WHERE class = ? AND game = ? AND active = 1 "
                "ORDER BY id", (code, game))]

    def leagues(self) -> list[tuple[str, str]]:
        """Every (class, game) with a bot submitted."""
        with self.lock:
            return [(str(c), str(g)) for c, g in self.db.execute(
                "SELECT DISTINCT class, game FROM submissions WHERE active = 1")]

    def add_league_games(self, code: str, game: str, games: Sequence[dict[str, Any]]) -> None:
        now = time.time()
        with self._transaction():
            self.db.executemany(
                "INSERT INTO league_games (class, game, seat0, seat1, top, error, error_of, save, played) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(code, game, *g["seats"], g["top"], g["error"], g["error_of"], g["save"], now)
                 for g in games])

    def league_games(self, code: str, game: str) -> list[tuple[int, str, str, str, str, str]]:
        """The league's games: (number, seat 0's entrant, seat 1's, top, error, whose error)."""
        with self.lock:
            return [tuple(row) for row in self.db.execute(
                "SELECT id, seat0, seat1, top, error, error_of FROM league_games WHERE class = ? AND game = ?"
                " ORDER BY id", (code, game))]

    def league_game(self, code: str, number: int) -> tuple[str, str, str, str, str | None] | None:
        """One game of a class's league: (game, seat 0, seat 1, top, the engine's save)."""
        with self.lock:
            row = self.db.execute("SELECT game, seat0, seat1, top, save FROM league_games WHERE class = ? "
                                  "AND id = ?", (code, number)).fetchone()
        return None if row is None else (str(row[0]), str(row[1]), str(row[2]), str(row[3]), row[4])

    def learner_of(self, submission: int) -> str:
        with self.lock:
            row = self.db.execute("SELECT learner FROM submissions WHERE id = ?", (submission,)).fetchone()
        return "" if row is None else str(row[0])
