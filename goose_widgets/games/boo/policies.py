"""Simple fixed policies for BOO, to measure the bots against (round-robins).

`POLICIES` names them, apart from the game's `registry.BOTS`: they are yardsticks, not opponents a
learner picks in the classroom app, and tests and tools that try every bot need not play them.
`engine.round_robin` seats them by name like the bots, and ``play`` takes one as a bot object.

- ``first placement`` (`FirstPlacementBot`): always the first legal action: the first placement
  in the engine's order (by square, then rotation, then side), and the first ghost when it must
  order scares.  It does not look at the graveyard at all.
- ``closest policy``: of the simple policies that the exploit search played against the expert
  (`engine.exploit_search`, ``policy_grid``), the one that came closest to beating it, on fresh
  games; the stored search names its rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...engine.exploit_search import CLOSEST, closest_entrant


class FirstPlacementBot:
    """Always the first legal action."""

    name = "first placement"
    needs_observation = False  # it reads only its legal actions
    needs_forced_moves = False  # a forced move is its first legal action anyway
    takes_any_sequence = True  # it reads legal_actions[0] alone (a playout may hand it a view)

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[0]

    def __repr__(self) -> str:
        return "FirstPlacementBot()"


POLICIES = {"first placement": FirstPlacementBot, CLOSEST: closest_entrant("boo")}
"""The policies by name (zero-argument factories)."""
