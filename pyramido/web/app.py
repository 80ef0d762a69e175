"""The web server's ASGI application (Starlette): pages, a small JSON API, one WebSocket a
page watching a game.

``GET /`` starts a game or opens a record; ``GET /table/{id}`` plays or watches one (its
secret seat token in the address's ``#`` part, which browsers never send to the server in
a request); ``GET /replay/{id}`` steps through a record. The API
(docs/web.md) answers JSON, every refusal ``{"error": message}`` with status 400 or 404; the
WebSocket's messages are in :mod:`pyramido.web.messages`.

Every input here is untrusted (docs/trust.md): request bodies are read up to a bound,
parsed strictly and checked; a record is verified before it is shown; a page may name only
the rulesets the server offers (:class:`~pyramido.catalog.Catalog`). A refused input
changes no game.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from ..bots import bot_factory
from ..catalog import Catalog
from ..engine import Game
from ..errors import ArgumentError, PyramidoError, brief
from ..record import MAX_BYTES
from ..strict_json import JsonValueError, is_int, loads
from .messages import MessageError, parse
from .replays import Replay
from .screen import preview
from .tables import Lobby, Send, Table, Watcher
from .uploads import MAX_UPLOAD, ruleset_from_upload

STATIC: Final = Path(str(files("pyramido.web") / "static"))
MAX_REPLAYS: Final = 100
MAX_REQUEST: Final = 1 << 16  # a new game's settings


class BadRequest(PyramidoError):
    """A request the API refuses (400), saying why."""


def create_app(catalog: Catalog | None = None, bot_delay: float = 0.4) -> Starlette:
    """The application: games of the rulesets of ``catalog`` (the shipped ones by default),
    bots waiting ``bot_delay`` seconds after each move so that people can watch them."""
    server = _Server(catalog or Catalog(), bot_delay)
    routes = [
        Route("/", _page("index.html")),
        Route("/table/{table}", _page("table.html")),
        Route("/replay/{replay}", _page("replay.html")),
        Route("/api/rulesets", server.rulesets, methods=["GET"]),
        Route("/api/rulesets", server.upload_ruleset, methods=["POST"]),
        Route("/api/tables", server.new_table, methods=["POST"]),
        Route("/api/tables/{table}", server.table, methods=["GET"]),
        Route("/api/tables/{table}/record", server.table_record, methods=["GET"]),
        Route("/api/replays", server.open_replay, methods=["POST"]),
        Route("/api/replays/{replay}/{step:int}", server.replay_step, methods=["GET"]),
        WebSocketRoute("/ws/{table}", server.table_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={PyramidoError: _refusal})
    app.state.server = server
    return app


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / name, media_type="text/html")

    return page


async def _refusal(request: Request, exc: Exception) -> Response:
    """Every refusal as JSON: 404 for what is not here, 400 for the rest."""
    missing = isinstance(exc, _Missing)
    return JSONResponse({"error": str(exc)}, status_code=404 if missing else 400)


class _Missing(PyramidoError):
    """A table or replay this server does not hold."""


class _Server:
    """The state behind the routes: the rulesets offered, the tables, the replays."""

    def __init__(self, catalog: Catalog, bot_delay: float) -> None:
        self.catalog = catalog
        self.bot_delay = bot_delay
        self.lobby = Lobby()
        self.replays: OrderedDict[str, Replay] = OrderedDict()

    # --- rulesets ---------------------------------------------------------------------------

    async def rulesets(self, request: Request) -> Response:
        listed = []
        for entry in self.catalog.summary():
            bots = self.catalog.get(entry["id"]).registered("pyramido_register_bots")
            listed.append(
                {**entry, "bots": [{"name": b.name, "description": b.description} for b in bots.values()]}
            )
        return JSONResponse({"rulesets": listed})

    async def upload_ruleset(self, request: Request) -> Response:
        sent = await _json_body(request, MAX_UPLOAD * 2)
        text, name = (
            _field(sent, "text", str, "the file's text"),
            _field(sent, "name", str, "the file's name"),
        )
        ruleset = await asyncio.to_thread(ruleset_from_upload, text, name)
        self.catalog.add(ruleset)
        return JSONResponse({"ruleset": ruleset.id, "name": ruleset.data["name"]})

    # --- tables -----------------------------------------------------------------------------

    async def new_table(self, request: Request) -> Response:
        sent = await _json_body(request, MAX_REQUEST)
        ruleset = self.catalog.get(_field(sent, "ruleset", str, "a ruleset id"))
        seats = _field(sent, "seats", list, "a list: for each seat a bot's name, or null for a person")
        options = sent.get("options")
        hot_seat = _field(sent, "hot_seat", bool, "true or false")
        seed = sent["seed"] if "seed" in sent else secrets.randbelow(1 << 32)  # the record keeps it
        game = Game(ruleset, len(seats), seed, options)  # checks the count, the seed, the options
        bots = {
            seat: bot_factory(ruleset, name)((seed + seat) % (1 << 64))
            for seat, name in enumerate(seats)
            if name is not None
        }

        def make(ident: str) -> Table:
            return Table(ident, game, bots, hot_seat, self.bot_delay)

        table = self.lobby.open(make)
        links = [
            {"seats": sorted(seats), "url": f"/table/{table.ident}#{token}"}
            for token, seats in table.links.items()
        ]
        return JSONResponse({**table.describe(), "watch": f"/table/{table.ident}", "links": links})

    def _table(self, request: Request) -> Table:
        try:
            return self.lobby.get(request.path_params["table"])
        except PyramidoError as exc:
            raise _Missing(str(exc)) from None

    async def table(self, request: Request) -> Response:
        return JSONResponse(self._table(request).describe())

    async def table_record(self, request: Request) -> Response:
        return JSONResponse(self._table(request).record())

    async def table_socket(self, websocket: WebSocket) -> None:
        await websocket.accept()
        sending = asyncio.Lock()

        async def send(message: dict[str, Any]) -> None:
            async with sending:  # one frame at a time: bots and answers may send at once
                await websocket.send_text(json.dumps(message, separators=(",", ":")))

        try:
            table = self.lobby.get(websocket.path_params["table"])
        except PyramidoError as exc:
            await send({"type": "error", "message": str(exc)})
            await websocket.close(code=4404)
            return
        watcher: Watcher | None = None
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    return
                try:
                    message = parse(frame.get("text"))
                    if watcher is None:
                        watcher = await _join(table, message, send)
                    else:
                        await _answer(table, watcher, message, send)
                except PyramidoError as exc:
                    await send({"type": "error", "message": str(exc)})
                    if watcher is None and not isinstance(exc, MessageError):  # a forged link
                        await websocket.close(code=4403)
                        return
        finally:
            if watcher is not None:
                table.watchers.discard(watcher)

    # --- replays ----------------------------------------------------------------------------

    async def open_replay(self, request: Request) -> Response:
        text = await _body(request, MAX_BYTES)
        replay = await asyncio.to_thread(Replay, text, self.catalog)
        ident = secrets.token_urlsafe(9)
        self.replays[ident] = replay
        while len(self.replays) > MAX_REPLAYS:
            self.replays.popitem(last=False)
        return JSONResponse({"replay": ident, "url": f"/replay/{ident}", **replay.summary()})

    async def replay_step(self, request: Request) -> Response:
        replay = self.replays.get(request.path_params["replay"])
        if replay is None:
            raise _Missing("no such replay on this server (it may have ended when the server restarted)")
        seat = request.query_params.get("seat", "")
        viewer = None if seat in ("", "spectator") else _seat_number(seat)
        return JSONResponse(replay.screen_at(request.path_params["step"], viewer))


async def _join(table: Table, message: dict[str, Any], send: Send) -> Watcher:
    if message["type"] != "join":
        raise MessageError('the first message is {"type": "join", "token": ...}')
    watcher = Watcher(send, table.seats_of(message["token"]))
    await send({"type": "joined", **table.describe(), "seats": sorted(watcher.seats)})
    await table.join(watcher)
    return watcher


async def _answer(table: Table, watcher: Watcher, message: dict[str, Any], send: Send) -> None:
    kind = message["type"]
    if kind == "join":
        raise MessageError("this page has joined the game already")
    seat = message["seat"]
    if seat not in watcher.seats:
        plays = ", ".join(map(str, sorted(watcher.seats))) or "none: it watches"
        raise MessageError(f"this page does not play seat {seat} (its seats: {plays})")
    if kind == "act":
        await table.act(seat, message["action"], message["steps"])
        return
    async with table.lock:
        shown = preview(table.game, seat, message["action"])
    await send({"type": "preview", "ref": message["ref"], **shown})


def _seat_number(text: str) -> int:
    if not text.isdigit() or len(text) > 3:
        raise ArgumentError(f"seat {brief(text)} is not a seat number")
    return int(text)


def _field(sent: dict[str, Any], name: str, kind: type, wanted: str) -> Any:
    value = sent.get(name)
    if not isinstance(value, kind) or (kind is int and not is_int(value)):
        raise BadRequest(f"{name}: {brief(value)} is not {wanted}")
    return value


async def _body(request: Request, limit: int) -> str:
    """The request's body as text, read up to ``limit`` bytes."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BadRequest(f"the request is more than {limit} bytes")
        chunks.append(chunk)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadRequest(f"byte {exc.start} of the request is not UTF-8") from None


async def _json_body(request: Request, limit: int) -> dict[str, Any]:
    try:
        sent = loads(await _body(request, limit))
    except JsonValueError as exc:
        raise BadRequest(f"the request is not JSON the server reads: {exc}") from None
    if not isinstance(sent, dict):
        raise BadRequest(f"the request is a JSON object, not {brief(sent)}")
    return sent
