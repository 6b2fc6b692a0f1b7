"""Playing as a learner does, in JupyterLab at 1366×900: whole games and every walkthrough, by clicks.

For each game notebook (00, 01, 03, 05, 07) the test runs the course notebook itself, then:

- plays the first table of the notebook to the end against its bots, clicking only what a learner
  can click (board elements with ``data-action``, the table's action buttons).  Goose rolls; Boo to
  the Goose plays cards, flips and sometimes stops; Sneaky Goose runs with the table's default
  settings, slams the card the table says it knows to match whenever a slam window reaches it,
  and counts its Pass clicks (fewer than 10% of its clicks, issue 9 §2); BOO turns the
  card, places it, orders the scares when asked, and steps the last turn's scares with the replay
  controls (start / ◀ / ▶ / all) every turn;
- steps every walkthrough of the notebook (First, Next … Last) and checks that every step has
  narration (prose, not only the move log), that the replay controls of BOO answer in walkthroughs
  as they do at the table, and that the walkthrough board is drawn as large as the play board;
- checks at every position it shows that no text of a board or a walkthrough is below 12 px as
  drawn (SVG font size × the element's screen transform; issue 9 §3), naming the texts that are.

A notebook of the test's own (written into the served folder, not committed) sets the largest
table of each game and checks that it fits the notebook's visible area (issue 9 §8), and that
Sneaky Goose shows the learner's first peek (issue 9 §1), also after New game.

The bots' pause (``bot_delay``, 0.4–0.7 s in the course) is shortened through the kernel before
playing, so the games take seconds; that changes no move.  Screenshots of the start, middle and
end of each game and of each walkthrough go to ``screenshots/`` (or ``$GOOSE_WIDGETS_SCREENSHOTS``).
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.browser.lab import (
    COURSE,
    ERROR_OUTPUTS,
    KERNEL_READY,
    RUN_ALL,
    SCREENSHOTS,
    VIEWPORT,
    require_chromium,
)

pytestmark = pytest.mark.browser
require_chromium()

from playwright.sync_api import Error as PlaywrightError  # noqa: E402 - after the skip

MIN_PX = 12.0
# the table's and the walkthrough's controls, and the Do button of the board's command box: not moves
CONTROLS = {"Undo", "New game", "Fast-forward", "First", "Back", "Next", "Last", "Do"}
BOT_DELAY = 0.05

# --- what the page is asked ----------------------------------------------------------------

TAG_CELLS = """() => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  nb.widgets.forEach((cell, i) => cell.node.setAttribute('data-gw-cell', String(i)));
  return nb.widgets.length;
}"""

# The view of one cell's output: its text, the board's clickable data-actions (and the view settings
# shown as chosen), the action buttons, an error shown by the widget, and a signature that changes
# whenever anything drawn changes.  The signature leaves out the tab stop (``tabindex``), which a
# click on the board moves at once, before the redraw that the click asks for.
VIEW = """(i) => {
  const out = document.querySelector(`[data-gw-cell="${i}"] .jp-OutputArea`);
  if (!out) return null;
  const board = out.querySelector('.gw-board');
  const actions = board ? [...board.querySelectorAll('[data-action]')]
    .map(e => e.getAttribute('data-action')) : [];
  const pressed = board ? [...board.querySelectorAll('[data-action][aria-pressed="true"]')]
    .map(e => e.getAttribute('data-action')) : [];
  const buttons = [...out.querySelectorAll('button')].filter(b => !b.disabled)
    .map(b => b.innerText.trim()).filter(t => t && !CONTROLS.has(t));
  const texts = board ? [...board.querySelectorAll('text')].map(t => t.textContent) : [];
  const error = [...out.querySelectorAll('.gw-error')].map(e => e.innerText).join(' ');
  let h = 0;
  const s = out.innerHTML.replace(/ tabindex="-?[0-9]+"/g, '');
  for (let k = 0; k < s.length; k++) h = (h * 31 + s.charCodeAt(k)) | 0;
  return {text: out.innerText, actions, pressed, buttons, texts, error, sig: s.length + ':' + h};
}""".replace("CONTROLS", "new Set(" + json.dumps(sorted(CONTROLS)) + ")")

def game_over(view: dict[str, Any]) -> bool:
    """Whether the table says the game is over: the board's words once it is (the status line
    above it is hidden then, so as not to say it twice), e.g. "Player 2 wins!" on the Goose board."""
    return "Game over" in view["text"] or any(t.endswith(" wins!") for t in view["texts"])


SIG_CHANGED = """([i, before]) => {
  const out = document.querySelector(`[data-gw-cell="${i}"] .jp-OutputArea`);
  if (!out) return false;
  const s = out.innerHTML.replace(/ tabindex="-?[0-9]+"/g, '');
  let h = 0;
  for (let k = 0; k < s.length; k++) h = (h * 31 + s.charCodeAt(k)) | 0;
  return (s.length + ':' + h) !== before;
}"""

# Every text of the cell's boards (SVG) and widgets (HTML) drawn below MIN_PX, by content.
SMALL_TEXT = """([i, minPx]) => {
  const out = document.querySelector(`[data-gw-cell="${i}"] .jp-OutputArea`);
  const small = [];
  for (const t of out.querySelectorAll('.gw-board svg text')) {
    const content = t.textContent.trim();
    const r = t.getBoundingClientRect();
    if (!content || (r.width === 0 && r.height === 0)) continue;
    const m = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    if (px < minPx - 0.05) small.push(`board text "${content}" ${px.toFixed(1)} px`);
  }
  for (const el of out.querySelectorAll('.jupyter-widgets *')) {
    if (el.closest('svg')) continue;
    const own = [...el.childNodes].filter(n => n.nodeType === 3)
      .map(n => n.textContent.trim()).join(' ').trim();
    if (!own || el.getBoundingClientRect().width === 0) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < minPx - 0.05) small.push(`widget text "${own.slice(0, 60)}" ${px.toFixed(1)} px`);
  }
  return [...new Set(small)];
}"""

# The walkthrough's narration: its prose without the move log, and the step counter.
WALKTHROUGH = """(i) => {
  const out = document.querySelector(`[data-gw-cell="${i}"] .jp-OutputArea`);
  const board = out.querySelector('.gw-board');
  let narration = out.querySelector('.gw-narration');
  if (!narration) {  // the HTML widget beside the board
    const row = board.closest('.widget-hbox');
    narration = row ? row.querySelector('.widget-html') : null;
  }
  let prose = '';
  if (narration) {
    const copy = narration.cloneNode(true);
    copy.querySelectorAll('.gw-moves, p[style*="monospace"]').forEach(e => e.remove());
    prose = copy.innerText.trim();
  }
  const label = [...out.querySelectorAll('.widget-label')].map(e => e.textContent.trim())
    .find(t => /^step \\d+ of \\d+$/.test(t)) || '';
  const counter = (label.match(/^step (\\d+) of (\\d+)$/) || []).slice(1).map(Number);
  return {prose, counter};
}"""

# How large a cell's first board is drawn: screen px per SVG unit, and the rendered size.
BOARD_SCALE = """(i) => {
  const svg = document.querySelector(`[data-gw-cell="${i}"] .gw-board svg`);
  const r = svg.getBoundingClientRect();
  const m = svg.getScreenCTM();
  return {scale: Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)), width: r.width, height: r.height};
}"""

# How tall the cell's widget is, against the notebook's visible area.
FIT = """(i) => {
  const out = document.querySelector(`[data-gw-cell="${i}"] .jp-OutputArea-output`);
  const widget = out.querySelector('.jupyter-widgets') || out;
  const scroller = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
    || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  return {height: widget.getBoundingClientRect().height, width: widget.getBoundingClientRect().width,
          visible: scroller.clientHeight, visibleWidth: scroller.clientWidth};
}"""

KERNEL_EXEC = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false});
  let error = null;
  future.onIOPub = msg => {
    if (msg.header.msg_type === 'error') error = msg.content.ename + ': ' + msg.content.evalue;
  };
  await future.done;
  return error;
}"""

FAST_BOTS = f"""
import gc
from goose_widgets.ui import Table
for _t in [o for o in gc.get_objects() if isinstance(o, Table)]:
    _t.bot_delay = {BOT_DELAY}
"""


# --- a learner at a table ------------------------------------------------------------------

def racing(target: str) -> bool:
    """Whether the click races the bots: a Sneaky Goose slam window closes when another player
    slams first, and its Slam!, Pass and card buttons go with it."""
    return target == "pass" or target.startswith(("ui:mode=slam", "slam "))


@dataclass
class Learner:
    """Clicks through one table in a notebook cell and keeps count of its clicks."""

    page: Any
    cell: int
    name: str
    clicks: list[str] = field(default_factory=list)
    small_text: set[str] = field(default_factory=set)

    def view(self) -> dict[str, Any]:
        view = self.page.evaluate(VIEW, self.cell)
        assert view is not None, f"{self.name}: cell {self.cell} has no output"
        assert not view["error"], f"{self.name}: the widget shows an error: {view['error']}"
        return view

    def check_text_sizes(self) -> None:
        self.small_text.update(self.page.evaluate(SMALL_TEXT, [self.cell, MIN_PX]))

    def wait_change(self, before: str, timeout: float = 30_000, why: str = "") -> bool:
        try:
            self.page.wait_for_function(SIG_CHANGED, arg=[self.cell, before], timeout=timeout)
            return True
        except Exception:  # noqa: BLE001 - playwright's TimeoutError: the caller says what it meant
            if why:
                raise AssertionError(f"{self.name}: nothing changed after {why}") from None
            return False

    def click(self, target: str, view: dict[str, Any]) -> dict[str, Any]:
        """Click a board element (by its data-action) or an action button (by its text)."""
        scope = self.page.locator(f'[data-gw-cell="{self.cell}"] .jp-OutputArea')
        if target in view["actions"]:
            element = scope.locator(f'.gw-board [data-action="{target}"]').first
        else:
            # by text: a button's accessible name also holds its icon's glyph
            element = scope.locator("button").filter(
                has_text=re.compile(rf"^\s*{re.escape(target)}\s*$")).first
        for attempt in range(3):
            try:
                element.scroll_into_view_if_needed(timeout=5_000 if racing(target) else 30_000)
                element.click(timeout=5_000 if racing(target) else 30_000)
                break
            except PlaywrightError:  # a timeout, or the element redrawn away under the click
                if racing(target):
                    return self.settle()  # another player slammed first and the window closed
                now = self.settle()
                offered = target in now["actions"] or target in now["buttons"] or target in now["texts"]
                if not offered and now["sig"] != view["sig"]:
                    return now  # the board moved on before the click (a slow machine): choose again
                if attempt == 2:
                    raise  # the board offers it still, yet it cannot be clicked
                view = now  # redrawn with the target still there: click it on the new board
        self.clicks.append(target)
        if target in view["pressed"]:  # a view setting: choosing the one shown changes nothing
            self.wait_change(view["sig"], timeout=1_000)
        elif target.startswith("ui:"):  # another one redraws the board, however late it comes
            self.wait_change(view["sig"])
        else:
            self.wait_change(view["sig"], why=f"clicking {target!r}")
        return self.settle()

    def settle(self, quiet: float = 100) -> dict[str, Any]:
        """The view once nothing has changed for ``quiet`` ms (a redraw arrives in several messages)."""
        view = self.view()
        while self.wait_change(view["sig"], timeout=quiet):
            view = self.view()
        return view

    def screenshot(self, label: str) -> None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        output = self.page.locator(f'[data-gw-cell="{self.cell}"] .jp-OutputArea')
        output.scroll_into_view_if_needed()
        self.page.screenshot(path=str(SCREENSHOTS / f"{self.name}_{label}.png"))

    def play(self, choose: Callable[[Learner, dict[str, Any]], str | None], middle: int,
             max_clicks: int = 600) -> dict[str, Any]:
        """Play to the end of the game: ``choose`` names the next click (None: wait for the bots,
        "": look at the board again)."""
        view = self.view()
        self.check_text_sizes()
        self.screenshot("start")
        middle_taken = False
        while not game_over(view):
            assert len(self.clicks) < max_clicks, f"{self.name}: no end after {max_clicks} clicks"
            target = choose(self, view)
            if target == "":  # the learner looked at something (a replay): look again, once the
                view = self.settle(quiet=500)  # replay's redraws have all arrived
                continue
            if target is None:  # the bots are playing
                if not self.wait_change(view["sig"], timeout=60_000):
                    raise AssertionError(f"{self.name}: stuck, nothing to click and nothing moves:\n"
                                         + view["text"][-600:])
                view = self.view()
                continue
            view = self.click(target, view)
            self.check_text_sizes()
            if len(self.clicks) >= middle and not middle_taken:
                self.screenshot("middle")
                middle_taken = True
        self.check_text_sizes()
        self.screenshot("end")
        return view


def moves(view: dict[str, Any]) -> list[str]:
    """What the learner may do now: board elements that are moves, and the action buttons."""
    return [a for a in view["actions"] if not a.startswith("ui:")] + view["buttons"]


# --- how the learner plays each game -------------------------------------------------------

def goose_learner(_learner: Learner, view: dict[str, Any]) -> str | None:
    return "roll" if "roll" in moves(view) else None


def boo_to_the_goose_learner(rng: random.Random) -> Callable[[Learner, dict[str, Any]], str | None]:
    def choose(_learner: Learner, view: dict[str, Any]) -> str | None:
        options = moves(view)
        if not options:
            return None
        stop = [o for o in options if o == "stop" or o.startswith("Stop")]
        flips = [o for o in options if o.startswith("flip")]
        if stop and rng.random() < 0.5:
            return stop[0]
        if flips:
            return rng.choice(flips)
        return rng.choice([o for o in options if o not in stop])
    return choose


BANNER = re.compile(r"You can slam: .*? matches (.+?)\. Press")


def sneaky_learner(rng: random.Random) -> Callable[[Learner, dict[str, Any]], str | None]:
    """Slams the card the banner says it knows to match when a window reaches it, else passes.

    The table passes by itself the windows where the learner knows no match (its default); a window
    that reaches the learner says "You can slam: <top> matches your card 3, ...".  Otherwise the
    learner plays at random, mostly from the draw pile, and now and then honks.
    """
    planned: list[str] = []

    def choose(learner: Learner, view: dict[str, Any]) -> str | None:
        options = moves(view)
        if any(o.startswith("slam ") for o in options):  # slam mode is on: click the planned card
            return planned.pop() if planned and planned[-1] in options else "ui:mode="
        if "pass" in options:
            banner = BANNER.search(" ".join(view["texts"]))
            slam_mode = [a for a in view["actions"] if a.startswith("ui:mode=slam")]
            if banner and slam_mode and learner.clicks[-1:] != ["ui:mode="]:
                place = banner.group(1).split(", ")[0]  # "your card 3" or "Player 2's card 1"
                owner, _, number = place.rpartition(" card ")
                seat = "Player 1's" if owner == "your" else owner
                planned[:] = [f"slam {seat} card {number}"]
                return slam_mode[0]
            return "pass"
        if not options:
            return None
        rest = [o for o in options if o != "honk"]
        if "honk" in options and (rng.random() < 0.12 or not rest):
            return "honk"
        if "take draw pile" in rest and rng.random() < 0.8:
            return "take draw pile"
        return rng.choice(rest)
    return choose


def boo_learner(rng: random.Random, replays: list[str]) -> Callable[[Learner, dict[str, Any]], str | None]:
    """Replays the last turn's scares (start, ▶, all), turns the card, places it, orders scares."""
    replayed: set[str] = set()

    def choose(learner: Learner, view: dict[str, Any]) -> str | None:
        options = moves(view)
        if not options:
            return None
        turns = sorted({a.split("=")[1].split(":")[0] for a in view["actions"] if a.startswith("ui:replay=")})
        if turns and turns[0] not in replayed:
            replayed.add(turns[0])
            replay_turn(learner, view, replays)
            return ""  # look again: the board was redrawn
        scares = [o for o in options if o.startswith("scare")]
        if scares:
            return rng.choice(scares)
        turn_card = [a for a in view["actions"] if a.startswith(("ui:rotation=", "ui:side="))
                     and a not in view["pressed"]]
        if turn_card and rng.random() < 0.3:
            return rng.choice(turn_card)
        return rng.choice([o for o in options if o.startswith("place")] or options)
    return choose


SHOWN = re.compile(r"Scares shown: (\d+) of (\d+)")
SHOWS = """([i, text]) => [...document.querySelectorAll(`[data-gw-cell="${i}"] .gw-board text`)]
  .some(t => t.textContent.trim() === text)"""


def replay_turn(learner: Learner, view: dict[str, Any], log: list[str]) -> dict[str, Any]:
    """Click start, ▶ and all of the replay controls; each must show that many scares."""
    shown = SHOWN.search(" ".join(view["texts"]))
    if not shown:
        return view
    total = int(shown.group(2))
    buttons = learner.page.locator(f'[data-gw-cell="{learner.cell}"] .gw-board [data-action^="ui:replay="]')
    for label, expected in (("start", 0), ("▶", min(1, total)), ("all", total)):
        labels = [text.strip() for text in buttons.all_text_contents()]
        assert label in labels, f"{learner.name}: no replay button {label!r} among {labels}"
        buttons.nth(labels.index(label)).click()
        learner.clicks.append(f"replay {label}")
        try:  # the board must come to show that many scares (other redraws may arrive first)
            learner.page.wait_for_function(SHOWS, arg=[learner.cell, f"Scares shown: {expected} of {total}"],
                                           timeout=5_000)
        except Exception:  # noqa: BLE001 - playwright's TimeoutError, said below
            pass
        view = learner.settle()
        now = SHOWN.search(" ".join(view["texts"]))
        assert now and int(now.group(1)) == expected, \
            f"{learner.name}: replay {label!r} shows {now and now.group(0)}, expected {expected} of {total}"
        log.append(f"{label}:{expected}/{total}")
    return view


# --- notebooks -----------------------------------------------------------------------------

def code_cells(notebook: Path, needle: str) -> list[int]:
    """Indices of the notebook's code cells whose source contains ``needle``."""
    cells = json.loads(notebook.read_text())["cells"]
    return [i for i, c in enumerate(cells)
            if c["cell_type"] == "code" and needle in "".join(c["source"])]


def open_and_run(page: Any, lab_url: str, notebook: str) -> None:
    page.goto(f"{lab_url}/lab/tree/{notebook}?reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
    page.wait_for_function(KERNEL_READY, timeout=90_000)
    assert page.evaluate(RUN_ALL) == "done:true", f"{notebook}: run-all did not finish"
    assert not page.evaluate(ERROR_OUTPUTS), page.evaluate(ERROR_OUTPUTS)
    assert page.locator("text=Error displaying widget").count() == 0, f"{notebook}: a widget did not display"
    page.evaluate(TAG_CELLS)
    assert page.evaluate(KERNEL_EXEC, FAST_BOTS) is None


def new_page(browser: Any) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport=VIEWPORT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def narration(page: Any, cell: str, counter: list[int], timeout: float = 10.0) -> dict[str, Any]:
    """The walkthrough's narration once its counter reads ``counter`` (or after ``timeout`` s): the
    counter comes in its own message, which a loaded machine may deliver after the board's."""
    deadline = time.monotonic() + timeout
    info = page.evaluate(WALKTHROUGH, cell)
    while info["counter"] != counter and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        info = page.evaluate(WALKTHROUGH, cell)
    return info


def step_walkthroughs(page: Any, notebook: str, stem: str, play_scale: float) -> list[str]:
    """Step every walkthrough of the notebook; returns the problems found, one line each."""
    problems: list[str] = []
    small: dict[str, list[str]] = {}  # a text below MIN_PX: the walkthroughs that show it
    for number, cell in enumerate(code_cells(COURSE / notebook, "walkthrough(")):
        walker = Learner(page, cell, f"{stem}_walkthrough{number + 1:02d}")
        scope = page.locator(f'[data-gw-cell="{cell}"] .jp-OutputArea')
        scope.locator(".gw-board").first.wait_for(timeout=30_000)
        scope.scroll_into_view_if_needed()
        scale = page.evaluate(BOARD_SCALE, cell)["scale"]
        if scale < 0.95 * play_scale:
            problems.append(f"{walker.name}: board drawn at {scale:.2f} px per unit, the play board at "
                            f"{play_scale:.2f}")
        view = walker.view()
        info = page.evaluate(WALKTHROUGH, cell)
        assert info["counter"], f"{walker.name}: no step counter"
        if info["counter"][0] != 0:
            view = walker.click("First", view)
        last = info["counter"][1]
        for step in range(last + 1):
            info = narration(page, cell, [step, last])
            assert info["counter"] == [step, last], f"{walker.name}: counter {info['counter']} at step {step}"
            if not info["prose"]:
                problems.append(f"{walker.name} step {step}: empty narration")
            walker.check_text_sizes()
            if any(a.startswith("ui:replay=") for a in view["actions"]):
                try:
                    view = replay_turn(walker, view, [])
                except AssertionError as err:
                    problems.append(f"{walker.name} step {step}: {err}")
                    view = walker.view()
            if step in (0, last // 2, last):
                walker.screenshot(f"step{step:02d}")
            if step < last:
                view = walker.click("Next", view)
        if last:
            view = walker.click("First", view)
            assert narration(page, cell, [0, last])["counter"] == [0, last], f"{walker.name}: First"
            view = walker.click("Last", view)
            assert narration(page, cell, [last, last])["counter"] == [last, last], f"{walker.name}: Last"
        for text in walker.small_text:
            small.setdefault(text, []).append(walker.name)
    return problems + [f"{text} in {', '.join(names)}" for text, names in sorted(small.items())]


def play_scale_of(page: Any, cell: int) -> float:
    """How large the play board is drawn; it must be the live widget, not the static SVG picture
    that the output carries beside it for viewers without widgets."""
    page.locator(f'[data-gw-cell="{cell}"] .gw-board').first.wait_for(timeout=60_000)
    scope = f'[data-gw-cell="{cell}"]'
    static = page.locator(f"{scope} .jp-RenderedSVG, {scope} .jp-RenderedImage")
    assert static.count() == 0, f"cell {cell} shows the static picture of the board as well as the widget"
    return page.evaluate(BOARD_SCALE, cell)["scale"]


# --- the tests -----------------------------------------------------------------------------

def test_00_first_game_is_a_game(lab_url, browser):
    notebook = "00_start_here.ipynb"
    page, page_errors = new_page(browser)
    try:
        open_and_run(page, lab_url, notebook)
        cell = code_cells(COURSE / notebook, "play(")[0]
        learner = Learner(page, cell, "00_goose")
        play_scale_of(page, cell)
        view = learner.play(goose_learner, middle=3)
        assert len(learner.clicks) >= 5, (
            f"the course's first game is over after {len(learner.clicks)} rolls:\n{view['text'][-800:]}")
        assert not learner.small_text, sorted(learner.small_text)
        assert not page_errors, page_errors
    finally:
        page.close()


def test_01_goose_game_and_walkthroughs(lab_url, browser):
    notebook, stem = "01_game_of_the_goose.ipynb", "01_goose"
    page, page_errors = new_page(browser)
    try:
        open_and_run(page, lab_url, notebook)
        cell = code_cells(COURSE / notebook, "play(")[0]
        scale = play_scale_of(page, cell)
        learner = Learner(page, cell, stem)
        learner.play(goose_learner, middle=4)
        problems = [f"{stem}: {t}" for t in sorted(learner.small_text)]
        problems += step_walkthroughs(page, notebook, stem, scale)
        assert not problems, "\n".join(problems)
        assert not page_errors, page_errors
    finally:
        page.close()


def test_03_boo_to_the_goose_game_and_walkthroughs(lab_url, browser):
    notebook, stem = "03_boo_to_the_goose.ipynb", "03_boo_to_the_goose"
    page, page_errors = new_page(browser)
    try:
        open_and_run(page, lab_url, notebook)
        cell = code_cells(COURSE / notebook, "play(")[0]
        scale = play_scale_of(page, cell)
        learner = Learner(page, cell, stem)
        learner.play(boo_to_the_goose_learner(random.Random(3)), middle=20)
        plays = [c for c in learner.clicks if c.startswith("play")]
        assert len(plays) == 24, f"the learner played {len(plays)} cards of 24"
        problems = [f"{stem}: {t}" for t in sorted(learner.small_text)]
        problems += step_walkthroughs(page, notebook, stem, scale)
        assert not problems, "\n".join(problems)
        assert not page_errors, page_errors
    finally:
        page.close()


def test_05_sneaky_goose_game_and_walkthroughs(lab_url, browser):
    notebook, stem = "05_sneaky_goose.ipynb", "05_sneaky_goose"
    page, page_errors = new_page(browser)
    try:
        open_and_run(page, lab_url, notebook)
        cell = code_cells(COURSE / notebook, "play(")[0]
        scale = play_scale_of(page, cell)
        learner = Learner(page, cell, stem)
        view = learner.view()
        assert "done looking" in view["actions"], (
            "the game must open on the learner's peek at their bottom row:\n" + view["text"][:600])
        view = learner.play(sneaky_learner(random.Random(5)), middle=40)
        passes = learner.clicks.count("pass")
        slams = sum(1 for c in learner.clicks if c.startswith("slam "))
        print(f"Sneaky Goose: {len(learner.clicks)} clicks, {passes} Pass, {slams} slams")
        assert passes < 0.10 * len(learner.clicks), (
            f"{passes} of the learner's {len(learner.clicks)} clicks were Pass (at most 10%)")
        problems = [f"{stem}: {t}" for t in sorted(learner.small_text)]
        problems += step_walkthroughs(page, notebook, stem, scale)
        assert not problems, "\n".join(problems)
        assert not page_errors, page_errors
    finally:
        page.close()


def test_07_boo_game_through_replays_and_walkthroughs(lab_url, browser):
    notebook, stem = "07_boo.ipynb", "07_boo"
    page, page_errors = new_page(browser)
    try:
        open_and_run(page, lab_url, notebook)
        cell = code_cells(COURSE / notebook, "play(")[0]
        scale = play_scale_of(page, cell)
        learner = Learner(page, cell, stem)
        replays: list[str] = []
        learner.play(boo_learner(random.Random(7), replays), middle=12)
        placed = [c for c in learner.clicks if c.startswith("place")]
        assert len(placed) == 12, f"the learner placed {len(placed)} cards of 12"
        assert replays, "the replay controls never showed"
        problems = [f"{stem}: {t}" for t in sorted(learner.small_text)]
        problems += step_walkthroughs(page, notebook, stem, scale)
        assert not problems, "\n".join(problems)
        assert not page_errors, page_errors
    finally:
        page.close()


LARGEST = {
    "game_of_the_goose": '["human"] + ["random"] * 5',
    "boo_to_the_goose": '["human"] + ["cautious"] * 4',
    "sneaky_goose": '["human"] + ["memory"] * 5',
    "boo": '["human", "greedy"]',
}


def test_largest_tables_fit_the_screen_and_the_first_peek_shows(lab_root, lab_url, browser):
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
              "source": "from goose_widgets import play"}]
    for game, seats in LARGEST.items():
        cells.append({"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                      "source": f"play({game!r}, {seats}, seed=1, bot_delay={BOT_DELAY})"})
    notebook = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (lab_root / "largest_tables.ipynb").write_text(json.dumps(notebook))
    page, page_errors = new_page(browser)
    try:
        open_and_run(page, lab_url, "largest_tables.ipynb")
        problems = []
        for cell, game in enumerate(LARGEST, start=1):
            learner = Learner(page, cell, f"largest_{game}")
            page.locator(f'[data-gw-cell="{cell}"] .gw-board').first.wait_for(timeout=60_000)
            learner.check_text_sizes()
            fit = page.evaluate(FIT, cell)
            learner.screenshot("table")
            if fit["height"] > fit["visible"]:
                problems.append(f"{game} ({LARGEST[game]}): the table is {fit['height']:.0f} px tall, "
                                f"the notebook shows {fit['visible']:.0f} px")
            if fit["width"] > fit["visibleWidth"]:
                problems.append(f"{game}: the table is {fit['width']:.0f} px wide, "
                                f"the notebook {fit['visibleWidth']:.0f} px")
            problems.extend(f"{game}: {t}" for t in sorted(learner.small_text))
        sneaky = Learner(page, list(LARGEST).index("sneaky_goose") + 1, "largest_sneaky_goose")
        view = sneaky.view()
        assert "done looking" in view["actions"], "Sneaky Goose opened without the learner's peek"
        view = sneaky.click("done looking", view)
        view = sneaky.click("New game", view)
        assert "done looking" in view["actions"], "New game opened without the learner's peek"
        assert not problems, "\n".join(problems)
        assert not page_errors, page_errors
    finally:
        page.close()
