"""Exercises for BOO (course/08).  Every checker asks the engine for the answer.

1. `line_of_sight`: write the squares a ghost sees and where its sight stops (O4).  Checked against
   `Graveyard.line_of_sight` for every ghost of several graveyards from seeded games.
2. `which_cards_flip`: which cards does a given placement flip?  Checked by applying the placement
   with the engine (O4, O5).
3. `first_card_chance`: the exact chance that Black's first hand card has three ghosts, checked
   against the engine's set-up chance nodes (O2).
4. `best_scare_order`: in the TIP 2 position, which ghost should scare first?  Checked by playing
   every choice through the engine (O5).
"""

from __future__ import annotations

import inspect
import random
from fractions import Fraction
from functools import cache
from typing import Any

from ...engine import RandomBot, sample_outcome_fast
from ...exercises.core import Exercise, Wrong, expect_callable, expect_number
from .analysis import set_up_chances
from .examples import example_1_start, tip_2_start
from .rules import Game, Graveyard, Scare, is_ghost, iter_ghosts


@cache
def sample_graveyards(count: int = 6, seed: int = 8) -> tuple[Graveyard, ...]:
    """Graveyards from seeded random games, after 4, 8, ... placements."""
    rng = random.Random(seed)
    found = []
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
            got = answer(graveyard, square)
            if not isinstance(got, tuple) or len(got) != 2:
                raise Wrong(f"return a pair (path, stop), e.g. ([(2, 3), (2, 4)], (2, 5)); got {got!r}.")
            got_path, got_stop = got
            if list(got_path) != path or got_stop != stop:
                raise Wrong(f"for the ghost {token} at {square} the sight crosses {path} and stops at "
                            f"{stop}; yours gave {list(got_path)} and {got_stop}.  "
                            + _sight_hint(graveyard, path, stop, list(got_path), got_stop))


def _sight_hint(graveyard: Graveyard, path: list, stop: Any, got_path: list, got_stop: Any) -> str:
    if stop is None and got_stop is not None:
        return "The sight went on: it passes empty squares, voids and ghosts of its own colour."
    if stop is not None and got_stop is None:
        return f"It stops at {stop}: a tombstone or a ghost of the other colour ends the sight."
    if len(got_path) > len(path):
        return "Stop at the first tombstone or ghost of the other colour."
    return "It ends only when it leaves the bounding box of all cards (graveyard.bbox)."


def sight(graveyard: Graveyard, square: tuple[int, int]) -> tuple[list, tuple[int, int] | None]:
    steps = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
    colour, facing = graveyard.tokens[square]
    dr, dc = steps[facing]
    rmin, rmax, cmin, cmax = graveyard.bbox
    r, c = square
    path = []
    while True:
        r, c = r + dr, c + dc
        if not (rmin <= r <= rmax and cmin <= c <= cmax):
            return path, None
        seen = graveyard.tokens.get((r, c), ".")
        if seen == "T" or (len(seen) == 2 and seen[0] != colour):
            return path, (r, c)
        path.append((r, c))


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
    solution=inspect.getsource(sight),
    reference=sight,
    success="your line of sight matches the engine's for every ghost of six graveyards.",
)


# --- 2. which cards flip ---------------------------------------------------------------------
WHICH_CARDS_MOVE = "place W10 at (2,8) rot 90 back"


def _flipped_by(move: str) -> set[str]:
    state = example_1_start()
    after = state.apply_str(move)
    while after.pending:  # resolve any order the engine asks for in the card's square order
        after = after.apply(after.legal_actions()[0])
    return {b.name for a, b in zip(state.graveyard.cards, after.graveyard.cards) if a.side != b.side}


def _check_flips(answer: Any) -> None:
    if not isinstance(answer, (set, frozenset, list, tuple)) or not all(isinstance(a, str) for a in answer):
        raise Wrong(f"answer with a set of card names, e.g. {{'K4', 'W8'}}; got {answer!r}.")
    expected = _flipped_by(WHICH_CARDS_MOVE)
    got = set(answer)
    if got != expected:
        extra, missing = sorted(got - expected), sorted(expected - got)
        lacking = "1 card that flips is" if len(missing) == 1 else f"{len(missing)} cards that flip are"
        raise Wrong("not quite: " + "; ".join(
            part for part in (f"{', '.join(extra)} {'does' if len(extra) == 1 else 'do'} not flip"
                              if extra else "",
                              f"{lacking} missing" if missing else "") if part)
            + ".  Trace each ghost of W10 (back side: a black ghost on top, white ghosts below, all "
              "facing left) to the first tombstone or ghost of the other colour.")


which_cards_flip = Exercise(
    name="Which cards does this placement flip?",
    prompt="In the position of Example Turn 1 (`example_1_start()`), White plays "
           f"`{WHICH_CARDS_MOVE}`. Which cards flip? Answer with a set of card names. "
           "(Draw it with `render(state.observation(1), state.legal_actions(), rotation=90, "
           "side='back')`, or look at the printed graveyard.)",
    checker=_check_flips,
    hints=("W10's back side turned 90°: a black ghost on (2,8) and white ghosts on (3,8) and (4,8), "
           "all facing left.",
           "A ghost facing straight back does not get scared, and only the FIRST ghost of the other "
           "colour counts."),
    solution="""
state = example_1_start()
after = state.apply_str("place W10 at (2,8) rot 90 back")
answer = {b.name for a, b in zip(state.graveyard.cards, after.graveyard.cards) if a.side != b.side}
""",
    reference={"K12", "K3"},
    success="K12 and K3 flip; the black ghost X on K4 hides behind K3's ghost.",
)


# --- 3. the first card ---------------------------------------------------------------------
def three_ghosts(state: Any) -> bool:
    card = state.game.edition.by_name[state.hands[0]]
    return sum(1 for t in card.squares if is_ghost(t)) == 3


def _check_first(answer: Any) -> None:
    expect_number(answer, "the chance that Black's first card has three ghosts")
    expected = set_up_chances(Game(), three_ghosts)
    if abs(float(answer) - expected) > 5e-4:
        raise Wrong(f"your answer {answer} is not the engine's {float(expected):.3f} (to 3 decimals). "
                    "Count the black deck's cards with three ghosts of either colour.")


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
)


# --- 4. the best order -----------------------------------------------------------------------
TIP_2_MOVE = "place K1 at (5,0) rot 0 front"


def _score_after(first: str) -> int:
    state = tip_2_start().apply_str(TIP_2_MOVE).apply_str(first)
    while state.pending:
        state = state.apply(state.legal_actions()[0])
    return state.scores()[0]


def _check_order(answer: Any) -> None:
    if not (isinstance(answer, tuple) and len(answer) == 2 and all(isinstance(v, int) for v in answer)):
        raise Wrong(f"answer with the square of the ghost that scares first, as (row, col); got {answer!r}.")
    choices = tip_2_start().apply_str(TIP_2_MOVE).legal_actions()
    squares = [c.square for c in choices]
    if answer not in squares:
        raise Wrong(f"{answer} is not a ghost of the active card; choose one of {squares}.")
    scores = {sq: _score_after(str(Scare(sq))) for sq in squares}
    if scores[answer] != max(scores.values()):
        raise Wrong(f"starting with {answer} leaves Black {scores[answer]} ghosts, but another first "
                    f"ghost leaves {max(scores.values())}.  Which flip would spoil another ghost's sight?")


best_scare_order = Exercise(
    name="Choose the scare order",
    prompt=f"In the TIP 2 position (`tip_2_start()`), Black plays `{TIP_2_MOVE}`. Which ghost "
           "should scare first so that Black ends with the most face-up black ghosts? Answer with its "
           "square as (row, col).",
    checker=_check_order,
    hints=("Trace each of the three ghosts upwards. Which one's sight passes a card that another "
           "ghost would flip?",),
    solution="answer = (5, 2)  # before G4 flips, its ghost at (4,2) is black and lets the sight pass",
    reference=(5, 2),
    success="the right-hand ghost must go before the left-hand one flips G4.",
)

EXERCISES = {e.name: e for e in (line_of_sight, which_cards_flip, first_card_chance, best_scare_order)}
