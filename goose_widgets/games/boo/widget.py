"""The BOO graveyard: a pure SVG renderer over one seat's observation.

Left, the graveyard on a square grid: every card with its deck's lines (black, white, or the gate's
green), ghosts in their colour with a facing arrow, tombstones; the active card has a yellow frame.
The last turn's scares are drawn as numbered lines of sight (orange: the target's card flipped;
grey dashed: stopped by a tombstone, a ghost facing back or the active card itself; dotted: saw
nothing), and the cards they flipped get an orange frame.  A step control below replays the last
turn's scares one after another (``ui:replay=<turn>:<step>``: the graveyard as it was after that
many scares, rebuilt by turning the later flips back, a flip being its own inverse).

Right, both players: score, hand card and visible top card, cards still unseen.  When the viewer
is to place a card, rotation and side buttons (``ui:rotation=90``, ``ui:side=back``: view state that
the Table passes back as render options) pick how the card lies; every legal top-left square for that
rotation and side is a clickable spot (``data-action="place K3 at (2,6) rot 90 back"``) and hovering
shows a translucent preview of the card there.  Where the scare order matters, the waiting active
ghosts are ringed and clickable (``scare with ghost at (r,c)``).  A walkthrough passes
``scripted_move``, the move its script plays next: the board then shows the card where it will lie
(or the ringed ghosts) and says what happens, with no spots, toggles or request for a click.

The view is zoomed to the placed cards: one empty row and column around them, and every square
where the card in hand could have its top-left corner, so the cells stay large late in a game
(issue 19.9).

For the keyboard and screen readers (issues 22 and 32) the placement spots form a ``role="grid"``
whose cells the arrow keys follow along rows and columns; each says the card as it would lie there
and what its ghosts would scare ("Place K3 turned 90° with its top-left at column 2, row 4: a black
ghost facing right, a tombstone, an empty square; it would scare the white ghost on G3"); the cards
in the graveyard, the hand cards and the decks' top cards are readable ("K3, black deck, front up,
columns 3 to 5, row 2: a black ghost facing right, a tombstone, an empty square"); the toggles say
whether they are on (``aria-pressed``).  Escape turns the card back to 0° front.  Squares are named
"column c, row r" everywhere a learner reads or hears them (the move log too: `log_words`), never
by the engine's "(r,c)".  `describe` says the position in words for the text mode, `answers` the
typed questions "hand" and "score", `phrases` what a learner may type for a move ("place K12 at
column 4 row -3 turned 90"), `short` what is said of each log line (a turn in one sentence, the
scares on demand) and `prompt` the card to place when the seat's turn comes.

Nothing in BOO is hidden but the order of the unseen decks (O2), which the observation never holds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any
from xml.etree.ElementTree import Element

from ...ui.svg import OKABE_ITO, control, fitted_text, sub, svg_root, to_text
from .rules import COLOURS, ROTATIONS, SIDES, Graveyard, Observation, Place, Placed, Scare, make_placed
from .rules.geometry import key_of

# The board's headline says who won and the score: the table's "Game over" line would repeat it.
RESULT_ON_BOARD = True
CARD_BG = "#b3abd0"
BOARD_BG = "#5f7268"
LINES = {"black": "#111111", "white": "#ffffff", "gate": "#009E73"}
GHOST = {"B": ("#111111", "#ffffff"), "W": ("#ffffff", "#111111")}  # fill, outline
ARROW = OKABE_ITO[1]  # orange
FLIP = OKABE_ITO[5]  # vermillion
FLIP_BADGE = "#a33f00"  # the same, darker
ACTIVE = OKABE_ITO[6]  # yellow
CHOICE = OKABE_ITO[0]  # blue
ANGLE = {"^": 0, ">": 90, "v": 180, "<": 270}
# The replay of the last turn's scares looks back at a moment: a fresh view of the board (a page
# reloaded) shows the game as it stands, every scare done (`goose_widgets.ui.view`).
MOMENTARY_VIEW = ("replay",)
# Walkthroughs draw the viewer's choices (the ringed ghosts of TIP 2, the scripted placement), not clickable.
WALKTHROUGH_CHOICES = True
PANEL = 250
# At most this many px of graveyard (wide, tall), so a table with its controls fits a 1366x900
# screen (issue 9.8); cells are at most 40 px, and at least MIN_CELL.
BOARD_W, BOARD_H = 640, 468
MIN_CELL = 20
MARGIN = 1  # empty rows/columns shown around the cards (and the spots)
TOP, LEFT = 50, 34  # room for the headline and the column numbers above, the row numbers left
HOVER_CSS = (".boo-spot:hover + .boo-preview, .boo-spot:focus + .boo-preview { opacity: 0.85; } "
             ".boo-preview { opacity: 0; transition: opacity 0.1s; } "
             # the spots drawn after a preview would wash it out: fade them while one is hovered
             ".boo-spots:hover .boo-spot:not(:hover) { opacity: 0.2; }")


def seat_names(game: Any) -> list[str]:
    return [name.capitalize() for name in COLOURS]


def buttons(observation: Observation, legal: Sequence[Any], **_options: Any) -> list[Any]:
    """Only scare-order choices get buttons (they are also clickable ghosts); placements are spots."""
    return [a for a in legal if isinstance(a, Scare)]


def render(observation: Observation, legal_actions: Sequence[Any] = (), *, rotation: Any = 0,
           side: str = "front", replay: str | None = None, seat_names: Sequence[str] | None = None,
           scripted_move: str | None = None, **_options: Any) -> str:
    """The SVG of the graveyard for ``observation``'s seat; legal actions become clickable.

    ``scripted_move`` is given by a walkthrough (the text of the move its script plays next, "" where
    the script stops): the board then shows that move among the choices and says what it is,
    instead of asking for a click.
    """
    obs = observation
    names = list(seat_names) if seat_names else [c.capitalize() for c in COLOURS]
    rotation = _int(rotation, 0) if _int(rotation, 0) in ROTATIONS else 0
    side = side if side in SIDES else "front"
    graveyard, shown = _replayed(obs, replay)
    # While the step control replays the last turn, every figure is the drawn graveyard's: a score
    # from after the scares above a graveyard from before them (as a reloaded view showed when the
    # replay stood at "0 of 3") contradicts itself.
    replaying = obs.last_turn is not None and shown < len(obs.last_turn.scares)
    scores = (graveyard.count("B"), graveyard.count("W")) if replaying else tuple(obs.scores)
    headline = _headline(obs, names, scores if replaying else None, shown)
    legal = list(legal_actions)
    scripted = None if scripted_move is None else next(
        (a for a in legal if str(a) == scripted_move), "")
    rmin, rmax, cmin, cmax = _view(obs, legal, scripted)
    rows, cols = rmax - rmin + 1, cmax - cmin + 1
    size = max(MIN_CELL, min(40, int(BOARD_W / cols), int(BOARD_H / rows)))
    top, left = TOP, LEFT
    board_w, board_h = cols * size, rows * size
    width = left + board_w + 16 + PANEL
    height = max(top + board_h + 70, 560)
    placing = bool(legal) and isinstance(legal[0], Place) and scripted is None
    turned = placing and (rotation, side) != (0, "front")
    root = svg_root(width, height, label=f"BOO: {headline}",
                    escape="ui:rotation=0&side=front" if turned else None)
    sub(root, "style", HOVER_CSS)
    sub(root, "rect", x=0, y=0, width=width, height=height, fill="#f4f1ea")
    if replaying:  # longer ("... after 0 of 3 scares"): squeezed into the board, never spilled
        fitted_text(root, headline, width - 24, font_size=16, x=12, y=28, font_weight="bold")
    else:  # as it always was: the pictures stored in the course's notebooks stay the same
        sub(root, "text", headline, x=12, y=28, font_size=16, font_weight="bold")

    def xy(square: tuple[int, int]) -> tuple[float, float]:
        return left + (square[1] - cmin) * size, top + (square[0] - rmin) * size

    sub(root, "rect", x=left, y=top, width=board_w, height=board_h, fill=BOARD_BG, rx=6)
    for i in range(1, rows):
        sub(root, "line", x1=left, y1=top + i * size, x2=left + board_w, y2=top + i * size,
            stroke="#6d8177", stroke_width=1)
    for j in range(1, cols):
        sub(root, "line", x1=left + j * size, y1=top, x2=left + j * size, y2=top + board_h,
            stroke="#6d8177", stroke_width=1)
    _axes(root, rmin, rows, cmin, cols, left, top, size)
    turn = obs.last_turn
    flipped_names = {r.flipped for r in (turn.scares[:shown] if turn else ()) if r.flipped}
    for index, card in enumerate(graveyard.cards):
        frame = ACTIVE if index == obs.active else FLIP if card.name in flipped_names else None
        what = " (the card just placed)" if index == obs.active else \
            " (flipped this turn)" if card.name in flipped_names else ""
        _card(control(root, card_label(card) + what, key=f"card {card.name}", role="img"),
              card, xy, size, frame)
    if turn is not None:
        _scare_lines(root, turn.scares[:shown], xy, size)
    if legal and isinstance(legal[0], Scare):
        _scare_choices(root, legal, xy, size, clickable=scripted is None)
    elif isinstance(scripted, Place):
        _card(root, make_placed(obs.card(scripted.card), scripted.row, scripted.col, scripted.rotation,
                                scripted.side), xy, size, ACTIVE, opacity=0.85)
    elif placing:
        _spots(root, obs, legal, rotation, side, xy, size)
    _panel(root, obs, names, scores, legal, rotation, side, left + board_w + 16, top, scripted)
    _replay_controls(root, obs, names, shown, left, top + board_h + 14)
    return to_text(root)


def _view(obs: Observation, legal: Sequence[Any], scripted: Any) -> tuple[int, int, int, int]:
    """``(min row, max row, min col, max col)`` shown: the cards with MARGIN around them, and
    every square where the card in hand may have its top-left corner (in any rotation, so that
    turning the card does not change the zoom), or the scripted card's squares."""
    rmin, rmax, cmin, cmax = obs.graveyard.bbox
    rows, cols = [rmin - MARGIN, rmax + MARGIN], [cmin - MARGIN, cmax + MARGIN]
    if isinstance(scripted, Place):
        squares = list(make_placed(obs.card(scripted.card), scripted.row, scripted.col, scripted.rotation,
                                   scripted.side).squares)
    elif scripted is None and legal and isinstance(legal[0], Place):
        squares = [(a.row, a.col) for a in legal]
    else:
        squares = []
    rows += [r for r, _ in squares]
    cols += [c for _, c in squares]
    return min(rows), max(rows), min(cols), max(cols)


def card_label(card: Placed) -> str:
    """A graveyard card in words: "K3, black deck, front up, columns 3 to 5, row 2: a black ghost
    facing right, a tombstone, an empty square" (its squares from the top or the left)."""
    squares = sorted(zip(card.squares, card.tokens))
    (r0, c0), (r1, c1) = squares[0][0], squares[-1][0]
    # the column first, as every square is said ("column 4, row -3")
    where = f"column {c0}, rows {r0} to {r1}" if card.vertical else f"columns {c0} to {c1}, row {r0}"
    return f"{card.name}, {card.deck} deck, {card.side} up, {where}: " + \
        ", ".join(token_words(token) for _, token in squares)


FACING_WORDS = {"^": "up", ">": "right", "v": "down", "<": "left"}


def square_words(row: int, col: int) -> str:
    """A square as a learner reads and hears it: "column 4, row -3" (one order everywhere)."""
    return f"column {col}, row {row}"


def card_words(spec: Any) -> str:
    """A card in hand or on top of a deck, both sides read left to right as it lies at 0°: "K12,
    black deck; front: a tombstone, a white ghost facing down, an empty square; back: ..."."""
    sides = "; ".join(f"{side}: " + runs(make_placed(spec, 0, 0, 0, side).tokens) for side in SIDES)
    return f"{spec.name}, {spec.deck} deck; {sides}"


COUNTS = {2: "two", 3: "three"}


def runs(tokens: Sequence[str]) -> str:
    """Tokens in words, the same one twice or thrice in a row said once: "three black ghosts
    facing up", "a tombstone, two white ghosts facing down"."""
    parts: list[str] = []
    index = 0
    while index < len(tokens):
        same = 1
        while index + same < len(tokens) and tokens[index + same] == tokens[index]:
            same += 1
        words = token_words(tokens[index])
        if same > 1:
            words = COUNTS[same] + " " + words.split(" ", 1)[1].replace("ghost", "ghosts", 1) \
                .replace("tombstone", "tombstones").replace("empty square", "empty squares")
        parts.append(words)
        index += same
    return ", ".join(parts)


def token_words(token: str) -> str:
    if token == "T":
        return "a tombstone"
    if len(token) == 2:
        return f"a {'black' if token[0] == 'B' else 'white'} ghost facing {FACING_WORDS[token[1]]}"
    return "an empty square"


def place_label(action: Place, obs: Observation | None = None, box: Any = None) -> str:
    """"Place K3 turned 90° with its top-left at column 2, row 4" (and "back side up"); given the
    observation, then the card as it would lie there and what its ghosts would scare (``box``: a
    sandbox of the graveyard, to try many placements without copies)."""
    side = ", back side up" if action.side == "back" else ""
    text = f"Place {action.card} turned {action.rotation}°{side} with its top-left at column " \
        f"{action.col}, row {action.row}"
    if obs is None:
        return text
    placed = make_placed(obs.card(action.card), action.row, action.col, action.rotation, action.side)
    lying = runs([token for _, token in sorted(zip(placed.squares, placed.tokens))])
    return f"{text}: {lying}; {would_scare(obs, placed, box)}"


def would_scare(obs: Observation, placed: Placed, box: Any = None) -> str:
    """What the ghosts of ``placed`` would scare, each looking from where it lies before any
    flip ("it would scare the white ghost on G3"; the order of the scares may change the end)."""
    box = box if box is not None else obs.graveyard.sandbox()
    cards = obs.graveyard.cards
    active = box.place(placed.squares, placed.tokens)
    try:
        scared = []
        for square, token in zip(placed.squares, placed.tokens):
            if len(token) != 2:
                continue
            _path, stop, outcome = box.sight(key_of(square), active, trace=False)
            if outcome == "flip" and stop is not None:
                colour = "white" if token[0] == "B" else "black"
                scared.append(f"the {colour} ghost on {cards[box.owner[stop]].name}")
    finally:
        box.unplace()
    return "it would scare " + " and ".join(dict.fromkeys(scared)) if scared else "it would scare no ghost"


def _axes(root: Element, first_row: int, rows: int, first_col: int, cols: int, left: float, top: float,
          size: int) -> None:
    """Row numbers left of the board and column numbers above it: the log and the actions name
    squares as (row, column)."""
    font = 12
    for i in range(rows):
        sub(root, "text", str(first_row + i), x=left - 4, y=top + i * size + size / 2 + font / 3,
            font_size=font, text_anchor="end", fill="#555555", class_="boo-row")
    for j in range(cols):
        sub(root, "text", str(first_col + j), x=left + j * size + size / 2, y=top - 5, font_size=font,
            text_anchor="middle", fill="#555555", class_="boo-col")


def _int(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _headline(obs: Observation, names: list[str], replayed: Sequence[int] | None = None,
              shown: int = 0) -> str:
    """Who is to do what, and the score; ``replayed`` is the score of the graveyard drawn while the
    step control shows only ``shown`` scares of the last turn (said as such)."""
    black, white = obs.scores
    score = f"{names[0]} {black} – {names[1]} {white}"
    if replayed is not None and obs.last_turn is not None:
        total = len(obs.last_turn.scares)
        now = f"{names[0]} {replayed[0]} – {names[1]} {replayed[1]} after {shown} of {total} " \
              f"scare{'s' if total != 1 else ''}"
        score = f"{score}; shown: {now}" if obs.winner is not None else now
    if obs.winner is not None:
        tie = " (a tie goes to the start player)" if black == white else ""
        return f"Game over: {names[obs.winner]} wins{tie}.  {score}"
    who = names[obs.to_move]
    doing = "chooses the scare order" if obs.pending else f"to place {obs.hands[obs.to_move]}"
    return f"{score}   ·   placement {obs.placements + (0 if obs.pending else 1)} of " \
           f"{obs.total_placements}: {who} {doing}"


# --- the last turn, step by step ------------------------------------------------------------
def _replayed(obs: Observation, replay: str | None) -> tuple[Graveyard, int]:
    """The graveyard after the first ``k`` scares of the last turn (all of them by default)."""
    turn = obs.last_turn
    if turn is None:
        return obs.graveyard, 0
    count = len(turn.scares)
    number, _, step = str(replay or "").partition(":")
    if _int(number, -1) != turn.number or not 0 <= _int(step, -1) < count:
        return obs.graveyard, count
    shown = _int(step, count)
    names = [c.name for c in obs.graveyard.cards]
    undo = [names.index(r.flipped) for r in turn.scares[shown:] if r.flipped]
    return obs.graveyard.with_flips(undo), shown  # flips are their own inverse, so order is free


def _replay_controls(root: Element, obs: Observation, names: list[str], shown: int, x: float, y: float
                     ) -> None:
    turn = obs.last_turn
    if turn is None:
        sub(root, "text", "No card placed in this game yet.", x=x, y=y + 16, font_size=13)
        return
    total = len(turn.scares)
    flips = sum(1 for r in turn.scares if r.flipped)
    if obs.pending:  # O5: the turn is still going on, its scare order being chosen
        done = f"{total} scare{'s' if total != 1 else ''} done, " if total else ""
        move = action_words(turn.action, brief=True)
        summary = f"This turn: {names[turn.seat]} — {move}; {done}{len(obs.pending)} " \
                  f"scare{'s' if len(obs.pending) != 1 else ''} to order."
    else:
        summary = f"Last turn: {names[turn.seat]} — {action_words(turn.action, brief=True)}; {flips} " \
                  f"flip{'s' if flips != 1 else ''}."
    fitted_text(root, summary, BOARD_W - 40, font_size=13, x=x, y=y + 14)
    if total == 0:
        return
    sub(root, "text", f"Scares shown: {shown} of {total}", x=x, y=y + 40, font_size=13)
    controls = [("start", 0, "Replay the last turn's scares from the start"),
                ("◀", max(0, shown - 1), "Show one scare fewer"),
                ("▶", min(total, shown + 1), "Show one scare more"),
                ("all", total, "Show all the scares")]
    for i, (label, step, words) in enumerate(controls):
        bx = x + 140 + i * 48
        group = control(root, f"{words} (now {shown} of {total})", f"ui:replay={turn.number}:{step}",
                        key=f"replay {label}")
        sub(group, "rect", x=bx, y=y + 24, width=42, height=24, rx=5, fill="#ffffff", stroke="#555")
        sub(group, "text", label, x=bx + 21, y=y + 41, font_size=13, text_anchor="middle")


def _scare_lines(root: Element, records: Sequence[Any], xy: Any, size: int) -> None:
    for number, record in enumerate(records, start=1):
        x0, y0 = _centre(xy(record.ghost), size)
        end = record.stop or (record.path[-1] if record.path else None)
        if end is None:
            ex, ey = x0, y0
        else:
            ex, ey = _centre(xy(end), size)
        flip = record.outcome == "flip"
        colour = FLIP if flip else "#3a3a3a"
        dash = None if flip else ("2 4" if record.outcome == "nothing" else "7 4")
        sub(root, "line", x1=x0, y1=y0, x2=ex, y2=ey, stroke=colour, stroke_width=max(3, size // 9),
            stroke_dasharray=dash, stroke_linecap="round", opacity=0.9)
        if flip or record.stop is not None:
            sub(root, "circle", cx=ex, cy=ey, r=size * 0.42, fill="none", stroke=colour,
                stroke_width=3, stroke_dasharray=dash)
        badge = sub(root, "g")
        # the number's disc is darker than the line, so that its white number reads at 6:1
        sub(badge, "circle", cx=x0 + size * 0.32, cy=y0 - size * 0.32, r=max(8.5, size * 0.2),
            fill=FLIP_BADGE if flip else colour,
            stroke="#ffffff", stroke_width=1.5)
        sub(badge, "text", str(number), x=x0 + size * 0.32, y=y0 - size * 0.32 + 4.2,
            font_size=12, text_anchor="middle", fill="#ffffff", font_weight="bold")
        sub(badge, "title", f"scare {number}: {record.outcome}"
            + (f" ({record.flipped} flipped)" if record.flipped else ""))


def _centre(corner: tuple[float, float], size: int) -> tuple[float, float]:
    return corner[0] + size / 2, corner[1] + size / 2


# --- choices -----------------------------------------------------------------------------
def _scare_choices(root: Element, legal: Sequence[Scare], xy: Any, size: int, clickable: bool) -> None:
    for action in legal:
        x, y = xy(action.square)
        label = f"Scare with the ghost at {square_words(*action.square)}" + (
            ": ghosts scare in the order you choose them" if clickable
            else ": a ghost waiting for its turn to scare")
        group = control(root, label, str(action))
        sub(group, "rect", x=x + 1, y=y + 1, width=size - 2, height=size - 2, rx=size * 0.2,
            fill=CHOICE, fill_opacity=0.2, stroke=CHOICE, stroke_width=4, stroke_dasharray="6 3")
        sub(group, "title", label)


def _spots(root: Element, obs: Observation, legal: Sequence[Place], rotation: int, side: str,
           xy: Any, size: int) -> None:
    """A clickable spot on each legal top-left square, with a hover preview of the card there."""
    spec = obs.card(legal[0].card)
    shown = sorted((a for a in legal if a.rotation == rotation and a.side == side),
                   key=lambda a: (a.row, a.col))
    turned = f"turned {rotation}°" + (", back side up" if side == "back" else "")
    box = obs.graveyard.sandbox()  # one working copy for every spot's "it would scare"
    layer = sub(root, "g", class_="boo-spots", role="grid",
                aria_label=f"Where {spec.name} {turned} can lie: {len(shown)} squares for its top-left")
    row: Element | None = None
    for index, action in enumerate(shown):
        if index == 0 or action.row != shown[index - 1].row:
            row = sub(layer, "g", role="row")
        assert row is not None
        x, y = xy((action.row, action.col))
        label = place_label(action, obs, box)
        spot = control(row, label, str(action), role="gridcell", tag="rect", x=x + 2, y=y + 2,
                       width=size - 4, height=size - 4, rx=size * 0.18, fill="#ffffff", fill_opacity=0.22,
                       stroke="#ffffff", stroke_width=1.5, stroke_dasharray="3 3", class_="boo-spot",
                       data_row=action.row, data_col=action.col)
        sub(spot, "title", label)
        preview = sub(row, "g", class_="boo-preview", pointer_events="none", aria_hidden="true")
        _card(preview, make_placed(spec, action.row, action.col, rotation, side), xy, size, ACTIVE)


# --- cards and what is on them -----------------------------------------------------------
def _card(parent: Element, card: Placed, xy: Any, size: int, frame: str | None,
          opacity: float | None = None) -> None:
    xs = [xy(sq) for sq in card.squares]
    x, y = min(p[0] for p in xs), min(p[1] for p in xs)
    w, h = (size, 3 * size) if card.vertical else (3 * size, size)
    line = LINES[card.deck]
    group = sub(parent, "g", opacity=opacity)
    sub(group, "title", f"{card.name} ({card.deck}, {card.side} up)")
    sub(group, "rect", x=x + 1.5, y=y + 1.5, width=w - 3, height=h - 3, rx=4, fill=CARD_BG,
        stroke=line, stroke_width=3)
    for k in (1, 2):
        if card.vertical:
            sub(group, "line", x1=x + 1.5, y1=y + k * size, x2=x + w - 1.5, y2=y + k * size, stroke=line,
                stroke_width=2)
        else:
            sub(group, "line", x1=x + k * size, y1=y + 1.5, x2=x + k * size, y2=y + h - 1.5, stroke=line,
                stroke_width=2)
    for (sx, sy), token in zip(xs, card.tokens):
        _token(group, token, sx + size / 2, sy + size / 2, size)
    if frame:
        sub(group, "rect", x=x - 1, y=y - 1, width=w + 2, height=h + 2, rx=5, fill="none", stroke=frame,
            stroke_width=3.5)


def _token(parent: Element, token: str, cx: float, cy: float, size: float) -> None:
    if token == "T":
        s = size
        sub(parent, "path", d=f"M{cx - .2 * s:.1f},{cy + .3 * s:.1f} V{cy - .08 * s:.1f} "
                             f"A{.2 * s:.1f},{.2 * s:.1f} 0 0 1 {cx + .2 * s:.1f},{cy - .08 * s:.1f} "
                             f"V{cy + .3 * s:.1f} Z", fill="#8d8d8d", stroke="#333333", stroke_width=1.5)
        sub(parent, "path", d=f"M{cx:.1f},{cy - .14 * s:.1f} V{cy + .16 * s:.1f} "
                             f"M{cx - .09 * s:.1f},{cy - .03 * s:.1f} H{cx + .09 * s:.1f}",
            stroke="#333333", stroke_width=max(1.5, s / 20))
    elif len(token) == 2:
        _ghost(parent, token[0], token[1], cx, cy, size)


def _ghost(parent: Element, colour: str, facing: str, cx: float, cy: float, s: float) -> None:
    """A ghost drawn looking up, turned to its facing, with an orange arrow ahead of its head."""
    fill, outline = GHOST[colour]
    group = sub(parent, "g", transform=f"rotate({ANGLE[facing]} {cx:.1f} {cy:.1f})")
    w, low = 0.24 * s, cy + 0.3 * s
    wave = " ".join(f"L{cx + w - k * w / 3:.1f},{low - (0.07 * s if k % 2 else 0):.1f}" for k in range(7))
    sub(group, "path", d=f"M{cx - w:.1f},{low:.1f} V{cy - 0.04 * s:.1f} "
                         f"A{w:.1f},{w:.1f} 0 0 1 {cx + w:.1f},{cy - 0.04 * s:.1f} V{low:.1f} {wave} Z",
        fill=fill, stroke=outline, stroke_width=1.5)
    for dx in (-0.09, 0.09):
        sub(group, "circle", cx=cx + dx * s, cy=cy - 0.08 * s, r=0.045 * s, fill=outline)
    sub(group, "path", d=f"M{cx:.1f},{cy - 0.49 * s:.1f} L{cx + 0.13 * s:.1f},{cy - 0.33 * s:.1f} "
                         f"L{cx - 0.13 * s:.1f},{cy - 0.33 * s:.1f} Z",
        fill=ARROW, stroke="#111111", stroke_width=1)


# --- the players' panel ------------------------------------------------------------------
def _panel(root: Element, obs: Observation, names: list[str], scores: Sequence[int], legal: Sequence[Any],
           rotation: int, side: str, x: float, y: float, scripted: Any = None) -> None:
    small = 26
    for seat in (0, 1):
        top = y + seat * 128
        mark = " ◀ to move" if obs.to_move == seat and obs.winner is None else ""
        sub(root, "rect", x=x, y=top, width=PANEL, height=120, rx=8, fill="#ffffff", stroke="#999999")
        sub(root, "text", f"{names[seat]} ({COLOURS[seat]} ghosts){mark}", x=x + 10, y=top + 20,
            font_size=14, font_weight="bold")
        sub(root, "text", f"score {scores[seat]}", x=x + 10, y=top + 42, font_size=20,
            font_weight="bold", fill="#000000")
        sub(root, "text", f"{len(obs.unseen[seat])} unseen in deck", x=x + 120, y=top + 40, font_size=12)
        for k, (label, name) in enumerate((("hand", obs.hands[seat]), ("top of deck", obs.tops[seat]))):
            ty = top + 52 + k * 34
            sub(root, "text", label, x=x + 10, y=ty + 18, font_size=12)
            if name is None:
                sub(root, "text", "—", x=x + 100, y=ty + 18, font_size=12)
                continue
            spec = obs.card(name)
            where = "hand" if k == 0 else "top of deck"
            group = control(root, f"{names[seat]}'s {where}: {card_words(spec)}", key=f"{where} {seat}",
                            role="img")
            _card(group, make_placed(spec, 0, 0, 0, "front"),
                  lambda sq, ox=x + 90, oy=ty: (ox + sq[1] * small, oy + sq[0] * small), small, None)
            sub(group, "text", name, x=x + 90 + 3 * small + 8, y=ty + 18, font_size=12)
    if legal and scripted is not None:
        _scripted_choice(root, obs, names[obs.to_move], legal[0], scripted, x, y + 262)
    elif legal and isinstance(legal[0], Place):
        _placing_controls(root, obs, legal[0].card, rotation, side, x, y + 262)
    elif legal:
        sub(root, "text", "Click the ringed ghosts in the", x=x, y=y + 276, font_size=13)
        sub(root, "text", "order they should scare.", x=x, y=y + 294, font_size=13)


def _scripted_choice(root: Element, obs: Observation, who: str, choice: Any, scripted: Any,
                     x: float, y: float) -> None:
    """A walkthrough's choice, told rather than asked for: the script plays it, the learner steps."""
    if isinstance(choice, Place):
        lines = [f"Next: {who} places {choice.card}"]
        if isinstance(scripted, Place):
            lines += ["with its top-left at", f"{square_words(scripted.row, scripted.col)},",
                      f"turned {scripted.rotation}°, {scripted.side} side up."]
            shown = make_placed(obs.card(scripted.card), 0, 0, scripted.rotation, scripted.side)
        else:
            lines[0] += "."
            shown = make_placed(obs.card(choice.card), 0, 0, 0, "front")
        size = 34
        _card(root, shown, lambda sq: (x + 10 + sq[1] * size, y + 76 + sq[0] * size), size, None)
    else:
        lines = [f"{who} chooses which ringed ghost", "scares first."]
        if isinstance(scripted, Scare):
            lines[1:] = ["scares first: the one at", f"{square_words(*scripted.square)}."]
    for row, line in enumerate(lines):
        sub(root, "text", line, x=x, y=y + 12 + 17 * row, font_size=13)


def _placing_controls(root: Element, obs: Observation, card: str, rotation: int, side: str,
                      x: float, y: float) -> None:
    sub(root, "text", f"Place {card}: turn it and choose a side,", x=x, y=y + 12, font_size=13)
    sub(root, "text", "then click a dashed square (its top-left).", x=x, y=y + 29, font_size=13)
    for i, value in enumerate(ROTATIONS):
        _toggle(root, f"{value}°", f"Turn {card} to {value}°", f"ui:rotation={value}", value == rotation,
                x + i * 52, y + 40, 46)
    for i, name in enumerate(SIDES):
        _toggle(root, name, f"{card} {name} side up", f"ui:side={name}", name == side, x + i * 78, y + 72, 72)
    size = 34
    placed = make_placed(obs.card(card), 0, 0, rotation, side)
    _card(root, placed, lambda sq, ox=x + 10, oy=y + 110: (ox + sq[1] * size, oy + sq[0] * size), size, None)


def _toggle(root: Element, label: str, words: str, action: str, on: bool, x: float, y: float,
            w: float) -> None:
    group = control(root, words, action, aria_pressed="true" if on else "false")
    sub(group, "rect", x=x, y=y, width=w, height=26, rx=6, fill="#0072B2" if on else "#ffffff",
        stroke="#0072B2", stroke_width=1.5)
    sub(group, "text", label, x=x + w / 2, y=y + 18, font_size=13, text_anchor="middle",
        fill="#ffffff" if on else "#0072B2")


def describe_turn(observation: Observation, names: list[str]) -> str:
    """The status line: whose turn, what to do, the score."""
    black, white = observation.scores
    score = f"{names[0]} {black}, {names[1]} {white}"
    who = names[observation.to_move]
    if observation.pending:
        return f"{who}: click the ringed ghosts in the order they should scare ({score})."
    return f"{who} to place {observation.hands[observation.to_move]} ({score})."


def describe(observation: Observation, seat_names: Sequence[str]) -> list[str]:
    """The position in words for the text mode: the score and whose turn, both players, every card
    in the graveyard, and the last turn."""
    obs, names = observation, list(seat_names)
    lines = [_headline(obs, names) + "."]
    for seat in (0, 1):
        hand, top = (card_words(obs.card(n)) if n else "no card" for n in (obs.hands[seat], obs.tops[seat]))
        lines.append(f"{names[seat]} ({COLOURS[seat]} ghosts): score {obs.scores[seat]}; hand {hand}; "
                     f"top of deck {top}; {len(obs.unseen[seat])} unseen in deck.")
    lines += [f"In the graveyard: {card_label(card)}." for card in obs.graveyard.cards]
    turn = obs.last_turn
    if turn is not None:
        flips = [r.flipped for r in turn.scares if r.flipped]
        lines.append(f"Last turn: {names[turn.seat]}, {action_words(turn.action)}; "
                     + (f"flipped {', '.join(flips)}." if flips else "no card flipped."))
    if obs.pending:
        lines.append(f"{names[obs.to_move]} chooses which ghost scares next: "
                     + ", ".join(f"the one at {square_words(r, c)}" for r, c in obs.pending) + ".")
    return lines


# --- the words of the keyboard, the screen reader and typed commands (issue 32) -------------
_SQUARE = re.compile(r"\((-?\d+),(-?\d+)\)")
_FACING = re.compile(r" \(facing ([<>^v])\)")
_ROT = re.compile(r",? rot (\d+)")
_PLACE = re.compile(r"^place (\S+) at \((-?\d+),(-?\d+)\) rot (\d+) (front|back)$")


def action_words(text: str, brief: bool = False) -> str:
    """A move's text in words: "place K6 at (1,4) rot 270 back" is "place K6 at column 4, row 1,
    turned 270°, back side up" (``brief``: "K6 at column 4, row 1, 270° back", for the board)."""
    match = _PLACE.match(text)
    if match is None:
        return log_words(text)
    card, row, col, rotation, side = match.groups()
    if brief:
        return f"{card} at {square_words(int(row), int(col))}, {rotation}° {side}"
    return f"place {card} at {square_words(int(row), int(col))}, turned {rotation}°, {side} side up"


def log_words(line: str) -> str:
    """An engine's log line with its squares in words ("column 4, row -3"), the facings as words and
    the rotation in degrees: the order and words the board's labels use."""
    line = _FACING.sub(lambda m: f", facing {FACING_WORDS[m.group(1)]},", line)
    line = _ROT.sub(lambda m: f", turned {m.group(1)}°", line)
    line = _SQUARE.sub(lambda m: square_words(int(m.group(1)), int(m.group(2))), line)
    return line.replace(",,", ",").replace(", :", ":")


def short(line: str) -> str | None:
    """What is said of a log line (in words): a placement as it is, a scare only by the card it
    flips ("G6 flips."); scares that flip nothing and the cards drawn are said on demand ("last",
    "hand")."""
    if " plays " in line or line.startswith(("Game over", "The game")):
        return None
    flips = re.search(r": (\S+) flips\.$", line)
    if flips:
        return f"{flips.group(1)} flips."
    if line.startswith("The ") or " into hand" in line or "'s deck shows" in line:
        return ""
    return None


def answers(observation: Observation, seat_names: Sequence[str]) -> dict[str, str]:
    """Short answers to typed questions: "hand" (both players' hand and top cards, in words) and
    "score"."""
    obs, names = observation, list(seat_names)
    cards = []
    for seat in (0, 1):
        for where, name in (("hand", obs.hands[seat]), ("top of deck", obs.tops[seat])):
            if name:
                cards.append(f"{names[seat]}'s {where}: {card_words(obs.card(name))}.")
    black, white = obs.scores
    return {"hand": " ".join(cards) or "No card in hand.",
            "score": f"{names[0]} {black}, {names[1]} {white}; placement {obs.placements} of "
                     f"{obs.total_placements}."}


def phrases(action: Any, observation: Observation, seat_names: Sequence[str]) -> list[str]:
    """What a learner may type for a move: "place K12 at column 4 row -3 turned 90 [back]" (a 0°
    turn and the front side may be left out), "scare with the ghost at column 4 row -3"."""
    if isinstance(action, Place):
        rotation = f"[{action.rotation}]" if action.rotation == 0 else str(action.rotation)
        side = "[front]" if action.side == "front" else "back"
        return [f"place {action.card} at column {action.col} row {action.row} turned {rotation} {side}"]
    if isinstance(action, Scare):
        row, col = action.square
        return [f"scare with the ghost at column {col} row {row}"]
    return [str(action)]


def prompt(observation: Observation, legal: Sequence[Any], seat_names: Sequence[str]) -> str:
    """What is said when the seat's turn comes: the card to place, in words, or the scare order to
    choose."""
    obs, names = observation, list(seat_names)
    if obs.pending:
        return (f"{names[obs.to_move]}: choose which ghost scares next: "
                + "; ".join(f"the one at {square_words(r, c)}" for r, c in obs.pending) + ".")
    card = obs.hands[obs.to_move]
    return f"{names[obs.to_move]}, your turn: place {card_words(obs.card(card))}." if card else ""
