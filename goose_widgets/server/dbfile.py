"""Opening the tables' SQLite file safely: what is wrong with it in one sentence, and a repair that
keeps a copy first.

`check` runs before the server opens the file for writing: a file of 0 bytes (a table server's
file never is: it would start with no tables, silently), a file that is not SQLite, a SQLite
database of something else, or a damaged one (SQLite's ``PRAGMA integrity_check``) each raise a
`StoreError` that says what is wrong and what to do.  The file is only ever read through SQLite:
closing a plain handle on it would drop the locks SQLite holds on it in this process (a test that
opened the file beside a server lost the server's writes that way).

`repair` copies the file as it is (with its write-ahead log) beside it, then writes a new file with
every table row and setting that can still be read; the server then checks each table's save as it
loads it (`store.Store.load`).
"""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

COLUMNS = {"meta": ["key", "value"], "tables": ["code", "created", "updated", "spec", "save"],
           # a live class (`classbook`): its learners, and every check, hint and solution they sent
           "classes": ["code", "created", "name"],
           "learners": ["class", "name", "key", "joined"],
           "events": ["id", "class", "learner", "client_id", "time", "received", "notebook", "exercise",
                      "kind", "claimed", "answer", "status", "message", "points", "out_of", "judged"],
           # its bot league (`league`): the bots learners submitted, and every game played
           "submissions": ["id", "class", "learner", "game", "submitted", "payload", "active"],
           "league_games": ["id", "class", "game", "seat0", "seat1", "top", "error", "error_of", "save",
                            "played"]}
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    spec TEXT NOT NULL,
    save TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS classes (code TEXT PRIMARY KEY, created REAL NOT NULL, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS learners (
    class TEXT NOT NULL,
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    joined REAL NOT NULL,
    PRIMARY KEY (class, name)
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    class TEXT NOT NULL,
    learner TEXT NOT NULL,
    client_id TEXT NOT NULL,
    time TEXT NOT NULL,
    received REAL NOT NULL,
    notebook TEXT NOT NULL,
    exercise TEXT NOT NULL,
    kind TEXT NOT NULL,
    claimed TEXT,
    answer TEXT,
    status TEXT,
    message TEXT,
    points REAL,
    out_of REAL,
    judged REAL,
    UNIQUE (class, learner, client_id)
);
CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY,
    class TEXT NOT NULL,
    learner TEXT NOT NULL,
    game TEXT NOT NULL,
    submitted REAL NOT NULL,
    payload TEXT NOT NULL,
    active INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS league_games (
    id INTEGER PRIMARY KEY,
    class TEXT NOT NULL,
    game TEXT NOT NULL,
    seat0 TEXT NOT NULL,
    seat1 TEXT NOT NULL,
    top TEXT NOT NULL,
    error TEXT NOT NULL,
    error_of TEXT NOT NULL,
    save TEXT,
    played REAL NOT NULL
);
"""


class StoreError(RuntimeError):
    """The tables' file cannot be used as it is; the message says why and what to do.
    ``repairable``: `repair` may keep what can still be read."""

    def __init__(self, message: str, repairable: bool = False) -> None:
        super().__init__(message)
        self.repairable = repairable


def check(path: Path) -> None:
    """Raise `StoreError` unless ``path`` is missing (a new file) or a sound file of tables."""
    if not path.exists():
        if not path.parent.is_dir():
            raise StoreError(f"{path}: the folder {path.parent} does not exist; create it, or choose "
                             "another file with --db.")
        return
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a file: choose a file with --db (such as "
                         f"{path / 'goose_tables.sqlite3'}).")
    size = path.stat().st_size
    if size == 0:
        raise StoreError(f"{path} is empty (0 bytes), so it holds no tables: if it should, restore it "
                         "from a backup; to start with no tables, delete it (or choose another file "
                         "with --db).")
    db = sqlite3.connect(path)
    try:
        try:
            problems = [row[0] for row in db.execute("PRAGMA integrity_check").fetchall()]
            names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as err:
            if "not a database" in str(err):
                raise StoreError(f"{path} is not a SQLite database (it does not begin like one): if --db "
                                 "names the right file, it is damaged beyond repair, so restore it from a "
                                 "backup; otherwise choose the table server's file with --db.") from None
            problems, names = [str(err)], set()
        if problems != ["ok"]:
            first = " ".join(problems[0].split())
            raise StoreError(f"{path} is damaged (SQLite's integrity check says: {first[:200]}). "
                             f"Stop here and run `goose-widgets serve --db {path} --repair`: it first "
                             f"copies the file beside it, then keeps every table that can still be read.",
                             repairable=True)
        for name, columns in COLUMNS.items():
            found = [row[1] for row in db.execute(f"PRAGMA table_info({name})")]
            if names - set(COLUMNS) or (found and found != columns):
                raise StoreError(f"{path} is a SQLite database of something else (its tables are "
                                 f"{', '.join(sorted(names))}): choose the table server's file, or a new "
                                 "one, with --db.")
    finally:
        db.close()


def repair(path: Path) -> str:
    """Copy ``path`` (and its write-ahead log) to ``<path>.backup-<time>``, then replace it with a
    new file holding every row that can still be read.  Returns what was done, in a sentence."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.name}.backup-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{path}{suffix}").exists():
            shutil.copy2(f"{path}{suffix}", f"{backup}{suffix}")
    fresh = path.with_name(path.name + ".repairing")
    fresh.unlink(missing_ok=True)
    new = sqlite3.connect(fresh, isolation_level=None)
    new.executescript(SCHEMA)
    old = sqlite3.connect(path)
    kept: dict[str, int] = {}
    try:
        for name, columns in COLUMNS.items():
            kept[name] = _copy_rows(old, new, name, columns)
    finally:
        old.close()
        new.close()
    for suffix in ("-wal", "-shm"):  # the old file's log must not be replayed into the new one
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    fresh.replace(path)
    return (f"{path} was damaged: the file as it was is kept in {backup}, and the repaired file holds "
            f"the {kept['tables']} tables that could still be read.")


def _copy_rows(old: sqlite3.Connection, new: sqlite3.Connection, name: str, columns: list[str]) -> int:
    """Copy the rows of table ``name`` one by one, in rowid order (a damaged index is not used, and
    a row that cannot be read is skipped); the number copied."""
    fields = ", ".join(columns)
    rowid, copied, failures = 0, 0, 0
    while failures < 1000:
        try:
            row = old.execute(f"SELECT rowid, {fields} FROM {name} WHERE rowid > ? ORDER BY rowid LIMIT 1",
                              (rowid,)).fetchone()
        except sqlite3.DatabaseError:
            rowid, failures = rowid + 1, failures + 1
            continue
        if row is None:
            break
        rowid = row[0]
        try:
            new.execute(f"INSERT INTO {name} ({fields}) VALUES ({', '.join('?' * len(columns))})", row[1:])
            copied += 1
        except sqlite3.DatabaseError:  # a duplicate (a damaged page read twice), or junk
            failures += 1
    return copied
