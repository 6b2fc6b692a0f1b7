"""`Table`: seats humans and bots at any game, applies actions, keeps the move log and undo.

The table knows no rules.  It asks the state for the current player, legal actions and chance
outcomes, asks the game's pure ``render(observation, legal_actions, **options)`` for the view of
one seat, and turns clicks (``data-action`` strings) back into actions.  Legal actions that the
board does not draw as clickable elements become buttons, so every move is reachable.

Bots act after a visible pause (``bot_delay`` seconds, via the kernel's event loop) so a learner can
follow; Fast-forward plays bots at once.  Outside a running event loop (tests, scripts) bots answer
immediately.  Chance and every bot draw from generators of their own, all derived from
``seed`` (issue 10: a bot can neither foresee nor change the dice and cards; seeded games stay
reproducible).  With several human seats in a game with hidden information, the board is covered
between turns until the next human says they are at the table (hot seat).  A game whose board heads
itself with whose turn it is (``status_line=False``) gets no status line above the board; one whose
board announces the result (``result_on_board=True``) gets none once the game is over.  What a seat
is shown (board, status, buttons, log) is built by `seat_view`, which the classroom server shares.

For the keyboard and screen readers (issues 22 and 32) the board gets its ``words`` with every
redraw (`goose_widgets.ui.words`): the position in words, the answers to typed questions, the typed
commands and the move log's new lines with what to say of each, which the board's script says once,
in order, through its queue.  The *Text mode* checkbox (or ``text_mode=True``) has the board's script
show the position in words and every element the board offers as an ordinary button, so the words
and the moves come from the one renderer, and the focus keeps its place across moves and bots'
turns.  With one human at the table (or nothing hidden) the log also says what only that seat may
know of its own moves ("You draw a goose."): the game's ``own_news``.
"""

from __future__ import annotations

import asyncio
import html
import random
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from ..engine import TERMINAL, sample_outcome
from ..engine.play import split_rngs
from ..sandbox import BotError, SandboxedBot, is_function_bot
from .board import SvgBoard, mimebundle
from .errors import guarded
from .seat_view import (
    HUMAN,
    GameView,
    automatic_action,
    board_svg,
    button_actions,
    log_html,
    log_lines,
    status_text,
)
from .svg import actions_in
from .view import PREFIX, ViewSettings
from .words import own_news, seat_words, short

MAX_CLICK = 200  # characters


class Table:
    """A playable table for one game.  ``table.widget`` is what a notebook displays."""

    def __init__(self, game: Any, seats: Sequence[Any], render: Callable[..., str], *,
                 bots: dict[str, Callable[[], Any]] | None = None, seat_names: Sequence[str] | None = None,
                 options: dict[str, str | tuple[str, bool]] | None = None, hidden_information: bool = False,
                 seed: int | None = None, bot_delay: float = 0.7, log_lines: int = 80,
                 describe_turn: Callable[[Any, list[str]], str] | None = None,
                 buttons: Callable[..., list[Any]] | None = None,
                 auto_action: Callable[..., Any] | None = None, allow_undo: bool = True,
                 status_line: bool = True, result_on_board: bool = False,
                 describe: Callable[[Any, list[str]], list[str]] | None = None,
                 text_mode: bool = False, view: GameView | None = None) -> None:
        self.game = game
        self.render = render
        self.hidden_information = hidden_information
        self.bot_delay = bot_delay
        self.log_lines = log_lines
        self.describe_turn = describe_turn
        self.button_actions = buttons
        self.auto_action = auto_action
        self.allow_undo = allow_undo
        self.status_line, self.result_on_board = status_line, result_on_board
        self.describe = describe
        self.text_mode = bool(text_mode)
        # the game's words for the keyboard and the screen reader (a table made without one: its own
        # describe and status line)
        self.game_view = view or GameView(render=render, describe=describe, describe_turn=describe_turn)
        self._unsaid: list[str] = []  # log lines not announced yet
        self._log_base = 0  # lines of earlier games: the board counts log lines across new games
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be a whole number or None, not {seed!r}.")
        self.seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        # Chance and each seat's bot draw from generators of their own (the engine's `split_rngs`), so
        # what one bot draws changes neither the dice and cards nor another bot, and a seeded table
        # plays the same game as a seeded playout.
        self.rng, self.bot_rngs = split_rngs(self.seed, len(seats))
        self.seat_names = _seat_names(seat_names, len(seats))
        self.seats: list[Any] = []
        for seat, spec in enumerate(seats):
            label = f"Player {seat + 1}"
            if isinstance(spec, str) and spec == HUMAN:
                self.seats.append(HUMAN)
            elif isinstance(spec, str):
                if not bots or spec not in bots:
                    raise ValueError(f"{label}: unknown bot {spec!r}; choose 'human' or one of: "
                                     f"{', '.join(sorted(bots or {}))}.")
                self.seats.append(bots[spec]())
            elif hasattr(spec, "choose"):
                self.seats.append(spec)
            elif is_function_bot(spec):  # a learner's function plays from its sandbox (engine.bots)
                self.seats.append(SandboxedBot(spec, self.seat_names[seat]))
            else:
                raise TypeError(f"{label} must be 'human', a bot name or a bot (an object with choose, "
                                f"or a function my_bot(observation, legal_actions)), not {spec!r}.")
        humans = [i for i, s in enumerate(self.seats) if s == HUMAN]
        self.viewer = humans[0] if humans else 0
        self._curtain = False
        self._pending = False
        self.fast = False

        self.board = SvgBoard()
        self.board.on_action(self._guard(self.click))
        self.board.on_view(self._guard(self._fresh_view))
        self.status = W.HTML()
        self.error = W.HTML()
        self.log_view = W.HTML()
        self.buttons = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._pools: dict[int, list[W.Button]] = {}
        undo = W.Button(description="Undo", icon="undo", tooltip="Take back your last move",
                        disabled=not allow_undo)
        if not allow_undo:
            undo.tooltip = "No undo here: a move taken back would still have shown you hidden cards"
        new = W.Button(description="New game", icon="refresh")
        ffwd = W.Button(description="Fast-forward", icon="forward", tooltip="Let the bots play at once")
        self.undo_button = undo
        undo.on_click(self._guard(lambda _b: self.undo()))
        new.on_click(self._guard(lambda _b: self.new_game()))
        ffwd.on_click(self._guard(lambda _b: self.fast_forward()))
        # An option is "label" (off at first) or ("label", default).
        toggles_spec: dict[str, tuple[str, bool]] = {
            name: spec if isinstance(spec, tuple) else (spec, False)
            for name, spec in (options or {}).items()}
        self.option_values: dict[str, Any] = {name: bool(on) for name, (_, on) in toggles_spec.items()}
        self.toggles = set(toggles_spec)
        self.view = ViewSettings(self.option_values, momentary=self.game_view.momentary_view)
        toggles = []
        for name, (label, on) in toggles_spec.items():
            box = W.Checkbox(value=bool(on), description=label, indent=False)
            box.observe(self._guard(lambda change, n=name: self.set_option(n, change["new"])), "value")
            toggles.append(box)
        text = W.Checkbox(value=self.text_mode, description="Text mode", indent=False,
                          tooltip="The position in words and every move as a button")
        text.observe(self._guard(lambda change: self.set_text_mode(change["new"])), "value")
        self.text_toggle = text
        # Text mode first: a learner who turns it on comes back up to the moves in a few keys
        self.controls = W.HBox([text, undo, new, ffwd, *toggles], layout=W.Layout(flex_flow="row wrap"))
        self.widget = W.VBox([self.status, self.board, self.buttons, self.error, self.controls,
                              self.log_view])
        self.widget.add_class("gw-table")
        self.status.add_class("gw-status")
        self.new_game()

    # --- plumbing --------------------------------------------------------------------------
    def _guard(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        return guarded(self._show_error)(callback)

    def _show_error(self, text: str) -> None:
        self.error.value = text

    def _repr_mimebundle_(self, **_kwargs: Any) -> dict[str, Any]:
        """The live widget in JupyterLab, and the board's picture where widgets do not run.

        The picture offers no moves (no "click the dice"): nobody can click a picture."""
        seats = ", ".join(f"{name} ({'human' if seat == HUMAN else seat.name + ' bot'})"
                          for name, seat in zip(self.seat_names, self.seats))
        text = f"A table of {self.game.name} for {seats}: run this cell to play."
        return mimebundle(self.widget, self.view_svg(offer_moves=False), text,
                          alt=f"The {self.game.name.replace('_', ' ')} board. {self.status_text()}")

    def __repr__(self) -> str:
        return f"Table({self.game!r}, seats={[getattr(s, 'name', s) for s in self.seats]})"

    @property
    def state(self) -> Any:
        return self.states[-1]

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    # --- verbs -----------------------------------------------------------------------------
    def new_game(self) -> None:
        for seat in self.seats:
            if isinstance(seat, SandboxedBot):  # a fresh sandbox for a function bot, at its first move
                seat.reset()
        self.states = [self.game.new_initial_state()]
        self._log_base += len(getattr(self, "log", ()))
        self.log: list[str] = ["New game: " + ", ".join(
            f"{n} ({'you' if s == HUMAN else s.name})" for n, s in zip(self.seat_names, self.seats))]
        self._unsaid = list(self.log)
        self.error.value = ""
        self.fast = False
        self._advance()

    def resume(self, state: Any) -> None:
        """Go on playing from ``state``, a state of this table's game (e.g. its save, after a reload)."""
        if state.game != self.game:
            raise ValueError(f"this table plays {self.game!r}; the state is of {state.game!r}.")
        self.states = [state]
        self.log.append("The game goes on from where it was.")
        self.error.value = ""
        self.fast = False
        self._advance()

    def click(self, action_text: str) -> None:
        """Apply the action whose text is ``action_text`` for the seat at the table (a click)."""
        self.error.value = ""
        if not isinstance(action_text, str):
            raise TypeError(f"a click is the text of an action (a str), not {action_text!r:.80}.")
        if len(action_text) > MAX_CLICK:  # no action is this long; keep the message readable
            raise ValueError(f"{action_text[:40]!r}… ({len(action_text)} characters) is not a move here.")
        if action_text == "__curtain__":
            self._curtain = False
            self._redraw()
            return
        if action_text.startswith(PREFIX):  # view state (a rotation, a mode), not a move
            self.view.click(action_text, self.board.svg, self.view_svg)
            self._redraw()
            return
        state = self.state
        if state.is_terminal():
            raise ValueError("the game is over: press New game to play again.")
        if not self.is_human(state.current_player):
            raise ValueError(f"it is not your turn: {self.seat_names[state.current_player]} is to play.")
        self._push(state.apply_str(action_text))
        self._advance()

    def act(self, action: Any) -> None:
        """Apply an action object for the human whose turn it is (the same path as a click)."""
        self.click(str(action))

    def undo(self) -> None:
        """Go back to before the last move of a human seat (bots' replies are taken back too)."""
        if not self.allow_undo:
            raise ValueError("there is no undo in this game: a move taken back would still have "
                             "shown you hidden cards (a flipped or swapped card), so play on.")
        for index in range(len(self.states) - 2, -1, -1):
            if self._waits_for_human(self.states[index]):
                del self.states[index + 1:]
                self.log.append("↶ undo")
                self._unsaid = ["Undo: back to before your last move."]
                self.error.value = ""
                self._follow_turn()
                self._redraw()
                return
        raise ValueError("there is no move of yours to undo yet.")

    def fast_forward(self) -> None:
        """Let every bot move at once until a human must play or the game ends."""
        self.fast = True
        self._advance()
        self.fast = False

    def set_option(self, name: str, value: bool) -> None:
        """Turn one of the game's options (a checkbox under the board) on or off."""
        if name not in self.toggles:
            raise ValueError(f"unknown option {name!r}; this table's options are: "
                             f"{', '.join(sorted(self.toggles)) or 'none'}.")
        self.option_values[name] = bool(value)
        self._advance()  # an option may change what happens next (an automatic pass)

    def set_text_mode(self, on: bool) -> None:
        """Show the position in words and the moves as buttons (on), or the board (off)."""
        self.text_mode = bool(on)
        if self.text_toggle.value != self.text_mode:
            self.text_toggle.value = self.text_mode  # calls back here once more, harmlessly
        self._redraw()

    # --- the game loop ---------------------------------------------------------------------
    def _push(self, state: Any) -> None:
        before = self.states[-1]
        self.states.append(state)
        lines = log_lines(state.events, self.seat_names, self.game_view)
        if self._own_news_shown():
            lines += own_news(self.game_view, before, state, self.viewer, self.seat_names)
        self.log.extend(lines)
        self._unsaid.extend(lines)

    def _own_news_shown(self) -> bool:
        """Whether the log may say what only the viewer knows: not at a shared screen that hides
        cards from the other humans at it."""
        humans = sum(1 for seat in self.seats if seat == HUMAN)
        return humans == 1 or (humans > 1 and not self.hidden_information)

    def _advance(self) -> None:
        """Resolve chance, let bots play (paced when a kernel loop runs), then redraw."""
        while True:
            state = self.state
            if state.is_chance_node():
                self._push(state.apply(sample_outcome(state, self.rng)))
                continue
            if state.is_terminal():
                break
            if self.is_human(state.current_player):
                automatic = self._automatic(state)
                if automatic is None:
                    break
                self._push(state.apply(automatic))
                continue
            loop = _running_loop()
            if loop is not None and self.bot_delay > 0 and not self.fast:
                self._redraw()
                if not self._pending:
                    self._pending = True
                    loop.call_later(self.bot_delay, self._guard(self._bot_turn))
                return
            self._bot_move()
        if self.state.is_terminal():  # a function bot's sandbox is not kept past its game
            for seat in self.seats:
                if isinstance(seat, SandboxedBot):
                    seat.close()
        self._follow_turn()
        self._redraw()

    def _follow_turn(self) -> None:
        """Hot seat: the board turns to the human whose move it is (behind a curtain if cards hide)."""
        seat = self.state.current_player
        if self.is_human(seat) and seat != self.viewer:
            self.viewer = seat
            self._curtain = self.hidden_information

    def _automatic(self, state: Any) -> Any:
        """The move the game's ``auto_action`` makes for a human here (e.g. an idle pass), or None."""
        return automatic_action(self.auto_action, state, self.option_values)

    def _waits_for_human(self, state: Any) -> bool:
        return self.is_human(state.current_player) and self._automatic(state) is None

    def _bot_turn(self) -> None:
        self._pending = False
        if not self.state.is_terminal() and not self.is_human(self.state.current_player) \
                and not self.state.is_chance_node():
            self._bot_move()
        self._advance()

    def _bot_move(self) -> None:
        state = self.state
        seat = state.current_player
        bot = self.seats[seat]
        legal = state.legal_actions()
        try:
            action = bot.choose(state.observation(seat), legal, self.bot_rngs[seat])
        except BotError as err:  # a sandboxed function: its message names the seat already
            if isinstance(bot, SandboxedBot):  # the game stops here: end its sandbox now, not with the table
                bot.close()
            raise RuntimeError(str(err)) from None
        except Exception as err:
            raise RuntimeError(f"{self.seat_names[seat]}'s bot ({getattr(bot, 'name', bot)!s}) failed: "
                               f"{type(err).__name__}: {err}") from err
        if action not in legal:
            raise RuntimeError(f"{self.seat_names[seat]}'s bot ({getattr(bot, 'name', bot)!s}) chose "
                               f"{action!s}, which is not a legal move here.")
        self._push(state.apply(action))

    # --- drawing ---------------------------------------------------------------------------
    def view_svg(self, offer_moves: bool = True) -> str:
        """The SVG the viewer sees now (what the browser receives); without moves for a picture."""
        state = self.state
        if self._curtain:
            name = html.escape(self.seat_names[self.viewer])
            return (f'<svg xmlns="http://www.w3.org/2000/svg" width="420" height="120" viewBox="0 0 420 120" '
                    f'role="application" aria-roledescription="game board" '
                    f'aria-label="The board is covered: pass the screen to {name}.">'
                    f'<g data-action="__curtain__" role="button" tabindex="-1" '
                    f'aria-label="{name}: show my cards (only I can see the screen)">'
                    f'<rect x="10" y="10" width="400" height="100" rx="12" '
                    f'fill="#eeeeee" stroke="#555"/><text x="210" y="55" text-anchor="middle" '
                    f'font-size="18">Pass the screen to {name}.</text><text x="210" y="85" '
                    f'text-anchor="middle" font-size="14">{name}: click here when only you can see.'
                    f'</text></g></svg>')
        # Only a human is offered moves: a board watched from a bot's seat asks nobody to click.
        legal = state.legal_actions() if offer_moves and state.current_player == self.viewer \
            and self.is_human(self.viewer) else []
        # spectator: the viewer's seat is a bot's (an all-bot table), which the board must not call
        # "you".
        return board_svg(self.render, state.observation(self.viewer), legal, self.seat_names,
                         {**self.option_values, "spectator": not self.is_human(self.viewer)})

    def _fresh_view(self) -> None:
        """A browser opened a view (a page reloaded): it shows the game as it stands, not a replay."""
        if self.view.fresh():
            self._redraw()

    def _redraw(self) -> None:
        state = self.state
        svg = self.view_svg()
        self.view.offered(svg)
        clickable = actions_in(svg)
        buttons = []
        legal: list[Any] = []
        if not self._curtain and self.is_human(state.current_player) \
                and state.current_player == self.viewer:
            legal = state.legal_actions()
            shown = button_actions(self.button_actions, state.observation(self.viewer), legal, svg,
                                   self.option_values)
            buttons = [(str(action), str(action)) for action in shown
                       if not (self.text_mode and str(action) in clickable)]  # a text button already
        self._show_buttons(self.buttons, buttons)
        words = self._words(svg, legal)
        with self.board.hold_sync():  # one message: the board's script draws them together
            self.board.svg = svg
            self.board.show_svg = not self.text_mode
            self.board.words = words
        if self._unsaid:
            # What the board's script says of this redraw's new lines (for tests and scripts; the
            # script says them itself, from ``words``).
            self.board.announcements.append(sentences(
                [line if said is None else said for line in self._unsaid
                 if (said := short(self.game_view, line)) != ""]))
            del self.board.announcements[:-50]
            self._unsaid = []
        self.undo_button.disabled = not (self.allow_undo and self._can_undo())
        self.status.value = f"<b>{html.escape(self.status_text())}</b>"
        # A board that draws whose turn it is (or who won) itself, in the picture kept beside the
        # widget too, would be repeated by a status line above it.
        status_shown = self.status_line and not (self.result_on_board
                                                 and state.current_player == TERMINAL)
        self.status.layout.display = None if status_shown else "none"
        self.log_view.value = log_html(self.log[-self.log_lines:])

    def _words(self, svg: str, legal: Sequence[Any]) -> dict[str, Any]:
        """The board's words (`goose_widgets.ui.words`): the position, answers, commands, log."""
        observation = self.state.observation(self.viewer)
        lines = [f"Pass the screen to {self.seat_names[self.viewer]}."] if self._curtain else None
        return seat_words(self.game_view, observation, legal, self.seat_names, svg,
                          seat=self.viewer if self.is_human(self.viewer) else None,
                          status=self.status_text(), log=self.log, log_start=self._log_base, lines=lines)

    def _can_undo(self) -> bool:
        """Whether a move of a human seat lies in this game's history (Undo has something to take back)."""
        return any(self._waits_for_human(state) for state in self.states[:-1])

    def _show_buttons(self, box: W.Box, items: list[tuple[str, str]]) -> None:
        """Show one button per ``(label, click)``; a move keeps its button across redraws (the
        keyboard focus stays on it), and a button is never relabelled into another move."""
        pool = self._pools.setdefault(id(box), [])
        by_click = {button._gw_click: button for button in pool if hasattr(button, "_gw_click")}
        shown = []
        for label, click in items:
            button = by_click.get(click)
            if button is None:
                button = W.Button(layout=W.Layout(width="auto"))
                button.on_click(self._guard(lambda b: self.click(b._gw_click)))
                button._gw_click = click
                pool.append(button)
                by_click[click] = button
            button.description, button.tooltip = label, label
            shown.append(button)
        del pool[:-64]  # buttons of long-gone moves are let go
        box.children = tuple(shown)

    def status_text(self) -> str:
        players = [HUMAN if s == HUMAN else s.name for s in self.seats]
        return status_text(self.state, self.viewer, self.state.observation(self.viewer), self.seat_names,
                           players, self.describe_turn)


def sentences(lines: Sequence[str]) -> str:
    """Log lines as one text to say: each ends with a full stop (or its own mark)."""
    return " ".join(line if line.rstrip()[-1:] in ".!?…" else line.rstrip() + "." for line in lines
                    if line.strip())


def _seat_names(names: Sequence[str] | None, seats: int) -> list[str]:
    if not names:
        return [f"Player {i + 1}" for i in range(seats)]
    if isinstance(names, str) or not isinstance(names, Sequence) \
            or not all(isinstance(n, str) and n.strip() for n in names):
        raise TypeError(f"seat_names must be a list of names (non-empty str), one per seat, not {names!r}.")
    if len(names) != seats:
        raise ValueError(f"seat_names has {len(names)} name(s) for {seats} seats: give one name per seat.")
    return list(names)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
