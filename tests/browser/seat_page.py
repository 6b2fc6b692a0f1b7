"""A learner at the table server's seat page with the keyboard alone (issue 32): what the keyboard,
text mode and typed-command tests share.

`SeatPage` opens a seat's join link and from then on presses keys only (it reads the page as a
screen reader would: the focused element's role and name, the command box's answers, the board's
announcements).  Every key pressed is counted.  The server is real (`ServerProcess`), its bots move
at once (``--bot-delay 0``), and the page's script is the notebook board's own (``board.js``).
"""

from __future__ import annotations

import json
import re
import statistics
import urllib.request
from typing import Any

from tests.server.helpers import AUTH

FOCUS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return {tag: 'body', label: '', action: null, inBoard: false};
  const action = e.getAttribute('data-action') || e.getAttribute('data-move') || null;
  return {tag: e.tagName.toLowerCase(), role: e.getAttribute('role'), action: action,
          label: e.getAttribute('aria-label') || (e.textContent || '').trim().slice(0, 200),
          pressed: e.getAttribute('aria-pressed'), inBoard: !!e.closest('#board'),
          inText: !!e.closest('.gw-text'), lines: e.classList.contains('gw-lines'),
          row: e.getAttribute('data-row'), col: e.getAttribute('data-col'),
          stops: document.querySelectorAll('#board .gw-picture [tabindex="0"]').length};
}"""

MOVES = """(text) => [...document.querySelectorAll(text ? '#board .gw-text-moves button'
    : '#board .gw-picture [data-action]')].map(e => ({
      action: e.getAttribute('data-action') || e.getAttribute('data-move'),
      label: e.getAttribute('aria-label') || e.textContent.trim()}))
    .filter(m => m.action && !m.action.startsWith('ui:'))"""

SAID = "() => (window.__gwSaid || []).map(s => [s.text, s.at])"
PARTS = "() => (window.__gwParts || []).map(s => [s.kind, s.text])"
# Every change to the board's live region, seen from outside the board's script (an init script):
# the nodes added and removed with their times, and any text changed in place.
WATCH_LIVE = """
window.__gwLive = {added: [], removed: [], changed: 0};
new MutationObserver((records) => {
  const now = Date.now();
  for (const r of records) {
    const at = r.target.nodeType === 1 ? r.target : r.target.parentElement;
    const live = at && at.closest('.gw-live');
    if (!live) continue;
    if (r.type !== 'childList' || r.target !== live) { window.__gwLive.changed += 1; continue; }
    for (const n of r.addedNodes) window.__gwLive.added.push({text: n.textContent, at: now});
    for (const n of r.removedNodes) window.__gwLive.removed.push({text: n.textContent, at: now});
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""
LIVE = "() => window.__gwLive"
# how long a message takes to read, and the least time between two (board.js, READING)
READING = "() => [GooseBoard.READING.base, GooseBoard.READING.perWord, GooseBoard.READING.gap]"


def create_table(url: str, game: str, players: list[str], **params: Any) -> dict[str, Any]:
    request = urllib.request.Request(url + "/api/tables", method="POST",
                                     headers={"Content-Type": "application/json", **AUTH},
                                     data=json.dumps({"game": game, "players": players,
                                                      "params": params}).encode())
    return json.loads(urllib.request.urlopen(request, timeout=20).read())


class SeatPage:
    """One learner's page at one seat; ``keys`` counts every key pressed."""

    def __init__(self, page: Any, url: str, summary: dict[str, Any], seat: int = 0) -> None:
        self.page, self.keys = page, []
        self.errors: list[str] = []
        page.on("pageerror", lambda err: self.errors.append(str(err)))
        page.add_init_script(WATCH_LIVE)
        page.goto(url + summary["seats"][seat]["link"])
        self.wait_version(0)

    # --- reading the page -------------------------------------------------------------------
    def focused(self) -> dict[str, Any]:
        return self.page.evaluate(FOCUS)

    def version(self) -> int:
        return int(self.page.evaluate("() => Number(document.body.dataset.version || -1)"))

    def over(self) -> bool:
        return self.page.evaluate("() => document.body.dataset.over === 'true'")

    def my_turn(self) -> bool:
        return self.page.evaluate("() => document.body.dataset.yourTurn === 'true'")

    def moves(self, text: bool = False) -> list[dict[str, str]]:
        return self.page.evaluate(MOVES, text)

    def answer(self) -> str:
        return self.page.locator("#board .gw-answer").inner_text().strip()

    def said(self) -> list[tuple[str, int]]:
        return [(text, at) for text, at in self.page.evaluate(SAID)]

    # --- waiting --------------------------------------------------------------------------------
    def wait_version(self, at_least: int, timeout: float = 30_000) -> None:
        self.page.wait_for_function("v => Number(document.body.dataset.version || -1) >= v", arg=at_least,
                                    timeout=timeout)

    def wait_turn(self, after: int, timeout: float = 60_000) -> None:
        """Until the table has moved past ``after`` and it is this seat's move again (or the end)."""
        self.page.wait_for_function(
            """v => Number(document.body.dataset.version) > v
                 && (document.body.dataset.yourTurn === 'true' || document.body.dataset.over === 'true')""",
            arg=after, timeout=timeout)
        self.page.wait_for_timeout(60)  # the board's script draws in the same task; let focus settle

    # --- the keyboard -------------------------------------------------------------------------------
    def press(self, key: str) -> dict[str, Any]:
        self.page.keyboard.press(key)
        self.keys.append(key)
        return self.focused()

    def type(self, text: str) -> str:
        """Type a command into the box (the focus must be there) and Enter; the answer shown."""
        self.page.keyboard.press("Control+a")
        self.page.keyboard.type(text)
        self.keys += ["Control+a", *text, "Enter"]
        self.page.keyboard.press("Enter")
        self.page.wait_for_timeout(30)
        return self.answer()

    def go_to(self, want: Any, what: str) -> dict[str, Any]:
        """With the arrows, from Home on, to the first element of the picture ``want`` accepts (at a
        grid row's end, where the arrow stays, ArrowDown goes on)."""
        focus = self.press("Home")
        for _ in range(400):
            if want(focus):
                return focus
            before = focus
            focus = self.press("ArrowRight")
            if focus == before:
                focus = self.press("ArrowDown")
                if focus == before:
                    break
        raise AssertionError(f"the arrows never reached {what}; last {focus}")

    def tab_to(self, want: Any, what: str, back: bool = False, limit: int = 30) -> dict[str, Any]:
        focus = self.focused()
        for _ in range(limit):
            if want(focus):
                return focus
            focus = self.press("Shift+Tab" if back else "Tab")
        raise AssertionError(f"Tab never reached {what}; last {focus}")


def check_announcements(seat: SeatPage, what: str) -> dict[str, Any]:
    """Every message said came as a node of its own in the live region, at least the script's gap
    after the one before (a screen reader queues them), was never changed in place, and was not
    taken away before it could be read; what the live region got is what the script said.
    Returns the messages' word counts and the time between them."""
    page = seat.page
    page.wait_for_timeout(600)  # the queue's last message
    said = seat.said()
    base, per_word, gap = page.evaluate(READING)
    live = page.evaluate(LIVE)
    assert said, f"{what}: nothing was said"
    assert live["changed"] == 0, f"{what}: {live['changed']} changes inside the live region's messages"
    assert [a["text"] for a in live["added"]] == [text for text, _ in said], f"{what}: a message went missing"
    added = live["added"]
    for before, after in zip(added, added[1:]):
        apart = after["at"] - before["at"]
        assert apart >= gap - 20, f"{what}: two messages {apart} ms apart"
    removed = {}
    for node in live["removed"]:
        removed.setdefault(node["text"], []).append(node["at"])
    for node in added:
        if removed.get(node["text"]):
            gone = removed[node["text"]].pop(0)
            needed = base + per_word * len(node["text"].split())
            assert gone - node["at"] >= needed - 20, f"{what}: {node['text']!r} was taken away after " \
                f"{gone - node['at']} ms (< {needed})"
    gaps = [b["at"] - a["at"] for a, b in zip(added, added[1:])]
    parts = page.evaluate(PARTS)
    news = [len(text.split()) for kind, text in parts if kind == "news"]
    # what others did: the news of a view that holds none of this seat's own lines
    others = [len(text.split()) for kind, text in parts if kind == "news" and "(you)" not in text
              and not text.startswith("You ")]
    prompts = [len(text.split()) for kind, text in parts if kind == "prompt"]
    figures = {"messages": len(added), "median gap ms": statistics.median(gaps) if gaps else None,
               "nodes removed": len(live["removed"])}
    for name, counts in (("news", news), ("others' moves", others), ("prompts", prompts)):
        if counts:
            figures[f"{name} words (median, max)"] = (statistics.median(counts), max(counts))
    return figures


def choices_in(answer: str) -> list[str]:
    """The moves a "moves" answer lists: "You can: roll; play goose and 3 more." -> [...]."""
    match = re.match(r"You can: (.*?)(?: and \d+ more)?\.$", answer)
    return [c.strip() for c in match.group(1).split(";")] if match else []
