"""Games being played on the server: each a :class:`Table` with its seats' secret links,
its bots, and the pages watching it.

A seat link carries a token (``secrets.token_urlsafe``) that lets a page play the seats it
names: one link per seat, or one for every person's seat (hot-seat: one screen passed
round). A page without a token watches as a spectator. Tokens are compared in constant
time, and a page is sent only the screen of the seat it plays now (:func:`screen`).

A table may be listed in the server's lobby (:meth:`Lobby.listing`): anyone who reaches
the server may then watch it, or take one of its free seats, a link no page has played
yet (the first person's seat is its opener's, and a hot-seat table has none free).

A table changes only under its lock, one step at a time: a person's action, or a bot's
(chosen in a worker thread, so that the server goes on answering meanwhile). After every
step each page is sent its new screen: put in the page's queue, never waited for
(:mod:`pyramido.web.outbox`), so that a page that stops reading holds up no one.

Bots play while some page watches their table. A game counts as alive, toward the server's
caps (:mod:`pyramido.web.limits`), until it is over or stopped, or until no page has
watched it for :data:`ABANDONED_AFTER` seconds; a page that joins it again makes it alive
again.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..bots import Bot
from ..engine.game import Game
from ..engine.record import make_record
from ..errors import PyramidoError
from ..render import who
from .limits import ABANDONED_AFTER, ALIVE, Limits
from .screen import screen

Send = Callable[[dict[str, Any]], None]  # queues a message for a page (Outbox.put)

MAX_TABLES: Final = 200
"""Games a server holds, alive or not (at least as many as the games alive it allows): the
oldest that is not alive makes room for a new one; a record may be downloaded until then."""


class SeatLinkError(PyramidoError):
    """A seat link that no seat of the table has: forged, mistyped, or of another table."""


@dataclass(eq=False)
class Watcher:
    """A page watching a table: the seats it plays (none: a spectator) and the seat whose
    screen it shows now."""

    send: Send
    seats: frozenset[int]
    viewer: int | None = None
    link: str | None = None  # the seat link it plays by

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
    client: str = ""  # the address of the page that opened it
    names: tuple[str, ...] = ()  # the players' names (by default ``player 0``...)
    listed: bool = False  # in the lobby
    links: dict[str, frozenset[int]] = field(default_factory=dict)
    claimed: set[str] = field(default_factory=set)  # links played, or handed out by the lobby
    watchers: set[Watcher] = field(default_factory=set)
    failure: str | None = None  # a bot's or plugin's failure, which stops the table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    unwatched_since: float = field(default_factory=time.monotonic)
    _bots_running: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        people = [seat for seat in range(self.game.num_players) if seat not in self.bots]
        groups = [people] if self.hot_seat and people else [[seat] for seat in people]
        self.links = {secrets.token_urlsafe(18): frozenset(group) for group in groups}
        self.names = self.names or tuple(who(seat) for seat in range(self.game.num_players))
        self.claimed.update(list(self.links)[:1])  # the opener's seats

    def seats_of(self, token: object) -> tuple[str | None, frozenset[int]]:
        """The link ``token`` is, and the seats it plays (``None``: a spectator, no seat).
        The bytes are compared, which ``compare_digest`` takes of any text (a ``str`` only
        if it is ASCII)."""
        if token is None:
            return None, frozenset()
        if isinstance(token, str):
            sent = token.encode("utf-8", "surrogatepass")
            for link, seats in self.links.items():
                if hmac.compare_digest(link.encode(), sent):
                    return link, seats
        raise SeatLinkError("this seat link is not one of this game's: ask for the link again")

    def describe(self) -> dict[str, Any]:
        """The table as its pages introduce it: no secret in it."""
        return {
            "table": self.ident,
            "ruleset": self.game.ruleset.id,
            "name": self.game.ruleset.data["name"],
            "players": self.game.num_players,
            "names": list(self.names),
            "bots": {str(seat): bot.name for seat, bot in sorted(self.bots.items())},
            "hot_seat": self.hot_seat,
        }

    def free_links(self) -> list[str]:
        """The seat links no page has played and the lobby has not handed out."""
        return [link for link in self.links if link not in self.claimed]

    def hand_out(self) -> tuple[str, frozenset[int]]:
        """A free seat link and its seats, taken from the lobby: no longer free."""
        free = self.free_links()
        if not free:
            raise SeatLinkError("this game has no free seat left: watch it instead")
        self.claimed.add(free[0])
        return free[0], self.links[free[0]]

    def lobby_entry(self) -> dict[str, Any]:
        """The table as the lobby lists it: what it is, its seats free, its watchers."""
        watching = sum(not watcher.seats for watcher in self.watchers)
        return {
            **self.describe(),
            "free": len(self.free_links()),
            "watchers": watching,
            "steps": len(self.game.steps),
        }

    def record(self) -> dict[str, Any]:
        """The finished game's record (every hidden fact is in it: not before the end)."""
        if not self.game.is_over:
            raise PyramidoError("the game is not over: its record holds every seat's secrets")
        return make_record(self.game)

    def alive(self, now: float) -> bool:
        """Whether the game counts toward the server's caps at ``now`` (``time.monotonic``):
        not over, not stopped by a failure, and watched by a page, or within
        :data:`ABANDONED_AFTER` seconds of its last page leaving."""
        if self.game.is_over or self.failure:
            return False
        return bool(self.watchers) or now - self.unwatched_since < ABANDONED_AFTER

    def join(self, watcher: Watcher) -> None:
        if watcher.link is not None:
            self.claimed.add(watcher.link)
        self.watchers.add(watcher)
        self._show(watcher)
        self.wake_bots()

    def leave(self, watcher: Watcher) -> None:
        self.watchers.discard(watcher)
        if not self.watchers:
            self.unwatched_since = time.monotonic()

    async def act(self, seat: int, action: Any, steps: int) -> None:
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
            self.game.apply(action, player=seat)  # the JSON as received: the engine checks it
        self.broadcast()
        self.wake_bots()

    def broadcast(self) -> None:
        """Every page its new screen (each viewer's drawn once), queued: never waiting for
        a page."""
        drawn: dict[int | None, dict[str, Any]] = {}
        for watcher in list(self.watchers):
            self._show(watcher, drawn)

    def _show(self, watcher: Watcher, drawn: dict[int | None, dict[str, Any]] | None = None) -> None:
        drawn = {} if drawn is None else drawn
        viewer = watcher.follow(self.game)
        if viewer not in drawn:
            drawn[viewer] = screen(self.game, viewer, self.names)
        watcher.send({"type": "screen", "screen": drawn[viewer], "failure": self.failure})

    def wake_bots(self) -> None:
        """Let the bots play while they are to decide and some page watches (one task a
        table): a table left alone costs no CPU."""
        if self._bots_running is None or self._bots_running.done():
            self._bots_running = asyncio.get_running_loop().create_task(self._play_bots())

    async def _play_bots(self) -> None:
        while True:
            async with self.lock:
                deciding = (
                    [p for p in self.game.decision.players if p in self.bots] if self.game.decision else []
                )
                if not deciding or self.failure or not self.watchers:
                    return
                player = deciding[0]
                try:
                    index = await asyncio.to_thread(self.bots[player].choose, self.game, player)
                    self.game.apply(index, player=player)
                except Exception as exc:  # a bot's bug too: this game stops, the server goes on
                    said = str(exc) if isinstance(exc, PyramidoError) else f"{type(exc).__name__}: {exc}"
                    self.failure = f"the bot of player {player} failed, so the game stops: {said}"
            self.broadcast()
            await asyncio.sleep(self.bot_delay)

    def _check_running(self) -> None:
        if self.failure:
            raise PyramidoError(self.failure)


class Lobby:
    """The tables of a server, by id, within its ``limits``: at most ``limits.games`` alive,
    ``limits.games_per_client`` of them opened from one address; at most
    :data:`MAX_TABLES` held (or ``limits.games``, if more)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.tables: dict[str, Table] = {}

    def open(self, client: str, make: Callable[[str], Table]) -> Table:
        """A new table made by ``make`` (given its id) for a page at the address ``client``,
        if the caps allow it."""
        now = time.monotonic()
        alive = [table for table in self.tables.values() if table.alive(now)]
        self._check_caps(client, alive)
        self._make_room(now)
        table = make(secrets.token_urlsafe(9))
        self.tables[table.ident] = table
        return table

    def _check_caps(self, client: str, alive: list[Table]) -> None:
        counted = f"({ALIVE})"
        if len(alive) >= self.limits.games:
            raise self.limits.refuse("games", f"the server has {len(alive)} games alive {counted}")
        mine = sum(table.client == client for table in alive)
        if mine >= self.limits.games_per_client:
            asked = f"this address has {mine} games alive here {counted}"
            raise self.limits.refuse("games_per_client", asked)

    def _make_room(self, now: float) -> None:
        """Forget the oldest tables not alive while the lobby is full: there is one, since
        fewer than ``limits.games`` are alive and at least as many are held."""
        while len(self.tables) >= max(MAX_TABLES, self.limits.games):
            oldest = next(ident for ident, table in self.tables.items() if not table.alive(now))
            del self.tables[oldest]

    def listing(self, now: float) -> list[dict[str, Any]]:
        """The tables listed in the lobby that are alive, as it shows them, newest first."""
        return [
            table.lobby_entry()
            for table in reversed(self.tables.values())
            if table.listed and table.alive(now)
        ]

    def get(self, ident: str) -> Table:
        table = self.tables.get(ident)
        if table is None:
            raise PyramidoError("no such game on this server (it may have ended when the server restarted)")
        return table
