"""Exercises for BOO: course/07_boo.ipynb and course/08_boo_strategy.ipynb.

Every checker asks the engine for the answer; numbers are judged by the course's one numeric policy.

Notebook 07 (the cards): `turn_a_ghost` (a ghost on a card placed turned, O3) and `back_of_a_ghost`
(the same square on the back side, turned too), both from the engine's own token functions.

Notebook 08:

1. `line_of_sight`: write the squares a ghost sees and where its sight stops (O4).  Checked against
   `Graveyard.line_of_sight` for every ghost of several graveyards from seeded games.
2. `which_cards_flip`: which cards does a given placement flip?  Checked by applying the placement
   with the engine (O4, O5), in `examples.flip_puzzle_start`, a position no walkthrough plays.
3. `first_card_chance`: the exact chance that Black's first hand card has three ghosts, checked
   against the engine's set-up chance nodes (O2).
4. `best_scare_order`: which ghost should scare first?  Checked by playing every choice through
   the engine (O5), in `examples.order_puzzle_start`: not TIP 2's position, which notebook 07 walks
   through.
5. `write_a_bot`: the capstone, a bot of the learner's own against the built-in bots.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from types import SimpleNamespace
from typing import Any

from ...engine import RandomBot, sample_outcome_fast
from ...exercises import Exercise, Wrong, as_int, call_learner, check_probability, describe, expect_callable
from ...exercises.bots import Bar, BotCapstone, judge_standings
from ...exercises.core import defined_in, write_it_yourself
from .analysis import set_up_chances
from .examples import FLIP_PUZZLE_MOVE, ORDER_PUZZLE_MOVE, flip_puzzle_start, order_puzzle_start
from .rules import COLOURS, FACINGS, Game, Graveyard, Scare, flip_token, is_ghost, iter_ghosts, rotate_token

# The game's modules that would compute a "write it yourself" answer in one call: a function
# answer's sandbox is without them (`exercises.write_it_yourself`).
SHORTCUTS = ("rules", "analysis", "examples", "bots", "expert", "determinize", "policies", "registry")


RULES_NOTEBOOK = "07_boo"
STRATEGY_NOTEBOOK = "08_boo_strategy"
GHOSTS = {c + f for c in "BW" for f in FACINGS}


# --- notebook 07: turning and flipping a card --------------------------------------------------
def _token(answer: Any, example: str) -> str:
    if not isinstance(answer, str) or answer.strip().upper().replace("V", "v") not in GHOSTS:
        raise Wrong(f"answer with a ghost as the graveyard prints it: a colour B or W and a facing "
                    f"^ > v <, e.g. {example!r}; got {describe(answer)}.")
    return answer.strip().upper().replace("V", "v")


TURNED = ("B^", 90)  # a black ghost facing up, on a card placed rot 90


def _check_turn(answer: Any) -> None:
    token, rotation = TURNED
    got = _token(answer, "W<")
    expected = rotate_token(token, rotation)
    if got == expected:
        return
    if got == rotate_token(token, -rotation):
        raise Wrong("that turns it anticlockwise: `rot 90` turns the card 90° clockwise, like a "
                    "clock's hand.")
    if got[0] != expected[0]:
        raise Wrong("turning a card does not change its colours: only flipping to the back side does.")
    raise Wrong(f"{got} is not it.  Turn the arrow {token[1]} a quarter turn clockwise.")


turn_a_ghost = Exercise(
    name="Turn a ghost",
    prompt="A square of a card holds a black ghost facing up, `B^`.  The card is placed front side up "
           "with `rot 90`.  What does that square show in the graveyard?  Answer with a string like "
           "`\"W<\"` (colour, then facing: ^ up, > right, v down, < left).",
    checker=_check_turn,
    hints=("`rot 90` turns the whole card 90° clockwise; every ghost on it turns with it.",
           "Clockwise, up (^) becomes right (>), right becomes down (v), and so on."),
    solution='answer = "B>"   # up, turned a quarter clockwise, faces right; the colour stays\n'
             "# or ask the engine:\n"
             "from goose_widgets.games.boo.rules import rotate_token\n"
             'answer = rotate_token("B^", 90)',
    reference="B>",
    success="a quarter turn clockwise: the ghost faces right, and stays black.",
    expects='a string like `answer = "W<"`',
    notebook=RULES_NOTEBOOK,
)

FLIPPED = ("W<", 90)  # a white ghost facing left, on a card placed back side up with rot 90


def _check_back(answer: Any) -> None:
    token, rotation = FLIPPED
    got = _token(answer, "B^")
    expected = rotate_token(flip_token(token), rotation)
    if got == expected:
        return
    if got == flip_token(token):
        raise Wrong(f"{got} is the back of {token}, but the card is also turned: `rot {rotation}`.")
    if got == rotate_token(token, rotation):
        raise Wrong("that only turns it: on the back side every ghost has the other colour and faces "
                    "the other way.")
    if got[0] == token[0]:
        raise Wrong("on the back side a ghost has the other colour.")
    raise Wrong(f"{got} is not it.  First flip (other colour, opposite facing), then turn a quarter "
                "clockwise.")


back_of_a_ghost = Exercise(
    name="The back of a ghost",
    prompt="A square of a card holds a white ghost facing left, `W<`, on its front side.  The card is "
           "placed BACK side up with `rot 90`.  What does that square show in the graveyard?",
    checker=_check_back,
    hints=("The back of a square is its flip: the ghost changes colour and faces the opposite way.",
           "Flip first, then turn the result a quarter clockwise."),
    solution='answer = "Bv"   # the back of W< is B>; turned a quarter clockwise, > becomes v\n'
             "# or ask the engine:\n"
             "from goose_widgets.games.boo.rules import flip_token, rotate_token\n"
             'answer = rotate_token(flip_token("W<"), 90)',
    reference="Bv",
    success="the back of W< is B>, and a quarter turn makes it Bv: black, facing down.",
    expects='a string like `answer = "B^"`',
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


# --- 3. the first card ---------------------------------------------------------------------
def three_ghosts(state: Any) -> bool:
    card = state.game.edition.by_name[state.hands[0]]
    return sum(1 for t in card.squares if is_ghost(t)) == 3


def _check_first(answer: Any) -> None:
    check_probability(answer, set_up_chances(Game(), three_ghosts),
                      what="the chance that Black's first card has three ghosts", mistakes={
        Fraction(1, 4): "count again: which black-lined cards have three ghosts (of either colour: K10 "
                        "counts)?  3 of 12 misses one.",
    }, otherwise="Count the black deck's cards with three ghosts of either colour.")


first_card_chance = Exercise(
    name="Black's first card",
    prompt="At set-up Black takes a random card of the 12 black-lined cards into hand. What is the "
           "exact chance that it holds three ghosts (of either colour)? Answer with a Fraction.",
    checker=_check_first,
    hints=("Look at STANDARD_EDITION: which black-lined cards have no tombstone and no empty square?",
           "Ghosts of the other colour count too (K10)."),
    solution="""
from fractions import Fraction
answer = Fraction(sum(1 for c in STANDARD_EDITION.cards if c.deck == "black"
                      and all(len(t) == 2 for t in c.squares)), 12)
""",
    reference=Fraction(1, 3),
    success="4 of the 12 cards (K1, K2, K3, K10): 1/3.",
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

EXERCISES = {e.name: e for e in (turn_a_ghost, back_of_a_ghost, line_of_sight, which_cards_flip,
                                 first_card_chance, best_scare_order, write_a_bot.exercise)}
"""The exercises in course order (notebook 07, then 08), by name."""
