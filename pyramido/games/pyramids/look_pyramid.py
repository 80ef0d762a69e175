"""A player's pyramid as a picture, from a :class:`View`: the blocks of the observation,
the markers, cover cards and dominoes of the events, the gaps of finished stages, the
coordinates to place by, the areas a scoring decision lists. Pyramido and Forgotten
Treasures share it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import replace

from rich.console import Group, RenderableType
from rich.text import Text

from ...geometry import core
from ...geometry.board import (
    BOARD_SIZE,
    PRINTED_BASE,
    block_byte,
    block_cells,
    block_index,
    icon_mask,
    placement_blocks,
)
from ...render.view import Json, View
from .look_grid import BlockKey, Notes, PyramidPicture


def board_from_json(pyramid: Sequence[Sequence[Json]], colours: Sequence[str]) -> bytes:
    """The board bytes of an observation's pyramid (blocks by stage)."""
    board = bytearray(BOARD_SIZE)
    for stage, blocks in enumerate(pyramid):
        for block in blocks:
            colour = colours.index(block["colour"]) + 1
            board[block_index(stage, block["x"], block["y"])] = block_byte(colour, icon_mask(block["icons"]))
    return bytes(board)


def notes_from_log(events: Iterable[Json], player: int, marker_stage: int) -> Notes:
    """Markers placed in ``marker_stage`` (1-based), cover cards and dominoes of a player.

    Markers go home after scoring, so a scored stage's markers are only in its events.
    """
    markers: set[BlockKey] = set()
    covers: set[BlockKey] = set()
    pieces: dict[BlockKey, Hashable] = {}
    for event in events:
        if event.get("player") != player:
            continue
        kind = event["type"]
        if kind == "place":
            for block in event["blocks"]:
                pieces[(event["stage"] - 1, block["x"], block["y"])] = ("tile", event["tile"])
        elif kind in ("cover", "fill"):
            key = (event["stage"] - 1, event["x"], event["y"])
            covers.add(key)
            pieces[key] = ("card", *key)
        elif kind == "mark" and event["stage"] == marker_stage:
            markers.add((event["stage"] - 1, event["x"], event["y"]))
    return Notes(frozenset(markers), frozenset(covers), pieces)


def player_pyramid(
    view: View, player: int, marker_stage: int | None = None, *, rulers: bool = False
) -> RenderableType:
    """A player's pyramid now, with the markers of ``marker_stage`` (default: this stage)
    and, under it, the gaps a finished stage kept (Forgotten Treasures).

    With ``rulers``, the block coordinates of the stage being built label the edges, and
    every space a domino may still go to is in the picture: what a person placing needs.
    """
    seat = view.seat(player)
    board = board_from_json(seat["pyramid"], view.colours)
    stage = view.observation["stage"] if marker_stage is None else marker_stage
    picture = PyramidPicture(core.top_view(board), view.colours, notes_from_log(view.events, player, stage))
    base = base_of(view)
    if rulers:
        building = view.observation["stage"] - 1
        picture = replace(picture, frame=_room(board, building, base), ruler=building)
    holes = gaps(board, _finished_stages(view, seat), base)
    if not holes:
        return picture
    listed = ", ".join(f"stage {s + 1} x={x} y={y}" for s, x, y in holes)
    return Group(picture, Text(f"gaps: {listed}", style="dim"))


def base_of(view: View) -> tuple[int, int]:
    """The pyramid's base the view's rules build (``pyramid_base``; the printed 5x4 for a
    view without rules)."""
    width, height = view.rules.get("pyramid_base", PRINTED_BASE)
    return width, height


def _room(board: bytes, stage: int, base: tuple[int, int]) -> frozenset[tuple[int, int]]:
    """The cells of every space a domino may still go to in ``stage`` (0-3) of a pyramid
    on ``base``."""
    return frozenset(
        cell
        for placement in core.placements(board, stage, base=base)
        for space in placement_blocks(placement)
        for cell in block_cells(stage, *space)
    )


def _finished_stages(view: View, seat: Json) -> int:
    """How many stages are over for a seat, so that their holes are gaps for good: those
    below the stage being built, and that one once complete. A player out of the game
    (Pyramido) did not finish his stages: their holes are no gaps."""
    if seat.get("out"):
        return 0
    return int(view.observation["stage"]) - 1 + bool(seat["stage_complete"])


def gaps(board: bytes, stages: int, base: tuple[int, int]) -> list[BlockKey]:
    """The empty spaces of the boxes of the first ``stages`` stages of a pyramid on
    ``base``, bottom up."""
    holes: list[BlockKey] = []
    for stage in range(stages):
        x0, y0, x1, y1 = core.stage_box(board, stage, base=base)
        holes += [
            (stage, x, y)
            for y in range(y0, y1 + 1)
            for x in range(x0, x1 + 1)
            if not board[block_index(stage, x, y)]
        ]
    return holes


def area_map(view: View, player: int) -> PyramidPicture:
    """The player's top view numbered by area, to find the areas a scoring decision lists
    (the numbers are the game's: ``core.label_areas`` of the same board)."""
    board = board_from_json(view.seat(player)["pyramid"], view.colours)
    return PyramidPicture(core.top_view(board), view.colours, areas=tuple(core.label_areas(board).labels))
