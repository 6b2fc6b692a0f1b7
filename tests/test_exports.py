"""Boards in every export: a course notebook as committed, turned into HTML offline, shows each board as
its picture; the committed notebooks store no widget state; a table's text says what it is.
``goose-widgets export`` (issue 29) makes a page that needs no network whether or not the notebook
saved its widget state: boards as the pictures their outputs carry, maths by the MathJax the page
holds; nbconvert knows it as ``--to goose_html``.

(In a real browser, the exported pages, offline, and a notebook opened without running in
JupyterLab: tests/browser/test_exports_in_browser.py.)"""

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


STATE = {"application/vnd.jupyter.widget-state+json": {"state": {"m1": {}}, "version_major": 2,
                                                         "version_minor": 0}}
SCRIPT_FROM_THE_NETWORK = re.compile(r'<script[^>]*\ssrc="(?:https?:)?//')


def executed_like(maths: bool = True) -> dict:
    """A notebook as nbclient leaves it: a board output (picture beside the live view), an older
    board output with its SVG only, a progress bar, the widget state saved; maths in its text."""
    nbformat = pytest.importorskip("nbformat")
    board = play("game_of_the_goose", ["human", "random"], seed=1)._repr_mimebundle_()
    older = {key: board[key] for key in (WIDGET_VIEW, "image/svg+xml", "text/plain")}
    bar = {WIDGET_VIEW: {"model_id": "m2", "version_major": 2, "version_minor": 0},
           "text/plain": "game_of_the_goose:   0%|          | 0/2000 [00:00<?, ?it/s]"}
    cells = [nbformat.v4.new_markdown_cell("The interval $\\hat p \\pm 1.96\\sqrt{\\hat p(1-\\hat p)/n}$."
                                           if maths else "No formula here."),
             nbformat.v4.new_code_cell("play(...)", outputs=[
                 nbformat.v4.new_output("display_data", data=board),
                 nbformat.v4.new_output("display_data", data=older),
                 nbformat.v4.new_output("display_data", data=bar),
                 nbformat.v4.new_output("stream", name="stdout", text="41 wins of 100\n")])]
    return nbformat.v4.new_notebook(cells=cells, metadata={"widgets": STATE})


def test_a_page_without_a_kernel_shows_each_board_as_its_captioned_picture():
    from goose_widgets.ui.board import static_outputs

    notebook = executed_like()
    board_html = notebook.cells[1].outputs[0].data["text/html"]
    assert static_outputs(notebook) == 2
    outputs = notebook.cells[1].outputs
    assert "widgets" not in notebook.metadata
    assert [sorted(o.get("data", {})) for o in outputs] == [["text/html", "text/plain"]] * 2 + [[]]
    assert outputs[0].data["text/html"] == board_html  # the stored picture, not a second drawing
    assert PICTURE.search(outputs[1].data["text/html"]) and 'alt="the board"' in outputs[1].data["text/html"]
    assert outputs[2].output_type == "stream"  # the progress bar is gone, the printed text stays


@pytest.mark.parametrize("maths", [True, False], ids=["maths", "no-maths"])
def test_the_offline_export_needs_no_network(maths):
    from goose_widgets.teaching.offline_html import OfflineHTMLExporter

    notebook = executed_like(maths)
    body, resources = OfflineHTMLExporter().from_notebook_node(notebook)
    assert "widgets" in notebook.metadata and WIDGET_VIEW in notebook.cells[1].outputs[0].data  # untouched
    figures = re.findall(r'<figure class="gw-picture".*?</figure>', body, flags=re.DOTALL)
    assert len(figures) == 2 == resources["goose_pictures"]
    assert all(re.search(r'<img[^>]* alt="[^"]+"', figure) for figure in figures)  # a text alternative
    assert WIDGET_VIEW not in body and "widget-state" not in body and "html-manager" not in body
    assert not SCRIPT_FROM_THE_NETWORK.search(body), SCRIPT_FROM_THE_NETWORK.search(body)
    assert "0/2000" not in body  # no frozen progress bar
    assert ("MathJax" in body) is maths and ("mathjax/2.7" in body.lower()) is False
    if maths:  # MathJax 3's SVG build, written into the page with the delimiters the notebook uses
        assert 'VERSION="3.2.2"' in body and "tex2jax_ignore" in body
        assert "\\hat p" in body  # left for MathJax to typeset in the browser
        assert len(body) > 2_000_000
    else:
        assert len(body) < 1_500_000


def test_the_offline_export_folds_what_the_notebook_folds():
    """06 folds the discussion of an exercise's answer below its check (an output, a markdown cell):
    the page folds them too, and shows the rest open."""
    nbformat = pytest.importorskip("nbformat")
    from goose_widgets.teaching.offline_html import FOLDED, OfflineHTMLExporter

    cells = [nbformat.v4.new_markdown_cell("**Discussion**, unfold it once you have checked yours."),
             nbformat.v4.new_code_cell("print(answer)", outputs=[
                 nbformat.v4.new_output("stream", name="stdout", text="12232/1431\n")],
                 metadata={"jupyter": {"outputs_hidden": True}}),
             nbformat.v4.new_markdown_cell("About one deal in nine.",
                                           metadata={"jupyter": {"source_hidden": True}}),
             nbformat.v4.new_code_cell("print(1)", outputs=[nbformat.v4.new_output("stream", name="stdout",
                                                                                   text="open output\n")])]
    body, _ = OfflineHTMLExporter().from_notebook_node(nbformat.v4.new_notebook(cells=cells))
    folded = re.findall(r'<details class="goose-folded"><summary>(.*?)</summary>(.*?)</details>', body,
                        flags=re.DOTALL)
    assert [summary for summary, _ in folded] == [FOLDED, FOLDED]
    assert "12232/1431" in folded[0][1] and "About one deal in nine." in folded[1][1]
    assert "print(answer)" not in "".join(inside for _, inside in folded)  # the code stays in sight
    assert "Discussion" not in "".join(inside for _, inside in folded) and "open output" in body
    assert "open output" not in "".join(inside for _, inside in folded)


def test_nbconvert_knows_the_offline_export_as_goose_html():
    nbconvert = pytest.importorskip("nbconvert")
    from goose_widgets.teaching.offline_html import OfflineHTMLExporter

    assert nbconvert.exporters.get_exporter("goose_html") is OfflineHTMLExporter
    assert "goose_html" in nbconvert.exporters.get_export_names()


def test_the_export_command_writes_a_page_beside_or_into_a_folder(tmp_path, capsys):
    nbformat = pytest.importorskip("nbformat")
    from goose_widgets.commands import cli

    source = tmp_path / "lesson.ipynb"
    nbformat.write(nbformat.from_dict(executed_like()), source)
    assert cli.main(["export", str(source)]) == 0
    assert (tmp_path / "lesson.html").read_text().count('class="gw-picture"') == 2
    assert "2 board pictures, maths typeset" in capsys.readouterr().out
    assert cli.main(["export", str(source), "--to", "html", "--output-dir", str(tmp_path / "pages")]) == 0
    assert (tmp_path / "pages" / "lesson.html").is_file()
    assert cli.main(["export", str(tmp_path / "missing.ipynb")]) == 2
    assert "no such notebook" in capsys.readouterr().err
