"""The headless engine: the contract every game follows and the tools that work on any game.

Importing this package never imports a widget or plotting library (a test checks it).
"""

from .bots import Bot, RandomBot, ScriptedBot
from .core import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidSaveError,
    StateBase,
    from_fields,
    state_from_json,
    with_plain_values,
)
from .exact import distribution, expectation, markov_chain, solve_linear, transitions
from .game import GameBase, check_int
from .play import (
    Decision,
    SimulationResult,
    decisions,
    mean_ci,
    playout,
    sample_outcome,
    sample_outcome_fast,
    simulate,
    split_rngs,
    step,
    wilson,
)
from .registry import GAMES, game_module, load_game
from .tournament import RoundRobin, round_robin

__all__ = [
    "CHANCE", "TERMINAL", "IllegalActionError", "InvalidSaveError", "StateBase", "GameBase",
    "state_from_json", "load_game", "game_module", "GAMES", "Bot", "RandomBot", "ScriptedBot",
    "playout", "simulate", "step", "sample_outcome", "sample_outcome_fast", "SimulationResult",
    "wilson", "mean_ci", "expectation", "distribution", "markov_chain", "solve_linear",
    "transitions", "check_int", "Decision", "decisions", "split_rngs", "with_plain_values",
    "from_fields", "round_robin", "RoundRobin",
]
