"""The Game of the Goose board: a pure function from an observation to SVG.

The 63 squares run in a rectangular spiral from the bottom left to the centre, as on the printed
boards; the special squares come from the rules' one table (`rules.SQUARES`) and are drawn as
small pictograms (goose, bridge, tankard, well, maze, prison bars, skull, the opening dice).
Square 0 is the start area below the board, where several pawns sit side by side.  Pawns use the
Okabe-Ito colours and carry their seat number, so they stay distinct for colour-blind players.
The dice show the last roll; when the viewer may roll they carry ``data-action="roll"``.
Everyone sees everything: the Goose game has no hidden information.

For the keyboard and screen readers (issues 22 and 32) every square is a readable element along the
spiral ("Square 31, the Well: Player 2's pawn"), then the players' panel ("Where the pawns are:
...", one arrow before the dice), then the dice ("Roll the dice"); `describe` says the position in
words for the table's text mode, and `answers` what the typed questions "score" and "hand" ask.
The trail of the last move follows the spiral square by square (a goose chain no longer cuts across
the board); only the jumps (the Bridge, the Maze, Death, an opening roll) are drawn straight.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from functools import cache
from typing import Any

from ...ui.svg import OKABE_ITO, control, sub, svg_root, to_text
from .rules import FINISH, SQUARES, Observation, plural, seat_name

OPTIONS = {"hide_trail": "Hide the trail of the last move"}
# The board's panel says who won: the table's "Game over" line would repeat it.
RESULT_ON_BOARD = True

CELL = 62
COLUMNS, ROWS = 9, 7
MARGIN = 14
BOARD_W, BOARD_H = COLUMNS * CELL, ROWS * CELL
START_Y = MARGIN + BOARD_H + 10
START_H = 48
PANEL_X = MARGIN + BOARD_W + 22
WIDTH = PANEL_X + 262
HEIGHT = START_Y + START_H + MARGIN

FILL = {"plain": "#fbf5e6", "goose": "#dcecf7", "bridge": "#ecdcc8", "tavern": "#f6e3bd",
        "well": "#d5e5f3", "maze": "#e5def0", "prison": "#dedede", "death": "#f1d3d3",
        "dice": "#e1f0dd", "finish": "#f6d96b"}

LEGEND = [("goose", "goose: move your roll again"), ("bridge", "Bridge: 6 → 12"),
          ("tavern", "Tavern: miss two turns"), ("well", "Well: wait to be freed"),
          ("maze", "Maze: 42 → 30"), ("prison", "Prison: wait to be freed"),
          ("death", "Death: back to 0"), ("dice", "first roll 6+3 → 26, 4+5 → 53")]


@cache
def spiral() -> tuple[tuple[int, int], ...]:
    """(column, row) of squares 1..63: from the bottom-left corner, anticlockwise, inwards."""
    cells: list[tuple[int, int]] = []
    top, bottom, left, right = 0, ROWS - 1, 0, COLUMNS - 1
    while left <= right and top <= bottom:
        cells += [(c, bottom) for c in range(left, right + 1)]
        bottom -= 1
        cells += [(right, r) for r in range(bottom, top - 1, -1)]
        right -= 1
        if top <= bottom:
            cells += [(c, top) for c in range(right, left - 1, -1)]
            top += 1
        if left <= right:
            cells += [(left, r) for r in range(top, bottom + 1)]
            left += 1
    return tuple(cells[:FINISH])


def centre(square: int, seat: int = 0) -> tuple[float, float]:
    """Where a pawn stands: a square's centre, or its own slot in the start area (square 0)."""
    if square == 0:
        return MARGIN + 22 + seat * 30, START_Y + START_H / 2 + 4
    column, row = spiral()[square - 1]  # bottom right of the square: the picture stays visible
    return MARGIN + (column + 1) * CELL - 17, MARGIN + (row + 1) * CELL - 17


def seat_colour(seat: int) -> str:
    return OKABE_ITO[seat % 6]


def _ink(colour: str) -> str:
    """Black or white text, whichever contrasts more with ``colour`` (WCAG's relative luminance)."""
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#fff"


# --- pictograms: each draws into a box of side ``s`` centred on (x, y) ---------------------------
def _goose(g: ET.Element, x: float, y: float, s: float) -> None:
    sub(g, "ellipse", cx=x + 0.06 * s, cy=y + 0.14 * s, rx=0.3 * s, ry=0.17 * s, fill="#fff",
        stroke="#444", stroke_width=1.2)
    sub(g, "path", d=f"M{x + 0.33 * s:.1f},{y + 0.1 * s:.1f} l{0.12 * s:.1f},{-0.08 * s:.1f} "
                     f"l{-0.04 * s:.1f},{0.14 * s:.1f}z", fill="#fff", stroke="#444", stroke_width=1)
    sub(g, "path", d=f"M{x - 0.16 * s:.1f},{y + 0.08 * s:.1f} Q{x - 0.3 * s:.1f},{y - 0.05 * s:.1f} "
                     f"{x - 0.2 * s:.1f},{y - 0.24 * s:.1f}", fill="none", stroke="#444",
        stroke_width=0.13 * s, stroke_linecap="round")
    sub(g, "path", d=f"M{x - 0.16 * s:.1f},{y + 0.08 * s:.1f} Q{x - 0.3 * s:.1f},{y - 0.05 * s:.1f} "
                     f"{x - 0.2 * s:.1f},{y - 0.24 * s:.1f}", fill="none", stroke="#fff",
        stroke_width=0.09 * s, stroke_linecap="round")
    sub(g, "path", d=f"M{x - 0.26 * s:.1f},{y - 0.28 * s:.1f} l{-0.15 * s:.1f},{0.05 * s:.1f} "
                     f"l{0.15 * s:.1f},{0.04 * s:.1f}z", fill="#E69F00", stroke="#8a5a00", stroke_width=0.6)
    sub(g, "circle", cx=x - 0.2 * s, cy=y - 0.25 * s, r=0.08 * s, fill="#fff", stroke="#444",
        stroke_width=1)
    sub(g, "circle", cx=x - 0.22 * s, cy=y - 0.27 * s, r=0.022 * s, fill="#000")
    sub(g, "path", d=f"M{x - 0.04 * s:.1f},{y + 0.1 * s:.1f} q{0.16 * s:.1f},{0.1 * s:.1f} "
                     f"{0.3 * s:.1f},{-0.02 * s:.1f}", fill="none", stroke="#888", stroke_width=1)


def _bridge(g: ET.Element, x: float, y: float, s: float) -> None:
    sub(g, "path", d=f"M{x - 0.42 * s:.1f},{y + 0.22 * s:.1f} q{0.1 * s:.1f},{-0.06 * s:.1f} "
                     f"{0.2 * s:.1f},0 t{0.2 * s:.1f},0 t{0.2 * s:.1f},0 t{0.2 * s:.1f},0",
        fill="none", stroke="#0072B2", stroke_width=1.5)
    sub(g, "path", d=f"M{x - 0.42 * s:.1f},{y + 0.16 * s:.1f} L{x - 0.42 * s:.1f},{y - 0.06 * s:.1f} "
                     f"L{x + 0.42 * s:.1f},{y - 0.06 * s:.1f} L{x + 0.42 * s:.1f},{y + 0.16 * s:.1f} "
                     f"L{x + 0.26 * s:.1f},{y + 0.16 * s:.1f} Q{x:.1f},{y - 0.18 * s:.1f} "
                     f"{x - 0.26 * s:.1f},{y + 0.16 * s:.1f}z", fill="#b88a5c", stroke="#5c3d1e",
        stroke_width=1.2)
    sub(g, "path", d=f"M{x - 0.42 * s:.1f},{y - 0.2 * s:.1f} L{x + 0.42 * s:.1f},{y - 0.2 * s:.1f} "
                     + "".join(f"M{x + k * 0.14 * s:.1f},{y - 0.2 * s:.1f} v{0.14 * s:.1f} "
                               for k in range(-3, 4)), stroke="#5c3d1e", stroke_width=1.2)


def _tavern(g: ET.Element, x: float, y: float, s: float) -> None:
    sub(g, "path", d=f"M{x + 0.12 * s:.1f},{y - 0.1 * s:.1f} h{0.1 * s:.1f} q{0.08 * s:.1f},0 "
                     f"{0.08 * s:.1f},{0.1 * s:.1f} v{0.1 * s:.1f} q0,{0.1 * s:.1f} {-0.08 * s:.1f},"
                     f"{0.1 * s:.1f} h{-0.1 * s:.1f}", fill="none", stroke="#6b4a10",
        stroke_width=0.06 * s)
    sub(g, "rect", x=x - 0.24 * s, y=y - 0.16 * s, width=0.38 * s, height=0.44 * s, rx=0.04 * s,
        fill="#E69F00", stroke="#6b4a10", stroke_width=1.2)
    sub(g, "ellipse", cx=x - 0.05 * s, cy=y - 0.18 * s, rx=0.23 * s, ry=0.09 * s, fill="#fff",
        stroke="#999", stroke_width=0.8)
    sub(g, "path", d=f"M{x - 0.14 * s:.1f},{y - 0.02 * s:.1f} v{0.22 * s:.1f} M{x + 0.04 * s:.1f},"
                     f"{y - 0.02 * s:.1f} v{0.22 * s:.1f}", stroke="#b36b00", stroke_width=1)


def _well(g: ET.Element, x: float, y: float, s: float) -> None:
    sub(g, "path", d=f"M{x - 0.22 * s:.1f},{y + 0.04 * s:.1f} V{y - 0.3 * s:.1f} M{x + 0.22 * s:.1f},"
                     f"{y + 0.04 * s:.1f} V{y - 0.3 * s:.1f} M{x:.1f},{y - 0.3 * s:.1f} v{0.2 * s:.1f}",
        stroke="#5c3d1e", stroke_width=1.6)
    sub(g, "path", d=f"M{x - 0.34 * s:.1f},{y - 0.26 * s:.1f} L{x:.1f},{y - 0.42 * s:.1f} "
                     f"L{x + 0.34 * s:.1f},{y - 0.26 * s:.1f}z", fill="#D55E00", stroke="#6b2a00",
        stroke_width=1)
    sub(g, "rect", x=x - 0.06 * s, y=y - 0.12 * s, width=0.12 * s, height=0.1 * s, fill="#8a6a4a")
    sub(g, "rect", x=x - 0.3 * s, y=y + 0.02 * s, width=0.6 * s, height=0.28 * s, fill="#9a9a9a",
        stroke="#444", stroke_width=1.2)
    sub(g, "ellipse", cx=x, cy=y + 0.03 * s, rx=0.3 * s, ry=0.07 * s, fill="#1f4e79", stroke="#444",
        stroke_width=1.2)
    sub(g, "path", d=f"M{x - 0.3 * s:.1f},{y + 0.16 * s:.1f} h{0.6 * s:.1f} M{x - 0.1 * s:.1f},"
                     f"{y + 0.1 * s:.1f} v{0.06 * s:.1f} M{x + 0.12 * s:.1f},{y + 0.16 * s:.1f} "
                     f"v{0.14 * s:.1f}", stroke="#555", stroke_width=0.8)


def _maze(g: ET.Element, x: float, y: float, s: float) -> None:
    u = 0.07 * s
    points = [(-5, 5), (-5, -5), (5, -5), (5, 3), (-3, 3), (-3, -3), (3, -3), (3, 1), (-1, 1), (-1, -1)]
    d = "M" + " L".join(f"{x + px * u:.1f},{y + py * u:.1f}" for px, py in points)
    sub(g, "rect", x=x - 0.42 * s, y=y - 0.42 * s, width=0.84 * s, height=0.84 * s, fill="#cdbfe6",
        rx=0.05 * s)
    sub(g, "path", d=d, fill="none", stroke="#3b2a5c", stroke_width=0.05 * s, stroke_linejoin="round")


def _prison(g: ET.Element, x: float, y: float, s: float) -> None:
    sub(g, "rect", x=x - 0.32 * s, y=y - 0.34 * s, width=0.64 * s, height=0.62 * s, fill="#555",
        rx=0.04 * s)
    sub(g, "rect", x=x - 0.24 * s, y=y - 0.26 * s, width=0.48 * s, height=0.46 * s, fill="#c9d6e3")
    bars = "".join(f"M{x + k * 0.12 * s:.1f},{y - 0.26 * s:.1f} v{0.46 * s:.1f} " for k in range(-1, 2))
    sub(g, "path", d=bars + f"M{x - 0.24 * s:.1f},{y - 0.03 * s:.1f} h{0.48 * s:.1f}", stroke="#222",
        stroke_width=0.05 * s)


def _death(g: ET.Element, x: float, y: float, s: float) -> None:
    sub(g, "circle", cx=x, cy=y - 0.08 * s, r=0.27 * s, fill="#f4f1ea", stroke="#333", stroke_width=1.2)
    sub(g, "rect", x=x - 0.15 * s, y=y + 0.1 * s, width=0.3 * s, height=0.16 * s, rx=0.03 * s,
        fill="#f4f1ea", stroke="#333", stroke_width=1.2)
    for dx in (-0.11, 0.11):
        sub(g, "circle", cx=x + dx * s, cy=y - 0.1 * s, r=0.075 * s, fill="#111")
    sub(g, "path", d=f"M{x:.1f},{y + 0.0 * s:.1f} l{-0.04 * s:.1f},{0.07 * s:.1f} h{0.08 * s:.1f}z",
        fill="#111")
    sub(g, "path", d="".join(f"M{x + k * 0.06 * s:.1f},{y + 0.14 * s:.1f} v{0.12 * s:.1f} "
                             for k in (-1, 0, 1)), stroke="#333", stroke_width=0.8)


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die(g: ET.Element, x: float, y: float, size: float, value: int | None) -> None:
    """A die with its top-left corner at (x, y), showing ``value`` (``None``: a question mark)."""
    sub(g, "rect", x=x, y=y, width=size, height=size, rx=size * 0.18, fill="#fff", stroke="#333",
        stroke_width=max(1, size / 28))
    if value is None:
        sub(g, "text", "?", x=x + size / 2, y=y + size * 0.68, text_anchor="middle",
            font_size=size * 0.55, fill="#666")
        return
    for px, py in PIPS[value]:
        sub(g, "circle", cx=x + size / 2 + px * size * 0.27, cy=y + size / 2 + py * size * 0.27,
            r=size * 0.09, fill="#222")


def _dice(g: ET.Element, x: float, y: float, s: float, pair: tuple[int, int] = (6, 3)) -> None:
    size = 0.4 * s
    die(g, x - 0.44 * s, y - 0.2 * s, size, pair[0])
    die(g, x + 0.04 * s, y - 0.2 * s, size, pair[1])


PICTURES = {"goose": _goose, "bridge": _bridge, "tavern": _tavern, "well": _well, "maze": _maze,
            "prison": _prison, "death": _death, "dice": _dice}
PICTURE_SIZE = CELL * 0.72


@cache
def _symbols() -> ET.Element:
    """Each pictogram once, as an SVG symbol that the squares and the legend reuse, so the board's
    SVG (sent on every click) does not repeat every goose in full.
    The ids are the same in every board on a page, and so are the symbols they name."""
    defs = ET.Element("defs")
    half = PICTURE_SIZE / 2
    for name, draw in PICTURES.items():
        if name != "dice":  # the opening squares show their own pair of dice
            symbol = sub(defs, "symbol", id=f"gw-goose-{name}", overflow="visible",
                         viewBox=f"{-half:.1f} {-half:.1f} {PICTURE_SIZE:.1f} {PICTURE_SIZE:.1f}")
            draw(symbol, 0, 0, PICTURE_SIZE)
    return defs


def picture(g: ET.Element, name: str, x: float, y: float, size: float) -> None:
    """Place pictogram ``name`` centred on (x, y) in a box of side ``size``."""
    if name == "dice":
        _dice(g, x, y, size)
    else:
        sub(g, "use", href=f"#gw-goose-{name}", x=x - size / 2, y=y - size / 2, width=size, height=size)


# --- the board ----------------------------------------------------------------------------------
def _square(g: ET.Element, number: int) -> None:
    column, row = spiral()[number - 1]
    x, y = MARGIN + column * CELL, MARGIN + row * CELL
    special = SQUARES.get(number)
    kind = "finish" if number == FINISH else (special.picture if special else "plain")
    cell = sub(g, "g", class_=f"gw-square gw-{kind}", data_square=number)
    sub(cell, "rect", x=x + 1.5, y=y + 1.5, width=CELL - 3, height=CELL - 3, rx=7, fill=FILL[kind],
        stroke="#7a6a4f", stroke_width=1)
    if special is not None:
        if special.picture == "dice" and special.dice is not None:
            _dice(cell, x + CELL / 2, y + CELL / 2 + 6, CELL * 0.72, special.dice)
        else:
            picture(cell, special.picture, x + CELL / 2, y + CELL / 2 + 5, PICTURE_SIZE)
    if number == FINISH:
        picture(cell, "goose", x + CELL / 2, y + CELL / 2 + 6, CELL * 0.8)
    sub(cell, "text", str(number), x=x + 6, y=y + 14, font_size=12, font_weight="bold", fill="#3d3325")
    if special is not None and special.picture not in ("goose", "dice"):
        # The picture names the square (the legend says what it does); a label would be too small.
        sub(cell, "title", f"{number}: {special.name}")


@cache
def _board_template() -> ET.Element:
    """The squares never change: draw them once; every render appends this same (never mutated)
    element, which ElementTree allows, instead of rebuilding some 700 elements."""
    g = ET.Element("g", {"class": "gw-squares"})
    for number in range(1, FINISH + 1):
        _square(g, number)
    start = sub(g, "g", class_="gw-square gw-start", data_square=0)
    sub(start, "rect", x=MARGIN, y=START_Y, width=6 * 30 + 16, height=START_H, rx=10, fill="#eef3e4",
        stroke="#7a6a4f", stroke_width=1, stroke_dasharray="5 3")
    sub(start, "text", "0 · start", x=MARGIN + 8, y=START_Y + 14, font_size=12, fill="#3d3325")
    return g


def _pawn(g: ET.Element, seat: int, x: float, y: float, to_move: bool, owed: int, held: bool,
          name: str) -> None:
    colour = seat_colour(seat)
    pawn = sub(g, "g", class_="gw-pawn", data_seat=seat)
    if to_move:
        sub(pawn, "circle", cx=x, cy=y, r=16, fill="none", stroke="#000", stroke_width=2.5,
            stroke_dasharray="4 3")
    sub(pawn, "circle", cx=x, cy=y, r=12, fill=colour, stroke="#222", stroke_width=1.5)
    sub(pawn, "text", str(seat + 1), x=x, y=y + 4.5, text_anchor="middle", font_size=13,
        font_weight="bold", fill=_ink(colour))
    if owed or held:
        sub(pawn, "circle", cx=x + 12, cy=y - 12, r=9, fill="#fff", stroke="#222", stroke_width=1)
        sub(pawn, "text", str(owed) if owed else "∞", x=x + 12, y=y - 8, text_anchor="middle",
            font_size=12, fill="#222")
    sub(pawn, "title", name + (f": misses {plural(owed, 'more turn')}" if owed else "")
        + (": held until another pawn frees them" if held else ""))


def trail_squares(obs: Observation) -> list[int]:
    """The squares the trail of the last move visits: ``last_path`` with 63 put back in every
    overshoot (G5), so that a bounce is drawn through the finish and not as a short cut."""
    if not obs.last_path or obs.last_roll is None:
        return list(obs.last_path)
    roll = obs.last_roll.total
    squares = [obs.last_path[0]]
    for start, end in zip(obs.last_path, obs.last_path[1:]):
        # a leg walked past 63 and back; no jump (6→12, 42→30, 58→0) can look like one
        if start + roll > FINISH and end == 2 * FINISH - start - roll:
            squares.append(FINISH)
        squares.append(end)
    return squares


def is_jump(start: int, end: int) -> bool:
    """Whether the pawn went from ``start`` to ``end`` in one jump (a jump square or an opening
    roll) rather than by walking the squares between."""
    square = SQUARES.get(start)
    jumped = square is not None and square.effect == "jump" and square.target == end
    opening = start == 0 and SQUARES.get(end) is not None and SQUARES[end].effect == "opening"
    return jumped or opening


def trail_walk(obs: Observation) -> list[int]:
    """Every square the trail passes, in order: the walked legs square by square along the spiral,
    the jumps straight."""
    stops = trail_squares(obs)
    walk = stops[:1]
    for start, end in zip(stops, stops[1:]):
        if is_jump(start, end):
            walk.append(end)
        else:
            step = 1 if end > start else -1
            walk.extend(range(start + step, end + step, step))
    return walk


def _trail(g: ET.Element, obs: Observation) -> None:
    seat = obs.last_mover
    if seat is None:
        return
    walk = trail_walk(obs)
    if len(walk) < 2:
        return
    trail = sub(g, "g", class_="gw-trail", opacity=0.6)
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (centre(square, seat) for square in walk))
    sub(trail, "polyline", points=points, fill="none", stroke=seat_colour(seat), stroke_width=4,
        stroke_dasharray="7 4", stroke_linejoin="round")
    for square in trail_squares(obs)[1:-1]:  # where each leg ended
        x, y = centre(square, seat)
        sub(trail, "circle", cx=x, cy=y, r=5, fill=seat_colour(seat), stroke="#222", stroke_width=1)


def _dice_panel(g: ET.Element, obs: Observation, may_roll: bool, names: Sequence[str]) -> None:
    x, y = PANEL_X, MARGIN + 40
    roll = obs.last_roll
    last = (f"{names[obs.last_mover]} rolled {roll}" if roll and obs.last_mover is not None
            else "nobody has rolled yet")
    label = "Roll the dice" if may_roll else f"The dice: {last}"
    box = control(g, label, "roll" if may_roll else None, key="dice", class_="gw-dice")
    if may_roll:
        sub(box, "rect", x=x - 6, y=y - 6, width=218, height=104, rx=10, fill="#fff3c4",
            stroke="#E69F00", stroke_width=2)
        sub(box, "rect", class_="gw-hover-only", x=x - 6, y=y - 6, width=218, height=104, rx=10,
            fill="#E69F00", opacity=0.3)
    die(box, x, y, 56, roll.first if roll else None)
    die(box, x + 74, y, 56, roll.second if roll else None)
    sub(box, "text", last, x=x, y=y + 76, font_size=12, fill="#333")
    if may_roll:
        sub(box, "text", "your turn: click the dice to roll", x=x, y=y + 92, font_size=12,
            font_weight="bold", fill="#6b4400")


def _status(obs: Observation, names: Sequence[str]) -> str:
    if obs.finished:
        return (f"{names[obs.winner]} wins!" if obs.winner is not None
                else "Game over: no winner")
    return f"Round {obs.round_number}: {names[obs.to_move]} to roll"


def _players_panel(g: ET.Element, obs: Observation, top: float, names: Sequence[str]) -> float:
    for seat in range(obs.players):
        y = top + seat * 22
        colour = seat_colour(seat)
        sub(g, "circle", cx=PANEL_X + 8, cy=y - 4, r=7, fill=colour, stroke="#222", stroke_width=1)
        sub(g, "text", seat_text(obs, seat, names), x=PANEL_X + 20, y=y, font_size=12,
            fill="#222", font_weight="bold" if seat == obs.to_move and not obs.finished else None,
            text_decoration="line-through" if obs.out[seat] else None)
    return top + obs.players * 22


def seat_text(obs: Observation, seat: int, names: Sequence[str]) -> str:
    """One seat's line of the players' panel: "Player 2 on 31, held in the Well · 3 coins"."""
    if obs.out[seat]:
        state = "out of the game"
    elif obs.held[seat]:
        state = f"on {obs.positions[seat]}, held in {SQUARES[obs.positions[seat]].name}"
    else:
        owed = obs.owed[seat]
        state = f"on {obs.positions[seat]}" + (f", misses {plural(owed, 'turn')}" if owed else "")
    coins = f" · {plural(obs.coins[seat], 'coin')}" if obs.coins else ""
    return f"{names[seat]} {state}{coins}"


def square_label(obs: Observation, number: int, names: Sequence[str]) -> str:
    """What a screen reader says on a square: "Square 31, the Well: Player 2's pawn"."""
    special = SQUARES.get(number)
    if number == 0:
        text = "Start, square 0"
    elif number == FINISH:
        text = f"Square {number}, the finish"
    else:
        text = f"Square {number}" + (f", {special.name}" if special else "")
        if special is not None and special.says:
            text += f" ({special.says})"
    pawns = [seat for seat in range(obs.players) if not obs.out[seat] and obs.positions[seat] == number]
    if pawns:
        text += ": " + " and ".join(f"{names[seat]}'s pawn" for seat in pawns)
    if number == FINISH and obs.coins:
        text += f"; the kitty holds {plural(obs.kitty, 'coin')}"
    return text


def _square_targets(g: ET.Element, obs: Observation, names: Sequence[str]) -> None:
    """Squares 0 to 63 in the keyboard's reach, along the spiral (they are read, not clicked)."""
    layer = sub(g, "g", class_="gw-square-targets", fill="none", pointer_events="none")
    for number in range(FINISH + 1):
        if number == 0:
            x, y, w, h = MARGIN, START_Y, 6 * 30 + 16, START_H
        else:
            column, row = spiral()[number - 1]
            x, y, w, h = MARGIN + column * CELL, MARGIN + row * CELL, CELL, CELL
        control(layer, square_label(obs, number, names), key=f"square {number}", role="img", tag="rect",
                x=x + 1.5, y=y + 1.5, width=w - 3, height=h - 3)


def describe(observation: Observation, seat_names: Sequence[str]) -> list[str]:
    """The position in words (the table's text mode): whose turn, every pawn, the last roll."""
    obs, names = observation, list(seat_names)
    lines = [_status(obs, names) + "."]
    lines += [seat_text(obs, seat, names) + "." for seat in range(obs.players)]
    if obs.coins:
        lines.append(f"Kitty on {FINISH}: {plural(obs.kitty, 'coin')}.")
    if obs.last_roll is not None and obs.last_mover is not None:
        lines.append(f"Last roll: {names[obs.last_mover]} rolled {obs.last_roll}, "
                     f"squares {' → '.join(str(s) for s in trail_squares(obs))}.")
    return lines


def answers(observation: Observation, seat_names: Sequence[str]) -> dict[str, str]:
    """Short answers to typed questions: "score" (where every pawn is) and "hand"."""
    obs, names = observation, list(seat_names)
    kitty = f" Kitty: {plural(obs.kitty, 'coin')}." if obs.coins else ""
    return {"score": _status(obs, names) + ". " + "; ".join(seat_text(obs, seat, names)
                                                             for seat in range(obs.players)) + "." + kitty,
            "hand": "The Game of the Goose has no cards: type roll to roll the dice, or where."}


def _legend(g: ET.Element, top: float) -> None:
    sub(g, "text", "Squares", x=PANEL_X, y=top, font_size=12, font_weight="bold", fill="#333")
    for index, (name, label) in enumerate(LEGEND):
        y = top + 10 + index * 22
        sub(g, "rect", x=PANEL_X, y=y, width=22, height=20, rx=4, fill=FILL[name], stroke="#7a6a4f",
            stroke_width=0.8)
        picture(g, name, PANEL_X + 11, y + 11, 19)
        sub(g, "text", label, x=PANEL_X + 30, y=y + 14, font_size=12, fill="#333")


def render(observation: Observation, legal_actions: Sequence[Any], *, hide_trail: bool = False,
           seat_names: Sequence[str] | None = None, **options: Any) -> str:
    """The board seen by ``observation.seat``; the dice are clickable when ``roll`` is legal.

    ``seat_names`` (given by the table) label the seats as its move log does; by default the
    engine's "Player 1", "Player 2", ...
    """
    obs = observation
    names = list(seat_names) if seat_names else [seat_name(s) for s in range(obs.players)]
    may_roll = any(str(a) == "roll" for a in legal_actions)
    players_top = MARGIN + 160
    legend_top = players_top + obs.players * 22 + (20 if obs.coins else 0) + 14
    height = max(HEIGHT, legend_top + 10 + len(LEGEND) * 22 + 6)
    root = svg_root(WIDTH, height, label=f"Game of the Goose: {_status(obs, names)}", class_="gw-goose")
    sub(root, "rect", x=0, y=0, width=WIDTH, height=height, rx=12, fill="#f3ead2")
    root.append(_symbols())
    root.append(_board_template())
    if obs.coins:  # the kitty lies on the last square
        column, row = spiral()[FINISH - 1]
        x, y = MARGIN + (column + 1) * CELL - 12, MARGIN + row * CELL + 12
        sub(root, "circle", cx=x - 2, cy=y + 2, r=12, fill="#F0E442", stroke="#8a6d00", stroke_width=1.2)
        sub(root, "text", str(obs.kitty), class_="gw-kitty", x=x - 2, y=y + 6, text_anchor="middle",
            font_size=12, font_weight="bold", fill="#3d3325")
    if not hide_trail:
        _trail(root, obs)
    for seat in range(obs.players):
        if not obs.out[seat]:
            px, py = centre(obs.positions[seat], seat)
            _pawn(root, seat, px, py, seat == obs.to_move and not obs.finished and not obs.rolling,
                  obs.owed[seat], obs.held[seat], names[seat])
    _square_targets(root, obs, names)
    sub(root, "text", "Game of the Goose", x=PANEL_X, y=MARGIN + 12, font_size=16, font_weight="bold",
        fill="#3d3325")
    sub(root, "text", _status(obs, names), class_="gw-status", x=PANEL_X, y=MARGIN + 29, font_size=12.5,
        fill="#3d3325")
    # the players' panel before the dice in the SVG: the arrows reach it one step before the dice
    panel = control(root, "Where the pawns are: " + "; ".join(seat_text(obs, seat, names)
                                                                for seat in range(obs.players)) + ".",
                    key="pawns", role="img")
    bottom = _players_panel(panel, obs, players_top, names)
    _dice_panel(root, obs, may_roll, names)
    if obs.coins:
        sub(root, "text", f"Kitty on 63: {plural(obs.kitty, 'coin')}", x=PANEL_X, y=bottom + 2,
            font_size=12, font_weight="bold", fill="#5c3d1e")
    _legend(root, legend_top)
    return to_text(root)
