"""The Boo to the Goose board: a pure SVG renderer over one seat's observation.

One band per player: name, pile and hand sizes, win pile; the face-down row (the viewer's own cards
show what they are, others' are backs); below it, the cards turned face up in this catch round,
lying in front of their owners (the fox in front of the fox player).  The viewer's hand is drawn at
the bottom, face up, until the game is over.  The headline says whose turn it is (the table shows
no status line of its own).  Clickable: a hand card (``play goose``), a face-down card of the current
target (``flip Player 2's card 3``), and the Stop button (``stop``).

The ``coach`` option writes under each row the card-counting chance that a flip there is a dog and
the expected gain of one more flip (`analysis.dog_chance`, `analysis.flip_gain`).  Everything drawn
comes from the observation (B4), so two games that differ only in what the viewer cannot see give
byte-identical SVG.

For the keyboard and screen readers (issue 22) every face-down card, hand card and the Stop button
is reachable and named from the viewer's knowledge only ("Your card 2, face down: you know it is a
dog", "Flip Player 2's card 3"), and `describe` says the position in words for the text mode.
The labels are part of the SVG, so the hidden-information tests that compare it byte for byte
compare them too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...ui.names import said
from ...ui.svg import OKABE_ITO, control, sub, svg_root, to_text
from .analysis import dog_chance, flip_gain, geese_this_round
from .rules import FOX, KINDS, Flip, Observation, Play, Stop, count_text, seat_name

OPTIONS = {"coach": "Coach"}
HIDDEN_INFORMATION = True
# No undo: a flipped or swapped card stays seen, so taking the move back would let a player
# look at hidden cards and choose again.
UNDO = False
# The headline above the bands says whose turn it is or who won, in the static picture too: the
# table shows no status line that would repeat it.
HEADLINE = True

# Sized so that every text is at least 12 px when drawn at WIDTH, and a table of five players with
# its buttons and log fits a 900 px high screen (issue 9.3, 9.8).
WIDTH = 860
BAND = 86  # one player's band; the coach line adds COACH_H
COACH_H = 18
LEFT = 176
CARD_W, CARD_H, GAP = 42, 40, 4
UP_W, UP_H = 46, 24
HAND_W, HAND_H = 60, 70
FACE = {"goose": ("#F0E442", "#000000"), "fox": ("#E69F00", "#000000"), "dog": ("#0072B2", "#FFFFFF")}
BACK = "#6b6b6b"  # white numbers on it: 5.3:1


def seat_names(game: Any) -> list[str]:
    return [seat_name(s) for s in range(game.players)]


def render(observation: Observation, legal_actions: Sequence[Any] = (), *, coach: bool = False,
           seat_names: Sequence[str] | None = None, spectator: bool = False, **_options: Any) -> str:
    """The SVG of ``observation``'s seat; ``legal_actions`` become clickable elements.  A
    ``spectator`` (the seat is a bot's) is not called "you"."""
    obs = observation
    names = list(seat_names) if seat_names else [seat_name(s) for s in range(obs.players)]
    legal = {str(a): a for a in legal_actions}
    band = BAND + (COACH_H if coach else 0)
    hand_top = 30 + band * obs.players
    # At the end no one holds a card, and a spectator (no seat) holds none: the board stops under
    # the last band.
    shows_hand = not obs.over and 0 <= obs.seat < obs.players
    height = hand_top + (HAND_H + 34 if shows_hand else 4)
    root = svg_root(WIDTH, height, label=f"Boo to the Goose: {_headline(obs, names)}")
    sub(root, "rect", x=0, y=0, width=WIDTH, height=height, fill="#fbfaf5")
    sub(root, "text", _headline(obs, names), x=10, y=21, font_size=15, font_weight="bold")
    for seat in range(obs.players):
        _band(root, obs, seat, names, legal, coach, top=30 + band * seat, height=band, spectator=spectator)
    if shows_hand:
        _hand(root, obs, legal, top=hand_top)
    return to_text(root)


def _headline(obs: Observation, names: list[str]) -> str:
    if obs.over:
        scores = obs.scores()
        best = max(scores)
        winners = [names[s] for s, v in enumerate(scores) if v == best]
        return f"Game over: {' and '.join(winners)} won with {best} cards."
    player = obs.current_player
    if player < 0:
        return "Shuffling and drawing…"
    if obs.in_round:
        geese = geese_this_round(obs)
        return (f"{names[obs.fox]}'s catch round: {geese} {'goose' if geese == 1 else 'geese'} "
                f"turned so far; "
                f"next flip at {names[obs.target]}.")
    return f"{names[player]} to play."


def _band(root: Any, obs: Observation, seat: int, names: list[str], legal: dict[str, Any],
          coach: bool, top: float, height: float, spectator: bool = False) -> None:
    colour = OKABE_ITO[seat % len(OKABE_ITO)]
    active = obs.current_player == seat
    sub(root, "rect", x=4, y=top, width=WIDTH - 8, height=height - 5, rx=8,
        fill="#fff6d5" if active else "#ffffff", stroke=colour, stroke_width=3 if active else 1.5)
    you = " (you)" if seat == obs.seat and not spectator else ""
    # the band's frame carries the seat's colour; the name is dark, to read at 4.5:1 on any band
    sub(root, "text", names[seat] + you, x=12, y=top + 19, font_size=15, font_weight="bold", fill="#222")
    removed = f" · {obs.removed_sizes[seat]} removed" if obs.removed_sizes[seat] else ""
    sub(root, "text", f"pile {obs.pile_sizes[seat]} · hand {obs.hand_sizes[seat]}{removed}",
        x=12, y=top + 37, font_size=12)
    won = obs.won[seat]
    sub(root, "text", f"won {sum(won)}", x=12, y=top + 55, font_size=13, font_weight="bold")
    sub(root, "text", count_text(won), x=12, y=top + 72, font_size=12, fill="#444")
    _row(root, obs, seat, names, legal, top)
    _face_up(root, obs, seat, top)
    if coach:
        _coach(root, obs, seat, top + height - 12)


def _row(root: Any, obs: Observation, seat: int, names: list[str], legal: dict[str, Any],
         top: float) -> None:
    size = obs.row_sizes[seat]
    if not size:
        sub(root, "text", "no face-down cards", x=LEFT, y=top + 30, font_size=12, fill="#595959")
    step = min(CARD_W + GAP, (WIDTH - LEFT - 20) / max(1, size))
    for index in range(size):
        x, y = LEFT + index * step, top + 6
        action = str(Flip(seat, index))
        clickable = action in legal
        if clickable:
            label = said(action, names)
        elif seat == obs.seat:
            label = f"Your card {index + 1}, face down: you know it is a {KINDS[obs.row[index]]}"
        else:
            label = f"{names[seat]}'s card {index + 1}, face down"
        group = control(root, label, action if clickable else None, key=f"row {seat} card {index + 1}")
        sub(group, "rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=4, fill=BACK,
            stroke="#D55E00" if clickable else "#555", stroke_width=3 if clickable else 1)
        sub(group, "text", str(index + 1), x=x + CARD_W / 2, y=y + 14, font_size=12,
            text_anchor="middle", fill="#fff")
        if seat == obs.seat:  # the owner knows her own face-down cards
            kind = KINDS[obs.row[index]]
            fill, ink = FACE[kind]
            sub(group, "rect", x=x + 2, y=y + 19, width=CARD_W - 4, height=18, rx=2, fill=fill)
            sub(group, "text", kind, x=x + CARD_W / 2, y=y + 32, font_size=12, text_anchor="middle",
                fill=ink, font_weight="bold")
        elif clickable:
            sub(group, "text", "flip", x=x + CARD_W / 2, y=y + 32, font_size=12,
                text_anchor="middle", fill="#fff", class_="gw-hover-only")


def _face_up(root: Any, obs: Observation, seat: int, top: float) -> None:
    cards = [KINDS[k] for k in obs.face_up[seat]]
    if obs.fox == seat:
        cards = ["fox"] + cards
    if not cards:
        return
    sub(root, "text", "face up:", x=LEFT, y=top + 70, font_size=12, fill="#444")
    step = min(UP_W + GAP, (WIDTH - LEFT - 76) / len(cards))
    for index, kind in enumerate(cards):
        x, y = LEFT + 56 + index * step, top + 53
        fill, ink = FACE[kind]
        sub(root, "rect", x=x, y=y, width=UP_W, height=UP_H, rx=4, fill=fill, stroke="#333")
        sub(root, "text", kind, x=x + UP_W / 2, y=y + 17, font_size=12, text_anchor="middle",
            fill=ink, font_weight="bold")


def _coach(root: Any, obs: Observation, seat: int, y: float) -> None:
    p = dog_chance(obs, seat)
    if p is None:
        return
    if seat == obs.seat:
        sub(root, "text", f"coach: your own row is {p} ≈ {float(p):.0%} dogs (you know it exactly)",
            x=12, y=y, font_size=12, fill="#444")
        return
    geese = geese_this_round(obs) if obs.in_round else 0
    gain = flip_gain(p, geese)
    text = (f"coach: by counting, a flip here is a dog with chance {p} ≈ {float(p):.0%}; "
            f"one more flip gains {float(gain):+.2f} cards on average")
    sub(root, "text", text, x=12, y=y, font_size=12,
        fill="#1b7837" if gain > 0 else "#b2182b")


def _hand(root: Any, obs: Observation, legal: dict[str, Any], top: float) -> None:
    sub(root, "text", "Your hand", x=12, y=top + 16, font_size=14, font_weight="bold")
    x = 14
    for kind, count in enumerate(obs.hand):
        action = str(Play(kind))
        how = "face up: a catch round starts" if kind == FOX else "face down"
        for copy in range(count):
            clickable = action in legal
            label = f"{said(action, None)}, {how}" if clickable else f"Your hand: a {KINDS[kind]}"
            group = control(root, label, action if clickable else None,
                            key=f"hand {KINDS[kind]} {copy + 1}")
            fill, ink = FACE[KINDS[kind]]
            sub(group, "rect", x=x, y=top + 24, width=HAND_W, height=HAND_H, rx=6, fill=fill,
                stroke="#D55E00" if clickable else "#333", stroke_width=3 if clickable else 1)
            sub(group, "text", KINDS[kind], x=x + HAND_W / 2, y=top + 24 + HAND_H / 2,
                font_size=15, text_anchor="middle", fill=ink, font_weight="bold")
            hint = "catch!" if kind == FOX else "face down"
            sub(group, "text", hint, x=x + HAND_W / 2, y=top + 24 + HAND_H - 9, font_size=12,
                text_anchor="middle", fill=ink, textLength=HAND_W - 8 if kind != FOX else None,
                lengthAdjust="spacingAndGlyphs")
            x += HAND_W + 8
    if str(Stop()) in legal:
        group = control(root, "Stop and bank the cards turned this round", str(Stop()), key="stop")
        sub(group, "rect", x=WIDTH - 190, y=top + 28, width=170, height=52, rx=10, fill="#00664d",
            stroke="#004d38", stroke_width=2)
        sub(group, "text", "Stop and bank", x=WIDTH - 105, y=top + 60, font_size=17,
            text_anchor="middle", fill="#fff", font_weight="bold")



def describe(observation: Observation, seat_names: Sequence[str]) -> list[str]:
    """The position in words for the text mode, from the viewer's observation only (B4)."""
    obs, names = observation, list(seat_names)
    lines = [_headline(obs, names)]
    for seat in range(obs.players):
        you = " (you)" if seat == obs.seat else ""
        removed = f", {obs.removed_sizes[seat]} removed" if obs.removed_sizes[seat] else ""
        line = (f"{names[seat]}{you}: pile {obs.pile_sizes[seat]}, hand {obs.hand_sizes[seat]}{removed}; "
                f"won {sum(obs.won[seat])} ({count_text(obs.won[seat])}); ")
        size = obs.row_sizes[seat]
        if seat == obs.seat and size:
            line += "face-down row: " + ", ".join(KINDS[k] for k in obs.row)
        else:
            line += f"{size} face-down card{'s' if size != 1 else ''}"
        up = [KINDS[k] for k in obs.face_up[seat]]
        if obs.fox == seat:
            up = ["fox"] + up
        if up:
            line += "; face up this round: " + ", ".join(up)
        lines.append(line + ".")
    if not obs.over:
        lines.append(f"Your hand: {count_text(obs.hand)}.")
    return lines


def answers(observation: Observation, seat_names: Sequence[str]) -> dict[str, str]:
    """Short answers to typed questions: "hand" (the seat's hand and face-down row) and "score"."""
    obs, names = observation, list(seat_names)
    row = ", ".join(KINDS[k] for k in obs.row) if obs.row else "none"
    hand = f"Your hand: {count_text(obs.hand)}. Your face-down row: {row}." \
        if 0 <= obs.seat < obs.players and not obs.over else "You hold no cards."
    scores = "; ".join(f"{names[s]} won {sum(obs.won[s])} ({count_text(obs.won[s])})"
                       for s in range(obs.players))
    return {"hand": hand, "score": f"{_headline(obs, names)} {scores}."}


def phrases(action: Any, observation: Observation, seat_names: Sequence[str]) -> list[str]:
    """What a learner may type for ``action``: its text with the seats' names ("flip Ben's card 3"),
    and "bank" for Stop."""
    text = said(str(action), list(seat_names))
    return [text, "bank"] if isinstance(action, Stop) else [text]


def own_news(before: Observation, after: Observation, events: Sequence[str],
             seat_names: Sequence[str]) -> list[str]:
    """The seat's own draw, named to it alone: "You draw a goose." (the others read "Ben draws a
    card.")."""
    if f"{seat_name(after.seat)} draws a card." not in events:
        return []
    drawn = [k for k in range(len(KINDS)) if after.hand[k] > before.hand[k]]
    return [f"You draw a {KINDS[drawn[0]]}."] if len(drawn) == 1 else []
