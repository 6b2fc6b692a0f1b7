"""How repeatable each capstone's verdict is, for trivial policies and honest bots (issue 36).

Each capstone's bar must be one that no trivial policy clears and that an honest bot, of the kind
a learner writes in ten minutes, clears nearly always.  This study runs every policy below
through every capstone `RUNS` times, each with a fresh seed, exactly as a learner's check would
(the bot sandboxed, the bars played until the verdict is clear; the comparisons left out), and
stores what happened: each run's verdict, games and wins against each rival, and seconds.  The
tests check the stored results (no trivial policy passed, the honest bot passed at least 18 of
20) and play a sample of the runs again, which must come out game for game the same.

The policies are written as a learner writes them, as text, so that they travel into the
sandbox by value like a notebook's functions:

- every game: ``first legal action`` and ``random`` (with a generator of its own);
- Boo to the Goose: ``always fox``; Sneaky Goose: ``honk at once`` and ``draw and play away``;
  BOO: ``last placement``;
- every game: ``honest``, a ten-minute heuristic (not the course's reference solution).

Regenerate (several minutes on two cores)::

    python -m goose_widgets.exercises.capstone_study --regenerate [--game GAME] [--workers 2]
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from .core import defined_in

__all__ = ["GAMES", "HONEST", "PATH", "POLICIES", "RUNS", "load", "policy", "run_once", "study"]

PATH = Path(__file__).with_name("capstone_study.json")
RUNS = 20
GAMES = ("boo_to_the_goose", "sneaky_goose", "boo")
REGENERATE = "python -m goose_widgets.exercises.capstone_study --regenerate"

FIRST_LEGAL = '''
def my_bot(observation, legal_actions):
    return legal_actions[0]
'''

RANDOM = '''
import random

choices = random.Random(2026)

def my_bot(observation, legal_actions):
    return choices.choice(legal_actions)
'''

ALWAYS_FOX = '''
def my_bot(observation, legal_actions):
    for action in legal_actions:
        if str(action) == "play fox":
            return action
    return legal_actions[0]
'''

HONK_AT_ONCE = '''
def my_bot(observation, legal_actions):
    names = [str(action) for action in legal_actions]
    return "honk" if "honk" in names else legal_actions[0]
'''

DRAW_AND_PLAY = '''
def my_bot(observation, legal_actions):
    names = [str(action) for action in legal_actions]
    for wanted in ("take draw pile", "play it", "pass", "skip action"):
        if wanted in names:
            return wanted
    return legal_actions[0]
'''

LAST_PLACEMENT = '''
def my_bot(observation, legal_actions):
    return legal_actions[-1]
'''

HONEST = {
    "boo_to_the_goose": '''
def my_bot(observation, legal_actions):
    names = [str(action) for action in legal_actions]
    if "stop" in names or names[0].startswith("flip"):      # a catch round
        turned = sum(cards.count(0) for cards in observation.face_up)   # geese face up so far
        if "stop" in names and turned >= 2:
            return "stop"
        flips = [action for action in legal_actions if str(action) != "stop"]
        return flips[-1]                     # the newest card: players lay their dogs first
    for wish in ("play dog", "play goose", "play fox"):
        if wish in names:
            return wish
    return legal_actions[0]
''',
    "sneaky_goose": '''
def my_bot(observation, legal_actions):
    names = [str(action) for action in legal_actions]
    me = observation.seat
    grid = observation.grids[me]

    def value(i):
        return 6 if grid[i].value is None else grid[i].value

    places = [i for i, view in enumerate(grid) if view is not None]
    worst = max(places, key=value) if places else None
    phase = observation.phase
    if phase == "turn start":
        known = [grid[i].value for i in places if grid[i].value is not None]
        if "honk" in names and len(known) == len(places) and sum(known) <= 8:
            return "honk"
        return "take draw pile" if "take draw pile" in names else legal_actions[0]
    if phase == "holding":
        if worst is not None and observation.held.value < value(worst):
            for action in legal_actions:
                if action.verb == "swap into" and action.slot == worst:
                    return action
        if "play it" in names:
            return "play it"
    if phase == "slam window":
        return "pass" if "pass" in names else legal_actions[0]
    if phase == "action":
        for action in legal_actions:
            if action.verb == "look" and action.seat == me and grid[action.slot].value is None:
                return action
    for quiet in ("skip action", "pass", "done looking"):
        if quiet in names:
            return quiet
    return legal_actions[0]
''',
    "boo": '''
from goose_widgets.games.boo.rules import make_placed

def my_bot(observation, legal_actions):
    if not str(legal_actions[0]).startswith("place"):
        return legal_actions[0]
    mine, theirs = ("B", "W") if observation.seat == 0 else ("W", "B")
    box = observation.graveyard.sandbox()
    card = observation.card(legal_actions[0].card)

    def lead(place):
        placed = make_placed(card, place.row, place.col, place.rotation, place.side)
        index = box.place(placed.squares, placed.tokens)
        ghosts = [s for s, t in zip(box.squares[index], placed.tokens) if len(t) == 2]
        flipped = box.run(ghosts, index)
        after = box.counts[mine] - box.counts[theirs]
        box.undo(flipped)
        box.unplace()
        return after

    return max(legal_actions, key=lead)
''',
}

POLICIES: dict[str, dict[str, str]] = {
    "boo_to_the_goose": {"first legal action": FIRST_LEGAL, "random": RANDOM, "always fox": ALWAYS_FOX},
    "sneaky_goose": {"first legal action": FIRST_LEGAL, "random": RANDOM, "honk at once": HONK_AT_ONCE,
                     "draw and play away": DRAW_AND_PLAY},
    "boo": {"first legal action": FIRST_LEGAL, "random": RANDOM, "last placement": LAST_PLACEMENT},
}
"""The trivial policies of each game, by name, as text (an honest bot is in `HONEST`)."""


def policy(game: str, name: str) -> Any:
    """The policy ``name`` of ``game`` ("honest" too) as a function, made from its text."""
    return defined_in(HONEST[game] if name == "honest" else POLICIES[game][name], "my_bot")


def capstone(game: str) -> Any:
    return importlib.import_module(f"goose_widgets.games.{game}.exercises").write_a_bot


def run_once(game: str, name: str, seed: int) -> dict[str, Any]:
    """One check of the policy, as a learner's check runs (its comparisons left out)."""
    check = dataclasses.replace(capstone(game), seed=seed)
    started = time.perf_counter()
    report = check.check(policy(game, name), compare=False)
    seconds = time.perf_counter() - started
    standings = getattr(report, "standings", ())
    undecided = bool(getattr(report, "undecided", False))
    verdict = "pass" if report.status == "correct" else ("undecided" if undecided else "fail")
    return {"seed": seed, "verdict": verdict, "seconds": round(seconds, 2),
            "games": {s.opponent: s.games for s in standings},
            "wins": {s.opponent: s.wins for s in standings},
            "message": "" if verdict == "pass" else str(report.message)[:200]}


def study(games: tuple[str, ...] = GAMES, runs: int = RUNS, workers: int = 2) -> dict[str, Any]:
    """Every policy of every game through its capstone ``runs`` times (seeds ``1000 * k + i``)."""
    jobs = [(game, name, 1000 * k + i) for game in games
            for k, name in enumerate([*POLICIES[game], "honest"]) for i in range(runs)]
    with ProcessPoolExecutor(workers) as pool:
        done = list(pool.map(_run_job, jobs))
    found: dict[str, Any] = {"regenerate": REGENERATE, "runs": runs, "games": {}}
    for (game, name, _seed), result in zip(jobs, done):
        entry = found["games"].setdefault(game, {}).setdefault(name, {"passes": 0, "runs": []})
        entry["runs"].append(result)
        entry["passes"] += result["verdict"] == "pass"
    return found


def _run_job(job: tuple[str, str, int]) -> dict[str, Any]:
    return run_once(*job)


def load() -> dict[str, Any]:
    """The stored study."""
    data: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
    return data


def table(data: dict[str, Any] | None = None, game: str | None = None) -> str:
    """The stored study as a short table (of one ``game``, or all): per policy its passes, its
    verdicts, the share of the games it won against the first bar's rival, and seconds."""
    data = data or load()
    lines = [f"{'game':17} {'policy':20} {'passes':>7}  {'fail':>4} {'undecided':>9}  {'share':>5}  "
             f"{'median s':>8}  {'max s':>6}"]
    for name_of_game, policies in data["games"].items():
        if game is not None and name_of_game != game:
            continue
        rival = capstone(name_of_game).bars[0].rival
        for name, entry in policies.items():
            runs = entry["runs"]
            seconds = sorted(run["seconds"] for run in runs)
            verdicts = [run["verdict"] for run in runs]
            share = (sum(run["wins"].get(rival, 0) for run in runs)
                     / max(1, sum(run["games"].get(rival, 0) for run in runs)))
            lines.append(f"{name_of_game:17} {name:20} {entry['passes']:>3}/{len(runs):<3}  "
                         f"{verdicts.count('fail'):>4} {verdicts.count('undecided'):>9}  {share:>5.2f}  "
                         f"{seconds[len(seconds) // 2]:>8.1f}  {seconds[-1]:>6.1f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m goose_widgets.exercises.capstone_study",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--regenerate", action="store_true", help="run the study and store it")
    parser.add_argument("--game", choices=GAMES, action="append", help="only this game (repeatable)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args(argv)
    if not args.regenerate:
        print(table())
        return 0
    games = tuple(args.game or GAMES)
    fresh = study(games, args.runs, args.workers)
    if PATH.exists() and args.game:  # keep the other games' stored runs
        stored = load()
        stored["games"].update(fresh["games"])
        fresh = stored
    PATH.write_text(json.dumps(fresh, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(table(fresh))
    return 0


if __name__ == "__main__":
    sys.exit(main())
