"""The classroom app's "Play with classmates" against a real table server: a teacher creates a table
with the token, a learner joins it by its code and plays through the joined board, a reload sits at
the same seat again; every refusal (a wrong token, an unknown code, a full table, no server) is said
in words in the app and changes nothing."""

from __future__ import annotations

import html
import json
import re
import urllib.request

import pytest

from goose_widgets.classroom.app import ClassroomApp
from goose_widgets.classroom.classmates import DEFAULT_SERVER, shown
from goose_widgets.server import DEFAULT_PORT
from goose_widgets.ui.board import SvgBoard
from tests.browser.lab import free_port

from .helpers import AUTH, TOKEN, ServerProcess

pytestmark = pytest.mark.slow

TAB = "0123456789abcdef0123456789abcdef"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("app_join")
    process = ServerProcess(root / "tables.sqlite3", root / "server.log").start()
    yield process
    process.stop()


def said(widget) -> str:
    """What an HTML widget says, as read (tags out, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def tables_on(server) -> dict[str, dict]:
    request = urllib.request.Request(server.url + "/api/tables", headers=AUTH)
    return {t["table"]: t for t in json.loads(urllib.request.urlopen(request, timeout=10).read())}


def app_at(server, saves) -> ClassroomApp:
    app = ClassroomApp(saves=saves)
    app.classmates.unfold()
    app.classmates.address.value = server.url
    return app


def create(panel, game: str, seats: list[str]) -> str:
    panel.token.value = TOKEN
    panel.chooser.game.value = game
    panel.chooser.players.value = len(seats)
    for dropdown, value in zip(panel.chooser.seats, seats):
        dropdown.value = value
    panel.create()
    return str(panel.code.value)


def test_the_app_offers_the_servers_default_address_folded_away():
    panel = ClassroomApp().classmates
    assert DEFAULT_SERVER == f"http://127.0.0.1:{DEFAULT_PORT}" == panel.address.value
    assert panel.body.layout.display == "none" and not panel.toggle.value
    assert panel.toggle.description == "Play with classmates: show"
    panel.toggle.value = True  # what a click (or Enter) on "Play with classmates" does
    assert panel.body.layout.display is None and panel.toggle.description == "Play with classmates: hide"
    named = [panel.toggle, panel.address, panel.code, panel.join_button, panel.watch_button,
             panel.leave_button, panel.token, panel.create_button, panel.chooser.game, panel.chooser.players,
             *panel.chooser.seats]
    names = [widget.description for widget in named]
    assert all(names) and len(set(names)) == len(names)  # a name each, none said twice
    app = ClassroomApp()
    assert {app.game.description, app.players.description}.isdisjoint(
        {panel.chooser.game.description, panel.chooser.players.description})


def test_a_teacher_creates_a_table_and_a_learner_joins_it_plays_and_reloads(server, tmp_path):
    teacher = app_at(server, tmp_path / "teacher").classmates
    code = create(teacher, "game_of_the_goose", ["human", "roller"])
    assert re.fullmatch(r"[A-Z2-9]{9}", code), teacher.created.value
    made = tables_on(server)[code]
    assert made["game"] == "game_of_the_goose" and [s["kind"] for s in made["seats"]] == ["human", "roller"]
    assert f"Table <b>{shown(code)}</b>" in teacher.created.value  # in threes, as the pages show it
    assert server.url + made["seats"][0]["link"] in teacher.created.value.replace("&amp;", "&")
    assert "the roller bot" in teacher.created.value

    learner = app_at(server, tmp_path / "learner")
    learner.tab.tab = TAB
    panel = learner.classmates
    panel.code.value = code.lower()
    panel.join()
    table = panel.remote
    assert table is not None, panel.message.value
    try:
        assert table.wait(lambda t: t.view is not None)
        assert panel.seat_box.children == (table.widget,) and isinstance(table.board, SvgBoard)
        assert table.view["seat"] == 0 and f"table <b>{shown(code)}</b>, seat 1" in panel.message.value
        assert table.view["legal"] == ["roll"]
        start = table.view["version"]
        table.board.click("roll")  # what a click on the dice sends
        assert table.wait(lambda t: t.view["version"] > start)
        assert tables_on(server)[code]["version"] > start
        saved = json.loads((tmp_path / "learner" / f"{TAB}.json").read_text())
        assert saved["classmates"] == {"address": server.url, "code": code, "seat": 0, "key": table.key}
        assert "state" not in saved  # no game at this screen

        reloaded = app_at(server, tmp_path / "learner")  # a reload: a new kernel, a new app
        reloaded.tab.tab = TAB
        again = reloaded.classmates.remote
        assert again is not None and reloaded.classmates.toggle.value
        try:
            assert again.wait(lambda t: t.view is not None and t.view["version"] >= table.view["version"])
            assert again.view["seat"] == 0 and "Welcome back" in reloaded.classmates.message.value
        finally:
            again.close()

        panel.leave()
        assert panel.remote is None and panel.seat_box.children == ()
        assert "classmates" not in json.loads((tmp_path / "learner" / f"{TAB}.json").read_text())
        assert f"/t/{code}#seat=0&amp;key=" in panel.message.value  # the way back to the seat
    finally:
        table.close()


def test_refusals_are_said_in_words_and_change_nothing(server, tmp_path):
    panel = app_at(server, tmp_path).classmates
    before = tables_on(server)

    panel.token.value = "not-the-teacher-token"
    panel.create()
    assert "teacher's token" in said(panel.created) and 'role="alert"' in panel.created.value
    assert "Error" not in panel.created.value  # words, not an exception's name
    assert tables_on(server) == before and panel.code.value == ""
    panel.token.value = " "
    panel.create()
    assert "Type the teacher's token" in said(panel.created) and tables_on(server) == before

    panel.code.value = "ZZZ-ZZZ-ZZZ"
    panel.join()
    assert "no table with that code" in panel.message.value and panel.remote is None
    panel.code.value = ""
    panel.join()
    assert "Type the table's code" in said(panel.message) and panel.remote is None

    # a full table: the one learner's seat is taken; the seat already joined stays
    code = create(panel, "game_of_the_goose", ["human", "roller"])
    other = create(panel, "game_of_the_goose", ["human", "roller"])
    panel.code.value = other
    panel.join()
    seated = panel.remote
    assert seated is not None and seated.code == other
    try:
        first = app_at(server, tmp_path / "first").classmates
        first.code.value = code
        first.join()
        assert first.remote is not None
        first.remote.close()
        panel.code.value = code
        panel.join()
        assert "Every learner's seat at table" in said(panel.message) and "watch" in said(panel.message)
        assert panel.remote is seated and panel.seat_box.children == (seated.widget,)
        panel.watch_button.click()  # a full table can still be watched
        assert panel.remote is not seated and panel.remote.seat is None
        assert panel.remote.wait(lambda t: t.view is not None) and panel.remote.view["legal"] == []
    finally:
        seated.close()
        if panel.remote is not None:
            panel.remote.close()

    nowhere = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    panel.address.value = nowhere
    panel.join()
    assert f"Cannot reach the table server at {nowhere}" in said(panel.message)
    panel.token.value = TOKEN
    panel.create()
    assert "Cannot reach" in said(panel.created)
    for bad in ("localhost:8765", ""):
        panel.address.value = bad
        panel.join()
        assert "Type the server's address with http://" in said(panel.message)
        panel.create()
        assert "Type the server's address with http://" in said(panel.created)


def test_in_a_kernel_the_joined_seat_lives_in_the_kernels_event_loop(server):
    """As in Voila: the button's callback runs in the kernel's event loop, which then carries the
    connection (no thread of its own), and a click on the board plays."""
    import nbformat
    from nbclient import NotebookClient

    teacher = ClassroomApp().classmates
    teacher.address.value = server.url
    code = create(teacher, "game_of_the_goose", ["human", "roller"])
    cells = [
        "import asyncio, threading\nfrom goose_widgets.classroom.app import ClassroomApp\n"
        f"panel = ClassroomApp().classmates\npanel.address.value = {server.url!r}\n"
        f"panel.code.value = {code!r}\npanel.join_button.click()",
        "for _ in range(100):\n    await asyncio.sleep(0.1)\n    if panel.remote.view: break\n"
        "start = panel.remote.view['version']\npanel.remote.board.click('roll')\n"
        "for _ in range(100):\n    await asyncio.sleep(0.1)\n"
        "    if panel.remote.view['version'] > start: break\n"
        "print(panel.remote.view['seat'], panel.remote.view['version'] > start, panel.remote.errors,\n"
        "      any(t.name.startswith('goose-widgets join') for t in threading.enumerate()))",
    ]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    NotebookClient(notebook, timeout=60, kernel_name="python3").execute()
    assert notebook.cells[1].outputs[0]["text"].strip() == "0 True [] False"
