"""What one seat is shown at a table, without widgets: the board's SVG, the status line, the moves
offered as buttons, the automatic moves and the move log in the table's words.

The notebook `Table` and the classroom table server (`goose_widgets.server`) both build a seat's
view here, so a learner sees the same thing in a cell and in a browser.  Every piece is computed
from the viewer's observation and, when it is the viewer's turn, its legal actions (B4, S12: hidden
cards are not in an observation, so they cannot reach a view).  `GameView` gathers what a game's
``widget`` module declares about showing it, read in this one place.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import TERMINAL, game_module
from .names import with_seat_names
from .svg import actions_in

HUMAN = "human"
LOG_HEIGHT = 70  # px: about four lines of the move log


@dataclass(frozen=True)
class GameView:
    """How a game is shown: its renderer and the settings its ``widget`` module declares."""

    render: Callable[..., str]
    options: dict[str, str | tuple[str, bool]] = field(default_factory=dict)
    hidden_information: bool = False
    describe_turn: Callable[[Any, list[str]], str] | None = None
    buttons: Callable[..., list[Any]] | None = None
    auto_action: Callable[..., Any] | None = None
    allow_undo: bool = True
    status_line: bool = True
    result_on_board: bool = False
    seat_names: Callable[[Any], list[str]] | None = None
    describe: Callable[[Any, list[str]], list[str]] | None = None
    # the words of the keyboard and the screen reader (issue 32; see `goose_widgets.ui.words`)
    answers: Callable[[Any, list[str]], dict[str, str]] | None = None
    phrases: Callable[[Any, Any, list[str]], list[str] | None] | None = None
    log_words: Callable[[str], str] | None = None
    short: Callable[[str], str | None] | None = None
    own_news: Callable[[Any, Any, list[str], list[str]], list[str]] | None = None
    prompt: Callable[[Any, Sequence[Any], list[str]], str] | None = None
    momentary_view: tuple[str, ...] = ()  # view settings a fresh view drops (`ui.view`)

    def option_defaults(self) -> dict[str, bool]:
        """Each option's value at first (an option is "label", off, or ("label", default))."""
        return {name: bool(spec[1]) if isinstance(spec, tuple) else False
                for name, spec in self.options.items()}


def game_view(name: str) -> GameView:
    """The `GameView` of the game called ``name`` (from ``goose_widgets.games.<name>.widget``)."""
    game_module(name)  # a clear error for an unknown game name
    widget = importlib.import_module(f"goose_widgets.games.{name}.widget")
    return GameView(render=widget.render, options=dict(getattr(widget, "OPTIONS", None) or {}),
                    hidden_information=getattr(widget, "HIDDEN_INFORMATION", False),
                    describe_turn=getattr(widget, "describe_turn", None),
                    buttons=getattr(widget, "buttons", None),
                    auto_action=getattr(widget, "auto_action", None),
                    allow_undo=getattr(widget, "UNDO", True),
                    status_line=not getattr(widget, "HEADLINE", False),
                    result_on_board=getattr(widget, "RESULT_ON_BOARD", False),
                    seat_names=getattr(widget, "seat_names", None),
                    describe=getattr(widget, "describe", None),
                    answers=getattr(widget, "answers", None), phrases=getattr(widget, "phrases", None),
                    log_words=getattr(widget, "log_words", None), short=getattr(widget, "short", None),
                    own_news=getattr(widget, "own_news", None), prompt=getattr(widget, "prompt", None),
                    momentary_view=tuple(getattr(widget, "MOMENTARY_VIEW", ())))


def board_svg(render: Callable[..., str], observation: Any, legal: Sequence[Any],
              seat_names: Sequence[str], options: dict[str, Any]) -> str:
    """The board ``render`` draws for one observation; ``legal`` are the viewer's moves (or none)."""
    # seat_names lets a renderer label seats as the table does; renderers ignore unknown options
    return render(observation, legal, **{"seat_names": tuple(seat_names), **options})


def button_actions(buttons: Callable[..., list[Any]] | None, observation: Any, legal: Sequence[Any],
                   svg: str, options: dict[str, Any]) -> list[Any]:
    """The legal moves shown as buttons: those the game's ``buttons`` names, else every legal move
    the board does not draw as a clickable element (so every move is reachable)."""
    if buttons is not None:
        return list(buttons(observation, legal, **options))
    clickable = actions_in(svg)
    return [a for a in legal if str(a) not in clickable]


def automatic_action(auto_action: Callable[..., Any] | None, state: Any, options: dict[str, Any]) -> Any:
    """The move the game's ``auto_action`` makes for the human to move here (an idle pass), or None.

    It reads only that seat's observation and its own options."""
    if auto_action is None:
        return None
    return auto_action(state.observation(state.current_player), state.legal_actions(), **options)


def status_text(state: Any, viewer: int | None, observation: Any, seat_names: Sequence[str],
                players: Sequence[str], describe_turn: Callable[[Any, list[str]], str] | None) -> str:
    """The status line for ``viewer`` (None: a spectator), whose observation is ``observation``: the
    result, the game's own description of the turn (from that observation, like the board), or whose
    turn it is.  ``players[i]`` is "human" or seat i's bot's name."""
    if state.current_player == TERMINAL:
        winners = [seat_names[i] for i, r in enumerate(state.returns()) if r > 0]
        return "Game over: " + (" and ".join(winners) + " won." if winners else "nobody won.")
    if describe_turn is not None:
        return describe_turn(observation, list(seat_names))
    seat = state.current_player
    name = seat_names[seat]
    if players[seat] == HUMAN:
        return f"{name}: your turn." if seat == viewer else f"{name} to play."
    return f"{name} ({players[seat]} bot) is playing…"


def log_lines(events: Sequence[str], seat_names: Sequence[str], view: GameView | None = None) -> list[str]:
    """A move's log lines (the engine's events, which never name a hidden card) in the table's
    words: the game's wording (``view.log_words``) and the seats' names."""
    words = view.log_words if view is not None else None
    return [with_seat_names(words(line) if words else line, seat_names) for line in events]


def log_html(lines: Sequence[str]) -> str:
    """The move log as HTML: a short window that keeps the newest line in view."""
    # A short window on the log keeps the whole table on a 900 px screen (issue 9.8); it scrolls
    # back through the lines given, and column-reverse keeps the newest line in view.
    # (ipywidgets' HTML sets a 28 px line height: compact lines need their own.)
    box = (f"display:flex;flex-direction:column-reverse;max-height:{LOG_HEIGHT}px;overflow-y:auto;"
           "border-top:1px solid #ddd")
    style = "font-family:monospace;font-size:12px;line-height:1.35"
    # A scrolling region must take the keyboard's focus (to scroll it), and be named.
    return (f"<div class='gw-log' role='region' aria-label='Move log' tabindex='0' style='{box}'>"
            f"<div style='{style}'>"
            + "<br>".join(html.escape(line) for line in lines) + "</div></div>")
