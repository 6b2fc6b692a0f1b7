"""Simple fixed policies for Boo to the Goose, to measure the bots against (round-robins).

`POLICIES` names them, apart from the game's `registry.BOTS`: they are yardsticks, not opponents a
learner picks in the classroom app, and tests and tools that try every bot need not play them.
`engine.round_robin` seats them by name like the bots, and ``play`` takes one as a bot object.

- ``always fox`` (`AlwaysFoxBot`): plays a fox whenever it holds one and never stops a catch round;
  otherwise it takes the first legal action, so it lays its geese before its dogs and flips the
  oldest card of a row.  It needs no observation.

It is simple but not weak: its rows hold no dog until its geese run out, so bots that flip the
newest card (the counting bot) meet its dogs, and its first flips take the oldest card, where
dog-first players lie their traps and lose them one fox at a time.
- ``closest policy``: of the simple policies that the exploit search played against the expert
  (`engine.exploit_search`, ``policy_grid``), the one that came closest to beating it, on fresh
  games; the stored search names its rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...engine.exploit_search import CLOSEST, closest_entrant
from .rules import FOX, Play


class AlwaysFoxBot:
    """Always a fox, never "stop"; otherwise the first legal action."""

    name = "always fox"
    needs_observation = False  # it reads only its legal actions

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        for action in legal_actions:
            if isinstance(action, Play) and action.kind == FOX:
                return action
        return legal_actions[0]  # stop comes after every flip, so it is never first

    def __repr__(self) -> str:
        return "AlwaysFoxBot()"


POLICIES = {"always fox": AlwaysFoxBot, CLOSEST: closest_entrant("boo_to_the_goose")}
"""The policies by name (zero-argument factories)."""
