"""A learner's bot against the game's bots, game after game, until the verdict is clear.

A capstone's verdict reads *bars* (`Bar`): against each rival that sets one, the bot must clearly win
more than a share of the games (half, for "clearly beats"; less against a strong rival).  "Clearly"
is read on the one interval the report shows, Wilson's at 99% (`CLEAR_Z`) of the bot's share of
the games, a shared win counting as a share:

- the bar is **cleared** once the whole interval lies above the share;
- it is **missed** once the whole interval lies below the share plus `MARGIN` (a bot that is no
  better than the bar, or only a little, cannot clear it however long it plays);
- otherwise it is **open**, and the duel goes on, a batch of games at a time (seats rotated), up to
  its cap; a bar still open at the cap is "not decided yet", and more games can be played on.

So the verdict waits until the games decide it: the same bot gets the same verdict from one check
to the next (its seed is secret and new each time) in all but rare cases, and a bot near a bar is
told "not decided yet" rather than a verdict that a few games more would overturn.  The 99% interval
keeps the chance of a wrong decision small although the interval is looked at after every batch.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import mean_ci, playout, wilson

__all__ = ["CLEAR_Z", "MARGIN", "Bar", "Duel", "Standing", "interval"]

CLEAR_Z = 2.576  # the 99% interval: the one the report shows and the verdict reads
MARGIN = 0.1  # a bar is missed once the whole interval lies below its share plus this


def interval(wins: float, games: int) -> tuple[float, float, float]:
    """The share of the games won and its 99% Wilson interval."""
    return wilson(wins, games, CLEAR_Z)  # a tied win split: wins may be fractional


@dataclass(frozen=True)
class Bar:
    """Against ``rival`` the bot must clearly win more than ``above`` of the games; ``why`` says why
    this rival and this share (the capstone's text repeats it)."""

    rival: str
    above: float = 0.5
    why: str = ""

    def decide(self, wins: float, games: int) -> str:
        """``"cleared"``, ``"missed"`` or ``"open"`` (see the module docstring)."""
        if games == 0:
            return "open"
        _rate, low, high = interval(wins, games)
        if low > self.above:
            return "cleared"
        if high < self.above + MARGIN:
            return "missed"
        return "open"

    @property
    def goal(self) -> str:
        """What clearing it means, in words: "clearly beat the forgetful bot"."""
        if self.above == 0.5:
            return f"clearly beat the {self.rival} bot"
        return f"clearly win more than {self.above:.0%} of its games against the {self.rival} bot"


@dataclass(frozen=True)
class Standing:
    """The learner's bot against one rival: games, wins (a shared win as a share), the share won
    with its 99% interval, and mean scores with 95% intervals.  ``role`` says what the row decides;
    ``decided`` is the bar's state (``cleared``, ``missed``, ``open``) or "" for a comparison."""

    opponent: str
    games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    score: float
    score_low: float
    score_high: float
    opponent_score: float
    role: str = ""
    decided: str = ""

    def row(self) -> dict[str, Any]:
        wins = int(self.wins) if self.wins == int(self.wins) else round(self.wins, 1)
        return {"against": self.opponent, "games": self.games, "wins": wins,
                "win rate": round(self.win_rate, 3),
                "99% interval": f"{self.win_low:.3f} – {self.win_high:.3f}",
                "your mean score": round(self.score, 2),
                "score 95% interval": f"{self.score_low:.2f} – {self.score_high:.2f}",
                "their mean score": round(self.opponent_score, 2),
                "counts for": self.role + (f" ({self.decided})" if self.decided else "")}


@dataclass
class Duel:
    """The games against one rival so far, and the generator that deals the next ones (kept, so
    that a check can play on from where it stopped)."""

    rival: str
    factory: Callable[[], Any]
    rng: random.Random
    games: int = 0
    wins: float = 0.0
    mine: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def play(self, game: Any, bot: Any, seat_names: Sequence[str], count: int,
             budget: float | None = None) -> None:
        """Play ``count`` more games (fewer once ``budget`` seconds have passed, two at least): in
        game ``i`` the learner sits in seat ``i % players``, every other seat holds a fresh rival."""
        players = game.players
        started = time.monotonic()
        for played in range(count):
            if budget is not None and played >= 2 and time.monotonic() - started > budget:
                break
            seat = self.games % players
            bots: list[Any] = [self.factory() for _ in range(players)]
            bot.seat_name = seat_names[seat]
            bots[seat] = bot
            final = playout(game.new_initial_state(), bots, self.rng)
            returns, scores = final.returns(), final.scores()
            winners = [i for i, r in enumerate(returns) if r > 0]
            self.wins += 1 / len(winners) if seat in winners else 0.0
            self.mine.append(scores[seat])
            others = [s for i, s in enumerate(scores) if i != seat]
            self.theirs.append(sum(others) / len(others))
            self.games += 1
        self.seconds += time.monotonic() - started

    def standing(self, role: str = "", decided: str = "") -> Standing:
        rate, low, high = interval(self.wins, self.games)
        score, score_low, score_high = mean_ci(self.mine)
        theirs = sum(self.theirs) / max(1, len(self.theirs))
        return Standing(self.rival, self.games, self.wins, rate, low, high, score, score_low, score_high,
                        theirs, role, decided)
