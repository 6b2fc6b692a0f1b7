"""A seat at a classroom server's table, in a notebook cell: `goose_widgets.join(url, code)`.

The cell shows the same board widget as `goose_widgets.play` (`ui.SvgBoard`), the status, the
moves offered as buttons, the options and the move log, all from the ``view`` messages the server
sends this seat; a click goes back as the action's text, which the server checks.  The kernel holds
no game state: it shows what the server sends.  The connection runs in the kernel's event loop
(a thread of its own outside a kernel) and comes back by itself, at the same seat, if it is lost.
"""

from __future__ import annotations

import asyncio
import html
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from ..exercises.server_client import ServerError, server_address
from ..exercises.server_client import request_json as _request
from ..ui.board import SvgBoard, mimebundle
from ..ui.errors import error_html, guarded
from ..ui.seat_view import log_html

# The server's close codes (`hub`): a key that no longer works, no such table, a limit.
FORBIDDEN, NO_TABLE, TOO_MANY = 4403, 4404, 4429


def parse_link(url: str, code: str | None) -> tuple[str, str, int | None, str | None]:
    """The server's address, the table's code and (from a seat's join link) the seat and its key."""
    base = server_address(url)
    parts = urllib.parse.urlsplit(url.strip())
    seat = key = None
    path = parts.path.rstrip("/")
    if "/t/" in path:  # a join link: http://host:port/t/CODE#seat=1&key=...
        code = code or path.rsplit("/", 1)[1]
        fragment = urllib.parse.parse_qs(parts.fragment)
        if "seat" in fragment and "key" in fragment:
            seat, key = int(fragment["seat"][0]), fragment["key"][0]
    if not code:
        raise ValueError("give the table's code: goose_widgets.join(url, 'ABCDE').")
    return base, code.strip().upper(), seat, key


def create_table(url: str, token: str, game: str, players: list[str], names: list[str] | None = None,
                 params: dict[str, Any] | None = None) -> dict[str, Any]:
    """Create a table on the server at ``url`` as its teacher (``token``), as the teacher's page does.

    ``players`` holds "human" (a learner) or a bot's name for each seat.  Returns the table's summary
    (``table`` is its code); each learner's seat has its join link, made whole (``http://...``).
    """
    base = server_address(url)
    body: dict[str, Any] = {"game": game, "players": list(players), "params": params or {}}
    if names is not None:
        body["names"] = list(names)
    summary: dict[str, Any] = _request(f"{base}/api/tables", body, token=token)
    for seat in summary["seats"]:
        if "link" in seat:
            seat["link"] = base + seat["link"]
    return summary


class RemoteTable:
    """One seat (or a spectator) at a server's table; ``widget`` is what a notebook displays."""

    def __init__(self, base: str, code: str, seat: int | None, key: str | None) -> None:
        import ipywidgets as W

        self.base, self.code, self.seat, self.key = base, code, seat, key
        self.view: dict[str, Any] | None = None
        self.errors: list[str] = []
        self.board = SvgBoard()
        self.board.on_action(self._guard(self.click))
        self.status, self.error, self.log_view = W.HTML(), W.HTML(), W.HTML()
        self.buttons = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.options = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.connection = W.HTML()
        self.widget = W.VBox([self.status, self.board, self.buttons, self.error, self.options,
                              self.log_view, self.connection])
        self.widget.add_class("gw-table")
        self._ws: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False
        self._changed = threading.Condition()

    # --- plumbing ---------------------------------------------------------------------------------
    def _guard(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        return guarded(self._show_error)(callback)

    def _show_error(self, text: str) -> None:
        self.error.value = text

    def _repr_mimebundle_(self, **_kwargs: Any) -> dict[str, Any]:
        return mimebundle(self.widget, self.board.svg, repr(self))

    def __repr__(self) -> str:
        who = "watching" if self.seat is None else f"seat {self.seat}"
        return f"RemoteTable({self.base}/t/{self.code}, {who})"

    def start(self) -> RemoteTable:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is not None:  # a kernel: its own loop keeps the connection
            self._loop = loop
            loop.create_task(self._run())
        else:  # a script or a test: a thread of its own
            ready = threading.Event()

            def run() -> None:
                self._loop = asyncio.new_event_loop()
                ready.set()
                self._loop.run_until_complete(self._run())

            threading.Thread(target=run, daemon=True, name=f"goose-widgets join {self.code}").start()
            ready.wait()
        return self

    async def _run(self) -> None:
        scheme = "wss" if self.base.startswith("https") else "ws"
        address = f"{scheme}://{self.base.split('://', 1)[1]}/ws/{self.code}"
        wait = 0.5
        while not self._closed:
            why = "closed by the server"
            ws = None
            try:
                async with connect(address, max_size=2**22) as ws:
                    self._ws = ws
                    self.connection.value = ""
                    wait = 0.5
                    await ws.send(json.dumps({"type": "hello", "seat": self.seat, "key": self.key}))
                    async for text in ws:
                        self._received(json.loads(text))
            except (TimeoutError, OSError, ConnectionClosed, InvalidHandshake) as err:
                why = type(err).__name__
            self._ws = None
            if self._closed:
                break
            code = getattr(ws, "close_code", None)
            reason = getattr(ws, "close_reason", None) or why
            if code in (FORBIDDEN, NO_TABLE):  # the seat's key no longer works, or no such table
                self._closed = True
                self.connection.value = f"<i>Disconnected: {html.escape(reason)}.</i>"
                break
            # a limit of the server (4429) says: come back later, not at once
            pause = 15.0 if code == TOO_MANY else wait
            self.connection.value = (f"<i>Connection lost ({html.escape(reason)}): reconnecting in "
                                     f"{pause:.0f} s…</i>")
            await asyncio.sleep(pause)
            wait = min(10.0, wait * 2)
        self._ws = None

    def _received(self, message: dict[str, Any]) -> None:
        if message.get("type") == "error":
            self.errors.append(str(message.get("message")))
            self.error.value = error_html(ValueError(message.get("message")))
            if message.get("reason") in ("forbidden", "no_table", "set_aside"):
                self._closed = True
        elif message.get("type") == "view":
            if self.view is None or message["version"] != self.view["version"]:
                self.error.value = ""
            self.view = message
            self._draw(message)
        with self._changed:
            self._changed.notify_all()

    def _draw(self, view: dict[str, Any]) -> None:
        import ipywidgets as W

        with self.board.hold_sync():  # the board's words (typed commands, what to say) with its SVG
            self.board.svg = view["svg"]
            self.board.words = view.get("words", {})
        self.status.value = f"<b>{html.escape(view['status'])}</b>"
        self.status.layout.display = None if view["show_status"] else "none"
        buttons = []
        for text in view["buttons"]:
            button = W.Button(description=text, layout=W.Layout(width="auto"))
            button.on_click(self._guard(lambda _b, t=text: self.click(t)))
            buttons.append(button)
        self.buttons.children = buttons
        boxes = []
        for option in view["options"]:
            box = W.Checkbox(value=option["value"], description=option["label"], indent=False)
            box.observe(self._guard(lambda change, n=option["name"]: self.set_option(n, change["new"])),
                        "value")
            boxes.append(box)
        self.options.children = boxes
        self.log_view.value = log_html(view["log"])

    # --- verbs ------------------------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        ws, loop = self._ws, self._loop
        if ws is None or loop is None:
            if self.view is not None and not self._closed:
                raise ValueError("the connection to the table was lost: reconnecting, wait a moment and "
                                 "try again.")
            raise ValueError("not connected to the table yet: wait a moment and try again.")
        text = json.dumps(message)
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            loop.create_task(ws.send(text))
        else:
            asyncio.run_coroutine_threadsafe(ws.send(text), loop).result(10)

    def click(self, action_text: str) -> None:
        """Send a move (or a view setting) by its text, as a click on the board does."""
        if self.view is None:
            raise ValueError("the table has not been shown yet: wait a moment and try again.")
        self.error.value = ""
        self._send({"type": "act", "action": str(action_text), "version": self.view["version"]})

    def set_option(self, name: str, value: bool) -> None:
        self._send({"type": "option", "name": name, "value": bool(value)})

    def wait(self, predicate: Callable[[RemoteTable], bool], timeout: float = 10.0) -> bool:
        """Wait (outside the kernel's loop) until ``predicate(self)`` holds; False after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not predicate(self):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(left)
        return True

    def close(self) -> None:
        self._closed = True
        ws, loop = self._ws, self._loop
        if ws is not None and loop is not None and loop.is_running():
            asyncio.run_coroutine_threadsafe(ws.close(), loop)


def join(url: str, code: str | None = None, *, seat: int | None = None, key: str | None = None,
         watch: bool = False) -> RemoteTable:
    """Sit at a table of a classroom server (``goose-widgets serve``) and show it in this cell.

    ``url`` is the server's address (``"http://192.168.1.20:8765"``) or a seat's join link (which
    holds its seat and key).  Without a key, the seat ``seat`` (or the first free learner's seat)
    is claimed; ``watch=True`` watches instead.
    """
    base, code, link_seat, link_key = parse_link(url, code)
    if key is None and link_key is not None:
        seat, key = link_seat, link_key
    if watch:
        seat = key = None
    elif key is None:
        info = _request(f"{base}/api/tables/{urllib.parse.quote(code)}")
        free = [s["seat"] for s in info["seats"] if s["kind"] == "human" and not s["claimed"]]
        if seat is None:
            if not free:
                raise ServerError("full", f"every learner's seat at table {code} is taken: ask your "
                                          "teacher for your seat's link, or watch (watch=True).")
            seat = free[0]
        key = _request(f"{base}/api/tables/{urllib.parse.quote(code)}/claim", {"seat": seat})["key"]
    return RemoteTable(base, code, seat, key).start()
