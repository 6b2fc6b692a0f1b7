"""A learner solves an exercise in JupyterLab, in a real browser (issues 8 and 19).

Open notebook 01, run it; the check of the first exercise says "Not answered yet".  Replace the
placeholder of its answer cell by typing a right answer, run the answer cell and its check cell, and
see the green ✔.  Then the capstone of notebook 04: type a bot into its answer cell and run its
check, which plays the bot (in its sandbox) against the built-in bots and shows the verdict, the
table and the plot.  Screenshots of before and after go to the SCREENSHOTS folder.  Viewport
1366×900.
"""

from __future__ import annotations

import re

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
CAPSTONE_NOTEBOOK = "04_boo_to_the_goose_probability.ipynb"
CAPSTONE_IMPORT = "from goose_widgets.games.boo_to_the_goose.exercises import"
CAPSTONE_PLACEHOLDER = "def my_bot(observation, legal_actions):"
TYPED_BOT = """def my_bot(observation, legal_actions):
    names = [str(action) for action in legal_actions]
    if observation.in_round:   # flip the newest card while one more flip pays, else stop
        p = analysis.dog_chance(observation, observation.target)
        geese = analysis.geese_this_round(observation)
        if "stop" in names and (p is None or analysis.flip_gain(p, geese) <= 0):
            return "stop"
        return [a for a in legal_actions if str(a) != "stop"][-1]
    for wish in ("play dog", "play goose", "play fox"):
        if wish in names:
            return wish
    return legal_actions[0]"""
MARK_CELL = """([start, name]) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const index = notebook.widgets.findIndex(c => c.model.sharedModel.getSource().startsWith(start));
  if (index < 0) return -1;
  notebook.widgets[index].node.setAttribute('data-exercise', name);
  notebook.scrollToItem(index, 'center');
  return index;
}"""

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


def test_a_learner_types_a_bot_into_the_capstone_and_sees_it_judged(lab_url, browser):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page_errors: list[str] = []
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    try:
        page.goto(f"{lab_url}/lab/tree/{CAPSTONE_NOTEBOOK}?reset")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        page.wait_for_function(KERNEL_READY, timeout=90_000)
        # the notebook's imports and the capstone's import (the cells before it need not run)
        for start, name in (("from fractions import Fraction", "imports"), (CAPSTONE_IMPORT, "capstone")):
            assert page.evaluate(MARK_CELL, [start, name]) >= 0, start
            page.locator(f"[data-exercise='{name}'] .cm-content").click()
            page.keyboard.press("Shift+Enter")
            prompt = page.locator(f"[data-exercise='{name}'] .jp-InputArea-prompt")
            prompt.filter(has_text=re.compile(r"\[\d+\]")).wait_for(timeout=180_000)  # it ran
        index = page.evaluate(MARK_CELLS, CAPSTONE_PLACEHOLDER)
        assert index > 0, "the capstone's answer cell is not in the notebook"
        answer_cell = page.locator("[data-exercise='answer']")
        check_cell = page.locator("[data-exercise='check']")
        source, _outputs = page.evaluate(CHECK_OUTPUT, index)
        assert source == "write_a_bot.check(my_bot)"

        answer_cell.locator(".cm-content").click()
        page.keyboard.press("Control+A")
        page.keyboard.insert_text(TYPED_BOT)  # as pasted: no auto-indent on top of the bot's own
        assert answer_cell.locator(".cm-content").inner_text().strip().startswith(CAPSTONE_PLACEHOLDER)
        page.keyboard.press("Shift+Enter")   # runs the answer cell and moves to the check cell
        page.keyboard.press("Shift+Enter")   # plays the tournament
        check_cell.locator(".jp-OutputArea", has_text="✔ Correct").wait_for(timeout=240_000)
        verdict = check_cell.locator(".jp-OutputArea").inner_text()
        assert "random" in verdict and "cautious" in verdict and "95% interval" in verdict
        check_cell.locator(".jp-OutputArea img").first.wait_for(timeout=30_000)  # the plot
        check_cell.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / "capstone_correct.png"))
        assert not page.evaluate(ERROR_OUTPUTS)
        assert not page_errors, page_errors
    finally:
        page.close()
