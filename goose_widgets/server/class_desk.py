"""A live class on the table server: learners' events in, the server's verdicts out, and the
teacher's dashboard kept up to date.

What each request does (the routes are in `app`):

- the teacher creates a class (``POST /api/classes``): a code, and a page (``/class/<code>``);
- a learner joins it once (``POST /api/classes/<code>/join``) and keeps the key it returns (the
  course folder remembers it: `exercises.class_link`);
- the learner's kernel sends its checks, hints and solutions shown
  (``POST /api/classes/<code>/events``, with the learner's name and key).  The events are committed
  first (`classbook`), then every new check is judged (`judge`, in a pool of processes), and the
  answer waits up to ``wait`` seconds (at most `MAX_WAIT`) for those verdicts: the learner's check
  then says "confirmed by your class".  A verdict that takes longer (a capstone's games) is
  recorded when it is ready; checks not judged when the server stopped are judged when it starts;
- the dashboard (``/ws/class/<code>``, the teacher's token as its first message) receives the
  class's `class_view.snapshot` at once and again after every change, at most every
  `DASHBOARD_PAUSE` seconds.

Limits (each refusal changes nothing): `MAX_EVENTS` events a request and `MAX_BODY` bytes;
per learner a burst of `LEARNER_BURST` requests then one every `LEARNER_EVERY` seconds, and at most
`MAX_WAITING` of their checks waiting for a verdict (more are refused, and stay in the learner's
outbox until the earlier ones are judged); per class `CLASS_BURST`, then `CLASS_RATE` a second.
`MAX_JUDGING` of one learner's checks are judged at once, so one learner's queue (an outbox sent
after a day offline) does not hold up the class's other checks for long.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import math
import random
import re
import secrets
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..exercises.progress import KINDS
from ..exercises.sent_answers import answer_value
from ..sandbox import Pickled
from . import league
from .class_view import grades, snapshot
from .classbook import ClassBook
from .gate import Buckets, Gate
from .judge import Judges, course_checks, course_order
from .rooms import Refused

log = logging.getLogger("goose_widgets.server")

MAX_EVENTS = 50
MAX_BODY = 4 << 20
MAX_WAIT = 10.0
MAX_JUDGING = 2
MAX_WAITING = 100
LEARNER_BURST, LEARNER_EVERY = 30, 1.0
CLASS_BURST, CLASS_RATE = 600, 30.0
DASHBOARD_PAUSE = 0.2
ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
EVENT_FIELDS = {"id", "time", "notebook", "exercise", "kind", "result", "answer"}


class ClassDesk:
    """Every class of one server: its records, its judges, its dashboards."""

    def __init__(self, book: ClassBook, judges: Judges, gate: Gate, league: bool = True) -> None:
        self.book, self.judges, self.gate = book, judges, gate
        self.league_on = league
        self.league_wake = asyncio.Event()
        self.in_play: set[tuple[str, str, tuple[str, str]]] = set()  # (class, game, duel) being played
        self.matches_played = 0
        self._standings: dict[tuple[str, str], tuple[int, list[dict[str, Any]]]] = {}
        self.learner_pace = Buckets(LEARNER_BURST, 1 / LEARNER_EVERY)
        self.class_pace = Buckets(CLASS_BURST, CLASS_RATE)
        self.judging: dict[int, asyncio.Task[None]] = {}  # event id -> its judging
        self.judging_of: dict[tuple[str, str], int] = {}  # (class, learner) -> checks waiting for verdicts
        self.turns: dict[tuple[str, str], asyncio.Semaphore] = {}  # (class, learner) -> `MAX_JUDGING` at once
        self.dashboards: dict[str, set[asyncio.Queue[str | None]]] = {}
        self.dirty: dict[str, asyncio.Event] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self._worth: dict[tuple[str, str], tuple[float, float]] | None = None

    # --- lifetime -----------------------------------------------------------------------------
    async def start(self) -> None:
        """Judge every check that was not judged when the server stopped."""
        if await asyncio.to_thread(self.book.classes):
            self.judges.warm()
        for code, event in await asyncio.to_thread(self.book.unjudged):
            self._judge_later(code, event.learner, event.id, event.notebook, event.exercise, event.answer)
        if self.league_on:
            for _ in range(self.judges.workers):
                self._task(self._league_runner())

    def _task(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def stop(self) -> None:
        for task in [*self.judging.values(), *self.tasks]:
            task.cancel()
        for task in [*self.judging.values(), *self.tasks]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for queues in self.dashboards.values():
            for queue in queues:
                queue.put_nowait(None)
        self.judges.close()

    # --- the course's exercises -----------------------------------------------------------------
    def exercises(self) -> list[tuple[str, str]]:
        return course_order()

    def worth(self) -> dict[tuple[str, str], tuple[float, float]]:
        if self._worth is None:
            from ..teaching.grading import points_for

            self._worth = {key: points_for(checked) for key, checked in course_checks().items()}
        return self._worth

    # --- requests -----------------------------------------------------------------------------
    def create(self, body: Any, taken: set[str], first: str) -> dict[str, Any]:
        if not isinstance(body, dict) or set(body) != {"name"}:
            raise Refused("bad_request", "a new class is an object with its name: {\"name\": \"5B\"}.")
        code = self.book.create_class(body["name"], taken, first)
        self.judges.warm()
        return self.summary(code)

    def summary(self, code: str) -> dict[str, Any]:
        return {"code": code, "name": self.book.class_name(code), "learners": self.book.learners(code),
                "page": f"/class/{code}"}

    def join(self, code: str, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict) or not {"name"} <= set(body) <= {"name", "key"}:
            raise Refused("bad_request", "joining is an object with your name: {\"name\": \"Ada\"}.")
        key = self.book.join(code, body["name"], body.get("key"))
        return {"class": self.book.class_name(code), "code": code, "learner": " ".join(body["name"].split()),
                "key": key}

    async def receive(self, code: str, body: Any) -> dict[str, Any]:
        """A learner's events (module docstring): committed, then their checks judged."""
        learner, events, wait = self._checked(code, body)
        if not self.learner_pace.take(f"{code}/{learner}") or not self.class_pace.take(code):
            raise Refused("rate_limited", "too many requests from you or your class just now: your events "
                                          "are kept and sent again in a moment.")
        checks = sum(1 for e in events if e["kind"] == "check")
        if self.judging_of.get((code, learner), 0) + checks > MAX_WAITING:
            raise Refused("rate_limited", f"at most {MAX_WAITING} of your checks wait for verdicts at "
                                          "once: your events are kept and sent again when the earlier ones "
                                          "are judged.")
        stored = await asyncio.to_thread(self.book.add_events, code, learner, events)
        waiting: dict[str, asyncio.Task[None]] = {}
        for event, (event_id, new) in zip(events, stored):
            if new and event["kind"] == "check":
                self._judge_later(code, learner, event_id, event["notebook"], event["exercise"],
                                  event.get("answer"))
            if event["kind"] == "check" and event_id in self.judging:
                waiting[event["id"]] = self.judging[event_id]
        self.changed(code)
        if waiting and wait > 0:
            await asyncio.wait([asyncio.shield(t) for t in waiting.values()], timeout=min(wait, MAX_WAIT))
        verdicts = {}
        for event, (event_id, _) in zip(events, stored):
            if event["kind"] != "check":
                continue
            found = await asyncio.to_thread(self.book.event, event_id)
            if found is not None and found.status is not None:
                verdicts[event["id"]] = {"status": found.status, "message": found.message,
                                         "points": found.points, "out_of": found.out_of}
        return {"received": [e["id"] for e in events], "verdicts": verdicts}

    def _checked(self, code: str, body: Any) -> tuple[str, list[dict[str, Any]], float]:
        if not isinstance(body, dict) or not {"learner", "key", "events"} <= set(body) <= {"learner", "key",
                                                                                          "events", "wait"}:
            raise Refused("bad_request", "events are sent as {\"learner\", \"key\", \"events\": [...]}.")
        self._learner(code, body)
        events = body["events"]
        if not isinstance(events, list) or not 1 <= len(events) <= MAX_EVENTS:
            raise Refused("bad_request", f"send 1 to {MAX_EVENTS} events at a time.")
        known = set(course_checks())
        for event in events:
            needed = {"id", "time", "notebook", "exercise", "kind"}
            if not isinstance(event, dict) or not needed <= set(event) or not set(event) <= EVENT_FIELDS:
                raise Refused("bad_request", f"an event has the fields {', '.join(sorted(EVENT_FIELDS))}.")
            if not (isinstance(event["id"], str) and ID.match(event["id"]) and isinstance(event["time"], str)
                    and len(event["time"]) <= 40 and event["kind"] in KINDS):
                raise Refused("bad_request", "an event's id, time or kind is malformed.")
            if not isinstance(event["notebook"], str) or not isinstance(event["exercise"], str) \
                    or (event["notebook"], event["exercise"]) not in known:
                raise Refused("bad_request", f"the course has no exercise {str(event['exercise'])[:60]!r} in "
                                             f"{str(event['notebook'])[:40]}.")
            result = event.get("result")
            if not (result is None or isinstance(result, str) and len(result) <= 20
                    or type(result) is int and 0 < result < 100):
                raise Refused("bad_request", "an event's result is a short word or a hint's number.")
        wait = body.get("wait", 0)
        if isinstance(wait, bool) or not isinstance(wait, int | float) or not math.isfinite(wait):
            raise Refused("bad_request", "wait is a number of seconds.")
        return body["learner"], events, float(wait)

    # --- judging ------------------------------------------------------------------------------
    def _judge_later(self, code: str, learner: str, event_id: int, notebook: str, exercise: str,
                     answer: Any) -> None:
        key = (code, learner)
        self.judging_of[key] = self.judging_of.get(key, 0) + 1
        turn = self.turns.setdefault(key, asyncio.Semaphore(MAX_JUDGING))

        async def run() -> None:
            try:
                async with turn:
                    verdict = await self.judges.judge(notebook, exercise, answer)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # noqa: BLE001 - a judge process that died, a check past its time
                log.warning("class %s: check %s could not be judged: %s", code, event_id, err)
                verdict = ("course_error", f"the server could not judge this check ({type(err).__name__}).",
                           0.0, self.worth().get((notebook, exercise), (0.0, 0.0))[0])
            try:
                await asyncio.to_thread(self.book.set_verdict, event_id, *verdict)
            finally:
                self.judging.pop(event_id, None)
                self.judging_of[key] -= 1
            self.changed(code)

        self.judging[event_id] = asyncio.get_running_loop().create_task(run())

    # --- the dashboard ------------------------------------------------------------------------
    def view(self, code: str) -> dict[str, Any]:
        name = self.book.class_name(code) or code
        found = snapshot(name, self.book.learners(code), self.book.events(code), self.exercises(),
                         time.time(), self.worth())
        found["leagues"] = {game: self.league_view(code, game) for game in league.capstones()
                            if self.book.submissions(code, game)}
        return found

    def grades_rows(self, code: str) -> list[Any]:
        return grades(self.book.learners(code), self.book.events(code), self.exercises(), self.worth())

    def changed(self, code: str) -> None:
        """Send the class's dashboards a new snapshot soon (changes within `DASHBOARD_PAUSE` share one)."""
        if not self.dashboards.get(code):
            return
        event = self.dirty.get(code)
        if event is None:
            event = self.dirty[code] = asyncio.Event()
            self._task(self._refresh(code, event))
        event.set()

    async def _refresh(self, code: str, event: asyncio.Event) -> None:
        try:
            while self.dashboards.get(code):
                await event.wait()
                event.clear()
                text = json.dumps({"type": "snapshot", **await asyncio.to_thread(self.view, code)})
                for queue in list(self.dashboards.get(code, ())):
                    if queue.qsize() < 4:
                        queue.put_nowait(text)
                await asyncio.sleep(DASHBOARD_PAUSE)
        finally:
            self.dirty.pop(code, None)

    async def dashboard(self, ws: WebSocket, code: str, token_ok: Any) -> None:
        """A teacher's dashboard socket: the token first, then snapshots until it leaves."""
        try:
            first = await asyncio.wait_for(ws.receive_text(), 10)
            token = json.loads(first).get("token") if len(first) < 500 else None
        except (TimeoutError, ValueError, AttributeError, WebSocketDisconnect, RuntimeError):
            token = None
        if not isinstance(token, str) or not token_ok(token):
            with contextlib.suppress(Exception):
                await ws.send_text(json.dumps({"type": "error", "reason": "forbidden",
                                               "message": "this page needs the teacher's token."}))
                await ws.close(code=4403)
            return
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.dashboards.setdefault(code, set()).add(queue)
        queue.put_nowait(json.dumps({"type": "snapshot", **await asyncio.to_thread(self.view, code)}))
        self.changed(code)  # starts its refresher
        reader = asyncio.get_running_loop().create_task(_drain(ws))
        try:
            while True:
                getting = asyncio.get_running_loop().create_task(queue.get())
                done, _ = await asyncio.wait({getting, reader}, timeout=30,
                                             return_when=asyncio.FIRST_COMPLETED)
                if reader in done:
                    getting.cancel()
                    return
                if getting not in done:  # quiet: a fresh snapshot keeps "minutes idle" current
                    getting.cancel()
                    self.changed(code)
                    continue
                text = getting.result()
                if text is None:
                    return
                await ws.send_text(text)
        except Exception:  # noqa: BLE001 - the page is gone
            return
        finally:
            reader.cancel()
            self.dashboards.get(code, set()).discard(queue)
            with contextlib.suppress(Exception):
                await ws.close()


    # --- the league (`league`) --------------------------------------------------------------------
    def submit(self, code: str, body: Any) -> dict[str, Any]:
        """A learner's bot joins the league of its game (replacing their earlier one)."""
        if not isinstance(body, dict) or set(body) != {"learner", "key", "game", "bot"}:
            raise Refused("bad_request", "a bot is submitted as {\"learner\", \"key\", \"game\", \"bot\"}.")
        self._learner(code, body)
        if not isinstance(body["game"], str) or body["game"] not in league.capstones():
            raise Refused("bad_request", f"the leagues are {', '.join(sorted(league.capstones()))}.")
        try:
            bot = answer_value(body["bot"])
        except ValueError as err:
            raise Refused("bad_request", f"the bot arrived malformed ({err}).") from None
        if not isinstance(bot, Pickled) or not bot.function:
            raise Refused("bad_request", "a bot is a function: my_bot(observation, legal_actions).")
        if not self.learner_pace.take(f"{code}/{body['learner']}"):
            raise Refused("rate_limited", "too many requests from you just now: submit again in a moment.")
        number = self.book.submit(code, body["learner"], body["game"], body["bot"]["pickle"])
        self.league_wake.set()
        self.changed(code)
        return {"submission": number, "entrant": f"sub:{number}", "game": body["game"],
                "message": f"your bot is in the {league.TITLES.get(body['game'], body['game'])} league of "
                           f"your class as submission {number}; its games start now (your earlier bot, "
                           "if any, has left the league)."}

    def learners_league(self, code: str, body: Any) -> str:
        """The game of the league a learner asks about (``{"learner", "key", "game"}``)."""
        if not isinstance(body, dict) or set(body) != {"learner", "key", "game"} or \
                not isinstance(body["game"], str) or body["game"] not in league.capstones():
            raise Refused("bad_request", "ask as {\"learner\", \"key\", \"game\"} with a capstone's game.")
        self._learner(code, body)
        return str(body["game"])

    def _learner(self, code: str, body: dict[str, Any]) -> None:
        if not self.book.learner_key_ok(code, body["learner"], body["key"]):
            raise Refused("forbidden", "this name and key are not a learner of this class: join the class "
                                       "again from your course folder (join_class).")

    def entrants(self, code: str, game: str) -> dict[str, league.Entrant]:
        found = {f"bot:{name}": league.Entrant(f"bot:{name}", name) for name in league.rivals(game)}
        for number, learner, payload in self.book.submissions(code, game):
            found[f"sub:{number}"] = league.Entrant(f"sub:{number}", f"{learner}'s bot",
                                                   base64.b64decode(payload), learner)
        return found

    def league_games(self, code: str, game: str) -> list[tuple[int, league.Game]]:
        return [(number, league.Game((seat0, seat1), top, error, error_of))
                for number, seat0, seat1, top, error, error_of in self.book.league_games(code, game)]

    def league_view(self, code: str, game: str) -> dict[str, Any]:
        """The leaderboard of one game's league (cached until its next game) and its newest games."""
        entrants = self.entrants(code, game)
        numbered = self.league_games(code, game)
        games = [g for _, g in numbered if g.seats[0] in entrants and g.seats[1] in entrants]
        cached = self._standings.get((code, game))
        if cached is None or cached[0] != len(numbered):
            marks = league.marks(games)
            cached = (len(numbered), league.standings(entrants, games, marks))
            self._standings[(code, game)] = cached
        ids, scores = list(entrants), league.duel_scores(games)
        open_duels = sum(1 for i, a in enumerate(ids) for b in ids[i + 1:]
                         if not league.decided(*scores.get(league.duel_key(a, b), (0.0, 0.0))))
        label = {e.id: e.label for e in entrants.values()}
        recent = [{"number": n, "seats": [label.get(s, s) for s in g.seats], "top": g.top,
                   "error": bool(g.error)} for n, g in numbered[-8:][::-1]]
        return {"title": league.TITLES.get(game, game), "rows": cached[1], "games": len(games),
                "open_duels": open_duels, "recent": recent}

    def _pick(self) -> tuple[str, str, league.Entrant, league.Entrant] | None:
        for code, game in self.book.leagues():
            entrants = self.entrants(code, game)
            games = [g for _, g in self.league_games(code, game)
                     if g.seats[0] in entrants and g.seats[1] in entrants]
            busy = {duel for c, g, duel in self.in_play if (c, g) == (code, game)}
            duel = league.next_duel(list(entrants), games, random.Random(), busy)
            if duel is not None:
                return code, game, entrants[duel[0]], entrants[duel[1]]
        return None

    async def _league_runner(self) -> None:
        """Play the leagues' matches, one at a time in this runner, while no check waits to be judged."""
        while True:
            while self.judging:  # a learner waiting for a verdict comes first
                await asyncio.sleep(0.2)
            work = await asyncio.to_thread(self._pick)
            if work is None:
                self.league_wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.league_wake.wait(), 30)
                continue
            code, game, a, b = work
            key = (code, game, league.duel_key(a.id, b.id))
            self.in_play.add(key)
            try:
                played = await self.judges.run(league.play_match, game, _entry(a), _entry(b),
                                               secrets.randbits(64))
                await asyncio.to_thread(self.book.add_league_games, code, game, played)
                self.matches_played += 1
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - one broken match must not stop the league
                log.exception("class %s: a %s match could not be played", code, game)
                await asyncio.sleep(5)
            finally:
                self.in_play.discard(key)
            self.changed(code)

    def replay(self, code: str, number: int, step: int | None = None) -> dict[str, Any] | None:
        """One league game, for its replay: its seats and steps, and (``step``) that step's boards,
        every seat's view side by side (the game is over: nothing is hidden any more)."""
        found = self.book.league_game(code, number)
        if found is None:
            return None
        game, seat0, seat1, top, save = found
        labels = [self.entrant_label(s) for s in (seat0, seat1)]
        return league.replay(game, labels, top, save, step)

    def entrant_label(self, entrant: str) -> str:
        if entrant.startswith("sub:"):
            return f"{self.book.learner_of(int(entrant[4:]))}'s bot"
        return entrant.removeprefix("bot:")


def _entry(entrant: league.Entrant) -> tuple[str, str, bytes | None]:
    return (entrant.id, entrant.label if entrant.builtin else "", entrant.payload)


async def _drain(ws: WebSocket) -> None:
    """Read (and ignore) what the page sends, until it leaves."""
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return


