"""axe-core on the classroom app, in Voilà and in JupyterLab (issue 22).

For each game the test starts a game in the app (a human and the game's first bot) and runs axe-core
on the app: no serious or critical violation, with the board, and again with the table's text mode
turned on (by Tab and Space).  The texts of the board are checked for contrast as in the keyboard
test.  Screenshots: ``app_a11y_<game>_text.png`` (the text mode in Voilà).
"""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.keyboard import axe_problems, contrast_problems
from tests.browser.lab import SCREENSHOTS, require_chromium

pytestmark = pytest.mark.browser
require_chromium()

from tests.browser.test_app_and_site import TITLES, voila_url  # noqa: E402,F401 - a fixture, after the skip
from tests.browser.test_tables_in_browser import open_and_run  # noqa: E402


def start(page, game: str) -> None:
    """Pick ``game`` in the app's chooser and start it; wait for its board."""
    page.locator(".gw-app select").first.select_option(label=TITLES[game])
    page.wait_for_timeout(500)
    page.locator(".gw-app button", has_text="Start a new game").click()
    page.locator(f".gw-board svg[aria-label^='{TITLES[game]}: ']").first.wait_for(timeout=60_000)


def text_mode(page) -> None:
    """Turn the table's text mode on with the keyboard: from the table's New game button, Shift+Tab
    back to the checkbox (the first of the table's controls) and press Space."""
    page.locator(".gw-table button", has_text=re.compile(r"^\s*New game\s*$")).first.focus()
    for _ in range(4):
        page.keyboard.press("Shift+Tab")
        label = page.evaluate("() => { const l = document.activeElement.closest('label');"
                              " return l ? l.innerText : ''; }")
        if "Text mode" in label:
            page.keyboard.press("Space")
            page.locator(".gw-text-moves button").first.wait_for(timeout=30_000)
            return
    raise AssertionError("Tab never reached the Text mode checkbox")


def check_app(page, where: str) -> list[str]:
    problems = []
    for game in TITLES:
        start(page, game)
        problems += axe_problems(page, [".gw-app"], f"{where}, {game}")
        problems += [f"{where}, {game}: contrast {p}" for p in contrast_problems(page, ".gw-app")]
        text_mode(page)
        problems += axe_problems(page, [".gw-app"], f"{where}, {game}, text mode")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"app_a11y_{where}_{game}_text.png"))
    return problems


def test_the_app_in_voila_has_no_serious_violation(voila_url, browser):  # noqa: F811 - the fixture
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    try:
        page.goto(voila_url + "/", timeout=120_000)
        page.locator(".gw-app").first.wait_for(timeout=120_000)
        problems = check_app(page, "voila")
        whole = axe_problems(page, ["html"], "voila, the whole page")
        print("\n".join(problems + whole))
        assert not problems, "\n".join(problems)
    finally:
        page.close()


def test_the_app_in_jupyterlab_has_no_serious_violation(lab_root, lab_url, browser):
    source = "from goose_widgets.classroom.app import ClassroomApp\nClassroomApp()"
    notebook = {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                           "source": source}],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (lab_root / "classroom_app.ipynb").write_text(json.dumps(notebook))
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    try:
        open_and_run(page, lab_url, "classroom_app.ipynb")
        page.locator(".gw-app").first.wait_for(timeout=60_000)
        problems = check_app(page, "jupyterlab")
        print("\n".join(problems))
        assert not problems, "\n".join(problems)
    finally:
        page.close()
