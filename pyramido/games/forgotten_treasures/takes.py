"""The ``take`` actions a turn offers: worked out once as the turn starts (whether there is
any decides whether the turn is played at all), kept in the turn for its legal list.

With the printed rules at ``pyramido_take_spaces`` and ``pyramido_gem_choices`` (no other
plugin implements them) the indices are read from the state through a table made once
per ruleset (:func:`printed_take_legal`, the fast path ``take_legal``), without asking the
hooks for every space of every turn: the same actions, in the same order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from ...errors import brief
from .hooks import rules_of
from .state import State, state_of
from .tables import MAX_KEPT, printed_takes, space_takes, take_gems, take_indices

if TYPE_CHECKING:
    from ...engine.game import Game
    from .views import TakenGems


def take_legal(game: Game, player: int, state: State | None = None) -> list[int]:
    """The indices of the ``(space, gems)`` a take may name, ascending:
    ``pyramido_take_spaces`` and, for each, ``pyramido_gem_choices`` (a gem kind, several
    kinds, or ``None`` for the domino alone). ``state``: the game's, as the caller read it."""
    rules = rules_of(game)
    gem_choices = rules.gem_choices
    options = [
        (space, _in_kind_order(game, gem))
        for space in rules.take_spaces(game, player)
        for gem in gem_choices(game, player, space)
    ]
    indices = take_indices(game.ruleset)
    for option in options:
        if option not in indices:
            _refuse_take(game, *option)
    return sorted([indices[option] for option in options])


def printed_take_legal(game: Game, player: int, state: State | None = None) -> list[int]:
    """The printed take (each face-up space, one gem of each kind in its area, or the
    domino alone from an empty area unless ``empty_gem_area`` is ``not_allowed``), read
    from the state: each space's actions by the gems lying in its area, ascending, made
    once per ruleset (:func:`.tables.space_takes`)."""
    known = space_takes(game.ruleset)
    if state is None:
        state = state_of(game)
    legal: list[int] = []
    face_up, gem_areas = state.face_up, state.gem_areas
    for space, pile in enumerate(state.piles):
        if pile and face_up[space]:
            key = (space, *gem_areas[space])
            takes = known.get(key)
            if takes is None:
                takes = printed_takes(game.ruleset, key)
                if len(known) < MAX_KEPT:
                    known[key] = takes
            legal += takes
    return legal


def _in_kind_order(game: Game, gems: TakenGems) -> TakenGems:
    """A hook's gems as the action space names them: several in kind order, one alone."""
    if not isinstance(gems, tuple):
        return gems
    kinds = state_of(game).kinds
    ordered = tuple(sorted(gems, key=lambda gem: kinds.index(gem) if gem in kinds else len(kinds)))
    return ordered[0] if len(ordered) == 1 else ordered


def _refuse_take(game: Game, space: int, gem: TakenGems) -> NoReturn:
    """A take option that names no action: raise the error that says why."""
    gems = take_gems(game.ruleset)
    if gem not in gems:
        kinds = ", ".join(name for name in gems if isinstance(name, str))
        if isinstance(gem, tuple) and all(name in gems for name in gem):
            most = game.ruleset.params["gems_per_take"]
            raise ValueError(
                f"pyramido_gem_choices answered {brief(gem)}: a take carries at most {most} gem(s) "
                "(gems_per_take)"
            )
        raise ValueError(f"pyramido_gem_choices answered {brief(gem)}: a gem is one of {kinds}, or None")
    game.space.index("take", space, gems[gem])  # raises: there is no such space
    raise AssertionError(f"take option {(space, gem)} has an index")  # pragma: no cover
