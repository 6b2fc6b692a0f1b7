"""The grid of simple rule-based policies that the exploit search plays against the expert
(`engine.exploit_search`, issue 31).

Each policy is a memory bot (`bots.MemoryBot`: it remembers what it has seen and keeps low cards)
with five rules changed, each to one of a few values (`GRID`):

- ``honk``: HONK when its estimated total is at most this (S9, S10), and below everyone's estimate;
- ``patience``: after this many own turns in a round it honks at any total below the bar, which
  rises by one a turn (so a round always ends);
- ``look``: use a played card's look (S5's Nosy, Curious, Spy, Detective, Magic Goose) as the memory
  bot does ("yes") or never ("no": skip the action);
- ``swap``: in a blind swap, give its worst card for an opponent's lowest-looking card "never",
  when that gains at least 2 points ("gain 2", the memory bot's rule) or "always";
- ``slam``: in a slam window (S6, S7) "never", slam the matches it knows on any grid ("known",
  the memory bot's rule), or only its own ("own").

The policies read only their observation and legal actions, like every bot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.exploit_search import checked_rules, policy_name
from .bots import MemoryBot
from .rules import PASS, SKIP, Action, Observation

GRID: dict[str, list[Any]] = {
    "honk": [3, 5, 7, 9, 12],
    "patience": [3, 8],
    "look": ["yes", "no"],
    "swap": ["never", "gain 2", "always"],
    "slam": ["never", "known", "own"],
}
"""The rules and their values: 5 x 2 x 2 x 3 x 3 = 180 policies."""


class GridPolicy(MemoryBot):
    """A memory bot that plays by ``rules`` (one value of each rule of `GRID`)."""

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = checked_rules(GRID, rules)
        super().__init__(honk_at=float(self.rules["honk"]), patience=int(self.rules["patience"]))
        self.name = policy_name(self.rules)

    def __repr__(self) -> str:
        return f"GridPolicy({self.rules!r})"

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal_actions)
        phase = observation.phase
        if phase == "action" and self.rules["look"] == "no" and SKIP in legal:
            return SKIP
        if phase == "choose" and SKIP in legal and self.rules["swap"] != "gain 2":
            if self.rules["swap"] == "never":
                return SKIP
            chosen = super().choose(observation, legal, rng)
            if chosen == SKIP:  # "always": its worst card (the memory bot's pick when it swaps)
                worst = max((a for a in legal if a.verb == "choose"),
                            key=lambda a: _estimate(observation, a), default=SKIP)
                return worst
            return chosen
        if phase == "slam window" and self.rules["slam"] != "known":
            if self.rules["slam"] == "never":
                return PASS if PASS in legal else legal[0]
            legal = [a for a in legal if a.verb != "slam" or a.seat == observation.seat]
        return super().choose(observation, legal, rng)


def _estimate(observation: Observation, action: Action) -> float:
    """A card's value if the seat knows it, else a middling 6 (the blind swap's "always")."""
    view = observation.grids[action.seat][action.slot]
    return view.card.value if view is not None and view.card is not None else 6.0


def make(rules: Mapping[str, Any]) -> GridPolicy:
    """The policy that plays by ``rules``."""
    return GridPolicy(rules)
