"""A page's outgoing messages: queued, and sent by a task of the page's own, so that a page
that stops reading holds up no one else.

A table never waits for a page: it puts each page's new screen in that page's queue
(:meth:`Outbox.put`, which returns at once), and the page's own task sends the queue in
order. A page that does not keep up is dropped: its socket is closed with :data:`DROPPED`
once :data:`QUEUE_SIZE` messages wait for it, or once one message has waited
:data:`SEND_TIMEOUT` seconds for the socket to take it. Every update is a whole screen, so
a dropped page loses nothing: it reconnects with its link (``static/table.js``) and is sent
the current screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any, Final

from starlette.websockets import WebSocket, WebSocketDisconnect

QUEUE_SIZE: Final = 64
"""Messages that may wait for one page. A page that reads is hardly ever more than one or
two behind (the kernel's buffers take the last screens as they come); 64 screens are half a
minute of bots' moves at the default ``--bot-delay``, and at most a few megabytes kept for
one page."""

SEND_TIMEOUT: Final = 10.0
"""Seconds one message, or the closing frame, may wait for the socket to take it. The socket
makes it wait only when the kernel's and uvicorn's buffers for that page are full: the page
has read nothing for a while (or its connection is far too slow to play on)."""

DROPPED: Final = 4408
"""The code a dropped page's socket is closed with, when the socket still takes it (a page
that reads nothing sees its connection end instead); either way the page reconnects."""


@dataclass(frozen=True)
class _Close:
    """The end of the queue: close the socket with ``code`` (``None``: the page left)."""

    code: int | None


class Outbox:
    """The messages waiting for one page's socket."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.dropped = False
        self._queue: asyncio.Queue[dict[str, Any] | _Close] = asyncio.Queue(QUEUE_SIZE)
        self._sending: asyncio.Task[None] | None = None

    def put(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the page, never waiting: a page with the queue full is
        dropped (nothing more is queued for it)."""
        self._enqueue(message)

    def _enqueue(self, message: dict[str, Any] | _Close) -> None:
        if self.dropped:
            return
        try:
            self._queue.put_nowait(message)
        except asyncio.QueueFull:
            self._drop()

    async def serve(self, conversation: Awaitable[int | None]) -> None:
        """Send the page's messages while ``conversation`` reads its own and answers; then
        the messages it queued last, and close the socket with the code it ended with
        (``None``: the page left). A page dropped meanwhile has its conversation cancelled
        and its socket closed with :data:`DROPPED`."""
        talking = asyncio.ensure_future(conversation)
        sending = self._sending = asyncio.ensure_future(self._send_all())
        try:
            await asyncio.wait((talking, sending), return_when=asyncio.FIRST_COMPLETED)
            if talking.done():
                self._enqueue(_Close(talking.result()))  # a bug in the conversation raises here
                await asyncio.wait((sending,))
            else:
                talking.cancel()
                await asyncio.wait((talking,))
                await self._close(DROPPED)
        finally:
            talking.cancel()
            sending.cancel()

    def _drop(self) -> None:
        self.dropped = True
        if self._sending is not None:
            self._sending.cancel()

    async def _send_all(self) -> None:
        while True:
            message = await self._queue.get()
            if isinstance(message, _Close):
                if message.code is not None:
                    await self._close(message.code)
                return
            text = json.dumps(message, separators=(",", ":"))
            try:
                await asyncio.wait_for(self.websocket.send_text(text), SEND_TIMEOUT)
            except TimeoutError:
                self.dropped = True
                return
            except WebSocketDisconnect:  # the page left meanwhile
                return

    async def _close(self, code: int) -> None:
        with contextlib.suppress(TimeoutError, WebSocketDisconnect):  # it reads nothing, or has left
            await asyncio.wait_for(self.websocket.close(code), SEND_TIMEOUT)
