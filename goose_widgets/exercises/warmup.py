"""The warm-up exercise of `course/00_start_here.ipynb`: how exercises work.

A worked example (``example=True``): the notebook answers and checks it itself, so it is never
recorded as the learner's work nor shown in `progress()` or a class report.

Its checker takes the dice from the Game of the Goose engine (the chance node after "roll",
ruling G2), so it never restates how two dice behave.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..engine import load_game
from .answers import check_probability
from .core import Exercise


def dice_total_chance(total: int) -> Fraction:
    """The exact chance that the engine's two dice add up to ``total``."""
    state = load_game("game_of_the_goose", players=1).new_initial_state()
    state = state.apply(state.legal_actions()[0])
    return sum((p for o, p in state.chance_outcomes()
                if sum(int(d) for d in re.findall(r"\d+", str(o))) == total), Fraction(0))


def _check(answer: object) -> None:
    check_probability(answer, dice_total_chance(9), what="the probability of a total of nine", mistakes={
        dice_total_chance(9) / 2: "you counted each pair of numbers once; the two dice are different "
        "dice, so (3, 6) and (6, 3) are two different rolls.",
    }, otherwise="Count the ordered pairs (first die, second die) that add up to nine, out of all "
                 "6 × 6 = 36 equally likely pairs.")


nine_with_two_dice = Exercise(
    name="Warm-up: a total of nine",
    prompt="With two six-sided dice, what is the probability that the total is 9? "
           "Give a number (a `Fraction` is best).",
    checker=_check,
    hints=("List the pairs: the first die can show 3, 4, 5 or 6.",
           "There are 36 equally likely ordered pairs; (3, 6) and (6, 3) both count."),
    solution="from fractions import Fraction\n"
             "pairs = [(a, b) for a in range(1, 7) for b in range(1, 7) if a + b == 9]\n"
             "answer = Fraction(len(pairs), 36)   # 4/36 = 1/9",
    reference=Fraction(1, 9),
    success="4 of the 36 ordered pairs add up to nine: 1/9.",
    expects="a number, best a `Fraction` such as `Fraction(1, 2)`",
    notebook="00_start_here",
    example=True,  # 00 answers it itself, to show how a check answers: not the learner's work
)
EXERCISES = (nine_with_two_dice,)
