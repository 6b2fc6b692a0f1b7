"""The course is committed executed: every code cell has run, no output is an error, and no output
is a progress bar frozen part-way (issue 29)."""

from __future__ import annotations

import json
import re
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


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_no_committed_notebook_stores_a_progress_bar(notebook):
    bars = []
    for index, cell in enumerate(json.loads(notebook.read_text())["cells"]):
        for output in cell.get("outputs", []):
            text = output.get("data", {}).get("text/plain", output.get("text", ""))
            text = "".join(text) if isinstance(text, list) else str(text)
            if re.search(r"\d+%\|", text):
                bars.append(f"cell {index}: {text.strip()[:60]}")
    assert not bars, f"{notebook.name} stores progress bars (python3 tasks.py execute strips them): {bars}"


def test_stripping_a_progress_bar_keeps_the_rest(tmp_path):
    import sys

    sys.path.insert(0, str(COURSE.parent))
    import tasks  # the checkout's tasks.py, whose `execute` strips the bars

    notebook = {"cells": [{"cell_type": "code", "source": "x", "execution_count": 1, "metadata": {},
                           "outputs": [{"output_type": "display_data", "metadata": {},
                                        "data": {"text/plain": "games:  67%|######6   | 1200/1800"}},
                                       {"output_type": "stream", "name": "stdout", "text": "done\n"}]}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps(notebook))
    assert tasks.strip_progress_bars(path) == 1 and tasks.strip_progress_bars(path) == 0
    assert json.loads(path.read_text())["cells"][0]["outputs"] == [notebook["cells"][0]["outputs"][1]]
