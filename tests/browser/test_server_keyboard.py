"""The table server's seat page by keyboard alone, in text mode and by typed commands (issue 32).

One server (its bots move at once) and one Chromium serve the whole module; each test sits a learner
at a fresh table of one game, beside a bot, and presses keys only:

- a whole game with the board's picture: the focus starts on the first move, the arrows move it
  (one tab stop), Enter plays, and after every move and the bots' replies the focus is still on the
  board (never on the page's body);
- eight moves in text mode: the keys are counted from the Text mode checkbox on (under two a move:
  the focus comes back to a move by itself; a game over before that goes on at a new table, which
  opens in text mode, the browser's choice);
- a whole game by typed commands alone ("moves" to hear what is possible, then a move, and "where",
  "hand", "score", "last" on the way), reading every announcement as an observer of the live region
  sees it: each message is a node of its own, never changed in place nor taken away before it could
  be read, and their word counts are printed.

The figures (keys, moves, announcements' words) are printed for the issue's closing note.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.lab import VIEWPORT, require_chromium
from tests.browser.seat_page import SeatPage, check_announcements, choices_in, create_table
from tests.server.helpers import ServerProcess

require_chromium()
pytestmark = [pytest.mark.browser, pytest.mark.slow]

# each game beside a bot; Sneaky Goose over one round, so a whole game stays short
TABLES = {"game_of_the_goose": (["human", "random"], {}),
          "boo_to_the_goose": (["human", "cautious"], {}),
          "sneaky_goose": (["human", "memory"], {"rounds": 1}),
          "boo": (["human", "greedy"], {})}
GAMES = sorted(TABLES)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seat_keyboard")
    process = ServerProcess(folder / "tables.sqlite3", folder / "server.log", bot_delay=0).start()
    yield process
    process.stop()


@pytest.fixture
def seat(server, browser, request):
    """A learner at a fresh table of the test's game, at a 1366×900 screen."""
    game = request.node.callspec.params["game"]
    players, params = TABLES[game]
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    learner = SeatPage(page, server.url, create_table(server.url, game, players, **params))
    yield learner
    assert not learner.errors, learner.errors
    context.close()


def acceptable(game: str, moves_made: int):
    """What the learner is happy to play: anything but an early HONK (a round would end at once)."""
    def accept(focus: dict) -> bool:
        action = focus.get("action") or ""
        if not action or action.startswith("ui:"):
            return False
        return not (game == "sneaky_goose" and action == "honk" and moves_made < 3)
    return accept


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_keyboard_at_the_seat_page(seat, game):
    focus = seat.focused()
    assert focus["inBoard"] and focus["action"] and focus["stops"] == 1, focus  # on the first move
    moves = 0
    while not seat.over():
        accept = acceptable(game, moves)
        if game == "sneaky_goose" and moves >= 3 and any(m["action"] == "honk" for m in seat.moves()):
            accept = lambda f: f.get("action") == "honk"  # noqa: E731 - the round may end now
        focus = seat.focused()
        if not accept(focus):
            focus = seat.go_to(accept, f"a move of {game}")
        version = seat.version()
        seat.press("Enter")
        moves += 1
        seat.wait_turn(version)
        focus = seat.focused()
        # the focus stays on the board (one tab stop), never on the page's body
        assert focus["inBoard"] and (focus["stops"] == 1 or seat.over()), (game, moves, focus)
        assert moves < 400, f"{game}: no end after {moves} moves"
    print(f"\n{game} by keyboard at the seat page: a whole game, {moves} moves, {len(seat.keys)} keys")


@pytest.mark.parametrize("game", GAMES)
def test_text_mode_keeps_its_place_for_eight_moves(seat, game, server):
    seat.tab_to(lambda f: f["tag"] == "input" and "Text mode" in seat.page.evaluate(
        "() => document.activeElement.labels[0].textContent"), "the Text mode checkbox")
    start = len(seat.keys)
    seat.press("Space")
    seat.page.locator("#board .gw-text-moves button").first.wait_for(timeout=20_000)
    # from the checkbox back up into the moves
    seat.tab_to(lambda f: f["inText"] and (f["action"] or "") and not f["action"].startswith("ui:"),
                "a move of the text mode", back=True)
    moves = tables = 0
    while moves < 8:
        if seat.over():  # a short game: the next table opens in text mode (the browser's choice)
            players, params = TABLES[game]
            seat.page.goto(server.url + create_table(server.url, game, players, **params)["seats"][0]["link"])
            seat.wait_version(0)
            tables += 1
        focus = seat.focused()
        assert focus["inText"] and focus["tag"] == "button", (game, moves, focus)
        assert acceptable(game, 8)(focus), (game, moves, focus)
        version = seat.version()
        seat.press("Enter")
        moves += 1
        seat.wait_turn(version)
    keys = len(seat.keys) - start
    print(f"\n{game} in text mode at the seat page: {moves} moves in {keys} keys "
          f"({keys / moves:.2f} a move; {tables} more table(s) after a short game): {seat.keys[start:]}")
    assert keys < 2 * moves, (game, moves, keys, seat.keys[start:])


def typed_choice(game: str, choices: list[str], moves: int) -> str:
    """The command a learner types from the "moves" answer: a short form where the game has one."""
    first = choices[0]
    if game == "sneaky_goose":
        if moves >= 3 and "Honk" in choices:
            return "honk"
        choices = [c for c in choices if c != "Honk"] or choices
        first = choices[0]
        if first == "Take draw pile":
            return "draw"
        swap = re.match(r"Swap into your card (\d+)", first)
        if swap:
            return f"swap {swap.group(1)}"
    if game == "boo_to_the_goose":
        flip = re.match(r"flip .+'s card (\d+)", first, re.IGNORECASE)
        if flip:
            return f"flip {flip.group(1)}"
    if game == "boo":
        place = re.match(r"place (\S+) at column (-?\d+) row (-?\d+) turned (\d+)(?: back)?", first)
        if place:  # as a learner says it, with the words the command leaves out
            card, col, row, rotation = place.groups()
            side = " back side up" if first.endswith("back") else ""
            return f"place {card} at column {col}, row {row}, turned {rotation} degrees{side}"
    return first


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_typed_commands(seat, game):
    seat.tab_to(lambda f: f["tag"] == "input" and f["inBoard"], "the command box")
    answers = {}
    for question in ("help", "where", "hand", "score", "last"):
        answers[question] = seat.type(question)
        assert answers[question], (game, question)
    assert answers["help"].startswith("Type a move or a question: where"), answers["help"]
    assert "not a move now" in seat.type("fly to the moon"), seat.answer()
    moves = asked = 0
    while not seat.over():
        choices = choices_in(seat.type("moves"))
        assert choices, (game, seat.answer())
        command = typed_choice(game, choices, moves)
        version = seat.version()
        reply = seat.type(command)
        if reply.startswith("Which one?"):  # "flip 3" at two players' cards: say which
            command = choices[0]
            reply = seat.type(command)
        assert not reply, (game, command, reply)  # a move is answered by its announcement
        moves += 1
        seat.wait_turn(version)
        if moves % 5 == 0:
            for question in ("where", "hand", "score", "last"):
                assert seat.type(question), (game, question)
                asked += 1
        assert moves < 400, f"{game}: no end after {moves} commands"
    assert seat.over() and seat.type("score")
    figures = check_announcements(seat, game)
    said = seat.said()
    print(f"\n{game} by typed commands: a whole game, {moves} moves, {asked} questions on the way; "
          f"announcements {figures}; the last three: {[text for text, _ in said[-3:]]}")


def test_the_server_pages_have_no_axe_violation_of_any_impact(server, browser):
    """axe-core on the join page, a seat's page (its board, then its text mode) and the teacher's."""
    from tests.browser.keyboard import axe_problems
    from tests.server.helpers import TOKEN

    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    problems = []
    try:
        page.goto(server.url + "/")
        problems += axe_problems(page, ["html"], "the join page")
        for game in GAMES:
            players, params = TABLES[game]
            learner = SeatPage(page, server.url, create_table(server.url, game, players, **params))
            problems += axe_problems(page, ["html"], f"the seat page of {game}")
            page.locator("#text-mode").check()
            page.locator("#board .gw-text-moves button").first.wait_for(timeout=20_000)
            problems += axe_problems(page, ["html"], f"the seat page of {game}, text mode")
            page.locator("#text-mode").uncheck()
            assert not learner.errors, learner.errors
        page.goto(f"{server.url}/teacher#token={TOKEN}")
        page.locator("table.tables").first.wait_for(timeout=20_000)
        problems += axe_problems(page, ["html"], "the teacher's page")
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def test_at_200_percent_and_320_px_the_boards_text_is_twice_as_large_and_the_page_reflows(server, browser):
    """WCAG 1.4.4 and 1.4.10 at the seat page: at 200% zoom (a 1366×900 window) the smallest text
    of each board is at least twice its size at 100% (the board keeps its size in CSS px and
    scrolls inside its frame); at 320 CSS px wide (400%) too, and nothing but the board's frame
    scrolls sideways (the text mode reflows).  Screenshots: ``screenshots/zoom_server_*.png``."""
    from tests.browser.keyboard import smallest_text, zoom, zoomed_shot
    from tests.browser.lab import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    sizes = {}
    wide = "() => document.documentElement.scrollWidth - window.innerWidth"
    try:
        for game in GAMES:
            players, params = TABLES[game]
            SeatPage(page, server.url, create_table(server.url, game, players, **params))
            normal = smallest_text(page, "#play")
            zoom(page, 2)
            double = smallest_text(page, "#play")
            zoomed_shot(page, SCREENSHOTS / f"zoom_server_{game}_200.png")
            assert page.evaluate(wide) <= 1, f"{game}: the page scrolls sideways at 200%"
            zoom(page, 4, 1280, 900)
            narrow = smallest_text(page, "#play")
            assert page.evaluate(wide) <= 1, f"{game}: the page scrolls sideways at 320 px"
            zoomed_shot(page, SCREENSHOTS / f"zoom_server_{game}_320.png")
            page.locator("#text-mode").check()
            page.locator("#board .gw-text-moves button").first.wait_for(timeout=20_000)
            assert page.evaluate(wide) <= 1, f"{game}: the text mode does not reflow at 320 px"
            zoomed_shot(page, SCREENSHOTS / f"zoom_server_{game}_320_text.png", full_page=True)
            page.locator("#text-mode").uncheck()
            zoom(page, 1)
            sizes[game] = (normal, double, narrow)
            assert double >= 2 * normal * 0.99 and narrow >= 4 * normal * 0.99, (game, sizes[game])
    finally:
        context.close()
    print("\nsmallest board text in device px at 100%, 200%, 400% (320 CSS px):",
          {game: tuple(round(v, 1) for v in values) for game, values in sizes.items()})
