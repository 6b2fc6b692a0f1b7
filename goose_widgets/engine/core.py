"""The engine contract shared by every game (after OpenSpiel, in plain Python).

A game is a small frozen config with ``new_initial_state()``.  A state is an immutable, hashable
dataclass; ``apply(action)`` returns the next state and never changes the old one.  Chance is an
explicit player whose ``chance_outcomes()`` are ``(outcome, Fraction)`` pairs summing to 1.

`StateBase` implements the verbs every game shares (validation of actions, history, the move-log
events, saves) so that each game only writes its rules in ``_legal_actions``, ``_chance_outcomes``
and ``_next``.  Saves are replays: ``to_json`` stores the game's parameters and the ``str`` of every
action and chance outcome; ``from_json`` replays them through ``apply``, so a tampered save is
rejected by the rules themselves and no game needs a codec of its own.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

CHANCE = -1
"""`current_player` while chance (dice, the next card of a pile) decides."""
TERMINAL = -2
"""`current_player` once the game is over."""

SAVE_FORMAT = "goose_widgets/save/1"


class IllegalActionError(ValueError):
    """An action that the rules do not allow here; the state it was applied to is unchanged."""


class InvalidSaveError(ValueError):
    """A save file that is malformed, belongs to another game, or replays an illegal move."""


@dataclass(frozen=True)
class StateBase:
    """Shared verbs of a game state.

    Subclasses are frozen dataclasses with the fields of their position.  ``history`` and ``events``
    are excluded from equality and hashing: two states reached by different paths are the same
    position, which is what exact analysis and tree search need.
    """

    history: tuple[str, ...] = field(default=(), compare=False, repr=False, kw_only=True)
    events: tuple[str, ...] = field(default=(), compare=False, repr=False, kw_only=True)

    # --- to be provided by each game -------------------------------------------------------
    game: ClassVar[Any]  # overridden as a dataclass field in each game

    @property
    def current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self) -> list:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        raise NotImplementedError

    def _next(self, action: Any) -> tuple[StateBase, list[str]]:
        """The successor after a legal action or chance outcome, and its move-log lines.

        Return a state built for this call (or ``self``): `apply` sets its history in place.
        """
        raise NotImplementedError

    def observation(self, seat: int) -> Any:
        raise NotImplementedError

    def returns(self) -> list[int]:
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    # --- shared verbs ---------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self) -> list:
        """The actions the current seat may take (empty at chance and terminal nodes)."""
        if self.current_player < 0:
            return []
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """``(outcome, probability)`` pairs at a chance node, summing exactly to 1; else ``[]``."""
        if self.current_player != CHANCE:
            return []
        return self._chance_outcomes()

    def apply(self, action: Any) -> StateBase:
        """The state after ``action`` (or a chance outcome).  Raises `IllegalActionError`."""
        player = self.current_player
        if player == TERMINAL:
            raise IllegalActionError(f"the game is over; no action is possible (tried {action}).")
        if player == CHANCE:
            allowed = [o for o, _ in self._chance_outcomes()]
            if action not in allowed:
                raise IllegalActionError(
                    f"{action!s} is not a possible chance outcome here; possible: "
                    + _listing(allowed))
        else:
            allowed = self._legal_actions()
            if action not in allowed:
                raise IllegalActionError(
                    f"{action!s} is not allowed for seat {player} now; allowed: " + _listing(allowed))
        nxt, events = self._next(action)
        if nxt is self:  # a move that changes nothing still gets a state of its own
            nxt = copy.copy(self)
        # `_next` built `nxt` for this call alone, so setting its two bookkeeping fields in place
        # is safe, and much faster than `dataclasses.replace` on a hot path (playouts, search).
        object.__setattr__(nxt, "history", self.history + (str(action),))
        object.__setattr__(nxt, "events", tuple(events))
        return nxt

    def apply_str(self, text: str) -> StateBase:
        """Apply the action or outcome whose ``str`` is ``text`` (saves, widgets, scripts)."""
        for candidate in self.legal_actions() or [o for o, _ in self.chance_outcomes()]:
            if str(candidate) == text:
                return self.apply(candidate)
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {text!r} is not possible.")
        options = self.legal_actions() or [o for o, _ in self.chance_outcomes()]
        raise IllegalActionError(f"{text!r} is not possible here; possible: " + _listing(options))

    def to_json(self) -> str:
        """A save: the game's name and parameters and every action and outcome so far."""
        return json.dumps({
            "format": SAVE_FORMAT,
            "game": self.game.name,
            "params": self.game.params(),
            "history": list(self.history),
        })

    @classmethod
    def from_json(cls, text: str | bytes | dict) -> StateBase:
        """Rebuild a state from `to_json` output; a malformed or tampered save raises `InvalidSaveError`."""
        return state_from_json(text)


def _listing(options: Sequence[Any], limit: int = 12) -> str:
    names = [str(o) for o in options]
    if not names:
        return "nothing"
    more = f" … and {len(names) - limit} more" if len(names) > limit else ""
    return ", ".join(names[:limit]) + more


def state_from_json(text: str | bytes | dict) -> StateBase:
    """Replay a save made by ``state.to_json()`` (any game)."""
    from .registry import load_game

    if isinstance(text, dict):
        data = text
    else:
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as err:
            raise InvalidSaveError(f"the save is not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise InvalidSaveError("the save must be a JSON object with format, game, params, history.")
    if data.get("format") != SAVE_FORMAT:
        raise InvalidSaveError(f"unknown save format {data.get('format')!r}; expected {SAVE_FORMAT!r}.")
    params, history = data.get("params"), data.get("history")
    if not isinstance(params, dict) or not isinstance(history, list) \
            or not all(isinstance(h, str) for h in history):
        raise InvalidSaveError("the save needs 'params' (an object) and 'history' (a list of strings).")
    try:
        game = load_game(data.get("game"), **params)
    except (ValueError, TypeError) as err:
        raise InvalidSaveError(f"the save names an invalid game: {err}") from None
    state = game.new_initial_state()
    for number, step in enumerate(history, start=1):
        try:
            state = state.apply_str(step)
        except IllegalActionError as err:
            raise InvalidSaveError(f"step {number} of the save cannot be replayed: {err}") from None
    return state
