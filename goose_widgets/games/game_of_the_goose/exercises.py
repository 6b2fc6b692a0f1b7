"""Exercises on the Game of the Goose (course/01_game_of_the_goose.ipynb, course/02_goose_probability.ipynb).

Every checker asks the engine for the right answer (apply and chance outcomes, or `analysis`,
which is built on them), so no rule is written a second time here.  Numbers are judged by the
course's one numeric policy (`exercises.check_number`).

Notebook 01 (reading the rules):

- `opening_collision`: where two pawns stand after the openings 6+3 and 3+6 (G2, G4, G4a, G11).
- `bounce_back`: which dice totals leave a pawn on 55 lower than 55: Death, and the overshoot onto
  a goose that moves it backwards again (G5, G7, G8).

Notebook 02 (probability):

- `move_a_pawn`: write ``move(square, roll)``, the square where a pawn ends its move (G5–G8).
- `beyond_the_well`: the exact chance that a lone pawn stands on the Well or beyond after two
  rounds (a two-step Markov chain; the worked examples show one step and landing chances).
- `three_pawn_collision`: the exact chance that, in a three-player game, Player 3's first roll
  sends another pawn back to 0 (G4, G4a, G11); the first-roll table is shown, the two-pawn
  case and the pawn already sent home are the learner's to work out.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from ...exercises import (
    Exercise,
    Wrong,
    as_int,
    call_learner,
    check_probability,
    describe,
    expect_callable,
)
from ...exercises.core import defined_in, write_it_yourself
from .analysis import first_roll_squares
from .rules import FINISH, ROLL, SQUARES, Dice, Game, State

# The game's modules that would compute a "write it yourself" answer in one call: a function
# answer's sandbox is without them (`exercises.write_it_yourself`).
SHORTCUTS = ("rules", "analysis", "examples", "bots", "exact")


RULES_NOTEBOOK = "01_game_of_the_goose"
PROBABILITY_NOTEBOOK = "02_goose_probability"


# --- notebook 01, exercise 1: the opening nine on an occupied square -------------------------
OPENINGS = ("6+3", "3+6")  # Player 1 opens with 6+3; then Player 2 opens with 3+6


def opening_square(first: int, second: int) -> int:
    """The engine's answer: where a lone pawn ends after the opening roll ``first + second``."""
    state: Any = Game(players=1).new_initial_state().apply(ROLL).apply(Dice(first, second))
    return int(state.positions[0])


def openings_end() -> tuple[int, int]:
    """The engine's answer: where both pawns stand after the two opening rolls `OPENINGS`."""
    state: Any = Game(players=2).new_initial_state()
    for roll in OPENINGS:
        state = state.apply(ROLL).apply_str(roll)
    return int(state.positions[0]), int(state.positions[1])


def _check_openings(answer: Any) -> None:
    expected = openings_end()
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        raise Wrong("answer with two square numbers, Player 1's first: `answer = (12, 7)`; got "
                    f"{describe(answer)}.")
    got = tuple(as_int(v, f"Player {seat}'s square") for seat, v in enumerate(answer, start=1))
    if got == expected:
        return
    first, second = got
    if second == FINISH:  # the geese 9, 18, ... 54 would carry a nine to 63
        raise Wrong("3+6 is a six and a three, like 6+3: ruling G4 is about the dice, not their order, "
                    "so Player 2's opening nine does not ride the geese.")
    if second != expected[1]:
        raise Wrong(f"where does an opening 6+3 or 3+6 go (G4)?  Player 2 does not end on {second}.")
    if first == second:
        raise Wrong("two pawns never share a square (only 0 holds several): what happens to a pawn "
                    "that is already there (G11, and G4a under the rulings table)?")
    raise Wrong(f"Player 2 is right; Player 1 does not end on {first}.  A pawn found on the square "
                "goes to the square the mover started from (G11).")


opening_collision = Exercise(
    name="The opening nine, twice",
    prompt="Two players.  On the very first roll of the game Player 1 throws 6+3; then Player 2, on "
           "her very first roll, throws 3+6.  Where does each pawn stand after Player 2's move?  Answer "
           "with a tuple of two square numbers, `(Player 1's square, Player 2's square)`.",
    checker=_check_openings,
    hints=("Ruling G2 says 6+3 and 3+6 are different rolls.  Does ruling G4 care about the order of "
           "the dice?",
           "Both throws go to the same square.  What happens when a pawn ends its move on a square "
           "that is taken (G11, G4a)?"),
    solution='answer = (0, 26)   # both openings go to 26 (G4); Player 1 is bumped back to 0, where '
             'Player 2 started (G4a, G11)\n'
             '# or ask the engine:\n'
             'state = load_game("game_of_the_goose", players=2).new_initial_state()\n'
             'for roll in ("6+3", "3+6"):\n'
             '    state = state.apply_str("roll").apply_str(roll)\n'
             'answer = state.positions',
    reference=(0, 26),
    success="a six and a three go to 26 in either order, and the pawn already there goes back to 0, "
            "where Player 2 started.",
    expects="a tuple of two square numbers, e.g. `answer = (12, 7)`",
    notebook=RULES_NOTEBOOK,
)


# --- notebook 01, exercise 2: the totals that set a pawn back ----------------------------------
BOUNCE_SQUARE = 55  # a pawn on 55 that has rolled before: which totals leave it lower than 55?


def totals_that_set_back(square: int = BOUNCE_SQUARE) -> frozenset[int]:
    """The engine's answer: the dice totals after which a pawn on ``square`` (not its first roll)
    ends its move on a lower square."""
    return frozenset(t for t in range(2, 13) if engine_move(square, t).positions[0] < square)


def _as_totals(answer: Any) -> frozenset[int]:
    if isinstance(answer, (str, bytes, dict)) or not isinstance(answer, (set, frozenset, list, tuple)):
        raise Wrong(f"answer with a set of dice totals, e.g. `answer = {{2, 7}}`; got {describe(answer)}.")
    totals = frozenset(as_int(t, "a dice total") for t in answer)
    if not totals <= set(range(2, 13)):
        raise Wrong(f"two dice total 2 to 12; {sorted(totals - set(range(2, 13)))} cannot be thrown.")
    return totals


def _check_set_back(answer: Any) -> None:
    expected = totals_that_set_back()
    got = _as_totals(answer)
    if got == expected:
        return
    extra = sorted(got - expected)
    if extra:
        total = extra[0]
        after = engine_move(BOUNCE_SQUARE, total)
        raise Wrong(f"a total of {total} does not leave the pawn lower than {BOUNCE_SQUARE}: "
                    f"{after.events[0]}")
    missing = expected - got
    clues = []
    if any(SQUARES.get(BOUNCE_SQUARE + t) and SQUARES[BOUNCE_SQUARE + t].effect == "jump" for t in missing):
        clues.append("a square short of 63 sends the pawn a long way back (G8)")
    if any(BOUNCE_SQUARE + t > FINISH for t in missing):
        clues.append("a bounce can land on a goose, which moves the pawn again, still backwards (G5, G7)")
    more = f"{len(missing)} more totals set" if len(missing) > 1 else "1 more total sets"
    raise Wrong(f"{more} the pawn back.  Walk every total from 2 to 12 to the end of its move: "
                + "; ".join(clues or ["look at every square it can land on"]) + ".")


bounce_back = Exercise(
    name="Bounce back",
    prompt=f"A pawn stands on square {BOUNCE_SQUARE} (it is not its first roll).  Which totals of the "
           f"two dice leave it on a LOWER square than {BOUNCE_SQUARE} at the end of its move?  Answer "
           "with a set of totals, e.g. `{2, 7}`.",
    checker=_check_set_back,
    hints=("Go through the totals 2 to 12 one by one and follow each to the end of the move: the "
           "`SQUARES` table above says what every special square does.",
           "Two kinds of square can send a pawn backwards: a jump (G8), and a goose met after a bounce "
           "past 63, which moves the pawn the same total again, still backwards (G5, G7).",
           "55 + 3 = 58.  And 55 + 12 passes 63: back to 59, which is a goose."),
    solution="answer = {3, 12}\n"
             "# 3: 55 + 3 = 58, Death, back to 0 (G8)\n"
             "# 12: 8 steps to 63, 4 back to 59, a goose: 12 more backwards to 47 (G5, G7)\n"
             "# 4 and 8 win (4 via the goose on 59); 9, 10, 11 bounce to 62, 61, 60\n"
             "# or ask the engine, total by total:\n"
             "game = load_game(\"game_of_the_goose\", players=1)\n"
             "pawn = game.state_at((55,), opened=(True,)).apply_str(\"roll\")\n"
             "answer = {a + b for a in range(1, 7) for b in range(1, 7)\n"
             "          if pawn.apply_str(f\"{a}+{b}\").positions[0] < 55}",
    reference=frozenset({3, 12}),
    success="Death on 58, and the bounce onto the goose on 59 that carries the pawn twelve squares "
            "back: two of eleven totals.",
    expects="a set of dice totals, e.g. `answer = {2, 7}`",
    notebook=RULES_NOTEBOOK,
)

# --- exercise 1: move a pawn -------------------------------------------------------------------


def resting_squares() -> list[int]:
    """The squares where a pawn can stand and still move: not a goose or jump square (no turn
    ends there) and not the Well or the Prison (a pawn there is held)."""
    return [n for n in range(FINISH) if n not in SQUARES or SQUARES[n].effect in ("miss", "opening")]


def engine_move(square: int, roll: int) -> State:
    """The engine's answer: a lone pawn on ``square`` that has rolled before throws ``roll``."""
    first = min(6, roll - 1)
    state = Game(players=1).state_at((square,), opened=(True,))
    return state.apply(ROLL).apply(Dice(first, roll - first))


def _check_move(answer: Any) -> None:
    expect_callable(answer, 2, "move(square, roll) -> the square where the pawn ends")
    for square in resting_squares():
        for roll in range(2, 13):
            result = engine_move(square, roll)
            expected = result.positions[0]
            got = as_int(call_learner(answer, square, roll, what=f"move({square}, {roll})"),
                         f"move({square}, {roll}): return a square number")
            if got != expected:
                raise Wrong(f"move({square}, {roll}) returned {describe(got)}, but the pawn ends on "
                            f"{expected}. "
                            f"The engine's move log says: {result.events[0]}")


_MOVE_SOLUTION = '''
GEESE = {5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59}
JUMPS = {6: 12, 42: 30, 58: 0}        # Bridge, Maze, Death

def move(square, roll):
    direction = +1
    while True:
        square += direction * roll
        if square > 63:                # overshoot: walk back the rest, then keep going backwards
            square = 63 - (square - 63)
            direction = -1
        square = max(square, 0)        # a backwards move stops at 0
        if square in JUMPS:
            square = JUMPS[square]
        if square not in GEESE:        # a goose moves the same roll again: loop
            return square
'''

move_a_pawn = Exercise(
    name="Move a pawn",
    prompt=(
        "Write `move(square, roll)`: the square where a pawn on `square` ends its move after rolling "
        "a total of `roll` (2 to 12).  Include the geese (move the roll again, in the direction you "
        "are going; geese chain), the overshoot (past 63, walk back the rest and keep going "
        "backwards for the rest of the turn), backwards moves stopping at 0, the Bridge (6 → 12), "
        "the Maze (42 → 30) and Death (58 → 0).  It is not the opening roll, and the pawn is alone."
    ),
    checker=_check_move,
    hints=(
        "A loop is easiest: move, then look at the square you landed on; if it is a goose, move "
        "again with the same roll.",
        "Keep a direction, +1 or -1.  It becomes -1 when the pawn passes 63 and stays -1 for the "
        "rest of the move, geese included: 62 + 5 → 59 (goose) → 54 (goose) → 49.",
        "The jumps (6 → 12, 42 → 30, 58 → 0) land on plain squares, so after a jump you can stop.",
    ),
    solution=_MOVE_SOLUTION,
    reference=None,  # set below from the solution text, so the solution shown is the one tested
    success="your function agrees with the engine on every square and every roll.",
    expects="a function `move(square, roll)` that returns a square number",
    notebook=PROBABILITY_NOTEBOOK,
    hidden=write_it_yourself(
        "game_of_the_goose", *SHORTCUTS,
        what="this exercise asks you to write the move yourself, from the rules, not with the engine",
    ),
)


object.__setattr__(move_a_pawn, "reference", defined_in(_MOVE_SOLUTION, "move"))


# --- exercise 2: past the Well after two rounds ------------------------------------------------
FAR = 31  # the Well: how likely is a lone pawn to stand on it or beyond after two rounds?


def squares_after_rounds(rounds: int) -> dict[int, Fraction]:
    """The engine's answer: where a lone pawn stands after its first ``rounds`` rounds, with the
    exact chances (a finished or trapped pawn stays where it is)."""
    places: dict[State, Fraction] = {Game(players=1).new_initial_state(): Fraction(1)}
    for _ in range(rounds):
        following: dict[State, Fraction] = {}
        for state, p in places.items():
            if state.is_terminal():
                following[state] = following.get(state, Fraction(0)) + p
                continue
            rolling = state.apply(ROLL)
            for dice, q in rolling.chance_outcomes():
                after = rolling.apply(dice)
                following[after] = following.get(after, Fraction(0)) + p * q
        places = following
    squares: dict[int, Fraction] = {}
    for state, p in places.items():
        squares[state.positions[0]] = squares.get(state.positions[0], Fraction(0)) + p
    return dict(sorted(squares.items()))


def far_chance() -> Fraction:
    """The engine's answer: the chance that a lone pawn is on `FAR` or beyond after two rounds."""
    return sum((p for square, p in squares_after_rounds(2).items() if square >= FAR), Fraction(0))


def _check_far(answer: Any) -> None:
    after = squares_after_rounds(2)
    expected = far_chance()
    check_probability(answer, expected, what=f"the chance of standing on {FAR} or beyond after two rounds",
                      otherwise="Go one round at a time: the first roll's table, then every second roll "
                                "from each of its squares (the hints help).", mistakes={
        1 - expected: f"that is the chance of standing BELOW {FAR}: take the other side.",
        expected - after[FINISH]: "a pawn that has already reached 63 is beyond the Well too: count it.",
        expected - after[FAR]: f"a pawn held in the Well stands on {FAR}: count it.",
    })


beyond_the_well = Exercise(
    name="Past the Well in two rounds",
    prompt=(
        f"A pawn plays alone.  What is the exact probability that at the end of its second round it "
        f"stands on square {FAR} (the Well) or further, 63 included?  Give a `Fraction`."
    ),
    checker=_check_far,
    hints=(
        "Round one is the table of first rolls above (`analysis.first_roll_squares()`).  Round two "
        "starts from each of those squares: the chain section showed where one place leads "
        "(`next_places`), and `game.state_at((square,), opened=(True,))` puts a pawn anywhere.",
        "The chance of a path is the product of its two rounds' chances; add the products of the "
        f"paths that end on {FAR} or beyond.  The Maze (42 → 30) and Death (58 → 0) end below it.",
    ),
    solution=(
        "game = load_game(\"game_of_the_goose\", players=1)\n"
        "answer = Fraction(0)\n"
        "for square, p in analysis.first_roll_squares().items():          # round one\n"
        "    rolling = game.state_at((square,), opened=(True,)).apply_str(\"roll\")\n"
        "    for dice, q in rolling.chance_outcomes():                    # round two\n"
        f"        if rolling.apply(dice).positions[0] >= {FAR}:\n"
        "            answer += p * q                                       # = 23/216"
    ),
    reference=None,  # set below from the engine
    success="about one lone pawn in nine is past the Well after two rounds, most of them thanks to "
            "the opening 4+5 to 53 and the geese.",
    expects="a `Fraction`, e.g. `answer = Fraction(1, 36)`",
    notebook=PROBABILITY_NOTEBOOK,
)
object.__setattr__(beyond_the_well, "reference", far_chance())


# --- exercise 3: the third pawn's first roll ---------------------------------------------------
@functools.cache
def collision_chance() -> Fraction:
    """The engine's answer: in a three-player game, Player 3's first roll ends on a square where
    another pawn stands, and sends that pawn back to 0 (G11, G4a)."""
    total = Fraction(0)
    rolling = Game(players=3).new_initial_state().apply(ROLL)
    for first, p in rolling.chance_outcomes():
        second_rolling = rolling.apply(first).apply(ROLL)
        for second, q in second_rolling.chance_outcomes():
            before = second_rolling.apply(second)
            third_rolling = before.apply(ROLL)
            for third, r in third_rolling.chance_outcomes():
                after = third_rolling.apply(third)
                if any(before.positions[seat] and not after.positions[seat] for seat in (0, 1)):
                    total += p * q * r
    return total


def _check_collision(answer: Any) -> None:
    squares = first_roll_squares()
    one = sum((p * p for p in squares.values()), Fraction(0))  # two first rolls on one square
    check_probability(answer, collision_chance(), what="the chance that Player 3 sends a pawn back",
                      otherwise="Split by where Players 1 and 2 stand before Player 3 rolls (the hints "
                                "help).", mistakes={
        2 * one: "when Player 2's roll ended on Player 1's square, Player 1 is already back on 0: "
        "only one square is taken then, not two.",
        one: "that is the chance that one given pawn is hit.  Player 3 can hit Player 1's square or "
        "Player 2's.",
        one * 2 - one * one: "the two squares are not independent targets: Player 3 lands on one "
        "square only, so the chances of hitting two different squares add up.",
    })


three_pawn_collision = Exercise(
    name="A collision on the first three rolls",
    prompt=(
        "Three players start a game.  Player 1 rolls, then Player 2, then Player 3, each for the "
        "first time.  What is the exact probability that Player 3's roll ends on a square where "
        "another pawn stands, so that this pawn goes back to 0 (G11)?  Give a `Fraction`."
    ),
    checker=_check_collision,
    hints=(
        "Every first roll follows the same rules, so each pawn ends on square x with the same "
        "probability P(x): `analysis.first_roll_squares()` lists them, and the rolls are independent.",
        "Before Player 3 rolls, Players 1 and 2 stand on two different squares, or on none but one: "
        "if Player 2 ended on Player 1's square, Player 1 went back to 0.",
        "Add, over Player 1's square x and Player 2's square y, P(x) · P(y) · (the chance that Player "
        "3 ends on a square that is taken).",
    ),
    solution=(
        "squares = analysis.first_roll_squares()          # {square: probability}\n"
        "answer = Fraction(0)\n"
        "for x, p in squares.items():                     # Player 1's square\n"
        "    for y, q in squares.items():                 # Player 2's square\n"
        "        taken = {y} if x == y else {x, y}        # on x == y, Player 1 went back to 0\n"
        "        answer += p * q * sum(squares[z] for z in taken)"
    ),
    reference=None,  # set below from the first-roll table; the tests compare it with the engine's
    success="2·ΣP(x)² − ΣP(x)³: twice the chance of meeting one pawn, less the games in which "
            "Player 2 had already sent Player 1 home.",
    expects="a `Fraction`, e.g. `answer = Fraction(1, 36)`",
    notebook=PROBABILITY_NOTEBOOK,
)
# The solution's formula (its 46,656 engine paths take a second, too long for an import).
object.__setattr__(three_pawn_collision, "reference",
                   2 * sum((p**2 for p in first_roll_squares().values()), Fraction(0))
                   - sum((p**3 for p in first_roll_squares().values()), Fraction(0)))

EXERCISES = (opening_collision, bounce_back, move_a_pawn, beyond_the_well, three_pawn_collision)
"""The Goose exercises in the order of the course."""
