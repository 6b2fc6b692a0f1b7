"""Shared behaviour of game configs: parameters for saves, and loading saves."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, cast


class GameBase:
    """Mixin for each game's frozen ``Game`` dataclass."""

    name: ClassVar[str] = ""

    def params(self) -> dict[str, Any]:
        """The parameters that rebuild this game with `load_game` (JSON-ready)."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(cast(Any, self))
                if f.init}

    def from_json(self, text: Any) -> Any:
        """Load a save of this game (see `goose_widgets.engine.state_from_json`)."""
        from .core import InvalidSaveError, state_from_json

        state = state_from_json(text)
        if state.game != self:
            raise InvalidSaveError(
                f"the save is for {state.game!r}, not for {self!r}.")
        return state


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {k: _jsonable(v) for k, v in dataclasses.asdict(value).items()}
    return value


def check_int(name: str, value: Any, low: int, high: int) -> None:
    """Validate an integer parameter with a message that names the valid range."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number from {low} to {high}, not {value!r}.")
    if not low <= value <= high:
        raise ValueError(f"{name} must be from {low} to {high}, not {value}.")
