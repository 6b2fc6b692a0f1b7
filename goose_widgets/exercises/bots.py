"""Write your own bot: the capstone exercises of notebooks 04, 06 and 08.

The learner writes a function ``my_bot(observation, legal_actions) -> action``.  `BotCapstone.check`
is the referee: it plays that function against the game's built-in bots, seats rotated game by
game, and judges the results.  The referee (this process) holds the games, the chance generator,
the built-in bots and the verdict; the learner's function runs in a sandbox of its own behind
walls (`goose_widgets.sandbox.SandboxedBot`; docs/sandbox.md), which receives for each decision only
the seat's observation and its legal actions, and answers only with the legal action it chose.  So
a bot can neither read the hidden cards or the next card of a pile (nothing of the game is in its
process, and the kernel is out of its sight and reach), nor change the verdict (it is computed
here, from the games).  The games are seeded from a secret drawn for each
check (a bot cannot recompute the chance generator from a known seed); a test passes ``seed``.

Limits: each move has ``move_limit`` seconds and all the bot's moves together the exercise's
``time_limit``; at either limit the sandbox is killed and the check says so.  An illegal answer or
an exception (any, `BaseException` included) stops the games with a message that names the seat
as the board does ("Player 2", "White") and the learner's line.

The verdict (issue 19 §7): the bot passes when it **clearly beats the random bot** (the lower end
of the 99% Wilson interval of its win share above one half) **and is not clearly worse than the
game's middle bot** (the upper end of the 95% interval of its win share against it at least one
half).  A shared win counts as a share (a two-way tie: half a game).  The report also shows the
bot against the game's ``expert`` bot when the game's ``BOTS`` has one (as many games as fit in
``expert_seconds``), for comparison only.
"""

from __future__ import annotations

import importlib
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import load_game, mean_ci, playout, wilson
from ..extras import require
from ..sandbox import BotError, LearnerCodeError, LearnerError, SandboxedBot, learner_pickle
from .answers import describe, type_name
from .core import Exercise, Feedback, Hint, Wrong, is_placeholder, learner_error_text
from .learner_code import LearnerCodeStopped

__all__ = ["BotCapstone", "BotError", "Standing", "TournamentReport", "judge_standings", "play_tournament"]

BotFunction = Callable[[Any, list[Any]], Any]
CLEAR_Z = 2.576  # the 99% interval: "clearly beats random" (a random bot passes about once in 400 checks
#                   on this criterion alone, and then still has to match the middle bot)
FAIR_Z = 1.96  # the 95% interval: "not clearly worse than the middle bot"
EXPERT = "expert"


@dataclass(frozen=True)
class Standing:
    """The learner's bot against one built-in bot: games, wins (shared wins as shares) and mean
    scores, with 95% intervals.  ``role`` says what the row decides."""

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

    def row(self) -> dict[str, Any]:
        wins = int(self.wins) if self.wins == int(self.wins) else round(self.wins, 1)
        return {"against": self.opponent, "games": self.games, "wins": wins,
                "win rate": round(self.win_rate, 3),
                "95% interval": f"{self.win_low:.3f} – {self.win_high:.3f}",
                "your mean score": round(self.score, 2),
                "score 95% interval": f"{self.score_low:.2f} – {self.score_high:.2f}",
                "their mean score": round(self.opponent_score, 2),
                "counts for": self.role}


Opponent = tuple[str, Callable[[], Any], int]


def play_tournament(game_name: str, params: dict[str, Any], function: Any, opponents: Sequence[Opponent],
                    seat_names: Sequence[str], seed: int | str = 0, *, move_limit: float = 10.0,
                    total_limit: float | None = None, budgets: dict[str, float] | None = None,
                    roles: dict[str, str] | None = None) -> tuple[Standing, ...]:
    """Play the learner's ``function`` (sandboxed) against each ``(name, factory, games)`` opponent.

    In game ``i`` the learner sits in seat ``i % players``; every other seat holds a fresh bot from
    ``factory``, run here.  Games are seeded from ``seed`` and the opponent's position, so the same
    seed replays the same games.  ``budgets`` gives an opponent a time in seconds after which no
    new game starts (at least two are played).  Raises `BotError` when the function plays an
    illegal move, raises, breaks its sandbox or runs past ``move_limit`` / ``total_limit``.
    """
    game = load_game(game_name, **params)
    players = game.players
    bot = function if isinstance(function, SandboxedBot) else SandboxedBot(
        function, move_limit=move_limit, total_limit=total_limit, name="your bot")
    standings = []
    try:
        for position, (name, factory, games) in enumerate(opponents):
            rng = _seeded(f"{seed}/{position}")
            points, mine, theirs = 0.0, [], []
            budget = (budgets or {}).get(name)
            started = time.monotonic()
            played = 0
            for index in range(games):
                if budget is not None and index >= 2 and time.monotonic() - started > budget:
                    break
                seat = index % players
                bots: list[Any] = [factory() for _ in range(players)]
                bot.seat_name = seat_names[seat]
                bots[seat] = bot
                final = playout(game.new_initial_state(), bots, rng)
                returns, scores = final.returns(), final.scores()
                winners = [i for i, r in enumerate(returns) if r > 0]
                points += 1 / len(winners) if seat in winners else 0.0
                mine.append(scores[seat])
                others = [s for i, s in enumerate(scores) if i != seat]
                theirs.append(sum(others) / len(others))
                played += 1
            rate, low, high = wilson(points, played)  # type: ignore[arg-type]  # a share: p = points / games
            score, score_low, score_high = mean_ci(mine)
            standings.append(Standing(name, played, points, rate, low, high, score, score_low, score_high,
                                      sum(theirs) / max(1, len(theirs)), (roles or {}).get(name, "")))
    finally:
        bot.close()
    return tuple(standings)


def _seeded(text: str) -> Any:
    import random

    return random.Random(text)


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
        plt = _pyplot()
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
        try:
            plt = _pyplot()
        except ImportError as err:
            display(Markdown(f"*{err}*"))
            return
        fig = self.figure()
        display(fig)
        plt.close(fig)

    def __str__(self) -> str:
        return f"{self.feedback}\n\n{self.title}\n{self.table()}"

    def __repr__(self) -> str:
        return str(self)


def _pyplot() -> Any:
    """matplotlib's pyplot, imported only when a plot is drawn (it comes with the course extra)."""
    return require("matplotlib.pyplot", "course", "the capstone's plot (the table above has every figure)")


@dataclass(frozen=True)
class BotCapstone:
    """A "write your own bot" exercise for one game.

    ``opponents`` lists ``(name, factory, games)``; "random" and ``middle`` (the name of the game's
    middle bot) decide the verdict, any other is shown for comparison, and so is the game's
    ``expert`` bot when its ``BOTS`` has one (``expert_games`` at most, within
    ``expert_seconds``).  ``params`` are the game's `load_game` parameters; ``seat_names`` name the
    seats as the board does.  ``seed`` None draws a secret seed for each check.
    """

    exercise: Exercise
    game_name: str
    params: dict[str, Any]
    opponents: tuple[Opponent, ...]
    seat_names: tuple[str, ...]
    middle: str = ""
    lower_score_wins: bool = False
    seed: int | None = None
    move_limit: float = 10.0
    expert_games: int = 20
    expert_seconds: float = 5.0

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

    def roles(self) -> dict[str, str]:
        return {"random": "the verdict: beat it clearly", self.middle: "the verdict: not clearly worse",
                EXPERT: "comparison"}

    def all_opponents(self) -> tuple[Opponent, ...]:
        """The opponents of a check: ``opponents``, then the game's expert bot if it has one."""
        bots = importlib.import_module(f"goose_widgets.games.{self.game_name}.registry").BOTS
        listed = {name for name, _, _ in self.opponents}
        if EXPERT in listed or EXPERT not in bots:
            return tuple(self.opponents)
        expert = ((EXPERT, bots[EXPERT], self.expert_games),)
        return tuple(self.opponents) + expert

    def check(self, my_bot: Any) -> Feedback | TournamentReport:
        """Play ``my_bot`` against the built-in bots and judge it (see the module docstring)."""
        if is_placeholder(my_bot):
            return self.exercise.evaluate(my_bot)
        what = "my_bot(observation, legal_actions) -> one of legal_actions"
        if not callable(my_bot):
            shown = describe(my_bot) if type(my_bot) in (int, float, str, bool, tuple, list) else ""
            return self._verdict("bot error",
                                 f"expected a function ({what}), got {type_name(my_bot)} {shown}.")
        try:
            payload = learner_pickle(my_bot)
        except TypeError as err:
            return self._verdict("bot error", f"your bot cannot be sent to its sandbox ({err}).  Does it "
                                 "use an open file, a widget or a generator?")
        except LearnerCodeStopped as stop:
            return self._verdict("stopped", (stop.seconds, "sending your bot to its sandbox took too long."))
        bot = SandboxedBot(my_bot, move_limit=self.move_limit, total_limit=self.exercise.time_limit,
                           name="your bot", payload=payload)
        opponents = self.all_opponents()
        try:
            problem = _arity_problem(bot, what)
            if problem:
                return self._verdict("bot error", problem)
            seed = self.seed if self.seed is not None else secrets.randbits(64)
            standings = play_tournament(self.game_name, self.params, bot, opponents, self.seat_names, seed,
                                        budgets={EXPERT: self.expert_seconds}, roles=self.roles())
        except BotError as err:
            if err.stopped is not None:
                return self._verdict("stopped", (err.stopped, str(err)))
            return self._verdict("bot error", str(err))
        except Exception as err:  # noqa: BLE001 - the tournament itself failed: the course's fault
            return self._verdict("course error", f"{type(err).__name__}: {err}")
        finally:
            bot.close()
        feedback = self._verdict("standings", tuple(_as_data(s) for s in standings), middle=self.middle)
        title = (f"Your bot against the built-in bots ({sum(s.games for s in standings)} games, "
                 "seats rotated)")
        return TournamentReport(feedback, standings, title, self.lower_score_wins)

    def _verdict(self, kind: str, detail: Any, middle: str = "") -> Feedback:
        return self.exercise.evaluate((kind, detail, middle))


def _arity_problem(bot: SandboxedBot, what: str) -> str:
    """Load the bot in its sandbox and ask whether it takes the two arguments (the sandbox reports
    its parameters: the learner's object is never inspected here)."""
    from ..sandbox import Sandbox, signature_of

    bot.sandbox = Sandbox(None, payload=bot.payload)
    try:
        info = bot.sandbox.load()
    except LearnerError as err:
        raise BotError(learner_error_text("loading your bot", err)) from None
    except LearnerCodeStopped:
        raise BotError("loading your bot took too long.", stopped=0.0) from None
    except LearnerCodeError as err:
        raise BotError(f"your bot broke its sandbox: {err}.") from None
    parameters = info.get("parameters")
    signature = signature_of(parameters) if isinstance(parameters, list) else None
    if signature is not None:
        try:
            signature.bind(None, None)
        except TypeError:
            return f"your function must take 2 argument(s): {what}."
    return ""


def _as_data(standing: Standing) -> tuple[Any, ...]:
    """A standing as plain data (the exercise's checker judges plain data, in this process)."""
    return (standing.opponent, standing.games, standing.wins, standing.win_rate)


def judge_standings(outcome: Any) -> None:
    """The capstone's checker: raise `Wrong` unless the bot clearly beats the random bot and is not
    clearly worse than the middle bot (see the module docstring).

    ``outcome`` is what `BotCapstone.check` found: ``("standings", rows, middle)``, ``("bot error",
    text, "")``, ``("stopped", (seconds, text), "")`` or ``("course error", text, "")``.
    """
    if not (isinstance(outcome, tuple) and len(outcome) == 3 and isinstance(outcome[0], str)):
        raise Wrong("pass your bot function itself: `capstone.check(my_bot)`.")
    kind, detail, middle = outcome
    if kind == "bot error":
        raise Wrong(detail)
    if kind == "stopped":
        seconds, text = detail
        raise LearnerCodeStopped(seconds, text)
    if kind == "course error":
        raise RuntimeError(detail)
    rows = {row[0]: row for row in detail}
    if "random" not in rows or middle not in rows:
        raise RuntimeError("this capstone has no random bot or middle bot to measure against")
    _name, games, wins, rate = rows["random"]
    low = wilson(wins, games, CLEAR_Z)[1]
    if low <= 0.5:
        raise Wrong(f"against the random bot your bot won {_count(wins)} of {games} games ({rate:.0%}); the "
                    f"99% interval starts at {low:.0%}, not clearly above one half.  Look at what the "
                    "observation tells you, and use it (the hints have ideas).")
    _name, games, wins, rate = rows[middle]
    high = wilson(wins, games, FAIR_Z)[2]
    if high < 0.5:
        raise Wrong(f"your bot clearly beats the random bot, but against the {middle} bot it won "
                    f"{_count(wins)} of {games} games ({rate:.0%}); the 95% interval ends at {high:.0%}, "
                    f"clearly below one half.  Find what the {middle} bot does better (the hints have "
                    "ideas).")


def _count(wins: float) -> str:
    return str(int(wins)) if wins == int(wins) else f"{wins:g}"
