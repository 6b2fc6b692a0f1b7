"""Start-up that degrades gracefully: a table whose save does not load is set aside (its reason in the
log and on the teacher's page) while every other table serves; a file of 0 bytes, a file that is not
SQLite and a damaged database each stop ``goose-widgets serve`` with one sentence saying what to do,
and leave the file as it was; ``--repair`` keeps a copy, then every table it can still read."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from websockets.sync.client import connect

from goose_widgets.server.cli import open_store
from goose_widgets.server.rooms import Room
from goose_widgets.server.store import Store

from .helpers import AUTH, TOKEN, ServerProcess

pytestmark = pytest.mark.slow


def stored_tables(db, count=3):
    """``count`` Boo tables in a new file, as a server stores them; their codes."""
    store = Store(db)
    codes = []
    for index in range(count):
        room = Room.create(f"ABCDEFGH{'JKM'[index]}", "boo", ["human", "human"], None, {})
        store.add(room)
        codes.append(room.code)
    store.close()
    return codes


def serve(db, *extra):
    """``goose-widgets serve`` on ``db`` that is expected to stop at once: its exit code and what it said."""
    done = subprocess.run([sys.executable, "-m", "goose_widgets", "serve", "--db", str(db), "--port", "9",
                           "--token", TOKEN, *extra], capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout + done.stderr


def test_a_table_whose_save_does_not_load_is_set_aside_and_the_others_serve(tmp_path):
    db = tmp_path / "tables.sqlite3"
    good, illegal, junk = stored_tables(db)
    with sqlite3.connect(db) as edit:
        save = json.loads(edit.execute("SELECT save FROM tables WHERE code = ?", (illegal,)).fetchone()[0])
        save["history"].append("play a card nobody holds")  # an illegal move in the save
        edit.execute("UPDATE tables SET save = ? WHERE code = ?", (json.dumps(save), illegal))
        edit.execute("UPDATE tables SET spec = '{not json' WHERE code = ?", (junk,))
    edit.close()
    rows = sqlite3.connect(db).execute("SELECT * FROM tables ORDER BY code").fetchall()
    server = ServerProcess(db, tmp_path / "server.log").start()
    try:
        listed = {t["table"]: t for t in json.loads(urllib.request.urlopen(
            urllib.request.Request(server.url + "/api/tables", headers=AUTH), timeout=10).read())}
        assert "set_aside" not in listed[good]
        reason = listed[illegal]["set_aside"]
        assert "IllegalActionError" in reason and "play a card" in reason
        assert "JSONDecodeError" in listed[junk]["set_aside"]
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(f"{server.url}/api/tables/{illegal}", timeout=10)
        assert err.value.code == 503 and "teacher" in json.loads(err.value.read())["message"]
        with connect(f"ws://127.0.0.1:{server.port}/ws/{good}", open_timeout=10) as ws:  # the good one plays
            ws.send(json.dumps({"type": "hello", "seat": None, "key": None}))
            assert json.loads(ws.recv(timeout=10))["type"] == "view"
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert f"table {illegal} is set aside" in log and f"table {junk} is set aside" in log
    assert "Traceback" not in log
    assert sqlite3.connect(db).execute("SELECT * FROM tables ORDER BY code").fetchall() == rows  # untouched


def test_an_empty_file_is_refused_with_what_to_do_and_left_as_it_is(tmp_path):
    db = tmp_path / "tables.sqlite3"
    db.touch()
    code, said = serve(db)
    assert code != 0 and "is empty (0 bytes)" in said and "restore it from a backup" in said
    assert "Traceback" not in said and said.count("\n") <= 1
    assert db.stat().st_size == 0 and sorted(p.name for p in tmp_path.iterdir()) == ["tables.sqlite3"]


def test_a_file_that_is_not_sqlite_is_refused_with_what_to_do_and_left_as_it_is(tmp_path):
    db = tmp_path / "tables.sqlite3"
    junk = b"name,score\nAda,3\n" * 500
    db.write_bytes(junk)
    code, said = serve(db)
    assert code != 0 and "is not a SQLite database" in said and "--db" in said
    assert "Traceback" not in said and said.count("\n") <= 1
    assert db.read_bytes() == junk
    other = tmp_path / "other.sqlite3"  # a SQLite database of something else
    with sqlite3.connect(other) as made:
        made.execute("CREATE TABLE marks (learner TEXT, mark INTEGER)")
    made.close()
    code, said = serve(other)
    assert code != 0 and "of something else" in said and "marks" in said


def test_a_damaged_database_is_refused_then_repaired_after_a_copy(tmp_path):
    db = tmp_path / "tables.sqlite3"
    codes = stored_tables(db)
    with sqlite3.connect(db) as probe:  # damage the index of the table codes (the rows stay readable)
        page = probe.execute("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_tables_1'"
                             ).fetchone()[0]
        size = probe.execute("PRAGMA page_size").fetchone()[0]
    probe.close()
    damaged = bytearray(db.read_bytes())
    damaged[(page - 1) * size:page * size] = bytes(size)
    db.write_bytes(bytes(damaged))
    code, said = serve(db)
    assert code != 0 and "is damaged" in said and "--repair" in said and "Traceback" not in said
    assert db.read_bytes() == damaged  # nothing was written to it
    store = open_store(str(db), repair_it=True)
    backups = [p for p in tmp_path.iterdir() if ".backup-" in p.name]
    assert [p.read_bytes() for p in backups] == [bytes(damaged)]
    assert sorted(store.load()) == sorted(codes) and not store.set_aside
    assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    store.close()
