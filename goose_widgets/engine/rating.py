"""One rating across every bot and policy of a game, from all the games they played (issue 31).

A round-robin is a matrix: one row per pair of bots, hard to read at a glance.  A rating puts every
bot on one line.  Here it is the Bradley-Terry model: bot ``a`` has a strength ``s_a``, and in a
game between ``a`` and ``b`` it finishes above ``b`` with chance ``s_a / (s_a + s_b)``.  The
strengths that make the games played most likely are found by Hunter's MM iteration (2004), and
shown as Elo-like points, ``400 log10 s`` (100 points: a 64% chance against the other; 200
points: 76%), the field's mean at 1000.

How games become comparisons: in every game, each pair of seats held by different entrants is one
comparison; the one on top beats the other, and two both on top (a tied win) or both not on top
score half each.  So a tied win splits, as everywhere (`tournament`).  In a game of ``k`` players
each pair counts ``1 / (k - 1)`` of a game, so that every game weighs the same for each bot.

The 95% intervals come from the model's information matrix (the curvature of its log-likelihood),
the ratings' mean held at 1000.  They are narrower than a bot's own win-rate interval because
they pool every game it played.

A rating cannot show a cycle: if always fox beats counting, counting beats random and random beats
always fox, some pair must be out of order.  `Rating.cycles` lists, explicitly, every three bots
whose direct results (each clear on its own, the 95% interval of the share wholly on one side of
a half) go round in a circle, and `Rating.upsets` every clear direct result that goes against the
rating's order.
"""

from __future__ import annotations

import html
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .play import wilson
from .tournament import Lineup, RoundRobin

__all__ = ["rate", "Rating", "comparisons"]

_SCALE = 400 / math.log(10)  # Elo points per unit of log-strength
_MEAN = 1000.0


def comparisons(lineups: Iterable[Lineup]) -> dict[tuple[str, str], list[float]]:
    """``{(a, b): [a's score, games]}`` for every ordered pair of different entrants, over every
    game of ``lineups`` (see the module docstring for how a game counts)."""
    table: dict[tuple[str, str], list[float]] = {}
    for lineup in lineups:
        weight = 1 / (lineup.players - 1)
        for top in lineup.tops:
            for i, j in itertools.combinations(range(lineup.players), 2):
                a, b = lineup.seats[i], lineup.seats[j]
                if a == b:
                    continue
                won_a, won_b = str(i) in top, str(j) in top
                score = 1.0 if won_a and not won_b else 0.0 if won_b and not won_a else 0.5
                for first, second, points in ((a, b, score), (b, a, 1 - score)):
                    entry = table.setdefault((first, second), [0.0, 0.0])
                    entry[0] += weight * points
                    entry[1] += weight
    return table


@dataclass
class Rating:
    """Bradley-Terry ratings of a game's bots, with 95% intervals (see the module docstring)."""

    title: str
    points: dict[str, float]
    errors: dict[str, float]
    games: dict[str, float]
    pairs: dict[tuple[str, str], list[float]] = field(default_factory=dict)

    def rows(self, digits: int = 0) -> list[dict[str, Any]]:
        """One row per bot, the strongest first: rating, 95% low and high, games counted."""
        rows = []
        for name in sorted(self.points, key=lambda n: (-self.points[n], n)):
            rating, error = self.points[name], self.errors[name]
            rows.append({"bot": name, "rating": round(rating, digits or None),
                         "95% low": round(rating - 1.96 * error, digits or None),
                         "95% high": round(rating + 1.96 * error, digits or None),
                         "games": round(self.games[name], 1)})
        return rows

    def expected(self, a: str, b: str) -> float:
        """The model's chance that ``a`` finishes above ``b`` in a game between them."""
        return 1 / (1 + 10 ** ((self.points[b] - self.points[a]) / 400))

    def direct(self, a: str, b: str) -> tuple[float, float, float] | None:
        """``a``'s share of its comparisons with ``b`` and its 95% interval, or None if they never met."""
        entry = self.pairs.get((a, b))
        if entry is None or not entry[1]:
            return None
        return wilson(entry[0], max(1, round(entry[1])))

    def _beats(self, a: str, b: str) -> bool:
        found = self.direct(a, b)
        return found is not None and found[1] > 0.5

    def upsets(self) -> list[tuple[str, str]]:
        """``(a, b)``: ``a`` clearly beat ``b`` in their own games though the rating puts ``b``
        above ``a``."""
        return [(a, b) for a, b in itertools.permutations(self.points, 2)
                if self._beats(a, b) and self.points[b] > self.points[a]]

    def cycles(self) -> list[tuple[str, str, str]]:
        """Every three bots ``(a, b, c)`` with ``a`` clearly beating ``b``, ``b`` clearly beating
        ``c`` and ``c`` clearly beating ``a`` (each cycle once, from its highest-rated bot)."""
        def first(name: str) -> tuple[float, str]:
            return -self.points[name], name

        found = []
        for a, b, c in itertools.permutations(self.points, 3):
            if self._beats(a, b) and self._beats(b, c) and self._beats(c, a) \
                    and first(a) < min(first(b), first(c)):
                found.append((a, b, c))
        return found

    def __str__(self) -> str:
        rows = self.rows()
        width = max([3, *(len(r["bot"]) for r in rows)])
        lines = [self.title, f"{'bot':<{width}}  rating  95% interval   games"]
        for r in rows:
            interval = f"{r['95% low']:>5.0f}-{r['95% high']:<5.0f}"
            lines.append(f"{r['bot']:<{width}}  {r['rating']:>6.0f}  {interval}  {r['games']:>7.0f}")
        lines += [self._cycle_text(cycle) for cycle in self.cycles()]
        return "\n".join(lines)

    @staticmethod
    def _cycle_text(cycle: tuple[str, str, str]) -> str:
        a, b, c = cycle
        return f"a cycle: {a} beats {b}, {b} beats {c}, {c} beats {a} (no rating can show it)"

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><th scope='row' style='text-align:left'>{html.escape(r['bot'])}</th>"
            f"<td>{r['rating']:.0f}</td><td>{r['95% low']:.0f} – {r['95% high']:.0f}</td>"
            f"<td>{r['games']:.0f}</td></tr>" for r in self.rows())
        notes = "".join(f"<p>{html.escape(self._cycle_text(cycle))}</p>" for cycle in self.cycles())
        return (f"<table style='font-size:13px'><caption style='text-align:left'>{html.escape(self.title)}"
                "</caption><thead><tr><th scope='col'>bot</th><th scope='col'>rating</th>"
                "<th scope='col'>95% interval</th><th scope='col'>games</th></tr></thead>"
                f"<tbody>{body}</tbody></table>{notes}")

    def plot(self, ax: Any = None) -> Any:
        """Each bot's rating with its 95% interval, the strongest on top (needs matplotlib)."""
        import matplotlib.pyplot as plt

        rows = self.rows()
        if ax is None:
            _, ax = plt.subplots(figsize=(6, 0.35 * len(rows) + 1.2))
        ys = list(range(len(rows)))[::-1]
        for y, r in zip(ys, rows):
            ax.errorbar(r["rating"], y, xerr=[[r["rating"] - r["95% low"]], [r["95% high"] - r["rating"]]],
                        fmt="o", color="#0072B2", ecolor="#555555", capsize=3)
        ax.axvline(_MEAN, color="#D55E00", linestyle="--", label="the field's mean")
        ax.set_yticks(ys, [r["bot"] for r in rows], fontsize=9)
        ax.set_xlabel("rating (Bradley-Terry, Elo points) with 95% interval")
        ax.set_title(self.title, fontsize=10)
        ax.legend(loc="best", fontsize=9)
        return ax


def rate(*sources: RoundRobin | Iterable[Lineup], title: str | None = None,
         iterations: int = 10_000) -> Rating:
    """The Bradley-Terry rating of every entrant of ``sources`` (round-robins, or lineups with
    their ``tops``), from all their games together."""
    lineups: list[Lineup] = []
    names: list[str] = []
    for source in sources:
        found = source.lineups if isinstance(source, RoundRobin) else list(source)
        lineups += found
        for lineup in found:
            names += [name for name in lineup.seats if name not in names]
    if title is None:
        tables = [s for s in sources if isinstance(s, RoundRobin)]
        counts = "/".join(sorted({str(t.players) for t in tables}))
        title = (f"{tables[0].game}, {counts} players: one rating from every game played, a tied win split"
                 if tables else "one rating from every game played, a tied win split")
    pairs = comparisons(lineups)
    strengths = _fit(names, pairs, iterations)
    logs = {name: math.log(strengths[name]) for name in names}
    mean = sum(logs.values()) / len(logs)
    errors = _errors(names, pairs, strengths)
    played = {name: sum(n for (a, _), (_, n) in pairs.items() if a == name) for name in names}
    return Rating(title, {name: _MEAN + _SCALE * (logs[name] - mean) for name in names},
                  {name: _SCALE * errors[name] for name in names}, played, pairs)


def _fit(names: Sequence[str], pairs: Mapping[tuple[str, str], list[float]],
         iterations: int) -> dict[str, float]:
    """Hunter's MM iteration for the Bradley-Terry strengths; half a game of draw against every
    other entrant (a weak prior) keeps a bot that won or lost everything finite."""
    prior = 0.5
    strengths = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        changed = 0.0
        for a in names:
            wins = sum(pairs.get((a, b), (0.0, 0.0))[0] + prior / 2 for b in names if b != a)
            denominator = sum((pairs.get((a, b), (0.0, 0.0))[1] + prior) / (strengths[a] + strengths[b])
                              for b in names if b != a)
            new = wins / denominator
            changed = max(changed, abs(math.log(new / strengths[a])))
            strengths[a] = new
        scale = math.exp(sum(math.log(s) for s in strengths.values()) / len(names))
        strengths = {name: s / scale for name, s in strengths.items()}
        if changed < 1e-10:
            break
    return strengths


def _errors(names: Sequence[str], pairs: Mapping[tuple[str, str], list[float]],
            strengths: Mapping[str, float]) -> dict[str, float]:
    """Standard errors of the log-strengths from the information matrix, with their mean fixed:
    the diagonal of the pseudo-inverse of the Laplacian-like matrix of ``n p (1 - p)``."""
    import numpy as np

    index = {name: i for i, name in enumerate(names)}
    info = np.zeros((len(names), len(names)))
    for (a, b), (_, games) in pairs.items():
        if index[a] < index[b]:
            p = strengths[a] / (strengths[a] + strengths[b])
            weight = games * p * (1 - p)
            i, j = index[a], index[b]
            info[i, i] += weight
            info[j, j] += weight
            info[i, j] -= weight
            info[j, i] -= weight
    covariance = np.linalg.pinv(info)
    return {name: float(math.sqrt(max(0.0, covariance[i, i]))) for name, i in index.items()}
