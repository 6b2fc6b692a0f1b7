"""goose_widgets: four tabletop games as headless engines, bots, Jupyter widgets and a course.

>>> from goose_widgets import load_game
>>> state = load_game("game_of_the_goose", players=2).new_initial_state()

`play` and `walkthrough` build widgets, and `join` sits at a classroom server's table; importing
this package imports no widget, plotting, progress or server library until they are called, and
starts no process (a test checks it in a subprocess).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from .engine import CHANCE, TERMINAL, IllegalActionError, InvalidSaveError, load_game, state_from_json

__all__ = ["load_game", "play", "walkthrough", "join", "bots_for", "state_from_json", "CHANCE", "TERMINAL",
           "IllegalActionError", "InvalidSaveError"]
__version__ = "0.1.0"


def _part(name: str, part: str) -> Any:
    from .engine import game_module

    game_module(name)  # a clear error for an unknown game name
    return importlib.import_module(f"goose_widgets.games.{name}.{part}")


def bots_for(name: str) -> dict[str, Any]:
    """The bots of a game by name: ``{"random": RandomBot, ...}`` (factories taking no argument)."""
    return dict(_part(name, "registry").BOTS)


def play(name: str, players: Sequence[Any] = ("human", "random"), *, seed: int | None = None,
         bot_delay: float = 0.7, seat_names: Sequence[str] | None = None, text_mode: bool = False,
         **params: Any) -> Any:
    """A playable table for game ``name``.

    ``players`` lists the seats in order, each ``"human"``, a bot name (see `bots_for`) or a bot
    object.  Other keyword arguments are the game's parameters (see `load_game`).  Display the
    result in a notebook cell; ``table.click("...")`` does what a click does.  ``text_mode=True``
    starts the table in its text mode (the position in words and the moves as buttons; a checkbox
    under the board turns it on and off).  A mistake in the
    arguments (a game or bot name, the number of seat names, a type) raises here, with the choices.
    """
    try:
        return _play(name, players, seed, bot_delay, seat_names, params, text_mode)
    except (ValueError, TypeError) as err:
        # The learner's mistake, raised at the learner's call: not a page of the package's internals.
        raise type(err)(str(err)) from None


def _play(name: str, players: Sequence[Any], seed: int | None, bot_delay: float,
          seat_names: Sequence[str] | None, params: dict[str, Any], text_mode: bool = False) -> Any:
    from .ui import Table
    from .ui.seat_view import game_view

    if isinstance(players, (str, int)) or not isinstance(players, Sequence):
        raise TypeError("players must be a list of seats, e.g. ['human', 'random'], not "
                        f"{players!r}.")
    if isinstance(bot_delay, bool) or not isinstance(bot_delay, (int, float)) or not bot_delay >= 0:
        raise TypeError(f"bot_delay must be a number of seconds (0 or more), not {bot_delay!r}.")
    game = load_game(name, players=len(players), **params)
    view = game_view(name)
    return Table(game, players, view.render, bots=bots_for(name), seed=seed, bot_delay=bot_delay,
                 seat_names=seat_names or (view.seat_names(game) if view.seat_names else None),
                 options=view.options or None, hidden_information=view.hidden_information,
                 describe_turn=view.describe_turn, buttons=view.buttons, auto_action=view.auto_action,
                 allow_undo=view.allow_undo, status_line=view.status_line,
                 result_on_board=view.result_on_board, describe=view.describe,
                 text_mode=bool(text_mode), view=view)


def join(url: str, code: str | None = None, *, seat: int | None = None, key: str | None = None,
         watch: bool = False) -> Any:
    """Sit at a table of a classroom server (``goose-widgets serve``); display the result in a cell.

    ``url`` is the server's address (``"http://192.168.1.20:8765"``) or a seat's join link;
    ``code`` the table's code.  Without a key the first free learner's seat (or ``seat``) is
    taken; ``watch=True`` watches.  Needs the ``server`` extra (``pip install "goose-widgets[server]"``).
    """
    try:
        from .server.remote import join as join_table
    except ModuleNotFoundError as err:
        raise ModuleNotFoundError(f"goose_widgets.join needs {err.name!r}, which is not installed: "
                                  'pip install "goose-widgets[server]"') from None
    return join_table(url, code, seat=seat, key=key, watch=watch)


def walkthrough(name: str, scenario: Any, **render_options: Any) -> Any:
    """The walkthrough player for one of a game's scenarios (an object or its name)."""
    from .engine.scenario import Scenario
    from .ui import WalkthroughPlayer

    try:
        scenarios = _part(name, "examples").SCENARIOS
        if isinstance(scenario, str) and scenario not in scenarios:
            raise ValueError(f"unknown scenario {scenario!r}; choose one of: "
                             + "; ".join(repr(s) for s in scenarios) + ".")
        if not isinstance(scenario, (str, Scenario)):
            raise TypeError(f"scenario must be a scenario's name (a str) or a Scenario, not {scenario!r}.")
        if isinstance(scenario, str):
            scenario = scenarios[scenario]
        widget = _part(name, "widget")
        _check_render_options(widget, render_options, scenario.start().game.players)
    except (ValueError, TypeError) as err:
        raise type(err)(str(err)) from None
    return WalkthroughPlayer(scenario, widget.render, **render_options,
                             show_choices=getattr(widget, "WALKTHROUGH_CHOICES", False),
                             log_words=getattr(widget, "log_words", None),
                             momentary=getattr(widget, "MOMENTARY_VIEW", ()))


def _check_render_options(widget: Any, options: dict[str, Any], players: int) -> None:
    """A misspelt board option would be ignored without a word: refuse it, naming the valid ones."""
    import inspect  # here, not at the top: a fifth of the package's import time

    parameters = inspect.signature(widget.render).parameters
    valid = {n for n, p in parameters.items() if p.kind is p.KEYWORD_ONLY
             or (p.kind is p.POSITIONAL_OR_KEYWORD and n not in ("observation", "legal_actions"))}
    valid |= set(getattr(widget, "OPTIONS", None) or {}) | {"seat_names"}
    unknown = sorted(set(options) - valid)
    if unknown:
        raise ValueError(f"unknown board option(s) {', '.join(unknown)}; valid options: "
                         f"{', '.join(sorted(valid))}.")
    names = options.get("seat_names")
    if names is not None and (isinstance(names, str) or not isinstance(names, Sequence)
                              or len(names) != players or not all(isinstance(n, str) for n in names)):
        raise ValueError(f"seat_names must be a list of {players} names (one per seat), not {names!r}.")
