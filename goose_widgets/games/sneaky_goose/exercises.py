"""Sneaky Goose exercises: course/05_sneaky_goose.ipynb and course/06_sneaky_goose_probability.ipynb.

Every checker asks the engine for the truth; numbers are judged by the course's one numeric policy
(`exercises.check_number`).  No exercise asks for what a cell above it computes with one argument
changed, and each worked example teaches its method on a neighbouring question.

Notebook 05 (the rules):

- `bottom_row_pair`: the chance that the two cards of your bottom row are of one goose type, as a
  slam counts it (both Sneaky Geese rows are one type); the worked example shows the chances of the
  second card dealt after a given first one, so the answer needs the chances of every first card.
- `honk_score`: what a honker tied for lowest scores (S9), from the engine's own honk.

Notebook 06:

- `higher_bottom_card`: the expected value of the higher card of your bottom row (the worked example
  is the expected value of one card, from the engine's table).
- `value_after_seeing`: a function giving the expected value of an unseen card after seeing some
  (its sandbox is without the game's analysis; the cases checked are not the ones the notebook prints).
- `low_grid_chance`: a function `low_grid(deck, limit)`, the exact chance that four cards dealt
  from ``deck`` add up to ``limit`` or less, written without the engine: its sandbox has the deck
  table and nothing else of the game (no rules, no analysis), and it is checked on other editions of
  the deck too, so only the learner's own count can answer.
- `slam_on_upcard`: the chance that the up-card matches a card of your bottom row.
- `honk_break_even`: the highest total at which a honk still pays against a fresh grid.
- `write_a_bot`: the capstone, a bot of the learner's own against the built-in bots (lower scores win).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import combinations
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
from ...exercises.league import League
from .analysis import (
    bottom_row_distribution,
    expected_after_seeing,
    expected_next_card,
    fresh_grid_distribution,
    upcard_slam_chance,
)
from .deck import DECK, LOOK_OWN, MAGIC, CardType
from .rules import HONK, HONK_BONUS, Game, arrange, seat_name

__all__ = ["bottom_row_pair", "honk_score", "higher_bottom_card", "value_after_seeing", "low_grid_chance",
           "slam_on_upcard", "honk_break_even", "write_a_bot", "EXERCISES"]

# The game's modules that would compute a "write it yourself" answer in one call: a function
# answer's sandbox is without them (`exercises.write_it_yourself`).
SHORTCUTS = ("analysis", "studies", "examples", "bots", "expert", "determinize", "policies", "registry")


RULES_NOTEBOOK = "05_sneaky_goose"
PROBABILITY_NOTEBOOK = "06_sneaky_goose_probability"


# --- notebook 05, exercise 1: a pair in the bottom row ---------------------------------------------
def pair_chance() -> Fraction:
    """The engine's answer: the chance that Player 1's bottom row holds two cards of one goose type
    (the deal's chance outcomes, walked by `analysis.bottom_row_distribution`)."""
    return sum((p for (a, b), p in bottom_row_distribution().items() if a.name == b.name), Fraction(0))


def _pairs_of(key: Callable[[Any], Any], replacement: bool = False) -> Fraction:
    """Plausible wrong answers, to recognise them: cards grouped by ``key`` (a deck row's label
    instead of its goose type), or two cards drawn with replacement."""
    copies: dict[Any, int] = {}
    for t in Game().deck:
        copies[key(t)] = copies.get(key(t), 0) + t.copies
    n = Game().size
    if replacement:
        return sum((Fraction(c, n) ** 2 for c in copies.values()), Fraction(0))
    return sum((Fraction(c * (c - 1), n * (n - 1)) for c in copies.values()), Fraction(0))


def _check_pair(answer: Any) -> None:
    deck = Game().deck
    types = {t.name for t in deck}
    sneaky = sum(t.copies for t in deck if t.name == "Sneaky Goose")
    n = Game().size
    check_probability(answer, pair_chance(), what="the chance that your bottom row is a pair", mistakes={
        _pairs_of(lambda t: t.label): "that counts the two Sneaky Goose rows (13 and -1) as two types. "
        "A slam matches by goose type, and all four Sneaky Geese are one type: a -1 and a 13 are a pair.",
        _pairs_of(lambda t: t.name, replacement=True): "that deals the second card from a full deck again. "
        f"Your second card is one of the other {n - 1} cards: the first one is gone.",
        Fraction(1, len(types)): "the goose types are not equally likely: weigh each by its copies.",
        Fraction(sneaky * (sneaky - 1), n * (n - 1)): "that counts only a pair of Sneaky Geese; a pair "
        "of any goose type counts.",
        Fraction(sneaky - 1, n - 1): "that is the chance of a pair when the first card is a Sneaky Goose "
        "(the cell above). Add over every first card: its chance times the chance that the second "
        "matches it.",
    }, otherwise="Add over the first card's goose type (c copies of 54): the chance c/54 that the first "
                 "card has it, times the chance (c - 1)/53 that the second card has it too.")


bottom_row_pair = Exercise(
    name="A pair in your bottom row",
    prompt="The deal gives you four cards; cards 3 and 4 are your bottom row, the two you peek at. "
           "What is the exact chance that they are of the same goose type, as a slam counts it (so "
           "that one would match the other)?  Give a `Fraction`.",
    checker=_check_pair,
    hints=("The cell above lists the chances of the second card once the first is known.  Do that "
           "for every first card: the chance of the first card, times the chance that the second "
           "has its goose type; then add.",
           "Two cards match when their goose type (`name` in `DECK`) is the same, whatever their "
           "values: read the Sneaky Goose row of the deck table again.  Or count pairs: with `cards` "
           "the 54 cards, `itertools.combinations(cards, 2)` lists every bottom row, all equally likely."),
    solution="""from fractions import Fraction
from itertools import combinations

cards = [t for t in DECK for _ in range(t.copies)]   # the 54 cards
rows = list(combinations(cards, 2))                   # every bottom row, all equally likely
answer = Fraction(sum(a.name == b.name for a, b in rows), len(rows))""",
    reference=Fraction(79, 1431),
    success="79 of the 1431 bottom rows, about 1 in 18.  A pair you know is worth remembering: when "
            "a third card of its type lands on the play pile, you can slam one of them, and the other "
            "in the fresh window that slam opens.",
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


# --- 1. the higher card of the bottom row ---------------------------------------------------------
def higher_card() -> Fraction:
    """The engine's answer: the expected value of the higher card of Player 1's bottom row."""
    return sum((p * max(a.value, b.value) for (a, b), p in bottom_row_distribution().items()), Fraction(0))


def _two_cards(value: Callable[[int, int], Fraction | int], weighted: bool = True,
               replacement: bool = False) -> Fraction:
    """Plausible wrong answers, to recognise them: the expectation of ``value`` over two cards of the
    deck table drawn with replacement, or over two of its rows taken as if each were one card."""
    cards = [t.value for t in Game().deck for _ in range(t.copies if weighted else 1)]
    if replacement:
        return Fraction(sum(value(a, b) for a in cards for b in cards), len(cards) ** 2)
    pairs = list(combinations(cards, 2))
    return Fraction(sum(value(a, b) for a, b in pairs), len(pairs))


def _check_higher(answer: Any) -> None:
    one = expected_next_card(Game().new_initial_state())
    top = max(t.value for t in Game().deck)
    check_number(answer, higher_card(), what="the expected value of the higher card of your bottom row",
                 mistakes={
        one: "that is the value of one card you have not seen (the cell above).  The higher of two "
             "cards is worth more: average max(a, b) over every bottom row.",
        _two_cards(min): "that is the lower of the two cards; the question asks for the higher.",
        2 * one: "that is the expected sum of the two cards; the question asks for the higher one.",
        _two_cards(max, replacement=True): "that deals the two cards with replacement: your bottom row "
        "is two different cards of the deck, so average over the pairs of different cards.",
        _two_cards(max, weighted=False): "that takes each row of the deck table as one card.  The deck "
        "has 4 copies of most rows but 2 of the Sneaky and Golden Egg rows: list every card.",
        top: f"{top} is the highest a card can be; the expected value averages the higher card over "
             "every bottom row.",
    }, otherwise="List the 54 card values, take every pair of two different cards (all equally "
                 "likely) and average the higher value of each pair.")


higher_bottom_card = Exercise(
    name="The higher card of your bottom row",
    prompt="After the peek you know your bottom row, two cards of the deal.  The higher of them is "
           "the first you would swap out.  Before the deal, what is its expected value?  Give a "
           "`Fraction`.",
    checker=_check_higher,
    hints=("Every bottom row is a pair of two different cards of the 54, all equally likely: with "
           "`cards` the 54 values (`[t.value for t in DECK for _ in range(t.copies)]`), "
           "`itertools.combinations(cards, 2)` lists them.",
           "An expected value is the average over equally likely cases: add `max(a, b)` over the "
           "pairs and divide by their number."),
    solution="""from fractions import Fraction
from itertools import combinations

cards = [t.value for t in DECK for _ in range(t.copies)]   # the 54 card values
rows = list(combinations(cards, 2))                         # every bottom row, all equally likely
answer = Fraction(sum(max(a, b) for a, b in rows), len(rows))""",
    reference=Fraction(12232, 1431),
    success="12232/1431, about 8.55: the card you would swap out is worth more than 2 points above "
            "a card you have not seen.",
    expects="a `Fraction`, e.g. `answer = Fraction(1, 2)`",
    notebook=PROBABILITY_NOTEBOOK,
)


# --- 2. the value after seeing some cards ----------------------------------------------------------
# Not the lists notebook 06 prints with `analysis.expected_after_seeing` (its worked example shows
# what seeing does, not how to compute it): a function that only repeats those printed values fails.
VALUE_CASES = ((), (9,), (13, -1), (12, 12, 11, 11), (-1, 0, 1, 2), (5, 9, 3, 1, 12, 2, 7, 4, 10))


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


# --- 3. a low fresh grid, without the engine ----------------------------------------------------
# Other editions of the deck (a teacher may pass one, notebook 05 shows how): a function that only
# looks up the engine's answer for the standard deck (data computed in the notebook travels with a
# function) cannot answer for them, so only a count from the deck table passes.
TWO_TYPES = (CardType("Tiny Goose", 1, 20), CardType("Big Goose", 9, 20, LOOK_OWN))
FOUR_TYPES = (CardType("Sneaky Goose", -4, 3), CardType("Silly Goose", 2, 5), CardType("Grey Goose", 7, 2),
              CardType("Magic Goose", 15, 4, MAGIC))
GRID_CASES: tuple[tuple[tuple[CardType, ...], int], ...] = (
    (DECK, 10), (DECK, 0), (DECK, 24), (DECK, -2), (DECK, 50),  # the question's 10, the mean, both ends
    (TWO_TYPES, 20), (FOUR_TYPES, 5))


def _deck_words(deck: tuple[CardType, ...]) -> str:
    if deck == DECK:
        return "DECK"
    return "a deck of " + ", ".join(f"{t.copies} × {t.value}" for t in deck)


def _grid_below(deck: tuple[CardType, ...], limit: int, strict: bool = False) -> Fraction:
    """The engine's answer: the chance that four cards dealt from ``deck`` add up to ``limit`` or
    less (less than ``limit`` when ``strict``), from the deal's chance outcomes."""
    return sum((p for total, p in fresh_grid_distribution(Game(deck=deck)).items()
                if total < limit or (total == limit and not strict)), Fraction(0))


@cache
def _four_cards(deck: tuple[CardType, ...], weighted: bool = True,
                replacement: bool = False) -> dict[int, Fraction]:
    """Plausible wrong answers, to recognise them: the sum of four cards dealt with replacement, or
    of four rows of the deck table taken as if each were one card (deck rows, not the rules)."""
    if replacement:
        size = sum(t.copies for t in deck)
        one: dict[int, Fraction] = {}
        for t in deck:
            one[t.value] = one.get(t.value, Fraction(0)) + Fraction(t.copies, size)
        sums: dict[int, Fraction] = {0: Fraction(1)}
        for _ in range(4):
            following: dict[int, Fraction] = {}
            for total, p in sums.items():
                for value, q in one.items():
                    following[total + value] = following.get(total + value, Fraction(0)) + p * q
            sums = following
        return sums
    values = [t.value for t in deck for _ in range(t.copies if weighted else 1)]
    hands = list(combinations(values, 4))
    counts: dict[int, int] = {}
    for hand in hands:
        counts[sum(hand)] = counts.get(sum(hand), 0) + 1
    return {total: Fraction(n, len(hands)) for total, n in counts.items()}


def _at_most(distribution: dict[int, Fraction], limit: int) -> Fraction | None:
    if not distribution:
        return None
    return sum((p for total, p in distribution.items() if total <= limit), Fraction(0))


def _check_low_grid(answer: Any) -> None:
    expect_callable(answer, 2, "a deck table like `DECK`, and the highest total, `limit`")
    for deck, limit in GRID_CASES:
        call = f"low_grid({_deck_words(deck)}, {limit})"
        got = call_learner(answer, list(deck), limit, what=call)
        truth = _grid_below(deck, limit)
        mistakes = {
            _grid_below(deck, limit, strict=True): f"{call} gives the chance of *less than* {limit}; the "
            f"question asks for {limit} or less.",
            1 - truth: f"{call} gives the chance of *more than* {limit}; the question asks for {limit} "
                       "or less.",
            _at_most(_four_cards(deck, replacement=True), limit): f"{call} deals with replacement.  The "
            "four cards are four different cards of the deck: a card dealt is not dealt again.",
            _at_most(_four_cards(deck, weighted=False), limit): f"{call} takes each row of the deck "
            "table as one card.  List every card of the deck, as many times as its copies.",
        }
        if not 0 <= as_number(got, call) <= 1:
            raise Wrong(f"{call} returned {describe(got)}: a chance lies between 0 and 1.  Divide the "
                        "number of low hands by the number of all hands.")
        raise_if_rounded(got, truth, what=call)  # the one policy, worded for a function
        check_probability(got, truth, what=f"the chance {call} asks for",
                          mistakes={m: text for m, text in mistakes.items() if m is not None and m != truth},
                          otherwise="Use the `deck` you are given (not `DECK`): enumerate every hand of "
                                    "4 of its cards, count those whose sum is at most `limit`, and "
                                    "divide by the number of hands.")


LOW_GRID_SOLUTION = """
from fractions import Fraction
from itertools import combinations

def low_grid(deck, limit):
    cards = [t.value for t in deck for _ in range(t.copies)]   # every card: 54 in DECK
    hands = low = 0
    for hand in combinations(cards, 4):                         # every grid, all equally likely
        hands += 1
        if sum(hand) <= limit:
            low += 1
    return Fraction(low, hands)
"""


low_grid_chance = Exercise(
    name="A low grid from the deal",
    prompt="Write `low_grid(deck, limit)`: four cards are dealt to you from the full `deck`, a deck "
           "table like `DECK` (rows with a `.value` and `.copies`); return the exact chance (a "
           "`Fraction`) that they add up to `limit` or less.  Without the engine: the check calls your "
           "function where the game's rules and analysis are not available (only the deck table is), "
           "for `DECK` with several limits, 10 among them, and for two other editions of the deck.",
    checker=_check_low_grid,
    hints=("List the deck's card values (each value as many times as it has copies) and use "
           "`itertools.combinations(cards, 4)`: every grid, all equally likely (316251 of them for "
           "`DECK`).",
           "Count the hands whose sum is at most `limit` and divide by the number of hands: "
           "`Fraction(low, hands)`.  Use the `deck` argument, not `DECK`: the check passes other "
           "editions too."),
    solution=LOW_GRID_SOLUTION,
    reference=defined_in(LOW_GRID_SOLUTION, "low_grid"),
    success="your count agrees with the engine's deal for every deck and limit: with `DECK` only "
            "about 3 deals in 100 are 10 or less, so most grids start far above the honking zone.",
    expects="a function `low_grid(deck, limit)` that returns a `Fraction`",
    time_limit=60.0,
    notebook=PROBABILITY_NOTEBOOK,
    hidden=write_it_yourself("sneaky_goose", "rules", *SHORTCUTS,
                             what="this exercise asks you to count the grids yourself, without the "
                                  "engine: only the deck table (goose_widgets.games.sneaky_goose.deck) "
                                  "is available"),
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

league = League(write_a_bot.game_name)
"""The class's bot league of this game (`exercises.league`): ``league.submit(my_bot)``."""

EXERCISES = (bottom_row_pair, honk_score, higher_bottom_card, value_after_seeing, low_grid_chance,
             slam_on_upcard, honk_break_even, write_a_bot.exercise)


def reference_answer(exercise: Exercise) -> Any:
    """A right answer for any of these exercises (the tests use it)."""
    if exercise is slam_on_upcard:
        return upcard_slam_chance()
    return exercise.reference
