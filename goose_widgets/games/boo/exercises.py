"""Exercises for BOO: course/07_boo.ipynb and course/08_boo_strategy.ipynb.

Every checker asks the engine for the answer; numbers are judged by the course's one numeric policy.

Notebook 07 (the cards, ruling O3 and the back side): `turned_card` ("Read a turned card") and
`card_on_its_back` ("Read a card on its back") ask the way back, from what the graveyard shows to
the card of the card table and the rotation it was placed with.  Notebook 07 prints K5 in all eight
ways it can lie; no one edit of that cell answers these (the learner must undo a placement, and a
flip), checked against the engine's `make_placed`.

Notebook 08:

1. `line_of_sight`: write the squares a ghost sees and where its sight stops (O4), yourself: the
   sandbox is without the rules and analysis, and the graveyard comes as plain data.  Checked
   against `Graveyard.line_of_sight` for every ghost of several graveyards from seeded games.
2. `which_cards_flip`: which cards does a given placement flip?  Checked by applying the placement
   with the engine (O4, O5), in `examples.flip_puzzle_start`, a position no walkthrough plays.
3. `first_card_ghosts` ("Black's first card, best side up"): the expected number of black ghosts
   Black's first hand card shows on its better side (the back side flips every ghost), checked
   against the engine's set-up chance node (O2).  The worked example's `set_up_chances` gives the
   chance of a property, not an expected value: no one call of it answers.
4. `best_scare_order`: which ghost should scare first?  Checked by playing every choice through
   the engine (O5), in `examples.order_puzzle_start`: not TIP 2's position, which notebook 07 walks
   through.
5. `write_a_bot`: the capstone, a bot of the learner's own against the built-in bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import SimpleNamespace
from typing import Any

from ...engine import RandomBot, expectation, sample_outcome_fast
from ...exercises import Exercise, Wrong, as_int, call_learner, check_number, describe, expect_callable
from ...exercises.bots import Bar, BotCapstone, judge_standings
from ...exercises.core import defined_in, write_it_yourself
from ...exercises.league import League
from .examples import FLIP_PUZZLE_MOVE, ORDER_PUZZLE_MOVE, flip_puzzle_start, order_puzzle_start
from .rules import (
    COLOURS,
    ROTATIONS,
    SIDES,
    STANDARD_EDITION,
    Game,
    Graveyard,
    Scare,
    is_ghost,
    iter_ghosts,
    make_placed,
)

# The game's modules that would compute a "write it yourself" answer in one call: a function
# answer's sandbox is without them (`exercises.write_it_yourself`).
SHORTCUTS = ("rules", "analysis", "examples", "bots", "expert", "determinize", "policies", "registry")


RULES_NOTEBOOK = "07_boo"
STRATEGY_NOTEBOOK = "08_boo_strategy"


# --- notebook 07: read a card the graveyard shows --------------------------------------------
# Notebook 07 prints K5 in all eight ways it can lie (a card, turned): these ask the way back, from
# what the graveyard shows to the card and its rotation, so no edit of that cell answers them.
READING = {False: "left to right", True: "top to bottom"}


@dataclass(frozen=True)
class Shown:
    """A card as the graveyard shows it: its side, whether it stands in a column, its three squares
    in reading order (left to right, or top to bottom)."""

    side: str
    vertical: bool
    tokens: tuple[str, ...]

    def words(self) -> str:
        return " ".join(self.tokens) + f" ({READING[self.vertical]})"


def shown(name: str, rotation: int, side: str) -> Shown:
    """How the card ``name`` lies placed ``rot rotation side`` (the engine's `make_placed`)."""
    placed = make_placed(STANDARD_EDITION.by_name[name], 0, 0, rotation, side)
    return Shown(side, placed.vertical, tuple(t for _, t in sorted(zip(placed.squares, placed.tokens))))


def placements_showing(target: Shown) -> list[tuple[str, int]]:
    """The engine's answer: every (card, rotation) of the two players' decks that lies as ``target``."""
    return [(card.name, rotation) for card in STANDARD_EDITION.cards if card.deck in COLOURS
            for rotation in ROTATIONS if shown(card.name, rotation, target.side) == target]


def _placement(answer: Any, example: str) -> tuple[str, int]:
    shape = (f"answer with a card and a rotation, e.g. {example}; got {describe(answer)}.")
    if not (isinstance(answer, (tuple, list)) and len(answer) == 2 and isinstance(answer[0], str)):
        raise Wrong(shape)
    name = answer[0].strip().upper()
    try:
        rotation = as_int(answer[1], "the rotation")
    except Wrong:
        raise Wrong(shape) from None
    card = STANDARD_EDITION.by_name.get(name)
    if card is None or card.deck not in COLOURS:
        raise Wrong(f"{answer[0]!r} is not a card of Black's or White's deck (K1 to K12, W1 to W12): "
                    "the gate's cards are never placed.")
    if rotation not in ROTATIONS:
        raise Wrong(f"a card is placed with rot 0, 90, 180 or 270, not {rotation}.")
    return name, rotation


def _check_reading(answer: Any, target: Shown, example: str) -> None:
    name, rotation = _placement(answer, example)
    got = shown(name, rotation, target.side)
    if got == target:
        return
    said = (f"Placed `rot {rotation} {target.side}`, {name} shows {got.words()}; the graveyard shows "
            f"{target.words()}.")
    if got.vertical != target.vertical:
        raise Wrong(said + f"  `rot 0` and `rot 180` lie along a row, `rot 90` and `rot 270` stand in a "
                    f"column: this card {'stands' if target.vertical else 'lies'}.")
    right = placements_showing(target)
    if name in {n for n, _ in right}:
        raise Wrong(said + "  The right card, turned the other way: which end of the card (square 0 or "
                    f"square 2) is {'at the top' if target.vertical else 'on the left'}?")
    # Black's and White's decks are the same cards with the colours exchanged: the twin of the right
    # card is what a learner finds who changes the colours where the side says not to (front side
    # up), or changes them twice (back side up).
    twin = ("W" if name[0] == "K" else "K") + name[1:]
    if twin in {n for n, _ in right}:
        raise Wrong(said + f"  {name} is {twin} with the colours exchanged.  "
                    + ("Back side up, the graveyard already shows every ghost in the other colour: "
                       "undo the flip once, and look the result up in the card table."
                       if target.side == "back" else
                       "Front side up, every ghost keeps the colour the card table gives it."))
    raise Wrong(said + "  Undo the placement square by square: turn each square back (its facing too), "
                + ("then flip it (other colour, opposite facing), " if target.side == "back" else "")
                + "and look for the result in the card table.")


TURNED = Shown("front", True, ("T", "B<", "Bv"))


def _check_turned(answer: Any) -> None:
    _check_reading(answer, TURNED, '("K4", 90)')


turned_card = Exercise(
    name="Read a turned card",
    prompt="A card stands in a column of the graveyard, front side up.  From top to bottom its squares "
           "show `T`, `B<` and `Bv`.  Which card of the card table is it, and with which rotation was it "
           "placed?  Answer with a pair like `(\"K4\", 90)`.",
    checker=_check_turned,
    hints=("Front side up, the ghosts keep their colours: look in the card table for a card with a "
           "tombstone at one end and two black ghosts.",
           "`rot 90` turns a card a quarter clockwise: square 0 (its left end) goes to the top, and every "
           "ghost turns a quarter clockwise (^ becomes >).  `rot 270` turns it a quarter anticlockwise: "
           "square 0 goes to the bottom."),
    solution="""answer = ("K7", 270)   # K7 is B< B^ T; a quarter anticlockwise puts its tombstone (square 2)
                       # on top, and turns B^ into B< and B< into Bv
# or search with the engine: every card of the two decks, standing, front side up
from goose_widgets.games.boo.rules import STANDARD_EDITION, make_placed

for card in STANDARD_EDITION.cards:
    for rotation in (90, 270):                        # standing in a column
        placed = make_placed(card, 0, 0, rotation, "front")
        reading = [t for _, t in sorted(zip(placed.squares, placed.tokens))]   # top to bottom
        if card.deck != "gate" and reading == ["T", "B<", "Bv"]:
            answer = (card.name, rotation)""",
    reference=("K7", 270),
    success="K7 turned a quarter anticlockwise: its tombstone, square 2, on top; B^ becomes B< and B< "
            "becomes Bv.",
    expects='a card and a rotation, like `answer = ("K4", 90)`',
    notebook=RULES_NOTEBOOK,
)


ON_ITS_BACK = Shown("back", False, ("B^", "B^", "W^"))


def _check_back(answer: Any) -> None:
    _check_reading(answer, ON_ITS_BACK, '("W4", 0)')


card_on_its_back = Exercise(
    name="Read a card on its back",
    prompt="Another card lies along a row, BACK side up.  From left to right its squares show `B^`, "
           "`B^` and `W^`.  Which card of the card table is it, and with which rotation was it placed?  "
           "Answer with a pair like `(\"W4\", 0)`.",
    checker=_check_back,
    hints=("Back side up, every ghost has the other colour and faces the other way: a black ghost you "
           "see is a white one on the card's front.",
           "Undo the placement square by square: `rot 180` puts the row the other way round and turns "
           "every ghost round; then undo the flip.  Find what you get in the card table."),
    solution="""answer = ("K10", 180)   # rot 180 reversed: W^ B^ B^, every ghost turned round: Wv Bv Bv;
                        # unflipped (other colour, other way): B^ W^ W^, that is K10
# or search with the engine: every card of the two decks, lying, back side up
from goose_widgets.games.boo.rules import STANDARD_EDITION, make_placed

for card in STANDARD_EDITION.cards:
    for rotation in (0, 180):                         # lying along a row
        placed = make_placed(card, 0, 0, rotation, "back")
        reading = [t for _, t in sorted(zip(placed.squares, placed.tokens))]   # left to right
        if card.deck != "gate" and reading == ["B^", "B^", "W^"]:
            answer = (card.name, rotation)""",
    reference=("K10", 180),
    success="K10, Black's own card, turned half round and back side up: its back shows two black "
            "ghosts where its front shows one.",
    expects='a card and a rotation, like `answer = ("W4", 0)`',
    notebook=RULES_NOTEBOOK,
)


@cache
def sample_graveyards(count: int = 6, seed: int = 8) -> tuple[Graveyard, ...]:
    """Graveyards from seeded random games, after 4, 8, ... placements."""
    rng = random.Random(seed)
    found: list[Graveyard] = []
    bots = [RandomBot(), RandomBot()]
    state = Game().new_initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = Game().new_initial_state()
        if state.is_chance_node():
            state = state.apply(sample_outcome_fast(state, rng))
            continue
        if not state.pending and state.placements % 4 == 0 and state.placements:
            found.append(state.graveyard)
        seat = state.current_player
        state = state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), rng))
    return tuple(found)


# --- 1. line of sight ------------------------------------------------------------------------
def _check_sight(answer: Any) -> None:
    expect_callable(answer, 2, "sight(graveyard, square)")
    for graveyard in sample_graveyards():
        for square, token, _card in iter_ghosts(graveyard):
            path, stop, _outcome = graveyard.line_of_sight(square, active=-1)
            got = call_learner(answer, _plain(graveyard), square, what=f"sight(graveyard, {square})")
            if not isinstance(got, tuple) or len(got) != 2:
                raise Wrong("return a pair (path, stop), e.g. ([(2, 3), (2, 4)], (2, 5)); got "
                            f"{describe(got)}.")
            got_path, got_stop = got
            if list(got_path) != path or got_stop != stop:
                raise Wrong(f"for the ghost {token} at {square} the sight crosses {path} and stops at "
                            f"{stop}; yours gave {list(got_path)} and {got_stop}.  "
                            + _sight_hint(graveyard, path, stop, list(got_path), got_stop))


def _plain(graveyard: Graveyard) -> SimpleNamespace:
    """The graveyard as the exercise describes it, plain data: the learner's sandbox is without
    the rules, so the answer is the learner's own walk, not `Graveyard.line_of_sight`."""
    return SimpleNamespace(tokens=dict(graveyard.tokens), bbox=tuple(graveyard.bbox))


def _sight_hint(graveyard: Graveyard, path: list, stop: Any, got_path: list, got_stop: Any) -> str:
    if stop is None and got_stop is not None:
        return "The sight went on: it passes empty squares, voids and ghosts of its own colour."
    if stop is not None and got_stop is None:
        return f"It stops at {stop}: a tombstone or a ghost of the other colour ends the sight."
    if len(got_path) > len(path):
        return "Stop at the first tombstone or ghost of the other colour."
    return "It ends only when it leaves the bounding box of all cards (graveyard.bbox)."


SIGHT_SOLUTION = """
def sight(graveyard, square):
    steps = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
    token = graveyard.tokens[square]
    colour, facing = token[0], token[1]          # a ghost's token is two letters
    dr, dc = steps[facing]
    rmin, rmax, cmin, cmax = graveyard.bbox
    r, c = square
    path = []
    while True:
        r, c = r + dr, c + dc
        if not (rmin <= r <= rmax and cmin <= c <= cmax):
            return path, None                    # out of the graveyard
        seen = graveyard.tokens.get((r, c), ".")
        if seen == "T" or (len(seen) == 2 and seen[0] != colour):
            return path, (r, c)                  # a tombstone, or a ghost of the other colour
        path.append((r, c))
"""


line_of_sight = Exercise(
    name="Write the line of sight of a ghost",
    prompt="Write `sight(graveyard, square)` returning `(path, stop)`: the squares the ghost on "
           "`square` looks across, in order, and the square where its sight stops (a tombstone or a "
           "ghost of the other colour), or `None` when it leaves the graveyard. "
           "`graveyard.tokens[(row, col)]` is '.', 'T' or a ghost like 'B^' (colour, facing ^ v < >); "
           "squares without a card are missing from it. `graveyard.bbox` is (min row, max row, "
           "min col, max col) of all cards; rows grow downwards.",
    checker=_check_sight,
    hints=("Step one square at a time in the facing: ^ is (-1, 0), v (1, 0), < (0, -1), > (0, 1).",
           "Keep going over voids (`tokens.get(square)` is None), empty squares '.', and ghosts whose "
           "first letter is the ghost's own colour.",
           "Stop with `None` as soon as the row or column leaves `graveyard.bbox`."),
    solution=SIGHT_SOLUTION,
    reference=defined_in(SIGHT_SOLUTION, "sight"),
    success="your line of sight matches the engine's for every ghost of six graveyards.",
    expects="a function `sight(graveyard, square)` that returns `(path, stop)`",
    notebook=STRATEGY_NOTEBOOK,
    hidden=write_it_yourself("boo", *SHORTCUTS,
                             what="this exercise asks you to write the line of sight yourself"),
)


# --- 2. which cards flip ---------------------------------------------------------------------
def _flipped_by(move: str) -> set[str]:
    state = flip_puzzle_start()
    after = state.apply_str(move)
    while after.pending:  # resolve any order the engine asks for in the card's square order
        after = after.apply(after.legal_actions()[0])
    return {b.name for a, b in zip(state.graveyard.cards, after.graveyard.cards) if a.side != b.side}


def _check_flips(answer: Any) -> None:
    if not isinstance(answer, (set, frozenset, list, tuple)) or not all(isinstance(a, str) for a in answer):
        raise Wrong(f"answer with a set of card names, e.g. {{'K4', 'W8'}}; got {describe(answer)}.")
    expected = _flipped_by(FLIP_PUZZLE_MOVE)
    got = {a.strip().upper() for a in answer}
    if got != expected:
        extra, missing = sorted(got - expected), sorted(expected - got)
        lacking = "1 card that flips is" if len(missing) == 1 else f"{len(missing)} cards that flip are"
        raise Wrong("not quite: " + "; ".join(
            part for part in (f"{', '.join(extra)} {'does' if len(extra) == 1 else 'do'} not flip"
                              if extra else "",
                              f"{lacking} missing" if missing else "") if part)
            + ".  Trace each ghost of K3 (B< B^ B> on row 2, from column 1) to the first tombstone or "
              "ghost of the other colour, and ask whether that ghost faces straight back.")


which_cards_flip = Exercise(
    name="The cards a placement flips",
    prompt="In the position `flip_puzzle_start()` (printed below), Black plays "
           f"`{FLIP_PUZZLE_MOVE}`: K3's ghosts B< B^ B> on (2,1), (2,2) and (2,3), inside the gate. "
           "Which cards flip? Answer with a set of card names. (Draw the position with "
           "`SVG(render(state.observation(0), state.legal_actions()))`, after `from IPython.display "
           "import SVG` and `from goose_widgets.games.boo.widget import render`, or read the printed "
           "graveyard: its top-left square is (-4,0).)",
    checker=_check_flips,
    hints=("Take one ghost at a time: B< at (2,1) looks left, B^ at (2,2) up, B> at (2,3) right.",
           "A ghost facing straight back does not get scared, and only the FIRST ghost of the other "
           "colour counts."),
    solution="""
state = flip_puzzle_start()
after = state.apply_str("place K3 at (2,1) rot 0 front")
answer = {b.name for a, b in zip(state.graveyard.cards, after.graveyard.cards) if a.side != b.side}
""",
    reference={"G1", "W3"},
    success="G1 and W3 flip; the ghost looking left meets G3's white ghost facing straight back.",
    expects="a set of card names, e.g. `answer = {\"K4\", \"W8\"}`",
    notebook=STRATEGY_NOTEBOOK,
)


# --- 3. the first card, best side up --------------------------------------------------------
# Notebook 08's worked example (`set_up_chances`) gives the chance that the hand card has a
# property; this asks for an expected value, and for the back side's rule (notebook 07) besides.
def black_ghosts_up(name: str) -> int:
    """The most black ghosts the card ``name`` shows face up, front or back side up (the engine's
    `make_placed`: the back side flips every ghost)."""
    card = STANDARD_EDITION.by_name[name]
    return max(sum(1 for t in make_placed(card, 0, 0, 0, side).tokens if is_ghost(t) and t[0] == "B")
               for side in SIDES)


def first_card_value(value: Callable[[str], int] = black_ghosts_up) -> Fraction:
    """The engine's answer: the expected ``value`` of Black's hand card, over the set-up's first
    chance node (the card Black takes into hand)."""
    return expectation(Game().new_initial_state(), lambda s: value(s.hands[0]),
                       stop=lambda s: s.hands[0] is not None)


def _ghosts(name: str, side: str, colour: str | None) -> int:
    tokens = make_placed(STANDARD_EDITION.by_name[name], 0, 0, 0, side).tokens
    return sum(1 for t in tokens if is_ghost(t) and (colour is None or t[0] == colour))


def _check_first(answer: Any) -> None:
    check_number(answer, first_card_value(), what="the expected number of black ghosts Black's first card "
                 "shows, best side up", mistakes={
        first_card_value(lambda n: _ghosts(n, "front", None)): "that counts the ghosts of both colours.  "
        "A white ghost is White's: count only the black ghosts that show face up.",
        first_card_value(lambda n: _ghosts(n, "front", "B")): "that counts the front side only.  Black "
        "may place the card back side up, where every ghost has the other colour: look at K10's back.",
        first_card_value(lambda n: _ghosts(n, "back", "B")): "that counts the back side only; Black "
        "chooses the better side for each card.",
        Fraction(1, 3): "that is the chance that the card has three ghosts; the question asks for the "
                        "expected number of black ghosts it shows, best side up.",
        3: "3 is the most a card can show; the expected value averages over the 12 cards Black can "
           "draw.",
    }, low=0, high=3, otherwise="For each of the 12 black-lined cards take the number of black ghosts "
                                "on its better side, and average (each card has chance 1/12).")


first_card_ghosts = Exercise(
    name="Black's first card, best side up",
    prompt="At set-up Black takes a random card of its 12 black-lined cards into hand, and will place it "
           "on the side that shows more black ghosts.  How many black ghosts does it show face up, on "
           "average (before any scare)?  Give a `Fraction`.",
    checker=_check_first,
    hints=("The chance of each hand card is in the set-up's first chance node "
           "(`game.new_initial_state().chance_outcomes()`): 1/12 each.  The expected value is the sum "
           "of value times chance.",
           "A card's back side has every ghost in the other colour (notebook 07): K10 is `B^ W^ W^`, "
           "so back side up it shows two black ghosts.  For each card take the better side."),
    solution="""
from fractions import Fraction
from goose_widgets.games.boo.rules import STANDARD_EDITION

def black_up(card):          # black ghosts face up on the better side
    front = sum(1 for t in card.squares if t in ("B^", "Bv", "B<", "B>"))
    back = sum(1 for t in card.squares if t in ("W^", "Wv", "W<", "W>"))   # white turns black
    return max(front, back)

black = [c for c in STANDARD_EDITION.cards if c.deck == "black"]
answer = Fraction(sum(black_up(c) for c in black), len(black))
""",
    reference=Fraction(23, 12),
    success="23/12, just under 2: all three ghosts on K1, K2 and K3, two on most cards, and K10 shows "
            "two only back side up.",
    expects="a `Fraction`, e.g. `answer = Fraction(1, 2)`",
    notebook=STRATEGY_NOTEBOOK,
)


# --- 4. the best order -----------------------------------------------------------------------
def _score_after(first: str) -> int:
    state = order_puzzle_start().apply_str(ORDER_PUZZLE_MOVE).apply_str(first)
    while state.pending:
        state = state.apply(state.legal_actions()[0])
    return state.scores()[0]


def _check_order(answer: Any) -> None:
    shape = f"answer with the square of the ghost that scares first, as (row, col); got {describe(answer)}."
    if not (isinstance(answer, (tuple, list)) and len(answer) == 2):
        raise Wrong(shape)
    try:
        answer = tuple(as_int(v, "a row or column") for v in answer)
    except Wrong:
        raise Wrong(shape) from None
    choices = order_puzzle_start().apply_str(ORDER_PUZZLE_MOVE).legal_actions()
    squares = [c.square for c in choices]
    if answer not in squares:
        raise Wrong(f"{answer} is not a ghost of the active card; choose one of {squares}.")
    scores = {sq: _score_after(str(Scare(sq))) for sq in squares}
    if scores[answer] != max(scores.values()):
        raise Wrong(f"starting with {answer} leaves Black {scores[answer]} ghosts, but another first "
                    f"ghost leaves {max(scores.values())}.  Which flip would give another ghost "
                    "something to scare?")


best_scare_order = Exercise(
    name="Choose the scare order",
    prompt=f"In the position `order_puzzle_start()` (printed below), Black plays `{ORDER_PUZZLE_MOVE}`: "
           "K10 turned 90° stands on three squares from (-3,2) down, a black ghost on top and two white "
           "ghosts below it, all facing right, towards White's card W6 (lying back side up).  Which "
           "ghost should scare first so that Black ends with the most face-up black ghosts? Answer "
           "with its square as (row, col).",
    checker=_check_order,
    hints=("Trace each of the three ghosts to the right.  Which one can scare something now, and what "
           "does W6 look like after it flips?",
           "Or let the engine play each choice: `state = order_puzzle_start().apply_str(\"place K10 at "
           "(-3,2) rot 90 front\")`, then for each of `state.legal_actions()`, apply it (and the rest "
           "of the order) and compare `scores()`."),
    solution="answer = (-1, 2)  # its white ghost flips W6 to the front (white ghosts); only then can "
             "the black ghost at (-3,2) flip it back",
    reference=(-1, 2),
    success="the white ghost goes first: it flips W6 to white, and the black ghost flips it back, "
            "black again.",
    expects="a square as `answer = (row, col)`",
    notebook=STRATEGY_NOTEBOOK,
)


# --- 5. the capstone: write your own bot -------------------------------------------------------
BOT_SOLUTION = '''
from goose_widgets.games.boo.rules import make_placed

def my_bot(observation, legal_actions):
    if not str(legal_actions[0]).startswith("place"):
        return legal_actions[0]                     # a scare order: any will do for a start
    mine, theirs = ("B", "W") if observation.seat == 0 else ("W", "B")
    card = observation.card(legal_actions[0].card)  # the card in my hand
    box = observation.graveyard.sandbox()           # a scratch copy of the graveyard to try moves on

    def lead_after(place):                          # my lead in face-up ghosts once my ghosts scare
        placed = make_placed(card, place.row, place.col, place.rotation, place.side)
        index = box.place(placed.squares, placed.tokens)
        ghosts = [square for square, token in zip(box.squares[index], placed.tokens)
                  if len(token) == 2]               # the new card's face-up ghosts, of both colours,
        flipped = box.run(ghosts, index)            # scare: each may flip a card
        lead = box.counts[mine] - box.counts[theirs]
        box.undo(flipped)                           # and back, for the next try
        box.unplace()
        return lead

    return max(legal_actions, key=lead_after)
'''


write_a_bot = BotCapstone(
    exercise=Exercise(
        name="Write your own BOO bot",
        prompt="Write `my_bot(observation, legal_actions)`: it gets what your seat sees (`observation`: "
               "`observation.graveyard`, `observation.hands`, `observation.card(name)` ...) and the "
               "list of legal actions (placements like `place K7 at (2,6) rot 90 back`, or scare "
               "orders), and returns one of them.  The check plays it, seats rotated, until the "
               "verdict is clear: it passes when your bot clearly wins more than a quarter of its "
               "games against the greedy bot, and clearly beats the random bot (on the 99% interval "
               "the report shows).  Why a quarter against greedy: the simple policies (the first "
               "placement offered, a placement at random) win no game against it, while a bot that "
               "tries each placement and counts its lead wins nearly half; and placing the first card "
               "offered beats the random bot, so beating random alone proves little.  Once it passes, "
               "the report also shows it against the expert, for comparison.",
        checker=judge_standings,
        hints=("Start simple: of all placements, choose the side and rotation that leave the most of "
               "your own ghosts face up on the card you place (`rules.make_placed`).",
               "Better: also count the cards your new ghosts would flip: "
               "`observation.graveyard.with_card(placed).line_of_sight(square)` ends in \"flip\" for a "
               "ghost that scares.  Mind the time: a turn offers hundreds of placements.",
               "The greedy bot tries every placement on `observation.graveyard.sandbox()`; beating it "
               "takes looking at the opponent's reply."),
        solution=BOT_SOLUTION,
        reference=defined_in(BOT_SOLUTION, "my_bot"),
        success="your bot clearly beats the random bot and holds its own against the greedy bot.",
        time_limit=90.0,
        expects="a function `my_bot(observation, legal_actions)` that returns one of `legal_actions`",
        notebook=STRATEGY_NOTEBOOK,
    ),
    game_name="boo",
    params={"players": 2},
    bars=(Bar("greedy", 0.25), Bar("random")),
    seat_names=tuple(c.capitalize() for c in COLOURS),
    cap=60,
    expert_seconds=3.0,  # a BOO game takes long: the comparison keeps the check under 20 s
)

league = League(write_a_bot.game_name)
"""The class's bot league of this game (`exercises.league`): ``league.submit(my_bot)``."""

EXERCISES = {e.name: e for e in (turned_card, card_on_its_back, line_of_sight, which_cards_flip,
                                 first_card_ghosts, best_scare_order, write_a_bot.exercise)}
"""The exercises in course order (notebook 07, then 08), by name."""
