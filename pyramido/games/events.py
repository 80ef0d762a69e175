"""The forms of what a game logs: every event and every score line, as a ``TypedDict`` of
its JSON, one field per key, as ``game.events()``, ``game.events_for(player)`` and records
hold it.

Each game lists its own in its ``events`` module (``EVENTS``, by the ``type`` of each) and
its ``score_lines`` module (``SCORE_LINES``, by the ``id`` of each); the API reference
renders them, and ``tests/test_event_forms.py`` plays seeded games of every shipped
ruleset and fails on an event or a score line that its game's forms do not describe
(type, id, keys or values). Here are the forms all three games share.

Any event may also hold ``seen_by``: the seats that alone see it (``[]``: nobody at the
table, a secret of chance kept for the record); an event without it is public
(:mod:`pyramido.engine.events`). The forms leave it out.

These forms are documentation and a test's oracle: the games build their events as plain
dicts, as fast as they can, and never construct these.
"""

from typing import Literal, NotRequired, TypedDict

#: Who the player of an event is in Forgotten Treasures' solo game when it is the Legend
#: rather than a seat.
Legend = Literal["legend"]


class RankingRowJson(TypedDict):
    """One row of the final ranking (:class:`~pyramido.engine.views.RankingRow`), best
    first."""

    player: int | Legend
    """The seat (or the Legend)."""
    rank: int
    """1 for the best; tied players share a rank."""
    score: int
    """The player's points."""
    tiebreak: list[int]
    """The values compared after the points, in order, higher first."""
    out: NotRequired[bool]
    """``true`` for a player out of the game (Pyramido), ranked below everybody; absent
    otherwise."""


class ScoreLineJson(TypedDict):
    """One line of a score (:class:`~pyramido.engine.views.ScoreLine`), as events list
    them: these three keys, then the line's detail keys beside them, which each ``id``
    has its own of (every game's ``SCORE_LINES``; a house rule's lines have the ids and
    keys it gives them)."""

    id: str
    """Stable: find a line by it, never by ``what``."""
    what: str
    """The line's label, for people."""
    points: int
    """What the line adds to the total (the total is the sum of the lines)."""


class GameOver(TypedDict):
    """The game is over: the final ranking."""

    type: Literal["game_over"]
    ranking: list[RankingRowJson]
    """One row per player (and the Legend, in solo), best first."""
