"""Exercises for Boo to the Goose: course/03_boo_to_the_goose.ipynb and
course/04_boo_to_the_goose_probability.ipynb.

Every checker asks the engine for the answer; numbers are judged by the course's one numeric policy
(`exercises.check_number`).

Notebook 03 (the rules): `goose_and_fox` (the chance that the first two cards dealt are a goose and
a fox, B2: two chance nodes of the engine's deal; the notebook shows the second card's chances
after a goose, the learner adds the other order) and `after_the_dog` (who banks what when a flip
turns up a dog, B8-B9, in a continuation of the rulebook's example that no walkthrough shows).

Notebook 04:

1. `count_the_dogs`: write the card-counting chance that a face-down card is a dog (B4: from what
   an observation shows).  Checked against `analysis.dog_chance` on observations of real games.
2. `when_to_stop`: the expected cards banked when stopping after ``k`` geese at a row of known
   make-up.  Checked against `analysis.round_value`, which walks the engine's catch round (B6-B9).
3. `the_trap_layer`: Bayes.  A player who lays a dog whenever she holds one laid a goose: the
   chance that her hand held a fox (the worked example is the chance a careful trap layer's first
   card is a dog).  Checked against the engine's deal (B2).
4. `the_removed_cards`: the variation (B2).  The chance that exactly one of a set's dogs is among
   the removed cards (the worked example is the chance that no fox was removed), checked against
   the engine's removal chance nodes.
5. `stop_rule`: write the one-flip stopping rule, checked against `analysis.best_stop`.
6. `write_a_bot`: the capstone, a bot of the learner's own against the built-in bots
   (`exercises.bots.BotCapstone`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from ...engine import expectation, sample_outcome_fast
from ...exercises import (
    Exercise,
    Wrong,
    as_int,
    as_number,
    call_learner,
    check_probability,
    close,
    describe,
    expect_callable,
    raise_if_rounded,
)
from ...exercises.bots import Bar, BotCapstone, judge_standings
from ...exercises.core import defined_in, write_it_yourself
from ...exercises.league import League
from .analysis import best_stop, catch_position, dog_chance, round_value
from .bots import CountingBot
from .examples import SCENARIOS, SEAT_NAMES
from .rules import (
    DOG,
    FOX,
    GOOSE,
    HAND_SIZE,
    REMOVED_IN_VARIATION,
    SET,
    Game,
    Observation,
    State,
    seat_name,
)

# The game's modules that would compute a "write it yourself" answer in one call: a function
# answer's sandbox is without them (`exercises.write_it_yourself`).
SHORTCUTS = ("analysis", "examples", "bots", "expert", "determinize", "policies", "registry")


RULES_NOTEBOOK = "03_boo_to_the_goose"
PROBABILITY_NOTEBOOK = "04_boo_to_the_goose_probability"


# --- notebook 03, exercise 1: the first two cards dealt --------------------------------------
def first_cards_chance(kinds: tuple[int, int] = (GOOSE, FOX), players: int = 3) -> Fraction:
    """The engine's answer: the chance that the first two cards chance deals (both Matt's) are
    one of each of ``kinds``, in either order: two chance nodes of the deal, walked."""
    start = Game(players=players).new_initial_state()
    total = Fraction(0)
    for first, p in start.chance_outcomes():
        for second, q in start.apply(first).chance_outcomes():
            if sorted((first.kind, second.kind)) == sorted(kinds):
                total += p * q
    return total


def _check_goose_and_fox(answer: Any) -> None:
    geese, foxes, _dogs = SET
    cards = sum(SET)
    check_probability(answer, first_cards_chance(), what="the chance of a goose and a fox",
                      mistakes={
        Fraction(geese, cards) * Fraction(foxes, cards - 1): "that is a goose and THEN a fox.  A fox "
        "first and then a goose is the other way to get one of each: add it.",
        2 * Fraction(geese, cards) * Fraction(foxes, cards): "the second card is dealt from the 23 "
        "cards left, not from all 24: after a goose, the set has one goose fewer (the cell above "
        "shows the chances after a goose).",
        Fraction(geese, cards) * Fraction(foxes, cards): "the second card comes from the 23 cards left, "
        "and the fox can come first as well.",
    }, otherwise="Follow the deal card by card: the first card's chance, then the second card's "
                 "chance given the first (B2).")


goose_and_fox = Exercise(
    name="The first two cards dealt",
    prompt="A three-player game starts, and chance deals Matt's first two cards from his shuffled "
           "set.  What is the exact chance that one of them is a goose and the other a fox, in "
           "either order?  Give a `Fraction`.",
    checker=_check_goose_and_fox,
    hints=(f"A set holds {SET[GOOSE]} geese, {SET[FOX]} foxes and {SET[-1]} dogs (B2).  The cell above "
           "shows how the chances of Matt's second card change once his first card was a goose.",
           "Two orders give one of each: goose then fox, and fox then goose.  Multiply the chances "
           "along each order, then add the two."),
    solution="answer = Fraction(15, 24) * Fraction(5, 23) + Fraction(5, 24) * Fraction(15, 23)   # 25/92\n"
             "# or ask the engine, two chance nodes deep:\n"
             "start = load_game(\"boo_to_the_goose\", players=3).new_initial_state()\n"
             "answer = Fraction(0)\n"
             "for first, p in start.chance_outcomes():\n"
             "    for second, q in start.apply(first).chance_outcomes():\n"
             "        if sorted([str(first).split()[-1], str(second).split()[-1]]) == [\"fox\", \"goose\"]:\n"
             "            answer += p * q",
    reference=Fraction(25, 92),
    success="15/24 · 5/23 + 5/24 · 15/23 = 25/92: the deal draws without putting back, and both "
            "orders count.",
    expects="a `Fraction`, e.g. `answer = Fraction(1, 2)`",
    notebook=RULES_NOTEBOOK,
)


# --- notebook 03, exercise 2: a dog ends the round -------------------------------------------
DOG_AT_TOM = "flip Player 3's card 2"
"""The question's flip: after Emma's first goose, Matt turns Tom's second card, a dog."""


def dog_at_tom() -> tuple[State, State]:
    """The rulebook example just after Matt's first flip (Emma's goose), and the state after the
    question's flip (`DOG_AT_TOM`).  The walkthroughs go on differently, so they do not answer it."""
    before = next(s for s in SCENARIOS["rulebook example"].states()
                  if s.history and s.history[-1] == "flip Player 2's card 1")
    return before, before.apply_str(DOG_AT_TOM)


def banked_after_the_dog() -> tuple[int, ...]:
    """The engine's answer: the cards each player banks in the round that `DOG_AT_TOM` ends."""
    before, after = dog_at_tom()
    return tuple(sum(after.won_by_kind(s)) - sum(before.won_by_kind(s)) for s in range(before.game.players))


def _check_after_dog(answer: Any) -> None:
    expected = banked_after_the_dog()
    names = ", ".join(SEAT_NAMES)
    if not isinstance(answer, (tuple, list)) or len(answer) != len(expected):
        raise Wrong(f"answer with {len(expected)} numbers in seat order ({names}), e.g. (1, 2, 0).")
    got = tuple(as_int(v, f"the cards {name} banks") for v, name in zip(answer, SEAT_NAMES))
    if got == expected:
        return
    matt, emma, tom = got
    if matt > 0:
        raise Wrong("a player who turns over a dog loses everything he turned this round, and his fox "
                    "too (B9).")
    if tom == expected[2] - 1:
        raise Wrong("Tom banks his dog, and he gets something more: whose fox ends the round in his "
                    "row (B9)?")
    if emma != expected[1]:
        raise Wrong("Emma's goose was turned this round, before the dog.  What happens to turned cards "
                    "of players who did not show the dog (B9)?")
    raise Wrong(f"not quite: {got} for ({names}).  Read rulings B8 and B9 again: who keeps the turned "
                "cards, and who gets the fox?")


after_the_dog = Exercise(
    name="A dog ends the round",
    prompt="Go back to the rulebook's example just after Matt's first flip: he has played his fox and "
           "turned over one of Emma's geese.  Suppose he now turns over Tom's SECOND face-down card, "
           f"and it is a dog (`{DOG_AT_TOM}`).  How many cards does each player add to their win pile "
           "in that round?  Answer with a tuple `(Matt, Emma, Tom)`.",
    checker=_check_after_dog,
    hints=("A dog ends the round at once.  Who keeps the cards that were turned over (B9)?",
           "Everyone keeps the cards turned in front of them; the fox goes to the owner of the dog."),
    solution="answer = (0, 1, 2)   # Matt: nothing; Emma: her goose; Tom: his dog and Matt's fox\n"
             "# or ask the engine:\n"
             "before = SCENARIOS[\"rulebook example\"].states()[20]   # just after Emma's goose\n"
             "after = before.apply_str(\"flip Player 3's card 2\")\n"
             "answer = tuple(sum(after.won_by_kind(s)) - sum(before.won_by_kind(s)) for s in range(3))",
    reference=(0, 1, 2),
    success="the dog's owner gets the fox, everyone keeps their own turned cards, and Matt banks nothing.",
    expects="a tuple of three numbers, e.g. `answer = (1, 2, 0)`",
    notebook=RULES_NOTEBOOK,
)


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
        if expected is None:  # the samples are owners with face-down cards, which always have a chance
            raise RuntimeError(f"sample observation without a dog chance for seat {owner}.")
        got = call_learner(answer, observation, owner, what="chance(observation, owner)")
        if not 0 <= as_number(got, "the chance that a face-down card is a dog") <= 1:
            raise Wrong(f"chance(observation, {owner}) returned {describe(got)}: a probability lies "
                        "between 0 and 1.")
        raise_if_rounded(got, expected, what=f"chance(observation, {owner})")  # the one policy
        if not close(got, expected):
            seen = observation.revealed[owner]
            hint = ""
            all_unseen = sum(SET) - sum(seen)
            if all_unseen and close(got, Fraction(SET[2] - seen[2], all_unseen)):
                hint = " You divided by every unseen card; but a fox is never played face down."
            raise Wrong(f"for an owner whose set has shown {seen[0]} geese, {seen[1]} foxes and "
                        f"{seen[2]} dogs, counting gives {expected} ≈ {float(expected):.3f}, your "
                        f"function gave {float(got):.3f}.{hint}")


CHANCE_SOLUTION = """
from fractions import Fraction

def chance(observation, owner):
    geese_seen, foxes_seen, dogs_seen = observation.revealed[owner]
    geese, dogs = 15 - geese_seen, 4 - dogs_seen   # a set: 15 geese, 5 foxes, 4 dogs
    return Fraction(dogs, geese + dogs)             # a fox never lies face down
"""


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
    solution=CHANCE_SOLUTION,
    reference=defined_in(CHANCE_SOLUTION, "chance"),
    success="that is card counting: the unseen dogs over the unseen cards that can lie face down.",
    expects="a function `chance(observation, owner)` that returns a probability",
    notebook=PROBABILITY_NOTEBOOK,
    hidden=write_it_yourself("boo_to_the_goose", *SHORTCUTS),
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
            got = call_learner(answer, geese, dogs, k, what=f"expected_bank({geese}, {dogs}, {k})")
        except Wrong as err:  # name the case, and the rule it may have missed
            raise Wrong(f"{case}: {err}.{runs_out}") from None
        if not 0 <= as_number(got, "the expected number of cards banked") <= k + 1:
            raise Wrong(f"{case}, your function returned {describe(got)}: Matt banks from 0 to "
                        f"{k + 1} cards, so the expectation lies in between.")
        raise_if_rounded(got, expected, what=f"expected_bank({geese}, {dogs}, {k})")  # the one policy
        if not close(got, expected):
            p = Fraction(dogs, geese + dogs)
            hint = runs_out or _rounded(got, expected)
            if not hint and close(got, (1 - p) ** k * (k + 1)):
                hint = (" That is the answer with replacement; a turned goose stays face up, so "
                        "the row has one goose fewer for the next flip.")
            raise Wrong(f"{case} banks {expected} ≈ {float(expected):.4f} cards on average; you "
                        f"gave {float(got):.4f}.{hint}")


BANK_SOLUTION = """
from fractions import Fraction

def expected_bank(geese, dogs, k):
    if dogs == 0:
        k = min(k, geese)        # the row runs out: the round ends as a stop (B7)
    chance = Fraction(1)
    for i in range(k):
        chance *= Fraction(geese - i, geese + dogs - i)
    return chance * (k + 1)
"""


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
    solution=BANK_SOLUTION,
    reference=defined_in(BANK_SOLUTION, "expected_bank"),
    success="the exact expectation; the course then finds the best k.",
    expects="a function `expected_bank(geese, dogs, k)` that returns a number",
    notebook=PROBABILITY_NOTEBOOK,
    hidden=write_it_yourself("boo_to_the_goose", "rules", *SHORTCUTS),
)


def _over_the_deal(value: Callable[[tuple[int, ...]], Any], game: Game) -> Fraction:
    """The exact expectation of ``value(hand)`` over Player 1's opening hand (a count per kind),
    walked through the engine's deal: every card dealt is a chance node (B2)."""
    return expectation(game.new_initial_state(), lambda s: value(s.hands[0]),
                       stop=lambda s: sum(s.hands[0]) == HAND_SIZE)


def _over_the_removal(value: Callable[[tuple[int, ...]], Any], game: Game) -> Fraction:
    """The exact expectation of ``value(removed)`` over the cards the variation removes from
    Player 1's set, walked through the engine's removal chance nodes (B2)."""
    return expectation(game.new_initial_state(), lambda s: value(s.removed[0]),
                       stop=lambda s: sum(s.removed[0]) == REMOVED_IN_VARIATION)


def lays_a_goose(hand: tuple[int, ...]) -> bool:
    """The bold trap layer lays a goose on her first turn: her hand holds no dog (she would lay
    it) and at least one goose (five foxes cannot be laid face down)."""
    return hand[DOG] == 0 and hand[GOOSE] > 0


def fox_after_a_goose() -> Fraction:
    """The engine's answer: P(her opening hand held a fox | the bold trap layer laid a goose),
    Bayes over the engine's deal."""
    game = Game(players=2)
    both = _over_the_deal(lambda hand: lays_a_goose(hand) and hand[FOX] > 0, game)
    return both / _over_the_deal(lays_a_goose, game)


def _check_trap(answer: Any) -> None:
    geese, foxes, dogs = SET
    cards, without_dogs = sum(SET), geese + foxes
    hands, no_dog = comb(cards, HAND_SIZE), comb(without_dogs, HAND_SIZE)
    no_fox_no_dog = comb(geese, HAND_SIZE)
    check_probability(answer, fox_after_a_goose(), what="the chance that her hand held a fox", mistakes={
        Fraction(no_dog - no_fox_no_dog, no_dog): "almost.  One hand without a dog cannot lay a goose: "
        "five foxes.  Matt saw a goose laid, so that hand is out.",
        1 - Fraction(comb(cards - foxes, HAND_SIZE), hands): "that is the chance before Matt saw "
        "anything.  The goose is evidence: what does a goose from a trap layer say about her hand?",
        Fraction(no_dog - no_fox_no_dog - 1, hands): "that is the chance that she lays a goose AND holds "
        "a fox.  Bayes divides by the chance of what Matt saw: that she lays a goose.",
    }, otherwise="Bayes: P(a fox in her hand | she laid a goose) = P(a fox and she lays a goose) / "
                 "P(she lays a goose).  When does the trap layer lay a goose?")


the_trap_layer = Exercise(
    name="What a trap layer's goose says (Bayes)",
    prompt="Emma is a bold trap layer: she lays a dog face down whenever her hand holds one, and "
           "otherwise a goose.  On her first turn she lays a card face down from her opening hand "
           "of 5 cards (dealt from her 24-card set, B2), and Matt turns it over: a goose.  What is "
           "the chance that her opening hand held at least one fox?",
    checker=_check_trap,
    hints=("What does a goose from this player tell Matt about the dogs in her hand?",
           "Bayes: P(fox | she laid a goose) = P(fox and she lays a goose) / P(she lays a goose).  "
           "Count hands with `comb`, as in the worked example.",
           "She lays a goose when her hand holds no dog and at least one goose.  Of the 5-card hands "
           "without a dog, which one holds no goose?"),
    solution="from math import comb\n"
             "lays_goose = comb(20, 5) - 1                 # no dog; not the one hand of five foxes\n"
             "with_fox = lays_goose - comb(15, 5)          # ... and not all geese\n"
             "answer = Fraction(with_fox, lays_goose)     # 12500/15503 ≈ 0.806",
    reference=Fraction(12500, 15503),
    success="about 0.81 against 0.73 before the goose: a trap layer's goose says she held no dog, so "
            "her five cards came from the geese and foxes.",
    expects="a `Fraction`, e.g. `answer = Fraction(1, 2)`",
    notebook=PROBABILITY_NOTEBOOK,
)


def one_dog_removed() -> Fraction:
    """The engine's answer: the chance that exactly one of a set's dogs is among the variation's
    removed cards."""
    return _over_the_removal(lambda removed: removed[DOG] == 1, Game(players=2, variation=True))


def _check_removed(answer: Any) -> None:
    _geese, _foxes, dogs = SET
    cards, removed = sum(SET), REMOVED_IN_VARIATION
    ways = comb(cards, removed)
    others = comb(cards - dogs, removed - 1)
    dog = Fraction(dogs, cards)
    check_probability(answer, one_dog_removed(), what="the chance that exactly one dog was removed",
                      mistakes={
        Fraction(others, ways): "that counts the removals with one particular dog.  Any of the 4 dogs "
        "can be the one removed: multiply by the number of ways to choose it.",
        removed * dog * (1 - dog) ** (removed - 1): "that draws with replacement; the 4 removed cards "
        "are 4 different cards, so count the ways (as in the worked example).",
        1 - Fraction(comb(cards - dogs, removed), ways): "that is the chance that AT LEAST one dog was "
        "removed; the question asks for exactly one.",
    }, otherwise="Count the removals with exactly one dog: which dog, and which 3 of the 20 other cards; "
                 "out of all the ways to remove 4 of 24.")


the_removed_cards = Exercise(
    name="One dog in the box",
    prompt="In the variation, 4 cards of each 24-card set are removed unseen.  What is the chance "
           "that exactly one of the 4 dogs of Emma's set is among them?",
    checker=_check_removed,
    hints=("The 4 removed cards are a random 4 of the 24, all of them equally likely: count the ways, "
           "as the worked example did for the foxes.",
           "A removal with exactly one dog is a choice of the dog (4 ways) and of the 3 other cards "
           "among the 20 that are not dogs."),
    solution="from math import comb\n"
             "answer = Fraction(comb(4, 1) * comb(20, 3), comb(24, 4))   # 760/1771 ≈ 0.429",
    reference=Fraction(760, 1771),
    success="in about three games of seven one dog of the set is in the box, and nobody knows which "
            "player's.",
    expects="a `Fraction`, e.g. `answer = Fraction(1, 2)`",
    notebook=PROBABILITY_NOTEBOOK,
)


# --- 5. the stopping rule --------------------------------------------------------------------
STOP_RULE_CASES = (Fraction(1, 10), Fraction(1, 5), Fraction(4, 19), Fraction(1, 4), Fraction(2, 7),
                   Fraction(1, 3), Fraction(1, 2), Fraction(1, 40))


def _check_stop_rule(answer: Any) -> None:
    expect_callable(answer, 1, "stop_after(p) -> the number of geese after which to stop")
    for p in STOP_RULE_CASES:
        expected = best_stop(p)
        got = as_int(call_learner(answer, p, what=f"stop_after({p})"), f"stop_after({p})")
        if not 1 <= got <= 10**6:
            raise Wrong(f"stop_after({p}) returned {describe(got)}: the number of geese to turn is at "
                        "least 1 (the first flip is compulsory).")
        if got != expected:
            slip = ""
            if got == expected - 1:
                slip = (" Stopping when the gain is zero or less is right, but is your first test at "
                        "g = 1 (one flip is compulsory) and does it flip on while the gain is > 0?")
            elif got == expected + 1:
                slip = " You flipped once more than the rule says: a gain of exactly 0 is no reason to flip."
            raise Wrong(f"for p = {p} the rule stops after {expected} geese; yours said {got}.{slip}")


STOP_SOLUTION = """
def stop_after(p):
    geese = 1                                   # the first flip is compulsory
    while (1 - p) - p * (geese + 1) > 0:        # one more flip still gains on average
        geese += 1
    return geese
"""


stop_rule = Exercise(
    name="The stopping rule",
    prompt="Write `stop_after(p)`: with a dog chance `p` that stays the same at every flip, after how "
           "many geese should you stop?  Flip on while one more flip gains on average, "
           "`(1 - p) - p * (g + 1) > 0` after `g` geese; the first flip is compulsory.",
    checker=_check_stop_rule,
    hints=("Start with g = 1 (the compulsory first flip) and count up while the gain is positive.",
           "A `while` loop: `while (1 - p) - p * (g + 1) > 0: g += 1`, then return g."),
    solution=STOP_SOLUTION,
    reference=defined_in(STOP_SOLUTION, "stop_after"),
    success="the one-flip rule: flip while p < 1/(g + 2).  The counting bot plays by it.",
    expects="a function `stop_after(p)` that returns a whole number of geese",
    notebook=PROBABILITY_NOTEBOOK,
    hidden=write_it_yourself("boo_to_the_goose", *SHORTCUTS),
)


# --- 6. the capstone: write your own bot -------------------------------------------------------
BOT_SOLUTION = '''
from goose_widgets.games.boo_to_the_goose import analysis

def my_bot(observation, legal_actions):
    names = [str(action) for action in legal_actions]
    if observation.in_round:                          # a catch round: flip on, or stop?
        p = analysis.dog_chance(observation, observation.target)
        geese = analysis.geese_this_round(observation)
        if "stop" in names and (p is None or analysis.flip_gain(p, geese) <= 0):
            return "stop"
        flips = [a for a in legal_actions if str(a) != "stop"]
        return flips[-1]                              # the newest card: dogs are laid early
    for wish in ("play dog", "play goose", "play fox"):   # a dog is a trap; keep the foxes
        if wish in names:
            return wish
    return legal_actions[0]
'''


write_a_bot = BotCapstone(
    exercise=Exercise(
        name="Write your own bot",
        prompt="Write `my_bot(observation, legal_actions)`: it gets what your seat sees (`observation`, "
               "as in section 1) and the list of legal actions, and returns one of them (or its text, "
               "like `\"stop\"` or `\"play dog\"`).  The check plays it in two-player games, seats "
               "rotated, until the verdict is clear: it passes when your bot clearly beats the "
               "cautious bot and the random bot (it wins more than half of the games against each, on "
               "the 99% interval the report shows).  Why the cautious bot: the simple policies (your "
               "first legal action, always a fox, any card at random) each lose to it, while a bot "
               "that lays its dogs as traps and stops a catch round in time beats it clearly.  (The "
               "counting bot would be no bar: always playing a fox beats it, and loses to random.)  "
               "Once it passes, the report also shows it against the counting bot and the expert, for "
               "comparison.",
        checker=judge_standings,
        hints=("Start simple: lay a dog when you have one (a trap), else a goose, and keep your foxes.",
               "In a catch round, stop when one more flip does not pay: `analysis.dog_chance(observation, "
               "observation.target)` and `analysis.flip_gain(p, analysis.geese_this_round(observation))`.",
               "Which card to flip?  Dog-first players lay their dogs early, so the newest card is safest."),
        solution=BOT_SOLUTION,
        reference=defined_in(BOT_SOLUTION, "my_bot"),
        success="your bot clearly beats the cautious bot and the random bot.  How does it do "
                "against the counting bot?",
        time_limit=60.0,
        expects="a function `my_bot(observation, legal_actions)` that returns one of `legal_actions`",
        notebook=PROBABILITY_NOTEBOOK,
    ),
    game_name="boo_to_the_goose",
    params={"players": 2},
    bars=(Bar("cautious"), Bar("random")),
    seat_names=tuple(seat_name(s) for s in range(2)),
    compare=(("counting", 60),),
    cap=400,
)

league = League(write_a_bot.game_name)
"""The class's bot league of this game (`exercises.league`): ``league.submit(my_bot)``."""

EXERCISES = {e.name: e for e in (goose_and_fox, after_the_dog, count_the_dogs, the_trap_layer, when_to_stop,
                                 the_removed_cards, stop_rule, write_a_bot.exercise)}
"""The exercises in course order (notebook 03, then 04), by name."""
