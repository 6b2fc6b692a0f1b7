"""Loading saves: `state_from_json` replays a save made by ``state.to_json()`` (issue 10 §4).

A save is untrusted text (a file a learner edited, a download), so every way it can be wrong gives
`InvalidSaveError` with a message saying what is wrong, in little time and memory: text too long or
nested too deeply, numbers JSON does not allow (``Infinity``, ``NaN``, ``1e999``) or with
thousands of digits, unknown or missing keys, a parameter missing (a save states every parameter
of its game, so a changed default can never change a saved game), parameters the game refuses,
and moves the rules refuse when replayed.
"""

from __future__ import annotations

import dataclasses
import json
import math
from typing import Any

from .actions import show
from .errors import IllegalActionError, InvalidSaveError

SAVE_FORMAT = "goose_widgets/save/1"
MAX_SAVE_CHARS = 5_000_000
"""The longest save text loaded (a long game's save is a few hundred kilobytes)."""
MAX_SAVE_STEPS = 100_000
"""The most actions and chance outcomes a save may replay (a playout's step limit)."""
_MAX_DIGITS = 100
_KEYS = ("format", "game", "params", "history")


def state_from_json(text: str | bytes | dict) -> Any:
    """Replay a save made by ``state.to_json()`` (any game); `InvalidSaveError` if it is not one."""
    from .registry import game_module

    data = _parse(text)
    if not isinstance(data, dict):
        raise InvalidSaveError("the save must be a JSON object with format, game, params, history.")
    unknown = [key for key in data if key not in _KEYS]
    if unknown:
        raise InvalidSaveError(f"the save has unknown key(s) {', '.join(map(show, unknown))}; a save "
                               f"has exactly: {', '.join(_KEYS)}.")
    if data.get("format") != SAVE_FORMAT:
        raise InvalidSaveError(f"unknown save format {show(data.get('format'))!r}; "
                               f"expected {SAVE_FORMAT!r}.")
    name, params, history = data.get("game"), data.get("params"), data.get("history")
    if not isinstance(params, dict):
        raise InvalidSaveError("the save needs 'params', an object with the game's parameters.")
    if not isinstance(history, list) or not all(isinstance(h, str) for h in history):
        raise InvalidSaveError("the save needs 'history', a list of strings (the moves).")
    if len(history) > MAX_SAVE_STEPS:
        raise InvalidSaveError(f"the save replays {len(history):,} steps; at most "
                               f"{MAX_SAVE_STEPS:,} are loaded.")
    if not isinstance(name, str):
        raise InvalidSaveError(f"the save needs 'game', the name of a game, not {show(name)}.")
    try:
        game_class = game_module(name).Game
    except ValueError as err:
        raise InvalidSaveError(f"the save names an invalid game: {err}") from None
    expected = [f.name for f in dataclasses.fields(game_class) if f.init]
    missing = [p for p in expected if p not in params]
    extra = [p for p in params if p not in expected]
    if missing or extra:
        problems = ([f"does not state {', '.join(missing)}"] if missing else []) \
            + ([f"has unknown parameter(s) {', '.join(map(show, extra))}"] if extra else [])
        raise InvalidSaveError(f"the save {' and '.join(problems)}; a save of {name} states "
                               f"every parameter: {', '.join(expected)}.")
    try:
        game = game_class(**params)
    except Exception as err:  # noqa: BLE001 - untrusted values: any refusal is an invalid save
        raise InvalidSaveError(f"the save names an invalid game: {name} refuses its parameters "
                               f"({type(err).__name__}: {show(err, 300)})") from None
    state = game.new_initial_state()
    for number, step in enumerate(history, start=1):
        try:
            state = state.apply_str(step)
        except IllegalActionError as err:
            raise InvalidSaveError(f"step {number} of the save cannot be replayed: {err}") from None
    return state


def _parse(text: Any) -> Any:
    """The JSON value of a save, with every malformation turned into `InvalidSaveError`."""
    if isinstance(text, dict):
        try:  # a dict given directly gets the same checks as a text (finite numbers, nesting)
            text = json.dumps(text, allow_nan=False)
        except (TypeError, ValueError, RecursionError) as err:
            raise InvalidSaveError(f"the save is not plain JSON data: {show(err)}") from None
    if not isinstance(text, str | bytes | bytearray):
        raise InvalidSaveError(f"a save is a JSON text (str or bytes) or a dict, not "
                               f"{type(text).__name__}.")
    if len(text) > MAX_SAVE_CHARS:
        raise InvalidSaveError(f"the save is {len(text):,} characters long; at most "
                               f"{MAX_SAVE_CHARS:,} are loaded.")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float,
                          parse_int=_short_int)
    except InvalidSaveError:
        raise
    except RecursionError:
        raise InvalidSaveError("the save is nested too deeply to be a save.") from None
    except ValueError as err:  # includes bad UTF-8
        raise InvalidSaveError(f"the save is not valid JSON: {show(err, 200)}") from None


def _refuse_constant(name: str) -> Any:
    raise InvalidSaveError(f"the save holds {name}, which is not a number a save may hold.")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidSaveError(f"the save holds the number {show(text, 40)}, too large to be finite.")
    return value


def _short_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise InvalidSaveError(f"the save holds a number with {len(text.lstrip('-')):,} digits; "
                               f"at most {_MAX_DIGITS} are allowed.")
    return int(text)
