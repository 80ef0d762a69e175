"""The web server's ASGI application (Starlette): pages, a small JSON API, one WebSocket a
page watching a game.

``GET /`` starts a game or opens a record; ``GET /table/{id}`` plays or watches one (its
secret seat token in the address's ``#`` part, which browsers never send to the server in
a request); ``GET /replay/{id}`` steps through a record. The API
(docs/web.md) answers JSON, every refusal ``{"error": message}`` with status 400 or 404; the
WebSocket's messages are in :mod:`pyramido.web.messages`.

Every input here is untrusted (docs/trust.md): request bodies are read up to a bound,
parsed strictly and checked; a number in an address is plain ASCII digits in its range; a
record is verified before it is shown; a page may name only the rulesets the server offers
(:class:`~pyramido.engine.catalog.Catalog`); what a page asks is within the server's caps
(:class:`~pyramido.web.limits.Limits`). A refused input changes no game.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
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
from ..engine.catalog import Catalog
from ..engine.game import Game
from ..engine.strict_json import JsonValueError, is_int, loads
from ..errors import PyramidoError, brief
from ..render import who
from .limits import Limits, OverCap
from .messages import MessageError, parse
from .options import check_options, option_schema
from .outbox import Outbox
from .replays import Replay
from .screen import preview
from .tables import Lobby, Send, Table, Watcher
from .uploads import ruleset_from_upload

STATIC: Final = Path(str(files("pyramido.web") / "static"))
MAX_REPLAYS: Final = 100
MAX_REQUEST: Final = 1 << 16  # a new game's settings
MAX_NAME: Final = 24  # a player's name
_NUMBER: Final = re.compile(r"0|[1-9][0-9]{0,17}")  # as a page writes it; 18 digits: any range here


class BadRequest(PyramidoError):
    """A request the API refuses (400), saying why."""


def create_app(
    catalog: Catalog | None = None, bot_delay: float = 0.4, limits: Limits | None = None
) -> Starlette:
    """The application: games of the rulesets of ``catalog`` (the shipped ones by default),
    bots waiting ``bot_delay`` seconds after each move so that people can watch them, what
    a page may ask within ``limits`` (the defaults of :class:`Limits`)."""
    server = _Server(catalog or Catalog(), bot_delay, limits or Limits())
    routes = [
        Route("/", _page("index.html")),
        Route("/table/{table}", _page("table.html")),
        Route("/replay/{replay}", _page("replay.html")),
        Route("/api/rulesets", server.rulesets, methods=["GET"]),
        Route("/api/rulesets", server.upload_ruleset, methods=["POST"]),
        Route("/favicon.ico", _favicon),
        Route("/api/tables", server.lobby_listing, methods=["GET"]),
        Route("/api/tables", server.new_table, methods=["POST"]),
        Route("/api/tables/{table}", server.table, methods=["GET"]),
        Route("/api/tables/{table}/seat", server.take_seat, methods=["POST"]),
        Route("/api/tables/{table}/record", server.table_record, methods=["GET"]),
        Route("/api/replays", server.open_replay, methods=["POST"]),
        Route("/api/replays/{replay}/{step}", server.replay_step, methods=["GET"]),
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


async def _favicon(request: Request) -> Response:
    """Browsers ask for ``/favicon.ico`` whatever a page says: the page's icon."""
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


async def _refusal(request: Request, exc: Exception) -> Response:
    """Every refusal as JSON: 404 for what is not here, a cap's own status for what is
    beyond it (413, 429 or 400), 400 for the rest."""
    status = 404 if isinstance(exc, _Missing) else exc.status if isinstance(exc, OverCap) else 400
    return JSONResponse({"error": str(exc)}, status_code=status)


class _Missing(PyramidoError):
    """A table or replay this server does not hold."""


class _Server:
    """The state behind the routes: the rulesets offered, the tables, the replays."""

    def __init__(self, catalog: Catalog, bot_delay: float, limits: Limits) -> None:
        self.catalog = catalog
        self.bot_delay = bot_delay
        self.limits = limits
        self.lobby = Lobby(limits)
        self.replays: OrderedDict[str, Replay] = OrderedDict()

    # --- rulesets ---------------------------------------------------------------------------

    async def rulesets(self, request: Request) -> Response:
        listed = []
        for entry in self.catalog.summary():
            ruleset = self.catalog.get(entry["id"])
            bots = ruleset.registered("pyramido_register_bots")
            listed.append(
                {
                    **entry,
                    "bots": [{"name": b.name, "description": b.description} for b in bots.values()],
                    "options": option_schema(ruleset),
                }
            )
        return JSONResponse({"rulesets": listed})

    async def upload_ruleset(self, request: Request) -> Response:
        cap = self.limits.overlay_bytes
        too_large = self.limits.refuse("overlay_bytes", "the house-rule file is too large")
        sent = await _json_body(request, 2 * cap + MAX_REQUEST, too_large)  # the text, escaped
        text, name = (
            _field(sent, "text", str, "the file's text"),
            _field(sent, "name", str, "the file's name"),
        )
        if len(text.encode("utf-8", "surrogatepass")) > cap:
            raise too_large
        ruleset = await asyncio.to_thread(ruleset_from_upload, text, name)
        self.catalog.add(ruleset)
        return JSONResponse({"ruleset": ruleset.id, "name": ruleset.data["name"]})

    # --- tables -----------------------------------------------------------------------------

    async def new_table(self, request: Request) -> Response:
        too_large = BadRequest(f"a new game's settings are at most {MAX_REQUEST} bytes")
        sent = await _json_body(request, MAX_REQUEST, too_large)
        ruleset = self.catalog.get(_field(sent, "ruleset", str, "a ruleset id"))
        seats = _field(sent, "seats", list, "a list: for each seat a bot's name, or null for a person")
        options = sent.get("options")
        hot_seat = _field(sent, "hot_seat", bool, "true or false")
        seed = sent["seed"] if "seed" in sent else secrets.randbelow(1 << 32)  # the record keeps it
        names = _names(sent.get("names"), len(seats))
        listed = _field({"listed": False, **sent}, "listed", bool, "true or false")
        check_options(ruleset, options, len(seats))
        game = Game(ruleset, len(seats), seed, options)  # checks the count, the seed, the options
        bots = {
            seat: bot_factory(ruleset, name)((seed + seat) % (1 << 64))
            for seat, name in enumerate(seats)
            if name is not None
        }
        for seat, bot in bots.items():
            self.limits.check_bot(seats[seat], bot)
        client = request.client.host if request.client else ""

        def make(ident: str) -> Table:
            return Table(ident, game, bots, hot_seat, self.bot_delay, client, names, listed)

        table = self.lobby.open(client, make)
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

    async def lobby_listing(self, request: Request) -> Response:
        """The open tables of the lobby: their ruleset, seats free and watchers."""
        return JSONResponse({"tables": self.lobby.listing(time.monotonic())})

    async def take_seat(self, request: Request) -> Response:
        """A free seat of a table listed in the lobby: its link, no longer free."""
        table = self._table(request)
        if not table.listed or not table.alive(time.monotonic()):
            raise BadRequest("this game is not in the lobby: ask its players for a link")
        link, seats = table.hand_out()
        return JSONResponse({"seats": sorted(seats), "url": f"/table/{table.ident}#{link}"})

    async def table_record(self, request: Request) -> Response:
        return JSONResponse(self._table(request).record())

    async def table_socket(self, websocket: WebSocket) -> None:
        """A page's socket: its messages read and answered in turn, while what it is sent
        waits in its own queue (:class:`~pyramido.web.outbox.Outbox`)."""
        await websocket.accept()
        outbox = Outbox(websocket)
        await outbox.serve(self._converse(websocket, outbox.put))

    async def _converse(self, websocket: WebSocket, send: Send) -> int | None:
        """Read the page's messages and answer each, until it leaves (``None``) or is
        refused: the code to close its socket with (4404: no such table, 4403: a forged
        link)."""
        try:
            table = self.lobby.get(websocket.path_params["table"])
        except PyramidoError as exc:
            send({"type": "error", "message": str(exc)})
            return 4404
        watcher: Watcher | None = None
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    return None
                try:
                    message = parse(frame.get("text"))
                    if watcher is None:
                        watcher = _join(table, message, send)
                    else:
                        await _answer(table, watcher, message, send)
                except PyramidoError as exc:
                    send({"type": "error", "message": str(exc)})
                    if watcher is None and not isinstance(exc, MessageError):  # a forged link
                        return 4403
        finally:
            if watcher is not None:
                table.leave(watcher)

    # --- replays ----------------------------------------------------------------------------

    async def open_replay(self, request: Request) -> Response:
        too_large = self.limits.refuse("record_bytes", "the record is too large")
        text = await _body(request, self.limits.record_bytes, too_large)
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
        step = _number(request.path_params["step"], "step", replay.total)
        seat = request.query_params.get("seat", "")
        viewer = None if seat in ("", "spectator") else _number(seat, "seat", replay.players - 1)
        return JSONResponse(replay.screen_at(step, viewer))


def _join(table: Table, message: dict[str, Any], send: Send) -> Watcher:
    if message["type"] != "join":
        raise MessageError('the first message is {"type": "join", "token": ...}')
    link, seats = table.seats_of(message["token"])
    watcher = Watcher(send, seats, link=link)
    send({"type": "joined", **table.describe(), "seats": sorted(watcher.seats)})
    table.join(watcher)
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
    send({"type": "preview", "ref": message["ref"], **shown})


def _names(sent: object, count: int) -> tuple[str, ...]:
    """The players' names a new game's settings give: for each seat a name of at most
    :data:`MAX_NAME` printable characters, or null (``player N``); none at all: every seat
    ``player N``."""
    if sent is None:
        return ()
    if not isinstance(sent, list) or len(sent) != count:
        raise BadRequest(
            f"names: {brief(sent)} is not a list of {count} names (a string or null for each seat)"
        )
    names = []
    for seat, name in enumerate(sent):
        if name is None or (isinstance(name, str) and not name.strip()):
            names.append(who(seat))
        elif isinstance(name, str) and len(name) <= MAX_NAME and name.isprintable():
            names.append(name.strip())
        else:
            raise BadRequest(
                f"names[{seat}]: {brief(name)} is not a name of 1 to {MAX_NAME} printable characters"
            )
    return tuple(names)


def _number(text: str, name: str, top: int) -> int:
    """The number ``text`` of an address (a path or a query) in ``0..top``: ASCII digits
    only, as a page writes them (no sign, space, leading zero or other script's digits,
    which ``int()`` would take or choke on), else a :class:`BadRequest` saying so."""
    if _NUMBER.fullmatch(text) is None or int(text) > top:
        raise BadRequest(f"{name} {brief(text)} is not a whole number in 0..{top}")
    return int(text)


def _field(sent: dict[str, Any], name: str, kind: type, wanted: str) -> Any:
    value = sent.get(name)
    if not isinstance(value, kind) or (kind is int and not is_int(value)):
        raise BadRequest(f"{name}: {brief(value)} is not {wanted}")
    return value


async def _body(request: Request, limit: int, too_large: PyramidoError) -> str:
    """The request's body as text, read up to ``limit`` bytes; beyond, ``too_large``."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadRequest(f"byte {exc.start} of the request is not UTF-8") from None


async def _json_body(request: Request, limit: int, too_large: PyramidoError) -> dict[str, Any]:
    try:
        sent = loads(await _body(request, limit, too_large))
    except JsonValueError as exc:
        raise BadRequest(f"the request is not JSON the server reads: {exc}") from None
    if not isinstance(sent, dict):
        raise BadRequest(f"the request is a JSON object, not {brief(sent)}")
    return sent
