"""What ``pyramido rules show`` tells of Pyramido's hooks (:mod:`pyramido.engine.shown`):
the rule parameters each printed implementation reads (:mod:`.phases`, :mod:`.setup`), and
the tables a house-rule author checks a scoring rule by: who starts, the points of a marked
area, the Mino bonus. Each table asks the ruleset's hooks, so a house rule shows its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.hookspecs import hookimpl
from ...engine.shown import ShownHook, ShownTable
from ..pyramids.shape import PARAMETERS as SHAPE
from ..pyramids.shown import ICONS, area_of, by_colour, register_start
from ..shared import sample_game
from .hooks import rules_of

if TYPE_CHECKING:
    from ...engine.ruleset import Ruleset

#: The marked areas of the Mino bonus table, by their icons (each of another colour).
MARKED = ((3,), (2, 5), (1, 4, 6))


@hookimpl
def pyramido_register_shown(register: Callable[..., None]) -> None:
    register_start(register)
    register("pyramido_action_space", ShownHook(("quarry_slots",)))
    register("pyramido_setup", ShownHook(("quarry_slots", "cover_cards", "area_connectivity", *SHAPE)))
    register("pyramido_markable_blocks", ShownHook(("markers",)))
    register("pyramido_cover_options", ShownHook(("cover_cards", "cover_card_icon")))
    register("pyramido_refill_piles", ShownHook(("empty_slot",)))
    register("pyramido_fill_spaces", ShownHook(("loose_box",)))
    register("pyramido_eliminated", ShownHook(("lacking_covers",)))
    register("pyramido_seat_view", ShownHook(("markers",)))
    register("pyramido_observation", ShownHook(("cover_cards",)))
    register(
        "pyramido_area_points",
        ShownHook(("points_per_icon",), area_points),
        "Points of a marked area, by its icons",
    )
    register(
        "pyramido_mino_bonus",
        ShownHook(("mino_bonus", "points_per_icon"), mino_bonus),
        "The Mino bonus of a stage, by the icons of its marked areas",
    )


def area_points(ruleset: Ruleset) -> ShownTable:
    """``pyramido_area_points`` of an area of each marker's colour holding its marker."""
    game = sample_game(ruleset)
    points = rules_of(game).area_points

    def row(colour: str) -> list[int]:
        return [points(game, 0, area_of(game, colour, icons), (colour,)) for icons in ICONS]

    rows = by_colour(ruleset.params["markers"], row)
    return ShownTable(("icons", *map(str, ICONS)), tuple(rows))


def mino_bonus(ruleset: Ruleset) -> ShownTable:
    """The points of ``pyramido_mino_bonus``'s lines for each of :data:`MARKED`."""
    game = sample_game(ruleset)
    bonus = rules_of(game).mino_bonus
    colours = ruleset.params["markers"]
    rows = []
    for icons in MARKED:
        marked = tuple(area_of(game, colours[i], n, label=i) for i, n in enumerate(icons))
        rows.append((", ".join(map(str, icons)), sum(line.points for line in bonus(game, 0, marked))))
    return ShownTable(("marked areas' icons", "points"), tuple(rows))
