"""Scripted scenarios: a start state and a list of moves (chance outcomes included) with narration.

The rulebook's examples are written as scenarios once and then used twice: stepped through in the
walkthrough player, and asserted move by move in pytest.  Moves are given as the ``str`` of an
action or chance outcome, so a scenario reads like the move log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    move: str
    narration: str = ""


@dataclass(frozen=True)
class Scenario:
    """A named sequence of moves from a start position, each with what a teacher would say."""

    name: str
    introduction: str
    start: Callable[[], Any]
    steps: tuple[Step, ...]
    viewer: int = 0
    conclusion: str = ""
    tags: tuple[str, ...] = field(default=())

    def states(self) -> list[Any]:
        """The start state and the state after every step (raises if a step is illegal)."""
        states = [self.start()]
        for number, step in enumerate(self.steps, start=1):
            try:
                states.append(states[-1].apply_str(step.move))
            except ValueError as err:
                raise ValueError(f"scenario {self.name!r}, step {number} ({step.move}): {err}") from err
        return states

    def final(self) -> Any:
        return self.states()[-1]


def steps(*pairs: tuple[str, str] | str) -> tuple[Step, ...]:
    """Build steps from ``(move, narration)`` pairs or bare moves."""
    return tuple(Step(p) if isinstance(p, str) else Step(*p) for p in pairs)
