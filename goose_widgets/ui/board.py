"""`SvgBoard`: shows SVG text and reports clicks on elements that carry ``data-action``.

The renderers of the games are pure functions that return SVG text in which every clickable element
has ``data-action="<str(action)>"``.  The board sends that string to Python; it never interprets it.
"""

from __future__ import annotations

from collections.abc import Callable

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
