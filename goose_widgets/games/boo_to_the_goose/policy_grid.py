"""The grid of simple rule-based policies that the exploit search plays against the expert
(`engine.exploit_search`, issue 31).

A policy is four rules, each with a few values (`GRID`); every combination is one policy:

- ``lay``: which card to lay face down when it does not play a fox (B3): its dogs first, its
  geese first, goose and dog by turns (a goose on an even row length), or either at random;
- ``flip``: which card of the target's row to flip (B6): the oldest, the newest, the middle one,
  or one at random;
- ``fox``: when to play a fox: whenever it holds one; only when it is free (nobody else has a
  face-down card, B10) or nothing else is left in hand; when the counting chance of a dog at the
  first flip (`analysis.dog_chance`, B5) is at most 0.1, 0.2 or 0.3; or when the first target's
  row holds at least three cards;
- ``stop``: when to stop a catch round (B7, B8; never before the first goose): never, after one,
  two or three geese turned, or as counting does (while one more flip gains, `analysis.flip_gain`).

The policies read only their observation and legal actions, like every bot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.exploit_search import checked_rules, policy_name
from .analysis import dog_chance, flip_gain, geese_this_round
from .rules import DOG, FOX, GOOSE, Flip, Observation, Play, Stop, next_target

GRID: dict[str, list[str]] = {
    "lay": ["dogs first", "geese first", "by turns", "at random"],
    "flip": ["oldest", "newest", "middle", "at random"],
    "fox": ["always", "when free", "p<=0.1", "p<=0.2", "p<=0.3", "row>=3"],
    "stop": ["never", "after 1", "after 2", "after 3", "counting"],
}
"""The rules and their values: 4 x 4 x 6 x 5 = 480 policies."""


class GridPolicy:
    """A policy of the grid: plays by ``rules`` (one value of each rule of `GRID`)."""

    def __init__(self, rules: Mapping[str, str]) -> None:
        self.rules = checked_rules(GRID, rules)
        self.name = policy_name(self.rules)

    def __repr__(self) -> str:
        return f"GridPolicy({self.rules!r})"

    def choose(self, observation: Observation, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        legal = list(legal_actions)
        if observation.in_round:
            return self._catch(observation, legal, rng)
        return self._lay(observation, legal, rng)

    def _catch(self, observation: Observation, legal: list[Any], rng: random.Random) -> Any:
        flips = [a for a in legal if isinstance(a, Flip)]
        stop = next((a for a in legal if isinstance(a, Stop)), None)
        rule = self.rules["stop"]
        if stop is not None:
            geese = geese_this_round(observation)
            if rule.startswith("after") and geese >= int(rule.split()[1]):
                return stop
            if rule == "counting":
                p = dog_chance(observation, observation.target)
                if p is None or flip_gain(p, geese) <= 0:
                    return stop
        where = self.rules["flip"]
        if where == "oldest":
            return flips[0]
        if where == "newest":
            return flips[-1]
        if where == "middle":
            return flips[len(flips) // 2]
        return rng.choice(flips)

    def _lay(self, observation: Observation, legal: list[Any], rng: random.Random) -> Any:
        plays = {action.kind: action for action in legal if isinstance(action, Play)}
        if FOX in plays and (len(plays) == 1 or self._fox_now(observation)):
            return plays[FOX]
        lay = self.rules["lay"]
        if lay == "dogs first":
            order = (DOG, GOOSE)
        elif lay == "geese first":
            order = (GOOSE, DOG)
        elif lay == "by turns":
            order = (GOOSE, DOG) if len(observation.row) % 2 == 0 else (DOG, GOOSE)
        else:
            order = (GOOSE, DOG) if rng.random() < 0.5 else (DOG, GOOSE)
        for kind in order:
            if kind in plays:
                return plays[kind]
        return legal[0]

    def _fox_now(self, observation: Observation) -> bool:
        target = next_target(observation.seat, observation.seat, observation.row_sizes)  # B5
        rule = self.rules["fox"]
        if rule == "always" or target < 0:  # (B10: a fox with nobody to flip is free)
            return True
        if rule == "when free":
            return False
        if rule == "row>=3":
            return observation.row_sizes[target] >= 3
        p = dog_chance(observation, target)
        return p is not None and p <= float(rule.removeprefix("p<="))


def make(rules: Mapping[str, str]) -> GridPolicy:
    """The policy that plays by ``rules``."""
    return GridPolicy(rules)
