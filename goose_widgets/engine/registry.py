"""`load_game`: the one entry point from a game's name to its rules.

Each game package exposes a frozen dataclass ``Game`` whose fields are its parameters
(``players`` first) and whose ``__post_init__`` validates them.  Packages are imported lazily so
that loading one game never imports another.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

GAMES: dict[str, str] = {
    "game_of_the_goose": "goose_widgets.games.game_of_the_goose.rules",
    "boo_to_the_goose": "goose_widgets.games.boo_to_the_goose.rules",
    "sneaky_goose": "goose_widgets.games.sneaky_goose.rules",
    "boo": "goose_widgets.games.boo.rules",
}


def game_module(name: str) -> Any:
    """The ``rules`` module of a game, by name (a clear `ValueError` for an unknown name)."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {name!r}; valid names: {', '.join(sorted(GAMES))}.")
    return importlib.import_module(GAMES[name])


def load_game(name: str, **params: Any) -> Any:
    """Return the game ``name`` configured with ``params`` (e.g. ``players=4``).

    >>> load_game("game_of_the_goose", players=2).players
    2
    """
    module = game_module(name)
    cls = module.Game
    valid = [f.name for f in dataclasses.fields(cls) if f.init]
    unknown = sorted(set(params) - set(valid))
    if unknown:
        raise ValueError(
            f"unknown parameter(s) {', '.join(unknown)} for {name!r}; valid parameters: "
            f"{', '.join(valid)}.")
    return cls(**params)


def player_counts(name: str, most: int = 8) -> list[int]:
    """The numbers of players the game ``name`` accepts, up to ``most`` (asked of the engine, which
    validates them, never restated)."""
    counts = []
    for players in range(1, most + 1):
        try:
            load_game(name, players=players)
        except ValueError:
            continue
        counts.append(players)
    return counts
