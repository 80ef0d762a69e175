"""Games being played on the server: each a :class:`Table` with its seats' secret links,
its bots, and the pages watching it.

A seat link carries a token (``secrets.token_urlsafe``) that lets a page play the seats it
names: one link per seat, or one for every person's seat (hot-seat: one screen passed
round). A page without a token watches as a spectator. Tokens are compared in constant
time, and a page is sent only the screen of the seat it plays now (:func:`screen`).

A table changes only under its lock, one step at a time: a person's action, or a bot's
(chosen in a worker thread, so that the server goes on answering meanwhile). After every
step each page is sent its new screen.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot
from ..engine import Game
from ..errors import PyramidoError
from ..record import make_record
from .screen import screen

Send = Callable[[dict[str, Any]], Awaitable[None]]

MAX_TABLES = 200  # games a server holds; finished ones make room first


class SeatLinkError(PyramidoError):
    """A seat link that no seat of the table has: forged, mistyped, or of another table."""


@dataclass(eq=False)
class Watcher:
    """A page watching a table: the seats it plays (none: a spectator) and the seat whose
    screen it shows now."""

    send: Send
    seats: frozenset[int]
    viewer: int | None = None

    def follow(self, game: Game) -> int | None:
        """The seat to show now: one of this page's seats that decides, else the one shown
        before (a hot-seat screen turns to whoever must choose next)."""
        if not self.seats:
            return None
        deciding = [p for p in (game.decision.players if game.decision else ()) if p in self.seats]
        if deciding:
            self.viewer = deciding[0]
        elif self.viewer not in self.seats:
            self.viewer = min(self.seats)
        return self.viewer


@dataclass(eq=False)
class Table:
    """One game on the server. ``bots`` plays the seats it names; people play the others."""

    ident: str
    game: Game
    bots: Mapping[int, Bot]
    hot_seat: bool
    bot_delay: float = 0.0
    links: dict[str, frozenset[int]] = field(default_factory=dict)
    watchers: set[Watcher] = field(default_factory=set)
    failure: str | None = None  # a bot's or plugin's failure, which stops the table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _bots_running: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        people = [seat for seat in range(self.game.num_players) if seat not in self.bots]
        groups = [people] if self.hot_seat and people else [[seat] for seat in people]
        self.links = {secrets.token_urlsafe(18): frozenset(group) for group in groups}

    def seats_of(self, token: object) -> frozenset[int]:
        """The seats ``token`` plays (``None``: a spectator, no seat)."""
        if token is None:
            return frozenset()
        if isinstance(token, str):
            found = [seats for known, seats in self.links.items() if hmac.compare_digest(known, token)]
            if found:
                return found[0]
        raise SeatLinkError("this seat link is not one of this game's: ask for the link again")

    def describe(self) -> dict[str, Any]:
        """The table as its pages introduce it: no secret in it."""
        return {
            "table": self.ident,
            "ruleset": self.game.ruleset.id,
            "name": self.game.ruleset.data["name"],
            "players": self.game.num_players,
            "bots": {str(seat): bot.name for seat, bot in sorted(self.bots.items())},
            "hot_seat": self.hot_seat,
        }

    def record(self) -> dict[str, Any]:
        """The finished game's record (every hidden fact is in it: not before the end)."""
        if not self.game.is_over:
            raise PyramidoError("the game is not over: its record holds every seat's secrets")
        return make_record(self.game)

    async def join(self, watcher: Watcher) -> None:
        self.watchers.add(watcher)
        await self._show(watcher)
        self.wake_bots()

    async def act(self, seat: int, action: object, steps: int) -> None:
        """``seat`` takes ``action`` (its JSON), chosen on the screen after ``steps`` steps:
        the engine's error if it cannot, or if the game has moved on since; the game then
        unchanged."""
        async with self.lock:
            self._check_running()
            if steps != len(self.game.steps):
                raise PyramidoError(
                    f"the game moved on since that screen (step {steps}, now {len(self.game.steps)}): "
                    "choose again on this one"
                )
            self.game.apply(action, player=seat)  # type: ignore[arg-type]  # the engine checks it
        await self.broadcast()
        self.wake_bots()

    async def broadcast(self) -> None:
        """Every page its new screen (each viewer's drawn once)."""
        drawn: dict[int | None, dict[str, Any]] = {}
        for watcher in list(self.watchers):
            await self._show(watcher, drawn)

    async def _show(self, watcher: Watcher, drawn: dict[int | None, dict[str, Any]] | None = None) -> None:
        drawn = {} if drawn is None else drawn
        viewer = watcher.follow(self.game)
        if viewer not in drawn:
            drawn[viewer] = screen(self.game, viewer)
        message = {"type": "screen", "screen": drawn[viewer], "failure": self.failure}
        try:
            await watcher.send(message)
        except Exception:  # a page gone mid-send: it is forgotten, the table goes on
            self.watchers.discard(watcher)

    def wake_bots(self) -> None:
        """Let the bots play while they are to decide (one task a table)."""
        if self._bots_running is None or self._bots_running.done():
            self._bots_running = asyncio.get_running_loop().create_task(self._play_bots())

    async def _play_bots(self) -> None:
        while True:
            async with self.lock:
                deciding = (
                    [p for p in self.game.decision.players if p in self.bots] if self.game.decision else []
                )
                if not deciding or self.failure:
                    return
                player = deciding[0]
                try:
                    index = await asyncio.to_thread(self.bots[player].choose, self.game, player)
                    self.game.apply(index, player=player)
                except Exception as exc:  # a bot's bug too: this game stops, the server goes on
                    said = str(exc) if isinstance(exc, PyramidoError) else f"{type(exc).__name__}: {exc}"
                    self.failure = f"the bot of player {player} failed, so the game stops: {said}"
            await self.broadcast()
            await asyncio.sleep(self.bot_delay)

    def _check_running(self) -> None:
        if self.failure:
            raise PyramidoError(self.failure)


class Lobby:
    """The tables of a server, by id (at most :data:`MAX_TABLES`)."""

    def __init__(self) -> None:
        self.tables: dict[str, Table] = {}

    def open(self, make: Callable[[str], Table]) -> Table:
        if len(self.tables) >= MAX_TABLES:
            finished = [ident for ident, table in self.tables.items() if table.game.is_over]
            if not finished:
                raise PyramidoError(f"the server holds {MAX_TABLES} games being played: finish one first")
            del self.tables[finished[0]]
        table = make(secrets.token_urlsafe(9))
        self.tables[table.ident] = table
        return table

    def get(self, ident: str) -> Table:
        table = self.tables.get(ident)
        if table is None:
            raise PyramidoError("no such game on this server (it may have ended when the server restarted)")
        return table
