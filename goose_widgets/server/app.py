"""The classroom table server: a Starlette (ASGI) app, served by uvicorn, with WebSockets.

Pages: ``/`` (join a table by its code), ``/t/<code>`` (a table: sit at a seat or watch) and
``/teacher`` (create tables, free seats; every request needs the teacher's token).  A learner's
browser talks to its table over ``/ws/<code>``: it says ``hello`` with its seat and the seat's
secret key (or none, to watch), then sends ``act`` (an action's text and the version of the view it
chose from) and ``option`` messages; the server answers with ``view`` messages (that seat's view
only, built by `rooms.Room.seat_view`) and ``error`` messages (to that client alone; nothing
changed).  What each message does is in `hub`.

Before any of that, `gate` decides who may come in: a request or WebSocket from a page of another
site is refused, a ``POST`` must say it sends JSON, and every lookup of a code, a seat's key or the
teacher's token counts toward its address's budget (an address over it is refused everything).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from ..engine import GAMES
from .class_desk import MAX_BODY, ClassDesk
from .classbook import ClassBook
from .gate import Gate, Limits, origin_allowed
from .hub import FORBIDDEN, NO_TABLE, TITLES, TOO_MANY, Connection, Hub, close_later, receive, sender
from .judge import Judges
from .league import capstones as league_capstones
from .rooms import CODE_ALPHABET, Refused, Room, bots_of, game_parameters, normal_code, player_counts
from .store import Store

HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
NO_TABLE_WORDS = "there is no table with that code: check it with your teacher."
SET_ASIDE_WORDS = ("this table could not be loaded when the server started (the teacher's page says "
                   "why): ask your teacher.")
LIMITED_WORDS = "too many requests from your address: wait a minute."
REFUSED = {"forbidden": 403, "taken": 409, "too_big": 413, "rate_limited": 429}  # else 400 (bad_request)
NO_CLASS_WORDS = "there is no class with that code: check it with your teacher."


def _client(request: Request | WebSocket) -> str:
    return request.client.host if request.client else "?"


def _error(status: int, reason: str, message: str) -> JSONResponse:
    return JSONResponse({"error": reason, "message": message}, status_code=status, headers=HEADERS)


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=HEADERS)


def _media_type(request: Request) -> str:
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


def _page(name: str) -> Response:
    # the board's script is the notebook widget's own (one keyboard and announcement script)
    folder = resources.files("goose_widgets.ui") if name == "board.js" else \
        resources.files("goose_widgets.server").joinpath("static")
    text = folder.joinpath(name).read_text("utf-8")
    media = {"html": "text/html", "js": "text/javascript", "css": "text/css"}[name.rsplit(".", 1)[1]]
    return Response(text, media_type=media + "; charset=utf-8", headers=HEADERS)


async def _body(request: Request, most: int = 20_000) -> Any:
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > most:
        raise Refused("too_big", "the request is too long.")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > most:
            raise Refused("too_big", "the request is too long.")
    try:
        return json.loads(raw)
    except ValueError:
        raise Refused("bad_request", "the request is not valid JSON.") from None


Handler = Callable[[Request], Awaitable[Response]]


def create_app(store: Store, token: str, bot_delay: float = 0.7, limits: Limits | None = None,
               allowed_origins: tuple[str, ...] = (), first_letters: str = CODE_ALPHABET,
               judges: Judges | None = None, league: bool = True) -> Starlette:
    """The server's ASGI app over the tables and classes in ``store``; ``token`` is the teacher's.

    ``limits`` are the gate's (`gate.Limits`); ``allowed_origins`` are the sites (``https://...``)
    whose pages may use the API and the WebSockets besides this server's own; new codes begin with
    one of ``first_letters``; ``judges`` judge a live class's checks (`judge.Judges`: a pool of
    processes sized to the machine by default) and, unless ``league`` is False, play the classes' bot
    leagues."""
    hub = Hub(store, token, bot_delay, limits, tuple(allowed_origins), first_letters)
    desk = ClassDesk(ClassBook(store), judges or Judges(), hub.gate, league)

    async def index(_request: Request) -> Response:
        return _page("index.html")

    async def table_page(_request: Request) -> Response:
        return _page("table.html")

    async def teacher_page(_request: Request) -> Response:
        return _page("teacher.html")

    async def class_page(_request: Request) -> Response:
        return _page("class.html")

    async def replay_page(_request: Request) -> Response:
        return _page("replay.html")

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ("table.js", "teacher.js", "class.js", "replay.js", "style.css",
                        "board.js"):
            return PlainTextResponse("not found", status_code=404)
        return _page(name)

    async def health(_request: Request) -> Response:
        return PlainTextResponse("ok")

    def api(handler: Handler, teacher: bool = False) -> Handler:
        """``handler`` behind the gate: same origin only, JSON bodies only, one lookup counted
        toward the address's budget (refused beyond it, whatever it asks), the teacher's token."""
        async def gated(request: Request) -> Response:
            if not origin_allowed(request.headers, hub.allowed_origins):
                return _error(403, "foreign_origin", "this server answers its own pages only (a page of "
                                                     "another site sent this request).")
            if request.method == "POST" and _media_type(request) != "application/json":
                return _error(415, "bad_request", "send the request as JSON "
                                                  "(Content-Type: application/json).")
            if not hub.gate.lookup(_client(request)):
                return _error(429, "rate_limited", LIMITED_WORDS)
            if teacher and not hub.is_teacher(request):
                return _error(401, "forbidden", "this needs the teacher's token (see the line printed when "
                                                "the server started).")
            return await handler(request)
        return gated

    async def games(_request: Request) -> Response:
        return _json([{"name": name, "title": TITLES.get(name, name), "players": player_counts(name),
                       "bots": sorted(bots_of(name)), "params": game_parameters(name)} for name in GAMES])

    async def tables(request: Request) -> Response:
        if request.method == "POST":
            try:
                room = hub.create(await _body(request))
            except Refused as err:
                return _error(400, err.reason, str(err))
            return _json(hub.teacher_summary(room), 201)
        return _json([hub.teacher_summary(r) for r in hub.rooms.values()]
                     + [hub.set_aside_summary(code) for code in hub.set_aside])

    def room_of(request: Request) -> Room | Response:
        code = normal_code(request.path_params["code"])
        room = hub.rooms.get(code)
        if room is not None:
            return room
        if code in hub.set_aside:
            return _error(503, "set_aside", SET_ASIDE_WORDS)
        return _error(404, "no_table", NO_TABLE_WORDS)

    async def table_info(request: Request) -> Response:
        room = room_of(request)
        if not isinstance(room, Room):
            return room
        return _json({**room.summary(), "title": TITLES.get(room.game_name, room.game_name)})

    async def claim(request: Request) -> Response:
        room = room_of(request)
        if not isinstance(room, Room):
            return room
        try:
            body = await _body(request)
            if not isinstance(body, dict) or set(body) != {"seat"}:
                raise Refused("bad_request", "a claim is an object with the seat's number: {\"seat\": 0}.")
            async with hub.lock(room):
                key = room.claim(body["seat"])
                await hub.store.commit(room)
        except Refused as err:
            return _error(409 if err.reason == "taken" else 400, err.reason, str(err))
        return _json({"seat": body["seat"], "key": key})

    async def seat(request: Request) -> Response:
        room = room_of(request)
        if not isinstance(room, Room):
            return room
        if request.path_params["what"] not in ("free", "new-key"):
            return _error(404, "bad_request", "a seat is freed (…/free) or given a new key (…/new-key).")
        try:
            number = int(request.path_params["seat"])
            await hub.change_seat(room, number, request.path_params["what"])
        except (ValueError, Refused) as err:
            return _error(400, "bad_request", str(err) if isinstance(err, Refused) else
                          "a seat is a number: /api/tables/CODE/seats/0/free.")
        return _json(hub.teacher_summary(room))

    # --- a live class (`class_desk`) ----------------------------------------------------------
    ClassHandler = Callable[[Request, str], Awaitable[Response]]

    def in_class(handler: ClassHandler) -> Handler:
        """``handler(request, code)`` for a class that exists; a refusal (`Refused`) becomes its
        error, with the status its reason has (`REFUSED`)."""
        async def found(request: Request) -> Response:
            code = normal_code(request.path_params["code"])
            if desk.book.class_name(code) is None:
                return _error(404, "no_class", NO_CLASS_WORDS)
            try:
                return await handler(request, code)
            except Refused as err:
                return _error(REFUSED.get(err.reason, 400), err.reason, str(err))
        return found

    async def classes(request: Request) -> Response:
        if request.method == "POST":
            try:
                made = desk.create(await _body(request), set(hub.rooms) | set(hub.set_aside),
                                   hub.first_letters)
            except Refused as err:
                return _error(400, err.reason, str(err))
            return _json(made, 201)
        return _json(desk.book.classes())

    async def join_class(request: Request, code: str) -> Response:
        joined = desk.join(code, await _body(request))
        desk.changed(code)
        return _json(joined, 201)

    async def class_events(request: Request, code: str) -> Response:
        return _json(await desk.receive(code, await _body(request, MAX_BODY)))

    async def class_snapshot(_request: Request, code: str) -> Response:
        return _json(await asyncio.to_thread(desk.view, code))

    async def class_grades(_request: Request, code: str) -> Response:
        from ..teaching.grader import csv_text

        text = csv_text(await asyncio.to_thread(desk.grades_rows, code))
        saved = {"Content-Disposition": f'attachment; filename="class-{code}.csv"'}
        return Response(text, media_type="text/csv; charset=utf-8", headers={**HEADERS, **saved})

    async def league_submit(request: Request, code: str) -> Response:
        return _json(desk.submit(code, await _body(request, MAX_BODY)), 201)

    async def league_standings(request: Request, code: str) -> Response:
        """A learner's look at their league (their name and key, and the game)."""
        game = desk.learners_league(code, await _body(request))
        return _json(await asyncio.to_thread(desk.league_view, code, game))

    async def league_table(request: Request, code: str) -> Response:
        if request.path_params["game"] not in league_capstones():
            return _error(404, "no_league", "there is no league of that game.")
        return _json(await asyncio.to_thread(desk.league_view, code, request.path_params["game"]))

    async def league_replay(request: Request, code: str) -> Response:
        step = request.query_params.get("step")
        if step is not None and not step.isdigit():
            return _error(400, "bad_request", "step is a number: ?step=0 is the start.")
        found = await asyncio.to_thread(desk.replay, code, int(request.path_params["number"]),
                                        None if step is None else int(step))
        if found is None:
            return _error(404, "no_game", "this class's league has no game with that number.")
        return _json(found)

    async def class_socket(ws: WebSocket) -> None:
        if not origin_allowed(ws.headers, hub.allowed_origins):
            await ws.close(code=FORBIDDEN)
            return
        await ws.accept()
        code = normal_code(ws.path_params["code"])
        if not hub.gate.lookup(_client(ws)):
            return await _refuse(ws, hub.gate, "rate_limited", LIMITED_WORDS, TOO_MANY,
                                 "too many requests from your address: wait a minute")
        if desk.book.class_name(code) is None:
            return await _refuse(ws, hub.gate, "no_class", "there is no class with that code.", NO_TABLE,
                                 "no such class")
        await desk.dashboard(ws, code, hub.token_ok)

    async def socket(ws: WebSocket) -> None:
        if not origin_allowed(ws.headers, hub.allowed_origins):
            # refused before the handshake: a page of another site never talks to a table
            denial = PlainTextResponse("this server answers its own pages only", status_code=403)
            if "websocket.http.response" in ws.scope.get("extensions", {}):
                await ws.send_denial_response(denial)
            else:
                await ws.close(code=FORBIDDEN)
            return
        await ws.accept()
        address, code = _client(ws), normal_code(ws.path_params["code"])
        room = hub.rooms.get(code)
        if not hub.gate.lookup(address):
            return await _refuse(ws, hub.gate, "rate_limited", LIMITED_WORDS, TOO_MANY,
                                 "too many requests from your address: wait a minute")
        if room is None:
            aside = code in hub.set_aside
            return await _refuse(ws, hub.gate, "set_aside" if aside else "no_table",
                                 SET_ASIDE_WORDS if aside else NO_TABLE_WORDS, NO_TABLE, "no such table")
        if (refusal := hub.gate.connect(address, code)) is not None:
            return await _refuse(ws, hub.gate, "too_many", refusal, TOO_MANY, refusal[:120])
        conn = Connection(ws, room, address)
        sending = asyncio.get_running_loop().create_task(sender(conn, hub.gate))
        hub.watchers.setdefault(code, set()).add(conn)
        try:
            await receive(hub, conn)
        finally:
            hub.watchers[code].discard(conn)
            hub.gate.disconnect(address, code)  # its place is free at once, even if it is held a while
            conn.close()  # what is queued is sent (a last error), then the socket is closed
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, Exception):
                await asyncio.wait_for(sending, timeout=hub.gate.limits.hold + 5)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        await desk.start()
        yield
        await desk.stop()
        await hub.stop()

    app = Starlette(routes=[
        Route("/", index), Route("/t/{code}", table_page), Route("/teacher", teacher_page),
        Route("/static/{name}", static), Route("/healthz", health),
        Route("/api/games", api(games, teacher=True)),
        Route("/api/tables", api(tables, teacher=True), methods=["GET", "POST"]),
        Route("/api/tables/{code}", api(table_info)),
        Route("/api/tables/{code}/claim", api(claim), methods=["POST"]),
        Route("/api/tables/{code}/seats/{seat}/{what:str}", api(seat, teacher=True), methods=["POST"]),
        Route("/class/{code}", class_page),
        Route("/api/classes", api(classes, teacher=True), methods=["GET", "POST"]),
        Route("/api/classes/{code}/join", api(in_class(join_class)), methods=["POST"]),
        Route("/api/classes/{code}/events", api(in_class(class_events)), methods=["POST"]),
        Route("/api/classes/{code}/snapshot", api(in_class(class_snapshot), teacher=True)),
        Route("/api/classes/{code}/grades.csv", api(in_class(class_grades), teacher=True)),
        Route("/api/classes/{code}/league", api(in_class(league_submit)), methods=["POST"]),
        Route("/api/classes/{code}/league/standings", api(in_class(league_standings)), methods=["POST"]),
        Route("/api/classes/{code}/league/games/{number:int}", api(in_class(league_replay), teacher=True)),
        Route("/api/classes/{code}/league/{game}", api(in_class(league_table), teacher=True)),
        Route("/class/{code}/replay/{number:int}", replay_page),
        WebSocketRoute("/ws/class/{code}", class_socket),
        WebSocketRoute("/ws/{code}", socket),
    ], lifespan=lifespan)
    app.state.hub = hub
    app.state.desk = desk
    return app


async def _refuse(ws: WebSocket, gate: Gate, reason: str, message: str, code: int, short: str) -> None:
    """An error message, then the close (``short``: the reason a browser is shown; after a while for
    a limit: `hub.close_later`)."""
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "reason": reason, "message": message}))
    await close_later(ws, code, short, gate)
