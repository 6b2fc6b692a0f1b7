"""goose_widgets: four tabletop games as headless engines, bots, Jupyter widgets and a course.

>>> from goose_widgets import load_game
>>> state = load_game("game_of_the_goose", players=2).new_initial_state()

`play` and `walkthrough` build widgets; importing this package does not import ipywidgets until
they are called.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from .engine import CHANCE, TERMINAL, IllegalActionError, InvalidSaveError, load_game, state_from_json

__all__ = ["load_game", "play", "walkthrough", "bots_for", "state_from_json", "CHANCE", "TERMINAL",
           "IllegalActionError", "InvalidSaveError"]
__version__ = "0.1.0"


def _part(name: str, part: str) -> Any:
    from .engine import game_module

    game_module(name)  # a clear error for an unknown game name
    return importlib.import_module(f"goose_widgets.games.{name}.{part}")


def bots_for(name: str) -> dict[str, Any]:
    """The bots of a game by name: ``{"random": RandomBot, ...}`` (factories taking no argument)."""
    return dict(_part(name, "bots").BOTS)


def play(name: str, players: Sequence[Any] = ("human", "random"), *, seed: int | None = None,
         bot_delay: float = 0.7, seat_names: Sequence[str] | None = None, **params: Any) -> Any:
    """A playable table for game ``name``.

    ``players`` lists the seats in order, each ``"human"``, a bot name (see `bots_for`) or a bot
    object.  Other keyword arguments are the game's parameters (see `load_game`).  Display the
    result in a notebook cell; ``table.click("...")`` does what a click does.
    """
    from .ui import Table

    if isinstance(players, (str, int)) or not isinstance(players, Sequence):
        raise TypeError("players must be a list of seats, e.g. ['human', 'random'].")
    game = load_game(name, players=len(players), **params)
    widget = _part(name, "widget")
    return Table(game, players, widget.render, bots=bots_for(name), seed=seed, bot_delay=bot_delay,
                 seat_names=seat_names or getattr(widget, "seat_names", lambda g: None)(game),
                 options=getattr(widget, "OPTIONS", None),
                 hidden_information=getattr(widget, "HIDDEN_INFORMATION", False),
                 describe_turn=getattr(widget, "describe_turn", None),
                 buttons=getattr(widget, "buttons", None),
                 auto_action=getattr(widget, "auto_action", None),
                 allow_undo=getattr(widget, "UNDO", True))


def walkthrough(name: str, scenario: Any, **render_options: Any) -> Any:
    """The walkthrough player for one of a game's scenarios (an object or its name)."""
    from .ui import WalkthroughPlayer

    if isinstance(scenario, str):
        scenarios = _part(name, "examples").SCENARIOS
        if scenario not in scenarios:
            raise ValueError(f"unknown scenario {scenario!r}; choose one of: {', '.join(scenarios)}.")
        scenario = scenarios[scenario]
    return WalkthroughPlayer(scenario, _part(name, "widget").render, **render_options)
