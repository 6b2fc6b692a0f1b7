"""Exercises on the Game of the Goose (course/01_game_of_the_goose.ipynb, course/02_goose_probability.ipynb).

Every checker asks the engine for the right answer (apply and chance outcomes, or `analysis`,
which is built on them), so no rule is written a second time here.  Numbers are judged by the
course's one numeric policy (`exercises.check_number`).

Notebook 01 (reading the rules):

- `opening_collision`: where two pawns stand after the openings 6+3 and 3+6 (G2, G4, G4a, G11).
- `bounce_back`: where a pawn on 55 ends after a 12: the overshoot and a goose backwards (G5, G7).

Notebook 02 (probability):

- `move_a_pawn`: write ``move(square, roll)``, the square where a pawn ends its move (G5–G8).
- `death_in_two_rounds`: the exact chance that a lone pawn lands on Death in its first two rounds.
- `first_roll_collision`: the exact chance that, in a two-player game, Player 2's first roll ends
  on Player 1's square and sends Player 1 back to 0 (G4, G11).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...exercises import (
    Exercise,
    Wrong,
    as_int,
    call_learner,
    check_number,
    check_probability,
    describe,
    expect_callable,
)
from ...exercises.core import defined_in, write_it_yourself
from .analysis import first_roll_squares, landing_chance
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


# --- notebook 01, exercise 2: an overshoot onto a goose ----------------------------------------
BOUNCE = (55, 6, 6)  # a pawn on 55 (not its first roll) throws 6+6


def _check_bounce(answer: Any) -> None:
    square, first, second = BOUNCE
    total = first + second
    bounced = FINISH - (square + total - FINISH)   # where the bounce lands: 59
    forward = 2 * FINISH - (bounced + total)      # the goose move taken forwards, bounced again: 55
    check_number(answer, engine_move(square, total).positions[0],
                 what=f"the square where a pawn on {square} ends after {first}+{second}", mistakes={
        square + total: f"there is no square {square + total}: a pawn that passes 63 walks back the "
                        "rest of its count (G5).",
        bounced: f"{bounced} is right for the bounce, but it is a goose: the pawn moves "
                       f"{total} again (G7).",
        forward: "after a bounce the pawn keeps going backwards for the rest of the turn, goose moves "
            "included (G5, G7).",
    }, otherwise="Count it square by square: up to 63, back for the rest, then look at where you land.")


bounce_back = Exercise(
    name="Bounce back",
    prompt="A pawn stands on square 55 (it is not its first roll) and throws 6+6.  On which square "
           "does it end its move?  Answer with the square's number.",
    checker=_check_bounce,
    hints=("55 + 12 passes 63.  How many steps are left when the pawn reaches 63, and where does it "
           "walk them (G5)?",
           "Look at the square it reaches then: is it a goose (the `SQUARES` table above)?  A goose "
           "moves the same roll again, in the direction the pawn is going (G7)."),
    solution="answer = 47   # 55 + 12: 8 steps to 63, 4 back to 59 (a goose), 12 more backwards to 47\n"
             "# or ask the engine:\n"
             "after = load_game(\"game_of_the_goose\", players=1).state_at((55,), opened=(True,))"
             ".apply_str(\"roll\").apply_str(\"6+6\")\n"
             "answer = after.positions[0]",
    reference=47,
    success="back to 59, a goose, and 12 more backwards to 47: a bounce turns the geese against you.",
    expects="a square number, e.g. `answer = 12`",
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


# --- exercise 2: Death in the first two rounds ---------------------------------------------------
def _check_death(answer: Any) -> None:
    check_probability(answer, landing_chance(58, 2), what="the chance of landing on Death in two rounds",
                      otherwise="Enumerate the dice pairs turn by turn, with the engine's rules (the hints "
                                "help).", mistakes={
        Fraction(1, 324): "you found half the ways: count ordered pairs of dice.  Both 4+5 and 5+4 "
        "go to 53 on the opening roll, and a total of five comes from four pairs (1+4, 4+1, 2+3, 3+2).",
        Fraction(4, 36) * Fraction(4, 36): "an opening 6+3 goes to 26, not 53: from 26 Death is out of "
        "reach in one roll.",
    })


death_in_two_rounds = Exercise(
    name="Death in two rounds",
    prompt=(
        "A pawn plays alone.  What is the exact probability that it lands on Death (58) during its "
        "first two rounds?  Give a `Fraction`."
    ),
    checker=_check_death,
    hints=(
        "List where the first roll can leave the pawn (remember the opening nine, G4): "
        "`analysis.first_roll_squares()` shows it.  From which of these squares is 58 within reach?",
        "After the first roll the pawn is on 53 at most.  From 53, which totals reach 58, and how "
        "many ordered pairs of dice give them?",
    ),
    solution=(
        "from fractions import Fraction\n"
        "# only 4+5 or 5+4 on the opening roll reaches 53, and only a total of 5 goes from 53 to 58\n"
        "answer = Fraction(2, 36) * Fraction(4, 36)   # = 1/162\n"
        "# or, with the engine: analysis.landing_chance(58, rounds=2)"
    ),
    reference=Fraction(1, 162),
    success="only the opening 4+5 (or 5+4) to 53 followed by a five reaches Death so early: 1/162.",
    expects="a `Fraction`, e.g. `answer = Fraction(1, 36)`",
    notebook=PROBABILITY_NOTEBOOK,
)


# --- exercise 3: the first two rolls collide ----------------------------------------------------
def collision_chance() -> Fraction:
    """The engine's answer: Player 2's first roll ends on Player 1's square (not 0)."""
    start = Game(players=2).new_initial_state()
    total = Fraction(0)
    for first, p in start.apply(ROLL).chance_outcomes():
        after_one = start.apply(ROLL).apply(first)
        rolled = after_one.apply(ROLL)
        for second, q in rolled.chance_outcomes():
            after_two = rolled.apply(second)
            if after_two.positions[0] == 0 and after_one.positions[0] != 0:
                total += p * q
    return total


def _check_collision(answer: Any) -> None:
    totals = Fraction(sum(min(t - 1, 13 - t) ** 2 for t in range(2, 13)), 36 * 36)
    check_probability(answer, collision_chance(), what="the chance that Player 2 sends Player 1 back",
                      otherwise="Enumerate the dice pairs turn by turn, with the engine's rules (the hints "
                                "help).", mistakes={
        totals: "that is the chance that both dice totals are equal.  But the pawn does not always "
        "stop on its total: 5 is a goose (5 → 10), 6 is the Bridge (→ 12), 9 goes to 26 or 53; "
        "different totals can end on the same square.",
        Fraction(1, 10): "the ten squares a first roll can reach are not equally likely: weigh each "
        "by its probability.",
    })


first_roll_collision = Exercise(
    name="A collision on the first two rolls",
    prompt=(
        "Two players start a game.  Player 1 rolls, then Player 2 rolls.  What is the exact "
        "probability that Player 2's first roll ends on Player 1's square, so that Player 1 goes "
        "back to 0 (G11)?  Give a `Fraction`."
    ),
    checker=_check_collision,
    hints=(
        "Both first rolls follow the same rules, so both pawns land on square x with the same "
        "probability P(x): `analysis.first_roll_squares()` lists them.",
        "The rolls are independent: the chance that both end on x is P(x) squared.  Add over x.",
    ),
    solution=(
        "from goose_widgets.games.game_of_the_goose import analysis\n"
        "squares = analysis.first_roll_squares()          # {square: probability}\n"
        "answer = sum(p * p for p in squares.values())  # both pawns on the same square"
    ),
    reference=None,  # set below: the solution's formula, which the tests compare with the checker
    success="both rolls land on the same square with probability sum of P(x)²; geese and the "
            "Bridge make some squares more likely.",
    expects="a `Fraction`, e.g. `answer = Fraction(1, 36)`",
    notebook=PROBABILITY_NOTEBOOK,
)

object.__setattr__(first_roll_collision, "reference",
                   sum((p * p for p in first_roll_squares().values()), Fraction(0)))

EXERCISES = (opening_collision, bounce_back, move_a_pawn, death_in_two_rounds, first_roll_collision)
"""The Goose exercises in the order of the course."""
