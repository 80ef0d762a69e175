"""Two Steps' pieces: the tiles (printed in the ruleset), the game's own state (private to
this package) and the typed views plugins and bots read instead (``game.seat(player)``,
``game.table()``, what ``pyramido_score_stage`` scores)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

GAME = "two-steps"
STAGES = 2  # the two steps


@dataclass(frozen=True)
class Tile:
    """A tile: ``id`` is its place in the ruleset's list of tiles."""

    id: int
    colour: str
    number: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "colour": self.colour, "number": self.number}


Row = tuple[Tile | None, ...]


def tile_json(tile: Tile | None) -> dict[str, Any] | None:
    return None if tile is None else tile.to_json()


def climbs(row: Row) -> bool:
    """Whether the tiles of ``row`` so far go strictly up from left to right (gaps
    allowed, as long as a gap leaves room for the numbers it needs)."""
    last, gap = 0, 0
    for tile in row:
        if tile is None:
            gap += 1
            continue
        if tile.number <= last + gap:
            return False
        last, gap = tile.number, 0
    return True


# --- the state: the plugin's own -------------------------------------------------------------


@dataclass
class Seat:
    rows: list[list[Tile | None]]  # by stage, by space
    stage_scores: list[int] = field(default_factory=list)


@dataclass
class State:
    bag: list[Tile]  # drawn from the end; its order is secret
    market: list[Tile | None]
    seats: list[Seat]
    stage: int = 0  # 0-based
    start_player: int = 0
    player: int = 0
    in_hand: Tile | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """Tiles are immutable and shared; every list the rules change is copied."""
        twin = copy.copy(self)
        twin.bag = list(self.bag)
        twin.market = list(self.market)
        twin.seats = [Seat([list(row) for row in s.rows], list(s.stage_scores)) for s in self.seats]
        return twin


# --- the views: what plugins and bots read ---------------------------------------------------


@dataclass(frozen=True)
class TwoStepsPosition:
    """What a stage scores: the row of ``stage`` (1-based), real or imagined by a bot."""

    stage: int
    row: Row


@dataclass(frozen=True)
class TwoStepsSeat:
    """One seat (``game.seat(player)``): its rows by stage, its stage scores, and the tile it
    holds (taken, not yet placed: only while it decides where)."""

    player: int
    stage: int
    rows: tuple[Row, ...]
    stage_scores: tuple[int, ...]
    in_hand: Tile | None

    @property
    def position(self) -> TwoStepsPosition:
        return TwoStepsPosition(self.stage, self.rows[self.stage - 1])


@dataclass(frozen=True)
class TwoStepsTable:
    """The table (``game.table()``): the stage (1-2), the market by slot (``None``: empty)
    and how many tiles are left in the bag."""

    stage: int
    market: tuple[Tile | None, ...]
    bag_size: int
