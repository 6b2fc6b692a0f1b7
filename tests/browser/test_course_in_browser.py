"""The real-browser test: JupyterLab in headless Chromium runs the course notebooks.

The notebooks with a table (`PLAYED`) are run and played through by test_tables_in_browser.py; this
test runs the others.  For each it runs all cells, finds no error output and no "Error displaying
widget", clicks a clickable element of the first game board that has one (see `CLICKS`) and checks
that the board changed (so the click reached Python and the new SVG came back), then saves a
screenshot to
``screenshots/<notebook>.png`` (or the folder in ``$GOOSE_WIDGETS_SCREENSHOTS``), and
``<notebook>_plot.png`` at the notebook's first plot (and ``_round_robin.png``, ``_expert.png`` at
those sections of the strategy notebooks).

Needs Debian's chromium at /usr/bin/chromium (``apt-get install chromium``); elsewhere it skips
with that advice, except in CI (``CI`` set), where a missing browser is a failure.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.lab import (
    ERROR_OUTPUTS,
    KERNEL_READY,
    NOTEBOOKS,
    PLAYED,
    RUN_ALL,
    SCREENSHOTS,
    VIEWPORT,
    require_chromium,
)

# Which element to click in each notebook (CSS, inside a `.gw-board`); by default the first
# `[data-action]` of the first board that has one.  Notebooks without a board only run.
CLICKS: dict[str, str] = {}  # e.g. {"08_boo_strategy.ipynb": "[data-action^='place']"}
# Sections worth a screenshot of their own, by heading: (heading text, file name suffix)
SECTIONS = (("Every bot against every other", "round_robin"), ("The expert", "expert"))

pytestmark = pytest.mark.browser
require_chromium()


@pytest.mark.parametrize("notebook", [n for n in NOTEBOOKS if n not in PLAYED])
def test_notebook_runs_and_board_answers_clicks(notebook, lab_url, browser):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport=VIEWPORT)
    page_errors: list[str] = []
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    try:
        # ?reset: JupyterLab would otherwise restore the previous test's notebook in a hidden tab,
        # whose boards the selectors below would find first (and could not click).
        page.goto(f"{lab_url}/lab/tree/{notebook}?reset")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        page.wait_for_function(KERNEL_READY, timeout=90_000)
        assert page.evaluate(RUN_ALL) == "done:true", f"{notebook}: run-all did not finish"
        assert page.locator(".jp-Dialog").count() == 0
        errors = page.evaluate(ERROR_OUTPUTS)
        assert not errors, f"{notebook} has error outputs: {errors}"
        page.wait_for_timeout(500)
        assert page.locator("text=Error displaying widget").count() == 0
        assert page.locator(".gw-error").count() == 0, page.locator(".gw-error").first.inner_text()

        selector = CLICKS.get(notebook)
        boards = page.locator(".gw-board")
        if selector or boards.count():
            target_selector = f".gw-board {selector or '[data-action]'}"
            target = page.locator(target_selector).first
            if selector:
                target.wait_for(timeout=60_000)
            if target.count():
                board = page.locator(".gw-board", has=page.locator(selector or "[data-action]")).first
                before = board.inner_html()
                target.scroll_into_view_if_needed()
                target.click()
                page.wait_for_function(
                    "([el, before]) => el.innerHTML !== before",
                    arg=[board.element_handle(), before], timeout=30_000)
                assert page.locator(".gw-error").count() == 0, page.locator(".gw-error").first.inner_text()
        page.screenshot(path=str(SCREENSHOTS / (Path(notebook).stem + ".png")), full_page=True)
        plots = page.locator(".jp-RenderedImage img")
        if plots.count():  # a second picture where the notebook draws its first plot
            plots.first.scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENSHOTS / (Path(notebook).stem + "_plot.png")))
        for heading, name in SECTIONS:  # the strategy notebooks' round-robin and expert sections
            section = page.locator(".jp-MarkdownOutput h3", has_text=heading)
            if section.count():
                section.first.scroll_into_view_if_needed()
                page.screenshot(path=str(SCREENSHOTS / f"{Path(notebook).stem}_{name}.png"))
        assert not page_errors, page_errors
    finally:
        page.close()

