"""A game, its number of players and who sits at each seat, chosen in dropdowns.

The classroom app uses one to start a game at this screen and another to create a table on a
classroom server.  Everything offered is asked of the package, never restated: the games from the
engine's registry, the player counts a game accepts from `engine.registry.player_counts`, the bots
from `bots_for`.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as W

from goose_widgets import bots_for
from goose_widgets.engine.registry import GAMES, player_counts

from .errors import guarded

TITLES = {
    "game_of_the_goose": "Game of the Goose",
    "boo_to_the_goose": "Boo to the Goose",
    "sneaky_goose": "Sneaky Goose",
    "boo": "BOO",
}
HUMAN = "human"
LABEL = {"description_width": "initial"}


def title(name: str) -> str:
    return TITLES.get(name, name.replace("_", " ").capitalize())


def seat_choices(name: str, human: str = "a human at this screen") -> list[tuple[str, str]]:
    """(label, value) for a seat: a human (called ``human``), or one of the game's bots."""
    return [(human, HUMAN)] + [(f"the {bot} bot", bot) for bot in sorted(bots_for(name))]


class SeatChooser:
    """The game, players and seat dropdowns; ``seats`` holds one dropdown a seat.

    ``human`` names a human seat in the seat dropdowns; ``bots_by_default`` seats a bot (the game's
    first) at every seat but the first when the number of players grows.  The labels are what a
    screen reader says for each dropdown (two choosers on one page need different ones).
    """

    def __init__(self, game: str, show_error: Callable[[str], None], *, human: str = "a human at this screen",
                 bots_by_default: bool = True, game_label: str = "Game", players_label: str = "Players",
                 seat_label: str = "Player") -> None:
        self.human, self.bots_by_default, self.seat_label = human, bots_by_default, seat_label
        self.show_error = show_error
        self.game = W.Dropdown(options=[(title(name), name) for name in GAMES], value=game,
                               description=game_label, style=LABEL, layout=W.Layout(width="260px"))
        self.players = W.Dropdown(description=players_label, style=LABEL, layout=W.Layout(width="130px"))
        self.box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.seats: list[W.Dropdown] = []
        self.game.observe(self._game_chosen, names="value")
        self.players.observe(self._players_chosen, names="value")
        self._game_chosen()

    @property
    def choice(self) -> list[str]:
        """Who sits at each seat: "human" or a bot's name."""
        return [seat.value for seat in self.seats]

    def _game_chosen(self, _change: object = None) -> None:
        @guarded(self.show_error)
        def update() -> None:
            counts = player_counts(self.game.value)
            default = 2 if 2 in counts else counts[0]
            self.players.options = [(str(n), n) for n in counts]
            self.players.value = default
            self._players_chosen()
        update()

    def _players_chosen(self, _change: object = None) -> None:
        @guarded(self.show_error)
        def update() -> None:
            choices = seat_choices(self.game.value, self.human)
            bots = [value for _, value in choices if value != HUMAN] if self.bots_by_default else []
            old = self.choice
            self.seats = []
            for seat in range(self.players.value or 0):
                # Seat 1 is the learner, the others start as bots (if asked); keep what was chosen before.
                value = old[seat] if seat < len(old) and old[seat] in dict(choices).values() else (
                    HUMAN if seat == 0 or not bots else bots[0])
                self.seats.append(W.Dropdown(options=choices, value=value,
                                             description=f"{self.seat_label} {seat + 1}", style=LABEL,
                                             layout=W.Layout(width="240px")))
            self.box.children = tuple(self.seats)
        update()
