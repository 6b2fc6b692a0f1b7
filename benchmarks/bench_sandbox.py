"""The sandbox (issues 18 and 28): starting one, a learner's bot round trip per decision, and a
capstone check's total time, behind walls and without them.

Three ways a sandbox runs: behind walls with a spare started ahead (the default on Linux), behind
walls started when needed (``GOOSE_WIDGETS_FORK=off``), and without walls (``GOOSE_WIDGETS_WALLS=off``:
a fork server's child).  Each figure is a median of several runs (this machine is shared: the
load is printed beside it).
The round trip is one ``SandboxedBot.choose`` of a bot that answers at once: the observation and
the legal actions pickled and sent, the answer read back and checked, i.e. the referee's cost of a
sandboxed decision, measured on positions of seeded random games of each game.
"""

from __future__ import annotations

import dataclasses
import os
import random
import statistics
import time

from goose_widgets.engine import load_game, sample_outcome
from goose_widgets.sandbox import Sandbox, SandboxedBot


def first_legal(observation, legal_actions):
    return legal_actions[0]


def _positions(game, count: int, seed: int = 3):
    """``count`` decision points (observation, legal actions) from seeded random games."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state = state.apply(sample_outcome(state, rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                found.append((state.observation(state.current_player), legal))
            state = state.apply(rng.choice(legal))
    return found


def round_trips(game_name: str, decisions: int = 300) -> tuple[float, float]:
    """Median and 90th percentile seconds of one sandboxed decision."""
    game = load_game(game_name, **({"players": 2} if game_name != "boo" else {}))
    bot = SandboxedBot(first_legal)
    positions = _positions(game, decisions)
    bot.choose(*positions[0], None)  # starts the sandbox: not a decision's cost
    times = []
    for observation, legal in positions:
        started = time.perf_counter()
        bot.choose(observation, legal, None)
        times.append(time.perf_counter() - started)
    bot.close()
    times.sort()
    return statistics.median(times), times[int(0.9 * len(times))]


def sandbox_start(repeats: int = 10) -> float:
    """Median seconds to start a sandbox and load a function into it (and stop it), a check's
    worth of time apart (so that a spare, where there is one, has been started again)."""
    times = []
    for _ in range(repeats):
        time.sleep(0.6)
        started = time.perf_counter()
        with Sandbox(first_legal) as sandbox:
            sandbox.load()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


MODES = (("behind walls, a spare started ahead", {"GOOSE_WIDGETS_WALLS": "on", "GOOSE_WIDGETS_FORK": "on"}),
         ("behind walls, started when needed", {"GOOSE_WIDGETS_WALLS": "on", "GOOSE_WIDGETS_FORK": "off"}),
         ("without walls (a fork server)", {"GOOSE_WIDGETS_WALLS": "off", "GOOSE_WIDGETS_FORK": "on"}))


def capstone_seconds(capstone, bot, repeats: int = 1) -> tuple[float, str, int]:
    capstone = dataclasses.replace(capstone, seed=7)
    times, status, games = [], "", 0
    for _ in range(repeats):
        started = time.perf_counter()
        report = capstone.check(bot)
        times.append(time.perf_counter() - started)
        status, games = str(report.status), sum(s.games for s in report.standings)
    return statistics.median(times), status, games


def main() -> None:
    import warnings

    from goose_widgets.games.boo.exercises import write_a_bot as boo
    from goose_widgets.games.boo_to_the_goose.exercises import write_a_bot as boo_to_the_goose
    from goose_widgets.games.sneaky_goose.exercises import write_a_bot as sneaky_goose
    from goose_widgets.sandbox import SandboxWarning, status

    warnings.simplefilter("ignore", SandboxWarning)
    saved = {name: os.environ.get(name) for name in ("GOOSE_WIDGETS_WALLS", "GOOSE_WIDGETS_FORK")}
    try:
        for mode, environment in MODES:
            os.environ.update(environment)
            print(f"   -- {mode}: {status().lines()[0]}")
            print(f"   load average {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")
            print(f"   start a sandbox and load a function: {sandbox_start() * 1e3:7.1f} ms (median of 10)")
            for name in ("boo_to_the_goose", "sneaky_goose", "boo"):  # every Goose move is forced
                median, p90 = round_trips(name)
                print(f"   round trip per decision, {name:18} median {median * 1e3:6.2f} ms   "
                      f"90th percentile {p90 * 1e3:6.2f} ms (300 decisions)")
            for name, capstone in (("boo_to_the_goose", boo_to_the_goose), ("sneaky_goose", sneaky_goose),
                                   ("boo", boo)):
                seconds, result, games = capstone_seconds(capstone, capstone.exercise.reference)
                print(f"   capstone check, {name:16} with its reference bot: {seconds:6.1f} s "
                      f"({result}; {games} games)")
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


if __name__ == "__main__":
    main()
