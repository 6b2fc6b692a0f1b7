"""A learner solves an exercise in JupyterLab, in a real browser (issue 8).

Open notebook 01, run it; the check of the first exercise says "Not answered yet".  Replace the
placeholder of its answer cell by typing a right answer, run the answer cell and its check cell, and
see the green ✔.  Screenshots of before and after go to the SCREENSHOTS folder.  Viewport 1366×900.
"""

from __future__ import annotations

import pytest

from tests.browser.lab import ERROR_OUTPUTS, KERNEL_READY, RUN_ALL, SCREENSHOTS, require_chromium

NOTEBOOK = "01_game_of_the_goose.ipynb"
# JupyterLab draws only the cells near the view: find the cells through its API, mark their nodes, and
# bring them into view; everything the learner does after that is clicks and keys.
MARK_CELLS = """(placeholder) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const index = notebook.widgets.findIndex(c => c.model.sharedModel.getSource().startsWith(placeholder));
  if (index < 0) return -1;
  notebook.widgets[index].node.setAttribute('data-exercise', 'answer');
  notebook.widgets[index + 1].node.setAttribute('data-exercise', 'check');
  notebook.scrollToItem(index, 'center');
  return index;
}"""
CHECK_OUTPUT = """(index) => {
  const cell = window.jupyterapp.shell.currentWidget.content.widgets[index + 1];
  return [cell.model.sharedModel.getSource(),
          JSON.stringify(cell.model.outputs.toJSON())];
}"""
PLACEHOLDER = "answer = ...   # (Player 1's square, Player 2's square)"  # the first exercise's, as committed
TYPED = "answer = (0, 26)"

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

        index = page.evaluate(MARK_CELLS, PLACEHOLDER)
        assert index > 0, "the exercise's answer cell is not in the notebook"
        source, outputs = page.evaluate(CHECK_OUTPUT, index)
        assert source == "opening_collision.check(answer)" and "Not answered yet" in outputs
        answer_cell = page.locator("[data-exercise='answer']")
        check_cell = page.locator("[data-exercise='check']")
        answer_cell.wait_for(timeout=30_000)
        check_cell.locator(".jp-OutputArea", has_text="Not answered yet").wait_for(timeout=30_000)
        check_cell.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / "exercise_not_answered.png"))

        # the learner replaces the placeholder by typing, as at a keyboard
        answer_cell.locator(".cm-content").click()
        page.keyboard.press("Control+A")
        page.keyboard.type(TYPED)
        assert answer_cell.locator(".cm-content").inner_text().strip() == TYPED
        page.keyboard.press("Shift+Enter")   # runs the answer cell and moves to the check cell
        page.keyboard.press("Shift+Enter")   # runs the check
        check_cell.locator(".jp-OutputArea", has_text="✔ Correct").wait_for(timeout=60_000)
        feedback = check_cell.locator(".jp-OutputArea").inner_text()
        assert "✔ Correct" in feedback and "26" in feedback and "Not answered" not in feedback
        _source, outputs = page.evaluate(CHECK_OUTPUT, index)
        assert "Correct" in outputs and "Not answered" not in outputs
        check_cell.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / "exercise_correct.png"))
        assert not page_errors, page_errors
    finally:
        page.close()
