"""Exercises for Boo to the Goose (course/04).  Every checker asks the engine for the answer.

1. `count_the_dogs`: write the card-counting chance that a face-down card is a dog (B4: from what
   an observation shows).  Checked against `analysis.dog_chance` on observations of real games.
2. `when_to_stop`: the expected cards banked when stopping after ``k`` geese at a row of known
   make-up.  Checked against `analysis.round_value`, which walks the engine's catch round (B6-B9).
3. `the_trap_layer`: Bayes.  A player who lays a dog first whenever she holds one; the chance her
   first face-down card is a dog.  Checked against the engine's deal (B2).
4. `the_removed_cards`: the variation (B2).  The chance that none of a set's dogs was removed,
   checked against the engine's removal chance nodes.
"""

from __future__ import annotations

import inspect
import random
from fractions import Fraction
from functools import cache
from typing import Any

from ...engine import sample_outcome_fast
from ...exercises.core import Exercise, Wrong, close, expect_callable, expect_number
from .analysis import catch_position, dog_chance, no_dog_removed_chance, opening_dog_chance, round_value
from .bots import CountingBot
from .rules import SET, Game, Observation


@cache
def sample_observations(count: int = 60, seed: int = 4) -> tuple[tuple[Observation, int], ...]:
    """``(observation, owner)`` pairs from seeded games of counting bots: a seat looking at another
    seat that has face-down cards, with and without the variation."""
    rng = random.Random(seed)
    found: list[tuple[Observation, int]] = []
    bots = [CountingBot()] * 3
    while len(found) < count:
        state = Game(players=3, variation=len(found) % 2 == 1).new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state = state.apply(sample_outcome_fast(state, rng))
                continue
            seat = state.current_player
            observation = state.observation(seat)
            owner = (seat + 1) % 3
            if observation.row_sizes[owner] and rng.random() < 0.2:
                found.append((observation, owner))
            state = state.apply(bots[seat].choose(observation, state.legal_actions(), rng))
    return tuple(found)


def _rounded(got: Any, expected: Fraction) -> str:
    """Advice for an answer that is the right number rounded (the solutions print '≈ 0.635')."""
    if close(got, expected) or abs(float(got) - float(expected)) > 0.005:
        return ""
    return (f" {got} looks like {float(expected):.6f}… rounded: give the exact value (a Fraction, "
            "or the float the formula computes).")


def _check_count(answer: Any) -> None:
    expect_callable(answer, 2, "chance(observation, owner)")
    for observation, owner in sample_observations():
        expected = dog_chance(observation, owner)
        got = answer(observation, owner)
        expect_number(got, "the chance that a face-down card is a dog")
        if not close(got, expected):
            seen = observation.revealed[owner]
            hint = ""
            all_unseen = sum(SET) - sum(seen)
            if all_unseen and close(got, Fraction(SET[2] - seen[2], all_unseen)):
                hint = " You divided by every unseen card; but a fox is never played face down."
            raise Wrong(f"for an owner whose set has shown {seen[0]} geese, {seen[1]} foxes and "
                        f"{seen[2]} dogs, counting gives {expected} ≈ {float(expected):.3f}, your "
                        f"function gave {float(got):.3f}.{hint}")


def chance(observation: Observation, owner: int) -> Fraction:
    geese_seen, foxes_seen, dogs_seen = observation.revealed[owner]
    geese, dogs = SET[0] - geese_seen, SET[2] - dogs_seen
    return Fraction(dogs, geese + dogs)


count_the_dogs = Exercise(
    name="Count the dogs",
    prompt="Write `chance(observation, owner)`: the card-counting chance that a face-down card of "
           "player `owner` is a dog, as seen by `observation.seat`. A set has 15 geese, 5 foxes "
           "and 4 dogs (`SET`); `observation.revealed[owner]` counts the (geese, foxes, dogs) of "
           "that set everyone has seen. Assume the owner's unseen geese and dogs are equally "
           "likely to be the one face down.",
    checker=_check_count,
    hints=("Which kinds of card can lie face down?",
           "Unseen dogs = 4 − dogs seen; unseen geese = 15 − geese seen; foxes never lie face down."),
    solution=inspect.getsource(chance),
    reference=chance,
    success="that is card counting: the unseen dogs over the unseen cards that can lie face down.",
)

STOP_CASES = ((6, 2, 1), (6, 2, 2), (6, 2, 3), (10, 3, 4), (3, 1, 3), (5, 0, 7))


def _check_stop(answer: Any) -> None:
    expect_callable(answer, 3, "expected_bank(geese, dogs, k)")
    for geese, dogs, k in STOP_CASES:
        expected = round_value(catch_position(geese, dogs), k)
        case = (f"with {geese} geese and {dogs} dogs face down, stopping after {k} "
                f"{'goose' if k == 1 else 'geese'}")
        runs_out = (f" Her row runs out after {geese} {'goose' if geese == 1 else 'geese'}: the round "
                    "then ends as a stop (B7)."
                    if dogs == 0 and k > geese else "")
        try:
            got = answer(geese, dogs, k)
        except Exception as err:  # noqa: BLE001 - name the case that broke the learner's function
            raise Wrong(f"{case}, your function raised {type(err).__name__}: {err}.{runs_out}") from None
        expect_number(got, "the expected number of cards banked")
        if not close(got, expected):
            p = Fraction(dogs, geese + dogs)
            hint = runs_out or _rounded(got, expected)
            if not hint and close(got, (1 - p) ** k * (k + 1)):
                hint = (" That is the answer with replacement; a turned goose stays face up, so "
                        "the row has one goose fewer for the next flip.")
            raise Wrong(f"{case} banks {expected} ≈ {float(expected):.4f} cards on average; you "
                        f"gave {float(got):.4f}.{hint}")


def expected_bank(geese: int, dogs: int, k: int) -> Fraction:
    if dogs == 0:
        k = min(k, geese)  # the row runs out: the round ends as a stop (B7)
    chance = Fraction(1)
    for i in range(k):
        chance *= Fraction(geese - i, geese + dogs - i)
    return chance * (k + 1)


when_to_stop = Exercise(
    name="When to stop",
    prompt="Emma is the only other player with face-down cards: `geese` geese and `dogs` dogs, in "
           "an order Matt cannot see. Matt plays a fox, flips her cards one at a time and stops "
           "after `k` geese (if her row runs out first, the round ends as a stop). Write "
           "`expected_bank(geese, dogs, k)`: the expected number of cards Matt banks (geese + fox).",
    checker=_check_stop,
    hints=("Matt banks k + 1 cards if his first k flips are all geese, else nothing.",
           "The chance the first k flips are geese is (g/(g+d)) × ((g−1)/(g+d−1)) × … (k factors). "
           "Without dogs, the row running out stops him early."),
    solution=inspect.getsource(expected_bank),
    reference=expected_bank,
    success="the exact expectation; the course then finds the best k.",
)


def _check_trap(answer: Any) -> None:
    expect_number(answer, "the chance that her first face-down card is a dog")
    expected = opening_dog_chance(Game(players=2))
    if close(answer, expected):
        return
    if _rounded(answer, expected):
        raise Wrong("close, but" + _rounded(answer, expected))
    if close(answer, Fraction(SET[2], SET[0] + SET[2])):
        raise Wrong("4/19 is naive counting: it pretends she laid a random goose or dog. She lays "
                    "a dog whenever her 5-card hand holds one, so her first card is a dog exactly "
                    "when the hand has at least one dog.")
    raise Wrong(f"not {float(answer):.4f}. Work out the chance that 5 cards dealt from 24 "
                "(4 of them dogs) include no dog, and take the complement.")


the_trap_layer = Exercise(
    name="The trap layer (Bayes)",
    prompt="Emma always lays a dog face down when her hand holds one. On her first turn she lays a "
           "card face down from her opening hand of 5 cards (dealt from her 24-card set, B2). "
           "What is the chance that this card is a dog?",
    checker=_check_trap,
    hints=("Her card is a dog exactly when her opening hand holds at least one dog.",
           "P(no dog among 5 of 24, 4 dogs) = C(20, 5) / C(24, 5)."),
    solution="from math import comb\n"
             "answer = 1 - Fraction(comb(20, 5), comb(24, 5))   # 1125/1771 ≈ 0.635",
    reference=Fraction(1125, 1771),
    success="about 64%, three times the naive 4/19: the owner's choice is evidence.",
)


def _check_removed(answer: Any) -> None:
    expect_number(answer, "the chance that no dog was removed")
    expected = no_dog_removed_chance(Game(players=2, variation=True))
    if close(answer, expected):
        return
    if _rounded(answer, expected):
        raise Wrong("close, but" + _rounded(answer, expected))
    if close(answer, Fraction(20, 24) ** 4):
        raise Wrong("(20/24)^4 draws with replacement; the 4 removed cards are 4 different cards.")
    raise Wrong(f"not {float(answer):.4f}: count the ways to pick 4 of the 20 non-dogs out of the "
                "ways to pick 4 of all 24 cards.")


the_removed_cards = Exercise(
    name="The removed cards",
    prompt="In the variation, 4 cards of each 24-card set are removed unseen. What is the chance "
           "that all 4 dogs of Emma's set are still in the game (none was removed)?",
    checker=_check_removed,
    hints=("The 4 removed cards are a random 4 of the 24.",
           "C(20, 4) / C(24, 4)."),
    solution="from math import comb\n"
             "answer = Fraction(comb(20, 4), comb(24, 4))   # 1615/3542 ≈ 0.456",
    reference=Fraction(1615, 3542),
    success="less than half the time are all four dogs still there, and nobody can know which.",
)

EXERCISES = {e.name: e for e in (count_the_dogs, when_to_stop, the_trap_layer, the_removed_cards)}
