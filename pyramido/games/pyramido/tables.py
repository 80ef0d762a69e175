"""What Pyramido works out once per ruleset rather than on every turn: the colours of the
markers, the sides a set of unused cover cards shows, where a cover card's icon may go,
the cover options for each marked block and set of unused cards, and the action index of
each cover option.

Each is a pure function of the ruleset's values and of a few small facts of the turn, kept
in ``ruleset.derived`` (shared by every game of the ruleset, never changed): a turn asks
them every time a domino is laid, and a random game lays a hundred.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...geometry.board import QUADRANTS
from .views import CoverOption

if TYPE_CHECKING:
    from ...engine.ruleset import Ruleset


def marker_colours(ruleset: Ruleset) -> frozenset[int]:
    """The colour indices of the players' markers (``markers``)."""
    return ruleset.derived("pyramido.marker_colours", _marker_colours)


def _marker_colours(ruleset: Ruleset) -> frozenset[int]:
    colours = ruleset.colours
    return frozenset(colours.index(c) for c in ruleset.params["markers"])


def card_faces(ruleset: Ruleset) -> tuple[tuple[str, ...], ...]:
    """Each cover card as its sides' colours (``cover_cards``), as a seat view shows them."""
    return ruleset.derived("pyramido.card_faces", _card_faces)


def _card_faces(ruleset: Ruleset) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(card) for card in ruleset.params["cover_cards"])


def card_sides(ruleset: Ruleset, covers_left: list[int]) -> list[int]:
    """The colour indices the unused cards ``covers_left`` can show (either side), ascending."""
    known: dict[tuple[int, ...], list[int]] = ruleset.derived("pyramido.card_sides", _new_table)
    key = tuple(covers_left)
    sides = known.get(key)
    if sides is None:
        colours, cards = ruleset.colours, ruleset.params["cover_cards"]
        sides = known[key] = sorted({colours.index(side) for i in covers_left for side in cards[i]})
    return sides


def icon_quadrants(ruleset: Ruleset) -> list[int]:
    """Where a cover card's icon may go: any quadrant if it may be turned, else as printed
    ([ruling: cover_card_icon])."""
    return ruleset.derived("pyramido.icon_quadrants", _icon_quadrants)


def _icon_quadrants(ruleset: Ruleset) -> list[int]:
    printed = ruleset.params["cover_card_icon"]
    return list(range(4)) if printed == "any" else [QUADRANTS.index(printed)]


def cover_options(ruleset: Ruleset, marked: int | None, covers_left: list[int]) -> list[CoverOption]:
    """Any side of an unused card, on a block of the new domino that is not ``marked``, its
    icon where ``cover_card_icon`` lets it go (a new list: the caller may keep it)."""
    return list(_covers(ruleset, marked, covers_left)[0])


def cover_indices(ruleset: Ruleset, marked: int | None, covers_left: list[int]) -> list[int]:
    """The action indices of :func:`cover_options` and of ``keep_covers``, ascending: the
    legal actions of a cover decision the printed rule offers, made with the options (a new
    list: the caller may keep it)."""
    return list(_covers(ruleset, marked, covers_left)[1])


def _covers(
    ruleset: Ruleset, marked: int | None, covers_left: list[int]
) -> tuple[tuple[CoverOption, ...], tuple[int, ...]]:
    """The cover options and their decision's legal indices, made once per ruleset for each
    marked block and set of unused cards (a few dozen in all)."""
    known: dict[tuple[int | None, tuple[int, ...]], tuple[tuple[CoverOption, ...], tuple[int, ...]]]
    known = ruleset.derived("pyramido.cover_options", _new_table)
    key = (marked, tuple(covers_left))
    found = known.get(key)
    if found is None:
        colours, sides, quadrants = ruleset.colours, card_sides(ruleset, covers_left), icon_quadrants(ruleset)
        options = tuple(
            CoverOption(block, colours[colour], QUADRANTS[quadrant])
            for block in (0, 1)
            if block != marked
            for colour in sides
            for quadrant in quadrants
        )
        at = cover_index(ruleset)
        indices = tuple(sorted([*(at[option] for option in options), ruleset.space.index("keep_covers")]))
        found = known[key] = (options, indices)
    return found


def cover_index(ruleset: Ruleset) -> dict[CoverOption, int]:
    """The action index of every cover option of the ruleset's action space."""
    return ruleset.derived("pyramido.cover_index", _cover_index)


def _cover_index(ruleset: Ruleset) -> dict[CoverOption, int]:
    space, colours = ruleset.space, ruleset.colours
    return {
        CoverOption(block, colour, quadrant): space.index("cover", block, c, q)
        for block in (0, 1)
        for c, colour in enumerate(colours)
        for q, quadrant in enumerate(QUADRANTS)
    }


def _new_table(ruleset: Ruleset) -> dict[Any, Any]:
    return {}
