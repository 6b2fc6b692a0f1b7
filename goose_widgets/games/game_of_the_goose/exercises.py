"""Exercises on the Game of the Goose (course/02_goose_probability.ipynb).

Every checker asks the engine for the right answer (apply and chance outcomes, or `analysis`,
which is built on them), so no rule is written a second time here.

- `move_a_pawn`: write ``move(square, roll)``, the square where a pawn ends its move (G5–G8).
- `death_in_two_rounds`: the exact chance that a lone pawn lands on Death in its first two rounds.
- `first_roll_collision`: the exact chance that, in a two-player game, Player 2's first roll ends
  on Player 1's square and sends Player 1 back to 0 (G4, G11).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...exercises.core import Exercise, Wrong, close, expect_callable, expect_number
from .analysis import first_roll_squares, landing_chance
from .rules import FINISH, ROLL, SQUARES, Dice, Game, State

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
            try:
                got = answer(square, roll)
            except Exception as err:  # noqa: BLE001 - a learner's function may raise anything
                raise Wrong(f"move({square}, {roll}) raised {type(err).__name__}: {err}") from None
            if isinstance(got, bool) or not isinstance(got, int):
                raise Wrong(f"move({square}, {roll}) returned {got!r}; return a square number (an int).")
            if got != expected:
                raise Wrong(f"move({square}, {roll}) returned {got}, but the pawn ends on {expected}. "
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
)


def _reference_move() -> Any:
    namespace: dict[str, Any] = {}
    exec(_MOVE_SOLUTION, namespace)  # noqa: S102 - our own solution text, tested as shown
    return namespace["move"]


object.__setattr__(move_a_pawn, "reference", _reference_move())


# --- exercise 2: Death in the first two rounds ---------------------------------------------------
def _check_probability(answer: Any, expected: Fraction, what: str, hints: dict[Fraction, str]) -> None:
    expect_number(answer, what)
    if not 0 <= answer <= 1:
        raise Wrong(f"a probability lies between 0 and 1; {answer} does not.")
    if close(answer, expected, 1e-9):
        return
    for wrong, message in hints.items():
        if close(answer, wrong, 1e-9):
            raise Wrong(message)
    raise Wrong(f"{answer} is not it ({float(answer):.5f}).  Enumerate the dice pairs turn by turn, "
                "with the engine's rules (the hints help).")


def _check_death(answer: Any) -> None:
    _check_probability(answer, landing_chance(58, 2), "the chance of landing on Death in two rounds", {
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
    _check_probability(answer, collision_chance(), "the chance that Player 2 sends Player 1 back", {
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
)

object.__setattr__(first_roll_collision, "reference",
                   sum((p * p for p in first_roll_squares().values()), Fraction(0)))

EXERCISES = [move_a_pawn, death_in_two_rounds, first_roll_collision]
"""The Goose exercises in the order of the course."""
