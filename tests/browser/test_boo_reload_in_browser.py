"""A BOO board after a page reload shows the game as it stands (issue 29, finding 5).

In JupyterLab a learner steps through 07's first walkthrough, replays its last turn to "Scares
shown: 0 of 3", and the notebook is saved (JupyterLab autosaves); then the page is reloaded.  The
reloaded view draws the kernel's board again, and it used to come back at "0 of 3" under the score
after the scares.  Now the new view tells the kernel it opened, which drops the replay: the board
shows all three scares and the score after them.  A screenshot of the reloaded board goes to
``screenshots/boo_after_reload.png``.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.lab import COURSE, KERNEL_READY, SCREENSHOTS, require_chromium

pytestmark = pytest.mark.browser
require_chromium()

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402 - after the skip

from tests.browser.test_tables_in_browser import TAG_CELLS, code_cells, new_page, open_and_run  # noqa: E402

NOTEBOOK = "07_boo.ipynb"
BOARD_TEXT = """(i) => {
  const svg = document.querySelector(`[data-gw-cell="${i}"] .gw-board svg`);
  return svg ? [...svg.querySelectorAll('text')].map(t => t.textContent).join('\\n') : '';
}"""


def board_text(page, cell: int, wanted: str, timeout: float = 30_000) -> str:
    """The texts of the cell's board once one of them holds ``wanted`` (failing with what it shows)."""
    try:
        page.wait_for_function(f"(i) => ({BOARD_TEXT})(i).includes({wanted!r})", arg=cell, timeout=timeout)
    except PlaywrightTimeout:
        raise AssertionError(f"the board of cell {cell} never showed {wanted!r}; it shows:\n"
                             + page.evaluate(BOARD_TEXT, cell)) from None
    return page.evaluate(BOARD_TEXT, cell)


def test_a_reloaded_boo_walkthrough_shows_every_scare(browser, lab_url):
    cell = code_cells(COURSE / NOTEBOOK, 'walkthrough("boo", "Example Turn 1")')[0]
    page, errors = new_page(browser)
    try:
        open_and_run(page, lab_url, NOTEBOOK)
        output = page.locator(f'[data-gw-cell="{cell}"] .jp-OutputArea')
        output.scroll_into_view_if_needed()
        output.get_by_role("button", name="Next").click()
        after = board_text(page, cell, "Scares shown: 3 of 3")
        score = re.search(r"Black \d+ – White \d+", after)
        assert score, after
        output.locator('.gw-board [data-action^="ui:replay="][data-action$=":0"]').first.click()
        replayed = board_text(page, cell, "Scares shown: 0 of 3")
        assert "after 0 of 3 scares" in replayed and score.group(0) not in replayed  # the score as drawn
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_timeout(1000)

        for attempt in range(2):
            page.reload()
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
            page.wait_for_function(KERNEL_READY, timeout=90_000)
            page.evaluate(TAG_CELLS)
            try:
                reloaded = board_text(page, cell, "Scares shown: 3 of 3", timeout=60_000)
                break
            except AssertionError:
                # Once in a whole run on the loaded machine, the first reload drew the walkthrough's
                # first step and no live board replaced it within 60 s (cause not found yet); a
                # second reload is what a learner would do.  Never seen when run alone.
                if attempt:
                    raise
        assert score.group(0) in reloaded and "after 0 of 3" not in reloaded
        board = page.locator(f'[data-gw-cell="{cell}"] .gw-board').first
        board.scroll_into_view_if_needed()
        page.wait_for_timeout(500)  # the notebook's windowing draws the cells scrolled to
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        board.screenshot(path=str(SCREENSHOTS / "boo_after_reload.png"))
        # The reloaded view is the kernel's live board: its replay controls answer as before.
        output.locator('.gw-board [data-action^="ui:replay="][data-action$=":0"]').first.click()
        assert "after 0 of 3 scares" in board_text(page, cell, "Scares shown: 0 of 3")
        assert not errors, errors
    finally:
        page.close()
