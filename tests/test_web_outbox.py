"""A page's outgoing queue (pyramido.web.outbox) on a socket of the test's making: the
messages go out in order, then the close the conversation ends with; a page whose queue
fills, or whose socket takes nothing for SEND_TIMEOUT seconds, is dropped. The whole
server with a client that reads nothing is in tests/test_web_api.py."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from pyramido.web import outbox
from pyramido.web.outbox import DROPPED, QUEUE_SIZE, Outbox


class Socket:
    """A page's socket: what it was sent and the codes it was closed with; ``stuck``, it
    takes nothing (a send or a close never ends), as when the page stopped reading."""

    def __init__(self, stuck: bool = False) -> None:
        self.stuck = stuck
        self.sent: list[Any] = []
        self.closed: list[int] = []

    async def send_text(self, text: str) -> None:
        await self._maybe_stuck()
        self.sent.append(json.loads(text))

    async def close(self, code: int) -> None:
        await self._maybe_stuck()
        self.closed.append(code)

    async def _maybe_stuck(self) -> None:
        if self.stuck:
            await asyncio.Event().wait()


def served(socket: Socket, conversation: Callable[[Outbox], Awaitable[int | None]]) -> Outbox:
    """The outbox of ``socket`` once it has served ``conversation`` (within 10 s)."""

    async def serve() -> Outbox:
        box = Outbox(socket)  # type: ignore[arg-type]  # what it uses of a WebSocket
        await asyncio.wait_for(box.serve(conversation(box)), 10)
        return box

    return asyncio.run(serve())


async def forever() -> None:
    await asyncio.Event().wait()


def test_the_messages_go_out_in_order_then_the_close_the_conversation_ends_with() -> None:
    async def refuse(box: Outbox) -> int:
        for n in range(3):
            box.put({"n": n})
        await asyncio.sleep(0)
        return 4403

    socket = Socket()
    box = served(socket, refuse)
    assert socket.sent == [{"n": 0}, {"n": 1}, {"n": 2}] and socket.closed == [4403] and not box.dropped


def test_a_page_that_leaves_is_not_closed() -> None:
    async def leave(box: Outbox) -> None:
        box.put({"n": 0})

    socket = Socket()
    served(socket, leave)
    assert socket.sent == [{"n": 0}] and socket.closed == []


def test_a_page_whose_queue_fills_is_dropped_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outbox, "SEND_TIMEOUT", 0.2)  # the close, which it does not take either
    puts: list[bool] = []

    async def flood(box: Outbox) -> None:
        for n in range(QUEUE_SIZE + 5):  # all at once, as a table's moves may come
            box.put({"n": n})  # never waits
            puts.append(box.dropped)
        await forever()  # the page sends nothing: only the drop ends this

    socket = Socket(stuck=True)
    box = served(socket, flood)
    assert box.dropped and puts.index(True) == QUEUE_SIZE  # the first put beyond the queue drops it
    assert socket.sent == [] and socket.closed == []  # neither a message nor the close got through


def test_a_page_whose_socket_takes_nothing_for_the_timeout_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(outbox, "SEND_TIMEOUT", 0.2)
    socket = Socket(stuck=True)

    async def one_message(box: Outbox) -> None:
        box.put({"n": 0})
        await asyncio.sleep(0.1)
        socket.stuck = False  # it takes the close: the page is told why it goes
        await forever()

    box = served(socket, one_message)
    assert box.dropped and socket.closed == [DROPPED]
    box.put({"n": 1})  # nothing more is queued for a page dropped
    assert box._queue.empty()
