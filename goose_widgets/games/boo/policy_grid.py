"""The grid of simple rule-based placement policies that the exploit search plays against the
expert (`engine.exploit_search`, issue 31).

A policy places its card by four rules, each with a few values (`GRID`):

- ``score``: which placements it keeps, by the score difference right after the turn (its own
  face-up ghosts less the opponent's, O4-O5, as the greedy bot scores them): all of them
  ("ignore"), the best ("best"), or those within 1 or 2 of the best;
- ``position``: which of those it takes, by where it lies: the first or the last in the engine's
  order, the one nearest the middle of the legal places (the thick of the graveyard) or the
  farthest from it (its edge), or one at random;
- ``behind``: what it does when it is behind on score: the same, or the best immediate score
  whatever its other rules say (a risk taken only when losing);
- ``scares``: when it must order its ghosts' scares (O5), the order with the best score
  difference or the first ghost offered.

The placements are scored on the engine's own `rules.Sandbox` (`bots._candidates`), so no rule is
written here; the policies read only their observation and legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.exploit_search import checked_rules, policy_name
from .bots import _candidates, _first_of_best_order, _footprints, _letter
from .rules import Scare

GRID: dict[str, list[str]] = {
    "score": ["ignore", "best", "within 1", "within 2"],
    "position": ["first", "last", "middle", "edge", "at random"],
    "behind": ["same", "best"],
    "scares": ["best", "first"],
}
"""The rules and their values: 4 x 5 x 2 x 2 = 80 policies."""


class GridPolicy:
    """A placement policy of the grid: plays by ``rules`` (one value of each rule of `GRID`)."""

    def __init__(self, rules: Mapping[str, str]) -> None:
        self.rules = checked_rules(GRID, rules)
        self.name = policy_name(self.rules)

    def __repr__(self) -> str:
        return f"GridPolicy({self.rules!r})"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        me = _letter(observation.seat)
        if isinstance(legal[0], Scare):
            if self.rules["scares"] == "first":
                return legal[0]
            return _first_of_best_order(observation.graveyard.sandbox(), observation, me, rng)
        score = self.rules["score"]
        behind = observation.scores[observation.seat] < observation.scores[1 - observation.seat]
        if behind and self.rules["behind"] == "best":
            score = "best"
        if score == "ignore":
            kept = legal
        else:
            box = observation.graveyard.sandbox()
            spec = observation.card(legal[0].card)
            scored = [(value, place) for place, value, _ in
                      _candidates(box, _footprints(legal, observation), spec, me, orders=False)]
            best = max(value for value, _ in scored)
            slack = {"best": 0, "within 1": 1, "within 2": 2}[score]
            kept = [place for value, place in scored if value >= best - slack]
        return self._where(kept, legal, rng)

    def _where(self, kept: list[Any], legal: list[Any], rng: random.Random) -> Any:
        position = self.rules["position"]
        if position == "first":
            return kept[0]
        if position == "last":
            return kept[-1]
        if position == "at random":
            return rng.choice(kept)
        middle_row = sum(place.row for place in legal) / len(legal)
        middle_col = sum(place.col for place in legal) / len(legal)

        def distance(place: Any) -> float:
            return (place.row - middle_row) ** 2 + (place.col - middle_col) ** 2

        return min(kept, key=distance) if position == "middle" else max(kept, key=distance)


def make(rules: Mapping[str, str]) -> GridPolicy:
    """The policy that plays by ``rules``."""
    return GridPolicy(rules)
