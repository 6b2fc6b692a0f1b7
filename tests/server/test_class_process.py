"""A live class with a real server process: a learner's kernel joins it and its checks are
confirmed; a kill -9 loses no acknowledged event; an offline learner's events arrive once the server
is back; a hostile answer, judged behind the walls, cannot reach the server or what it records."""

from __future__ import annotations

import base64
import os
import pickle
import sqlite3
import time
import uuid
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from goose_widgets.exercises import class_link
from goose_widgets.exercises.sent_answers import answer_payload
from goose_widgets.exercises.server_client import request_json
from goose_widgets.games.game_of_the_goose.exercises import beyond_the_well, move_a_pawn

from .helpers import TOKEN, ServerProcess

WELL = (beyond_the_well.notebook, beyond_the_well.name)


def started(tmp_path: Path, port: int | None = None) -> ServerProcess:
    server = ServerProcess(tmp_path / "class.sqlite3", tmp_path / "server.log")
    if port is not None:
        server.port, server.url = port, f"http://127.0.0.1:{port}"
    return server.start()


def snapshot(server: ServerProcess, code: str) -> dict[str, Any]:
    return dict(request_json(f"{server.url}/api/classes/{code}/snapshot", token=TOKEN))


def judged(server: ServerProcess, code: str, checks: int, seconds: float = 120) -> dict[str, Any]:
    """The class's snapshot once ``checks`` checks have their verdicts."""
    deadline = time.monotonic() + seconds
    while True:
        snap = snapshot(server, code)
        done = sum(c["checks"] for row in snap["grid"] for c in row["cells"]
                   if c and c["result"] not in ("pending", "started"))
        if done >= checks or time.monotonic() > deadline:
            return snap
        time.sleep(0.3)


def cell(snap: dict[str, Any], learner: str, key: tuple[str, str]) -> dict[str, Any]:
    column = [(e["notebook"], e["name"]) for e in snap["exercises"]].index(key)
    return next(r for r in snap["grid"] if r["learner"] == learner)["cells"][column]


@pytest.fixture
def learner_folder(tmp_path, monkeypatch):
    # a check waits this long for its verdict here (5 s in a class): a loaded machine starts the
    # server's judges slowly, and these tests are about what the check says once it has the verdict
    monkeypatch.setattr(class_link, "WAIT_SECONDS", 60.0)
    folder = tmp_path / "course"
    folder.mkdir()
    monkeypatch.setenv("GOOSE_WIDGETS_PROGRESS", str(folder))
    monkeypatch.delenv("GOOSE_WIDGETS_CLASS", raising=False)
    class_link._last_failure.clear()
    return folder


def test_a_kernel_joins_and_its_checks_are_confirmed_or_kept_until_the_server_is_back(tmp_path,
                                                                                       learner_folder):
    server = started(tmp_path)
    try:
        code = request_json(f"{server.url}/api/classes", {"name": "5B"}, token=TOKEN)["code"]
        link = class_link.join_class(f"{server.url}/class/{code}", name="Ada")
        assert (link.name, link.learner, link.code) == ("5B", "Ada", code)
        assert (learner_folder / class_link.CLASS_FILE).is_file()
        right = beyond_the_well.check(beyond_the_well.reference)
        assert right.status == "correct" and right.note == "✔ (confirmed by your class)"
        rounded = beyond_the_well.check(float(beyond_the_well.reference))
        assert rounded.status == "rounded" and "confirmed by your class" in rounded.note
        assert "confirmed by your class" in rounded._repr_markdown_()
        # joining again from the same folder keeps the key (the name is not "taken" by oneself)
        assert class_link.join_class(server.url, code, "Ada").key == link.key
    finally:
        server.stop()
    # offline: the checks still work, and their events wait in the outbox
    wrong = beyond_the_well.check(Fraction(1, 2))
    assert wrong.status == "wrong" and "kept to send to your class" in wrong.note
    beyond_the_well.hint(1)
    assert class_link.class_link().queued() == 2
    server = started(tmp_path, server.port)
    try:
        assert "Sent 2 event(s)" in class_link.send_queued()
        assert class_link.class_link().queued() == 0
        snap = judged(server, code, 3)
        assert cell(snap, "Ada", WELL) | {"minutes": 0} == {"result": "correct", "checks": 3, "hints": 1,
                                                           "solution": False, "minutes": 0}
        assert snap["events"] == 4
    finally:
        server.stop()


def test_a_kill_9_loses_no_acknowledged_event_and_unjudged_checks_are_judged_after(tmp_path):
    server = started(tmp_path)
    sent = 0
    try:
        code = request_json(f"{server.url}/api/classes", {"name": "5B"}, token=TOKEN)["code"]
        keys = {name: request_json(f"{server.url}/api/classes/{code}/join", {"name": name})["key"]
                for name in ("Ada", "Bo", "Cy")}
        for n in range(8):  # four checks each (as many as are judged at once) and four hints
            for name, key in keys.items():
                event = {"id": uuid.uuid4().hex, "time": "2026-12-03T10:00:00+00:00", "notebook": WELL[0],
                         "exercise": WELL[1], "kind": "check", "result": "wrong",
                         "answer": answer_payload(Fraction(1, n + 2))}
                if n % 2:
                    event.update(kind="hint", result=1 + n // 2, answer=None)
                events = [event]
                acknowledged = request_json(f"{server.url}/api/classes/{code}/events",
                                            {"learner": name, "key": key, "events": events, "wait": 0})
                assert acknowledged["received"] == [events[0]["id"]]
                sent += 1
        server.kill()  # at once: most checks are still waiting for their verdicts
    finally:
        server.stop()
    server = started(tmp_path)
    try:
        snap = judged(server, code, sent // 2)
        assert snap["events"] == sent
        assert all(cell(snap, name, WELL)["checks"] == 4 and cell(snap, name, WELL)["hints"] == 4
                   for name in keys)
        assert all(cell(snap, name, WELL)["result"] == "wrong" for name in keys)
    finally:
        server.stop()


def test_a_hostile_answer_cannot_reach_the_server_or_its_records(tmp_path):
    server = started(tmp_path)
    marker = tmp_path / "the-answer-was-here"
    try:
        code = request_json(f"{server.url}/api/classes", {"name": "5B"}, token=TOKEN)["code"]
        key = request_json(f"{server.url}/api/classes/{code}/join", {"name": "Mallory"})["key"]
        database, pid = str(tmp_path / "class.sqlite3"), server.proc.pid

        def move(square, roll):  # every way out it can think of, then a wrong answer
            import os as os_
            import signal as signal_
            import sqlite3 as sqlite3_
            for attempt in (lambda: os_.kill(pid, signal_.SIGKILL), lambda: os_.kill(os_.getppid(), 9),
                            lambda: sqlite3_.connect(database).execute(
                                "UPDATE events SET status = 'correct', points = 2"),
                            lambda: open(str(marker), "w").write("out")):
                try:
                    attempt()
                except BaseException:  # noqa: BLE001 - a wall said no: try the next
                    pass
            return square

        class OpensItself:  # a pickle that runs code the moment it is opened, before any call
            def __reduce__(self):
                return (os.mkdir, (str(opened),))

        opened = tmp_path / "opened-outside-the-walls"
        events = [{"id": uuid.uuid4().hex, "time": "2026-12-03T10:00:00+00:00",
                   "notebook": move_a_pawn.notebook, "exercise": move_a_pawn.name, "kind": "check",
                   "result": "correct", "answer": answer_payload(move)},
                  {"id": uuid.uuid4().hex, "time": "2026-12-03T10:00:00+00:00",
                   "notebook": move_a_pawn.notebook, "exercise": move_a_pawn.name, "kind": "check",
                   "result": "correct", "answer": {"pickle": base64.b64encode(pickle.dumps(OpensItself()))
                                                   .decode(), "function": True}}]
        answer = request_json(f"{server.url}/api/classes/{code}/events",
                              {"learner": "Mallory", "key": key, "events": events, "wait": 60}, timeout=90)
        verdict = answer["verdicts"][events[0]["id"]]
        assert verdict["status"] == "wrong" and verdict["points"] == 0
        assert "move(0, 2) returned 0" in verdict["message"]  # it ran to its end, behind the walls
        assert answer["verdicts"][events[1]["id"]]["status"] == "wrong"
        assert not opened.exists()  # the pickle was opened only inside the walls
        assert server.proc.poll() is None and request_json(f"{server.url}/api/classes", token=TOKEN)
        assert not marker.exists()
        snap = snapshot(server, code)
        assert snap["points"][0]["points"] == 0
        assert any(a["kind"] == "disagree" for a in snap["alerts"])
    finally:
        server.stop()
    with sqlite3.connect(tmp_path / "class.sqlite3") as db:
        assert db.execute("SELECT status, points FROM events").fetchall() == [("wrong", 0.0)] * 2
    assert os.path.exists(tmp_path / "class.sqlite3")


def test_a_hostile_bot_in_the_league_cannot_reach_the_server_or_its_records(tmp_path):
    server = started(tmp_path)
    marker = tmp_path / "the-bot-was-here"
    try:
        code = request_json(f"{server.url}/api/classes", {"name": "5B"}, token=TOKEN)["code"]
        key = request_json(f"{server.url}/api/classes/{code}/join", {"name": "Mallory"})["key"]
        database, pid = str(tmp_path / "class.sqlite3"), server.proc.pid

        def my_bot(observation, legal_actions):  # at every move, every way out, then a legal move
            import os as os_
            import signal as signal_
            import sqlite3 as sqlite3_
            for attempt in (lambda: os_.kill(pid, signal_.SIGKILL), lambda: os_.kill(os_.getppid(), 9),
                            lambda: sqlite3_.connect(database).execute("DELETE FROM league_games"),
                            lambda: open(str(marker), "w").write("out")):
                try:
                    attempt()
                except BaseException:  # noqa: BLE001 - a wall said no: try the next
                    pass
            return legal_actions[0]

        request_json(f"{server.url}/api/classes/{code}/league",
                     {"learner": "Mallory", "key": key, "game": "boo_to_the_goose",
                      "bot": answer_payload(my_bot)})
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            board = request_json(f"{server.url}/api/classes/{code}/league/boo_to_the_goose", token=TOKEN)
            mine = next(r for r in board["rows"] if r["learner"] == "Mallory")
            if mine["games"] >= 4:
                break
            time.sleep(0.5)
        assert mine["games"] >= 4 and mine["rating"] is not None
        assert server.proc.poll() is None and not marker.exists()
        assert board["games"] >= mine["games"]  # nothing was deleted
    finally:
        server.stop()


def test_the_course_command_joins_the_class_for_its_folder(tmp_path, monkeypatch):
    from goose_widgets.commands import course

    monkeypatch.delenv("GOOSE_WIDGETS_PROGRESS", raising=False)  # the kernels' rule: the notebooks' folder
    folder = tmp_path / "goose-course"
    course.copy_course(folder)
    server = started(tmp_path)
    try:
        code = request_json(f"{server.url}/api/classes", {"name": "5B"}, token=TOKEN)["code"]
        said = course.join_the_class(folder, f"{server.url}/class/{code}", "Bo")
        assert said == "joined the class '5B' as 'Bo': your checks are sent to it"
        kept = (folder / course.FIRST).parent / class_link.CLASS_FILE
        assert kept.is_file() and f'"code": "{code}"' in kept.read_text()
        with pytest.raises(SystemExit, match="--class needs your name"):
            course.join_the_class(folder, f"{server.url}/class/{code}", None)
        course.copy_course(tmp_path / "another")  # someone else's folder: the name is taken
        with pytest.raises(SystemExit, match="someone in this class already joined as 'Bo'"):
            course.join_the_class(tmp_path / "another", f"{server.url}/class/{code}", "Bo")
    finally:
        server.stop()
