"""The printed rules at each of Forgotten Treasures' phase hooks (:mod:`.hookspecs`), with
the project's rulings as ruleset values (docs/rules.md §3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...engine.hookspecs import hookimpl
from ...engine.views import Area, ScoreLine
from .activation import PRINTED_PAYMENTS, printed_area_value
from .gems import gem_names
from .state import State, state_of
from .tables import printed_gem_choices
from .views import MYTHICAL, LegendPick, Payment

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from ..pyramids.pyramid import Domino

#: The printed payment table: an activation, then a double (docs/rules.md §3.3).
PAYMENTS: Final = tuple(Payment(*payment) for payment in PRINTED_PAYMENTS)
PAYMENT_LABELS: Final = tuple(payment.label for payment in PAYMENTS)


@hookimpl
def pyramido_take_spaces(game: Game, player: int) -> list[int]:
    state = state_of(game)
    return [space for space, pile in enumerate(state.piles) if pile and state.face_up[space]]


@hookimpl
def pyramido_gem_choices(game: Game, player: int, space: int) -> list[str | tuple[str, ...] | None]:
    """One gem of any kind in the area (``gems_per_take`` gems: any that many); [ruling:
    empty_gem_area] an empty area gives the domino alone (``domino_alone``) or cannot be
    chosen (``not_allowed``)."""
    state = state_of(game)
    return list(printed_gem_choices(game.ruleset, state.gem_areas[space]))


@hookimpl
def pyramido_replenish_gems(game: Game, space: int) -> int:
    """An emptied gem area is replenished at once, and only then."""
    state: State = game.state
    empty = not state.gem_areas[space]
    return game.ruleset.params["gems_per_area"] if empty else 0


@hookimpl
def pyramido_reveal_options(game: Game, player: int) -> list[int]:
    state: State = game.state  # at every turn: the attribute, not the accessor's call
    piles = state.piles  # a face-down top is rare: tested first
    return [pile for pile, up in enumerate(state.face_up) if not up and piles[pile]]


@hookimpl
def pyramido_payment_table(ruleset: Ruleset) -> list[tuple[int, int, bool]]:
    return list(PAYMENTS)


@hookimpl
def pyramido_area_value(game: Game, player: int, area: Area, doubled: bool) -> int:
    return printed_area_value(area.icons, doubled)


@hookimpl
def pyramido_inventory_limit(game: Game, player: int) -> int:
    limit: int = game.ruleset.params["inventory_limit"]
    return limit


@hookimpl
def pyramido_legend_wishes(game: Game, domino: Domino) -> list[str]:
    """The colours of the icons (not the blocks) of his top domino, as a multiset."""
    colours = game.ruleset.colours
    return [colours[block.colour] for block in (domino.a, domino.b) for _ in range(block.icons.bit_count())]


@hookimpl
def pyramido_legend_picks(game: Game, wishes: list[str]) -> list[LegendPick]:
    """From the leftmost face-up space on, every gem filling an open wish until both are
    filled; short of 2 gems (``legend_gems_per_turn``), mythical gems from the leftmost
    again until he took 2."""
    state = state_of(game)
    most = game.ruleset.params["legend_gems_per_turn"]
    spaces = [
        (s, gem_names(game, sorted(state.gem_areas[s])))  # as the table shows a gem area
        for s, pile in enumerate(state.piles)
        if pile and state.face_up[s]
    ]
    open_wishes = list(wishes)
    picks: list[LegendPick] = []
    for s, gems in spaces:
        for gem in gems:
            if gem in open_wishes and len(picks) < most:
                open_wishes.remove(gem)
                picks.append(LegendPick(s, gem))
    for s, gems in spaces:
        mythical = gems.count(MYTHICAL)
        while mythical and len(picks) < most:
            mythical -= 1
            picks.append(LegendPick(s, MYTHICAL))
    return picks


@hookimpl
def pyramido_legend_score(game: Game) -> list[ScoreLine]:
    """Each coloured gem scores the stage number, each mythical gem
    ``legend.points_per_mythical``."""
    state = state_of(game)
    assert state.legend is not None
    gems = state.legend.gems
    mythical = gems[-1]
    coloured = sum(gems) - mythical
    per_mythical = game.ruleset.params["legend"]["points_per_mythical"]
    return [
        ScoreLine("legend_coloured", "coloured gems", coloured * (state.stage + 1), {"gems": coloured}),
        ScoreLine("legend_mythical", "mythical gems", mythical * per_mythical, {"gems": mythical}),
    ]
