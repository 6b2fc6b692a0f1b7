"""Round-robins: every entrant against every other, seats rotated, seeded and repeatable.

`round_robin(game, entrants, players=..., games=..., seed=...)` plays each lineup with the engine's
`simulate` (seats rotated, so no bot keeps the first seat) and returns a `RoundRobin`: one row per
bot and lineup with its wins, games, win rate and Wilson 95% interval (`play.wilson`), a plain-text
form (``print``), an HTML table (``_repr_html_``, for notebooks) and a plot (`RoundRobin.plot`).

Lineups (``lineups=``):

- ``"duels"`` (the default): each entrant alone against ``players - 1`` copies of each other one
  (at two players: each pair once).  The entrant's fair share is ``1 / players``.
- ``"mixed"``: every set of ``players`` different entrants at one table.
- or the lineups themselves, as tuples of entrant names (one per seat).

A game's win is split among those tied on top (issue 31): a bot alone on top wins the game, two
bots sharing the top score win half of it each, ``k`` bots ``1/k`` each.  So the bots' wins in a
lineup add up to its games, the fair share is exactly ``1 / players``, and a bot against copies of
itself wins its fair share on average: its verdict is "not clear", never "below" (a lineup that
seats one entrant in every seat gets one row, "itself", whose share is exactly the fair share).
``wins`` are these shares; ``alone`` counts the games a bot won alone and ``shared`` those whose
top score it shared (the stored ``tops`` say with how many).

Lineup ``L`` is seeded from ``seed`` and the names in ``L`` alone, so adding an entrant adds rows
without changing the others; ``workers=N`` spreads the games over N processes (one pool for the
whole round-robin) with the same results as one process.
"""

from __future__ import annotations

import copy
import dataclasses
import html
import importlib
import importlib.util
import itertools
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import Executor

from .bots import Bot
from .play import SimulationResult, effective_workers, simulate, wilson
from .registry import game_module, load_game

__all__ = ["round_robin", "RoundRobin", "Lineup", "lineup_from_tops"]

Entrant = Callable[[], Bot] | Bot
"""A zero-argument factory of a bot (a bot class, ``functools.partial(ExpertBot, samples=8)``)
or a bot object (copied for each seat)."""


@dataclass(frozen=True)
class Lineup:
    """One table of a round-robin: the entrants by seat (before rotation) and how each did."""

    seats: tuple[str, ...]
    games: int
    wins: tuple[int, ...]     # games the bot of each seat won alone
    shared: tuple[int, ...]   # games whose top score it shared with another seat
    tops: tuple[str, ...] = ()  # game by game, the seats on top ("0", "12"; "" if nobody won)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def points(self) -> tuple[float, ...]:
        """Each seat's wins with ties split: a game won alone counts 1, a top shared by ``k``
        seats ``1/k`` to each (from `tops`; a lineup made without them counts each shared top
        as split between two)."""
        if not self.tops and any(self.shared):
            return tuple(w + s / 2 for w, s in zip(self.wins, self.shared))
        points = [0.0] * len(self.seats)
        for top in self.tops:
            for seat in map(int, top):
                points[seat] += 1 / len(top)
        return tuple(points) if self.tops else tuple(map(float, self.wins))

    @property
    def alone(self) -> bool:
        """Whether one entrant holds every seat (a bot against copies of itself)."""
        return len(set(self.seats)) == 1

    def against(self, seat: int) -> str:
        """The other seats' entrants, in words ("counting", "2 × counting", "cautious, random")."""
        others = [name for i, name in enumerate(self.seats) if i != seat]
        if len(set(others)) == 1 and len(others) > 1:
            return f"{len(others)} × {others[0]}"
        return ", ".join(others)

    def rate(self, seat: int, z: float = 1.96) -> tuple[float, float, float]:
        """The win rate of the bot in ``seat`` (ties split) and its Wilson interval."""
        return wilson(self.points[seat], self.games, z)

    def itself(self, z: float = 1.96) -> tuple[float, float, float]:
        """A bot against copies of itself (`alone`): its mean share over the seats, exactly the
        fair share whenever every game has someone on top, and that share's interval."""
        return wilson(sum(self.points) / self.players, self.games, z)


@dataclass
class RoundRobin:
    """The results of `round_robin`: one `Lineup` per table played."""

    game: str
    players: int
    entrants: tuple[str, ...]
    lineups: list[Lineup] = field(default_factory=list)
    seconds: float = 0.0
    only: str | None = None  # show only this entrant's rows (`of`)

    @property
    def fair_share(self) -> float:
        return 1 / self.players

    def _seats(self) -> Iterator[tuple[Lineup, int]]:
        """Every (lineup, seat) whose entrant sits alone in its lineup (in a duel of three, the one
        against two copies of the other)."""
        for lineup in self.lineups:
            for seat, name in enumerate(lineup.seats):
                if lineup.seats.count(name) == 1:
                    yield lineup, seat

    def rows(self, digits: int = 3) -> list[dict[str, Any]]:
        """One row per bot and lineup, grouped by bot in the order of the entrants: bot, against,
        wins (ties split), shared, games, win rate, 95% low and high, and the verdict against the
        fair share ("above", "below" or "not clear").  A lineup of one entrant in every seat is
        one row against "itself", always "not clear"."""
        found: list[tuple[Lineup, int]] = list(self._seats())
        found += [(lineup, -1) for lineup in self.lineups if lineup.alone]
        rows = []
        for lineup, seat in sorted(found, key=lambda pair: self._order(pair[0].seats[max(0, pair[1])])):
            if seat < 0:  # a bot against copies of itself: the mean over its seats
                rate, low, high = lineup.itself()
                rows.append({"bot": lineup.seats[0], "against": "itself",
                             "wins": _number(sum(lineup.points) / lineup.players, digits),
                             "shared": round(sum(lineup.shared) / lineup.players, digits),
                             "games": lineup.games, "win rate": round(rate, digits),
                             "95% low": round(low, digits), "95% high": round(high, digits),
                             "verdict": "not clear"})
                continue
            rate, low, high = lineup.rate(seat)
            rows.append({"bot": lineup.seats[seat], "against": lineup.against(seat),
                         "wins": _number(lineup.points[seat], digits), "shared": lineup.shared[seat],
                         "games": lineup.games, "win rate": round(rate, digits),
                         "95% low": round(low, digits), "95% high": round(high, digits),
                         "verdict": _verdict(low, high, self.fair_share)})
        return [row for row in rows if row["bot"] == self.only] if self.only is not None else rows

    def _order(self, name: str) -> int:
        return self.entrants.index(name) if name in self.entrants else len(self.entrants)

    def standings(self, digits: int = 3) -> list[dict[str, Any]]:
        """One row per entrant over all the lineups it sits in alone (as in `rows`), best first."""
        totals: dict[str, list[float]] = {name: [0.0, 0, 0] for name in self.entrants}
        for lineup, seat in self._seats():
            entry = totals[lineup.seats[seat]]
            entry[0] += lineup.points[seat]
            entry[1] += lineup.shared[seat]
            entry[2] += lineup.games
        rows = []
        for name, (wins, shared, games) in totals.items():
            rate, low, high = wilson(wins, int(games))
            rows.append({"bot": name, "wins": _number(wins, digits), "shared": int(shared),
                         "games": int(games),
                         "win rate": round(rate, digits), "95% low": round(low, digits),
                         "95% high": round(high, digits),
                         "verdict": _verdict(low, high, self.fair_share)})
        return sorted(rows, key=lambda r: (-r["win rate"], r["bot"]))

    def result(self, bot: str, against: str) -> tuple[float, float, float]:
        """``(win rate, 95% low, 95% high)`` of ``bot`` alone against ``against``: the other
        entrant of a duel, or `Lineup.against`'s words for a mixed table ("cautious, random")."""
        for lineup, seat in self._seats():
            others = set(lineup.seats) - {bot}
            if lineup.seats[seat] == bot and (others == {against} or lineup.against(seat) == against):
                return lineup.rate(seat)
        raise KeyError(f"no lineup of {bot!r} alone against {against!r} in this round-robin.")

    def including(self, bot: str) -> RoundRobin:
        """The same table with only the lineups ``bot`` sits in."""
        return RoundRobin(self.game, self.players, self.entrants,
                          [lineup for lineup in self.lineups if bot in lineup.seats], self.seconds)

    def of(self, bot: str) -> RoundRobin:
        """The lineups ``bot`` sits in, showing only its own rows (one a lineup: with many mixed
        lineups, the others' rows against it would say the same again, from the other side)."""
        return dataclasses.replace(self.including(bot), only=bot)

    def beats(self, bot: str, against: str) -> bool:
        """Whether ``bot``'s interval against ``against`` lies wholly above the fair share."""
        return self.result(bot, against)[1] > self.fair_share

    # --- storing it ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The table as plain JSON data: each lineup's seats and who was on top in each game (one
        word a game, the seats on top, ``-`` for nobody)."""
        return {"game": self.game, "players": self.players, "entrants": list(self.entrants),
                "seconds": round(self.seconds, 1),
                "lineups": [{"seats": list(lineup.seats), "tops": " ".join(top or "-" for top in lineup.tops)}
                            for lineup in self.lineups]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundRobin:
        """The table `to_json` stored."""
        return cls(data["game"], data["players"], tuple(data["entrants"]),
                   [lineup_from_tops(lineup["seats"], [top.strip("-") for top in lineup["tops"].split()])
                    for lineup in data["lineups"]],
                   data.get("seconds", 0.0))

    # --- showing it ------------------------------------------------------------------------
    def _title(self) -> str:
        games = sorted({lineup.games for lineup in self.lineups})
        each = f"{games[0]} games" if len(games) == 1 else f"{games[0]}-{games[-1]} games"
        return (f"{self.game}, {self.players} players: {each} a lineup, seats rotated; "
                f"a tied win split; fair share {self.fair_share:.3f}")

    def __str__(self) -> str:
        header = ("bot", "against", "wins", "shared", "games", "win rate", "95% interval", "verdict")
        lines = [[r["bot"], r["against"], f"{r['wins']:g}", f"{r['shared']:g}", str(r["games"]),
                  f"{r['win rate']:.3f}", f"{r['95% low']:.3f}-{r['95% high']:.3f}", r["verdict"]]
                 for r in self.rows()]
        widths = [max(len(h), *(len(line[i]) for line in lines)) if lines else len(h)
                  for i, h in enumerate(header)]
        numeric = {2, 3, 4, 5}

        def fmt(cells: Sequence[str]) -> str:
            return "  ".join(c.rjust(w) if i in numeric else c.ljust(w)
                             for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

        return "\n".join([self._title(), fmt(header), *(fmt(line) for line in lines)])

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        head = "".join(f"<th scope='col'>{h}</th>" for h in (
            "bot", "against", "wins", "shared", "games", "win rate", "95% interval", "verdict"))
        body = []
        for r in self.rows():
            mark = {"above": "▲ above", "below": "▼ below", "not clear": "● not clear"}[r["verdict"]]
            cells = [f"<th scope='row' style='text-align:left'>{html.escape(r['bot'])}</th>",
                     f"<td style='text-align:left'>{html.escape(r['against'])}</td>",
                     *(f"<td>{r[k]}</td>" for k in ("wins", "shared", "games")),
                     f"<td>{r['win rate']:.3f}</td>",
                     f"<td>{r['95% low']:.3f} – {r['95% high']:.3f}</td>",
                     f"<td style='text-align:left'>{mark} fair share</td>"]
            body.append("<tr>" + "".join(cells) + "</tr>")
        return (f"<table style='font-size:13px'><caption style='text-align:left'>"
                f"{html.escape(self._title())}</caption><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table>")

    def plot(self, ax: Any = None) -> Any:
        """Each row's win rate with its 95% interval, and the fair share as a dashed line
        (needs matplotlib).  Returns the axes."""
        import matplotlib.pyplot as plt

        rows = self.rows()
        if ax is None:
            _, ax = plt.subplots(figsize=(7, 0.32 * len(rows) + 1.2))
        labels = [f"{r['bot']} vs {r['against']}" for r in rows]
        ys = list(range(len(rows)))[::-1]
        rates = [r["win rate"] for r in rows]
        errors = [[r["win rate"] - r["95% low"] for r in rows], [r["95% high"] - r["win rate"] for r in rows]]
        markers = {"above": "^", "below": "v", "not clear": "o"}  # the verdict by shape, not colour alone
        for y, rate, row, low, high in zip(ys, rates, rows, *errors):
            ax.errorbar(rate, y, xerr=[[low], [high]], fmt=markers[row["verdict"]], color="#0072B2",
                        ecolor="#555555", capsize=3)
        ax.axvline(self.fair_share, color="#D55E00", linestyle="--", label="fair share")
        ax.set_yticks(ys, labels, fontsize=9)
        ax.set_xlim(-0.02, 1.02)  # a marker at 0 or 1 shows whole
        ax.set_xlabel("win rate (a tied win split) with 95% interval")
        ax.set_title(self._title(), fontsize=10)
        ax.legend(loc="best", fontsize=9)
        return ax


def _number(value: float, digits: int) -> float | int:
    """A count of wins: whole when it is (ties split can make halves and thirds)."""
    return int(value) if value == int(value) else round(value, digits)


def _verdict(low: float, high: float, fair: float) -> str:
    if low > fair:
        return "above"
    if high < fair:
        return "below"
    return "not clear"


# --- playing it ------------------------------------------------------------------------------
def round_robin(game: str | Any, entrants: Sequence[str] | Mapping[str, Entrant], *,
                players: int | None = None, games: int = 100, seed: int | str = 0,
                lineups: str | Sequence[Sequence[str]] = "duels", workers: int | None = None,
                progress: bool = True, **params: Any) -> RoundRobin:
    """Play a round-robin of ``entrants`` at ``game`` and return its `RoundRobin` table.

    ``game`` is a game's name (with its parameters as keyword arguments, e.g. ``variation=True``)
    or a game object.  ``entrants`` are names of the game's bots and simple policies (its
    ``registry.BOTS`` and ``policies.POLICIES``) or a mapping of names to bot factories or bots.
    ``players`` defaults to the game's.  Each lineup plays ``games`` games (make it a multiple of
    ``players``, so each bot sits in each seat equally often).  ``progress`` shows a bar once
    the round-robin has run for two seconds.
    """
    if isinstance(game, str):
        if players is not None:
            params["players"] = players
        game = load_game(game, **params)
    elif params or (players is not None and players != game.players):
        raise ValueError("give the game's parameters either in the game object or as keywords, not both.")
    players = game.players
    makers = _entrants(game.name, entrants)
    tables = _lineups(list(makers), players, lineups)
    result = RoundRobin(game.name, players, tuple(makers))
    bar: Any = None
    if progress:
        from tqdm.auto import tqdm  # headless; a widget bar in a notebook

        bar = tqdm(total=games * len(tables), desc=f"round-robin ({game.name})", unit=" games",
                   delay=2, leave=False)
    started = time.perf_counter()

    def play(seats: tuple[str, ...], executor: Executor | None) -> Lineup:
        bots = [_bot(makers[name]) for name in seats]
        simulated = simulate(game, games, bots, seed=f"{seed}/{'+'.join(seats)}", progress=False,
                             rotate_seats=True, workers=workers if executor is not None else None,
                             executor=executor)
        return _lineup(seats, simulated)

    workers = effective_workers(workers)
    try:
        if workers is None or workers == 1:
            for seats in tables:
                result.lineups.append(play(seats, None))
                if bar is not None:
                    bar.update(games)
        else:
            # one pool for every lineup; a thread per worker keeps lineups in flight, so no worker
            # waits for the slowest chunk of a lineup before the next starts (the bar is updated
            # here, in the caller's thread, as each lineup ends)
            from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor, as_completed

            done: list[Lineup | None] = [None] * len(tables)
            with ProcessPoolExecutor(workers) as pool, ThreadPoolExecutor(workers) as threads:
                futures = {threads.submit(play, seats, pool): index for index, seats in enumerate(tables)}
                for future in as_completed(futures):
                    done[futures[future]] = future.result()
                    if bar is not None:
                        bar.update(games)
            result.lineups = [lineup for lineup in done if lineup is not None]
    finally:
        if bar is not None:
            bar.close()
    result.seconds = time.perf_counter() - started
    return result


def _entrants(game_name: str, entrants: Sequence[str] | Mapping[str, Entrant]) -> dict[str, Entrant]:
    """Entrant names -> factories or bots; names alone are looked up in the game's ``BOTS``."""
    if isinstance(entrants, str):
        raise TypeError("entrants must be a list of bot names or a dict of name -> bot, not a string.")
    if isinstance(entrants, Mapping):
        makers = dict(entrants)
    else:
        known = _bots_of(game_name)
        unknown = [name for name in entrants if name not in known]
        if unknown:
            raise ValueError(f"unknown bot(s) {', '.join(map(repr, unknown))} for {game_name}; "
                             f"its bots: {', '.join(known)}.")
        makers = {name: known[name] for name in entrants}
    if len(makers) < 2:
        raise ValueError("a round-robin needs at least two entrants.")
    if len(makers) != len(list(entrants)):
        raise ValueError("entrant names must differ.")
    return makers


def _bots_of(game_name: str) -> dict[str, Entrant]:
    """The game's bots (``registry.BOTS``) and its simple policies (``policies.POLICIES``, if any)."""
    package = game_module(game_name).__name__.rpartition(".")[0]
    known = dict(importlib.import_module(f"{package}.registry").BOTS)
    if importlib.util.find_spec(f"{package}.policies") is not None:
        known.update(importlib.import_module(f"{package}.policies").POLICIES)
    return known


def _bot(entrant: Entrant) -> Bot:
    """A fresh bot for one seat: a factory is called, a bot object copied (bots may remember)."""
    if hasattr(entrant, "choose") and not isinstance(entrant, type):
        return copy.deepcopy(entrant)  # type: ignore[return-value]
    return entrant()


def _lineups(names: list[str], players: int, lineups: str | Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    if lineups == "duels":
        if players == 2:
            return [(a, b) for a, b in itertools.combinations(names, 2)]
        return [(a,) + (b,) * (players - 1) for a, b in itertools.permutations(names, 2)]
    if lineups == "mixed":
        if len(names) < players:
            raise ValueError(f"mixed lineups need at least {players} entrants, not {len(names)}.")
        return list(itertools.combinations(names, players))
    if isinstance(lineups, str):
        raise ValueError(f"lineups must be 'duels', 'mixed' or a list of lineups, not {lineups!r}.")
    tables = [tuple(lineup) for lineup in lineups]
    for lineup in tables:
        if len(lineup) != players or any(name not in names for name in lineup):
            raise ValueError(f"each lineup names {players} entrants from {', '.join(names)}; "
                             f"got {lineup!r}.")
    return tables


def _lineup(seats: tuple[str, ...], simulated: SimulationResult) -> Lineup:
    """Wins alone and shared tops per seat (``simulate`` reports by bot position, rotation undone)."""
    tops = tuple("".join(str(seat) for seat, won in enumerate(record.returns) if won)
                 for record in simulated.records)
    return lineup_from_tops(seats, tops)


def lineup_from_tops(seats: Sequence[str], tops: Sequence[str]) -> Lineup:
    """A `Lineup` from who was on top in each game (``Lineup.tops``): one seat on top wins it
    alone, several share it (and split it, `Lineup.points`)."""
    wins = [0] * len(seats)
    shared = [0] * len(seats)
    for top in tops:
        for seat in map(int, top):
            if len(top) == 1:
                wins[seat] += 1
            else:
                shared[seat] += 1
    return Lineup(tuple(seats), len(tops), tuple(wins), tuple(shared), tuple(tops))
