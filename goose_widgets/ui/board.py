"""`SvgBoard`: shows SVG text, reports clicks on elements that carry ``data-action``, and lets a
keyboard and a screen reader play (issues 22 and 32).

The renderers of the games are pure functions that return SVG text in which every clickable element
has ``data-action="<str(action)>"``, a role, ``tabindex="-1"`` and an ``aria-label`` in words (see
`svg.control`).  The board sends that string to Python; it never interprets it.

Everything a browser does with a board lives in one script, ``board.js``, which the table server's
seat page loads too: the keyboard (one tab stop, the arrows in reading order and along a grid's rows
and columns, Home and End, Enter or Space, Escape for the board's ``data-escape`` action, the focus
kept across redraws and ringed in the SVG), the text mode (``show_svg`` off: the position in words
and every move as a button, the focus kept on the same move or brought back to the first one), a
queue of polite announcements that never cuts one off, and a box for typed commands ("roll",
"where", "last", "help").  The words it needs come in ``words`` (`goose_widgets.ui.words`): the
position, the answers to questions, the commands and what to say of each new move-log line.

`announce` says a text at once (a walkthrough's step, a refusal), through the same queue.  Each view
the browser opens (the cell run, a page reloaded, a second view) tells the kernel so: `on_view`
callbacks let the board's holder start it afresh (BOO's replay of a turn is dropped, `ui.view`).

`mimebundle` puts the board's picture beside the live widget in a cell's output (issues 9.9, 11.4,
20.3): JupyterLab shows the widget (its mime type ranks higher) while a kernel runs it.  Elsewhere
the picture shows: ``image/svg+xml`` for an HTML export or the course site, and ``text/html`` (the
same SVG as an ``<img>`` with a caption) for a notebook opened without running, which JupyterLab
does not trust with SVG but shows sanitised HTML for.  The text says what the output is and to run
the cell.  `static_outputs` reads those outputs back for a page with no kernel (the course site, an
offline export): each board its captioned picture, no live view.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable
from importlib import resources
from typing import Any

import anywidget
import traitlets

# The keyboard, the text mode, the announcements and the typed commands live in one script shared
# with the table server's seat page (issue 32): here it is wrapped as an anywidget module.
_SCRIPT = (resources.files("goose_widgets.ui") / "board.js").read_text("utf-8")
_ESM = _SCRIPT + r"""
function render({ model, el }) {
  const root = document.createElement("div");
  el.appendChild(root);
  const board = GooseBoard.create(root, {
    act: (action) => model.send({ type: "action", action }),
  });
  let pending = false;
  // svg, text mode and words change together (one message): draw once for all of them
  const draw = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      board.show({ svg: model.get("svg"), text: !model.get("show_svg"), words: model.get("words") });
    });
  };
  model.on("msg:custom", (msg) => {
    if (msg && msg.type === "announce") board.say(msg.text);
  });
  for (const name of ["svg", "show_svg", "words"]) model.on("change:" + name, draw);
  board.show({ svg: model.get("svg"), text: !model.get("show_svg"), words: model.get("words") });
  // A new view (the cell run, a page reloaded, a second view opened): the holder may start it afresh.
  // Where no kernel listens (a page with the widget state saved), nothing is sent and nothing fails.
  try {
    model.send({ type: "view" });
  } catch (err) {
    console.warn("goose_widgets: the board could not tell the kernel that it opened", err);
  }
}
export default { render };
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


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "widgets"  # the notebook metadata key under which a saved widget state lives


def static_outputs(notebook: dict[str, Any]) -> int:
    """Make ``notebook`` (nbformat's JSON, or a ``NotebookNode``) what a page with no kernel shows;
    return how many board pictures it shows.

    A board output shows its captioned picture, the ``text/html`` figure that `mimebundle` stored
    (for an output stored before it had one, the same figure is made from its SVG): its live view
    would be an empty box, or a script from a CDN.  Any other widget view (a progress bar, a
    button) has nothing to show on a page and is left out.  The saved widget state goes too: its
    presence is what makes nbconvert load the widget manager from a CDN."""
    notebook.get("metadata", {}).pop(WIDGET_STATE, None)
    pictures = 0
    for cell in notebook.get("cells", []):
        outputs = []
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                if "image/svg+xml" not in data and "text/html" not in data:
                    continue
                del data[WIDGET_VIEW]
                if "text/html" not in data:  # stored before outputs carried the figure
                    svg = data["image/svg+xml"]
                    svg = svg if isinstance(svg, str) else "".join(svg)  # nbformat's JSON: lines
                    data["text/html"] = picture_html(svg, "the board")
                data.pop("image/svg+xml", None)  # a page might prefer it to the captioned figure
                pictures += 1
            outputs.append(output)
        if "outputs" in cell:
            cell["outputs"] = outputs
    return pictures


class SvgBoard(anywidget.AnyWidget):
    """An SVG view whose ``[data-action]`` elements report clicks to `on_action` callbacks."""

    _esm = _ESM
    svg = traitlets.Unicode("").tag(sync=True)
    show_svg = traitlets.Bool(True).tag(sync=True)
    # the position in words, the answers, the typed commands and the move log's words to say
    words = traitlets.Dict().tag(sync=True)

    def __init__(self, svg: str = "", **kwargs: object) -> None:
        super().__init__(svg=svg, **kwargs)
        self._callbacks: list[Callable[[str], None]] = []
        self._view_callbacks: list[Callable[[], None]] = []
        self.announcements: list[str] = []  # what was said, newest last (for tests)
        self.on_msg(self._on_msg)

    def __repr__(self) -> str:  # stable for nbval: anywidget's default repr holds an address
        return f"SvgBoard({len(self.svg)} characters of SVG)"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        return mimebundle(super(), self.svg, repr(self)), {}

    def on_action(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(action_text)`` whenever a ``[data-action]`` element is clicked."""
        self._callbacks.append(callback)

    def on_view(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` whenever a browser opens a view of the board: a cell run, a page
        reloaded (which draws the kernel's state again), a second view of the same output."""
        self._view_callbacks.append(callback)

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
        elif isinstance(content, dict) and content.get("type") == "view":
            for callback in self._view_callbacks:
                callback()
