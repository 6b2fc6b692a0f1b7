"""Boards in every export: a course notebook as committed, turned into HTML offline, shows each board as
its picture; the committed notebooks store no widget state; a table's text says what it is.

(In a real browser, the exported page and a notebook opened without running in JupyterLab:
tests/browser/test_exports_in_browser.py.)"""

from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path

import pytest

from goose_widgets import play

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "course").glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PICTURE = re.compile(r'<img[^>]* src="data:image/svg\+xml;base64,([^"]+)"')
sys.path.insert(0, str(ROOT))
import tasks  # noqa: E402 - the checkout's tasks.py, whose strip_widget_state `execute` uses


def boards(notebook: dict) -> int:
    return sum(WIDGET_VIEW in output.get("data", {}) and "image/svg+xml" in output["data"]
               for cell in notebook["cells"] for output in cell.get("outputs", []))


def test_a_tables_text_says_what_it_is_and_to_run_the_cell():
    table = play("sneaky_goose", ["human", "memory", "random"], seed=1)
    text = table._repr_mimebundle_()["text/plain"]
    assert text == ("A table of sneaky_goose for Player 1 (human), Player 2 (memory bot), Player 3 "
                    "(random bot): run this cell to play.")


def test_the_committed_notebooks_store_no_widget_state():
    stored = [p.name for p in NOTEBOOKS if "widgets" in json.loads(p.read_text())["metadata"]]
    assert not stored, f"{stored} store widget state: run `python3 tasks.py execute` (it strips it)"


def test_strip_widget_state_changes_only_the_metadata(tmp_path):
    source = ROOT / "course" / "00_start_here.ipynb"
    notebook = json.loads(source.read_text())
    notebook["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(notebook, sort_keys=True, indent=1, ensure_ascii=False) + "\n")
    assert tasks.strip_widget_state(path) is True
    assert path.read_text() == source.read_text() if "widgets" not in json.loads(source.read_text())[
        "metadata"] else "widgets" not in json.loads(path.read_text())["metadata"]
    assert tasks.strip_widget_state(path) is False


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_an_html_export_shows_every_board_as_its_picture(path):
    """What ``jupyter nbconvert --to html`` makes of the committed notebook: one picture per board,
    and no widget script to fetch from a CDN."""
    nbformat = pytest.importorskip("nbformat")
    nbconvert = pytest.importorskip("nbconvert")
    notebook = nbformat.read(path, as_version=4)
    body, _ = nbconvert.HTMLExporter().from_notebook_node(notebook)
    pictures = [base64.b64decode(p).decode() for p in PICTURE.findall(body)]
    assert len([p for p in pictures if p.lstrip().startswith("<svg")]) >= boards(notebook)
    assert "@jupyter-widgets/html-manager" not in body and WIDGET_VIEW not in body
