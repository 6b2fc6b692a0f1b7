"""The classroom app: pick a game and who sits in each seat, then play (served by Voila).

``app/goose_widgets_app.ipynb`` displays `ClassroomApp()`; Voila shows its widgets without any code.
Everything it offers comes from the package: the games from the engine's registry, the player counts
a game accepts from `load_game`, the bots from `bots_for`, and the table from `play`.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from goose_widgets import bots_for, load_game, play
from goose_widgets.engine.registry import GAMES
from goose_widgets.ui.errors import guarded

TITLES = {
    "game_of_the_goose": "Game of the Goose",
    "boo_to_the_goose": "Boo to the Goose",
    "sneaky_goose": "Sneaky Goose",
    "boo": "BOO",
}
HUMAN = "human"
MOST_SEATS = 8  # more than any game accepts; `player_counts` keeps those the engine allows


def title(name: str) -> str:
    return TITLES.get(name, name.replace("_", " ").capitalize())


def player_counts(name: str) -> list[int]:
    """The player counts the game's engine accepts (asked, not restated)."""
    counts = []
    for players in range(1, MOST_SEATS + 1):
        try:
            load_game(name, players=players)
        except ValueError:
            continue
        counts.append(players)
    return counts


def seat_choices(name: str) -> list[tuple[str, str]]:
    """(label, value) for a seat: a human at this screen, or one of the game's bots."""
    return [("a human (you)", HUMAN)] + [(f"the {bot} bot", bot) for bot in sorted(bots_for(name))]


class ClassroomApp(W.VBox):
    """The chooser (game, number of players, each seat) above the table it starts."""

    def __init__(self, game: str = "game_of_the_goose") -> None:
        self.message = W.HTML()
        self.game = W.Dropdown(options=[(title(name), name) for name in GAMES], value=game,
                               description="Game", layout=W.Layout(width="260px"))
        self.players = W.Dropdown(description="Players", layout=W.Layout(width="130px"))
        self.seats_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.start = W.Button(description="Start a new game", button_style="primary", icon="play")
        self.table_box = W.VBox()
        self.seats: list[W.Dropdown] = []
        self.table: Any = None
        style = {"description_width": "initial"}
        self.game.style = self.players.style = style
        super().__init__([
            W.HTML("<h2 style='margin:4px 0'>Goose games: pick a game and play</h2>"
                   "<p style='font-size:14px'>Choose a game and who sits at each seat, then start. "
                   "Click the board to play.</p>"),
            W.HBox([self.game, self.players, self.start], layout=W.Layout(flex_flow="row wrap")),
            self.seats_box, self.message, self.table_box,
        ])
        self.add_class("gw-app")
        self.game.observe(self._game_chosen, names="value")
        self.players.observe(self._players_chosen, names="value")
        self.start.on_click(self._start)
        self._game_chosen()

    def _show_error(self, text: str) -> None:
        self.message.value = text

    def _game_chosen(self, _change: object = None) -> None:
        @guarded(self._show_error)
        def update() -> None:
            counts = player_counts(self.game.value)
            default = 2 if 2 in counts else counts[0]
            self.players.options = [(str(n), n) for n in counts]
            self.players.value = default
            self._players_chosen()
        update()

    def _players_chosen(self, _change: object = None) -> None:
        @guarded(self._show_error)
        def update() -> None:
            choices = seat_choices(self.game.value)
            bots = [value for _, value in choices if value != HUMAN]
            old = [seat.value for seat in self.seats]
            self.seats = []
            for seat in range(self.players.value or 0):
                # Seat 1 is the learner, the others start as bots; keep what was chosen before.
                value = old[seat] if seat < len(old) and old[seat] in dict(choices).values() else (
                    HUMAN if seat == 0 or not bots else bots[0])
                self.seats.append(W.Dropdown(options=choices, value=value, description=f"Player {seat + 1}",
                                             style={"description_width": "initial"},
                                             layout=W.Layout(width="240px")))
            self.seats_box.children = tuple(self.seats)
        update()

    def _start(self, _button: object = None) -> None:
        @guarded(self._show_error)
        def start() -> None:
            self.message.value = ""
            seats = [seat.value for seat in self.seats]
            self.table = play(self.game.value, seats)
            self.table_box.children = (self.table.widget,)
        start()

    def start_game(self) -> None:
        """What the Start button does (for tests and scripts)."""
        self._start()
