"""Write your own bot: the capstone exercises of notebooks 04, 06 and 08.

The learner writes a function ``my_bot(observation, legal_actions) -> action``.  `BotCapstone.check`
plays it against the game's built-in bots, seats rotated game by game, in seeded games through the
engine's `playout`, and reports the learner's win rate (and mean score) against each bot with a 95%
confidence interval, as a table and a plot.  The whole tournament runs in one worker that is
stopped at the time limit (`learner_code.run_learner_code`), so a bot that never answers cannot
hang the notebook.

What the learner's bot may see: its own observation and a copy of the legal actions, nothing else.
It is never handed chance's random generator (a bot that wants randomness makes its own
``random.Random``), so it cannot foresee the dice or the cards.  An illegal answer (or an exception)
stops the game with a message that names the seat as the board does ("Player 2", "White").

The verdict is deliberately modest and statistical: the bot passes when the lower end of its 95%
interval against the random bot is above one half, i.e. it beats random play convincingly.  The
stronger bots are there to measure against, not to beat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import load_game, mean_ci, playout, wilson
from ..extras import require
from .answers import describe
from .core import Exercise, Feedback, Hint, Wrong, expect_callable, is_placeholder
from .learner_code import LearnerCodeStopped, run_learner_code

__all__ = ["BotCapstone", "BotError", "LearnerBot", "Standing", "TournamentReport", "play_tournament"]

BotFunction = Callable[[Any, list[Any]], Any]


class BotError(Exception):
    """The learner's bot answered with an illegal action or raised: the message names the seat."""


class LearnerBot:
    """The learner's function as a bot of the engine's protocol, seated as ``seat_name``.

    ``choose`` receives chance's generator (the engine's bot protocol) and deliberately does not
    pass it on: the learner's function gets only the observation and a copy of the legal actions.
    An answer may be a legal action or its text (``"stop"``), as in a walkthrough script.
    """

    name = "your bot"

    def __init__(self, function: BotFunction, seat_name: str) -> None:
        self.function = function
        self.seat_name = seat_name

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        legal = list(legal_actions)
        try:
            answer = self.function(observation, list(legal))
        except Exception as err:  # noqa: BLE001 - any error of the learner's bot is reported, with its seat
            raise BotError(f"your bot, playing {self.seat_name}, raised {type(err).__name__}: "
                           f"{err}") from None
        # The legal action's own equality decides (never the answer's: a learner's object whose
        # ``==`` always says True must not pass for a move), then the action's text.
        for action in legal:
            if action.__eq__(answer) is True:
                return action
        text = str.__str__(answer) if isinstance(answer, str) else None
        for action in legal:
            if text is not None and str(action) == text:
                return action
        more = f", … ({len(legal)} in all)" if len(legal) > 6 else ""
        shown = ", ".join(str(a) for a in legal[:6]) + more
        raise BotError(f"your bot, playing {self.seat_name}, chose {describe(answer)}, which is not a legal "
                       f"action here.  Return one of `legal_actions` (here: {shown}).")

    def __repr__(self) -> str:
        return f"LearnerBot({self.seat_name!r})"


@dataclass(frozen=True)
class Standing:
    """The learner's bot against one built-in bot: games, wins and mean scores with 95% intervals."""

    opponent: str
    games: int
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    score: float
    score_low: float
    score_high: float
    opponent_score: float

    def row(self) -> dict[str, Any]:
        return {"against": self.opponent, "games": self.games, "wins": self.wins,
                "win rate": round(self.win_rate, 3),
                "95% interval": f"{self.win_low:.3f} – {self.win_high:.3f}",
                "your mean score": round(self.score, 2),
                "score 95% interval": f"{self.score_low:.2f} – {self.score_high:.2f}",
                "their mean score": round(self.opponent_score, 2)}


def play_tournament(game_name: str, params: dict[str, Any], function: BotFunction,
                    opponents: Sequence[tuple[str, Callable[[], Any], int]], seat_names: Sequence[str],
                    seed: int = 0) -> tuple[Standing, ...]:
    """Play ``function`` against each ``(name, factory, games)`` opponent, seats rotated.

    In game ``i`` the learner sits in seat ``i % players``; every other seat holds a fresh bot from
    ``factory``.  Games are seeded (``seed`` plus the opponent's position), so a check is repeatable.
    """
    game = load_game(game_name, **params)
    players = game.players
    standings = []
    for position, (name, factory, games) in enumerate(opponents):
        rng = random.Random(seed * 1000 + position)
        wins, mine, theirs = 0, [], []
        for index in range(games):
            seat = index % players
            bots = [factory() for _ in range(players)]
            bots[seat] = LearnerBot(function, seat_names[seat])
            final = playout(game.new_initial_state(), bots, rng)
            returns, scores = final.returns(), final.scores()
            wins += returns[seat] > 0
            mine.append(scores[seat])
            others = [s for i, s in enumerate(scores) if i != seat]
            theirs.append(sum(others) / len(others))
        rate, low, high = wilson(wins, games)
        score, score_low, score_high = mean_ci(mine)
        standings.append(Standing(name, games, wins, rate, low, high, score, score_low, score_high,
                                  sum(theirs) / max(1, len(theirs))))
    return tuple(standings)


@dataclass(frozen=True)
class TournamentReport:
    """The result of a capstone check: the verdict, the table and (in a notebook) a plot."""

    feedback: Feedback
    standings: tuple[Standing, ...]
    title: str
    lower_score_wins: bool = False

    @property
    def correct(self) -> bool:
        return self.feedback.correct

    @property
    def status(self) -> str | None:
        return self.feedback.status

    @property
    def message(self) -> str:
        return self.feedback.message

    def table(self) -> str:
        """The standings as a plain-text table."""
        rows = [s.row() for s in self.standings]
        headers = list(rows[0])
        cells = [[str(r[h]) for h in headers] for r in rows]
        widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(headers)]
        lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)),
                 "  ".join("-" * w for w in widths)]
        lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in cells]
        return "\n".join(lines)

    def markdown_table(self) -> str:
        rows = [s.row() for s in self.standings]
        headers = list(rows[0])
        lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
        lines += ["| " + " | ".join(str(r[h]) for h in headers) + " |" for r in rows]
        return "\n".join(lines)

    def figure(self) -> Any:
        """A matplotlib figure: win rates and mean scores with their 95% intervals."""
        # only when a plot is asked for: the module stays headless, and says which extra plots
        plt = require("matplotlib.pyplot", "course", "the bot report's plot")

        names = [s.opponent for s in self.standings]
        fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.2))
        rates = [s.win_rate for s in self.standings]
        left.bar(names, rates, color="#0072B2",
                 yerr=[[s.win_rate - s.win_low for s in self.standings],
                       [s.win_high - s.win_rate for s in self.standings]], capsize=5)
        left.axhline(0.5, color="grey", linestyle="--", label="even")
        left.set(ylim=(0, 1.05), ylabel="your win rate (95% CI)", xlabel="against",
                 title="How often your bot wins")
        left.legend(loc="upper right", fontsize=9)
        xs = range(len(names))
        right.errorbar([x - 0.12 for x in xs], [s.score for s in self.standings],
                       yerr=[[s.score - s.score_low for s in self.standings],
                             [s.score_high - s.score for s in self.standings]],
                       fmt="o", capsize=5, color="#D55E00", label="your bot")
        right.plot([x + 0.12 for x in xs], [s.opponent_score for s in self.standings], "s",
                   color="#999999", label="the other bot")
        right.set_xticks(list(xs), names)
        better = "lower is better" if self.lower_score_wins else "higher is better"
        right.set(ylabel="mean score", xlabel="against", title=f"Mean score ({better})")
        right.legend(fontsize=9)
        fig.suptitle(self.title)
        fig.tight_layout()
        return fig

    def _ipython_display_(self) -> None:
        from IPython.display import Markdown, display

        display(Markdown(self.feedback._repr_markdown_() + "\n\n" + self.markdown_table()))
        plt = require("matplotlib.pyplot", "course", "the bot report's plot")
        fig = self.figure()
        display(fig)
        plt.close(fig)

    def __str__(self) -> str:
        return f"{self.feedback}\n\n{self.title}\n{self.table()}"

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class BotCapstone:
    """A "write your own bot" exercise for one game.

    ``opponents`` lists ``(name, factory, games)``; the first one named "random" decides the verdict.
    ``params`` are the game's `load_game` parameters; ``seat_names`` name the seats as the board does.
    """

    exercise: Exercise
    game_name: str
    params: dict[str, Any]
    opponents: tuple[tuple[str, Callable[[], Any], int], ...]
    seat_names: tuple[str, ...]
    lower_score_wins: bool = False
    seed: int = 0

    # the exercise's face: its name, prompt, hints and solution, and its progress
    @property
    def name(self) -> str:
        return self.exercise.name

    @property
    def status(self) -> Any:
        return self.exercise.status

    def hint(self, number: int | None = None) -> Hint:
        return self.exercise.hint(number)

    def show_solution(self) -> Hint:
        return self.exercise.show_solution()

    def _repr_markdown_(self) -> str:
        return self.exercise._repr_markdown_()

    def __repr__(self) -> str:
        return repr(self.exercise)

    def check(self, my_bot: Any) -> Feedback | TournamentReport:
        """Play ``my_bot`` against the built-in bots and judge it (see the module docstring)."""
        if is_placeholder(my_bot):
            return self.exercise.evaluate(my_bot)
        try:
            expect_callable(my_bot, 2, "my_bot(observation, legal_actions) -> one of legal_actions")
        except Wrong as err:
            return self.exercise.evaluate(("bot error", str(err)))
        try:
            standings = run_learner_code(play_tournament, self.game_name, self.params, my_bot,
                                         self.opponents, self.seat_names, self.seed,
                                         timeout=self.exercise.time_limit)
        except BotError as err:
            return self.exercise.evaluate(("bot error", str(err)))
        except LearnerCodeStopped as stop:
            return self.exercise.evaluate(("stopped", stop.seconds))
        except Exception as err:  # noqa: BLE001 - the tournament itself failed: the course's fault
            return self.exercise.evaluate(("course error", f"{type(err).__name__}: {err}"))
        feedback = self.exercise.evaluate(("standings", tuple(_as_data(s) for s in standings)))
        title = f"Your bot against the built-in bots ({sum(s.games for s in standings)} games, seats rotated)"
        return TournamentReport(feedback, standings, title, self.lower_score_wins)


def _as_data(standing: Standing) -> tuple[Any, ...]:
    """A standing as plain data (the exercise's checker judges plain data, in this process)."""
    return (standing.opponent, standing.games, standing.wins, standing.win_rate, standing.win_low)


def judge_standings(outcome: Any) -> None:
    """The capstone's checker: raise `Wrong` unless the bot beats the random bot convincingly.

    ``outcome`` is what `BotCapstone.check` found: ``("standings", rows)``, ``("bot error", text)``,
    ``("stopped", seconds)`` or ``("course error", text)``.
    """
    if not (isinstance(outcome, tuple) and len(outcome) == 2 and isinstance(outcome[0], str)):
        raise Wrong("pass your bot function itself: `capstone.check(my_bot)`.")
    kind, detail = outcome
    if kind == "bot error":
        raise Wrong(detail)
    if kind == "stopped":
        raise LearnerCodeStopped(detail)
    if kind == "course error":
        raise RuntimeError(detail)
    against_random = [row for row in detail if row[0] == "random"]
    if not against_random:
        raise RuntimeError("this capstone has no random bot to measure against")
    _name, games, wins, rate, low = against_random[0]
    if low <= 0.5:
        raise Wrong(f"against the random bot your bot won {wins} of {games} games ({rate:.0%}); the "
                    f"95% interval starts at {low:.0%}, not clearly above one half.  Look at what the "
                    "observation tells you, and use it (the hints have ideas).")
