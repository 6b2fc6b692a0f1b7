"""Round-robins too slow for a notebook cell (the expert bots' duels), stored with the call that
reproduces them, and the command that plays them again.

    python -m goose_widgets.engine.round_robin_store                        # print the stored tables
    python -m goose_widgets.engine.round_robin_store --regenerate boo       # play them again (minutes)
    python -m goose_widgets.engine.round_robin_store --regenerate sneaky_goose --players 3

`SPECS` says, per game, which tables to play: how many games a lineup and the game's parameters.
A table holds the duels of every bot and policy of the game (its ``BOTS`` and ``POLICIES``; at
three players, each alone against two copies of each other), but the expert only ever alone (two
experts at a table of three would cost much and say little).  The tables are stored in
``round_robins.json`` beside the game's module, with who was on top in every game
(`tournament.Lineup.tops`).  The same lineups played with `tournament.round_robin` (the same
seed, games and parameters) give the same rows: a notebook plays the fast ones itself and shows
that they match.

Game ``i`` of a lineup is seeded from the seed, the lineup and ``i`` alone (`tournament.round_robin`),
so the first games of any lineup can be played again on their own: `replay` does, and a test
compares them with the stored record.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .registry import game_module
from .tournament import RoundRobin, _bots_of, _lineups, round_robin

EXPERT = "expert"
SEED = "round-robin"
PARTS = ("all", "expert", "rivals", "missing")

SPECS: dict[str, list[dict[str, Any]]] = {
    "boo_to_the_goose": [  # the course plays 2 to 5: the expert meets every lineup from 3 players on
        {"players": 2, "games": 300, "expert games": 600, "params": {}},
        {"players": 3, "games": 150, "expert games": 600, "mixed games": 300, "params": {}},
        {"players": 4, "games": 160, "expert games": 600, "mixed games": 200, "params": {}},
        {"players": 5, "games": 150, "expert games": 600, "mixed games": 150, "params": {}}],
    "sneaky_goose": [  # whole games (5 rounds): about 3 s of the expert's thinking each
        {"players": 2, "games": 60, "params": {},
         "expert games": {"random": 40, "memory": 100, "forgetful": 40, "draw and play": 40,
                          "closest policy": 100}},
        {"players": 3, "games": 45, "params": {}, "mixed games": 30,
         "expert games": {"random": 30, "memory": 90, "forgetful": 30, "draw and play": 30,
                          "closest policy": 90}}],
    "boo": [{"players": 2, "games": 60, "params": {},  # an expert's game: about 3 s of its thinking
             "expert games": {"random": 30, "greedy": 60, "lookahead": 300, "first placement": 30,
                              "closest policy": 60}}],
}
"""Per game, the stored tables: players, games a lineup of the rivals and of the expert (one number,
or one per rival: the expert's closest matches need more games to tell), and the game's other
parameters.  With "mixed games", the expert also meets every other lineup of the rivals (two
counting bots and an always fox, ...), that many games each: the course's claim is that no table
of its bots and policies has the expert clearly below its share."""


def path(game: str) -> Path:
    """Where ``game``'s stored round-robins are: ``round_robins.json`` in its package."""
    package = importlib.import_module(game_module(game).__name__.rpartition(".")[0])
    return Path(package.__file__ or "").with_name("round_robins.json")


def rivals(game: str) -> list[str]:
    """Every bot and policy of ``game`` but the expert, in the order the game lists them."""
    return [name for name in _bots_of(game) if name != EXPERT]


def lineups(players: int, names: Sequence[str], mixed: bool = False) -> list[tuple[str, ...]]:
    """The duels of the rivals ``names`` (as `round_robin` plays them), then the expert alone
    against ``players - 1`` copies of each rival, then (``mixed``) the expert against every other
    choice of ``players - 1`` rivals, repeats allowed, in the order of ``names``."""
    found = _lineups(list(names), players, "duels")
    found += [(EXPERT,) + (rival,) * (players - 1) for rival in names]
    if mixed:
        found += [(EXPERT, *others) for others in itertools.combinations_with_replacement(names, players - 1)
                  if len(set(others)) > 1]
    return found


def spec_lineups(game: str, spec: Mapping[str, Any]) -> list[tuple[str, ...]]:
    """Every lineup of the table ``spec`` of ``game``, in the stored order."""
    return lineups(spec["players"], rivals(game), mixed="mixed games" in spec)


def is_mixed(seats: Sequence[str]) -> bool:
    """Whether the expert's lineup ``seats`` holds more than one kind of rival."""
    return EXPERT in seats and len(set(seats) - {EXPERT}) > 1


def rival_table(game: str, players: int, progress: bool = True, workers: int | None = None) -> RoundRobin:
    """The stored table's duels of the rivals alone, played now (a notebook's cell): the same rows
    as the stored ones."""
    spec = spec_of(game, players)
    return round_robin(game, rivals(game), players=players, games=spec["games"], seed=SEED,
                       progress=progress, workers=workers, **spec["params"])


def play(game: str, spec: Mapping[str, Any], games: int | None = None,
         only: Sequence[tuple[str, ...]] | None = None, progress: bool = False,
         workers: int | None = None) -> RoundRobin:
    """Play the table ``spec`` of ``game`` (its first ``games`` games a lineup, and only the
    lineups ``only``, when given)."""
    names = rivals(game)
    tables = list(only) if only is not None else spec_lineups(game, spec)
    result = RoundRobin(game, spec["players"], (EXPERT, *names))
    by_games: dict[int, list[tuple[str, ...]]] = {}
    for seats in tables:
        by_games.setdefault(games or games_of(spec, seats), []).append(seats)
    for count, chosen in by_games.items():
        part = round_robin(game, [EXPERT, *names], players=spec["players"], seed=SEED, lineups=chosen,
                           games=count, progress=progress, workers=workers, **spec["params"])
        result.lineups += part.lineups
        result.seconds += part.seconds
    result.lineups.sort(key=lambda lineup: tables.index(lineup.seats))
    return result


def games_of(spec: Mapping[str, Any], seats: Sequence[str]) -> int:
    """The games the table ``spec`` plays with the lineup ``seats``: its "games" for the rivals'
    duels; its "expert games" (a number, or one per rival) for the expert's."""
    if EXPERT not in seats:
        return int(spec["games"])
    if is_mixed(seats):
        return int(spec["mixed games"])
    expert = spec["expert games"]
    return int(expert[seats[1]] if isinstance(expert, Mapping) else expert)


@cache
def _stored(game: str) -> dict[int, dict[str, Any]]:
    data = json.loads(path(game).read_text(encoding="utf-8"))
    return {table["players"]: table for table in data["tables"]}


def load(game: str) -> dict[int, RoundRobin]:
    """``game``'s stored round-robins by player count."""
    return {players: RoundRobin.from_json(table) for players, table in _stored(game).items()}


def spec_of(game: str, players: int) -> dict[str, Any]:
    for spec in SPECS[game]:
        if spec["players"] == players:
            return spec
    raise KeyError(f"no stored round-robin of {game} at {players} players.")


def replay(game: str, players: int, seats: tuple[str, ...],
           games: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The first ``games`` games of the stored lineup ``seats``, played again: ``(who was on top in
    each, as stored; as played now)``."""
    stored = next(lineup for lineup in load(game)[players].lineups if lineup.seats == seats)
    again = play(game, spec_of(game, players), games=games, only=[seats]).lineups[0]
    return stored.tops[:games], again.tops


def regenerate(game: str, players: Sequence[int] | None = None, workers: int | None = None,
               part: str = "all") -> None:
    """Play ``game``'s tables again (those at ``players``, or all) and store them.  With ``part``
    "expert" or "rivals", only the lineups with or without the expert are played again; with
    "missing", only those not stored yet (a new policy, a new table); the others are kept as
    stored (a change to the expert alone need not replay the rivals)."""
    if part not in PARTS:
        raise ValueError(f"part must be one of {', '.join(map(repr, PARTS))}, not {part!r}.")
    tables = dict(_stored(game)) if path(game).exists() else {}
    for spec in SPECS[game]:
        count = spec["players"]
        if players is not None and count not in players:
            continue
        wanted = spec_lineups(game, spec)
        stored = ({lineup.seats for lineup in RoundRobin.from_json(tables[count]).lineups}
                  if count in tables else set())
        again = [seats for seats in wanted if part == "all" or (part == "missing" and seats not in stored)
                 or (part in ("expert", "rivals") and (EXPERT in seats) == (part == "expert"))]
        table = play(game, spec, only=again, progress=True, workers=workers)
        print(table, f"\n({table.seconds:.0f} s)\n", flush=True)
        played = {lineup.seats: lineup for lineup in table.lineups}
        if count in tables and part != "all":
            kept = RoundRobin.from_json(tables[count])
            played = {lineup.seats: lineup for lineup in kept.lineups} | played
            table.seconds += kept.seconds
        missing = [seats for seats in wanted if seats not in played]
        if missing:  # stored as far as it goes: the tests say the table is not complete
            print(f"{game}, {count} players: not yet played: {missing}", flush=True)
        table.lineups = [played[seats] for seats in wanted if seats in played]
        tables[count] = {**table.to_json(), "params": spec["params"]}
    about = (f"The expert bot of {game} against every other bot and policy, seats rotated "
             f"(goose_widgets.engine.round_robin_store; regenerate with: python -m "
             f"goose_widgets.engine.round_robin_store --regenerate {game}).")
    text = json.dumps({"about": about, "tables": [tables[p] for p in sorted(tables)]}, indent=1)
    path(game).write_text(text + "\n", encoding="utf-8")
    _stored.cache_clear()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m goose_widgets.engine.round_robin_store",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", default=list(SPECS), help="games (default: all)")
    parser.add_argument("--regenerate", action="store_true", help="play the tables again and store them")
    parser.add_argument("--players", type=int, nargs="+", help="only the tables at these player counts")
    parser.add_argument("--workers", type=int, help="processes to play on (the same results as one)")
    parser.add_argument("--part", choices=PARTS, default="all",
                        help="play only the lineups with the expert, only those without it, or only "
                             "those not stored yet")
    args = parser.parse_args(argv)
    for game in args.games:
        if args.regenerate:
            regenerate(game, args.players, args.workers, args.part)
        else:
            for players, table in load(game).items():
                if args.players is None or players in args.players:
                    print(table, "\n")


if __name__ == "__main__":
    main()
