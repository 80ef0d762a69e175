"""A player's pyramid: the board bytes of :mod:`pyramido.geometry.board` plus the moves that made it.

Shared by Pyramido and Forgotten Treasures, which build the same pyramid with the same
geometry; every geometric question goes to the C core in one call.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ...engine.views import PyramidView, made
from ...geometry import core
from ...geometry.board import (
    BOARD_SIZE,
    SIDE,
    base_shapes,
    block_byte,
    block_index,
    icon_mask,
    placement_blocks,
    quadrant_names,
    rotate_icons,
)
from ...lazy import PickledWithoutCache
from .shape import PRINTED, PyramidShape

if TYPE_CHECKING:
    from ...engine.ruleset import Ruleset

LAYER = SIDE * SIDE  # the bytes of one stage's layer of the board


@dataclass(frozen=True)
class Block:
    """A block of a domino as printed."""

    colour: int
    """An index into the ruleset's ``colours``."""
    icons: int
    """The quadrants of its icons, a mask: bit ``q`` for quadrant ``q`` of ``TL``, ``TR``,
    ``BL``, ``BR``."""


@dataclass(frozen=True)
class Domino(PickledWithoutCache):
    """A domino as printed: block A, with block B to its right."""

    #: The cache of its names (:meth:`_named`), which any game sharing the domino may fill
    #: in: left out of its pickles.
    _caches: ClassVar[tuple[str, ...]] = ("_named_for",)
    #: Its names once a game asked for them (set on the instance by :meth:`_named`):
    #: :meth:`to_json` and :meth:`faces` test it themselves, a call less at every
    #: placement and reveal than asking :meth:`_named`.
    _named_for: ClassVar[_Named | None] = None

    id: int
    a: Block
    b: Block
    #: The board bytes (:func:`~pyramido.geometry.board.block_byte`) of A and B for each rotation:
    #: what laying it writes, worked out once per domino rather than on every placement.
    turned: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        turned = tuple(
            tuple(block_byte(block.colour + 1, rotate_icons(block.icons, rot)) for block in (self.a, self.b))
            for rot in range(4)
        )
        object.__setattr__(self, "turned", turned)

    @classmethod
    def from_data(cls, data: dict[str, Any], colours: Sequence[str]) -> Domino:
        def block(spec: list[str]) -> Block:
            return Block(colours.index(spec[0]), icon_mask(spec[1:]))

        return cls(int(data["id"]), block(data["a"]), block(data["b"]))

    def to_json(self, colours: Sequence[str]) -> dict[str, Any]:
        """``{"id", "a", "b"}``, each block as ``[colour, icon quadrants...]``. Made once per
        colour list (a ruleset's ``colours``, the same list for all its games) and shared by
        every event and observation showing the domino: read it, do not change it."""
        named = self._named_for
        return (named if named is not None and named.colours is colours else self._named(colours)).json

    def faces(self, colours: Sequence[str], rot: int) -> tuple[tuple[str, list[str]], ...]:
        """``(colour, icon quadrants)`` of blocks A and B turned ``rot`` quarter turns, as a
        placement shows them (the lists are shared, as :meth:`to_json`'s)."""
        named = self._named_for
        return (named if named is not None and named.colours is colours else self._named(colours)).faces[rot]

    def _named(self, colours: Sequence[str]) -> _Named:
        """Its names in ``colours``, made and kept (what :meth:`to_json` and :meth:`faces`
        read, at every placement and reveal, while ``_named_for`` is for other colours)."""
        named = _Named(
            colours,
            {"id": self.id, "a": block_json(self.a, colours), "b": block_json(self.b, colours)},
            tuple(tuple(_face(block, colours, rot) for block in (self.a, self.b)) for rot in range(4)),
        )
        object.__setattr__(self, "_named_for", named)  # a cache, not a field: no part of equality
        return named


def _face(block: Block, colours: Sequence[str], rot: int) -> tuple[str, list[str]]:
    return colours[block.colour], list(quadrant_names(rotate_icons(block.icons, rot)))


class _Named(NamedTuple):
    """What a domino looks like in JSON with one ruleset's colour names (Domino._named)."""

    colours: Sequence[str]
    json: dict[str, Any]
    faces: tuple[tuple[tuple[str, list[str]], ...], ...]


#: The block of every board byte (``None`` for an empty space), made once: a pyramid is
#: read block by block on every turn, and a Block is immutable.
_BLOCKS: tuple[Block | None, ...] = (None, *(Block((byte & 7) - 1, byte >> 4) for byte in range(1, 256)))


def parsed_dominoes(ruleset: Ruleset) -> tuple[Domino, ...]:
    """The ruleset's dominoes as printed, parsed once per ruleset
    (``ruleset.derived("pyramid.dominoes", parsed_dominoes)``): every game shuffles a copy."""
    colours = ruleset.colours
    return tuple(Domino.from_data(d, colours) for d in ruleset.components["dominoes"])


def dominoes_json(ruleset: Ruleset) -> dict[int, dict[str, Any]]:
    """The JSON of each of the ruleset's dominoes by id (:meth:`Domino.to_json`), made once
    per ruleset: a deal event lists them all, in every game."""
    return ruleset.derived("pyramid.dominoes_json", _dominoes_json)


def _dominoes_json(ruleset: Ruleset) -> dict[int, dict[str, Any]]:
    colours = ruleset.colours
    return {
        domino.id: domino.to_json(colours) for domino in ruleset.derived("pyramid.dominoes", parsed_dominoes)
    }


def block_json(block: Block, colours: Sequence[str]) -> list[str]:
    return [colours[block.colour], *quadrant_names(block.icons)]


class Pyramid:
    """The stages of one player's pyramid (four printed: its ``shape``)."""

    __slots__ = ("_placements", "board", "linked", "shape", "stage")

    def __init__(self, linked: bool = False, shape: PyramidShape = PRINTED) -> None:
        self.board = bytearray(BOARD_SIZE)
        self.stage = 0
        self.linked = linked  # areas join through hidden blocks (area_connectivity: through_supports)
        self.shape = shape  # the ruleset's base and stages (pyramid_base, pyramid_stages)
        # the last answer of placement_indices() and the stage, board and first it was for:
        # a turn asks twice (does any domino fit? where may this one go?) between two
        # changes of the board
        self._placements: tuple[int, bytes, int, list[int]] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Pyramid:
        twin = Pyramid(self.linked, self.shape)
        twin.board[:] = self.board
        twin.stage = self.stage
        twin._placements = self._placements
        return twin

    def view(self, colours: Sequence[str]) -> PyramidView:
        """The typed view of this pyramid (a copy: changing the pyramid leaves it as it was)."""
        return made(
            PyramidView,
            board=bytes(self.board),
            stage=self.stage + 1,
            colours=tuple(colours),
            linked=self.linked,
        )

    def placements(self) -> list[int]:
        """Every legal placement of a domino in the current stage (C core, one call)."""
        return self.placement_indices(0)

    def placement_indices(self, first: int) -> list[int]:
        """:meth:`placements`, each plus ``first``: the indices of the place actions of an
        action space whose first place action is ``first`` (the C core adds it, in the one
        call that lists them; see :func:`pyramido.geometry.core.placement_indices`)."""
        known = self._placements
        if known is None or known[1] != self.board or known[0] != self.stage:
            board = bytes(self.board)  # copied only when it changed (a bytearray equals its bytes)
            listed = core.placement_indices(board, self.stage, first, self.shape.base)
            known = self._placements = (self.stage, board, first, listed)
        elif known[2] != first:  # the same placements from another first (a bot's, from 0)
            shift = first - known[2]
            return [index + shift for index in known[3]]
        return known[3][:]  # a copy: the kept list is never handed out

    def place(self, domino: Domino, placement: int) -> list[tuple[int, int]]:
        """Lay ``domino`` at a legal ``placement``; return the block spaces of A and B."""
        spaces = placement_blocks(placement)
        (ax, ay), (bx, by) = spaces
        board, layer, (a, b) = self.board, self.stage * SIDE, domino.turned[placement & 3]
        board[(layer + ay) * SIDE + ax] = a
        board[(layer + by) * SIDE + bx] = b
        return list(spaces)

    def put_block(self, x: int, y: int, colour: int, icons: int) -> None:
        """Lay a single block (a cover card) on space ``(x, y)`` of the current stage."""
        self.board[block_index(self.stage, x, y)] = block_byte(colour + 1, icons)

    def block(self, x: int, y: int, stage: int | None = None) -> Block | None:
        return _BLOCKS[self.board[block_index(self.stage if stage is None else stage, x, y)]]

    def blocks_in_stage(self, stage: int | None = None) -> int:
        start = (self.stage if stage is None else stage) * LAYER  # each stage's layer in turn
        return LAYER - self.board.count(0, start, start + LAYER)

    def blocks_below(self, stage: int) -> int:
        """The blocks of every stage before ``stage`` (0-based), counted in one go."""
        return stage * LAYER - self.board.count(0, 0, stage * LAYER)

    def is_stage_full(self) -> bool:
        return self.blocks_in_stage() == self.shape.stage_blocks[self.stage]

    def empty_spaces(self, last_box: bool = False) -> list[tuple[int, int]]:
        """Empty block spaces of the current stage's box, in row-major order.

        In stage 1 the box floats until the blocks span it; if it is still loose, the first
        box of the base's shape (5x4 or 4x5 printed; by top-left corner, row-major) that
        holds every block is used, or the last with ``last_box``.
        """
        if self.stage == 0:
            boxes = self._stage0_boxes()
            box = next(reversed(list(boxes)) if last_box else boxes, None)
            assert box is not None, "stage 1 blocks fit no box"  # placements keep them in one
            x0, y0, x1, y1 = box
        else:
            x0, y0, x1, y1 = core.stage_box(self.board, self.stage, base=self.shape.base)
        # each space's byte worked out in place, as block_index would, without its call per space
        board, layer = self.board, self.stage * SIDE
        return [
            (x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1) if not board[(layer + y) * SIDE + x]
        ]

    def _stage0_boxes(self) -> Iterator[tuple[int, int, int, int]]:
        """Every box of the base's shape (5x4 or 4x5 printed) holding stage 1's blocks, by
        top-left corner in row order (made as asked: the first is usually all that is read)."""
        width, height = base = self.shape.base
        if not self.blocks_in_stage(0):
            yield (4, 4, 4 + width - 1, 4 + height - 1)
            return
        bx0, by0, bx1, by1 = core.stage_box(self.board, 0, base=base)
        shapes, longest = base_shapes(base), max(base)  # no box corner lies further away
        for y0 in range(max(0, by1 - longest + 1), by0 + 1):
            for x0 in range(max(0, bx1 - longest + 1), bx0 + 1):
                for w, h in shapes:
                    x1, y1 = x0 + w - 1, y0 + h - 1
                    if bx1 <= x1 < SIDE and by1 <= y1 < SIDE:
                        yield (x0, y0, x1, y1)

    def areas(self) -> core.Areas:
        return core.label_areas(self.board, linked=self.linked)

    def to_json(self, colours: Sequence[str]) -> list[list[dict[str, Any]]]:
        """Every placed block by stage: ``{"x", "y", "colour", "icons"}``."""
        out: list[list[dict[str, Any]]] = []
        for stage in range(4):
            blocks = []
            for y in range(SIDE):
                for x in range(SIDE):
                    found = self.block(x, y, stage)
                    if found is not None:
                        blocks.append(
                            {
                                "x": x,
                                "y": y,
                                "colour": colours[found.colour],
                                "icons": list(quadrant_names(found.icons)),
                            }
                        )
            out.append(blocks)
        return out
