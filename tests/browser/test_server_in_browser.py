"""Three learners at one classroom-server table, each in their own Chromium context (their own
browser), play a whole game of Boo to the Goose by clicking (and by keyboard).  At checkpoints each
page shows exactly its own seat's view (its own hand, nobody else's), drawn by the same renderer; one
learner reloads mid-game and carries on at the same seat.  The teacher's page lists the table.
Screenshots go to ``screenshots/server_*.png``."""

from __future__ import annotations

import json
import random
import urllib.request
import xml.etree.ElementTree as ET

import pytest

from goose_widgets.games.boo_to_the_goose.widget import render
from goose_widgets.server.store import Store
from tests.browser.lab import SCREENSHOTS, VIEWPORT, require_chromium
from tests.server.helpers import AUTH, TOKEN, ServerProcess

require_chromium()
pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ["Ada", "Ben", "Cleo"]
MOVES = "#board [data-action]:not([data-action^='ui:']), #buttons button"


def shot(page, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"server_{name}.png"), full_page=True)


def board_text(svg_text):
    """The words of every text element of a board, in order."""
    texts = ET.fromstring(svg_text).iter("{http://www.w3.org/2000/svg}text")
    return " ".join(" ".join("".join(t.itertext()) for t in texts).split())


def expected_text(state, seat):
    legal = state.legal_actions() if state.current_player == seat else []
    return board_text(render(state.observation(seat), legal, seat_names=NAMES))


def shown_text(page):
    words = page.eval_on_selector(
        "#board svg", "svg => Array.from(svg.querySelectorAll('text')).map(t => t.textContent).join(' ')")
    return " ".join(words.split())


def version(page):
    return int(page.evaluate("document.body.dataset.version || -1"))


def wait_version(page, at_least):
    page.wait_for_function("v => Number(document.body.dataset.version || -1) >= v", arg=at_least,
                           timeout=20_000)
    return version(page)


def test_three_learners_play_a_whole_game_each_seeing_only_their_own_hand(browser, tmp_path):
    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db, tmp_path / "server.log", bot_delay=0).start()
    contexts = []
    try:
        request = urllib.request.Request(
            server.url + "/api/tables", method="POST", headers={"Content-Type": "application/json", **AUTH},
            data=json.dumps({"game": "boo_to_the_goose", "players": ["human"] * 3, "names": NAMES}).encode())
        made = json.loads(urllib.request.urlopen(request, timeout=10).read())
        code = made["table"]
        pages = []
        for name in NAMES:
            context = browser.new_context(viewport=VIEWPORT)
            contexts.append(context)
            page = context.new_page()
            page.goto(f"{server.url}/t/{code}")
            page.get_by_role("button", name=f"Sit as {name}").click()
            wait_version(page, 0)
            assert page.locator("#who").inner_text() == f"You are {name}."
            pages.append(page)
        shot(pages[0], "bttg_start_ada")
        store = Store(db)
        rng = random.Random(11)
        moves, reloaded, checked = 0, False, 0
        while True:
            state = store.stored_state(code)
            now = state.history_length
            for page in pages:
                wait_version(page, now)
            if state.is_terminal():
                break
            if moves % 8 == 0:  # each page shows its own seat's view, and nobody else's hand
                for seat, page in enumerate(pages):
                    assert shown_text(page) == expected_text(state, seat)
                    others = [expected_text(state, s) for s in range(3) if s != seat]
                    assert shown_text(page) not in others
                checked += 1
            if moves == 21 and not reloaded:  # Ben reloads mid-game and carries on at his seat
                shot(pages[1], "bttg_before_reload_ben")
                pages[1].reload()
                assert wait_version(pages[1], now) == now
                assert pages[1].locator("#who").inner_text() == "You are Ben."
                assert shown_text(pages[1]) == expected_text(state, 1)
                shot(pages[1], "bttg_after_reload_ben")
                reloaded = True
            mover = pages[state.current_player]
            choices = mover.locator(MOVES)
            offered = mover.eval_on_selector_all(MOVES, "els => els.map(e => e.dataset.action)")
            assert set(offered) == {str(a) for a in state.legal_actions()}  # every legal move, no other
            choice = choices.nth(rng.randrange(choices.count()))
            if moves % 2:  # by keyboard: focus the move, press Enter
                choice.focus()
                mover.keyboard.press("Enter")
            else:
                choice.click()
            wait_version(mover, now + 1)
            moves += 1
            if moves == 30:
                for name, page in zip(NAMES, pages):
                    shot(page, f"bttg_midgame_{name.lower()}")
        assert reloaded and checked >= 3 and moves > 20
        for name, page in zip(NAMES, pages):
            assert "Game over" in shown_text(page)
            shot(page, f"bttg_over_{name.lower()}")
        # every control on the page has a name a screen reader can say
        unnamed = pages[0].evaluate("""() => Array.from(document.querySelectorAll(
            "button, input, select, [role=button]")).filter(el => !(el.getAttribute("aria-label")
            || el.textContent.trim() || (el.labels && el.labels.length))).length""")
        assert unnamed == 0
        teacher = browser.new_context(viewport=VIEWPORT)
        contexts.append(teacher)
        page = teacher.new_page()
        page.goto(f"{server.url}/teacher#token={TOKEN}")
        page.get_by_role("cell", name=made["shown"]).wait_for(timeout=20_000)  # the code, in threes
        shot(page, "teacher")
    finally:
        for context in contexts:
            context.close()
        server.stop()
