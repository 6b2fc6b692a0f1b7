"""In a real browser: boards show as pictures where no kernel runs them.

- ``jupyter nbconvert --to html`` of the committed notebook 01, opened from disk with no network:
  every board is a drawn picture (``export_01.png``).
- A notebook opened in JupyterLab without running it: JupyterLab does not trust a notebook it did
  not run (it will not draw its SVG), but it shows sanitised HTML, so each board output's
  ``text/html`` picture shows, with its caption, instead of the table's text.  Checked on a notebook
  whose outputs the current code makes (``unrun_pictures.png``), and on the committed notebook 01,
  whose outputs carry that picture once the notebooks are re-executed with this code.

Screenshots go to ``screenshots/`` (or ``$GOOSE_WIDGETS_SCREENSHOTS``).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.browser.lab import ROOT, SCREENSHOTS, VIEWPORT, require_chromium

pytestmark = pytest.mark.browser
require_chromium()

from playwright.sync_api import expect  # noqa: E402 - after the skip

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
GOOSE = "01_game_of_the_goose.ipynb"
PICTURES = ".jp-OutputArea-output img[src^='data:image/svg+xml']"
CAPTION = "run this notebook to play"


def board_outputs(notebook: dict) -> list[dict]:
    return [output for cell in notebook["cells"] for output in cell.get("outputs", [])
            if WIDGET_VIEW in output.get("data", {}) and "image/svg+xml" in output["data"]]


def test_an_offline_html_export_draws_every_board(tmp_path, browser):
    copy = tmp_path / GOOSE
    copy.write_bytes((ROOT / "course" / GOOSE).read_bytes())
    result = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(copy)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    boards = len(board_outputs(json.loads(copy.read_text())))
    page = browser.new_page(viewport=VIEWPORT)
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(("file:", "data:"))
               else route.abort())
    try:
        page.goto((tmp_path / GOOSE.replace(".ipynb", ".html")).as_uri())
        page.wait_for_load_state("load")
        pictures = page.locator("img[src^='data:image/svg+xml']")
        drawn = sum(img.evaluate("el => el.complete && el.naturalWidth > 0") for img in pictures.all())
        assert boards and drawn >= boards, f"{drawn} pictures drawn for {boards} boards"
        pictures.first.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / "export_01.png"))
    finally:
        page.close()


def open_unrun(page, lab_url: str, name: str) -> None:
    page.goto(f"{lab_url}/lab/tree/{name}?reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)


def test_a_notebook_opened_without_running_shows_board_pictures(lab_url, lab_root, browser):
    nbformat = pytest.importorskip("nbformat")
    from goose_widgets import play

    cells = []
    for game, seats in (("game_of_the_goose", ["human", "random"]), ("boo", ["human", "greedy"])):
        table = play(game, seats, seed=1)
        output = nbformat.v4.new_output("display_data", data=table._repr_mimebundle_())
        cells.append(nbformat.v4.new_code_cell(f"play({game!r}, {seats!r}, seed=1)", outputs=[output]))
    name = "unrun_pictures.ipynb"
    kernel = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}}
    nbformat.write(nbformat.v4.new_notebook(cells=cells, metadata=kernel), lab_root / name)
    page = browser.new_page(viewport=VIEWPORT)
    try:
        open_unrun(page, lab_url, name)
        pictures = page.locator(PICTURES)
        pictures.first.wait_for(timeout=30_000)
        page.locator(".jp-Cell").last.scroll_into_view_if_needed()  # JupyterLab draws cells in view
        expect(pictures).to_have_count(2, timeout=30_000)
        assert all(img.evaluate("el => el.complete && el.naturalWidth > 100") for img in pictures.all())
        assert page.get_by_text(CAPTION).count() == 2
        assert page.get_by_text("run this cell to play").count() == 0  # not the text stand-in
        page.screenshot(path=str(SCREENSHOTS / "unrun_pictures.png"))
    finally:
        page.close()


def test_the_committed_goose_notebook_opened_without_running_shows_its_boards(lab_url, browser):
    outputs = board_outputs(json.loads((ROOT / "course" / GOOSE).read_text()))
    assert all("text/html" in output["data"] for output in outputs), \
        f"course/{GOOSE} was executed before board outputs carried their text/html picture: " \
        "re-execute the notebooks (python3 tasks.py execute)"
    page = browser.new_page(viewport=VIEWPORT)
    try:
        open_unrun(page, lab_url, GOOSE)
        page.locator(PICTURES).first.wait_for(timeout=30_000)
        drawn = set()
        cells = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets.length")
        for index in range(cells):  # JupyterLab only draws the cells in view: bring each one there
            page.evaluate("(i) => window.jupyterapp.shell.currentWidget.content.scrollToItem(i, 'start')",
                          index)
            page.wait_for_timeout(50)
            drawn |= {img.get_attribute("src") for img in page.locator(PICTURES).all()}
        stored = {re.search(r'src="([^"]+)"', "".join(o["data"]["text/html"])).group(1) for o in outputs}
        assert drawn == stored, f"{len(drawn & stored)} of the {len(stored)} board pictures drawn"
        page.locator(PICTURES).first.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / "unrun_01.png"))
    finally:
        page.close()
