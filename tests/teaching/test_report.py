"""``goose-widgets report``: the class table from three learners' progress files, as CSV and as a page;
damaged lines skipped and listed, never a whole learner; exercises the course does not have flagged,
not merged; the worked example of 00 never the learner's; the grader's points beside the rows."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from goose_widgets.commands import cli
from goose_widgets.exercises.catalogue import course_exercises
from goose_widgets.exercises.progress import FILE_NAME, record
from goose_widgets.exercises.warmup import nine_with_two_dice as warmup  # the worked example
from goose_widgets.games.game_of_the_goose.exercises import (
    beyond_the_well,
    bounce_back,
    move_a_pawn,
    opening_collision,
)

WARMUP, OPENING, BOUNCE = "00 Warm-up: a total of nine", "01 The opening nine, twice", "01 Bounce back"

MOVE, DEATH = "02 Move a pawn", "02 Past the Well in two rounds"


@pytest.fixture
def class_folder(tmp_path, as_learner) -> Path:
    """Three learners: two files the teacher renamed, one collected in a folder with the hub's name."""
    folder = tmp_path / "collected"
    as_learner(folder / "alice.jsonl", [
        lambda: warmup.check(Fraction(1, 9)),  # 00's worked example: never the learner's work
        lambda: opening_collision.check((26, 26)),
        lambda: opening_collision.hint(1),
        lambda: opening_collision.hint(2),
        lambda: opening_collision.check((0, 26)),
        lambda: beyond_the_well.check(0.10648),
    ])
    as_learner(folder / "bob.jsonl", [
        lambda: bounce_back.check({12}),
        lambda: bounce_back.hint(1),
        lambda: bounce_back.show_solution(),
        lambda: bounce_back.check({3, 12}),
        lambda: record(move_a_pawn, "check", "stopped"),  # as a check that hit the time limit records it
    ])
    as_learner(folder / "hub" / "home" / FILE_NAME, [
        lambda: beyond_the_well.check(Fraction(1, 100)),
        lambda: beyond_the_well.check(0.1065),
        lambda: beyond_the_well.check(Fraction(1, 36)),   # a worse try later: the best stays
        lambda: bounce_back.check(...),
    ], hub_user="carol")
    (folder / "notes.jsonl").write_text('{"not": "a progress file"}\n')
    return folder


def run_report(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(["report", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_csv_has_one_row_per_learner_and_each_exercise_best_result(class_folder, capsys):
    code, out, err = run_report(capsys, str(class_folder))
    assert code == 0
    assert "left out" in err and "notes.jsonl" in err  # a .jsonl that is not ours is named, not read
    rows = list(csv.DictReader(io.StringIO(out)))
    header = next(csv.reader(io.StringIO(out)))
    names = [f"{notebook[:2]} {exercise.name}" for notebook, exercise in course_exercises()]
    assert header == ["learner", "file", "correct", *names, "hints used", "solutions shown", "last active"]
    assert WARMUP not in header  # 00's worked example is the course's, not the learners'
    assert [r["learner"] for r in rows] == ["alice", "bob", "carol"]
    alice, bob, carol = rows
    assert (alice[OPENING], alice[DEATH], alice[BOUNCE]) == ("correct", "rounded", "unanswered")
    assert (alice["correct"], alice["hints used"], alice["solutions shown"]) == ("1", "2", "0")
    assert (bob[BOUNCE], bob[MOVE], bob["correct"], bob["hints used"], bob["solutions shown"]) == (
        "correct", "stopped", "1", "1", "1")
    assert (carol[DEATH], carol[BOUNCE], carol["correct"]) == ("rounded", "unanswered", "0")
    assert carol["file"].endswith(f"hub/home/{FILE_NAME}")
    untouched = set(names) - {OPENING, DEATH, MOVE, BOUNCE}
    assert all(row[name] == "unanswered" for row in rows for name in untouched)
    assert all(row["last active"][:2] == "20" for row in rows)


def test_a_damaged_line_costs_that_line_and_a_foreign_exercise_is_flagged(class_folder, capsys):
    alice = class_folder / "alice.jsonl"
    lines = alice.read_text().splitlines(keepends=True)
    foreign = lines[1].replace(opening_collision.name, "An exercise of another course")
    alice.write_text(lines[0] + '{"edited": by hand\n' + "".join(lines[1:]) + foreign + '{"time": "20')
    code, out, err = run_report(capsys, str(class_folder))
    alice_row = next(row for row in csv.DictReader(io.StringIO(out)) if row["learner"] == "alice")
    assert code == 0 and (alice_row[OPENING], alice_row[DEATH]) == ("correct", "rounded")  # all kept
    assert "alice.jsonl, line 2: it is not an event" in err and "it was cut off" in err
    assert "an exercise this course does not have: 'An exercise of another course'" in err
    assert "An exercise of another course" not in out.splitlines()[0]  # flagged, not a column


def test_the_graded_points_stand_beside_the_self_reported_rows(class_folder, capsys, tmp_path):
    grades = tmp_path / "grades.csv"
    grades.write_text("learner,points,out of\nalice,10,62\nbob,4,62\n")
    page = tmp_path / "report.html"
    code, out, _ = run_report(capsys, str(class_folder), "--grades", str(grades), "--html", str(page))
    rows = {row["learner"]: row for row in csv.DictReader(io.StringIO(out))}
    assert code == 0 and rows["alice"]["graded points"] == "10 of 62"
    assert rows["carol"]["graded points"] == "not graded"
    text = page.read_text()
    assert "Self-reported" in text and "goose-widgets grade" in text and "10 of 62" in text


def test_single_files_can_be_named_and_wrong_paths_are_refused(class_folder, capsys, tmp_path):
    code, out, _ = run_report(capsys, str(class_folder / "bob.jsonl"), str(class_folder / "alice.jsonl"))
    assert code == 0 and [r["learner"] for r in csv.DictReader(io.StringIO(out))] == ["alice", "bob"]
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = run_report(capsys, str(empty))
    assert code == 1 and out == "" and "no progress files found" in err
    with pytest.raises(SystemExit, match="neither a progress file nor a folder"):
        cli.main(["report", str(tmp_path / "missing")])


class _Page(HTMLParser):
    """What a screen reader would find: table headers with their scope, bars with their labels."""

    def __init__(self) -> None:
        super().__init__()
        self.scopes: list[str] = []
        self.bars: list[str] = []
        self.text: list[str] = []
        self.tables = 0

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "th":
            self.scopes.append(found.get("scope") or "")
        if tag == "table":
            self.tables += 1
        if found.get("role") == "img":
            self.bars.append(found.get("aria-label") or "")

    def handle_data(self, data):
        self.text.append(data)


def test_the_page_has_a_bar_per_exercise_and_tables_with_headers(class_folder, capsys, tmp_path):
    page = tmp_path / "report.html"
    code, out, err = run_report(capsys, str(class_folder), "--html", str(page))
    assert code == 0 and f"wrote {page}" in err and out.startswith("learner,file,correct,")
    parsed = _Page()
    parsed.feed(page.read_text(encoding="utf-8"))
    exercises = len(course_exercises())
    assert parsed.tables == 2 and all(parsed.scopes)  # every header cell says what it heads
    assert len(parsed.bars) == exercises
    assert parsed.bars[0] == "1 correct, 2 unanswered"  # the opening nine: alice; bob, carol never tried
    text = " ".join(parsed.text)
    for sign, word in (("✔", "correct"), ("≈", "rounded"), ("⊘", "stopped"), ("·", "unanswered")):
        assert f"{sign} {word}" in text  # each result is said in words, not by its colour alone
    assert "<script" not in page.read_text()
