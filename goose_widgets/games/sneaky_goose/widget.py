"""The Sneaky Goose board: a pure function from one seat's observation to SVG.

Every grid is drawn face down.  The seat's own knowledge shows only where the rules show a card
(the peek and look actions, while the player looks; the reveal at the end of a round), or, with the
*memory aid* option, as a badge with the value on every card the seat knows.  Values this seat has
not seen are not in the observation, so they cannot reach the SVG.

Clicks: the draw and play piles ("take ..."), grid cards for the step that needs a card (swap,
look, blind swap, give), SVG buttons for HONK, Play it, Pass, Skip, Done and the next round.  In a
slam window the Slam! button switches the view to slam mode (``ui:mode=slam-<round>-<window>``, so it
ends with that window), where any grid card can be slammed; Escape (or Cancel slam) leaves it.

For the keyboard and screen readers (issue 22) every grid card, both piles and every button is
reachable and named in words from the seat's observation only ("Your card 3, face down: you know it
is a Lazy Goose (3)", "Swap into your card 2, face down"); `describe` says the position in words
for the text mode, `answers` what the typed questions "hand" and "score" ask, `phrases` what a
learner may type for each move ("peek 2", "draw", "slam Ben's card 3"), and `own_news` names the
card a seat draws to that seat alone.  Cards carry their value and name as text, never only a colour.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

from ...engine import TERMINAL
from ...ui.names import said
from ...ui.svg import OKABE_ITO, actions_in, control, fitted_text, sub, svg_root, to_text
from ...ui.words import own
from .deck import BLIND_SWAP, LOOK_OTHER, LOOK_OWN, MAGIC
from .rules import CARD_VERBS, PASS, Action, Game, Observation, seat_name

# Autopass is on at first: at a real table a player who knows no match lets a slam window go by
# without a word; a learner clicking Pass for every card that lands would spend most clicks on it.
OPTIONS = {"memory": "Memory aid",
           "autopass": ("Pass slam windows unless I know a match", True)}
HIDDEN_INFORMATION = True
# No undo: a flipped or swapped card stays seen, so taking the move back would let a player
# look at hidden cards and choose again.
UNDO = False
# The board says who won with how many points: the table's shorter "Game over" line would repeat it.
RESULT_ON_BOARD = True

# Sized so that every text is at least 12 px when the board is drawn at WIDTH (issue 9.3) and six
# grids fit side by side.
CARD_W, CARD_H, GAP, PAD, HEADER = 56, 74, 6, 6, 34
BOX_W = 2 * CARD_W + GAP + 2 * PAD
PILE_W, PILE_H = int(CARD_W * 1.2), int(CARD_H * 1.2)
WIDTH = 850
BACK = OKABE_ITO[0]
HIGHLIGHT = OKABE_ITO[1]
SLAM = "#b34700"  # Okabe-Ito's vermillion, darkened: white text on it and it on white read at 5.5:1
KNOWN = OKABE_ITO[4]
BUTTON_TEXT = {"honk": "HONK!", "play it": "Play it", "skip action": "Skip", "done looking": "Done",
               "pass": "Pass"}


def seat_names(game: Game) -> list[str]:
    return [seat_name(s) for s in range(game.players)]


def slam_mode(observation: Observation) -> str:
    """The view-state value that turns slam mode on for the current window only."""
    return f"slam-{observation.round}-{observation.landings}"


def render(observation: Observation, legal_actions: Sequence[Action], memory: bool = False,
           mode: str = "", spectator: bool = False, seat_names: Sequence[str] | None = None,
           **_options: Any) -> str:
    """The board as ``observation.seat`` sees it; ``legal_actions`` are that seat's moves (or []).
    A ``spectator`` (the seat is a bot's) is not called "you"; ``seat_names`` are the table's names
    for the seats (else "Player 1", "Player 2", ...), as its status line and move log say them."""
    return to_text(_Board(observation, list(legal_actions), bool(memory), mode, spectator, seat_names).draw())


def buttons(observation: Observation, legal_actions: Sequence[Action], **options: Any) -> list[Action]:
    """Legal actions the board cannot click (a safety net: normally none, slams come by slam mode)."""
    clickable = actions_in(render(observation, legal_actions, **{**options, "mode": slam_mode(observation)}))
    return [a for a in legal_actions if str(a) not in clickable]


def known_matches(observation: Observation) -> list[tuple[int, int]]:
    """The (seat, place) of every card this seat knows to match the top of the play pile.

    Only the seat's own observation is read: a card it has not seen has no value here.
    """
    if observation.top is None:
        return []
    return [(seat, place) for seat, grid in enumerate(observation.grids) for place, view in enumerate(grid)
            if view is not None and view.card is not None and view.card.name == observation.top.name]


def auto_action(observation: Observation, legal_actions: Sequence[Action], autopass: bool = False,
                **_options: Any) -> Action | None:
    """Pass a slam window for a human who knows no card matching the top, when ``autopass`` is on.

    Every card landing on the play pile opens a window (S6), so passing each by hand is tedious;
    the choice uses only what the seat knows (its observation), never a hidden card.
    """
    if not autopass or observation.phase != "slam window" or PASS not in legal_actions:
        return None
    return None if known_matches(observation) else PASS


def describe_turn(obs: Observation, names: Sequence[str]) -> str:
    """The status line above the board (public facts only)."""
    head = f"Round {obs.round} of {obs.rounds}"
    actor = obs.actor
    if actor == TERMINAL:
        return head + ": game over."
    if obs.phase == "round over":
        return f"{head} is over: every card is face up. {names[actor]}: start the next round."
    if actor < 0:
        return f"{head}: dealing." if obs.phase == "deal" else f"{head}: {names[obs.turn]} draws."
    what = {"peek": "looks at their bottom row", "slam window": "may slam or pass",
            "give": "gives a card", "looking": "is looking at a card"}.get(obs.phase, "is to play")
    return f"{head} · {names[obs.turn]}'s turn · {names[actor]} {what}."


def _short(name: str) -> str:
    return name.replace(" Goose", "")


def _face_colour(value: int) -> str:
    if value <= 2:
        return "#d9f0e3"   # low: keep it
    if value <= 7:
        return "#f4f1e6"
    return "#f9dccb"       # high: get rid of it


def _seat_names(obs: Observation, names: Sequence[str] | None) -> list[str]:
    return list(names) if names and len(names) == obs.players else [seat_name(s) for s in range(obs.players)]


class _Board:
    def __init__(self, obs: Observation, legal: list[Action], memory: bool, mode: str,
                 spectator: bool = False, names: Sequence[str] | None = None) -> None:
        self.obs, self.legal, self.memory, self.spectator = obs, legal, memory, spectator
        self.names = _seat_names(obs, names)
        self.mine = obs.actor == obs.seat and bool(legal)
        self.slamming = self.mine and obs.phase == "slam window" and mode == slam_mode(obs)
        self.card_actions: dict[tuple[int, int], str] = {}
        for action in legal:
            if action.verb in CARD_VERBS and (action.verb != "slam" or self.slamming):
                self.card_actions[action.seat, action.slot] = str(action)
        if obs.phase in ("looking", "peek") and self.mine:
            for place in obs.looking:
                self.card_actions[place] = "done looking"
        self.rows = max(2, *(math.ceil(len(g) / 2) for g in obs.grids))
        # Penalty cards make grids long: beyond three rows the cards get shorter (never their text),
        # so that the table still fits the screen.
        self.card_h = CARD_H if self.rows <= 3 else max(56.0, (3 * (CARD_H + GAP) + 20) / self.rows - GAP)

    # --- layout -------------------------------------------------------------------------------
    def draw(self) -> ET.Element:
        obs = self.obs
        grid_h = HEADER + self.rows * (self.card_h + GAP) + (30 if obs.revealed else 6)
        middle = 54 + grid_h + 12
        height = middle + max(PILE_H + 64, 44 + 18 * obs.players)
        label = f"Sneaky Goose: round {obs.round} of {obs.rounds}, {self.viewer()}. " + self.prompt()
        root = svg_root(WIDTH, height, label=label,
                        escape="ui:mode=" if self.slamming else None)
        sub(root, "rect", x=0, y=0, width=WIDTH, height=height, fill="#fbfaf7", rx=10)
        sub(root, "text", self.title(), x=14, y=22, font_size=15, font_weight="bold")
        if self.mine and obs.phase == "slam window":  # a window that waits for you: make it obvious
            sub(root, "rect", x=8, y=28, width=WIDTH - 16, height=20, rx=5, fill="#fde3cf",
                stroke=SLAM, stroke_width=1.5, class_="sg-slam-banner")
        sub(root, "text", self.prompt(), x=14, y=43, font_size=13, fill="#333")
        span = WIDTH - 20
        step = min(BOX_W + 12, span / obs.players)
        left = 10 + (span - step * obs.players) / 2
        for seat in range(obs.players):
            self.grid(root, seat, left + seat * step + (step - BOX_W) / 2, 54, grid_h)
        self.piles(root, 30, middle)
        self.controls(root, 14, middle + PILE_H + 28)
        self.scoreboard(root, 500, middle)
        return root

    def viewer(self) -> str:
        """Who looks: "you are Player 2", "seen by Player 2" (a bot's seat) or "you are watching"."""
        obs = self.obs
        if not 0 <= obs.seat < obs.players:
            return "you are watching"
        you = self.names[obs.seat]
        return f"seen by {you}" if self.spectator else f"you are {you}"

    def title(self) -> str:
        obs = self.obs
        return f"Sneaky Goose · round {obs.round} of {obs.rounds} · {self.viewer()}"

    def prompt(self) -> str:
        obs, phase = self.obs, self.obs.phase
        top = obs.top.label if obs.top is not None else "nothing"
        if phase == "game over":
            best = min(obs.totals)
            won = [self.names[s] for s, t in enumerate(obs.totals) if t == best]
            return "Game over: " + " and ".join(won) + f" won with {best} points."
        if phase == "round over":
            result = obs.results[-1]
            return (f"{self.names[result.honker]} honked: {result.outcome} ({result.bonus:+d}). "
                    "All cards are face up.")
        if not self.mine:
            if obs.actor < 0:
                return "Dealing…" if phase == "deal" else "Drawing…"
            if phase == "slam window":
                return f"Slam window on {top}: {self.names[obs.actor]} may slam or pass."
            return f"{self.names[obs.actor]} is to play."
        held = obs.held.label if obs.held is not None else ""
        effect = obs.action_card.action if obs.action_card is not None else ""
        texts = {
            "peek": "Look at your bottom row once, then click it (or Done).",
            "turn start": "Your turn: click the draw pile or the play pile to take a card, or HONK!",
            "holding": (f"You drew {held}: click one of your cards to swap it in, or Play it."
                        if obs.held_from == "draw pile" else
                        f"Click one of your cards to swap {held} into your grid."),
            "slam window": (f"SLAM MODE: click the card you think matches {top}."
                            if self.slamming else self.slam_prompt(top)),
            "give": f"A match! Click one of your cards to give to {self.names[obs.receiver or 0]}.",
            "looking": "Click the card (or Done) when you have seen it.",
            "choose": ("After your look, the Magic Goose's swap: click one of your cards to swap "
                       "with another player's, or Skip."
                       if effect == MAGIC else "Blind swap: click one of your cards, or Skip."),
            "target": "Now click another player's card to swap with.",
            "round over": "",
        }
        if phase == "action":
            return {LOOK_OWN: "Click one of your cards to look at it, or Skip.",
                    LOOK_OTHER: "Click another player's card to look at it, or Skip.",
                    MAGIC: "Magic Goose: click any card to look at it, or Skip.",
                    BLIND_SWAP: "Blind swap: click one of your cards, or Skip."}[effect]
        return texts.get(phase, "")

    def slam_prompt(self, top: str) -> str:
        known = known_matches(self.obs)
        if not known:
            return f"Slam window on {top}: press Slam! to slam a matching card, or Pass."
        places = ", ".join(("your" if seat == self.obs.seat else f"{self.names[seat]}'s")
                           + f" card {place + 1}" for seat, place in known)
        return f"You can slam: {top} matches {places}. Press Slam!, or Pass."

    # --- pieces -------------------------------------------------------------------------------
    def grid(self, root: ET.Element, seat: int, x: float, y: float, height: float) -> None:
        obs = self.obs
        frame = "#222" if seat == obs.actor else "#bbb"
        sub(root, "rect", x=x, y=y, width=BOX_W, height=height, rx=8, fill="#ffffff",
            stroke=frame, stroke_width=2.5 if seat == obs.actor else 1)
        sub(root, "text", self.names[seat], x=x + BOX_W / 2, y=y + 14, font_size=13, text_anchor="middle",
            font_weight="bold" if seat == obs.seat else "normal")
        # When the game is over it is no one's turn (the prompt says who won).
        turn = seat == obs.turn and obs.phase != "game over"
        mine = seat == obs.seat and not self.spectator
        tags = [t for t, on in (("you", mine), ("dealer", seat == obs.dealer),
                                ("your turn" if mine else "their turn", turn))
                if on]
        fitted_text(root, " · ".join(tags), BOX_W - 8, x=x + BOX_W / 2, y=y + 28, text_anchor="middle",
                    fill="#555")
        for place, view in enumerate(obs.grids[seat]):
            cx = x + PAD + (place % 2) * (CARD_W + GAP)
            cy = y + HEADER + (place // 2) * (self.card_h + GAP)
            if view is None:
                sub(root, "rect", x=cx, y=cy, width=CARD_W, height=self.card_h, rx=5, fill="none",
                    stroke="#ccc", stroke_dasharray="4 3")
                continue
            self.grid_card(root, seat, place, view, cx, cy)
        if obs.revealed and obs.results:
            result = obs.results[-1]
            total = result.sums[seat]
            text = f"sum {total}"
            if seat == result.honker:
                text += f" {result.bonus:+d} = {result.scores[seat]}"
            sub(root, "text", text, x=x + BOX_W / 2, y=y + height - 10, font_size=13,
                text_anchor="middle", font_weight="bold",
                fill=SLAM if seat == result.honker and result.bonus > 0 else "#222")

    def grid_card(self, root: ET.Element, seat: int, place: int, view: Any, x: float, y: float) -> None:
        obs = self.obs
        action = self.card_actions.get((seat, place))
        looked = (seat, place) in obs.looking
        face_up = view.card is not None and (obs.revealed or (looked and obs.actor == obs.seat))
        parent = control(root, card_label(obs, seat, place, view, face_up, action, self.names), action,
                         key=f"card {seat} {place}")
        if face_up:
            _card_face(parent, view.card, x, y, CARD_W, self.card_h)
        else:
            _card_back(parent, x, y, CARD_W, self.card_h)
            if self.memory and view.card is not None:
                sub(parent, "circle", cx=x + CARD_W - 13, cy=y + 14, r=12, fill="#ffffff",
                    stroke=KNOWN, stroke_width=2)
                sub(parent, "text", str(view.card.value), x=x + CARD_W - 13, y=y + 18.5, font_size=13,
                    text_anchor="middle", font_weight="bold")
        sub(parent, "text", str(place + 1), x=x + 4, y=y + 13, font_size=12,
            fill="#444" if face_up else "#ffffff")
        chosen = obs.phase == "target" and seat == obs.turn and place == obs.chosen
        if looked or chosen:
            sub(parent, "rect", x=x - 2, y=y - 2, width=CARD_W + 4, height=self.card_h + 4, rx=6, fill="none",
                stroke=HIGHLIGHT if looked else OKABE_ITO[3], stroke_width=3)
        if action:
            colour = SLAM if self.slamming else HIGHLIGHT
            sub(parent, "rect", x=x - 1, y=y - 1, width=CARD_W + 2, height=self.card_h + 2, rx=6,
                fill="none", stroke=colour, stroke_width=2, stroke_dasharray="5 3")

    def piles(self, root: ET.Element, x: float, y: float) -> None:
        obs = self.obs
        w, h = PILE_W, PILE_H
        legal = {str(a) for a in self.legal}
        draw = control(root, _pile_label("take draw pile", legal, f"{_cards(obs.draw_size)}, face down"),
                       "take draw pile" if "take draw pile" in legal else None, key="draw pile")
        if obs.draw_size:
            _card_back(draw, x, y, w, h)
        else:
            sub(draw, "rect", x=x, y=y, width=w, height=h, rx=6, fill="none", stroke="#999",
                stroke_dasharray="4 3")
        sub(draw, "text", f"draw pile · {obs.draw_size}", x=x + w / 2, y=y + h + 16, font_size=12,
            text_anchor="middle")
        px = x + w + 40
        top = f"{obs.top.label} on top" if obs.top is not None else "no card on top"
        play = control(root, _pile_label("take play pile", legal, f"{_cards(obs.play_size)}, {top}"),
                       "take play pile" if "take play pile" in legal else None, key="play pile")
        if obs.top is not None:
            _card_face(play, obs.top, px, y, w, h)
        else:
            sub(play, "rect", x=px, y=y, width=w, height=h, rx=6, fill="#eee", stroke="#999",
                stroke_dasharray="4 3")
        sub(play, "text", f"play pile · {obs.play_size}", x=px + w / 2, y=y + h + 16, font_size=12,
            text_anchor="middle")
        for group, name in ((draw, "take draw pile"), (play, "take play pile")):
            if name in legal:
                gx = x if name == "take draw pile" else px
                sub(group, "rect", x=gx - 2, y=y - 2, width=w + 4, height=h + 4, rx=7, fill="none",
                    stroke=HIGHLIGHT, stroke_width=3)
        hx = px + w + 44
        if obs.held_from:
            mine = obs.turn == obs.seat and not self.spectator
            who = "you hold" if mine else f"{self.names[obs.turn]} holds"
            if obs.held is not None:
                _card_face(root, obs.held, hx, y, w, h)
            else:
                _card_back(root, hx, y, w, h)
            sub(root, "text", f"{who} ({obs.held_from})", x=hx, y=y + h + 16, font_size=12)
        elif obs.action_card is not None:
            sub(root, "text", f"action of {obs.action_card.label}:", x=hx, y=y + 14, font_size=12)
            for row, part in enumerate(_wrap(obs.action_card.action, 34)):
                sub(root, "text", part, x=hx, y=y + 31 + 15 * row, font_size=12, fill="#444")

    def controls(self, root: ET.Element, x: float, y: float) -> None:
        obs = self.obs
        shown: list[tuple[str, str, str]] = []
        for action in self.legal:
            text = str(action)
            if action.verb in BUTTON_TEXT:
                colour = SLAM if action.verb == "honk" else "#444"
                shown.append((BUTTON_TEXT[action.verb], text, colour))
            elif action.verb == "start round":
                shown.append((text.capitalize(), text, "#444"))
        if obs.phase == "slam window" and self.mine and any(a.verb == "slam" for a in self.legal):
            if self.slamming:
                shown.append(("Cancel slam", "ui:mode=", "#444"))
            else:
                shown.insert(0, ("Slam!", "ui:mode=" + slam_mode(obs), SLAM))
        for label, target, colour in shown:
            width = 16 + 8 * len(label)
            words = {"Slam!": "Slam: choose the card to slam", "Cancel slam": "Cancel the slam"}.get(
                label, said(target, self.names))
            group = control(root, words, target, key=f"button {label}")
            sub(group, "rect", x=x, y=y, width=width, height=28, rx=6, fill=colour)
            sub(group, "text", label, x=x + width / 2, y=y + 19, font_size=13, fill="#ffffff",
                text_anchor="middle", font_weight="bold")
            x += width + 10

    def scoreboard(self, root: ET.Element, x: float, y: float) -> None:
        obs = self.obs
        col = 44
        sub(root, "text", "Scores", x=x, y=y + 10, font_size=13, font_weight="bold")
        heads = [f"R{r}" for r in range(1, obs.rounds + 1)][:6] + ["Total"]
        for i, head in enumerate(heads):
            sub(root, "text", head, x=x + 76 + i * col, y=y + 10, font_size=12, text_anchor="middle")
        results = obs.results[:6]
        for seat in range(obs.players):
            row_y = y + 28 + 18 * seat
            sub(root, "text", self.names[seat], x=x, y=row_y, font_size=12,
                font_weight="bold" if seat == obs.seat else "normal")
            for i, result in enumerate(results):
                mark = "*" if result.honker == seat else ""
                sub(root, "text", f"{result.scores[seat]}{mark}", x=x + 76 + i * col, y=row_y,
                    font_size=12, text_anchor="middle")
            sub(root, "text", str(obs.totals[seat]), x=x + 76 + (len(heads) - 1) * col, y=row_y,
                font_size=12, text_anchor="middle", font_weight="bold")
        sub(root, "text", "* honked (bonus included)", x=x, y=y + 34 + 18 * obs.players, font_size=12,
            fill="#666")


def _pile_label(action: str, legal: set[str], what: str) -> str:
    return f"{said(action, None)}: {what}" if action in legal else f"{said(action[5:], None)}: {what}"


def card_text(obs: Observation, seat: int, place: int, view: Any, face_up: bool,
              names: Sequence[str] | None = None) -> str:
    """What this seat knows of one grid card, in words: "face down: you know it is a Lazy Goose (3)"."""
    if face_up:
        text = f"face up: {view.card.label}"
    elif view.card is not None:
        text = f"face down: you know it is a {view.card.label}"
    else:
        text = "face down"
    seats = _seat_names(obs, names)
    others = [seats[s] for s in view.known_by if s != obs.seat]
    if others and not obs.revealed:
        text += f"; {' and '.join(others)} {'knows' if len(others) == 1 else 'know'} it"
    return text


def card_label(obs: Observation, seat: int, place: int, view: Any, face_up: bool, action: str | None,
               names: Sequence[str] | None = None) -> str:
    """A grid card's label: its action if it has one, then whose card it is and what the seat knows."""
    whose = "Your" if seat == obs.seat else f"{_seat_names(obs, names)[seat]}'s"
    text = card_text(obs, seat, place, view, face_up, names)
    if action is None:
        return f"{whose} card {place + 1}, {text}"
    if action == "done looking":
        return f"Done looking at {whose.lower() if seat == obs.seat else whose} card {place + 1}, {text}"
    # the seat's own card is "your card 2" (the action's text names the seats as the log does)
    seats = _seat_names(obs, names)
    return f"{own(said(action, seats), seats, obs.seat)}, {text}"


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def describe(observation: Observation, seat_names: Sequence[str]) -> list[str]:
    """The position in words for the text mode, from the seat's observation only (S12)."""
    obs = observation
    board = _Board(obs, [], False, "", names=seat_names)
    names = board.names
    lines = [board.title() + ".", describe_turn(obs, names)]
    for seat, grid in enumerate(obs.grids):
        whose = f"{names[seat]} (you)" if seat == obs.seat else names[seat]
        cards = []
        for place, view in enumerate(grid):
            if view is None:
                cards.append(f"card {place + 1} empty")
                continue
            looked = (seat, place) in obs.looking and obs.actor == obs.seat
            face_up = view.card is not None and (obs.revealed or looked)
            cards.append(f"card {place + 1} {card_text(obs, seat, place, view, face_up, names)}")
        tags = [t for t, on in (("dealer", seat == obs.dealer),
                                ("their turn", seat == obs.turn and obs.phase != "game over")) if on]
        lines.append(f"{whose}{' (' + ', '.join(tags) + ')' if tags else ''}: " + "; ".join(cards) + ".")
    top = obs.top.label if obs.top is not None else "nothing"
    lines.append(f"Draw pile: {_cards(obs.draw_size)}. Play pile: {_cards(obs.play_size)}, {top} on top.")
    if obs.held_from:
        who = "You hold" if obs.turn == obs.seat else f"{names[obs.turn]} holds"
        card = obs.held.label if obs.held is not None else "a card you have not seen"
        lines.append(f"{who} {card} (from the {obs.held_from}).")
    elif obs.action_card is not None:
        lines.append(f"Action of {obs.action_card.label}: {obs.action_card.action}.")
    lines.append("Scores: " + ", ".join(f"{names[s]} {t}" for s, t in enumerate(obs.totals)) + ".")
    return lines


def _card_back(parent: ET.Element, x: float, y: float, w: float, h: float) -> None:
    sub(parent, "rect", x=x, y=y, width=w, height=h, rx=5, fill=BACK, stroke="#1b3a57")
    sub(parent, "rect", x=x + 5, y=y + 5, width=w - 10, height=h - 10, rx=3, fill="none",
        stroke="#ffffff", stroke_opacity=0.5)
    sub(parent, "text", "SG", x=x + w / 2, y=y + h / 2 + 5, font_size=max(14.0, w / 4), fill="#ffffff",
        fill_opacity=0.6, text_anchor="middle", font_weight="bold", aria_hidden="true")  # decoration


def _card_face(parent: ET.Element, card: Any, x: float, y: float, w: float, h: float) -> None:
    sub(parent, "rect", x=x, y=y, width=w, height=h, rx=5, fill=_face_colour(card.value), stroke="#333")
    sub(parent, "text", str(card.value), x=x + w / 2, y=y + h / 2 + 2, font_size=w / 2.4,
        text_anchor="middle", font_weight="bold")
    fitted_text(parent, _short(card.name), w - 6, font_size=12, x=x + w / 2, y=y + h - 8,
                text_anchor="middle", fill="#333")
    if card.action != "none":
        sub(parent, "circle", cx=x + w - 7, cy=y + 7, r=3.5, fill=OKABE_ITO[3])


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


def answers(observation: Observation, seat_names: Sequence[str]) -> dict[str, str]:
    """Short answers to typed questions: "hand" (what the seat knows of its grid, and the card it
    holds) and "score"."""
    obs = observation
    lines = describe(obs, seat_names)
    you = f"{_seat_names(obs, seat_names)[obs.seat]} (you)" if 0 <= obs.seat < obs.players else "(you)"
    mine = next((line for line in lines if line.startswith(you)), "")
    held = next((line for line in lines if line.startswith(("You hold", "Action of"))), "")
    return {"hand": " ".join(part for part in (mine.replace(you, "Your grid", 1),
                                                held) if part) or "You have no grid.",
            "score": lines[-1]}


ALIASES = {"take draw pile": ["draw"], "take play pile": ["take the play pile"], "skip action": ["skip"],
           "done looking": ["done"], "play it": ["play"]}


def phrases(action: Action, observation: Observation, seat_names: Sequence[str]) -> list[str]:
    """What a learner may type for ``action``: its text with the seats' names and "your" for the
    seat's own cards ("swap into your card 2", "slam Ben's card 3"), "peek 2" for a look at one's
    own card, "draw", "skip", "done"."""
    names = list(seat_names)
    text = own(said(str(action), names), names, observation.seat)
    found = [text, *ALIASES.get(str(action), [])]
    if action.verb == "look" and action.seat == observation.seat:
        found.append(f"peek {action.slot + 1}")
    return found


def own_news(before: Observation, after: Observation, events: Sequence[str],
             seat_names: Sequence[str]) -> list[str]:
    """The card a seat draws, named to it alone: "You draw Lazy Goose (3)." (the others read that it
    took the top card of the draw pile)."""
    # the card comes off the pile in a chance step after "takes the top card of the draw pile"
    if after.held is None or before.held is not None or after.held_from != "draw pile" \
            or after.turn != after.seat:
        return []
    return [f"You draw {after.held.label}."]
