"""`WalkthroughPlayer`: step through a scripted `Scenario` with narration beside the board.

The board answers view-setting clicks (``ui:...``, e.g. BOO's scare replay) exactly as the table
does, through `ViewSettings`; a click on a move is refused kindly (a walkthrough's moves are its
script: Next plays them).  With ``show_choices`` the board shows the viewer's choices as the table
would (BOO's ringed ghosts) but only view settings stay clickable, and the renderer gets
``scripted_move``, the text of the move the script plays next ("" where it stops), to say what
happens instead of asking for a click.  Those shown choices stay in the keyboard's reach as
disabled buttons (``aria-disabled``), and each step's move-log lines are announced to a screen
reader, as the table announces each turn.  The board's command box steps too ("next", "back",
"first", "last step"; "where" says the step's narration, "last" its moves): issue 32.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from ..engine.scenario import Scenario
from .board import SvgBoard, mimebundle
from .errors import guarded
from .names import with_seat_names
from .view import PREFIX, ViewSettings
from .words import walkthrough_words

STEPS = {"walk:next": 1, "walk:back": -1}  # typed "next" and "back" (the board's command box)

_MOVE_ACTION = re.compile(r'\sdata-action="(?!ui:)[^"]*"')


class WalkthroughPlayer:
    """First / back / next / last through a scenario; the board is drawn by the game's renderer."""

    def __init__(self, scenario: Scenario, render: Callable[..., str], *, show_choices: bool = False,
                 log_words: Callable[[str], str] | None = None, momentary: Sequence[str] = (),
                 **render_options: Any) -> None:
        self.scenario = scenario
        self.show_choices = show_choices
        self.render = render
        self.render_options = render_options
        self.log_words = log_words  # the game's wording of its log lines (BOO's squares in words)
        self.view = ViewSettings({}, momentary=momentary)
        self.states = scenario.states()
        self.position = 0
        self.board = SvgBoard()
        self.board.on_action(guarded(self._show_error)(self.click))
        self.board.on_view(guarded(self._show_error)(self._fresh_view))
        # h3: under the notebook's sections (h2), so a screen reader's list of headings nests
        self.title = W.HTML(f"<h3 style='margin:4px 0;font-size:15px'>{html.escape(scenario.name)}</h3>")
        # Beside the board where the cell is wide enough, under it otherwise: the board keeps the
        # size it has at the table (issue 9.3), never squeezed by the narration.
        self.narration = W.HTML(layout=W.Layout(flex="1 1 300px", min_width="300px", max_width="560px",
                                                padding="0 0 0 12px"))
        self.narration.add_class("gw-narration")
        self.board.layout = W.Layout(flex="0 1 auto")  # shrinks only in a cell narrower than itself
        self.error = W.HTML()
        self.counter = W.Label()
        buttons = []
        for label, icon, target in (("First", "fast-backward", lambda: 0),
                                    ("Back", "step-backward", lambda: self.position - 1),
                                    ("Next", "step-forward", lambda: self.position + 1),
                                    ("Last", "fast-forward", lambda: len(self.states) - 1)):
            button = W.Button(description=label, icon=icon, layout=W.Layout(width="90px"))
            button.on_click(guarded(self._show_error)(lambda _b, t=target: self.go(t())))
            buttons.append(button)
        self.buttons = buttons
        # The buttons sit above the board, so they stay put whatever the length of the narration.
        controls = W.HBox([*buttons, self.counter], layout=W.Layout(flex_flow="row wrap"))
        self.widget = W.VBox([self.title, controls, self.error,
                              W.HBox([self.board, self.narration],
                                     layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))])
        self.widget.add_class("gw-walkthrough")
        self.go(0)

    def _show_error(self, text: str) -> None:
        self.error.value = text

    def _repr_mimebundle_(self, **_kwargs: Any) -> dict[str, Any]:
        """The live widget in JupyterLab, and the board's picture where widgets do not run."""
        return mimebundle(self.widget, self.board.svg,
                          f"The walkthrough {self.scenario.name!r}: run this cell to step through it.",
                          alt=f"The board in the walkthrough {self.scenario.name!r}, step {self.position}.",
                          caption="A picture of the walkthrough's board: run this notebook to step "
                                  "through it.")

    def __repr__(self) -> str:
        return f"WalkthroughPlayer({self.scenario.name!r}, step {self.position}/{len(self.states) - 1})"

    @property
    def state(self) -> Any:
        return self.states[self.position]

    def view_svg(self) -> str:
        """The board at the current step, with the view settings clicked so far."""
        state, viewer = self.state, self.scenario.viewer
        legal = state.legal_actions() if self.show_choices and state.current_player == viewer else []
        options = {**self.render_options, **self.view.values}
        if legal:  # the board tells the choice the script makes next instead of asking for a click
            steps = self.scenario.steps
            options["scripted_move"] = steps[self.position].move if self.position < len(steps) else ""
        svg = self.render(state.observation(viewer), legal, **options)
        # The choices are shown, not offered: a walkthrough's moves are its script.
        return _MOVE_ACTION.sub(' aria-disabled="true"', svg) if legal else svg

    def _fresh_view(self) -> None:
        """A browser opened a view (a page reloaded): the step as it stands, not a replay of it."""
        if self.view.fresh():
            self.board.svg = self.view_svg()

    def click(self, action_text: str) -> None:
        """What a click on the board does: view settings change the view; moves are the script's."""
        self.error.value = ""
        if not isinstance(action_text, str):
            raise TypeError(f"a click is the text of an action (a str), not {action_text!r}.")
        if action_text in STEPS:
            self.go(self.position + STEPS[action_text])
            return
        if action_text in ("walk:first", "walk:last"):
            self.go(0 if action_text == "walk:first" else len(self.states) - 1)
            return
        if not action_text.startswith(PREFIX):
            raise ValueError("this is a walkthrough: its moves are scripted, press Next to see the "
                             "next one (play the game in a table to choose moves).")
        self.view.click(action_text, self.board.svg, self.view_svg)
        self.board.svg = self.view_svg()

    def go(self, position: int) -> None:
        """Show the position after ``position`` steps (clamped to the scenario)."""
        self.position = max(0, min(position, len(self.states) - 1))
        self.error.value = ""
        state = self.state
        self.view.values.clear()  # a replay or a mode belongs to the step it was chosen at
        self.board.svg = self.view_svg()
        self.view.offered(self.board.svg)
        if self.position == 0:
            text = self.scenario.introduction
            moves = ""
        else:
            step = self.scenario.steps[self.position - 1]
            text = step.narration
            names = self.render_options.get("seat_names")
            words = self.log_words or (lambda line: line)
            lines = [with_seat_names(words(e), names) for e in state.events]
            self.board.announce(f"Step {self.position}: " + " ".join(lines or [step.narration]))
            moves = "<br>".join(html.escape(line) for line in lines)
            style = ("font-family:monospace;font-size:12px;line-height:1.35;"
                     "color:var(--jp-content-font-color2, #444)")  # readable in a dark theme too
            moves = f"<p class='gw-moves' style='{style}'>{moves}</p>"
        if self.position == len(self.states) - 1 and self.scenario.conclusion:
            text += "\n\n" + self.scenario.conclusion
        paragraphs = "".join(f"<p>{html.escape(p)}</p>" for p in text.split("\n\n") if p.strip())
        self.narration.value = paragraphs + moves
        self.counter.value = f"step {self.position} of {len(self.states) - 1}"
        said = [p.strip() for p in text.split("\n\n") if p.strip()]
        self.board.words = walkthrough_words(
            [f"Step {self.position} of {len(self.states) - 1}.", *said],
            [] if self.position == 0 else lines, self.position)

    def next(self) -> None:
        self.go(self.position + 1)

    def back(self) -> None:
        self.go(self.position - 1)
