"""In a real browser: boards show as pictures where no kernel runs them, and maths is typeset offline.

- ``goose-widgets export`` (issue 29) of notebook 01 as committed (no widget state) and as nbclient
  executes it (the widget state saved, as ``jupyter nbconvert --execute`` saves it), opened from
  disk with the network blocked: every board is a drawn picture with its text alternative, and the
  page asks for nothing beyond its own file (``offline_export_01.png``).  The same for 02 executed
  by nbclient: its maths is typeset by the MathJax the page carries, no raw ``$...$`` is left
  (``offline_export_02.png``).
- JupyterLab's export menu lists that page ("Goose_html"), and what it opens carries its MathJax.
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
from pathlib import Path

import pytest

from tests.browser.lab import ROOT, SCREENSHOTS, VIEWPORT, require_chromium

pytestmark = pytest.mark.browser
require_chromium()

from playwright.sync_api import expect  # noqa: E402 - after the skip

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
GOOSE = "01_game_of_the_goose.ipynb"
PROBABILITY = "02_goose_probability.ipynb"
PICTURES = ".jp-OutputArea-output img[src^='data:image/svg+xml']"
CAPTION = "run this notebook to play"
INLINE_MATHS = re.compile(r"(?<![$\\])\$[^$\n]+\$")


def board_outputs(notebook: dict) -> list[dict]:
    return [output for cell in notebook["cells"] for output in cell.get("outputs", [])
            if WIDGET_VIEW in output.get("data", {}) and "image/svg+xml" in output["data"]]


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    """Notebooks 01 and 02 as a teacher's ``jupyter nbconvert --execute`` leaves them: executed by
    nbclient, which saves the widget state in the notebook (the committed ones store none)."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    folder = tmp_path_factory.mktemp("executed")
    with pytest.MonkeyPatch.context() as patch:  # the kernel's plots off screen, its progress apart
        patch.setenv("MPLBACKEND", "Agg")
        patch.setenv("GOOSE_WIDGETS_PROGRESS", str(tmp_path_factory.mktemp("progress")))
        for name in (GOOSE, PROBABILITY):
            notebook = nbformat.read(ROOT / "course" / name, as_version=4)
            nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                                    resources={"metadata": {"path": str(ROOT / "course")}}).execute()
            assert notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
            nbformat.write(notebook, folder / name)
    return folder


def export_offline(notebook: Path, folder: Path) -> Path:
    """What ``goose-widgets export NOTEBOOK`` writes, run as a teacher runs it."""
    result = subprocess.run([sys.executable, "-m", "goose_widgets", "export", str(notebook),
                             "--output-dir", str(folder)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return folder / notebook.with_suffix(".html").name


def open_offline(browser, page_path: Path, asked: list[str]):
    """Open a page from disk with the network cut off; every other request is noted in ``asked``."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_offline(True)

    def refuse(route):
        if route.request.url.startswith(("file:", "data:")):
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    context.route("**/*", refuse)
    page = context.new_page()
    page.goto(page_path.as_uri())
    page.wait_for_load_state("load")
    return context, page


@pytest.mark.parametrize("saved_state", [False, True], ids=["committed", "nbclient-executed"])
def test_an_offline_export_draws_every_board_with_its_text(tmp_path, browser, executed, saved_state):
    source = executed / GOOSE if saved_state else ROOT / "course" / GOOSE
    notebook = json.loads(source.read_text())
    assert ("widgets" in notebook["metadata"]) == saved_state
    boards = len(board_outputs(notebook))
    asked: list[str] = []
    context, page = open_offline(browser, export_offline(source, tmp_path), asked)
    try:
        pictures = page.locator("figure.gw-picture img[src^='data:image/svg+xml']")
        drawn = [img.evaluate("el => el.complete && el.naturalWidth > 100") for img in pictures.all()]
        assert boards >= 10 and drawn == [True] * boards, f"{sum(drawn)} pictures drawn for {boards} boards"
        assert all((img.get_attribute("alt") or "").strip() for img in pictures.all())  # a text alternative
        assert page.locator(".jupyter-widgets, script[type*='jupyter.widget']").count() == 0
        assert not asked, f"the page asked the network for {asked}"
        if saved_state:
            pictures.nth(1).scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENSHOTS / "offline_export_01.png"))
    finally:
        context.close()


def test_an_offline_export_typesets_the_maths(tmp_path, browser, executed):
    notebook = json.loads((executed / PROBABILITY).read_text())
    formulas = sum(len(INLINE_MATHS.findall("".join(cell["source"]))) for cell in notebook["cells"]
                   if cell["cell_type"] == "markdown")
    asked: list[str] = []
    context, page = open_offline(browser, export_offline(executed / PROBABILITY, tmp_path), asked)
    try:
        page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
        page.evaluate("() => MathJax.startup.promise")
        typeset = page.locator(".jp-RenderedMarkdown mjx-container")
        assert formulas >= 3 and typeset.count() >= formulas, f"{typeset.count()} of {formulas} typeset"
        raw = page.evaluate("""() => [...document.querySelectorAll('.jp-RenderedMarkdown')].map(el => {
            const copy = el.cloneNode(true);
            copy.querySelectorAll('mjx-container, code, pre').forEach(node => node.remove());
            return copy.textContent; }).join(' ')""")
        assert "$" not in raw and "\\hat" not in raw and "\\sqrt" not in raw, "raw maths is left"
        # the interval's formula, drawn (an SVG) and readable (MathJax's MathML for screen readers)
        interval = typeset.filter(has_text="1.96").first
        assert interval.locator("svg").count() == 1 and interval.locator("mjx-assistive-mml").count() == 1
        assert not asked, f"the page asked the network for {asked}"
        interval.scroll_into_view_if_needed()
        page.evaluate("() => window.scrollBy(0, 250)")  # the formula in the middle of the screen
        page.screenshot(path=str(SCREENSHOTS / "offline_export_02.png"))
    finally:
        context.close()


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


def test_jupyterlabs_export_menu_offers_the_offline_page(lab_url, browser):
    """What File > Save and Export Notebook As lists (the server's exporters), and what its
    "Goose_html" item opens: the page whose maths the MathJax inside it typesets."""
    import urllib.request

    with urllib.request.urlopen(f"{lab_url}/api/nbconvert", timeout=60) as answer:
        assert "goose_html" in json.load(answer)
    page = browser.new_page(viewport=VIEWPORT)
    asked: list[str] = []
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(lab_url)
               else (asked.append(route.request.url), route.abort()))
    try:
        # as the menu opens it: from the JupyterLab page (the server refuses a request with no referer)
        page.goto(f"{lab_url}/nbconvert/goose_html/{PROBABILITY}", referer=f"{lab_url}/lab", timeout=120_000)
        page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
        page.evaluate("() => MathJax.startup.promise")
        assert page.locator(".jp-RenderedMarkdown mjx-container").count() >= 3
        assert not asked, f"the page asked beyond JupyterLab for {asked}"
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
