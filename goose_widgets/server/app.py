"""The classroom table server: a Starlette (ASGI) app, served by uvicorn, with WebSockets.

Pages: ``/`` (join a table by its code), ``/t/<code>`` (a table: sit at a seat or watch) and
``/teacher`` (create tables; every request needs the teacher's token).  A learner's browser talks to
its table over ``/ws/<code>``: it says ``hello`` with its seat and the seat's secret key (or none, to
watch), then sends ``act`` (an action's text and the version of the view it chose from) and
``option`` messages; the server answers with ``view`` messages (that seat's view only, built by
`rooms.Room.seat_view`) and ``error`` messages (to that client alone; nothing changed).

The `Hub` is the referee's desk: every change to a table is made in the event loop, stored
(`store.Store.save`, committed) and only then sent, so what a learner has seen acknowledged is on
disk.  Bots move in a task of their own, after ``bot_delay`` seconds so learners can follow.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine import GAMES
from ..ui.view import ViewSettings
from .guard import FLOOD_LIMIT, Attempts, BadMessage, TokenBucket, parse
from .rooms import (
    Refused,
    Room,
    bots_of,
    game_parameters,
    is_view_setting,
    new_code,
    normal_code,
    player_counts,
)
from .store import Store

log = logging.getLogger("goose_widgets.server")

OUTBOX = 64  # messages waiting for one slow client before it is disconnected
MAX_TABLES = 500
TITLES = {"game_of_the_goose": "Game of the Goose", "boo_to_the_goose": "Boo to the Goose",
          "sneaky_goose": "Sneaky Goose", "boo": "BOO"}
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


class Connection:
    """One browser (or notebook) at a table: its seat (None: watching), its pace, its outbox."""

    def __init__(self, ws: WebSocket, room: Room) -> None:
        self.ws, self.room = ws, room
        self.seat: int | None = None
        self.ready = False  # after a successful hello
        self.spectator_settings = ViewSettings({})  # a spectator's own options and view settings
        self.bucket = TokenBucket()
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)

    @property
    def settings(self) -> ViewSettings:
        return self.spectator_settings if self.seat is None else self.room.settings[self.seat]

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:  # a client that reads nothing: let it go, its seat stays its own
            self.close()

    def close(self) -> None:
        """Close the connection once what is queued has been sent."""
        try:
            self.outbox.put_nowait(None)
        except asyncio.QueueFull:  # a client that reads nothing gets nothing more
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    self.outbox.get_nowait()
            self.outbox.put_nowait(None)

    def error(self, reason: str, message: str) -> None:
        self.send({"type": "error", "reason": reason, "message": message})


class Hub:
    """Every table of the server, their connections, and the bots' tasks."""

    def __init__(self, store: Store, token: str, bot_delay: float = 0.7) -> None:
        self.store, self.token, self.bot_delay = store, token, bot_delay
        self.rooms: dict[str, Room] = store.load()
        self.watchers: dict[str, set[Connection]] = {}
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.claims = Attempts(30)
        self.token_failures = Attempts(10)
        self.misses = Attempts(60)  # wrong table codes: guessing codes to watch tables is slow

    # --- changes: stored, then sent ------------------------------------------------------------
    def changed(self, room: Room) -> None:
        """Store the table (committed), then send every viewer its new view; start the bots."""
        self.store.save(room)
        self.broadcast(room)
        self.wake_bots(room)

    def broadcast(self, room: Room) -> None:
        cache: dict[Any, str] = {}
        for conn in list(self.watchers.get(room.code, ())):
            if conn.ready:
                conn.send(self.view_text(room, conn, cache))

    def view_text(self, room: Room, conn: Connection, cache: dict[Any, str] | None = None) -> str:
        """The view ``conn`` is shown (one seat's views are drawn once per change, however many
        of its tabs are open)."""
        key: Any = conn.seat if conn.seat is not None else ("watch", json.dumps(conn.settings.values,
                                                                              sort_keys=True))
        if cache is not None and key in cache:
            return cache[key]
        options = None if conn.seat is not None else conn.settings.values
        text = json.dumps(room.seat_view(conn.seat, options))
        if cache is not None:
            cache[key] = text
        return text

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
                room.apply_bot(version, action)
            except Exception:  # a broken bot must not take the server down: the table waits
                log.exception("table %s: a bot failed", room.code)
                return
            self.store.save(room)
            self.broadcast(room)

    async def start(self) -> None:
        for room in self.rooms.values():
            self.wake_bots(room)

    async def stop(self) -> None:
        for task in self.bot_tasks.values():
            task.cancel()
        for task in self.bot_tasks.values():
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # --- teacher ------------------------------------------------------------------------------
    def is_teacher(self, request: Request) -> bool:
        given = request.headers.get("authorization", "")
        scheme, _, token = given.partition(" ")
        return scheme.lower() == "bearer" and secrets.compare_digest(token.encode(), self.token.encode())

    def create(self, body: Any) -> Room:
        if not isinstance(body, dict) or not set(body) <= {"game", "players", "names", "params"}:
            raise Refused("bad_request", "a new table is an object with game, players, and optionally "
                                         "names and params.")
        if len(self.rooms) >= MAX_TABLES:
            raise Refused("full", f"this server holds at most {MAX_TABLES} tables.")
        room = Room.create(new_code(self.rooms.keys()), body.get("game"), body.get("players"),
                           body.get("names"), body.get("params"))
        self.store.add(room)
        self.rooms[room.code] = room
        self.wake_bots(room)
        return room

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


def _client(request: Request | WebSocket) -> str:
    return request.client.host if request.client else "?"


def _error(status: int, reason: str, message: str) -> JSONResponse:
    return JSONResponse({"error": reason, "message": message}, status_code=status, headers=HEADERS)


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=HEADERS)


def _page(name: str) -> Response:
    # the board's script is the notebook widget's own (one keyboard and announcement script)
    folder = resources.files("goose_widgets.ui") if name == "board.js" else \
        resources.files("goose_widgets.server").joinpath("static")
    text = folder.joinpath(name).read_text("utf-8")
    media = {"html": "text/html", "js": "text/javascript", "css": "text/css"}[name.rsplit(".", 1)[1]]
    return Response(text, media_type=media + "; charset=utf-8", headers=HEADERS)


async def _body(request: Request) -> Any:
    raw = await request.body()
    if len(raw) > 20_000:
        raise Refused("too_big", "the request is too long.")
    try:
        return json.loads(raw)
    except ValueError:
        raise Refused("bad_request", "the request is not valid JSON.") from None


def create_app(store: Store, token: str, bot_delay: float = 0.7) -> Starlette:
    """The server's ASGI app over the tables in ``store``; ``token`` is the teacher's."""
    hub = Hub(store, token, bot_delay)

    async def index(_request: Request) -> Response:
        return _page("index.html")

    async def table_page(_request: Request) -> Response:
        return _page("table.html")

    async def teacher_page(_request: Request) -> Response:
        return _page("teacher.html")

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ("table.js", "teacher.js", "style.css", "board.js"):
            return PlainTextResponse("not found", status_code=404)
        return _page(name)

    async def health(_request: Request) -> Response:
        return PlainTextResponse("ok")

    def teacher_only(request: Request) -> JSONResponse | None:
        if hub.is_teacher(request):
            return None
        if not hub.token_failures.allow(_client(request)):
            return _error(429, "rate_limited", "too many wrong tokens: wait a minute.")
        return _error(401, "forbidden", "this needs the teacher's token (see the line printed when "
                                        "the server started).")

    async def games(request: Request) -> Response:
        if (denied := teacher_only(request)) is not None:
            return denied
        return _json([{"name": name, "title": TITLES.get(name, name), "players": player_counts(name),
                       "bots": sorted(bots_of(name)), "params": game_parameters(name)} for name in GAMES])

    async def tables(request: Request) -> Response:
        if (denied := teacher_only(request)) is not None:
            return denied
        if request.method == "POST":
            try:
                room = hub.create(await _body(request))
            except Refused as err:
                return _error(400, err.reason, str(err))
            return _json(hub.teacher_summary(room), 201)
        return _json([hub.teacher_summary(r) for r in hub.rooms.values()])

    def room_of(request: Request) -> Room | None:
        return hub.rooms.get(normal_code(request.path_params["code"]))

    async def table_info(request: Request) -> Response:
        room = room_of(request)
        if room is None:
            if not hub.misses.allow(_client(request)):
                return _error(429, "rate_limited", "too many wrong codes: wait a minute.")
            return _error(404, "no_table", "there is no table with that code: check it with your teacher.")
        return _json({**room.summary(), "title": TITLES.get(room.game_name, room.game_name)})

    async def claim(request: Request) -> Response:
        room = room_of(request)
        if room is None:
            return _error(404, "no_table", "there is no table with that code: check it with your teacher.")
        if not hub.claims.allow(_client(request)):
            return _error(429, "rate_limited", "too many requests: wait a minute.")
        try:
            body = await _body(request)
            if not isinstance(body, dict) or set(body) != {"seat"}:
                raise Refused("bad_request", "a claim is an object with the seat's number: {\"seat\": 0}.")
            key = room.claim(body["seat"])
        except Refused as err:
            return _error(409 if err.reason == "taken" else 400, err.reason, str(err))
        hub.store.save(room)
        return _json({"seat": body["seat"], "key": key})

    async def socket(ws: WebSocket) -> None:
        code = normal_code(ws.path_params["code"])
        room = hub.rooms.get(code)
        await ws.accept()
        if room is None:
            reason, message = ("no_table", "there is no table with that code.") \
                if hub.misses.allow(_client(ws)) else ("rate_limited", "too many wrong codes: wait a minute.")
            await ws.send_text(json.dumps({"type": "error", "reason": reason, "message": message}))
            await ws.close(code=4404)
            return
        conn = Connection(ws, room)
        sender = asyncio.get_running_loop().create_task(_sender(conn))
        hub.watchers.setdefault(code, set()).add(conn)
        try:
            await _receive(hub, conn)
        finally:
            hub.watchers[code].discard(conn)
            conn.close()  # what is queued is sent (a last error), then the socket is closed
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, Exception):
                await asyncio.wait_for(sender, timeout=5)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()

    app = Starlette(routes=[
        Route("/", index), Route("/t/{code}", table_page), Route("/teacher", teacher_page),
        Route("/static/{name}", static), Route("/healthz", health),
        Route("/api/games", games), Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{code}", table_info), Route("/api/tables/{code}/claim", claim, methods=["POST"]),
        WebSocketRoute("/ws/{code}", socket),
    ], lifespan=lifespan)
    app.state.hub = hub
    return app


async def _sender(conn: Connection) -> None:
    """Send a connection's messages in order; on the close marker, close the socket (if it is
    still open) and stop."""
    while True:
        text = await conn.outbox.get()
        if text is None:
            with contextlib.suppress(Exception):
                await conn.ws.close(code=1008)
            return
        try:
            await conn.ws.send_text(text)
        except Exception:  # the client is gone: nothing more to send it
            return


async def _receive(hub: Hub, conn: Connection) -> None:
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
                conn.error("rate_limited", "too many messages: this connection is closed.")
                return
            if conn.bucket.should_warn():
                conn.error("rate_limited", "too many messages: slow down (the last ones were ignored).")
            continue
        try:
            message = parse(event.get("text"))
            handle(hub, conn, message)
        except (BadMessage, Refused) as err:
            conn.error(err.reason, str(err))


def handle(hub: Hub, conn: Connection, message: dict[str, Any]) -> None:
    """Apply one checked message from ``conn``; `Refused` (nothing changed) if the table says no."""
    room, kind = conn.room, message["type"]
    if kind == "hello":
        if message["seat"] is None:
            conn.seat = None
        else:
            conn.seat = room.seat_of(message["seat"], message["key"])
        conn.ready = True
        conn.send(hub.view_text(room, conn))
        return
    if not conn.ready:
        raise Refused("hello_first", "say hello first: which seat (with its key), or none to watch.")
    if kind == "act":
        action = message["action"]
        if is_view_setting(action):
            room.view_setting(conn.settings, conn.seat, action)
            conn.send(hub.view_text(room, conn))
            return
        if conn.seat is None:
            raise Refused("watching", "you are watching this table: spectators do not play.")
        room.play(conn.seat, action, message["version"])
        hub.changed(room)
        return
    # "option"
    before = room.version
    room.set_option(conn.seat, conn.settings.values, message["name"], message["value"])
    if room.version != before:  # the option made a move (an idle pass): everyone sees it
        hub.changed(room)
    elif conn.seat is None:
        conn.send(hub.view_text(room, conn))
    else:  # the seat's other tabs show its options too
        cache: dict[Any, str] = {}
        for other in hub.watchers.get(room.code, ()):
            if other.ready and other.seat == conn.seat:
                other.send(hub.view_text(room, other, cache))
