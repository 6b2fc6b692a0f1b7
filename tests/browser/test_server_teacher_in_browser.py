"""The teacher's page of a classroom server, in Chromium: a table whose save did not load is listed as
set aside, with its reason, beside the tables that serve; the teacher frees a learner's seat while
the learner is at it, and the learner's page says so and stops (the board is gone), the seat shows
"free", and its old link no longer works.  Screenshots (1366×900): ``server_teacher_set_aside.png``
(Ada at her seat, a set-aside table below), ``server_teacher_freed_seat.png`` (Ada's seat freed)
and ``server_learner_seat_freed.png`` (Ada's page after it)."""

from __future__ import annotations

import json
import sqlite3
import urllib.request

import pytest

from goose_widgets.server.rooms import Room
from goose_widgets.server.store import Store
from tests.browser.lab import SCREENSHOTS, VIEWPORT, require_chromium
from tests.server.helpers import AUTH, TOKEN, ServerProcess, key_of

require_chromium()
pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_teacher_sees_a_set_aside_table_and_frees_a_seat(browser, tmp_path):
    db = tmp_path / "tables.sqlite3"
    store = Store(db)  # a table from an earlier session whose save no longer loads
    broken = Room.create("QRS7TUV8W", "boo", ["human", "human"], ["Dan", "Eli"], {})
    store.add(broken)
    store.close()
    with sqlite3.connect(db) as edit:
        save = json.loads(edit.execute("SELECT save FROM tables").fetchone()[0])
        save["history"].append("place a card nobody holds")
        edit.execute("UPDATE tables SET save = ?", (json.dumps(save),))
    edit.close()
    server = ServerProcess(db, tmp_path / "server.log").start()
    contexts = []
    try:
        request = urllib.request.Request(
            server.url + "/api/tables", method="POST", headers={"Content-Type": "application/json", **AUTH},
            data=json.dumps({"game": "boo_to_the_goose", "players": ["human", "human", "counting"],
                             "names": ["Ada", "Ben", "Cleo"]}).encode())
        table = json.loads(urllib.request.urlopen(request, timeout=10).read())
        shown = table["shown"]
        ada = browser.new_context(viewport=VIEWPORT)
        contexts.append(ada)
        learner = ada.new_page()
        learner.goto(server.url + table["seats"][0]["link"])  # Ada opens her link
        learner.locator("#who", has_text="You are Ada.").wait_for(timeout=20_000)

        teacher = browser.new_context(viewport=VIEWPORT)
        contexts.append(teacher)
        page = teacher.new_page()
        page.goto(f"{server.url}/teacher#token={TOKEN}")
        page.get_by_text("Ada (taken, connected)").wait_for(timeout=20_000)
        aside = page.locator("tr.set-aside")
        assert "QRS-7TU-V8W" in aside.inner_text() and "IllegalActionError" in aside.inner_text()
        assert "Ben (free)" in page.locator("table.tables").inner_text()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "server_teacher_set_aside.png"), full_page=True)

        page.get_by_role("button", name="Free Ada's seat (its link stops working)").click()
        page.get_by_text(f"Ada's seat at table {shown} is free").wait_for(timeout=20_000)
        page.get_by_text("Ada (free)").wait_for(timeout=20_000)
        learner.locator("#connection", has_text="your teacher has freed this seat").wait_for(timeout=20_000)
        assert learner.locator("#play").is_hidden() and "#" not in learner.url
        page.screenshot(path=str(SCREENSHOTS / "server_teacher_freed_seat.png"), full_page=True)
        learner.screenshot(path=str(SCREENSHOTS / "server_learner_seat_freed.png"), full_page=True)
        # the old link no longer seats anyone: the page says so instead of showing Ada's hand
        again = ada.new_page()
        again.goto(server.url + table["seats"][0]["link"])
        again.locator("#connection", has_text="not the key of Ada's seat").wait_for(timeout=20_000)
        listed = json.loads(urllib.request.urlopen(urllib.request.Request(
            server.url + "/api/tables", headers=AUTH), timeout=10).read())
        assert key_of(listed[0], 0) != key_of(table, 0) and not listed[0]["seats"][0]["claimed"]
    finally:
        for context in contexts:
            context.close()
        server.stop()
