"""The game's bots by name (``BOTS``): what ``play``, ``bots_for``, the table server, the capstones
and the round-robins look up.

A module of its own so that no bot module imports the list that names it: `bots` holds the game's
bots, then the expert (`expert.ExpertBot`), which builds on them, and this module lists them all.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Bot, RandomBot
from .bots import GreedyBot, LookaheadBot
from .expert import ExpertBot

BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot,
        "expert": ExpertBot}
"""The bots by name (factories: ``BOTS["counting"]()``; an expert takes its options as keywords)."""
