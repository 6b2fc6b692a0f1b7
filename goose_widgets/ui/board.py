"""`SvgBoard`: shows SVG text, reports clicks on elements that carry ``data-action``, and lets a
keyboard and a screen reader play (issue 22).

The renderers of the games are pure functions that return SVG text in which every clickable element
has ``data-action="<str(action)>"``, a role, ``tabindex="-1"`` and an ``aria-label`` in words (see
`svg.control`).  The board sends that string to Python; it never interprets it.

Keyboard (one tab stop, a roving tabindex): Tab enters the board on the element last focused there
(at first the first move); the arrow keys move between the elements a keyboard can reach
(``[data-action]`` and ``[data-nav]``, in the SVG's order: reading order, the Goose spiral), and
inside a ``role="grid"`` (BOO's graveyard) along its rows and columns; Home and End go to the first
and last; Enter or Space acts; Escape sends the board's ``data-escape`` action (it cancels a
half-made choice).  JupyterLab's own shortcuts are off inside the board
(``data-lm-suppress-shortcuts``), so Enter and the arrows are the board's.  After a redraw the focus
stays on the element with the same key (``data-nav``, else ``data-action``) or moves to the nearest
one.  The focus ring is drawn into the SVG: a black and a white ring, so that one of them contrasts
at least 3:1 with whatever lies under it.

`announce` says a text through a polite live region (the table calls it once per turn, in the move
log's words).  ``show_svg`` off hides the picture (the table's text mode) but keeps the live region.

`mimebundle` puts the board's picture beside the live widget in a cell's output (issues 9.9, 11.4,
20.3): JupyterLab shows the widget (its mime type ranks higher) while a kernel runs it.  Elsewhere
the picture shows: ``image/svg+xml`` for an HTML export or the course site, and ``text/html`` (the
same SVG as an ``<img>`` with a caption) for a notebook opened without running, which JupyterLab
does not trust with SVG but shows sanitised HTML for.  The text says what the output is and to run
the cell.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

_ESM = r"""
const NAV = "[data-action],[data-nav]";
const SVGNS = "http://www.w3.org/2000/svg";
const keyOf = (e) => e.getAttribute("data-nav") || e.getAttribute("data-action");

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "gw-board";
  // JupyterLab must not read the board's keys as its own shortcuts (Enter: edit the cell, arrows:
  // the next cell); Lumino stops looking for shortcuts at an element with this attribute.
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const picture = document.createElement("div");
  picture.className = "gw-picture";
  const live = document.createElement("div");
  live.className = "gw-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  // visually hidden, read by screen readers (styled here: it must never show, whatever the CSS)
  live.style.cssText = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
    + "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0";
  root.style.position = "relative";
  root.append(picture, live);
  let current = null;  // key of the element that holds the tab stop
  let where = null;    // its centre, to find the nearest element when it is gone

  const items = () => [...picture.querySelectorAll(NAV)];
  const centre = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const isMove = (e) => {
    const a = e.getAttribute("data-action");
    return a && !a.startsWith("ui:");
  };

  function ring(target) {
    picture.querySelectorAll(".gw-focus-ring").forEach((r) => r.remove());
    const svg = picture.querySelector("svg");
    if (!target || !svg || !target.getBBox) return;
    const box = target.getBBox();
    const m = svg.getScreenCTM().inverse().multiply(target.getScreenCTM());
    const corners = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height],
                     [box.x + box.width, box.y + box.height]].map(([x, y]) => {
      const p = svg.createSVGPoint(); p.x = x; p.y = y; return p.matrixTransform(m);
    });
    const xs = corners.map((p) => p.x), ys = corners.map((p) => p.y);
    const g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", "gw-focus-ring");
    g.setAttribute("pointer-events", "none");
    g.setAttribute("aria-hidden", "true");
    for (const [colour, width] of [["#000000", 7], ["#ffffff", 3]]) {
      const r = document.createElementNS(SVGNS, "rect");
      r.setAttribute("x", Math.min(...xs) - 4); r.setAttribute("y", Math.min(...ys) - 4);
      r.setAttribute("width", Math.max(...xs) - Math.min(...xs) + 8);
      r.setAttribute("height", Math.max(...ys) - Math.min(...ys) + 8);
      r.setAttribute("rx", 6); r.setAttribute("fill", "none");
      r.setAttribute("stroke", colour); r.setAttribute("stroke-width", width);
      g.appendChild(r);
    }
    svg.appendChild(g);
  }

  function hold(target, focus) {  // give ``target`` the tab stop (and the focus)
    for (const e of items()) e.setAttribute("tabindex", e === target ? "0" : "-1");
    if (!target) return;
    current = keyOf(target);
    where = centre(target);
    if (focus) target.focus({ preventScroll: false });
  }

  function nearest(list) {
    if (!where || !list.length) return null;
    let best = null, distance = Infinity;
    for (const e of list) {
      const [x, y] = centre(e);
      const d = (x - where[0]) ** 2 + (y - where[1]) ** 2;
      if (d < distance) { distance = d; best = e; }
    }
    return best;
  }

  function draw() {
    // the focus is kept (and ringed) for a keyboard, not after a mouse click: a click must not
    // scroll the page or draw a ring
    const active = document.activeElement;
    const focused = picture.contains(active) && active !== picture && active.matches(":focus-visible");
    picture.innerHTML = model.get("svg");
    picture.style.display = model.get("show_svg") ? "" : "none";
    const list = items();
    const target = list.find((e) => keyOf(e) === current) || nearest(list)
      || list.find(isMove) || list[0] || null;
    hold(target, focused && model.get("show_svg"));
    if (focused && target) ring(target);
  }

  function inGrid(from, key) {  // the next cell of a grid along its rows and columns
    const grid = from.closest('[role="grid"]');
    if (!grid) return undefined;
    const pos = (e) => [Number(e.getAttribute("data-row")), Number(e.getAttribute("data-col"))];
    const [r, c] = pos(from);
    const cells = [...grid.querySelectorAll(NAV)].filter((e) => e !== from);
    const score = {
      ArrowRight: ([r2, c2]) => (r2 === r && c2 > c ? c2 - c : null),
      ArrowLeft: ([r2, c2]) => (r2 === r && c2 < c ? c - c2 : null),
      ArrowDown: ([r2, c2]) => (r2 > r ? (r2 - r) * 1000 + Math.abs(c2 - c) : null),
      ArrowUp: ([r2, c2]) => (r2 < r ? (r - r2) * 1000 + Math.abs(c2 - c) : null),
    }[key];
    let best = null, bestScore = Infinity;
    for (const e of cells) {
      const s = score(pos(e));
      if (s !== null && s < bestScore) { bestScore = s; best = e; }
    }
    if (best) return best;
    // past the grid's edge: the element before or after the grid in reading order
    const list = items();
    const inside = list.filter((e) => grid.contains(e));
    const forward = key === "ArrowRight" || key === "ArrowDown";
    const edge = forward ? list.indexOf(inside[inside.length - 1]) + 1 : list.indexOf(inside[0]) - 1;
    return list[edge] || null;
  }

  picture.addEventListener("keydown", (ev) => {
    const from = ev.target.closest(NAV);
    if (!from || !picture.contains(from)) return;
    const list = items();
    const index = list.indexOf(from);
    let to;
    switch (ev.key) {
      case "ArrowRight": case "ArrowDown": case "ArrowLeft": case "ArrowUp": {
        to = inGrid(from, ev.key);
        if (to === undefined) {
          const step = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 : -1;
          to = list[index + step] || null;
        }
        break;
      }
      case "Home": to = list[0]; break;
      case "End": to = list[list.length - 1]; break;
      case "Enter": case " ": {
        const action = from.getAttribute("data-action");
        if (action) model.send({ type: "action", action });
        ev.preventDefault();
        ev.stopPropagation();
        return;
      }
      case "Escape": {
        const svg = picture.querySelector("svg");
        const action = svg && svg.getAttribute("data-escape");
        if (action) { model.send({ type: "action", action }); ev.preventDefault(); ev.stopPropagation(); }
        return;
      }
      default: return;
    }
    ev.preventDefault();
    ev.stopPropagation();  // JupyterLab must not take the arrow keys to the next cell
    if (to) hold(to, true);
  });
  picture.addEventListener("focusin", (ev) => {
    const target = ev.target.closest(NAV);
    if (target && picture.contains(target)) {
      hold(target, false);
      if (target.matches(":focus-visible")) ring(target);
    }
  });
  picture.addEventListener("focusout", (ev) => {
    if (!picture.contains(ev.relatedTarget)) ring(null);
  });
  picture.addEventListener("click", (ev) => {
    const target = ev.target.closest("[data-action]");
    if (!target || !picture.contains(target)) return;
    current = keyOf(target);
    model.send({ type: "action", action: target.getAttribute("data-action") });
  });
  model.on("msg:custom", (msg) => {
    if (!msg || msg.type !== "announce") return;
    // set at once (a later change would look like another redraw); the same words twice in a row
    // get a no-break space, so that they change and are said again
    live.textContent = live.textContent === msg.text ? msg.text + "\u00a0" : msg.text;
  });
  model.on("change:svg", draw);
  model.on("change:show_svg", draw);
  draw();
  el.appendChild(root);
}
export default { render };
"""

_CSS = """
.gw-board svg { max-width: 100%; height: auto; }
.gw-board [data-action] { cursor: pointer; }
.gw-board [data-action]:hover { filter: brightness(1.15) drop-shadow(0 0 3px #0072b2); }
.gw-board [data-action]:focus, .gw-board [data-nav]:focus { outline: none; }
.gw-board .gw-hover-only { opacity: 0; }
.gw-board [data-action]:hover .gw-hover-only, .gw-board [data-action]:focus .gw-hover-only { opacity: 0.75; }
"""


# Interactive-only parts (shown on hover in the widget) stay hidden in the static picture.
_STATIC_STYLE = "<style>.gw-hover-only { opacity: 0; }</style>"
_ROOT_ROLE = re.compile(r'\srole="application"')


def static_svg(svg: str) -> str:
    """The board's SVG as a standalone picture: no hover-only elements, and an image (with the
    board's name as its text) rather than something to play."""
    start = svg.find(">", svg.find("<svg"))
    if start < 0:
        return svg
    head = _ROOT_ROLE.sub(' role="img"', svg[:start], count=1)
    return head + ">" + _STATIC_STYLE + svg[start + 1:]


CAPTION = "A picture of the board: run this notebook to play."


def picture_html(svg: str, alt: str, caption: str = CAPTION) -> str:
    """The picture as HTML that survives a sanitiser: an ``<img>`` of the SVG, with its caption."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<figure class="gw-picture" style="margin:0">'
            f'<img src="data:image/svg+xml;base64,{data}" alt="{html.escape(alt)}" '
            f'style="max-width:100%;height:auto">'
            f'<figcaption style="font-size:13px;color:#444">{html.escape(caption)}</figcaption></figure>')


def mimebundle(widget: Any, svg: str, text: str, *, alt: str = "the board",
               caption: str = CAPTION) -> dict[str, Any]:
    """The output of a cell showing ``widget``: its live view, the board's picture and a text.

    ``svg`` is the picture (drawn as a spectator would see it: no moves offered); ``alt`` says what
    it shows for a screen reader, ``caption`` what to do to play."""
    bundle = widget._repr_mimebundle_() or {}
    if isinstance(bundle, tuple):  # anywidget answers (data, metadata)
        bundle = bundle[0]
    bundle = dict(bundle)
    if svg:
        picture = static_svg(svg)
        bundle["image/svg+xml"] = picture
        bundle["text/html"] = picture_html(picture, alt, caption)
    bundle["text/plain"] = text
    return bundle


class SvgBoard(anywidget.AnyWidget):
    """An SVG view whose ``[data-action]`` elements report clicks to `on_action` callbacks."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    show_svg = traitlets.Bool(True).tag(sync=True)

    def __init__(self, svg: str = "", **kwargs: object) -> None:
        super().__init__(svg=svg, **kwargs)
        self._callbacks: list[Callable[[str], None]] = []
        self.announcements: list[str] = []  # what was said, newest last (for tests)
        self.on_msg(self._on_msg)

    def __repr__(self) -> str:  # stable for nbval: anywidget's default repr holds an address
        return f"SvgBoard({len(self.svg)} characters of SVG)"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        return mimebundle(super(), self.svg, repr(self)), {}

    def on_action(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(action_text)`` whenever a ``[data-action]`` element is clicked."""
        self._callbacks.append(callback)

    def click(self, action: str) -> None:
        """Do what a click on the element with ``data-action=action`` does (for tests and scripts)."""
        for callback in self._callbacks:
            callback(action)

    def announce(self, text: str) -> None:
        """Have a screen reader say ``text`` (a polite live region: after what it is saying now)."""
        text = " ".join(text.split())
        if not text:
            return
        self.announcements.append(text)
        del self.announcements[:-50]
        self.send({"type": "announce", "text": text})

    def _on_msg(self, _widget: object, content: dict, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("type") == "action":
            self.click(str(content.get("action", "")))
