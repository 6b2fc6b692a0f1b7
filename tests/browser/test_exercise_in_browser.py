"""A learner solves an exercise in JupyterLab, in a real browser (issue 8).

Open notebook 01, run it; the check of the first exercise says "Not answered yet".  Replace the
placeholder of its answer cell by typing a right answer, run the answer cell and its check cell, and
see the green ✔.  Screenshots of before and after go to the SCREENSHOTS folder.  Viewport 1366×900.
"""

from __future__ import annotations

import pytest

from tests.browser.lab import ERROR_OUTPUTS, KERNEL_READY, RUN_ALL, SCREENSHOTS, require_chromium

NOTEBOOK = "01_game_of_the_goose.ipynb"
PLACEHOLDER = "answer = ...   # a square number"  # the first exercise's answer cell, as committed
TYPED = "answer = 53"

pytestmark = pytest.mark.browser
require_chromium()


def test_a_learner_types_an_answer_and_sees_it_checked(lab_url, browser):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page_errors: list[str] = []
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    try:
        page.goto(f"{lab_url}/lab/tree/{NOTEBOOK}?reset")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        page.wait_for_function(KERNEL_READY, timeout=90_000)
        assert page.evaluate(RUN_ALL) == "done:true", "run-all did not finish"
        assert not page.evaluate(ERROR_OUTPUTS)

        answer_cell = page.locator(".jp-CodeCell", has_text=PLACEHOLDER).first
        check_cell = answer_cell.locator("xpath=following-sibling::div[contains(@class, 'jp-CodeCell')][1]")
        assert "opening_four_five.check(answer)" in check_cell.locator(".jp-InputArea").inner_text()
        check_cell.scroll_into_view_if_needed()
        assert "Not answered yet" in check_cell.locator(".jp-OutputArea").inner_text()
        page.screenshot(path=str(SCREENSHOTS / "exercise_not_answered.png"))

        # the learner replaces the placeholder by typing, as at a keyboard
        editor = answer_cell.locator(".cm-content")
        editor.click()
        page.keyboard.press("Control+A")
        page.keyboard.type(TYPED)
        assert answer_cell.locator(".jp-InputArea").inner_text().strip().endswith(TYPED)
        page.keyboard.press("Shift+Enter")   # runs the answer cell and moves to the check cell
        page.keyboard.press("Shift+Enter")   # runs the check
        check_cell.locator(".jp-OutputArea", has_text="✔ Correct").wait_for(timeout=60_000)
        feedback = check_cell.locator(".jp-OutputArea").inner_text()
        assert "✔ Correct" in feedback and "53" in feedback and "Not answered" not in feedback
        check_cell.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / "exercise_correct.png"))
        assert not page_errors, page_errors
    finally:
        page.close()
