"""The course is committed executed: every code cell has run and no output is an error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

COURSE = Path(__file__).resolve().parents[1] / "course"
NOTEBOOKS = sorted(COURSE.glob("*.ipynb"))


def test_the_course_starts_here():
    assert (COURSE / "00_start_here.ipynb").exists()


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_executed_without_errors(notebook):
    cells = json.loads(notebook.read_text())["cells"]
    code = [c for c in cells if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    assert code, f"{notebook.name} has no code"
    assert all(c.get("execution_count") for c in code), f"{notebook.name} has cells that never ran"
    errors = [o for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, f"{notebook.name} stores error outputs: {errors[:1]}"
