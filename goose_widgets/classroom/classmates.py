"""The classroom app's "Play with classmates" section: join a table of a classroom server, or create one.

A learner types the server's address and a table's code (or pastes their seat's join link) and joins:
the seat's board appears in the app, drawn by `goose_widgets.join` (``server.remote``), the same
widget a notebook shows.  A teacher types the token and chooses the game and seats, and the section
creates the table as the teacher's page does (``POST /api/tables``), then shows its code and each
learner's link.  The kernel holds no game state here: the server is the referee.

What a refusal or a failure says (an unreachable server, a wrong token, an unknown code, a full table)
is shown in words in the section and changes nothing (the seat already joined stays).  The joined
seat (address, code, seat, key) is what the app keeps in the tab's save, so a reloaded tab sits at
the same seat again, with no new claim.
"""

from __future__ import annotations

import html
import urllib.parse
from collections.abc import Callable
from types import ModuleType
from typing import Any

import ipywidgets as W

from goose_widgets.server import DEFAULT_PORT
from goose_widgets.ui.errors import alert_html, guarded
from goose_widgets.ui.seat_chooser import LABEL, SeatChooser, title

DEFAULT_SERVER = f"http://127.0.0.1:{DEFAULT_PORT}"  # where `goose-widgets serve` listens by default
TEXT = "font-size:14px;margin:4px 0"
SECTION = "Play with classmates"
BAD_ADDRESS = ("Type the server's address with http:// before it, like http://192.168.1.20:8765 "
               f"(or {DEFAULT_SERVER} on this computer), or paste your seat's link.")
LINK = "color:#0b57d0;text-decoration:underline"  # a link looks like one, not by colour alone


def _remote() -> ModuleType:
    """The notebook's side of the server (it needs websockets, of the ``server`` extra)."""
    try:
        from goose_widgets.server import remote
    except ModuleNotFoundError as err:
        raise ValueError(f"playing with classmates needs {err.name!r}, which is not installed here: "
                         'pip install "goose-widgets[server]"') from None
    return remote


def _para(text_html: str) -> str:
    return f"<p style='{TEXT}'>{text_html}</p>"


def _link(url: str, name: str | None = None) -> str:
    """An address as a link (opened in a new tab); ``name`` is what a screen reader says for it."""
    label = f' aria-label="{html.escape(name)}"' if name else ""
    url = html.escape(url)
    return f"<a href='{url}' target='_blank' rel='noopener' style='{LINK}'{label}>{url}</a>"


def shown(code: str) -> str:
    """A table's code as the server's pages show it, in threes ("K7Q-XPM-4RT"); as typed otherwise."""
    plain = "".join(ch for ch in code.upper() if ch not in " -")
    if len(plain) != 9:
        return code
    return "-".join(plain[i:i + 3] for i in range(0, 9, 3))


def seat_link(base: str, code: str, seat: int, key: str) -> str:
    """A seat's join link, as the teacher's page gives it (it seats its holder directly)."""
    return f"{base}/t/{code}#seat={seat}&key={urllib.parse.quote(key)}"


class ClassmatesPanel(W.VBox):
    """A button that opens the section; in it, the join row, the joined table, and the teacher's row.

    ``on_change`` is called when the joined seat changes (the app saves it with the tab's game).
    """

    def __init__(self, on_change: Callable[[], None] = lambda: None) -> None:
        self.on_change = on_change
        self.remote: Any = None  # the joined seat's RemoteTable
        # ipywidgets' toggle button says nothing of being pressed (no aria-pressed): its words do
        self.toggle = W.ToggleButton(description=f"{SECTION}: show", icon="users",
                                     tooltip="Join a table of a classroom server, or create one",
                                     layout=W.Layout(width="auto", align_self="flex-start"))
        self.address = W.Text(value=DEFAULT_SERVER, description="Server address", style=LABEL,
                              placeholder="http://192.168.1.20:8765 or your seat's link",
                              layout=W.Layout(width="430px"))
        self.code = W.Text(description="Table code", placeholder="K7Q-XPM-4RT", style=LABEL,
                           layout=W.Layout(width="200px"))
        self.join_button = W.Button(description="Join table", button_style="primary", icon="sign-in")
        self.watch_button = W.Button(description="Watch table", icon="eye")
        self.leave_button = W.Button(description="Leave table", icon="sign-out", disabled=True)
        self.message = W.HTML()
        self.seat_box = W.VBox()
        self.token = W.Password(description="Teacher's token", style=LABEL, layout=W.Layout(width="330px"),
                                placeholder="the end of the teacher's link")
        self.created = W.HTML()
        self.chooser = SeatChooser("boo_to_the_goose", self._show_create_error, human="a learner",
                                   bots_by_default=False, game_label="Table's game",
                                   players_label="Seats", seat_label="Seat")
        self.create_button = W.Button(description="Create table", icon="plus")
        row = W.Layout(flex_flow="row wrap", align_items="center")
        self.body = W.VBox([
            W.HTML(_para("Each player at their own screen, seeing only their own cards: a table of a "
                         "classroom server (<code>goose-widgets serve</code>). Type its address and the "
                         "table's code from your teacher, or paste your seat's link as the address.")),
            W.HBox([self.address, self.code], layout=row),
            W.HBox([self.join_button, self.watch_button, self.leave_button], layout=row),
            self.message, self.seat_box,
            W.HTML("<h3 style='margin:8px 0 2px'>Create a table (teacher)</h3>" + _para(
                "With the teacher's token (the end of the teacher's link that <code>goose-widgets serve"
                "</code> prints, after <code>#token=</code>), at the server address above.")),
            W.HBox([self.token, self.chooser.game, self.chooser.players, self.create_button], layout=row),
            self.chooser.box, self.created,
        ])
        self.body.layout.display = "none"
        super().__init__([self.toggle, self.body])
        self.add_class("gw-classmates")
        self.toggle.observe(self._toggled, names="value")
        self.join_button.on_click(lambda _b: self.join())
        self.watch_button.on_click(lambda _b: self.join(watch=True))
        self.leave_button.on_click(lambda _b: self.leave())
        self.create_button.on_click(lambda _b: self.create())

    # --- showing ------------------------------------------------------------------------------------
    def _show_error(self, text: str) -> None:
        self.message.value = text

    def _show_create_error(self, text: str) -> None:
        self.created.value = text

    def _toggled(self, _change: object = None) -> None:
        self.body.layout.display = None if self.toggle.value else "none"
        self.toggle.description = f"{SECTION}: {'hide' if self.toggle.value else 'show'}"

    def unfold(self) -> None:
        self.toggle.value = True

    @property
    def record(self) -> dict[str, Any] | None:
        """The joined seat, as the tab's save keeps it (None: at no table)."""
        table = self.remote
        if table is None:
            return None
        return {"address": table.base, "code": table.code, "seat": table.seat, "key": table.key}

    def _where(self, table: Any) -> str:
        if table.seat is None:
            return f"You are watching table <b>{html.escape(shown(table.code))}</b>."
        link = _link(seat_link(table.base, table.code, table.seat, table.key), "your seat's link")
        return (f"You are at table <b>{html.escape(shown(table.code))}</b>, seat {table.seat + 1}. Your "
                f"seat's link brings you back to it from another browser (keep it to yourself): {link}")

    # --- verbs --------------------------------------------------------------------------------------
    def join(self, watch: bool = False) -> None:
        """Sit at the table whose code (or seat's link) is typed (``watch``: watch it)."""
        @guarded(self._show_error)
        def join_table() -> None:
            address, code = self.address.value.strip(), self.code.value.strip()
            if not address.startswith(("http://", "https://")):
                self.message.value = alert_html(BAD_ADDRESS)
                return
            if not code and "/t/" not in address:
                self.message.value = alert_html("Type the table's code (nine letters and digits, from "
                                                "your teacher), or paste your seat's link as the address.")
                return
            try:
                table = _remote().join(address, code or None, watch=watch)
            except ValueError as err:  # the server's refusal, or why it could not be asked
                self.message.value = alert_html(html.escape(self._words(err, code)))
                return
            self._sit(table, self._where(table))
        join_table()

    @staticmethod
    def _words(err: ValueError, code: str) -> str:
        if getattr(err, "reason", "") == "full":  # the notebook's words say watch=True
            return (f"Every learner's seat at table {shown(code)} is taken: ask your teacher for your "
                    "seat's link (paste it as the server address), or watch the table.")
        return str(err)[:1].upper() + str(err)[1:]

    def _sit(self, table: Any, words: str) -> None:
        if self.remote is not None:
            self.remote.close()
        self.remote = table
        self.seat_box.children = (table.widget,)
        self.leave_button.disabled = False
        self.message.value = _para(words)
        self.on_change()

    def rejoin(self, record: dict[str, Any]) -> None:
        """Sit again at a saved seat (after a reload): its key, so no new claim."""
        @guarded(self._show_error)
        def sit_again() -> None:
            seat, key = record["seat"], record["key"]
            table = _remote().join(record["address"], record["code"], seat=seat, key=key, watch=seat is None)
            self.address.value, self.code.value = table.base, table.code
            self._sit(table, "Welcome back. " + self._where(table))
            self.unfold()
        sit_again()

    def leave(self) -> None:
        """Close the connection and forget the seat here (its link still brings it back)."""
        @guarded(self._show_error)
        def leave_table() -> None:
            table, self.remote = self.remote, None
            if table is None:
                return
            table.close()
            self.seat_box.children = ()
            self.leave_button.disabled = True
            words = f"You left table <b>{html.escape(shown(table.code))}</b>."
            if table.seat is not None:
                link = _link(seat_link(table.base, table.code, table.seat, table.key), "your seat's link")
                words += f" Your seat stays yours: its link brings you back: {link}"
            self.message.value = _para(words)
            self.on_change()
        leave_table()

    def create(self) -> None:
        """Create a table with the chosen game and seats, as the teacher (the token typed)."""
        @guarded(self._show_create_error)
        def create_table() -> None:
            token = self.token.value.strip()
            if not self.address.value.strip().startswith(("http://", "https://")):
                self.created.value = alert_html(BAD_ADDRESS)
                return
            if not token:
                self.created.value = alert_html("Type the teacher's token first: the end of the teacher's "
                                                "link that goose-widgets serve printed, after #token=.")
                return
            try:
                summary = _remote().create_table(self.address.value, token, self.chooser.game.value,
                                                 self.chooser.choice)
            except ValueError as err:
                self.created.value = alert_html(html.escape(self._words(err, "")))
                return
            self.code.value = summary["table"]
            self.created.value = self._table_html(summary)
        create_table()

    def _table_html(self, summary: dict[str, Any]) -> str:
        code = html.escape(shown(summary["table"]))
        base = html.escape(_remote().server_address(self.address.value))
        seats = []
        for seat in summary["seats"]:
            name = html.escape(seat["name"])
            if "link" in seat:
                seats.append(f"<li>{name}: {_link(seat['link'], 'join link of ' + seat['name'])}</li>")
            else:
                seats.append(f"<li>{name}: the {html.escape(seat['kind'])} bot</li>")
        host = urllib.parse.urlsplit(self.address.value.strip()).hostname
        local = (_para("These links name this computer (<code>127.0.0.1</code>): for links that work on "
                       "the learners' computers, type this computer's network address above.")
                 if host in ("127.0.0.1", "localhost", "::1") else "")
        return (_para(f"Table <b>{code}</b> ({html.escape(title(summary['game']))}) is ready: learners "
                      f"join it with its code, here or at <code>{base}/</code> in any browser. Each "
                      "learner's own link seats them directly:")
                + f"<ul style='{TEXT}'>{''.join(seats)}</ul>" + local)
