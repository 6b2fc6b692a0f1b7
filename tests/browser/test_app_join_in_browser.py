"""In a real browser: the classroom app (Voila) opens "Play with classmates" by keyboard, creates a
table on a real table server with the teacher's token, joins it by its code, plays a move by clicking
the joined board, and sits at the same seat again after a reload; axe-core finds no serious
violation in the section.  Every control is found by the name a screen reader says (its label).

Screenshots: ``app_join_created.png`` (the teacher's part: the new table's code and links) and
``app_join.png`` (the section with the joined seat's board).
"""

from __future__ import annotations

import re

import pytest

from tests.browser.lab import SCREENSHOTS, require_chromium
from tests.server.helpers import TOKEN, ServerProcess

pytestmark = pytest.mark.browser
require_chromium()

from tests.browser.keyboard import axe_problems, contrast_problems  # noqa: E402 - after the skip
from tests.browser.test_app_and_site import voila_url  # noqa: E402,F401 - a fixture

SECTION = ".gw-classmates"


@pytest.fixture(scope="module")
def table_server(tmp_path_factory):
    root = tmp_path_factory.mktemp("app_join_server")
    process = ServerProcess(root / "tables.sqlite3", root / "server.log", bot_delay=0.2).start()
    yield process
    process.stop()


def test_the_app_creates_joins_and_plays_a_table_of_a_classroom_server(voila_url, browser,  # noqa: F811
                                                                      table_server):
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    try:
        page.goto(voila_url + "/", timeout=120_000)
        page.locator(".gw-app").first.wait_for(timeout=120_000)
        toggle = page.get_by_role("button", name="Play with classmates")
        toggle.focus()
        page.keyboard.press("Enter")  # the section opens by keyboard
        address = page.get_by_label("Server address")
        address.wait_for(timeout=30_000)
        assert address.input_value() == "http://127.0.0.1:8765"
        address.fill(table_server.url)
        address.press("Enter")
        page.get_by_label("Teacher's token").fill(TOKEN)
        page.get_by_label("Table's game").select_option(label="Game of the Goose")
        page.wait_for_timeout(500)
        page.get_by_label("Seat 2").select_option(label="the roller bot")
        page.get_by_role("button", name="Create table").click()
        ready = page.locator(SECTION, has_text="is ready")
        ready.first.wait_for(timeout=30_000)
        code = re.search(r"Table ([A-Z0-9]{3}-[A-Z0-9]{3}-[A-Z0-9]{3}) ", page.locator(SECTION).inner_text())
        assert code, page.locator(SECTION).inner_text()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.get_by_role("button", name="Create table").scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / "app_join_created.png"))
        code_box = page.get_by_label("Table code")
        assert code_box.input_value() == code.group(1).replace("-", "")  # shown in threes, kept whole

        page.get_by_role("button", name="Join table").click()
        roll = page.locator(f"{SECTION} .gw-board [data-action='roll']")
        roll.first.wait_for(timeout=30_000)
        assert f"table {code.group(1)}, seat 1" in page.locator(SECTION).inner_text()
        log = page.locator(f"{SECTION} .gw-table")
        before = log.inner_text()
        roll.first.click()
        page.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                               arg=[f"{SECTION} .gw-table", before], timeout=30_000)
        problems = axe_problems(page, [SECTION], "the app's Play with classmates")
        problems += [f"contrast {p}" for p in contrast_problems(page, SECTION)]
        page.locator(SECTION).screenshot(path=str(SCREENSHOTS / "app_join.png"))
        assert not problems, "\n".join(problems)

        page.reload(timeout=120_000)  # a new kernel: the tab's save seats it again
        page.locator(SECTION, has_text="Welcome back").first.wait_for(timeout=120_000)
        page.locator(f"{SECTION} .gw-board svg").first.wait_for(timeout=30_000)
        assert f"table {code.group(1)}, seat 1" in page.locator(SECTION).inner_text()
    finally:
        page.close()
