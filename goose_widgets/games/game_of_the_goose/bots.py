"""Bots for the Game of the Goose.

The Goose game has no choice to make: the seat to move may only ``roll`` (the dice decide the
rest, rulings G2–G12).  So every bot rolls; the names are there so that a table reads naturally.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...engine import RandomBot  # noqa: F401 - the game's random bot, importable from here too


class RollerBot:
    """Always rolls the dice: the only legal action in the Goose game."""

    name = "roller"
    needs_observation = False  # a roll needs no look at the board
    needs_forced_moves = False  # the roll is every turn's only move: playouts make it unasked

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        for action in legal_actions:
            if str(action) == "roll":
                return action
        raise ValueError("the roller bot can only roll, and rolling is not possible now; legal: "
                         + ", ".join(map(str, legal_actions)))

    def __repr__(self) -> str:
        return "RollerBot()"
