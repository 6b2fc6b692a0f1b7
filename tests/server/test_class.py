"""A live class through the server's API: joining with a key of one's own, events committed and
judged by the server (never by what the learner's kernel claims), limits, the dashboard's data
and its WebSocket, the CSV of points."""

from __future__ import annotations

import json
import uuid
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import pytest
from starlette.testclient import TestClient

from goose_widgets.exercises.sent_answers import answer_payload
from goose_widgets.games.boo.exercises import write_a_bot as my_boo_bot
from goose_widgets.games.game_of_the_goose.exercises import beyond_the_well, move_a_pawn
from goose_widgets.server import class_desk
from goose_widgets.server.judge import Judges

from .helpers import AUTH, TOKEN, make_app

WELL = (beyond_the_well.notebook, beyond_the_well.name)


@pytest.fixture
def client(tmp_path):
    workers = ThreadPoolExecutor(2)
    with TestClient(make_app(tmp_path / "c.sqlite3", judges=Judges(executor=workers))) as c:
        yield c
    workers.shutdown(wait=True)  # a check still being judged ends, with its sandbox, before the next test


def new_class(client: TestClient, name: str = "5B") -> str:
    made = client.post("/api/classes", json={"name": name}, headers=AUTH)
    assert made.status_code == 201, made.text
    return str(made.json()["code"])


def join(client: TestClient, code: str, name: str) -> str:
    joined = client.post(f"/api/classes/{code}/join", json={"name": name})
    assert joined.status_code == 201, joined.text
    return str(joined.json()["key"])


def event(exercise: Any = None, kind: str = "check", answer: Any = ..., result: Any = "correct",
          **extra: Any) -> dict[str, Any]:
    exercise = exercise or beyond_the_well
    found = {"id": uuid.uuid4().hex, "time": "2026-12-03T10:00:00+00:00", "notebook": exercise.notebook,
             "exercise": exercise.name, "kind": kind, "result": result, **extra}
    if kind == "check":
        found["answer"] = answer_payload(answer)
    return found


def send(client: TestClient, code: str, learner: str, key: str, *events: dict[str, Any],
         wait: float = 30) -> Any:
    return client.post(f"/api/classes/{code}/events",
                       json={"learner": learner, "key": key, "events": list(events), "wait": wait})


def snapshot(client: TestClient, code: str) -> dict[str, Any]:
    found = client.get(f"/api/classes/{code}/snapshot", headers=AUTH)
    assert found.status_code == 200, found.text
    return dict(found.json())


def cell(snap: dict[str, Any], learner: str, key: tuple[str, str]) -> dict[str, Any] | None:
    column = [(e["notebook"], e["name"]) for e in snap["exercises"]].index(key)
    row = next(r for r in snap["grid"] if r["learner"] == learner)
    return row["cells"][column]


def test_a_class_is_the_teachers_and_each_learner_has_a_key_of_their_own(client):
    assert client.post("/api/classes", json={"name": "5B"}).status_code == 401
    code = new_class(client)
    assert client.get("/api/classes", headers=AUTH).json()[0]["code"] == code
    key = join(client, code, "Ada")
    taken = client.post(f"/api/classes/{code}/join", json={"name": "Ada"})
    assert taken.status_code == 409 and taken.json()["error"] == "taken"
    again = client.post(f"/api/classes/{code}/join", json={"name": "Ada", "key": key})
    assert again.status_code == 201 and again.json()["key"] == key
    assert client.post("/api/classes/ZZZZZZZZZ/join", json={"name": "Bo"}).status_code == 404
    assert client.get(f"/api/classes/{code}/snapshot").status_code == 401
    # someone else's events, or a made-up key: refused, and nothing is recorded
    bo = join(client, code, "Bo")
    for learner, wrong_key in (("Ada", bo), ("Ada", "guess"), ("Cy", key)):
        refused = send(client, code, learner, wrong_key, event(answer=beyond_the_well.reference))
        assert refused.status_code == 403, refused.text
    assert snapshot(client, code)["events"] == 0


def test_the_server_judges_each_check_and_the_kernels_claim_changes_nothing(client):
    code = new_class(client)
    key = join(client, code, "Ada")
    right, wrong, rounded = (event(answer=beyond_the_well.reference, result="wrong"),
                             event(answer=Fraction(1, 2), result="correct"),
                             event(answer=float(beyond_the_well.reference), result="correct"))
    answer = send(client, code, "Ada", key, wrong, rounded, right).json()
    assert answer["received"] == [wrong["id"], rounded["id"], right["id"]]
    assert [answer["verdicts"][e["id"]]["status"] for e in (wrong, rounded, right)] == ["wrong", "rounded",
                                                                                      "correct"]
    assert answer["verdicts"][rounded["id"]]["points"] == 1.0
    assert answer["verdicts"][right["id"]]["points"] == 2
    snap = snapshot(client, code)
    assert cell(snap, "Ada", WELL)["result"] == "correct" and cell(snap, "Ada", WELL)["checks"] == 3
    kinds = {a["kind"] for a in snap["alerts"]}
    assert "disagree" in kinds  # the kernel said "correct" for 1/2: the teacher sees it


def test_a_forged_verdict_or_capstone_result_cannot_be_sent(client):
    code = new_class(client)
    key = join(client, code, "Ada")
    # a verdict field of the server's own is no field of an event: refused whole
    forged = event(answer=Fraction(1, 2), status="correct")
    assert send(client, code, "Ada", key, forged).status_code == 400
    # a capstone's check records its games' verdict; sent as the answer, it is data, not a bot
    claimed = event(my_boo_bot.exercise, answer=("standings", ((("greedy", 40, 40),), (("greedy", 0.5),))))
    verdict = send(client, code, "Ada", key, claimed).json()["verdicts"][claimed["id"]]
    assert verdict["status"] == "wrong" and "expected a function" in verdict["message"]
    # a function answer is judged in its sandbox: a wrong one is wrong whatever the kernel said
    def move(square, roll):
        return square
    sent = event(move_a_pawn, answer=move, result="correct")
    verdict = send(client, code, "Ada", key, sent).json()["verdicts"][sent["id"]]
    assert verdict["status"] == "wrong" and "returned" in verdict["message"]
    snap = snapshot(client, code)
    assert cell(snap, "Ada", (move_a_pawn.notebook, move_a_pawn.name))["result"] == "wrong"
    assert snap["points"][0]["points"] == 0


@pytest.mark.parametrize("change, reason", [
    (lambda e: e.update(exercise="Exercise 99"), "no exercise"),
    (lambda e: e.update(kind="grade"), "malformed"),
    (lambda e: e.update(id="../../etc"), "malformed"),
    (lambda e: e.update(answer={"plain": ["x", "oops"]}), None),
    (lambda e: e.update(answer={"pickle": "not base64!", "function": True}), None),
    (lambda e: e.update(result={"status": "correct"}), "short word"),
    (lambda e: e.update(notebook=["02_goose_probability"]), "no exercise"),
    (lambda e: e.update(exercise={"name": "x"}), "no exercise"),
])
def test_a_malformed_event_is_refused_or_judged_wrong_and_never_crashes(client, change, reason):
    code = new_class(client)
    key = join(client, code, "Ada")
    bad = event(answer=Fraction(1, 2))
    change(bad)
    answer = send(client, code, "Ada", key, bad)
    if reason is None:  # a malformed answer is recorded, and judged wrong, with why
        assert answer.status_code == 200, answer.text
        verdict = answer.json()["verdicts"][bad["id"]]
        assert verdict["status"] == "wrong" and "malformed" in verdict["message"]
    else:
        assert answer.status_code == 400 and reason in answer.json()["message"], answer.text
        assert snapshot(client, code)["events"] == 0


def test_an_event_sent_twice_counts_once_and_hints_and_solutions_are_recorded(client):
    code = new_class(client)
    key = join(client, code, "Ada")
    check = event(answer=Fraction(1, 2), result="wrong")
    hint = event(kind="hint", result=1)
    for _ in range(2):  # the learner's outbox sent it again after a lost answer
        assert send(client, code, "Ada", key, check, hint).status_code == 200
    solution = event(move_a_pawn, kind="solution", result="shown")
    send(client, code, "Ada", key, solution)
    snap = snapshot(client, code)
    assert snap["events"] == 3
    assert cell(snap, "Ada", WELL) == {"result": "wrong", "checks": 1, "hints": 1, "solution": False,
                                      "minutes": 0.0}
    assert any(a["kind"] == "solution" and a["exercise"] == move_a_pawn.name for a in snap["alerts"])


def test_the_dashboard_shows_stuck_learners_and_each_exercises_figures(client):
    code = new_class(client)
    ada, bo = join(client, code, "Ada"), join(client, code, "Bo")
    send(client, code, "Ada", ada, *(event(answer=Fraction(1, n), result="wrong") for n in (2, 2, 3)))
    send(client, code, "Bo", bo, event(answer=Fraction(1, 2), result="wrong"),
         event(answer=beyond_the_well.reference))
    snap = snapshot(client, code)
    stuck = [a for a in snap["alerts"] if a["kind"] == "stuck"]
    assert [a["learner"] for a in stuck] == ["Ada"]
    row = next(s for s in snap["stats"] if (s["notebook"], s["exercise"]) == WELL)
    assert (row["started"], row["right"], row["share"], row["median_checks"]) == (2, 1, 0.5, 2.5)
    assert row["wrong_answers"][0]["answer"] == "Fraction(1, 2)" and row["wrong_answers"][0]["times"] == 3
    assert "1/2 is not" in row["wrong_answers"][0]["checker"]
    points = {p["learner"]: p["points"] for p in snap["points"]}
    assert points == {"Ada": 0, "Bo": 2}
    csv = client.get(f"/api/classes/{code}/grades.csv", headers=AUTH)
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    lines = csv.text.splitlines()
    assert lines[0].startswith("learner,points,out of,") and lines[1].startswith("Ada,0,")
    assert lines[2].startswith("Bo,2,")
    assert client.get(f"/api/classes/{code}/grades.csv").status_code == 401


def test_the_dashboard_socket_needs_the_token_and_follows_the_class(client):
    code = new_class(client)
    with client.websocket_connect(f"/ws/class/{code}") as ws:
        ws.send_json({"token": "wrong"})
        assert ws.receive_json()["reason"] == "forbidden"
    key = join(client, code, "Ada")
    with client.websocket_connect(f"/ws/class/{code}") as ws:
        ws.send_json({"token": TOKEN})
        first = ws.receive_json()
        assert first["type"] == "snapshot" and first["learners"] == ["Ada"] and first["events"] == 0
        send(client, code, "Ada", key, event(answer=beyond_the_well.reference))
        latest = ws.receive_json()
        while latest["events"] == 0 or cell(latest, "Ada", WELL)["result"] != "correct":
            latest = ws.receive_json()
        assert cell(latest, "Ada", WELL)["checks"] == 1


def test_limits_per_learner_and_per_request(client, monkeypatch):
    code = new_class(client)
    key = join(client, code, "Ada")
    too_many = [event(kind="hint", result=1) for _ in range(class_desk.MAX_EVENTS + 1)]
    assert send(client, code, "Ada", key, *too_many).status_code == 400
    huge = event(answer="x" * 10)
    huge["answer"] = {"pickle": "A" * (class_desk.MAX_BODY + 10), "function": True}
    assert send(client, code, "Ada", key, huge).status_code == 413
    answers = [send(client, code, "Ada", key, event(kind="hint", result=1)).status_code
               for _ in range(class_desk.LEARNER_BURST + 2)]
    assert answers[:class_desk.LEARNER_BURST - 1] == [200] * (class_desk.LEARNER_BURST - 1)
    assert answers[-1] == 429
    # another learner of the class is not held back by Ada's pace
    bo = join(client, code, "Bo")
    assert send(client, code, "Bo", bo, event(kind="hint", result=1)).status_code == 200


def test_an_idle_learner_on_an_unsolved_exercise_is_an_alert_and_a_solved_one_is_not():
    from goose_widgets.server.class_view import IDLE_MINUTES, snapshot
    from goose_widgets.server.classbook import ClassEvent

    def check(learner, status, received):
        return ClassEvent(0, learner, uuid.uuid4().hex, "", received, *WELL, "check", status, None, status,
                          "", 0.0, 2.0, received)

    events = [check("Ada", "wrong", 0.0), check("Bo", "correct", 0.0), check("Cy", "wrong", 500.0)]
    now = IDLE_MINUTES * 60 + 1
    found = snapshot("5B", ["Ada", "Bo", "Cy"], events, [WELL], now, {WELL: (2.0, 1.0)})
    assert [(a["learner"], a["kind"]) for a in found["alerts"]] == [("Ada", "idle")]
    assert "nothing for 5 minutes" in found["alerts"][0]["text"]
    assert found["grid"][0]["cells"][0]["minutes"] == round(now / 60, 1)


def test_an_outbox_of_many_checks_is_taken_at_once_and_every_check_judged(client):
    """A learner back after a while offline sends every check they made: none is refused for
    number, and each gets its verdict (a few at a time)."""
    code = new_class(client)
    key = join(client, code, "Ada")
    checks = [event(answer=Fraction(1, n), result="wrong") for n in range(2, 14)]
    answer = send(client, code, "Ada", key, *checks, wait=60)
    assert answer.status_code == 200, answer.text
    assert sorted(answer.json()["verdicts"]) == sorted(e["id"] for e in checks)
    assert cell(snapshot(client, code), "Ada", WELL)["checks"] == 12


@pytest.mark.parametrize("wait", ["NaN", "Infinity", "true", '"5"'])
def test_a_wait_that_is_no_number_of_seconds_is_refused(client, wait):
    code = new_class(client)
    key = join(client, code, "Ada")
    hint = json.dumps(event(kind="hint", result=1))
    body = f'{{"learner": "Ada", "key": "{key}", "events": [{hint}], "wait": {wait}}}'
    answer = client.post(f"/api/classes/{code}/events", content=body,
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and "wait is a number" in answer.json()["message"]
    assert snapshot(client, code)["events"] == 0


def test_a_league_request_naming_no_game_is_refused(client):
    code = new_class(client)
    key = join(client, code, "Ada")

    def my_bot(observation, legal_actions):
        return legal_actions[0]

    for game in (["boo"], {"boo": 1}, 5):
        submitted = client.post(f"/api/classes/{code}/league",
                                json={"learner": "Ada", "key": key, "game": game,
                                      "bot": answer_payload(my_bot)})
        assert submitted.status_code == 400 and "leagues are" in submitted.json()["message"]
        standings = client.post(f"/api/classes/{code}/league/standings",
                                json={"learner": "Ada", "key": key, "game": game})
        assert standings.status_code == 400
