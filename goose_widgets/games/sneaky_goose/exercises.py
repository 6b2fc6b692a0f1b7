"""Sneaky Goose exercises: course/05_sneaky_goose.ipynb and course/06_sneaky_goose_probability.ipynb.

Every checker asks the engine for the truth; numbers are judged by the course's one numeric policy
(`exercises.check_number`).

Notebook 05 (the rules):

- `first_card_sneaky`: the chance that the first card dealt is a Sneaky Goose (the deal's chance node).
- `honk_score`: what a honker tied for lowest scores (S9), from the engine's own honk.

Notebook 06:

- `fresh_card_value`: the expected value of a card from a full deck (a number).
- `value_after_seeing`: a function giving the expected value of an unseen card after seeing some.
- `low_grid_chance`: the exact chance that a fresh 2x2 grid adds up to 10 or less.
- `slam_on_upcard`: the chance that the up-card matches a card of your bottom row.
- `honk_break_even`: the highest total at which a honk still pays against a fresh grid (S9).
- `write_a_bot`: the capstone, a bot of the learner's own against the built-in bots (lower scores win).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from ...exercises import (
    Exercise,
    Wrong,
    as_number,
    call_learner,
    check_number,
    check_probability,
    close,
    describe,
    expect_callable,
    raise_if_rounded,
)
from ...exercises.bots import Bar, BotCapstone, judge_standings
from ...exercises.core import defined_in, write_it_yourself
from .analysis import expected_after_seeing, expected_next_card, fresh_grid_distribution, upcard_slam_chance
from .rules import HONK, HONK_BONUS, Game, arrange, seat_name

__all__ = ["first_card_sneaky", "honk_score", "fresh_card_value", "value_after_seeing", "low_grid_chance",
           "slam_on_upcard", "honk_break_even", "write_a_bot", "EXERCISES"]

# The game's modules that would compute a "write it yourself" answer in one call: a function
# answer's sandbox is without them (`exercises.write_it_yourself`).
SHORTCUTS = ("analysis", "studies", "examples", "bots", "expert", "determinize", "policies", "registry")


RULES_NOTEBOOK = "05_sneaky_goose"
PROBABILITY_NOTEBOOK = "06_sneaky_goose_probability"


# --- notebook 05, exercise 1: the first card dealt ------------------------------------------------
def first_card_chance(name: str = "Sneaky Goose") -> Fraction:
    """The engine's answer: the chance that the first card of the deal is a ``name`` (any value)."""
    state = Game().new_initial_state()
    return sum((p for card, p in state.chance_outcomes() if card.label.startswith(name + " (")), Fraction(0))


def _check_first_sneaky(answer: Any) -> None:
    deck = Game().deck
    rows = [t for t in deck if t.name == "Sneaky Goose"]
    check_probability(answer, first_card_chance(), what="the chance that the first card is a Sneaky Goose",
                      mistakes={
                          Fraction(rows[0].copies, Game().size): "that counts one row of the deck table; "
                          "the Sneaky Goose has two rows (13 and -1), and either value counts.",
                          Fraction(len(rows), len(deck)): "the deck's rows are not equally likely: weigh "
                          "each by its copies.",
                      }, otherwise="Count the Sneaky Geese of both values in the deck table and divide by "
                                   "the number of cards.")


first_card_sneaky = Exercise(
    name="A Sneaky Goose off the top",
    prompt="The deal begins.  What is the exact chance that the very first card dealt is a Sneaky "
           "Goose, of either value (13 or -1)?  Give a `Fraction`.",
    checker=_check_first_sneaky,
    hints=("The deck table (`DECK`, printed above) has a row per goose type and value, with its copies.",
           "The engine lists the first card's chances: `load_game(\"sneaky_goose\", players=2)"
           ".new_initial_state().chance_outcomes()`."),
    solution="""from fractions import Fraction
sneaky = sum(t.copies for t in DECK if t.name == "Sneaky Goose")   # 2 of 13 and 2 of -1
answer = Fraction(sneaky, sum(t.copies for t in DECK))            # 4/54 = 2/27""",
    reference=Fraction(2, 27),
    success="4 of the 54 cards: 2/27.  Half of them are the best card in the game, half the worst.",
    expects="a `Fraction`, e.g. `answer = Fraction(1, 2)`",
    notebook=RULES_NOTEBOOK,
)


# --- notebook 05, exercise 2: the score of a honk ---------------------------------------------------
HONK_GRIDS = ([5, 0, 2, 1], [3, 3, 0, 2], [12, 4, 6, 2])  # sums 8, 8 and 24: Player 1 honks


def honk_round_score() -> int:
    """The engine's answer: Player 1's round score after honking on ``HONK_GRIDS``."""
    state: Any = arrange(Game(players=3), HONK_GRIDS, 10).apply(HONK)
    return int(state.results[-1].scores[0])


def _check_honk(answer: Any) -> None:
    mine = sum(HONK_GRIDS[0])
    check_number(answer, honk_round_score(), what="Player 1's score for the round", mistakes={
        mine - 10: "10 points off is only for the strictly lowest sum; Player 2 has the same sum (S9).",
        mine + 10: "10 points are added only when the honker is not among the lowest; a tie is lowest (S9).",
        mine: "the honker's sum is changed by the honk: look at what a tie for lowest does (S9).",
    }, otherwise="Add up Player 1's four cards, then apply the honk's bonus (S9).")


honk_score = Exercise(
    name="Honk on a tie",
    prompt="Three players.  Player 1's grid is 5 0 / 2 1, Player 2's 3 3 / 0 2 and Player 3's 12 4 / 6 2. "
           "Player 1 honks.  What does Player 1 score for the round?  Answer with a whole number.",
    checker=_check_honk,
    hints=("Add each grid up: who has the lowest sum, and is it shared?",
           "The honk's bonus (S9): strictly lowest −10, tied for lowest −5, not lowest +10."),
    solution="""answer = 8 - 5   # 8 ties Player 2's 8 for lowest: 5 points off
# or ask the engine:
from goose_widgets.games.sneaky_goose.rules import arrange
state = arrange(load_game("sneaky_goose", players=3), ([5, 0, 2, 1], [3, 3, 0, 2], [12, 4, 6, 2]), 10)
answer = state.apply_str("honk").results[-1].scores[0]""",
    reference=3,
    success="tied for lowest: 8 − 5 = 3.  A honk on a tie still pays, but only half.",
    expects="a whole number, e.g. `answer = 12`",
    notebook=RULES_NOTEBOOK,
)


# --- 1. the value of a card from a full deck -----------------------------------------------------
def _check_fresh(answer: Any) -> None:
    deck = Game().deck
    check_number(answer, expected_next_card(Game().new_initial_state()),
                 what="the expected value of one card", mistakes={
        Fraction(sum(t.value for t in deck), len(deck)): "that is the average of the 15 card *types*. "
        "The deck has 4 copies of most types but only 2 of the Sneaky and Golden Egg geese: weight each "
        "value by its copies.",
    }, otherwise=f"Add value x copies over the deck table and divide by the number of cards ({Game().size}).")


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
    expects="a `Fraction`, e.g. `answer = Fraction(1, 2)`",
    notebook=PROBABILITY_NOTEBOOK,
)


# --- 2. the value after seeing some cards ----------------------------------------------------------
VALUE_CASES = ((), (13,), (13, 13), (12, 12, 12, 12), (-1, 0, 1, 2), (5, 9, 3, 1, 12, 2, 7, 4, 10))


def _check_after_seeing(answer: Any) -> None:
    expect_callable(answer, 1, "a list of the values you have seen")
    for seen in VALUE_CASES:
        got = call_learner(answer, list(seen), what=f"expected_unseen({list(seen)})")
        if not -1 <= as_number(got, f"expected_unseen({list(seen)})") <= 13:
            raise Wrong(f"expected_unseen({list(seen)}) returned {describe(got)}: every card is worth "
                        "from -1 to 13, so an expected value lies in between.")
        truth = expected_after_seeing(seen)
        raise_if_rounded(got, truth, what=f"expected_unseen({list(seen)})")  # the one policy
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
    expects="a function `expected_unseen(seen)` that returns a number",
    notebook=PROBABILITY_NOTEBOOK,
    hidden=write_it_yourself("sneaky_goose", *SHORTCUTS),
)


# --- 3. a low fresh grid -------------------------------------------------------------------------
@cache
def _grid_truth() -> Fraction:
    return sum((p for total, p in fresh_grid_distribution().items() if total <= 10), Fraction(0))


def _check_low_grid(answer: Any) -> None:
    strict = sum((p for total, p in fresh_grid_distribution().items() if total < 10), Fraction(0))
    check_probability(answer, _grid_truth(), what="the chance of a fresh grid of 10 or less", mistakes={
        strict: "that is the chance of *less than* 10; the question asks for 10 or less.",
    }, otherwise="The four cards are dealt without replacement: two 13s use up half of the high Sneaky "
                 "Geese. Enumerate the 4-card combinations of the 54 cards.")


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
    expects="a `Fraction`, e.g. `answer = Fraction(1, 2)`",
    notebook=PROBABILITY_NOTEBOOK,
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
    check_probability(answer, upcard_slam_chance(), what="the chance of a slam on the up-card", mistakes={
        _slam_by_rows(by_name=False): "a match is by goose type, and all Sneaky Geese are one type: a "
        "Sneaky Goose (13) on the play pile matches a Sneaky Goose (-1). Count 4 Sneaky Geese, not 2 and 2.",
        _slam_by_rows(by_name=True, replacement=True): "that draws with replacement. The up-card cannot be "
        "one of your own two cards: after the up-card, 53 cards are left for your two.",
    }, otherwise="Think of three cards from the deck: your two and the up-card (the other players' cards "
                 "do not change the chance). For an up-card of a type with c copies, what is the chance "
                 "that neither of your cards has that type?")


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
    expects="a `Fraction`, e.g. `answer = Fraction(1, 2)`",
    notebook=PROBABILITY_NOTEBOOK,
)


# --- 5. when a honk pays ------------------------------------------------------------------------
def honk_bonus(total: int) -> Fraction:
    """The expected honk bonus (S9) of a honker with ``total`` against one fresh grid (negative: it pays)."""
    def bonus(other: int) -> int:
        if other < total:
            return HONK_BONUS["not lowest"]
        return HONK_BONUS["tied lowest"] if other == total else HONK_BONUS["strictly lowest"]

    return sum((p * bonus(x) for x, p in fresh_grid_distribution().items()), Fraction(0))


def break_even() -> int:
    """The engine's answer: the highest total whose expected honk bonus is still negative."""
    totals = sorted(fresh_grid_distribution())
    return max(t for t in range(totals[0], totals[-1] + 1) if honk_bonus(t) < 0)


def _check_break_even(answer: Any) -> None:
    truth = break_even()
    mean = sum((t * p for t, p in fresh_grid_distribution().items()), Fraction(0))
    check_number(answer, truth, what="the highest total at which a honk still pays", mistakes={
        truth + 1: f"at {truth + 1} the expected bonus is {float(honk_bonus(truth + 1)):+.2f}: positive, "
                   "so the honk costs points on average.",
        int(mean): f"{int(mean)} is the fresh grid's mean ({float(mean):.2f}) rounded down; the bonus "
                   "is not symmetric (a tie costs 5, a loss adds 10): compute it at each total.",
    }, otherwise="Compute the expected bonus -10 P(X > T) - 5 P(X = T) + 10 P(X < T) for T = 20, 21, ... "
                 "(section 3's `honk_bonus`) and find the last T where it is negative.")


honk_break_even = Exercise(
    name="When a honk pays",
    prompt="Against one opponent holding a fresh grid, what is the highest total `T` at which honking "
           "still has a negative expected bonus (so it pays on average)?  Answer with a whole number.",
    checker=_check_break_even,
    hints=("Section 3 defines `honk_bonus(total)`; print it for totals from 20 to 30.",
           "The bonus is negative (good for you) up to a total a little above the fresh grid's mean."),
    solution="""grid = analysis.fresh_grid_distribution()

def honk_bonus(total):
    return sum(p * (-10 if x > total else -5 if x == total else 10) for x, p in grid.items())

answer = max(t for t in range(0, 51) if honk_bonus(t) < 0)""",
    reference=25,
    success="up to 25 (−0.16 points), a hair above the mean of 224/9: at 26 the honk costs points.",
    expects="a whole number, e.g. `answer = 12`",
    notebook=PROBABILITY_NOTEBOOK,
)


# --- 6. the capstone: write your own bot -------------------------------------------------------
BOT_SOLUTION = '''
MEAN = 56 / 9                                 # what a card you have not seen is worth

def my_bot(observation, legal_actions):
    names = [str(action) for action in legal_actions]
    me = observation.seat
    grid = observation.grids[me]              # my cards: None for an empty place

    def value(place):                         # what I know of my card, or the mean
        view = grid[place]
        return MEAN if view.value is None else view.value

    places = [i for i, view in enumerate(grid) if view is not None]
    worst = max(places, key=value) if places else None
    phase = observation.phase
    if phase == "slam window":                # slam only my own card of the top card's type
        for action in legal_actions:
            if (action.verb == "slam" and action.seat == me and grid[action.slot].card is not None
                    and grid[action.slot].card.name == observation.top.name):
                return action
        return "pass"
    if phase == "turn start":                 # a low card on the play pile is worth taking
        if "take play pile" in names and worst is not None and observation.top.value < value(worst) - 2:
            return "take play pile"
        return "take draw pile" if "take draw pile" in names else legal_actions[0]
    if phase == "holding":                    # swap the card in where it replaces something worse
        if worst is not None and observation.held.value < value(worst):
            for action in legal_actions:
                if action.verb == "swap into" and action.slot == worst:
                    return action
        if "play it" in names:
            return "play it"
    if phase == "action":                     # look at a card of mine I do not know yet
        for action in legal_actions:
            if action.verb == "look" and action.seat == me and grid[action.slot].card is None:
                return action
    if "skip action" in names:
        return "skip action"
    if phase == "give" and worst is not None:  # give away my worst card
        for action in legal_actions:
            if action.slot == worst:
                return action
    if "done looking" in names:
        return "done looking"
    return legal_actions[0]
'''


write_a_bot = BotCapstone(
    exercise=Exercise(
        name="Write your own Sneaky Goose bot",
        prompt="Write `my_bot(observation, legal_actions)`: it gets what your seat sees (`observation`) "
               "and the list of legal actions, and returns one of them (or its text, like `\"pass\"`). "
               "The check plays it in two-player, one-round games, seats rotated, until the verdict is "
               "clear: it passes when your bot clearly beats the forgetful bot and the random bot "
               "(lower scores win: it must win more than half of the games against each, on the 99% "
               "interval the report shows).  Why the forgetful bot, and not the stronger memory bot: "
               "honking at once (your first legal action) is a real, simple policy that wins nearly "
               "half of its games against the forgetful bot and does better against the memory bot "
               "than an honest card-keeping bot does (the memory bot's strength is when it honks); "
               "honking at once cannot clearly beat the forgetful bot, a bot that keeps its low "
               "cards can.  Once it passes, the report also shows it against the memory bot and the "
               "expert, for comparison.",
        checker=judge_standings,
        hints=("`observation.phase` says what is being decided: \"turn start\", \"holding\", "
               "\"slam window\", \"action\", \"give\" ...  Handle a few, and return "
               "`legal_actions[0]` for the rest.",
               "Your own cards are `observation.grids[observation.seat]`; a card you know has a "
               "`.value`, one you do not know has `.value` None: count it as 56/9.",
               "Never slam unless you know it matches, swap a drawn card in where it replaces a "
               "higher one, and otherwise play it away."),
        solution=BOT_SOLUTION,
        reference=defined_in(BOT_SOLUTION, "my_bot"),
        success="your bot clearly beats the forgetful bot and the random bot.  How close does it "
                "get to the memory bot?",
        time_limit=60.0,
        expects="a function `my_bot(observation, legal_actions)` that returns one of `legal_actions`",
        notebook=PROBABILITY_NOTEBOOK,
    ),
    game_name="sneaky_goose",
    params={"players": 2, "rounds": 1},
    bars=(Bar("forgetful"), Bar("random")),
    seat_names=tuple(seat_name(s) for s in range(2)),
    compare=(("memory", 60),),
    lower_score_wins=True,
    cap=300,
)

EXERCISES = (first_card_sneaky, honk_score, fresh_card_value, value_after_seeing, low_grid_chance,
             slam_on_upcard, honk_break_even, write_a_bot.exercise)


def reference_answer(exercise: Exercise) -> Any:
    """A right answer for any of these exercises (the tests use it)."""
    if exercise is low_grid_chance:
        return _grid_truth()
    if exercise is slam_on_upcard:
        return upcard_slam_chance()
    return exercise.reference
