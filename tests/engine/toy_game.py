"""A tiny game for testing the shared engine and widget kit without any real game's rules.

Two or more players take turns: the seat to move chooses "step 1" or "step 2", then a coin
(CHANCE) adds 0 or 1.  The first to reach 5 or more wins.  Seat 1's secret is a hidden number that
only seat 1 observes, so observation tests have something to hide.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from goose_widgets.engine import CHANCE, TERMINAL, GameBase, StateBase, check_int
from goose_widgets.engine.core import Events


@dataclass(frozen=True)
class Game(GameBase):
    players: int = 2
    target: int = 5
    name: ClassVar[str] = "toy"

    def __post_init__(self) -> None:
        check_int("players", self.players, 1, 4)

    def new_initial_state(self) -> State:
        return State(game=self, positions=(0,) * self.players, to_move=0, pending=None, secret=7)


@dataclass(frozen=True)
class State(StateBase):
    game: Game
    positions: tuple[int, ...]
    to_move: int
    pending: int | None
    secret: int

    @property
    def current_player(self) -> int:
        if max(self.positions) >= self.game.target:
            return TERMINAL
        return CHANCE if self.pending is not None else self.to_move

    def _legal_actions(self) -> list[str]:
        return ["step 1", "step 2"]

    def _chance_outcomes(self) -> list[tuple[str, Fraction]]:
        return [("coin 0", Fraction(1, 2)), ("coin 1", Fraction(1, 2))]

    def _next(self, action: str) -> tuple[State, Events]:
        if self.pending is None:
            step = int(action.split()[1])
            return self._replace(pending=step), [f"seat {self.to_move} steps {step}"]
        total = self.pending + int(action.split()[1])
        positions = list(self.positions)
        positions[self.to_move] += total
        nxt = (self.to_move + 1) % self.game.players
        # a lazy move log (a callable), as the real games return it; steps above return a list
        return (self._replace(positions=tuple(positions), pending=None, to_move=nxt),
                lambda: [f"{action}: seat {self.to_move} now on {positions[self.to_move]}"])

    def observation(self, seat: int) -> tuple:
        return (self.positions, self.to_move, self.pending, self.secret if seat == 1 else None)

    def returns(self) -> list[int]:
        if not self.is_terminal():
            return [0] * self.game.players
        return [int(p >= self.game.target) for p in self.positions]

    def scores(self) -> list[int]:
        return list(self.positions)


def render(observation: tuple, legal_actions: list, **options: object) -> str:
    positions, to_move, pending, secret = observation
    clickable = "".join(f'<rect data-action="{a}" width="10" height="10"/>' for a in legal_actions
                        if a == "step 1")
    return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{positions} {to_move} {pending} ' \
           f'{secret} {sorted(options.items())}</text>{clickable}</svg>'
