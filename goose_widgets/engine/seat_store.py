"""Who has the advantage: the seats (issue 31).  Seat effects measured with alike bots in fixed
seats, stored with the call that measures them again, ready for a notebook to show.

A round-robin rotates the seats so that a seat's advantage cancels out; here the seats stay put
and every seat holds the same bot, so what differs between the seats is the seat alone: the
player who moves first or second, the dealer.  Each game's top is stored (as `tournament.Lineup`
stores it: the seats on top, game by game), and a tied win is split.

    python -m goose_widgets.engine.seat_store                      # print the stored effects
    python -m goose_widgets.engine.seat_store --regenerate boo     # measure them again

`SPECS` says what is measured; `load` reads the stored tables back as `SeatTable`s, and the expert's
own round-robin rows by seat come from its stored table (`by_seat`: the seats were rotated game by
game, so the seat of every game is known).
"""

from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .play import simulate, wilson
from .registry import game_module, load_game
from .tournament import RoundRobin, _bots_of

SEED = "seats"

SPECS: dict[str, list[dict[str, Any]]] = {
    "boo_to_the_goose": [{"bot": "counting", "players": n, "games": 2000, "params": {}}
                         for n in (2, 3, 4, 5)],
    # one round: the dealer (the last seat, S3) is the same seat throughout
    "sneaky_goose": [{"bot": "memory", "players": n, "games": 1500, "params": {"rounds": 1}} for n in (2, 3)],
    "boo": [{"bot": "greedy", "players": 2, "games": 1000, "params": {}},
            {"bot": "lookahead", "players": 2, "games": 200, "params": {}}],
}
"""Per game: which bot sits in every seat, at how many players, how many games, the game's
parameters."""

SEAT_NAMES = {"boo": ("Black (moves first)", "White (moves second)"),
              "sneaky_goose": None, "boo_to_the_goose": None}
"""Names for the seats, where the game has them (else "seat 1", "seat 2", ...; Sneaky Goose's
last seat is the dealer)."""


@dataclass(frozen=True)
class SeatTable:
    """Games of one bot in every seat, seats fixed: who was on top, game by game."""

    game: str
    bot: str
    players: int
    tops: tuple[str, ...]
    params: Mapping[str, Any]

    @property
    def games(self) -> int:
        return len(self.tops)

    def seat_name(self, seat: int) -> str:
        names = SEAT_NAMES.get(self.game)
        if names is not None:
            return names[seat]
        if self.game == "sneaky_goose" and seat == self.players - 1:
            return f"seat {seat + 1} (the dealer, last to move)"
        return f"seat {seat + 1}" + (" (moves first)" if seat == 0 else "")

    def shares(self) -> list[float]:
        """Each seat's wins, a tied win split."""
        points = [0.0] * self.players
        for top in self.tops:
            for seat in map(int, top):
                points[seat] += 1 / len(top)
        return points

    def rows(self, digits: int = 3) -> list[dict[str, Any]]:
        """One row per seat: wins (ties split), win rate, 95% interval, and whether the seat is
        above, below its fair share or not clearly either."""
        fair = 1 / self.players
        rows = []
        for seat, wins in enumerate(self.shares()):
            rate, low, high = wilson(wins, self.games)
            verdict = "above" if low > fair else "below" if high < fair else "not clear"
            rows.append({"seat": self.seat_name(seat), "wins": round(wins, 1), "games": self.games,
                         "win rate": round(rate, digits), "95% low": round(low, digits),
                         "95% high": round(high, digits), "verdict": verdict})
        return rows

    def __str__(self) -> str:
        lines = [f"{self.game}, {self.players} players, {self.bot} in every seat, seats fixed: "
                 f"{self.games} games; fair share {1 / self.players:.3f}"]
        width = max(len(r["seat"]) for r in self.rows())
        for r in self.rows():
            lines.append(f"  {r['seat']:<{width}}  {r['wins']:>7g} wins  {r['win rate']:.3f} "
                         f"({r['95% low']:.3f}-{r['95% high']:.3f})  {r['verdict']}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)


def measure(game: str, spec: Mapping[str, Any], games: int | None = None, workers: int | None = None,
            progress: bool = False) -> SeatTable:
    """Play ``spec``'s games (its first ``games``), seats fixed, and return their table."""
    played = load_game(game, players=spec["players"], **spec["params"])
    make = _bots_of(game)[spec["bot"]]
    bots = [make() for _ in range(spec["players"])]  # type: ignore[operator]
    result = simulate(played, games or spec["games"], bots, seed=f"{SEED}/{spec['bot']}",
                      progress=progress, workers=workers)
    tops = tuple("".join(str(seat) for seat, won in enumerate(record.returns) if won)
                 for record in result.records)
    return SeatTable(game, spec["bot"], spec["players"], tops, dict(spec["params"]))


def path(game: str) -> Path:
    """Where ``game``'s stored seat effects are: ``seat_effects.json`` in its package."""
    package = importlib.import_module(game_module(game).__name__.rpartition(".")[0])
    return Path(package.__file__ or "").with_name("seat_effects.json")


@cache
def load(game: str) -> list[SeatTable]:
    """``game``'s stored seat tables, in the order of its `SPECS`."""
    data = json.loads(path(game).read_text(encoding="utf-8"))
    return [SeatTable(game, t["bot"], t["players"], tuple(top.strip("-") for top in t["tops"].split()),
                      t["params"]) for t in data["tables"]]


def regenerate(game: str, workers: int | None = None) -> None:
    tables = []
    for spec in SPECS[game]:
        table = measure(game, spec, workers=workers, progress=True)
        print(table, "\n", flush=True)
        tables.append({"bot": table.bot, "players": table.players, "params": dict(table.params),
                       "tops": " ".join(top or "-" for top in table.tops)})
    about = (f"Seat effects of {game}: one bot in every seat, seats fixed (goose_widgets.engine.seat_store; "
             f"regenerate with: python -m goose_widgets.engine.seat_store --regenerate {game}).")
    path(game).write_text(json.dumps({"about": about, "tables": tables}, indent=1) + "\n", encoding="utf-8")
    load.cache_clear()


def replay(game: str, index: int, games: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The first ``games`` games of the stored table ``index``, as stored and played again."""
    stored = load(game)[index]
    again = measure(game, SPECS[game][index], games=games)
    return stored.tops[:games], again.tops


def by_seat(table: RoundRobin, bot: str, digits: int = 3) -> list[dict[str, Any]]:
    """``bot``'s rows of a stored round-robin split by the seat it sat in: in game ``i`` of a
    lineup the bots sat ``i % players`` seats on (`play.simulate`'s rotation), so the seat of
    every game is known.  One row per lineup it sits in alone and seat."""
    rows = []
    for lineup in table.lineups:
        if lineup.seats.count(bot) != 1:
            continue
        position = lineup.seats.index(bot)
        players = lineup.players
        for seat in range(players):
            wins, games = 0.0, 0
            for index, top in enumerate(lineup.tops):
                if (position + index) % players != seat:
                    continue
                games += 1
                if str(position) in top:
                    wins += 1 / len(top)
            rate, low, high = wilson(wins, games)
            rows.append({"bot": bot, "against": lineup.against(position), "seat": seat + 1,
                         "wins": round(wins, 1), "games": games, "win rate": round(rate, digits),
                         "95% low": round(low, digits), "95% high": round(high, digits)})
    return rows


def by_seat_text(table: RoundRobin, bot: str) -> str:
    """`by_seat` as a plain-text table."""
    lines = [f"{table.game}, {table.players} players: {bot} by the seat it sat in (a tied win split; "
             f"fair share {table.fair_share:.3f})"]
    rows = by_seat(table, bot)
    width = max([7, *(len(r["against"]) for r in rows)])
    lines.append(f"{'against':<{width}}  seat     wins  games  win rate  95% interval")
    for r in rows:
        lines.append(f"{r['against']:<{width}}  {r['seat']:>4}  {r['wins']:>7g}  {r['games']:>5}  "
                     f"{r['win rate']:>8.3f}  {r['95% low']:.3f}-{r['95% high']:.3f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m goose_widgets.engine.seat_store",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", default=list(SPECS), help="games (default: all)")
    parser.add_argument("--regenerate", action="store_true", help="measure again and store")
    parser.add_argument("--workers", type=int, help="processes to play on (the same results as one)")
    args = parser.parse_args(argv)
    for game in args.games:
        if args.regenerate:
            regenerate(game, args.workers)
        else:
            for table in load(game):
                print(table, "\n")


if __name__ == "__main__":
    main()
