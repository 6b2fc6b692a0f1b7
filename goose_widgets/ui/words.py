"""What a board says in words, for the keyboard and the screen reader (issue 32): the same for a
notebook table (`Table`), a seat at the table server (`server.rooms`) and a walkthrough.

One dictionary, ``words``, goes to the board's script (``board.js``) beside the SVG:

- ``lines``: the position in words (the game's ``describe``, else the status line), shown by the
  text mode and said by the command "where";
- ``answers``: short answers to the typed questions the game knows ("hand", "score");
- ``commands``: ``[phrase, action]`` pairs, every phrase that plays a legal move ("roll", "flip
  Ben's card 3", "place K12 at column 4 row -3 turned 90 [front]", a word in brackets may be left
  out); the script matches what a learner types against them;
- ``log``: the newest move-log lines with the index of the first (``start``) and what to say of each
  (``said``: the game's short form of the line, "" for a detail said only on demand, None for the
  line itself): the script says each new line once, in order, through its queue;
- ``prompt``: what to say when the seat's turn comes (the status line; BOO: the card to place, in
  words).

A game's ``widget`` module may give the hooks these are built from (all optional; see `GameView`):
``answers(observation, names)``, ``phrases(action, observation, names)``, ``log_words(line)``,
``short(line)``, ``own_news(before, after, events, names)`` and ``prompt(observation, legal,
names)``.  Every one reads an observation (or the public move log), never a state: a seat's words
say no more than its board (rulings B4, S12).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .names import said
from .svg import controls_in

if TYPE_CHECKING:
    from .seat_view import GameView

SAID_LINES = 24  # move-log lines sent with their spoken forms: more than any one turn makes


def own(text: str, names: Sequence[str], seat: int | None) -> str:
    """``text`` with the seat's own name's possessive as "your" ("flip Ben's card 3" for Ben:
    "flip your card 3")."""
    if seat is None or not 0 <= seat < len(names):
        return text
    return text.replace(f"{names[seat]}'s", "your")


def short(view: GameView | None, line: str) -> str | None:
    """What to say of one log line (in the table's words): None for the line itself."""
    if view is None or view.short is None:
        return None
    return view.short(line)


def log_part(view: GameView | None, lines: Sequence[str], start: int) -> dict[str, Any]:
    """The ``log`` of ``words``: ``lines`` (in the table's words) begin at index ``start`` of the
    seat's whole log; only the newest SAID_LINES are sent."""
    tail = list(lines[-SAID_LINES:])
    return {"start": start + len(lines) - len(tail), "lines": tail,
            "said": [short(view, line) for line in tail]}


def commands(view: GameView | None, observation: Any, legal: Sequence[Any], names: Sequence[str],
             svg: str, seat: int | None) -> list[list[str]]:
    """``[phrase, action]`` for every legal move: the game's phrases (else the action's own text,
    with the seats' names), and the words its element on the board is named by."""
    labels: dict[str, str] = {}
    for control in controls_in(svg) if legal else ():
        action = control.get("data-action")
        if action and control.get("aria-label") and action not in labels:
            labels[action] = control["aria-label"]
    pairs: list[list[str]] = []
    for action in legal:
        text = str(action)
        phrases = view.phrases(action, observation, list(names)) \
            if view is not None and view.phrases is not None else None
        if phrases is None:
            phrases = [own(said(text, names), names, seat)]
        if text in labels:
            phrases = [*phrases, labels[text]]
        pairs += [[phrase, text] for phrase in dict.fromkeys(phrases)]
    return pairs


def seat_words(view: GameView | None, observation: Any, legal: Sequence[Any], names: Sequence[str],
               svg: str, *, seat: int | None, status: str, log: Sequence[str], log_start: int = 0,
               lines: Sequence[str] | None = None) -> dict[str, Any]:
    """The ``words`` of one seat's view (``observation`` is that seat's, ``legal`` its moves, ``log``
    its move log in the table's words, beginning at index ``log_start``).  ``lines`` replaces the
    position in words (a covered board says only whose turn it is)."""
    names = list(names)
    if lines is None:
        lines = view.describe(observation, names) if view is not None and view.describe is not None \
            else [status]
    answers = dict(view.answers(observation, names)) if view is not None and view.answers is not None \
        else {}
    answers.setdefault("score", status)
    # what to say when the seat's turn comes: the game's prompt, else the status line
    prompt = "" if not legal else view.prompt(observation, legal, names) \
        if view is not None and view.prompt is not None else status
    return {"lines": list(lines), "answers": answers,
            "commands": commands(view, observation, legal, names, svg, seat),
            "log": log_part(view, log, log_start), "prompt": prompt}


def own_news(view: GameView | None, before: Any, after: Any, seat: int, names: Sequence[str]) -> list[str]:
    """The lines only ``seat`` may read after the step from state ``before`` to ``after`` (its own
    draw: "You draw a goose."), from its two observations and the step's public lines."""
    if view is None or view.own_news is None:
        return []
    return list(view.own_news(before.observation(seat), after.observation(seat), list(after.events),
                              list(names)))


def merged(public: Sequence[str], own_lines: Sequence[tuple[int, str]]) -> list[str]:
    """One seat's log: the public lines, each of its own ``(k, line)`` after the first k of them."""
    if not own_lines:
        return list(public)
    out: list[str] = []
    mine = sorted(own_lines, key=lambda item: item[0])
    j = 0
    for index in range(len(public) + 1):
        while j < len(mine) and mine[j][0] <= index:
            out.append(mine[j][1])
            j += 1
        if index < len(public):
            out.append(public[index])
    return out


def walkthrough_words(lines: Sequence[str], log: Sequence[str], start: int) -> dict[str, Any]:
    """The ``words`` of a walkthrough's board: the step in words, its moves, and the stepping
    commands (the board's script says each step's lines once)."""
    steps = [["next", "walk:next"], ["back", "walk:back"], ["first", "walk:first"],
             ["last step", "walk:last"]]
    return {"lines": list(lines), "answers": {}, "commands": steps,
            # each step is said by the player itself ("Step 3: ..."); its lines are for "last"
            "log": {"start": start, "lines": list(log), "said": [""] * len(log)}, "prompt": ""}
