"""Progress that lasts (issue 21): every check, hint and solution shown is an event in the progress
file; `progress()` reads it, so it covers every notebook and every kernel; two processes writing at
once lose nothing; an unreadable file is set aside with a warning; recording never fails a check."""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import re
import subprocess
import sys
import textwrap
import warnings
from fractions import Fraction
from pathlib import Path

import pytest

from goose_widgets.exercises import course_exercises, progress, warmup
from goose_widgets.exercises.progress import (
    ENVIRONMENT,
    FILE_NAME,
    ProgressWarning,
    UnreadableProgress,
    not_recorded,
    progress_file,
    read_progress,
    summarize,
)
from goose_widgets.exercises.warmup import nine_with_two_dice

# the module (the package's attribute of that name is the function)
progress_module = importlib.import_module("goose_widgets.exercises.progress")

@pytest.fixture
def fresh_warmup(monkeypatch):
    """The warm-up as an exercise of the learner's own (the course's is a worked example, never
    recorded): recording works the same for every exercise, and this one's answers are known."""
    exercise = dataclasses.replace(nine_with_two_dice, example=False)
    monkeypatch.setattr(warmup, "EXERCISES", (exercise,))
    return exercise


@pytest.fixture
def progress_path(tmp_path, monkeypatch):
    path = tmp_path / "learner" / FILE_NAME
    monkeypatch.setenv(ENVIRONMENT, str(path))
    monkeypatch.setattr(progress_module, "_warned", set())
    return path


def events(path: Path) -> list[dict]:
    return list(read_progress(path).events)


def row(name: str) -> tuple[str, str, str]:
    return next(r for r in progress().rows if r[1] == name)


def test_every_game_contributes_exercises_grouped_by_notebook_and_the_worked_example_none():
    found = course_exercises()
    modules = {exercise.checker.__module__ for _, exercise in found}
    assert "goose_widgets.exercises.warmup" not in modules  # 00's warm-up is the course's example
    for game in ("game_of_the_goose", "boo_to_the_goose", "sneaky_goose", "boo"):
        assert f"goose_widgets.games.{game}.exercises" in modules
    notebooks = [notebook for notebook, _ in found]
    assert notebooks == sorted(notebooks) and notebooks[0] == "01_game_of_the_goose"
    assert len({id(exercise) for _, exercise in found}) == len(found)
    assert len({exercise.name for _, exercise in found}) == len(found)  # names key the progress file


def test_checks_hints_and_solutions_are_events_in_the_file(fresh_warmup, progress_path):
    fresh_warmup.check(...)
    fresh_warmup.check(Fraction(1, 36))
    fresh_warmup.hint()
    fresh_warmup.check(0.111)
    fresh_warmup.show_solution()
    fresh_warmup.check(Fraction(1, 9))
    found = events(progress_path)
    assert [(e["kind"], e["result"]) for e in found] == [
        ("check", "unanswered"), ("check", "wrong"), ("hint", 1), ("check", "rounded"),
        ("solution", "shown"), ("check", "correct")]
    assert {e["exercise"] for e in found} == {fresh_warmup.name}
    assert {e["notebook"] for e in found} == {"00_start_here"}
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", e["time"]) for e in found)
    header = json.loads(progress_path.read_text().splitlines()[0])
    assert header["format"] == "goose_widgets progress" and header["version"] == 1
    summary = summarize(found)[fresh_warmup.name]
    assert (summary.best, summary.checks, summary.hints, summary.solution) == ("correct", 4, {1}, True)


def test_the_table_shows_correct_rounded_tried_and_not_tried(fresh_warmup, progress_path):
    assert row(fresh_warmup.name) == ("00_start_here", fresh_warmup.name, "· not tried")
    fresh_warmup.check(...)
    assert row(fresh_warmup.name)[2] == "· not tried"  # a placeholder is not a try
    fresh_warmup.check(Fraction(1, 36))
    assert row(fresh_warmup.name)[2] == "✘ tried"
    fresh_warmup.check(0.111)
    assert row(fresh_warmup.name)[2] == "≈ right, but rounded"
    fresh_warmup.check(Fraction(1, 9))
    assert row(fresh_warmup.name)[2] == "✔ correct"
    table = progress()
    text = str(table)
    assert text.splitlines()[0] == (f"{table.done} of {len(table.rows)} exercises answered correctly.  "
                                    f"Kept in {progress_path}, for every notebook and kernel.")
    assert "00_start_here:" in text and f"  {fresh_warmup.name}" in text


def test_another_kernel_sees_the_progress(progress_path, monkeypatch):
    """A new Python process (another notebook's kernel, or this one restarted) reads the same file."""
    from goose_widgets.games.game_of_the_goose.exercises import bounce_back, opening_collision

    monkeypatch.setattr(opening_collision._record, "best", None)  # only the other kernel checks it
    assert bounce_back.check({3, 12}).correct
    code = textwrap.dedent(f"""
        from goose_widgets.exercises import progress
        from goose_widgets.games.game_of_the_goose.exercises import opening_collision
        opening_collision.check((0, 26))
        rows = {{name: result for _, name, result in progress().rows}}
        print(rows[{bounce_back.name!r}], "|", rows[opening_collision.name])
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ)).stdout
    assert out.strip() == "✔ correct | ✔ correct"
    assert row(opening_collision.name)[2] == "✔ correct"  # and this kernel sees the other's check


def test_where_the_file_is(tmp_path, monkeypatch):
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "mine.jsonl"))
    assert progress_file() == tmp_path / "mine.jsonl"
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path))  # a folder: the file of the usual name in it
    assert progress_file() == tmp_path / FILE_NAME
    monkeypatch.setenv(ENVIRONMENT, "off")
    assert progress_file() is None
    monkeypatch.delenv(ENVIRONMENT)
    course = tmp_path / "course"
    course.mkdir()
    (course / "02_goose_probability.ipynb").write_text("{}")
    monkeypatch.chdir(course)  # a kernel started beside a course notebook keeps the file there
    assert progress_file() == course / FILE_NAME
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "my_notes.ipynb").write_text("{}")
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert progress_file() == tmp_path / "home" / ".goose_widgets" / FILE_NAME


def test_recording_off_writes_nothing_and_progress_shows_this_kernel(fresh_warmup, tmp_path, monkeypatch):
    monkeypatch.setenv(ENVIRONMENT, "off")
    monkeypatch.chdir(tmp_path)
    fresh_warmup.check(Fraction(1, 9))
    assert list(tmp_path.iterdir()) == []
    assert row(fresh_warmup.name)[2] == "✔ correct"
    assert "Recording is off" in str(progress())


def test_checks_in_not_recorded_are_not_recorded(fresh_warmup, progress_path):
    with not_recorded():
        assert fresh_warmup.check(Fraction(1, 9)).correct
    assert not progress_path.exists()


_WRITER = """
import sys
from goose_widgets.exercises.progress import record
from goose_widgets.exercises.warmup import nine_with_two_dice
exercise = __import__("dataclasses").replace(nine_with_two_dice, example=False)
start, count = sys.argv[1], int(sys.argv[2])
while not __import__("os").path.exists(start):
    pass
for i in range(1, count + 1):
    record(exercise, "hint", i)
"""


def test_two_processes_writing_at_once_lose_no_event(progress_path, tmp_path):
    start = tmp_path / "go"
    count = 300
    writers = [subprocess.Popen([sys.executable, "-c", _WRITER, str(start), str(count)], env=dict(os.environ))
               for _ in range(2)]
    start.write_text("go")  # both are importing or waiting by now: they write at the same time
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    found = events(progress_path)
    assert len(found) == 2 * count
    assert sorted(e["result"] for e in found) == sorted(list(range(1, count + 1)) * 2)
    assert sum('"format"' in line for line in progress_path.read_text().splitlines()) == 1


HEADER = b'{"format": "goose_widgets progress", "version": 1, "learner": "ada"}\n'
EVENT = b'{"time": "2026-12-01T10:00:00+00:00", "notebook": "00_start_here", "exercise": "%s", ' \
        b'"kind": "check", "result": "%s"}\n'


@pytest.mark.parametrize("content, skipped", [
    (b"this is not JSON\n", [1]),
    (HEADER + b'{"exercise": "A", "ki', [2]),
    (b"\xff\xfe\x00binary", [1]),
])
def test_a_damaged_line_is_skipped_and_counted_never_the_file(fresh_warmup, progress_path, content, skipped):
    progress_path.parent.mkdir(parents=True)
    progress_path.write_bytes(content)
    assert fresh_warmup.check(Fraction(1, 9)).correct
    found = read_progress(progress_path)
    assert [e["result"] for e in found.events] == ["correct"]  # the new event, on a line of its own
    assert [number for number, _ in found.skipped] == skipped
    assert progress_path.read_bytes().startswith(content)  # nothing the learner had was moved or lost
    assert not list(progress_path.parent.glob("*.unreadable-*"))


def test_every_readable_event_counts_whatever_lines_around_it_are_damaged(fresh_warmup, progress_path):
    name = fresh_warmup.name.encode()
    progress_path.parent.mkdir(parents=True)
    progress_path.write_bytes(HEADER + EVENT % (name, b"wrong") + b"{edited by hand\n"
                              + EVENT % (name, b"perfect") + EVENT % (name, b"correct") + b'{"time": "20')
    found = read_progress(progress_path)
    assert found.learner == "ada" and [e["result"] for e in found.events] == ["wrong", "correct"]
    assert found.skipped == ((3, "it is not an event"), (4, "an unknown result 'perfect'"),
                             (6, "it was cut off"))
    with pytest.warns(ProgressWarning, match="3 damaged line"):
        assert row(fresh_warmup.name)[2] == "✔ correct"
    fresh_warmup.check(Fraction(1, 36))
    assert [e["result"] for e in events(progress_path)] == ["wrong", "correct", "wrong"]


def test_another_programs_file_is_set_aside_and_a_fresh_one_started(fresh_warmup, progress_path):
    progress_path.parent.mkdir(parents=True)
    progress_path.write_text('{"format": "something else"}\n')
    with pytest.warns(ProgressWarning, match="could not be read") as caught:
        assert fresh_warmup.check(Fraction(1, 9)).correct
    assert "fresh progress file" in str(caught[0].message)
    aside = list(progress_path.parent.glob("*.unreadable-*"))
    assert len(aside) == 1 and aside[0].read_text() == '{"format": "something else"}\n'
    assert [e["result"] for e in events(progress_path)] == ["correct"]
    with pytest.raises(UnreadableProgress, match="not a goose_widgets progress file"):
        read_progress(aside[0])


def test_the_worked_example_is_never_recorded(progress_path):
    assert nine_with_two_dice.example
    nine_with_two_dice.check(Fraction(1, 9))
    nine_with_two_dice.show_solution()
    assert not progress_path.exists()
    assert nine_with_two_dice.name not in {name for _, name, _ in progress().rows}


def test_the_learner_named_by_the_course_command_heads_the_file(fresh_warmup, progress_path, monkeypatch):
    monkeypatch.setenv("GOOSE_WIDGETS_LEARNER", "Ada Lovelace")
    monkeypatch.setenv("JUPYTERHUB_USER", "jupyter-ada")
    fresh_warmup.check(Fraction(1, 9))
    assert read_progress(progress_path).learner == "Ada Lovelace"


def test_recording_never_makes_a_check_fail(fresh_warmup, tmp_path, monkeypatch):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(ENVIRONMENT, str(blocker / "progress.jsonl"))  # cannot be created, even by root
    monkeypatch.setattr(progress_module, "_warned", set())
    with pytest.warns(ProgressWarning, match="could not be recorded") as caught:
        feedback = fresh_warmup.check(Fraction(1, 9))
        assert "Set GOOSE_WIDGETS_PROGRESS" in str(caught[0].message)
    assert feedback.correct and feedback.status == "correct"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the same trouble is said once, not at every check
        assert fresh_warmup.check(Fraction(1, 36)).status == "wrong"
        assert fresh_warmup.hint(1).text.startswith("Hint 1/")
    with pytest.warns(ProgressWarning, match="could not be read"):
        assert row(fresh_warmup.name)[2] == "✔ correct"  # this kernel's results still show


def test_the_html_table_is_readable_and_escaped(fresh_warmup, progress_path):
    fresh_warmup.check(Fraction(1, 9))
    html = progress()._repr_html_()
    assert "✔ correct" in html and "<table>" in html and 'scope="colgroup"' in html
    sizes = [int(size) for size in re.findall(r"font-size:(\d+)px", html)]
    assert sizes and min(sizes) >= 12
    assert "<script" not in html
