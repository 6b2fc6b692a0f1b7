"""What the keyboard browser tests share: a player at one cell's board with the keyboard alone, axe-core,
and a contrast check of the boards' SVG text (issue 22).

`KeyboardPlayer` puts the caret at the start of a cell's output (as a learner who reached the cell
would) and from then on presses keys only: Tab into the board, the arrows, Home and End, Enter,
Space and Escape.  It reads what a screen reader would say of the focused element (its role and
``aria-label``) and what the live region announces.

`axe_problems` runs axe-core (axe-playwright-python) on some parts of the page and returns its
violations of any impact, one line each (issue 32: minor and moderate ones count too).
`contrast_problems` measures every visible text of the boards against what is drawn under it
(WCAG 2.1: 4.5:1, 3:1 for large text).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.browser.lab import SCREENSHOTS

FOCUSED = """() => {
  const e = document.activeElement;
  if (!e) return null;
  const board = e.closest('.gw-board');
  return {label: e.getAttribute('aria-label'),
          action: e.getAttribute('data-action') || e.getAttribute('data-move'),
          nav: e.getAttribute('data-nav'), role: e.getAttribute('role'), tabindex: e.getAttribute('tabindex'),
          pressed: e.getAttribute('aria-pressed'), disabled: e.getAttribute('aria-disabled'),
          row: e.getAttribute('data-row'), col: e.getAttribute('data-col'),
          inBoard: !!board, tag: e.tagName.toLowerCase(), inText: !!e.closest('.gw-text'),
          text: (e.innerText || e.textContent || '').trim().slice(0, 120),
          stops: board ? board.querySelectorAll('[tabindex="0"]').length : 0,
          ring: board ? board.querySelectorAll('.gw-focus-ring').length : 0};
}"""

START_OF_OUTPUT = """(i) => {
  const out = document.querySelector(`[data-gw-cell="${i}"] .jp-OutputArea-output`)
    || document.querySelector(i);
  out.setAttribute('tabindex', '-1');
  out.scrollIntoView({block: 'start'});
  out.focus();
  return document.activeElement === out;
}"""

ANNOUNCED = """(scope) => [...document.querySelectorAll(`${scope} .gw-live`)].map(e => e.textContent)"""

SIGNATURE = """(scope) => {
  const out = document.querySelector(scope);
  const svg = out && out.querySelector('.gw-board svg');
  const s = out ? (svg ? svg.outerHTML.replace(/<g class="gw-focus-ring".*?<\\/g>/, '') : '')
    + out.innerText : '';
  let h = 0;
  for (let k = 0; k < s.length; k++) h = (h * 31 + s.charCodeAt(k)) | 0;
  return s.length + ':' + h;
}"""


class KeyboardPlayer:
    """Plays the board in ``scope`` (a CSS selector of one output) by the keyboard alone."""

    def __init__(self, page: Any, scope: str, name: str) -> None:
        self.page, self.scope, self.name = page, scope, name
        self.keys: list[str] = []

    def focused(self) -> dict[str, Any]:
        return self.page.evaluate(FOCUSED)

    def signature(self) -> str:
        return self.page.evaluate(SIGNATURE, self.scope)

    def enter_board(self, cell: Any) -> dict[str, Any]:
        """The caret at the start of the cell's output, then Tab: the board takes the focus."""
        assert self.page.evaluate(START_OF_OUTPUT, cell), f"{self.name}: could not put the caret there"
        self.press("Tab")
        focus = self.focused()
        assert focus["inBoard"], f"{self.name}: Tab did not enter the board: {focus}"
        return focus

    def press(self, key: str, wait: bool = False, timeout: float = 30_000) -> dict[str, Any]:
        """Press ``key``; with ``wait``, until the board (or the table) changes."""
        before = self.signature() if wait else ""
        self.page.keyboard.press(key)
        self.keys.append(key)
        if wait:
            self.wait_change(before, timeout, why=f"pressing {key} on {self.focused()}")
        return self.focused()

    def wait_change(self, before: str, timeout: float = 30_000, why: str = "") -> bool:
        try:
            self.page.wait_for_function(f"(scope) => ({SIGNATURE})(scope) !== {before!r}", arg=self.scope,
                                        timeout=timeout)
        except Exception:  # noqa: BLE001 - playwright's TimeoutError
            if why:
                raise AssertionError(f"{self.name}: nothing changed after {why}") from None
            return False
        self.settle()
        return True

    def settle(self, quiet: float = 150) -> None:
        """Wait until nothing has changed for ``quiet`` ms (a redraw arrives in several messages)."""
        before = self.signature()
        while True:
            self.page.wait_for_timeout(quiet)
            now = self.signature()
            if now == before:
                return
            before = now

    def labels(self) -> list[dict[str, Any]]:
        """Every element the arrows reach, in their order, as a screen reader names it."""
        return self.page.evaluate("""(scope) => [...document.querySelectorAll(
            `${scope} .gw-picture [data-action], ${scope} .gw-picture [data-nav]`)].map(e => ({
              label: e.getAttribute('aria-label'), action: e.getAttribute('data-action'),
              role: e.getAttribute('role')}))""", self.scope)

    def go_to(self, want: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """Move with the arrow keys to the first element that ``want`` accepts (Home first; at a
        grid row's end, where ArrowRight keeps the focus, ArrowDown goes on)."""
        focus = self.press("Home")
        for _ in range(len(self.labels()) + 2):
            if want(focus):
                return focus
            before = focus
            focus = self.press("ArrowRight")
            if focus == before:
                focus = self.press("ArrowDown")
                if focus == before:
                    break
        raise AssertionError(f"{self.name}: the arrows never reached {what}; last {focus}")

    def act_on(self, want: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """Go to an element and press Enter on it; wait for the board to answer."""
        focus = self.go_to(want, what)
        assert focus["action"], f"{self.name}: {what} is not clickable: {focus}"
        return self.press("Enter", wait=True)

    def announced(self) -> str:
        return " ".join(self.page.evaluate(ANNOUNCED, self.scope))

    def text_mode_moves(self, moves: int = 8) -> tuple[int, int]:
        """Issue 32: from the board, Tab to the table's Text mode checkbox and turn it on; then play
        ``moves`` moves with Enter, from wherever the focus comes back to after each move and the
        bots' replies (it must be a move of the text mode).  Returns (moves, keys from Space on)."""
        for _ in range(12):
            focus = self.press("Tab")
            label = ("() => { const l = document.activeElement.closest('label');"
                     " return l ? l.innerText : ''; }")
            if focus["tag"] == "input" and "Text mode" in self.page.evaluate(label):
                break
        else:
            raise AssertionError(f"{self.name}: Tab never reached the Text mode checkbox")
        start = len(self.keys)
        self.press("Space")
        self.page.locator(f"{self.scope} .gw-text-moves button").first.wait_for(timeout=30_000)
        self.settle()
        focus = self.focused()
        for _ in range(8):  # back up into the moves
            if focus["inText"] and focus["tag"] == "button":
                break
            focus = self.press("Shift+Tab")
        made = 0
        while made < moves:
            try:
                self.page.wait_for_function(
                    """(scope) => { const e = document.activeElement;
                        return !!e && !!e.closest('.gw-text-moves:not(.gw-text-settings)')
                          && !!e.closest(scope); }""", arg=self.scope, timeout=90_000)
            except Exception:  # noqa: BLE001 - playwright's TimeoutError: say where the focus is
                raise AssertionError(f"{self.name}: after {made} moves in text mode the focus is on "
                                     f"{self.focused()}, not a move; keys {self.keys[start:]}") from None
            self.press("Enter", wait=True, timeout=90_000)
            made += 1
        keys = len(self.keys) - start
        print(f"{self.name} in text mode: {made} moves in {keys} keys ({keys / made:.2f} a move): "
              f"{self.keys[start:]}")
        return made, keys

    def shot(self, label: str) -> str:
        """A screenshot of the board with its focus ring; returns the file's path."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"keyboard_{self.name}_{label}.png"
        self.page.locator(f"{self.scope} .gw-board").first.screenshot(path=str(path))
        return str(path)


def axe_problems(page: Any, include: list[str], what: str) -> list[str]:
    """axe-core's violations, of any impact, inside the elements ``include`` selects."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context={"include": [[selector] for selector in include]})
    problems = []
    for violation in results.response["violations"]:
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]][:3]
        problems.append(f"{what}: {violation['id']} ({violation['impact']}): {violation['help']} "
                        f"at {targets}")
    counts = {impact: [v["id"] for v in results.response["violations"] if v.get("impact") == impact]
              for impact in ("minor", "moderate", "serious", "critical")}
    print(f"axe on {what}: {counts} ({len(results.response.get('passes', []))} rules passed)")
    return problems


# Every visible text of the boards in ``scope`` with its contrast against what lies under its middle.
CONTRAST = """(scope) => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c || '');
    if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
  };
  const alpha = (e) => {  // opacity of the element and its ancestors up to the svg
    let a = 1;
    for (let x = e; x && x.tagName.toLowerCase() !== 'svg'; x = x.parentElement) {
      a *= parseFloat(getComputedStyle(x).opacity || '1');
    }
    return a;
  };
  const over = (top, bottom) => ({r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1});
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const page = (el) => {
    for (let x = el; x; x = x.parentElement) {
      const c = parse(getComputedStyle(x).backgroundColor);
      if (c && c.a > 0) return {...c, a: 1};
    }
    return {r: 255, g: 255, b: 255, a: 1};
  };
  const found = [];
  for (const t of document.querySelectorAll(`${scope} .gw-board svg text`)) {
    if (t.closest('[aria-hidden="true"]')) continue;
    const content = t.textContent.trim();
    const r = t.getBoundingClientRect();
    if (!content || r.width === 0 || alpha(t) < 0.05) continue;
    const style = getComputedStyle(t);
    const fill = parse(style.fill);
    if (!fill) continue;
    fill.a *= parseFloat(style.fillOpacity || '1') * alpha(t);
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const svg = t.closest('svg');
    // what is drawn under the text's middle: the shapes before it in the SVG whose box holds that
    // point, composed from the bottom up (geometry, not hit-testing: it works out of view too)
    const layers = [];
    for (const e of svg.querySelectorAll('rect, circle, ellipse')) {
      if (!(e.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
      if (e.closest('[aria-hidden="true"]')) continue;
      const b = e.getBoundingClientRect();
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) continue;
      const s = getComputedStyle(e);
      const c = parse(s.fill);
      if (!c || s.fill === 'none') continue;
      c.a *= parseFloat(s.fillOpacity || '1') * alpha(e);
      if (c.a > 0.01) layers.push(c);
    }
    let back = page(svg.parentElement);
    for (const c of layers) back = over(c, back);
    const ink = over(fill, back);
    const px = parseFloat(style.fontSize) * Math.sqrt(Math.abs(t.getScreenCTM().a * t.getScreenCTM().d));
    const bold = parseInt(style.fontWeight, 10) >= 700 || style.fontWeight === 'bold';
    const large = px >= 24 || (bold && px >= 18.66);
    const value = ratio(ink, back);
    const under = `rgb(${Math.round(back.r)},${Math.round(back.g)},${Math.round(back.b)})`;
    if (value < (large ? 3 : 4.5)) {
      found.push(`"${content.slice(0, 40)}" ${value.toFixed(2)}:1 (${style.fill} on ${under})`);
    }
  }
  return [...new Set(found)];
}"""


def contrast_problems(page: Any, scope: str) -> list[str]:
    return page.evaluate(CONTRAST, scope)


def set_theme(page: Any, theme: str) -> None:
    """JupyterLab's theme: "JupyterLab Light" or "JupyterLab Dark"."""
    page.evaluate("(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    page.wait_for_function("(t) => document.body.dataset.jpThemeName === t", arg=theme, timeout=30_000)
    page.wait_for_timeout(500)


# The smallest text of the boards in ``scope`` as drawn, in device pixels (CSS px times the device
# pixel ratio: at 200% zoom a 12 px text that is not scaled down is 24 device pixels).
SMALLEST_TEXT = """(scope) => {
  let least = Infinity;
  for (const t of document.querySelectorAll(`${scope} .gw-board svg text`)) {
    if (!t.textContent.trim() || t.closest('[aria-hidden="true"]')) continue;
    if (!t.getBoundingClientRect().width) continue;
    const m = t.getScreenCTM();
    const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * scale);
  }
  return least * window.devicePixelRatio;
}"""


def smallest_text(page: Any, scope: str) -> float:
    return float(page.evaluate(SMALLEST_TEXT, scope))


_SESSIONS: dict[int, Any] = {}


def zoom(page: Any, factor: float, width: int = 1366, height: int = 900) -> None:
    """The page as a browser zoomed to ``factor`` shows it on a ``width``×``height`` window: the
    layout sees width/factor CSS px, each drawn with ``factor`` device pixels (issue 32's 200%
    zoom, and 320 CSS px wide at 400%).  ``factor`` 1 puts the page back as it was."""
    # one session a page: an override belongs to the session that set it
    cdp = _SESSIONS.get(id(page))
    if cdp is None:
        cdp = _SESSIONS[id(page)] = page.context.new_cdp_session(page)
    if factor == 1:
        cdp.send("Emulation.clearDeviceMetricsOverride")
    else:
        cdp.send("Emulation.setDeviceMetricsOverride", {
            "width": round(width / factor), "height": round(height / factor), "deviceScaleFactor": factor,
            "mobile": False})
    page.wait_for_timeout(800)  # the layout settles (JupyterLab lays its panels out again)


def zoomed_shot(page: Any, path: Any, full_page: bool = False) -> str:
    """A screenshot as the zoomed window shows it (Playwright's own screenshot would put its
    viewport back first); ``full_page``: the whole page's height."""
    import base64

    cdp = _SESSIONS.get(id(page)) or page.context.new_cdp_session(page)
    _SESSIONS[id(page)] = cdp
    options: dict[str, Any] = {"format": "png"}
    if full_page:
        metrics = cdp.send("Page.getLayoutMetrics")["cssContentSize"]
        options.update(captureBeyondViewport=True, clip={"x": 0, "y": 0, "width": metrics["width"],
                                                         "height": metrics["height"], "scale": 1})
    data = cdp.send("Page.captureScreenshot", options)["data"]
    with open(path, "wb") as out:
        out.write(base64.b64decode(data))
    return str(path)
