"""axe-core on the classroom app, in Voilà and in JupyterLab (issue 22).

For each game the test starts a game in the app (a human and the game's first bot) and runs axe-core
on the app: no violation of any impact (issue 32), with the board, and again with the table's text
mode turned on (by Shift+Tab and Space); in Voilà, on the whole page too (the app is a named region,
so all its content lies in a landmark).  The texts of the board are checked for contrast as in the keyboard
test.  Screenshots: ``app_a11y_<game>_text.png`` (the text mode in Voilà) and ``app_zoom_voila_boo_*.png``
(the app at 200% and at 320 CSS px wide).
"""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.keyboard import axe_problems, contrast_problems, smallest_text, zoom, zoomed_shot
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


def test_the_app_in_voila_has_no_violation(voila_url, browser):  # noqa: F811 - the fixture
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    try:
        page.goto(voila_url + "/", timeout=120_000)
        page.locator(".gw-app").first.wait_for(timeout=120_000)
        problems = check_app(page, "voila")
        whole = axe_problems(page, ["html"], "voila, the whole page")
        print("\n".join(problems + whole))
        assert not problems + whole, "\n".join(problems + whole)
        check_zoom(page)
    finally:
        page.close()


def check_zoom(page) -> None:
    """The app at 200% zoom and at 320 CSS px (issue 32): the board's smallest text twice (four
    times) its 100% size, and only the board's frame scrolls sideways.  Screenshots:
    ``app_zoom_voila_boo_*.png`` (BOO, the widest board, in text mode off)."""
    page.locator(".gw-table input[type=checkbox]").first.uncheck()  # the text mode off: the board
    page.locator(".gw-board svg").first.wait_for(state="visible", timeout=30_000)
    normal = smallest_text(page, ".gw-app")
    wide = "() => document.documentElement.scrollWidth - window.innerWidth"
    sizes = []
    for factor, width in ((2, 1366), (4, 1280)):
        zoom(page, factor, width, 900)
        page.locator(".gw-board").first.scroll_into_view_if_needed()
        sizes.append(smallest_text(page, ".gw-app"))
        zoomed_shot(page, SCREENSHOTS / f"app_zoom_voila_boo_{factor * 100}.png")
        assert page.evaluate(wide) <= 1, f"the app scrolls sideways at {factor * 100}%"
    zoom(page, 1)
    print(f"the app's board: smallest text {normal:.1f}, {sizes[0]:.1f}, {sizes[1]:.1f} device px "
          "at 100%, 200%, 400% (320 CSS px)")
    assert sizes[0] >= 2 * normal * 0.99 and sizes[1] >= 4 * normal * 0.99, (normal, sizes)


def test_the_app_in_jupyterlab_has_no_violation(lab_root, lab_url, browser):
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
