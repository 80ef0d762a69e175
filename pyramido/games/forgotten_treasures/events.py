"""Every event a game of Forgotten Treasures emits, in the order of a game (forms:
:mod:`pyramido.games.events`; those shared with Pyramido:
:mod:`pyramido.games.pyramids.events`).

Colours and gem kinds are names (``"red"``, ``"mythical"``), spaces and piles 0-based
indices (space i is pile i and the gem area before it), stages 1-4. In the solo game the
Legend is ``"legend"`` where a seat would be. The players' activations, discards and ends
of activation are secret until the stage is scored: they emit no event of their own, and
``stage_scored`` carries them all.
"""

from typing import Literal, NotRequired, TypedDict

from ..events import GameOver, Legend
from ..pyramids.events import Deal, DominoJson, Place, Split, StageComplete, StageScored, StageStart


class FrontJson(TypedDict):
    """A face-up top domino: a domino's keys, and its face."""

    face: Literal["front"]
    id: int
    a: list[str]
    b: list[str]


class BackJson(TypedDict):
    """A face-down top domino as its back shows it: each block's colour and icon count,
    ``[colour, icons]``, no quadrants."""

    face: Literal["back"]
    a: list[str | int]
    b: list[str | int]


class SpaceJson(TypedDict):
    """A space of the exploration area: its pile's size, its top (``null``: empty) and the
    gems of its gem area."""

    pile_size: int
    top: FrontJson | BackJson | None
    gems: list[str]


class Setup(TypedDict):
    """The table as dealt: the mode (``multiplayer``, ``legend``, ``the-legend``), the
    exploration area, the Legend's first domino (solo) and who starts."""

    type: Literal["setup"]
    mode: Literal["multiplayer", "legend", "the-legend"]
    spaces: list[SpaceJson]
    legend_pile: list[DominoJson] | None
    """``null`` unless solo."""
    start_player: int


class Take(TypedDict):
    """A player took the face-up domino of a space and a gem of its gem area, or several
    (``gems_per_take``) (the ``take`` action)."""

    type: Literal["take"]
    player: int
    pile: int
    tile: int
    """The domino's id."""
    gem: NotRequired[str]
    """The gem's kind (several: their kinds joined by ``+``, as the action's gem names them,
    ``red+mythical``); absent when the domino came alone (the action's gem ``none``)."""


class Replenish(TypedDict):
    """Gems drawn from the bag into a gem area (``pyramido_replenish_gems``)."""

    type: Literal["replenish"]
    area: int
    """The space of the gem area."""
    gems: list[str]


class BagRefilledFromDiscards(TypedDict):
    """The bag ran out: the discards went back into it."""

    type: Literal["bag_refilled_from_discards"]
    gems: int
    """How many gems the bag holds now."""


class Reveal(TypedDict):
    """A face-down top domino was turned face up (the ``reveal`` action, or after the
    Legend's take)."""

    type: Literal["reveal"]
    player: int | Legend
    pile: int
    domino: DominoJson


class NoDominoFits(TypedDict):
    """At the start of a player's turn no domino fits their stage: their turn is lost and
    the stage complete, gaps and all."""

    type: Literal["no_domino_fits"]
    player: int
    stage: int


class NoDominoToTake(TypedDict):
    """At the start of a player's turn no space offers a domino
    (``pyramido_take_spaces``): their turn is lost and the stage complete."""

    type: Literal["no_domino_to_take"]
    player: int
    stage: int


class LegendGemJson(TypedDict):
    """A gem the Legend took: from the gem area of ``space``, of kind ``gem``."""

    space: int
    gem: str


class LegendTurn(TypedDict):
    """The Legend's turn (solo): the gems he took (``pyramido_legend_picks``) and the
    domino of the last one's space."""

    type: Literal["legend_turn"]
    gems: list[LegendGemJson]
    pile: int | None
    """The space he took the domino of; ``null`` when no space had a face-up domino."""
    tile: int | None
    drawn: NotRequired[list[str]]
    """The gem drawn at random from the bag when he took none; absent otherwise."""


class LegendDraws(TypedDict):
    """At a stage's start, THE Legend (``the-legend`` mode), holding enough mythical gems,
    draws a gem from the bag."""

    type: Literal["legend_draws"]
    reason: str
    gems: list[str]


class ScoringStart(TypedDict):
    """Every stage is complete: the players choose their activations and discards, in
    secret, at once."""

    type: Literal["scoring_start"]
    stage: int


#: Every event of a game of Forgotten Treasures, each once.
EVENTS = (
    Deal,
    Setup,
    Take,
    Split,
    Replenish,
    BagRefilledFromDiscards,
    Reveal,
    Place,
    NoDominoFits,
    NoDominoToTake,
    LegendTurn,
    LegendDraws,
    StageComplete,
    ScoringStart,
    StageScored,
    StageStart,
    GameOver,
)
