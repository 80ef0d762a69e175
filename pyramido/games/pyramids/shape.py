"""The pyramid's size, a rule parameter of both pyramid games: its base and how many stages
stand on it (docs/rules.md §1: printed, 4 stages of 5x4, 4x3, 3x2 and 2x1 blocks).

``pyramid_base: [w, h]`` is stage 1's box in blocks, either way round, and every stage
above is one block shorter each way (the C core's geometry, docs/core.md, takes the base
as an argument); ``pyramid_stages`` says how many stages are built. A house rule may play a
smaller pyramid (``rulesets/house-rules/pyramido-small-pyramid.yaml``: 4x3, 3 stages). The
shape is read once per ruleset (:func:`pyramid_shape`) and every pyramid holds it, so that
what the printed game did with its constants it does with the shape's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from ...geometry.board import PRINTED_BASE, STAGES

if TYPE_CHECKING:
    from ...engine.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class PyramidShape:
    """A pyramid's base (blocks, either way round) and its number of stages (slotted: a
    turn reads its base and stage sizes)."""

    base: tuple[int, int]
    stages: int
    #: The block spaces of each stage (0-based): the base shrunk by the stage each way.
    stage_blocks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: The block spaces of the stages before each stage, and of all of them (last item).
    spaces_below: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        width, height = self.base
        blocks = tuple((width - s) * (height - s) for s in range(self.stages))
        object.__setattr__(self, "stage_blocks", blocks)
        object.__setattr__(self, "spaces_below", (0, *accumulate(blocks)))

    @property
    def last_stage(self) -> int:
        """The last stage (0-based): the game ends once it is scored."""
        return self.stages - 1


#: The rule parameters the shape is made of: what a game's setup reads (``rules show``).
PARAMETERS = ("pyramid_base", "pyramid_stages")
#: The printed pyramid: 4 stages on a 5x4 base.
PRINTED = PyramidShape(PRINTED_BASE, STAGES)


def shape_of(params: Mapping[str, Any]) -> PyramidShape:
    """The shape a ruleset's rule parameters give: :data:`PRINTED` itself when it is the
    printed one, so that its base is the geometry's ``PRINTED_BASE``, which the C facade
    tells by identity on every turn."""
    shape = PyramidShape((params["pyramid_base"][0], params["pyramid_base"][1]), params["pyramid_stages"])
    return PRINTED if shape == PRINTED else shape


def pyramid_shape(ruleset: Ruleset) -> PyramidShape:
    """The ruleset's pyramid shape, made once per ruleset."""
    return ruleset.derived("pyramid.shape", lambda r: shape_of(r.params))


def shape_problems(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What is wrong with a ruleset's pyramid (the schema checked each number's range):
    no more stages than the base's shorter side, and an even number of block spaces in
    every stage, so that dominoes can fill it."""
    width, height = params["pyramid_base"]
    stages = params["pyramid_stages"]
    if stages > min(width, height):
        detail = f"{stages} stages do not stand on a {width}x{height} base: at most {min(width, height)}"
        return [("$.rules.pyramid_stages", detail)]
    odd = [
        f"stage {stage + 1} of a {width}x{height} base has {blocks} block spaces: dominoes fill an even"
        " number"
        for stage, blocks in enumerate(PyramidShape((width, height), stages).stage_blocks)
        if blocks % 2
    ]
    return [("$.rules.pyramid_base", problem) for problem in odd]
