"""The course's exercises belong to the learner (issue 8), read from the committed notebooks 01-08.

- No exercise is committed answered: no output says "Correct", no cell calls ``show_solution()``.
- Every check cell (``exercise.check(name)``) comes right after the learner's answer cell, which
  defines ``name`` as a placeholder (``answer = ...`` or a function whose body is ``...``).
- Every notebook ends with at least two exercises: after its last code cell that is not part of an
  exercise come at least two check cells.
- Every notebook 01-08 opens with what you will learn, and ends, after its last exercise, with a
  summary: what was learned and what to try next (issue 19, item 2).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .course_text import COURSE, outputs_text

NOTEBOOKS = sorted(p for p in COURSE.glob("0[1-8]_*.ipynb"))
EVERY_NOTEBOOK = sorted(COURSE.glob("0[0-8]_*.ipynb"))  # 00 too: it has no exercise of the learner's
CHECK = re.compile(r"^(\w+)\.check\((\w+)\)$")
SHOWS_AN_OBJECT = re.compile(r"^\w+$")  # a prompt cell ends by showing the exercise: `move_a_pawn`


def code_cells(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text())["cells"]
    return ["".join(c["source"]).strip() for c in cells if c["cell_type"] == "code"]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_no_exercise_is_committed_answered(notebook):
    text = outputs_text(notebook)
    assert "✔ Correct" not in text and "Correct:" not in text
    assert not [c for c in code_cells(notebook) if "show_solution()" in c]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_check_follows_a_placeholder_answer_cell(notebook):
    cells = code_cells(notebook)
    for index, source in enumerate(cells):
        found = CHECK.match(source)
        if not found:
            continue
        name = found.group(2)
        answer = cells[index - 1]
        defines = f"{name} = ..." if name == "answer" else f"def {name}("
        assert defines in answer, f"{source!r} does not follow the cell that defines {name}"
        last = answer.splitlines()[-1].strip()
        assert last.startswith(("answer = ...", "...")), f"before {source!r}: no placeholder"


def _exercise_cells(cells: list[str]) -> set[int]:
    """Indices of the code cells that belong to exercises: prompts, answers, checks, progress."""
    found = set()
    for index, source in enumerate(cells):
        if CHECK.match(source):
            found |= {index, index - 1}
        elif SHOWS_AN_OBJECT.match(source.splitlines()[-1]) or source.endswith("progress()") \
                or "capstone_study.table(" in source \
                or source.endswith("league.submit(my_bot)"):  # a capstone's bar; its bot sent to the league
            found.add(index)
    return found


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_notebook_ends_with_at_least_two_exercises(notebook):
    cells = code_cells(notebook)
    exercise = _exercise_cells(cells)
    last_plain = max((i for i in range(len(cells)) if i not in exercise), default=-1)
    checks_at_the_end = [c for c in cells[last_plain + 1:] if CHECK.match(c)]
    assert len(checks_at_the_end) >= 2, f"{notebook.name} ends with {len(checks_at_the_end)} exercise(s)"


@pytest.mark.parametrize("notebook", EVERY_NOTEBOOK, ids=lambda p: p.name)
def test_the_notebook_says_what_you_will_learn(notebook):
    first = "".join(json.loads(notebook.read_text())["cells"][0]["source"])
    assert first.startswith("# ") and "**What you will learn**" in first
    assert first.split("**What you will learn**")[1].count("\n- ") >= 3


@pytest.mark.parametrize("notebook", EVERY_NOTEBOOK, ids=lambda p: p.name)
def test_the_notebook_ends_with_a_summary_after_its_last_exercise(notebook):
    cells = json.loads(notebook.read_text())["cells"]
    last_check = max((i for i, c in enumerate(cells)
                      if c["cell_type"] == "code" and CHECK.match("".join(c["source"]).strip())), default=-1)
    summaries = [i for i, c in enumerate(cells) if "".join(c["source"]).startswith("## Summary")]
    assert summaries, f"{notebook.name} has no '## Summary'"
    assert summaries == [len(cells) - 1] and summaries[0] > last_check, \
        f"{notebook.name}: the summary is not the last cell, after the last exercise"
    summary = "".join(cells[-1]["source"])
    learned, _, next_steps = summary.partition("**What to try next**")
    assert learned.count("\n- ") >= 3, "say what was learned, in at least three points"
    assert next_steps.strip(), "say what to try next"
