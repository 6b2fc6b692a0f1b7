"""Sneaky Goose exercises (check / hint / solution).  Every checker asks the engine for the truth.

- `fresh_card_value`: the expected value of a card from a full deck (a number).
- `value_after_seeing`: a function giving the expected value of an unseen card after seeing some.
- `low_grid_chance`: the exact chance that a fresh 2x2 grid adds up to 10 or less.
- `slam_on_upcard`: the chance that the up-card matches a card of your bottom row.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from ...exercises.core import Exercise, Wrong, close, expect_callable, expect_number
from .analysis import expected_after_seeing, expected_next_card, fresh_grid_distribution, upcard_slam_chance
from .rules import Game

__all__ = ["fresh_card_value", "value_after_seeing", "low_grid_chance", "slam_on_upcard", "EXERCISES"]


def _as_fraction(answer: Any, what: str) -> Fraction:
    expect_number(answer, what)
    return Fraction(answer).limit_denominator(10**9) if isinstance(answer, float) else Fraction(answer)


# --- 1. the value of a card from a full deck -----------------------------------------------------
def _check_fresh(answer: Any) -> None:
    value = _as_fraction(answer, "the expected value of one card")
    truth = expected_next_card(Game().new_initial_state())
    if close(value, truth, 1e-6):
        return
    deck = Game().deck
    if close(value, Fraction(sum(t.value for t in deck), len(deck)), 1e-6):
        raise Wrong("that is the average of the 15 card *types*. The deck has 4 copies of most types "
                    "but only 2 of the Sneaky and Golden Egg geese: weight each value by its copies.")
    raise Wrong(f"{float(value):.4f} is not it. Add value x copies over the deck table and divide by "
                f"the number of cards ({Game().size}).")


fresh_card_value = Exercise(
    name="The value of a card you have not seen",
    prompt="Before anything is seen, what is the expected value of one card of the 54-card deck? "
           "Give a number (a `Fraction` is best).",
    checker=_check_fresh,
    hints=("The deck table is `goose_widgets.games.sneaky_goose.deck.DECK`: rows of name, value, "
           "copies, action.",
           "Expected value = sum of value x copies, divided by the number of cards."),
    solution="""from fractions import Fraction
from goose_widgets.games.sneaky_goose.deck import DECK

answer = Fraction(sum(t.value * t.copies for t in DECK), sum(t.copies for t in DECK))""",
    reference=Fraction(56, 9),
    success="56/9, about 6.22: a card you know nothing about is worth a little more than 6.",
)


# --- 2. the value after seeing some cards ----------------------------------------------------------
VALUE_CASES = ((), (13,), (13, 13), (12, 12, 12, 12), (-1, 0, 1, 2), (5, 9, 3, 1, 12, 2, 7, 4, 10))


def _check_after_seeing(answer: Any) -> None:
    expect_callable(answer, 1, "a list of the values you have seen")
    for seen in VALUE_CASES:
        got = answer(list(seen))
        expect_number(got, f"expected_unseen({list(seen)})")
        truth = expected_after_seeing(seen)
        if not close(got, truth, 1e-6):
            if seen and close(got, expected_after_seeing(()), 1e-6):
                raise Wrong(f"for seen={list(seen)} you return {float(got):.4f}, the value for a full "
                            "deck: take the seen cards out of the deck first.")
            raise Wrong(f"for seen={list(seen)} the answer is {float(truth):.4f}, you return "
                        f"{float(got):.4f}. Remove the seen values from the total and the seen cards "
                        "from the count.")


value_after_seeing = Exercise(
    name="Seeing cards changes the value of the others",
    prompt="Write `expected_unseen(seen)`: given the list of values of the cards you have seen (say "
           "`[13, 13]` after spotting both high Sneaky Geese), return the expected value of a card you "
           "have not seen.",
    checker=_check_after_seeing,
    hints=("Start from the whole deck's total value (336) and number of cards (54).",
           "Each seen card leaves the deck: subtract its value from the total and one from the count."),
    solution="""from fractions import Fraction
from goose_widgets.games.sneaky_goose.deck import DECK

def expected_unseen(seen):
    total = sum(t.value * t.copies for t in DECK) - sum(seen)
    count = sum(t.copies for t in DECK) - len(seen)
    return Fraction(total, count)""",
    reference=lambda seen: Fraction(336 - sum(seen), 54 - len(seen)),
    success="the engine agrees on every case: seeing high cards makes the unseen ones cheaper.",
)


# --- 3. a low fresh grid -------------------------------------------------------------------------
@cache
def _grid_truth() -> Fraction:
    return sum((p for total, p in fresh_grid_distribution().items() if total <= 10), Fraction(0))


def _check_low_grid(answer: Any) -> None:
    value = _as_fraction(answer, "a probability")
    truth = _grid_truth()
    if value == truth or close(value, truth, 1e-9):
        return
    if not 0 <= value <= 1:
        raise Wrong(f"{value} is not a probability: it must be between 0 and 1.")
    strict = sum((p for total, p in fresh_grid_distribution().items() if total < 10), Fraction(0))
    if close(value, strict, 1e-9):
        raise Wrong("that is the chance of *less than* 10; the question asks for 10 or less.")
    raise Wrong(f"{float(value):.5f} is not it (the exact answer is close to {float(truth):.3f}). "
                "The four cards are dealt without replacement: two 13s use up half of the high "
                "Sneaky Geese. Enumerate the 4-card combinations of the 54 cards.")


low_grid_chance = Exercise(
    name="A low grid from the deal",
    prompt="Four cards are dealt to you from a full deck. What is the exact chance that they add up to "
           "10 or less? Give a `Fraction`.",
    checker=_check_low_grid,
    hints=("List the 54 card values (each value as many times as it has copies) and use "
           "`itertools.combinations(cards, 4)`.",
           "Count the combinations whose sum is at most 10 and divide by the number of combinations."),
    solution="""from fractions import Fraction
from itertools import combinations
from goose_widgets.games.sneaky_goose.deck import DECK

cards = [t.value for t in DECK for _ in range(t.copies)]
hands = list(combinations(cards, 4))
answer = Fraction(sum(1 for h in hands if sum(h) <= 10), len(hands))""",
    reference=None,  # computed by `reference_answer` (needs the engine)
    success="only about 3 deals in 100 are that kind: most grids start far above the honking zone.",
)


# --- 4. a slam on the up-card --------------------------------------------------------------------
def _slam_by_rows(by_name: bool, replacement: bool = False) -> Fraction:
    """Plausible wrong answers, to recognise them: types by row instead of name; with replacement."""
    copies: dict[str, int] = {}
    for t in Game().deck:
        name = t.name if by_name else t.label
        copies[name] = copies.get(name, 0) + t.copies
    n = Game().size
    if replacement:
        return sum((Fraction(c, n) * (1 - (1 - Fraction(c, n)) ** 2) for c in copies.values()), Fraction(0))
    return sum((Fraction(c, n) * (1 - Fraction(comb(n - c, 2), comb(n - 1, 2))) for c in copies.values()),
               Fraction(0))


def _check_slam(answer: Any) -> None:
    value = _as_fraction(answer, "a probability")
    truth = upcard_slam_chance()
    if close(value, truth, 1e-9):
        return
    if close(value, _slam_by_rows(by_name=False), 1e-9):
        raise Wrong("a match is by goose type, and all Sneaky Geese are one type: a Sneaky Goose (13) "
                    "on the play pile matches a Sneaky Goose (-1). Count 4 Sneaky Geese, not 2 and 2.")
    if close(value, _slam_by_rows(by_name=True, replacement=True), 1e-9):
        raise Wrong("that draws with replacement. The up-card cannot be one of your own two cards: "
                    "after the up-card, 53 cards are left for your two.")
    raise Wrong(f"{float(value):.4f} is not it. Think of three cards from the deck: your two and the "
                "up-card (the other players' cards do not change the chance). For an up-card of a "
                "type with c copies, what is the chance that neither of your cards has that type?")


slam_on_upcard = Exercise(
    name="A slam before the first turn",
    prompt="After the peek you know your bottom row. What is the chance that the up-card has the same "
           "goose type as at least one of those two cards (all Sneaky Geese are one type), so that "
           "you can slam at once? Give a `Fraction`.",
    checker=_check_slam,
    hints=("Only three cards matter: your two and the up-card, three different cards of the deck.",
           "Add over the up-card's type (c copies out of 54): the chance that neither of your two cards "
           "is of that type is C(53 - (c - 1), 2) / C(53, 2)."),
    solution="""from collections import Counter
from fractions import Fraction
from math import comb
from goose_widgets.games.sneaky_goose.deck import DECK

copies = Counter()
for t in DECK:
    copies[t.name] += t.copies          # the two Sneaky rows make one type of 4 cards
# an up-card of a type with c copies, and neither of your two cards
# (two of the other 53) of that type
answer = sum(Fraction(c, 54) * (1 - Fraction(comb(54 - c, 2), comb(53, 2))) for c in copies.values())""",
    reference=None,
    success="about 1 in 9: keep an eye on the up-card before your first turn.",
)

EXERCISES = (fresh_card_value, value_after_seeing, low_grid_chance, slam_on_upcard)


def reference_answer(exercise: Exercise) -> Any:
    """A right answer for any of these exercises (the tests use it)."""
    if exercise is low_grid_chance:
        return _grid_truth()
    if exercise is slam_on_upcard:
        return upcard_slam_chance()
    return exercise.reference
