"""A class's bot league: every submitted bot of a capstone's game against every other one and the
built-in bots, two games a match (each entrant in each seat once), until each duel is decided.

- **Entrants** (`Entrant`): the learners' bots (their newest submission each: a resubmission is a new
  entrant, so its rating starts again) and the capstone's rivals (its bars', its comparisons' and the
  expert).  A learner's bot runs only as its pickle, in a sandbox without the package's bots
  (`exercises.bots.CAPSTONE_HIDDEN`, as in the capstone and the grader), one move at a time under the
  capstone's time limit; a bot that raises, is too slow or answers an illegal move loses that game
  (the error is kept), and one that reached for the package's bots is marked as such.
- **Which duel next** (`next_duel`): among the duels not decided yet, the one with the fewest games
  (ties go to the pair seen least recently).  A duel is decided once `MIN_GAMES` are played and the
  99% Wilson interval of one side's share (ties split) lies wholly on one side of a half, or at
  `MAX_GAMES`: a sequential test, so a clear duel stops early and a close one gets more games.
- **Ratings** (`standings`): the Bradley–Terry rating of `engine.rating` over every game, with 95%
  intervals; a tied game counts half to each.
- **Matches** are played by `play_match` in a worker process (`judge.Judges`'s executor kind), which
  returns each game's seats, who came top, and the engine's save of it (for the replay).
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..engine.play import wilson
from .hub import TITLES

__all__ = ["Entrant", "Game", "TITLES", "decided", "duel_key", "duel_scores", "marks", "next_duel",
           "play_match", "replay", "rivals", "standings"]

MIN_GAMES = 8  # a sweep of 8 is the first result clear at 99% (7 of 7 is not)
MAX_GAMES = 40
Z_DECIDED = 2.576  # 99%
GAMES_A_MATCH = 2
HIDDEN_HINT = "the package's bots are not available"


@dataclass(frozen=True)
class Entrant:
    """One bot of a league: ``id`` ("bot:greedy", "sub:12"), how it is shown, and its pickle (None
    for a built-in bot)."""

    id: str
    label: str
    payload: bytes | None = None
    learner: str = ""

    @property
    def builtin(self) -> bool:
        return self.payload is None


@dataclass(frozen=True)
class Game:
    """One game of the league: the entrants by seat, who came top ("0", "1", "01" a tie, "" none),
    and the error of a learner's bot that lost it by breaking (else "")."""

    seats: tuple[str, str]
    top: str
    error: str = ""
    error_of: str = ""  # the entrant whose bot broke


@cache
def capstones() -> dict[str, Any]:
    """Each game's "write your own bot" capstone, by game name."""
    from ..exercises.bots import BotCapstone
    from .judge import course_checks

    return {checked.game_name: checked for checked in course_checks().values()
            if isinstance(checked, BotCapstone)}


def rivals(game: str) -> list[str]:
    """The built-in bots a game's league plays: its capstone's rivals."""
    return list(capstones()[game].rivals())


def duel_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def duel_scores(games: Sequence[Game]) -> dict[tuple[str, str], list[float]]:
    """``{(a, b): [a's points, games]}`` for every pair (sorted) that met."""
    found: dict[tuple[str, str], list[float]] = {}
    for g in games:
        key = duel_key(*g.seats)
        entry = found.setdefault(key, [0.0, 0.0])
        first = g.seats.index(key[0])
        entry[0] += 1.0 / len(g.top) if str(first) in g.top else 0.0
        entry[1] += 1
    return found


def decided(points: float, games: float) -> bool:
    if games >= MAX_GAMES:
        return True
    if games < MIN_GAMES:
        return False
    _, low, high = wilson(points, int(games), Z_DECIDED)
    return low > 0.5 or high < 0.5


def next_duel(entrants: Sequence[str], games: Sequence[Game], rng: random.Random,
              busy: Collection[tuple[str, str]] = ()) -> tuple[str, str] | None:
    """The duel to play next (module docstring), or None when every duel is decided; a duel being
    played (``busy``) waits for its result."""
    scores = duel_scores(games)
    last_seen = {duel_key(*g.seats): i for i, g in enumerate(games)}
    open_duels = []
    for i, a in enumerate(entrants):
        for b in entrants[i + 1:]:
            key = duel_key(a, b)
            points, played = scores.get(key, (0.0, 0.0))
            if key not in busy and not decided(points, played):
                open_duels.append((played, last_seen.get(key, -1), rng.random(), key))
    if not open_duels:
        return None
    return min(open_duels)[3]


def standings(entrants: Mapping[str, Entrant], games: Sequence[Game], marks: Mapping[str, str] | None = None
              ) -> list[dict[str, Any]]:
    """The leaderboard: each entrant's rating (Elo-like points, 95% interval), games and share,
    best first; ``marks`` says what is wrong with a bot (it broke, it used the package's bots)."""
    from ..engine.rating import rate
    from ..engine.tournament import Lineup

    played = [g for g in games if g.seats[0] in entrants and g.seats[1] in entrants]
    marks = marks or {}
    rows: list[dict[str, Any]] = []
    rating = None
    if played:
        lineups = [Lineup(tuple(entrants[s].label for s in g.seats), 1, (0, 0), (0, 0), (g.top,))
                   for g in played]
        rating = rate(lineups)
    for entrant in entrants.values():
        mine = [g for g in played if entrant.id in g.seats]
        points = sum(1.0 / len(g.top) for g in mine if str(g.seats.index(entrant.id)) in g.top)
        rated = rating is not None and entrant.label in rating.points
        rows.append({"id": entrant.id, "label": entrant.label, "learner": entrant.learner,
                     "builtin": entrant.builtin, "games": len(mine),
                     "share": points / len(mine) if mine else None,
                     "rating": round(rating.points[entrant.label]) if rated and rating else None,
                     "low": round(rating.points[entrant.label] - 1.96 * rating.errors[entrant.label])
                     if rated and rating and math.isfinite(rating.errors[entrant.label]) else None,
                     "high": round(rating.points[entrant.label] + 1.96 * rating.errors[entrant.label])
                     if rated and rating and math.isfinite(rating.errors[entrant.label]) else None,
                     "mark": marks.get(entrant.id, "")})
    rows.sort(key=lambda r: (r["rating"] is None, -(r["rating"] or 0), r["label"]))
    return rows


def marks(games: Sequence[Game]) -> dict[str, str]:
    """What is wrong with each entrant whose bot broke: it reached for the package's bots (as in the
    grader, such a bot is marked and loses), or it raised, was too slow, or moved illegally."""
    found: dict[str, str] = {}
    broke: dict[str, list[str]] = {}
    for g in games:
        if g.error_of:
            broke.setdefault(g.error_of, []).append(g.error)
    for entrant, errors in broke.items():
        if any(HIDDEN_HINT in e for e in errors):
            found[entrant] = "uses the package's bots (not its own): loses every game"
        else:
            first = errors[0].split("\n")[0]
            found[entrant] = f"broke in {len(errors)} game(s): {first[:160]}"
    return found


def replay(game_name: str, labels: Sequence[str], top: str, save: str | None,
           step: int | None = None) -> dict[str, Any]:
    """A finished game of the league, for its replay: the seats' names, who won, how many steps it
    took, and (``step``, 0 the start) the move's log lines then and every seat's board, drawn from
    each seat's own observation (the game is over, so every hidden card may be shown)."""
    from ..engine import load_game, state_from_json
    from ..ui.seat_view import board_svg, game_view, log_lines

    found: dict[str, Any] = {"game": game_name, "title": TITLES.get(game_name, game_name),
                             "seats": list(labels), "top": top, "steps": 0}
    if save is None:  # a game a bot broke: no save to replay
        return found
    final = state_from_json(save)
    history = list(final.history)
    found["steps"] = len(history)
    if step is None:
        return found
    step = max(0, min(int(step), len(history)))
    state = load_game(game_name, **capstones()[game_name].params).new_initial_state()
    lines: list[str] = []
    for move in history[:step]:
        state = state.apply_str(move)
        lines = list(state.events)
    view = game_view(game_name)
    found["step"] = step
    found["lines"] = log_lines(lines, labels, view)
    found["boards"] = [board_svg(view.render, state.observation(seat), [], labels, view.option_defaults())
                       for seat in range(len(labels))]
    found["over"] = state.is_terminal()
    return found


# --- in a worker process -------------------------------------------------------------------------

class _Watched:
    """A seat's bot, noting whether it was the one that broke (a `BotError` ends the game)."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.broke = bot, False
        self.name = str(getattr(bot, "name", "bot"))
        self.needs_observation = getattr(bot, "needs_observation", True)
        self.needs_forced_moves = getattr(bot, "needs_forced_moves", True)

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        from ..sandbox import BotError

        try:
            return self.bot.choose(observation, legal, rng)
        except BotError:
            self.broke = True
            raise


Spec = tuple[str, Any, bytes | None]
"""An entrant as a worker gets it: (id, a built-in bot's name or a bot factory, its pickle or None)."""


def play_match(game_name: str, a: Spec, b: Spec, seed: int) -> list[dict[str, Any]]:
    """Play one match (`GAMES_A_MATCH` games, seats swapped).  Each entrant is (id, a built-in bot's
    name, or a factory of an in-process bot, or "" with its pickle: a learner's bot, sandboxed).
    Each game as plain data: its seats, its top, the error of a bot that broke, and the engine's
    save."""
    from ..engine import load_game
    from ..engine.play import playout
    from ..sandbox import BotError, Pickled, SandboxedBot

    capstone = capstones()[game_name]
    game = load_game(game_name, **capstone.params)
    rng = random.Random(seed)
    # a learner's bot keeps one sandbox for the match (as in a capstone's check); a built-in bot is
    # made afresh for each game
    sandboxed = {spec[0]: SandboxedBot(Pickled(spec[2], True), move_limit=capstone.move_limit,
                                       name="the learner's bot", payload=spec[2], hidden=capstone.hidden)
                 for spec in (a, b) if spec[2] is not None}
    found = []
    try:
        for number in range(GAMES_A_MATCH):
            order = (a, b) if number % 2 == 0 else (b, a)
            bots: list[Any] = []
            for seat, (entrant, builtin, payload) in enumerate(order):
                if payload is None:
                    bots.append(builtin() if callable(builtin) else capstone.rivals()[builtin]())
                else:
                    sandboxed[entrant].seat_name = capstone.seat_names[seat]
                    bots.append(sandboxed[entrant])
            watched = [_Watched(bot) for bot in bots]
            top, error, error_of, save = "", "", "", None
            try:
                final = playout(game.new_initial_state(), watched, random.Random(rng.getrandbits(64)))
                top = "".join(str(i) for i, r in enumerate(final.returns()) if r > 0)
                save = final.to_json()
            except BotError as err:  # the bot that broke loses the game
                seat = next(i for i, bot in enumerate(watched) if bot.broke)
                top, error, error_of = str(1 - seat), str(err)[:400], order[seat][0]
            found.append({"seats": [order[0][0], order[1][0]], "top": top, "error": error,
                          "error_of": error_of, "save": save})
    finally:
        for bot in sandboxed.values():
            bot.close()
    return found


def run_league(game_name: str, entrants: Mapping[str, Any], seed: int, matches: int | None = None,
               games: list[Game] | None = None) -> list[Game]:
    """A league played here, one match after another, of in-process bots (``entrants``: id -> a
    built-in bot's name or a bot factory) until every duel is decided (or ``matches`` are
    played); the games, added to ``games``.  The server plays learners' bots the same way, on its
    workers (`class_desk`)."""
    rng = random.Random(seed)
    games = [] if games is None else games
    played = 0
    while matches is None or played < matches:
        duel = next_duel(list(entrants), games, rng)
        if duel is None:
            break
        a, b = duel
        for g in play_match(game_name, (a, entrants[a], None), (b, entrants[b], None), rng.getrandbits(64)):
            games.append(Game((g["seats"][0], g["seats"][1]), g["top"], g["error"], g["error_of"]))
        played += 1
    return games
