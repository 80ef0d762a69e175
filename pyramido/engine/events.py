"""Who sees an event: the one place that decides what a seat's feed of events holds.

Every change of a game is an event in its log, and the log (what a record stores) holds
everything, secrets included, so that a replay can verify every step. At the table not
everybody sees everything: the order of a shuffled deck is nobody's to see, the cards a
player drew are that player's, a choice made in secret is its maker's until the reveal.
An event says so with ``seen_by``, the seats that alone see it (``[]``: nobody at the
table); an event without it is public. A reveal is a public event of its own that carries
what becomes known, so a feed only ever grows: an event never changes audience later.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeVar

SEEN_BY = "seen_by"
Event = TypeVar("Event", bound=Mapping[str, Any])


def sees(event: Mapping[str, Any], player: int | None) -> bool:
    """Whether ``player`` (``None``: a spectator) sees ``event`` happen."""
    audience = event.get(SEEN_BY)
    return audience is None or (player is not None and player in audience)


def feed(events: Iterable[Event], player: int | None) -> Iterator[Event]:
    """The events of ``events`` that ``player`` sees, in order."""
    return (event for event in events if sees(event, player))
