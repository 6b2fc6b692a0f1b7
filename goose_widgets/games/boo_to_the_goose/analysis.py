"""Probability for Boo to the Goose, computed from the engine and from observations.

- `dog_chance`: the card-counting chance that a face-down card of a player is a dog, from what one
  seat has seen (B4): the dogs of that set not yet seen, over the geese and dogs not yet seen (foxes
  never lie face down).  It assumes that the owner played her cards without looking, which is what
  the course then questions (Bayes: an owner who lays dogs first makes her old cards doggier).
- `flip_gain`: the expected number of cards one more flip adds to what you would bank by stopping:
  a goose adds one card, a dog loses the geese already turned and the fox.  Counting the opponents'
  losses too gives the same sign, so the rule "flip while the gain is positive" is
  ``p < 1 / (geese + 2)``.
- `round_value`: the exact expected cards banked in a catch round from a real state when the fox
  player flips a card at random and stops after ``stop_after`` geese (walks ``apply``).
- `calibration` and `tournament`: simulations with bots that see only their observations.

Rulings used: B4 (what is seen), B6-B9 (flips and banking), B2 (the variation's removed cards stay
unseen, so counting can never be certain about them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import Any, NamedTuple

from ...engine import decisions, simulate
from .rules import (
    DOG,
    FOX,
    GOOSE,
    SET,
    Flip,
    Game,
    Observation,
    Play,
    State,
    Stop,
)


def dog_chance(observation: Observation, owner: int) -> Fraction | None:
    """The counting chance that a face-down card of ``owner`` is a dog (None if it has none).

    For the seat's own row the answer is exact; for others it is ``unseen dogs / unseen geese and
    dogs`` of that colour set.
    """
    if owner == observation.seat:
        row = observation.row
        return _ratio(row.count(DOG), len(row)) if row else None
    if not observation.row_sizes[owner]:
        return None
    geese, _, dogs = observation.unseen(owner)
    if geese + dogs == 0:
        return None
    return _ratio(dogs, geese + dogs)


@cache  # a few hundred ratios of small counts: each Fraction is made once (simulations ask often)
def _ratio(part: int, whole: int) -> Fraction:
    return Fraction(part, whole)


def flip_gain(p: Fraction | float, geese: int) -> Fraction | float:
    """Expected cards gained by one more flip (then stopping) over stopping now.

    ``geese`` turned so far this round: stopping banks ``geese + 1`` cards (with the fox); a goose
    (chance ``1 - p``) adds one, a dog (chance ``p``) loses them all.
    """
    return (1 - p) * 1 - p * (geese + 1)


def geese_this_round(observation: Observation) -> int:
    return sum(cards.count(GOOSE) for cards in observation.face_up)


def best_stop(p: Fraction) -> int:
    """With a constant dog chance ``p``, how many geese to turn before stopping (flip while the
    gain of one more flip is positive; at least one flip is compulsory)."""
    geese = 1
    while flip_gain(p, geese) > 0:
        geese += 1
    return geese


def round_value(state: State, stop_after: int) -> Fraction:
    """Exact expected cards the fox player banks when flipping uniformly at random and stopping
    after ``stop_after`` geese.  ``state`` is a catch round just begun (or in progress)."""
    fox = state.fox
    if fox < 0:
        raise ValueError("round_value needs a state in a catch round (after 'play fox').")

    @cache  # equal positions (history aside) have equal values
    def value(s: State, geese: int) -> Fraction:
        if s.fox < 0:  # the round is over: what did the fox player bank?
            return Fraction(sum(s.won[fox]) - sum(state.won[fox]))
        actions = s.legal_actions()
        if geese >= stop_after and any(isinstance(a, Stop) for a in actions):
            return value(s.apply(Stop()), geese)
        flips = [a for a in actions if isinstance(a, Flip)]
        total = Fraction(0)
        for flip in flips:
            nxt = s.apply(flip)
            turned = nxt.face_up[flip.target][-1:] == (GOOSE,) if nxt.fox >= 0 else False
            total += value(nxt, geese + turned)
        return total / len(flips)

    return value(state, 0)


def catch_position(geese: int, dogs: int) -> State:
    """Two players: Player 1 has just played a fox; Player 2's row is ``geese`` geese then ``dogs``
    dogs, and the rest of both sets is still in the piles (all 48 cards accounted for, B1)."""
    if geese < 0 or dogs < 0 or geese > SET[GOOSE] or dogs > SET[DOG] or geese + dogs == 0:
        raise ValueError(f"Player 2's row needs 1 to 19 cards: up to {SET[GOOSE]} geese and "
                         f"{SET[DOG]} dogs (got {geese} geese, {dogs} dogs).")
    game = Game(players=2)
    start = game.new_initial_state()
    rest = (SET[GOOSE] - geese, SET[FOX], SET[DOG] - dogs)
    state = replace(start, pending=(), piles=((SET[GOOSE], SET[FOX] - 1, SET[DOG]), rest),
                    hands=((0, 1, 0), (0, 0, 0)), rows=((), (GOOSE,) * geese + (DOG,) * dogs))
    return state.apply(Play(FOX))


def naive_row_chance(unseen_geese: int, unseen_dogs: int) -> Fraction:
    """Counting without strategy: every unseen goose or dog is equally likely to be face down."""
    return Fraction(unseen_dogs, unseen_geese + unseen_dogs)


# --- simulation ----------------------------------------------------------------------------------
class FlipRecord(NamedTuple):
    """One flip seen by `calibration`."""

    chance: float      # the counting chance of a dog, from the flipper's observation
    dog: bool          # the card was a dog
    age: int           # cards of the row laid after this one (0: the newest card)
    row_share: float   # the true share of dogs in the target's row just before the flip


def calibration(game: Game, bots: Sequence[Any], games: int, seed: int = 0,
                flippers: Sequence[int] | None = None) -> list[FlipRecord]:
    """Play ``games`` games (seats fixed) and record every flip made by a seat in ``flippers``
    (default: every seat)."""
    rng = random.Random(seed)
    records: list[FlipRecord] = []
    for _ in range(games):
        for state, seat, observation, action, _seconds in decisions(game.new_initial_state(), bots, rng):
            if isinstance(action, Flip) and (flippers is None or seat in flippers):
                row = state.rows[action.target]
                chance = dog_chance(observation, action.target)
                if chance is None:  # a legal flip's target has a face-down card, so it has a chance
                    raise RuntimeError(f"no dog chance for seat {action.target}, whom a legal flip targets.")
                records.append(FlipRecord(float(chance),
                                          row[action.index] == DOG, len(row) - 1 - action.index,
                                          row.count(DOG) / len(row)))
    return records


def tournament(players: int, bots: dict[str, Callable[[], Any]], games: int, seed: int = 0,
               variation: bool = False, progress: bool = False, workers: int | None = None
               ) -> list[dict[str, Any]]:
    """Seat the bots (one each, ``players`` of them) with rotating seats; one row per bot with its
    win rate and Wilson 95% interval (a tied win split among the tied players, B13).  ``workers``
    processes share the games (the same results whatever their number)."""
    if len(bots) != players:
        raise ValueError(f"give one bot per seat: {players} seats, {len(bots)} bots.")
    game = Game(players=players, variation=variation)
    result = simulate(game, games, [make() for make in bots.values()], seed=seed,
                      progress=progress, rotate_seats=True, workers=workers)
    return result.table()
