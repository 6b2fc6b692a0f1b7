"""Inputs for the fuzz tests of the public contract: the four games, positions reached in play,
junk objects, and equal-but-different twins of legal actions."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

from goose_widgets.engine import RandomBot, load_game, split_rngs, step

GAMES = [("game_of_the_goose", {"players": 3}), ("boo_to_the_goose", {"players": 3}),
         ("sneaky_goose", {"players": 3, "rounds": 2}), ("boo", {})]
GAME_IDS = [name for name, _ in GAMES]


def positions(name: str, params: dict, seed: int = 0, every: int = 5, limit: int = 40) -> list[Any]:
    """Decision, chance and terminal positions met in two random games (each ``every``-th)."""
    game = load_game(name, **params)
    found: list[Any] = []
    for number in range(2):
        chance_rng, bot_rngs = split_rngs(f"fuzz/{seed}/{number}", game.players)
        state, bots, index = game.new_initial_state(), [RandomBot()] * game.players, 0
        while not state.is_terminal():
            if index % every == 0:
                found.append(state)
            state = step(state, bots, chance_rng, bot_rngs)
            index += 1
        found.append(state)
    return found[:limit] if len(found) <= limit else found[::len(found) // limit + 1]


def options(state: Any) -> list[Any]:
    return state.legal_actions() or [o for o, _ in state.chance_outcomes()]


class RaisingEq:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__ exploded")

    __hash__ = object.__hash__


class RaisingHash:
    def __hash__(self) -> int:
        raise RuntimeError("__hash__ exploded")


class RaisingStr:
    def __str__(self) -> str:
        raise RuntimeError("__str__ exploded")

    def __repr__(self) -> str:
        raise RuntimeError("__repr__ exploded")


class Impostor:
    """Hashes like a legal action and claims to equal everything."""

    def __init__(self, legal: Any):
        self.legal = legal

    def __hash__(self) -> int:
        return hash(self.legal)

    def __eq__(self, other: object) -> bool:
        return True

    def __str__(self) -> str:
        return str(self.legal)


class AlwaysEqualInt(int):
    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__


def junk() -> list[Any]:
    """Objects that are no action of any game."""
    nested: Any = ()
    for _ in range(100_000):
        nested = (nested,)
    return [None, 0, -1, 7, 10**100, 1.5, 0.0, float("nan"), float("inf"), True, False, "", "x" * 100_000,
            "roll\x00", b"roll", [], [1, 2], {}, {"verb": "pass"}, set(), (), (0,), (None, None),
            object(), RaisingEq(), RaisingHash(), RaisingStr(), AlwaysEqualInt(3), nested,
            Ellipsis, type, print, 3 + 4j]


def twins(action: Any) -> Iterator[Any]:
    """Objects equal (==) to ``action`` but of another kind: a plain tuple for a named tuple, an
    int field as a float, a bool or an int subclass, a str subclass for a str."""
    if isinstance(action, str):
        yield type("Text", (str,), {})(action)
        return
    if isinstance(action, tuple):
        yield tuple(action)
        values: dict[str, Any] = action._asdict() if hasattr(action, "_asdict") else {}
        replace = action._replace if hasattr(action, "_replace") else None
    elif dataclasses.is_dataclass(action):
        values = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}

        def replace(**changes: Any) -> Any:
            return dataclasses.replace(action, **changes)
    else:
        return
    for field, value in values.items():
        if type(value) is int and replace is not None:
            yield replace(**{field: float(value)})
            yield replace(**{field: AlwaysEqualInt(value)})
            if value in (0, 1):
                yield replace(**{field: bool(value)})


def out_of_range(action: Any) -> Iterator[Any]:
    """The action with each whole-number field pushed out of any sensible range."""
    if isinstance(action, tuple) and hasattr(action, "_replace"):
        values, replace = action._asdict(), action._replace
    elif dataclasses.is_dataclass(action):
        values = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}

        def replace(**changes: Any) -> Any:
            return dataclasses.replace(action, **changes)
    else:
        return
    for field, value in values.items():
        if type(value) is int:
            for wild in (value + 1000, -value - 1000, 10**30):
                yield replace(**{field: wild})
        elif type(value) is str:
            yield replace(**{field: value + "?"})


def sample(items: list[Any], count: int, seed: int) -> list[Any]:
    return items if len(items) <= count else random.Random(seed).sample(items, count)
