"""Shared helper of the expert tests: positions where a seat decides, reached by seeded play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from goose_widgets.engine import step


def decision_after(state: Any, bots: Sequence[Any], rng: random.Random, steps: int) -> Any:
    """``state`` played on by ``bots`` for ``steps`` steps, then to the next decision (None if the
    game ends first)."""
    for _ in range(steps):
        if state.is_terminal():
            return None
        state = step(state, bots, rng)
    while state.current_player < 0:
        if state.is_terminal():
            return None
        state = step(state, bots, rng)
    return state
