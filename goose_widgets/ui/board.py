"""`SvgBoard`: shows SVG text and reports clicks on elements that carry ``data-action``.

The renderers of the games are pure functions that return SVG text in which every clickable element
has ``data-action="<str(action)>"``.  The board sends that string to Python; it never interprets it.

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
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "gw-board";
  const draw = () => { root.innerHTML = model.get("svg"); };
  root.addEventListener("click", (ev) => {
    const target = ev.target.closest("[data-action]");
    if (!target || !root.contains(target)) return;
    model.send({ type: "action", action: target.getAttribute("data-action") });
  });
  model.on("change:svg", draw);
  draw();
  el.appendChild(root);
}
export default { render };
"""

_CSS = """
.gw-board svg { max-width: 100%; height: auto; }
.gw-board [data-action] { cursor: pointer; }
.gw-board [data-action]:hover { filter: brightness(1.15) drop-shadow(0 0 3px #0072b2); }
.gw-board .gw-hover-only { opacity: 0; }
.gw-board [data-action]:hover .gw-hover-only { opacity: 0.75; }
"""


# Interactive-only parts (shown on hover in the widget) stay hidden in the static picture.
_STATIC_STYLE = "<style>.gw-hover-only { opacity: 0; }</style>"


def static_svg(svg: str) -> str:
    """The board's SVG as a standalone picture (no hover-only elements)."""
    start = svg.find(">", svg.find("<svg"))
    return svg if start < 0 else svg[:start + 1] + _STATIC_STYLE + svg[start + 1:]


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

    def __init__(self, svg: str = "", **kwargs: object) -> None:
        super().__init__(svg=svg, **kwargs)
        self._callbacks: list[Callable[[str], None]] = []
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

    def _on_msg(self, _widget: object, content: dict, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("type") == "action":
            self.click(str(content.get("action", "")))
