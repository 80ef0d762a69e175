"""The messages a page sends over its WebSocket, checked before anything is done.

A message is a JSON object of at most :data:`MAX_MESSAGE` bytes, parsed strictly
(:mod:`pyramido.engine.strict_json`), with a ``type`` (a string, one of :data:`FIELDS`) and
exactly that type's fields, each checked for its JSON type and range: all of it here,
before anything uses a value as a key or compares it (an action's own fields are checked
by the engine, ``ActionSpace.from_json``):

- ``{"type": "join", "token": TOKEN | null}``: the first message; ``null`` watches;
- ``{"type": "act", "seat": N, "action": ACTION, "steps": K}``: seat ``N`` takes ``ACTION``
  (its JSON), chosen on the screen of the game after ``K`` steps: if the game has moved on
  since (a bot or another seat played meanwhile), the choice is refused, to be made again;
- ``{"type": "preview", "seat": N, "action": ACTION, "ref": R}``: what ``ACTION`` would do;
  the answer carries ``ref`` (an integer) back.

The server answers ``{"type": "screen", ...}``, ``{"type": "preview", ...}`` or
``{"type": "error", "message": ...}``; a bad message changes nothing (docs/web.md).
"""

from __future__ import annotations

from typing import Any, Final

from ..engine.strict_json import JsonValueError, is_int, loads
from ..errors import PyramidoError, brief

MAX_MESSAGE: Final = 64 * 1024
#: The WebSocket's own bound on a frame: a longer one closes that socket (code 1009) before
#: it is read whole; one between the two bounds is read and refused with a message.
MAX_FRAME: Final = 1 << 20

FIELDS: Final[dict[str, dict[str, str]]] = {
    "join": {"token": "a seat link's token (a string) or null"},
    "act": {"seat": "a seat number", "action": "an action's JSON object", "steps": "a step count"},
    "preview": {"seat": "a seat number", "action": "an action's JSON object", "ref": "an integer"},
}

_CHECKS: Final = {
    "token": lambda value: value is None or (isinstance(value, str) and len(value) <= 200),
    "seat": lambda value: is_int(value) and 0 <= value < 64,
    "action": lambda value: isinstance(value, dict),
    "ref": lambda value: is_int(value) and 0 <= value < 1 << 53,
    "steps": lambda value: is_int(value) and 0 <= value < 1 << 53,
}


class MessageError(PyramidoError):
    """A message the server does not take: it says what is wrong with it."""


def parse(text: str | bytes | None) -> dict[str, Any]:
    """The checked message of a WebSocket frame's ``text`` (``None``: a binary frame)."""
    if not isinstance(text, str):
        raise MessageError("messages are text frames holding a JSON object")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise MessageError(f"a message is at most {MAX_MESSAGE} bytes")
    try:
        message = loads(text)
    except JsonValueError as exc:
        raise MessageError(f"the message is not JSON the server reads: {exc}") from None
    if not isinstance(message, dict):
        raise MessageError(f"a message is a JSON object, not {brief(message)}")
    kind = message.get("type")
    if not (isinstance(kind, str) and kind in FIELDS):  # the type first: a list is no dict key
        raise MessageError(f"the message's type is {brief(kind)}; the types are {', '.join(FIELDS)}")
    fields = FIELDS[kind]
    unknown = sorted(set(message) - {"type", *fields})
    if unknown:
        raise MessageError(f"{kind}: unknown field(s) {', '.join(brief(name, 30) for name in unknown[:5])}")
    for name, wanted in fields.items():
        if name not in message:
            raise MessageError(f"{kind}: missing field {name!r} ({wanted})")
        if not _CHECKS[name](message[name]):
            raise MessageError(f"{kind}.{name}: {brief(message[name])} is not {wanted}")
    return message
