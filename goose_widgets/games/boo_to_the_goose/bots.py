"""Bots for Boo to the Goose.  Each sees only its own observation (B4), never a state.

- ``random``: any legal action.
- ``cautious``: lays dogs, then geese, spends a fox only when nothing else is left, and stops at
  the first goose of a catch round (its legal actions say whether a round is on).
- ``counting``: counts cards.  It estimates the chance that a flip is a dog from the cards of
  that colour it has seen (`analysis.dog_chance`) and flips again only while one more flip gains
  more than it risks (`analysis.flip_gain` > 0).  It lays a dog as a trap whenever it holds one.
  It spends a fox when nobody has a face-down card (the fox is then banked for free, B10) or when
  the counting chance of a dog at the first flip is at most ``fox_threshold`` (0.18, below the
  opening 4/19: tuned by tournament), and otherwise lays a goose.  It flips the newest card of a
  row: players who lay dogs first make old cards doggier (the course's Bayes lesson).
- ``expert``: `expert.ExpertBot`, a counting bot that reads from its own observations how the
  others play (which end of its row they take, how eager they are with foxes) and answers with
  the lay order and fox timing that beat them; it can also weigh its lays by determinized Monte
  Carlo (``deals``).  The simple ``always fox`` policy is in `policies`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from ...engine import RandomBot  # noqa: F401 - the game's random bot, importable from here too
from .analysis import dog_chance, flip_gain, geese_this_round
from .rules import DOG, FOX, GOOSE, Flip, Observation, Play, Stop, next_target


def _play(legal: Sequence[Any], kind: int) -> Any | None:
    for action in legal:
        if isinstance(action, Play) and action.kind == kind:
            return action
    return None


# Bots ask about the same few exact chances over and over, and arithmetic with Fractions is slow:
# each answer is worked out once (issue 12: tournaments in notebook 04).
_flip_gain = cache(flip_gain)
_exact = cache(Fraction)  # a threshold as a Fraction: compares with a Fraction as the number does


class CautiousBot:
    """Never takes a risk it can avoid.  Its legal actions tell it all it needs: flips (and
    "stop") in a catch round, plays otherwise (B3, B6), so it does not read its observation."""

    name = "cautious"
    needs_observation = False  # simulations skip building it (issue 12)

    def choose(self, observation: Observation | None, legal_actions: Sequence[Any],
               rng: random.Random) -> Any:
        legal = list(legal_actions)
        if not isinstance(legal[0], Play):  # a catch round: flips, and "stop" after a goose
            stop = next((a for a in legal if isinstance(a, Stop)), None)
            return stop if stop is not None else rng.choice(legal)
        for kind in (DOG, GOOSE, FOX):
            action = _play(legal, kind)
            if action is not None:
                return action
        return legal[0]

    def __repr__(self) -> str:
        return "CautiousBot()"


class CountingBot:
    """Counts cards and weighs one more flip's gain against what it risks."""

    name = "counting"

    def __init__(self, fox_threshold: float = 0.18, flip: str = "newest",
                 dog_odds: Sequence[float] | None = None, lay: str = "dogs first") -> None:
        if flip not in ("newest", "oldest"):
            raise ValueError(f"flip must be 'newest' or 'oldest', not {flip!r}.")
        if lay not in ("dogs first", "geese first", "by turns"):
            raise ValueError(f"lay must be 'dogs first', 'geese first' or 'by turns', not {lay!r}.")
        self.fox_threshold = fox_threshold  # the highest first-flip dog chance worth a fox
        # The expert plays others (and itself) in its look-ahead with these two: which end of a
        # row to flip, and by how much to scale the odds of a dog in each player's row (what it
        # has met there against what the count expected; None: the count alone).
        self.flip = flip
        self.dog_odds = None if dog_odds is None else tuple(dog_odds)
        # and in which order it lays: its dogs as soon as it holds them (traps under its geese,
        # against players who flip the oldest card), or its geese first (dogs on top, against
        # players who flip the newest card), or by turns (a goose on a row of even length, else a
        # dog: dogs spread along the row, wherever the others flip)
        self.lay = lay

    def choose(self, observation: Observation, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        legal = list(legal_actions)
        if observation.in_round:
            return self._catch(observation, legal)
        return self._lay(observation, legal)

    def _catch(self, observation: Observation, legal: list[Any]) -> Any:
        flips = [a for a in legal if isinstance(a, Flip)]
        stop = next((a for a in legal if isinstance(a, Stop)), None)
        if stop is not None:
            p = self._dog_chance(observation, observation.target)
            gain = _flip_gain if isinstance(p, Fraction) else flip_gain  # (floats are not cached)
            if p is None or gain(p, geese_this_round(observation)) <= 0:
                return stop
        if self.flip == "oldest":
            return min(flips, key=lambda f: f.index)
        return max(flips, key=lambda f: f.index)  # the newest card

    def _lay(self, observation: Observation, legal: list[Any]) -> Any:
        fox = _play(legal, FOX)
        if fox is not None:
            first = self._first_target(observation)
            if first is None:
                return fox  # B10: nobody to flip, the fox is banked for free
            p = self._dog_chance(observation, first)
            if p is not None and p <= _exact(self.fox_threshold):
                return fox
        dogs_first = self.lay == "dogs first" or (self.lay == "by turns" and len(observation.row) % 2 == 1)
        for kind in ((DOG, GOOSE, FOX) if dogs_first else (GOOSE, DOG, FOX)):
            action = _play(legal, kind)
            if action is not None:
                return action
        return legal[0]

    def _dog_chance(self, observation: Observation, owner: int) -> Fraction | float | None:
        p = dog_chance(observation, owner)
        if p is None or self.dog_odds is None or owner == observation.seat or p in (0, 1):
            return p
        odds = self.dog_odds[owner] * p / (1 - p)
        return odds / (1 + odds)

    @staticmethod
    def _first_target(observation: Observation) -> int | None:
        seat = next_target(observation.seat, observation.seat, observation.row_sizes)  # B5
        return seat if seat >= 0 else None

    def __repr__(self) -> str:
        end = "" if self.flip == "newest" else f", flip={self.flip!r}"
        order = "" if self.lay == "dogs first" else f", lay={self.lay!r}"
        return f"CountingBot(fox_threshold={self.fox_threshold}{end}{order})"
