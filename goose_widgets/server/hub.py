"""The referee's desk: every table of a server, its connections, and what each message does.

Every change to a table is made in the event loop, stored (`store.Store.commit`: committed, in a
thread, with the other tables that changed meanwhile) and only then sent, so what a learner has seen
acknowledged is on disk.  Each table has a lock held from a change to its sending, so that nothing
else at that table (a hello, another move) sees a state that is not on disk yet, while the other
tables go on.  Bots move in a task of their
own, after ``bot_delay`` seconds so learners can follow.  A view is drawn once per version for
each seat (`rooms.Room.view_text`), whichever connections, tabs or hellos ask for it.

A connection says ``hello`` with its seat and that seat's key (or none, to watch); the first hello
with a seat's key takes the seat (no one can claim it any more).  The teacher can free a seat or
give it a new key: the connections holding the old key are told so and closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any

from starlette.requests import Request
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..ui.view import ViewSettings
from .gate import Gate, Limits
from .guard import FLOOD_LIMIT, BadMessage, TokenBucket, parse
from .rooms import CODE_ALPHABET, Refused, Room, is_view_setting, new_code, shown_code
from .store import Store

log = logging.getLogger("goose_widgets.server")

OUTBOX = 64  # messages waiting for one slow client before it is disconnected
MAX_TABLES = 500
TITLES = {"game_of_the_goose": "Game of the Goose", "boo_to_the_goose": "Boo to the Goose",
          "sneaky_goose": "Sneaky Goose", "boo": "BOO"}
# WebSocket close codes (4000-4999 are the application's): the pages read them to know whether
# to come back (a limit: later) or not (no such table, a key that no longer works).
NO_TABLE, FORBIDDEN, TOO_MANY = 4404, 4403, 4429


class Connection:
    """One browser (or notebook) at a table: its seat (None: watching), its pace, its outbox."""

    def __init__(self, ws: WebSocket, room: Room, address: str = "?") -> None:
        self.ws, self.room, self.address = ws, room, address
        self.seat: int | None = None
        self.ready = False  # after a successful hello
        self.spectator_settings = ViewSettings({})  # a spectator's own view settings
        self.bucket = TokenBucket()
        self.outbox: asyncio.Queue[str | tuple[int, str] | None] = asyncio.Queue(OUTBOX)

    @property
    def settings(self) -> ViewSettings:
        return self.spectator_settings if self.seat is None else self.room.settings[self.seat]

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:  # a client that reads nothing: let it go, its seat stays its own
            self.close()

    def close(self, code: int = 1008, reason: str = "") -> None:
        """Close the connection once what is queued has been sent (``reason``: at most 123 bytes,
        what a browser shows of it)."""
        marker: tuple[int, str] = (code, reason)
        try:
            self.outbox.put_nowait(marker)
        except asyncio.QueueFull:  # a client that reads nothing gets nothing more
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    self.outbox.get_nowait()
            self.outbox.put_nowait(marker)

    def error(self, reason: str, message: str) -> None:
        self.send({"type": "error", "reason": reason, "message": message})

    def refuse(self, reason: str, message: str, code: int, short: str) -> None:
        """An error, then the connection is closed with ``code`` and the ``short`` reason."""
        self.error(reason, message)
        self.close(code, short)


class Hub:
    """Every table of the server, their connections, the bots' tasks, and the limits."""

    def __init__(self, store: Store, token: str, bot_delay: float = 0.7, limits: Limits | None = None,
                 allowed_origins: tuple[str, ...] = (), first_letters: str = CODE_ALPHABET) -> None:
        self.store, self.token, self.bot_delay = store, token, bot_delay
        self.first_letters = first_letters  # the first characters of this server's new codes
        self.rooms: dict[str, Room] = store.load()
        self.set_aside: dict[str, str] = dict(store.set_aside)  # code -> why its save did not load
        self.watchers: dict[str, set[Connection]] = {}
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.gate = Gate(limits)
        self.allowed_origins = allowed_origins
        self.locks: dict[str, asyncio.Lock] = {}

    def lock(self, room: Room) -> asyncio.Lock:
        """Held from a change at ``room`` until its new views are sent."""
        return self.locks.setdefault(room.code, asyncio.Lock())

    # --- changes: stored, then sent ------------------------------------------------------------
    async def changed(self, room: Room) -> None:
        """Store the table (committed), then send every viewer its new view; start the bots.  The
        caller holds the table's `lock`."""
        await self.store.commit(room)
        self.broadcast(room)
        self.wake_bots(room)

    def broadcast(self, room: Room) -> None:
        for conn in list(self.watchers.get(room.code, ())):
            if conn.ready:
                conn.send(self.view_text(room, conn))

    def view_text(self, room: Room, conn: Connection) -> str:
        """The view ``conn`` is shown: its seat's (with the seat's options), or a spectator's
        (with its own view settings)."""
        return room.view_text(conn.seat, None if conn.seat is not None else conn.settings.values)

    def wake_bots(self, room: Room) -> None:
        task = self.bot_tasks.get(room.code)
        if room.bot_to_move() and (task is None or task.done()):
            self.bot_tasks[room.code] = asyncio.get_running_loop().create_task(self.run_bots(room))

    async def run_bots(self, room: Room) -> None:
        while room.bot_to_move():
            await asyncio.sleep(self.bot_delay)
            if not room.bot_to_move():
                break
            try:
                version = room.version
                # a slow bot (a look-ahead) thinks in a thread: the other tables go on meanwhile
                action = await asyncio.to_thread(room.bot_decision())
                async with self.lock(room):
                    room.apply_bot(version, action)
                    await self.store.commit(room)
                    self.broadcast(room)
            except Exception:  # a broken bot must not take the server down: the table waits
                log.exception("table %s: a bot failed", room.code)
                return

    async def start(self) -> None:
        for code, reason in self.set_aside.items():
            log.error("table %s is set aside (its save does not load): %s", code, reason)
        for room in self.rooms.values():
            self.wake_bots(room)

    async def stop(self) -> None:
        for task in self.bot_tasks.values():
            task.cancel()
        for task in self.bot_tasks.values():
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.store.drain()

    # --- teacher ------------------------------------------------------------------------------
    def is_teacher(self, request: Request) -> bool:
        given = request.headers.get("authorization", "")
        scheme, _, token = given.partition(" ")
        return scheme.lower() == "bearer" and self.token_ok(token)

    def token_ok(self, token: str) -> bool:
        return secrets.compare_digest(token.encode(), self.token.encode())

    def create(self, body: Any) -> Room:
        if not isinstance(body, dict) or not set(body) <= {"game", "players", "names", "params"}:
            raise Refused("bad_request", "a new table is an object with game, players, and optionally "
                                         "names and params.")
        if len(self.rooms) >= MAX_TABLES:
            raise Refused("full", f"this server holds at most {MAX_TABLES} tables.")
        code = new_code(self.rooms.keys() | self.set_aside.keys(), self.first_letters)
        room = Room.create(code, body.get("game"), body.get("players"), body.get("names"), body.get("params"))
        self.store.add(room)
        self.rooms[room.code] = room
        self.wake_bots(room)
        return room

    async def change_seat(self, room: Room, seat: Any, what: str) -> None:
        """The teacher frees seat ``seat`` (``what`` "free") or gives it a new key ("new-key"); the
        connections at that seat are told and closed (their key no longer works)."""
        async with self.lock(room):
            if what == "free":
                room.free(seat)
                words = "your teacher has freed this seat: its link no longer works."
            else:
                room.new_key(seat)
                words = "your teacher has given this seat a new link: the one you used no longer works."
            await self.store.commit(room)
        for conn in list(self.watchers.get(room.code, ())):
            if conn.seat == seat:
                conn.ready = False
                conn.refuse("forbidden", words + " Ask your teacher for yours.", FORBIDDEN,
                            "this seat's key no longer works")

    def teacher_summary(self, room: Room) -> dict[str, Any]:
        summary = room.summary()
        connected = {c.seat for c in self.watchers.get(room.code, ()) if c.ready}
        for seat, info in zip(room.seats, summary["seats"]):
            if seat.human:
                info["link"] = f"/t/{room.code}#seat={info['seat']}&key={seat.key}"
            info["connected"] = info["seat"] in connected
        summary["spectators"] = sum(1 for c in self.watchers.get(room.code, ()) if c.ready and c.seat is None)
        summary["title"] = TITLES.get(room.game_name, room.game_name)
        return summary

    def set_aside_summary(self, code: str) -> dict[str, Any]:
        """A table whose save did not load, as the teacher's page lists it (the reason cut short:
        the log has it whole)."""
        reason = self.set_aside[code]
        game = self.store.set_aside_games.get(code)
        return {"table": code, "shown": shown_code(code), "set_aside": reason, "seats": [],
                "title": f"{TITLES.get(game, game)} (not loaded)" if game else "(not loaded)",
                "status": "Set aside: " + (reason if len(reason) <= 160 else reason[:159] + "…")}


async def sender(conn: Connection, gate: Gate) -> None:
    """Send a connection's messages in order; on the close marker, close the socket (if it is
    still open; after a while if it was refused for a limit) and stop."""
    while True:
        item = await conn.outbox.get()
        if item is None or isinstance(item, tuple):
            code, reason = item or (1008, "")
            await close_later(conn.ws, code, reason, gate)
            return
        try:
            await conn.ws.send_text(item)
        except Exception:  # the client is gone: nothing more to send it
            return


async def receive(hub: Hub, conn: Connection) -> None:
    """Read a client's messages until it leaves; each is checked, paced, and applied or refused."""
    while True:
        try:
            event = await conn.ws.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if event["type"] == "websocket.disconnect":
            return
        if not conn.bucket.take():
            if conn.bucket.dropped > FLOOD_LIMIT:
                conn.refuse("rate_limited", "too many messages: this connection is closed.", TOO_MANY,
                            "too many messages")
                return
            if conn.bucket.should_warn():
                conn.error("rate_limited", "too many messages: slow down (the last ones were ignored).")
            continue
        try:
            message = parse(event.get("text"))
            async with hub.lock(conn.room):
                if not await handle(hub, conn, message):
                    return
        except (BadMessage, Refused) as err:
            conn.error(err.reason, str(err))


async def close_later(ws: WebSocket, code: int, reason: str, gate: Gate) -> None:
    """Close ``ws``.  One refused for a limit is held open for `Limits.hold` seconds first (its error
    was sent at once; what it sends is not read): a storm that reconnects as soon as it is closed
    then costs the server a handshake every few seconds per socket, not hundreds a second."""
    if code == TOO_MANY and gate.hold():
        try:
            await asyncio.sleep(gate.limits.hold)
        finally:
            gate.release()
    with contextlib.suppress(Exception):
        await ws.close(code=code, reason=reason)


async def handle(hub: Hub, conn: Connection, message: dict[str, Any]) -> bool:
    """Apply one checked message from ``conn`` (whose table's lock is held); `Refused` (nothing
    changed) if the table says no.  False if the connection is closed for it (a limit)."""
    room, kind = conn.room, message["type"]
    if kind == "hello":
        return await hello(hub, conn, message)
    if not conn.ready:
        raise Refused("hello_first", "say hello first: which seat (with its key), or none to watch.")
    if kind == "act":
        action = message["action"]
        if is_view_setting(action):
            room.view_setting(conn.settings, conn.seat, action)
            conn.send(hub.view_text(room, conn))
            return True
        if conn.seat is None:
            raise Refused("watching", "you are watching this table: spectators do not play.")
        room.play(conn.seat, action, message["version"])
        await hub.changed(room)
        return True
    # "option"
    before = room.version
    room.set_option(conn.seat, conn.settings.values, message["name"], message["value"])
    if room.version != before:  # the option made a move (an idle pass): everyone sees it
        await hub.changed(room)
    else:  # the seat's other tabs show its options too
        for other in hub.watchers.get(room.code, ()):
            if other.ready and other.seat == conn.seat:
                other.send(hub.view_text(room, other))
    return True


async def hello(hub: Hub, conn: Connection, message: dict[str, Any]) -> bool:
    """Seat ``conn`` (a seat's key is a lookup: it counts toward the address's budget), or let it
    watch; a table flooded with hellos refuses more for a while."""
    room = conn.room
    if not hub.gate.lookup(conn.address):
        conn.refuse("rate_limited", "too many requests from your address: wait a minute, then reload.",
                    TOO_MANY, "too many requests from your address: wait a minute")
        return False
    seat, wrong = None, None
    if message["seat"] is not None:
        try:
            seat = room.seat_of(message["seat"], message["key"])
        except Refused as err:
            wrong = err
    # a wrong key counts as a spectator's hello: only the right one draws on the players' budget
    if not hub.gate.hello(room.code, seated=seat is not None):
        conn.refuse("rate_limited", "too many connections to this table just now: the page tries "
                    "again by itself.", TOO_MANY, "too many hellos at this table: try again in a minute")
        return False
    if wrong is not None:
        raise wrong
    conn.seat = seat
    if seat is not None and room.take(seat):  # its link has been opened: no one else can claim it now
        await hub.store.commit(room)
    conn.ready = True
    conn.send(hub.view_text(room, conn))
    return True
