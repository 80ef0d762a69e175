"""A real web server for the web tests: uvicorn serving ``create_app`` on a free localhost
port, in a thread of the test process (so that a test may look at the games it holds)."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from websockets.sync.client import ClientConnection, connect

from pyramido.engine.catalog import Catalog
from pyramido.web.app import create_app
from pyramido.web.command import listen
from pyramido.web.limits import Limits
from pyramido.web.messages import MAX_FRAME

#: The tests' servers hold the dozens of games each test module opens from this address; the
#: tests of the caps (tests/test_web_limits.py) give their own.
MANY_GAMES = Limits(games_per_client=1000, games=1000)


class LiveServer:
    def __init__(
        self, catalog: Catalog | None = None, bot_delay: float = 0.0, limits: Limits = MANY_GAMES
    ) -> None:
        self.app = create_app(catalog, bot_delay, limits)
        sock = listen("127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        config = uvicorn.Config(self.app, log_level="warning", lifespan="off", ws_max_size=MAX_FRAME)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)

    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://")

    def tables(self) -> dict[str, Any]:
        return self.app.state.server.lobby.tables  # type: ignore[no-any-return]

    def request(self, path: str, body: bytes | str | dict[str, Any] | None = None) -> tuple[int, Any]:
        """(status, parsed JSON) of a GET, or of a POST of ``body``."""
        data = json.dumps(body).encode() if isinstance(body, dict) else body
        data = data.encode() if isinstance(data, str) else data
        request = urllib.request.Request(self.url + path, data=data, method="GET" if data is None else "POST")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def new_table(self, **settings: Any) -> dict[str, Any]:
        status, table = self.request("/api/tables", settings)
        assert status == 200, table
        return table  # type: ignore[no-any-return]

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def token_of(table: dict[str, Any], seat: int) -> str:
    """The secret token of the link that plays ``seat``."""
    return next(link["url"].split("#", 1)[1] for link in table["links"] if seat in link["seats"])


@contextmanager
def joined(server: LiveServer, table: dict[str, Any], token: str | None) -> Iterator[ClientConnection]:
    """A socket that has joined ``table`` and read its first screen."""
    with connect(f"{server.ws}/ws/{table['table']}", max_size=None) as socket:
        socket.send(json.dumps({"type": "join", "token": token}))
        assert json.loads(socket.recv(timeout=30))["type"] == "joined"
        first = json.loads(socket.recv(timeout=30))
        assert first["type"] == "screen"
        socket.first = first["screen"]  # type: ignore[attr-defined]
        yield socket
