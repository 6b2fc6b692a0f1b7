"""The classroom app: pick a game and who sits in each seat, then play (served by Voila).

``app/goose_widgets_app.ipynb`` displays `ClassroomApp()`; Voila shows its widgets without any code
(``goose-widgets app`` serves it).  Everything it offers comes from the package: the games, player
counts and bots from `ui.seat_chooser` (which asks the engine), and the table from `play`.

A reload of the page starts a new kernel, which would lose the game.  So each tab names itself with
a random id kept in the browser's ``sessionStorage`` (which survives a reload of that tab and only
that tab), and the kernel keeps the tab's game, after every move, in a file of that name on the
server (in ``$GOOSE_WIDGETS_APP_SAVES``, set by ``goose-widgets app``).  When the reloaded tab
reports its id, the new kernel finds the save and the game goes on from where it was.  Only the id
reaches the browser: the save, with its hidden cards, stays on the server.

Below the table, "Play with classmates" (`play_with_classmates`) joins or creates a table of a
classroom server (``goose-widgets serve``); the seat joined there is kept in the same save, so a
reload sits at it again.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

from goose_widgets import play
from goose_widgets.classroom.classmates import ClassmatesPanel
from goose_widgets.engine.saves import state_from_json
from goose_widgets.ui.errors import guarded
from goose_widgets.ui.seat_chooser import HUMAN, SeatChooser, player_counts, seat_choices, title

SAVES_VARIABLE = "GOOSE_WIDGETS_APP_SAVES"
SAVE_DAYS = 2  # a tab's save older than this is deleted when the app starts
_TAB_ID = re.compile(r"[0-9a-f]{32}")

_TAB_ESM = r"""
function render({ model, el }) {
  // The app is a landmark of its own (a named region), so that everything it shows lies in one,
  // in Voila's page and in a notebook alike (ipywidgets' boxes take no role of their own; and the
  // page takes the attributes away again when the app's contents change: they are put back).  The
  // view may be drawn before it is in the page: then the app is looked for again a little later.
  const landmark = (tries) => {
    const app = el.closest(".gw-app");
    if (!app) {
      if (tries > 0) setTimeout(() => landmark(tries - 1), 100);
      return;
    }
    const mark = () => {
      if (app.getAttribute("role") !== "region") app.setAttribute("role", "region");
      if (app.getAttribute("aria-label") !== "Goose games") app.setAttribute("aria-label", "Goose games");
    };
    mark();
    new MutationObserver(mark).observe(app, { attributes: true, attributeFilter: ["role", "aria-label"] });
  };
  landmark(600);
  // sessionStorage: the same id after a reload of this tab, another id in another tab.
  const key = "goose-widgets-app-tab";
  let id = window.sessionStorage.getItem(key);
  if (!id || !/^[0-9a-f]{32}$/.test(id)) {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);  // also where randomUUID is not (plain http on a LAN)
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    window.sessionStorage.setItem(key, id);
  }
  model.set("tab", id);
  model.save_changes();
}
export default { render };
"""


class TabId(anywidget.AnyWidget):
    """An invisible widget through which the browser tab tells the kernel its id (and which names
    the app's region for screen readers, issue 32)."""

    _esm = _TAB_ESM
    tab = traitlets.Unicode("").tag(sync=True)


class SaveFolder:
    """The server-side folder of the tabs' saves: ``<tab id>.json`` holds the game, seats and moves,
    and the seat joined at a classroom server's table (with its key)."""

    def __init__(self, folder: str | Path | None) -> None:
        self.folder = Path(folder) if folder else None
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
            old = time.time() - SAVE_DAYS * 86400
            for path in self.folder.glob("*.json"):
                try:
                    if path.stat().st_mtime < old:
                        path.unlink()
                except OSError:  # another kernel tidied it first
                    pass

    def _path(self, tab: str) -> Path | None:
        return self.folder / f"{tab}.json" if self.folder is not None and _TAB_ID.fullmatch(tab) else None

    def write(self, tab: str, record: dict[str, Any]) -> None:
        path = self._path(tab)
        if path is not None:
            temporary = path.with_suffix(".tmp")
            temporary.write_text(json.dumps(record), encoding="utf-8")
            temporary.replace(path)  # a reload in mid-write reads the old save, never half a file

    def read(self, tab: str) -> dict[str, Any] | None:
        path = self._path(tab)
        if path is None or not path.is_file():
            return None
        return dict(json.loads(path.read_text(encoding="utf-8")))


class ClassroomApp(W.VBox):
    """The chooser (game, number of players, each seat) above the table it starts."""

    def __init__(self, game: str = "game_of_the_goose", saves: str | Path | None = None) -> None:
        self.message = W.HTML()
        self.saves = SaveFolder(saves if saves is not None else os.environ.get(SAVES_VARIABLE))
        self.tab = TabId()
        self.tab.layout.display = "none"
        self.chooser = SeatChooser(game, self._show_error)
        self.game, self.players, self.seats_box = self.chooser.game, self.chooser.players, self.chooser.box
        self.start = W.Button(description="Start a new game", button_style="primary", icon="play")
        self.table_box = W.VBox()
        self.table: Any = None
        self.classmates = ClassmatesPanel(on_change=self._save)
        super().__init__([
            W.HTML("<h2 style='margin:4px 0'>Goose games: pick a game and play</h2>"
                   "<p style='font-size:14px'>Choose a game and who sits at each seat, then start. "
                   "Play with the mouse, with the keyboard (Tab into the board, the arrow keys, "
                   "Enter), or by typing commands in the box under the board (type help).</p>"),
            W.HBox([self.game, self.players, self.start], layout=W.Layout(flex_flow="row wrap")),
            self.seats_box, self.message, self.table_box, self.classmates, self.tab,
        ])
        self.add_class("gw-app")
        self.start.on_click(self._start)
        self.tab.observe(self._tab_known, names="tab")

    @property
    def seats(self) -> list[W.Dropdown]:
        """One dropdown a seat: a human at this screen or a bot."""
        return self.chooser.seats

    def _show_error(self, text: str) -> None:
        self.message.value = text

    def _start(self, _button: object = None) -> None:
        @guarded(self._show_error)
        def start() -> None:
            self.message.value = ""
            self._open_table([seat.value for seat in self.seats])
            self._save()
        start()

    def _open_table(self, seats: list[str]) -> Any:
        table = self.table = play(self.game.value, seats)
        self.table_box.children = (table.widget,)
        # Every move (and a new game) redraws the board: keep the tab's save up to date then.
        table.board.observe(lambda _change: self._save(), names="svg")
        return table

    def _save(self) -> None:
        if not self.tab.tab:
            return
        record: dict[str, Any] = {}
        if self.table is not None:
            record.update(game=self.game.value, seats=[s.value for s in self.seats],
                          state=self.table.state.to_json())
        if self.classmates.record is not None:  # a seat at a classroom server's table: its key
            record["classmates"] = self.classmates.record
        self.saves.write(self.tab.tab, record)

    def _tab_known(self, _change: object = None) -> None:
        @guarded(self._show_error)
        def restore() -> None:
            if self.table is not None or self.classmates.remote is not None:
                self._save()  # a game started (or a table joined) before the tab said who it is: keep it
                return
            record = self.saves.read(self.tab.tab)
            if record is None:
                return
            if "classmates" in record:  # first, so that the game's save below keeps the seat
                self.classmates.rejoin(record["classmates"])
            if "state" not in record:
                return
            state = state_from_json(record["state"])
            self.game.value = record["game"]
            self.players.value = len(record["seats"])
            for seat, value in zip(self.seats, record["seats"]):
                seat.value = value
            self._open_table(list(record["seats"])).resume(state)
            self.message.value = "<p style='font-size:14px'>Welcome back: your game goes on.</p>"
        restore()

    def start_game(self) -> None:
        """What the Start button does (for tests and scripts)."""
        self._start()


__all__ = ["ClassroomApp", "SaveFolder", "TabId", "HUMAN", "title", "player_counts", "seat_choices"]
