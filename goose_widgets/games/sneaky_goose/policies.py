"""Simple fixed policies for Sneaky Goose, to measure the bots against (round-robins).

`POLICIES` names them, apart from the game's `registry.BOTS`: they are yardsticks, not opponents a
learner picks in the classroom app, and tests and tools that try every bot need not play them.
`engine.round_robin` seats them by name like the bots, and ``play`` takes one as a bot object.

- ``draw and play`` (`DrawAndPlayBot`): takes the top card of the draw pile and plays it away,
  every turn; it never slams, never uses a card's action and never honks unless it must (S10: an
  empty grid).  It keeps the four cards it was dealt, so it is as good as its deal: it beats the
  random bot (which honks a third of its turns and slams blindly) and loses to any bot that keeps
  low cards.  Two of them at one table never end a round, so a round-robin seats it against
  other bots only.
- ``closest policy``: of the simple policies that the exploit search played against the expert
  (`engine.exploit_search`, ``policy_grid``), the one that came closest to beating it, on fresh
  games; the stored search names its rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...engine.exploit_search import CLOSEST, closest_entrant
from .rules import PASS, PLAY, SKIP, TAKE_DRAW, Action


class DrawAndPlayBot:
    """Draw, play it away; pass, skip, and honk only when it must."""

    name = "draw and play"
    needs_observation = False  # it reads only its legal actions

    def choose(self, observation: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        for wanted in (TAKE_DRAW, PLAY, PASS, SKIP):
            if wanted in legal_actions:
                return wanted
        return legal_actions[0]  # done looking, start the next round, a forced honk (S10)

    def __repr__(self) -> str:
        return "DrawAndPlayBot()"


POLICIES = {"draw and play": DrawAndPlayBot, CLOSEST: closest_entrant("sneaky_goose")}
"""The policies by name (zero-argument factories)."""
