"""Bots that every game can use, and the bot protocol.

A bot is any object with ``choose(observation, legal_actions, rng) -> action``.  It sees only the
observation of its own seat (never the state), so it cannot read hidden cards, and draws only from
``rng``, a generator of its own that chance never uses (see `engine.play.split_rngs`).

A bot may also set ``needs_observation = False`` when ``choose`` ignores its observation (it is then
given None, and playouts skip building it); a bot without the attribute is given its observation.
And it may set ``needs_forced_moves = False`` when, given one legal action, ``choose`` would return
it without drawing from its generator: playouts then make such a forced move without asking.

Where a bot runs (issue 18), the same rule everywhere: a bot object with ``choose`` (the package's
own bots, or a class you trust) runs in the referee, the process that holds the game; a plain
function given as a bot, ``my_bot(observation, legal_actions) -> action``, always runs sandboxed
(`sandbox.SandboxedBot`): in a clean process of its own that receives only its seat's observation
and the legal actions and answers only with its choice (an action, or an action's text), under a
time limit per move.  That holds in a capstone check, at a table
(``play(..., players=["human", my_bot])``) and in `simulate`.  A function bot gets no generator:
it makes its own ``random.Random`` if it wants chance.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Protocol


class Bot(Protocol):
    name: str
    # optional, not part of the structural type: needs_observation: bool (True when absent),
    # needs_forced_moves: bool (True when absent; False: a forced move is made without asking), and
    # takes_any_sequence: bool (False when absent; True: `choose` reads ``legal_actions`` by len()
    # and [index] alone, so a playout may hand it a game's `_legal_view()` instead of a list)

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any: ...


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"
    needs_observation = False
    needs_forced_moves = False  # `choose` returns the one legal action without drawing
    takes_any_sequence = True  # reads its legal actions by len() and [index] alone (`rng.choice`)

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        # any iterable will do (the type first: isinstance against an ABC is slow)
        if type(legal_actions) is not list and not isinstance(legal_actions, Sequence):
            legal_actions = list(legal_actions)
        if len(legal_actions) == 1:  # a forced move needs no draw (the generator is its own)
            return legal_actions[0]
        return rng.choice(legal_actions)

    def __repr__(self) -> str:
        return "RandomBot()"


class ScriptedBot:
    """Plays a fixed list of actions (given as actions or their ``str``), for walkthroughs and tests."""

    name = "scripted"

    def __init__(self, script: Iterable[Any]):
        self.script = list(script)
        self.position = 0

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if self.position >= len(self.script):
            raise RuntimeError("the scripted bot has run out of moves.")
        wanted = self.script[self.position]
        self.position += 1
        for action in legal_actions:
            if action == wanted or str(action) == str(wanted):
                return action
        raise RuntimeError(f"scripted move {wanted!s} is not legal here; legal: "
                           + ", ".join(map(str, legal_actions)))

    def __repr__(self) -> str:
        return f"ScriptedBot({self.script!r})"
