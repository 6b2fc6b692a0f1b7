"""Write your own bot: the capstone exercises of notebooks 04, 06 and 08.

The learner writes a function ``my_bot(observation, legal_actions) -> action``.  `BotCapstone.check`
is the referee: it plays that function against the game's built-in bots, seats rotated game by
game, and judges the results.  The referee (this process) holds the games, the chance generator,
the built-in bots and the verdict; the learner's function runs in a sandbox of its own behind
walls (`goose_widgets.sandbox.SandboxedBot`; docs/sandbox.md), which receives for each decision only
the seat's observation and its legal actions, and answers only with the legal action it chose.  So
a bot can neither read the hidden cards or the next card of a pile (nothing of the game is in its
process, and the kernel is out of its sight and reach), nor change the verdict (it is computed
here, from the games).  The games are seeded from a secret drawn for each check (a bot cannot
recompute the chance generator from a known seed); a test passes ``seed``.

**The bot must be the learner's own**: its sandbox is without the package's bots (`CAPSTONE_HIDDEN`:
every game's ``bots``, ``expert``, ``registry``, ``policies`` ...), so a bot that calls or wraps one
is told so ("it imports goose_widgets.games.boo.registry, which is not available here ...").

Limits: each move has ``move_limit`` seconds and all the bot's moves together the exercise's
``time_limit``; at either limit the sandbox is killed and the check says so.  An illegal answer or
an exception (any, `BaseException` included) stops the games with a message that names the seat
as the board does ("Player 2", "White") and the learner's line.

**The verdict** (issues 29 and 36) reads the capstone's bars (`duels.Bar`), in order: against each
rival that sets one the bot must clearly win more than a share of the games, and the games go on,
a batch at a time, until each bar is cleared or missed, or its cap is reached ("not decided yet",
with a button that plays on); see `duels` for the rule.  The first bar is the rival that separates
honest bots from trivial policies (measured by `capstone_study`), the last is the random bot.  Once
every bar is cleared the report also shows the capstone's comparison rivals and the game's
``expert`` bot, within a few seconds each: for comparison only.
"""

from __future__ import annotations

import importlib
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import load_game
from ..sandbox import (
    ANSWERS,
    BotError,
    Hidden,
    LearnerCodeError,
    LearnerError,
    Pickled,
    SandboxedBot,
    TooLarge,
    learner_pickle,
    signature_of,
)
from .answers import describe, type_name
from .capstone_report import TournamentReport
from .class_link import answer_sent
from .core import Exercise, Feedback, Hint, Wrong, is_placeholder, learner_error_text
from .duels import MARGIN, Bar, Duel, Standing, interval
from .learner_code import LearnerCodeStopped

__all__ = ["CAPSTONE_HIDDEN", "Bar", "BotCapstone", "BotError", "Standing", "TournamentReport",
           "judge_standings", "play_tournament"]

BotFunction = Callable[[Any, list[Any]], Any]
EXPERT = "expert"
_GAMES = tuple(sorted(p.name for p in (Path(__file__).resolve().parents[1] / "games").iterdir()
                      if (p / "__init__.py").exists()))
CAPSTONE_HIDDEN = ANSWERS + Hidden(
    refuse=tuple(f"goose_widgets.games.{game}.{part}" for game in _GAMES
                 for part in ("bots", "expert", "registry", "policies", "determinize", "studies")),
    why="a capstone's bot must be your own, so the package's bots are not available to it")
"""What a capstone's sandbox is without: the exercises' answers, and every game's bots."""


def play_tournament(game_name: str, params: dict[str, Any], function: Any,
                    opponents: Sequence[tuple[str, Callable[[], Any], int]], seat_names: Sequence[str],
                    seed: int | str = 0, *, move_limit: float = 10.0, total_limit: float | None = None,
                    budgets: dict[str, float] | None = None,
                    roles: dict[str, str] | None = None) -> tuple[Standing, ...]:
    """Play the learner's ``function`` (sandboxed) a fixed number of games against each
    ``(name, factory, games)`` opponent (no verdict: `BotCapstone.check` plays until one is clear).

    Games are seeded from ``seed`` and the opponent's position, so the same seed replays the same
    games.  ``budgets`` gives an opponent a time in seconds after which no new game starts (at
    least two are played).  Raises `BotError` when the function plays an illegal move, raises,
    breaks its sandbox or runs past ``move_limit`` / ``total_limit``.
    """
    game = load_game(game_name, **params)
    bot = function if isinstance(function, SandboxedBot) else SandboxedBot(
        function, move_limit=move_limit, total_limit=total_limit, name="your bot")
    standings = []
    try:
        for position, (name, factory, games) in enumerate(opponents):
            duel = Duel(name, factory, random.Random(f"{seed}/{position}"))
            duel.play(game, bot, seat_names, games, (budgets or {}).get(name))
            standings.append(duel.standing((roles or {}).get(name, "")))
    finally:
        bot.close()
    return tuple(standings)


@dataclass(frozen=True)
class BotCapstone:
    """A "write your own bot" exercise for one game.

    ``bars`` decide the verdict, in order (see the module docstring); ``compare`` lists rivals
    shown for comparison once every bar is cleared, ``(name, games)``, and the game's expert bot
    follows when its registry has one (``expert_games`` at most, within ``expert_seconds``).
    Against a bar's rival games are played ``batch`` at a time, at most ``cap`` per check.
    ``params`` are the game's `load_game` parameters; ``seat_names`` name the seats as the board
    does.  ``seed`` None draws a secret seed for each check.
    """

    exercise: Exercise
    game_name: str
    params: dict[str, Any]
    bars: tuple[Bar, ...]
    seat_names: tuple[str, ...]
    compare: tuple[tuple[str, int], ...] = ()
    lower_score_wins: bool = False
    seed: int | None = None
    move_limit: float = 10.0
    batch: int = 10
    cap: int = 300
    expert_games: int = 20
    expert_seconds: float = 5.0
    hidden: Hidden = CAPSTONE_HIDDEN

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

    def rivals(self) -> dict[str, Callable[[], Any]]:
        """Every rival of a check by name: the bars', the comparisons' and the expert, if any."""
        bots = importlib.import_module(f"goose_widgets.games.{self.game_name}.registry").BOTS
        names = [bar.rival for bar in self.bars] + [name for name, _ in self.compare]
        if EXPERT in bots:
            names.append(EXPERT)
        return {name: bots[name] for name in dict.fromkeys(names)}

    def check(self, my_bot: Any, *, compare: bool = True) -> Feedback | TournamentReport:
        """Play ``my_bot`` against the built-in bots until the verdict is clear, and judge it (see
        the module docstring).  ``compare=False`` plays the bars only (a study of many bots)."""
        if is_placeholder(my_bot):
            return self.exercise.evaluate(my_bot)
        what = "my_bot(observation, legal_actions) -> one of legal_actions"
        if not (my_bot.function if isinstance(my_bot, Pickled) else callable(my_bot)):
            shown = describe(my_bot) if type(my_bot) in (int, float, str, bool, tuple, list) else ""
            return self._verdict("bot error",
                                 f"expected a function ({what}), got {type_name(my_bot)} {shown}.")
        seed = self.seed if self.seed is not None else secrets.randbits(64)
        rivals = self.rivals()
        duels = {name: Duel(name, factory, random.Random(f"{seed}/{name}"))
                 for name, factory in rivals.items()}
        with answer_sent(my_bot):  # the class judges the bot itself, not this kernel's verdict
            return self._play(my_bot, duels, {bar.rival: self.cap for bar in self.bars}, compare)

    def _play(self, my_bot: Any, duels: dict[str, Duel], caps: dict[str, int],
              compare: bool) -> Feedback | TournamentReport:
        what = "my_bot(observation, legal_actions) -> one of legal_actions"
        try:
            payload = (my_bot.payload if isinstance(my_bot, Pickled)  # pickled in a notebook's sandbox
                       else learner_pickle(my_bot, limit=self._limits_sent()))
        except TooLarge as err:
            return self._verdict("bot error", f"your bot cannot be sent to its sandbox: {err}.")
        except TypeError as err:
            return self._verdict("bot error", f"your bot cannot be sent to its sandbox ({err}).  Does it "
                                 "use an open file, a widget or a generator?")
        except LearnerCodeStopped as stop:
            return self._verdict("stopped", (stop.seconds, "sending your bot to its sandbox took too long."))
        bot = SandboxedBot(my_bot, move_limit=self.move_limit, total_limit=self.exercise.time_limit,
                           name="your bot", payload=payload, hidden=self.hidden)
        game = load_game(self.game_name, **self.params)
        try:
            problem = _arity_problem(bot, what)
            if problem:
                return self._verdict("bot error", problem)
            states = self._play_bars(game, bot, duels, caps)
            cleared = all(state == "cleared" for state in states.values())
            if cleared and compare:
                for name, games in self.compare:
                    duels[name].play(game, bot, self.seat_names, games - duels[name].games,
                                     self.expert_seconds)
                if EXPERT in duels:
                    expert = duels[EXPERT]
                    expert.play(game, bot, self.seat_names, self.expert_games - expert.games,
                                self.expert_seconds)
        except BotError as err:
            if err.stopped is not None:
                return self._verdict("stopped", (err.stopped, str(err)))
            return self._verdict("bot error", str(err))
        except Exception as err:  # noqa: BLE001 - the games themselves failed: the course's fault
            return self._verdict("course error", f"{type(err).__name__}: {err}")
        finally:
            bot.close()
        standings = self._standings(duels, states)
        plain = (tuple((s.opponent, s.games, s.wins) for s in standings),
                 tuple((bar.rival, bar.above) for bar in self.bars))
        feedback = self._verdict("standings", plain)
        title = (f"Your bot against the built-in bots ({sum(s.games for s in standings)} games, "
                 "seats rotated)")
        more = None
        if any(state == "open" for state in states.values()):
            wider = {rival: caps[rival] + self.cap for rival in caps}
            more = _PlayMore(self, my_bot, duels, wider, compare)
        return TournamentReport(feedback, standings, title, self.lower_score_wins, more)

    def _play_bars(self, game: Any, bot: SandboxedBot, duels: dict[str, Duel],
                   caps: dict[str, int]) -> dict[str, str]:
        """Each bar's duel, a batch at a time, until it is decided or at its cap; a missed bar
        ends the check (the verdict is known)."""
        states: dict[str, str] = {}
        for bar in self.bars:
            duel = duels[bar.rival]
            state = bar.decide(duel.wins, duel.games)
            while state == "open" and duel.games < caps[bar.rival]:
                duel.play(game, bot, self.seat_names, min(self.batch, caps[bar.rival] - duel.games))
                state = bar.decide(duel.wins, duel.games)
            states[bar.rival] = state
            if state == "missed":
                break
        return states

    def _standings(self, duels: dict[str, Duel], states: dict[str, str]) -> tuple[Standing, ...]:
        rows = []
        for bar in self.bars:
            if duels[bar.rival].games:
                role = f"the verdict: {bar.goal}"
                rows.append(duels[bar.rival].standing(role, states.get(bar.rival, "open")))
        for name, duel in duels.items():
            if duel.games and name not in {bar.rival for bar in self.bars}:
                rows.append(duel.standing("comparison"))
        return tuple(rows)

    def _limits_sent(self) -> int:
        from ..sandbox import Limits

        return Limits.from_environment().sent

    def _verdict(self, kind: str, detail: Any) -> Feedback:
        return self.exercise.evaluate((kind, detail))


@dataclass(frozen=True)
class _PlayMore:
    """What "play more games" does: the same check, from where it stopped, with caps raised."""

    capstone: BotCapstone
    my_bot: Any
    duels: dict[str, Duel]
    caps: dict[str, int]
    compare: bool

    def __call__(self) -> TournamentReport:
        with answer_sent(self.my_bot):
            result = self.capstone._play(self.my_bot, self.duels, self.caps, self.compare)
        if not isinstance(result, TournamentReport):  # the bot broke this time: say so as a report
            return TournamentReport(result, (), "Your bot against the built-in bots")
        return result


def _arity_problem(bot: SandboxedBot, what: str) -> str:
    """Load the bot in its sandbox and ask whether it takes the two arguments (the sandbox reports
    its parameters: the learner's object is never inspected here)."""
    from ..sandbox import Sandbox

    bot.sandbox = Sandbox(None, payload=bot.payload, hidden=bot.hidden)
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


def judge_standings(outcome: Any) -> None:
    """The capstone's checker: raise `Wrong` unless every bar is cleared (see `duels`).

    ``outcome`` is what `BotCapstone.check` found: ``("standings", (rows, bars))`` with rows
    ``(rival, games, wins)`` and bars ``(rival, share)``; or ``("bot error", text)``,
    ``("stopped", (seconds, text))`` or ``("course error", text)``.
    """
    if not (isinstance(outcome, tuple) and len(outcome) == 2 and isinstance(outcome[0], str)):
        raise Wrong("pass your bot function itself: `capstone.check(my_bot)`.")
    kind, detail = outcome
    if kind == "bot error":
        raise Wrong(detail)
    if kind == "stopped":
        seconds, text = detail
        raise LearnerCodeStopped(seconds, text)
    if kind == "course error":
        raise RuntimeError(detail)
    rows, bars = detail
    played = {row[0]: row for row in rows}
    if not bars or bars[0][0] not in played:
        raise RuntimeError("this capstone's check played no game against the rival of its first bar")
    for rival, above in bars:
        bar = Bar(rival, above)
        _name, games, wins = played.get(rival, (rival, 0, 0.0))
        state = bar.decide(wins, games)
        if state == "cleared":
            continue
        rate, low, high = interval(wins, games)
        won = f"won {_count(wins)} of {games} games ({rate:.0%}; 99% interval {low:.0%} to {high:.0%})"
        if state == "missed":
            raise Wrong(f"against the {rival} bot your bot {won}: the whole interval lies below "
                        f"{above + MARGIN:.0%}, so it cannot {bar.goal}, the bar.  Look at what the "
                        "observation tells you and use it (the hints have ideas).")
        raise Wrong(f"the games have not decided yet: against the {rival} bot your bot {won}, an "
                    f"interval that still reaches both sides of {above:.0%}, so it is not clear whether it "
                    f"can {bar.goal}.  Play more games (the button below, or `report.play_more()`), or "
                    "make it stronger.")


def _count(wins: float) -> str:
    return str(int(wins)) if wins == int(wins) else f"{wins:g}"

