"""What ``pyramido rules show`` tells of the hooks Pyramido and Forgotten Treasures share
(:mod:`pyramido.engine.shown`): who starts, and the parameters the printed start-player
hooks read; with what both games' tables are made of (areas of a given size, rows by
colour)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ...engine.game import Game
from ...engine.shown import ShownHook, ShownTable
from ...engine.views import Area
from .hooks import rules_of

if TYPE_CHECKING:
    from ...engine.ruleset import Ruleset

#: The seeds the start player is asked for in each player count: a rule that draws the
#: start player shows the seats it drew.
SEEDS = range(8)
#: The icons of the areas a table of area points lists, one column each.
ICONS = range(1, 11)
ANY_COLOUR = "any colour"


def register_start(register: Callable[..., None]) -> None:
    """Register the start-player hooks: what they read, and who starts."""
    title = f"Who starts, by players (asked for seeds {SEEDS[0]}-{SEEDS[-1]})"
    register("pyramido_start_player", ShownHook(("first_player",), start_players), title)
    register("pyramido_next_start_player", ShownHook(("turn_order_from",)))


def start_players(ruleset: Ruleset) -> ShownTable:
    """The seats ``pyramido_start_player`` answers for each player count the ruleset allows."""
    limits = ruleset.data["players"]
    rows = []
    for players in range(limits["min"], limits["max"] + 1):
        games = [Game(ruleset, players, seed) for seed in SEEDS]
        rows.append((players, sorted({rules_of(game).start_player(game) for game in games})))
    return ShownTable(("players", "seats that start"), tuple(rows))


def area_of(game: Game, colour: str, icons: int, label: int = 0) -> Area:
    """An area of ``colour`` showing ``icons``, as a hook is asked about, on seat 0's
    pyramid (a hook reading the area's cells finds none)."""
    return Area(label, colour, icons, game.seat(0).pyramid)


def by_colour(
    colours: Sequence[str], values: Callable[[str], Sequence[Any]], after: str = ""
) -> list[tuple[Any, ...]]:
    """A table's rows for ``values`` of each colour, colours with the same values on one row
    labelled by them (``any colour`` when they all have), then ``after``: a rule paying
    one colour otherwise shows it on its own row."""
    groups: dict[tuple[Any, ...], list[str]] = {}
    for colour in colours:
        groups.setdefault(tuple(values(colour)), []).append(colour)
    return [
        ((ANY_COLOUR if len(named) == len(colours) else ", ".join(named)) + after, *found)
        for found, named in groups.items()
    ]
