"""The engine protocol: ``pyramido engine`` speaks JSON lines on stdin and stdout, so that a
program in any language can play (as GTP does for Go engines and UCI for chess engines).

:class:`~pyramido.protocol.session.Session` answers one request at a time;
:func:`~pyramido.protocol.command.serve` reads request lines from a stream and writes the
response lines. The messages are in ``schemas/engine-protocol.schema.json``; docs/protocol.md,
"The engine protocol", shows them.
"""

from __future__ import annotations

from .command import engine, serve
from .session import COMMANDS, ProtocolError, Session

__all__ = ["COMMANDS", "ProtocolError", "Session", "engine", "serve"]
