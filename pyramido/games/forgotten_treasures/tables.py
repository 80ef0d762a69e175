"""What Forgotten Treasures works out once per ruleset rather than on every turn: the gems
a gem area offers by the kinds lying in it, and the action index of each ``take`` option
(also by space and the gems in its area, for the printed take).

Each is a pure function of the ruleset's values and of a small fact of the turn, kept in
``ruleset.derived`` (shared by every game of the ruleset; the gem choices are filled in as
they are first asked, and an answer once in is never changed): every turn asks them for
each face-up space, and a random 4-player game has seventy turns.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from .views import TakenGems, gem_kinds, take_gem_options

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ...engine.ruleset import Ruleset


def printed_gem_choices(ruleset: Ruleset, kinds: Iterable[int]) -> tuple[TakenGems, ...]:
    """The printed gem choices of a gem area holding the gems ``kinds`` (by kind, as they
    lie): one gem of any kind there, by kind; with ``gems_per_take`` above 1, every choice
    of that many gems, or all the area holds when it holds fewer. An empty area gives the
    domino alone, or nothing ([ruling: empty_gem_area])."""
    key = tuple(sorted(kinds))
    known: dict[tuple[int, ...], tuple[TakenGems, ...]] = ruleset.derived("ft.gem_choices", _new_table)
    choices = known.get(key)
    if choices is None:
        choices = known[key] = _gem_choices(ruleset, key)
    return choices


def _gem_choices(ruleset: Ruleset, kinds: tuple[int, ...]) -> tuple[TakenGems, ...]:
    names = gem_kinds(ruleset.colours)
    size = min(ruleset.params["gems_per_take"], len(kinds))
    if size == 0:
        return () if ruleset.params["empty_gem_area"] == "not_allowed" else (None,)
    if size == 1:
        return tuple(names[kind] for kind in dict.fromkeys(kinds))
    return tuple(dict.fromkeys(tuple(names[kind] for kind in gems) for gems in combinations(kinds, size)))


def take_indices(ruleset: Ruleset) -> dict[tuple[int, TakenGems], int]:
    """The action index of each take option ``(space, gems)``, the gems as
    ``pyramido_gem_choices`` names them in kind order (:func:`take_gems`)."""
    return ruleset.derived("ft.take_indices", _take_indices)


def _take_indices(ruleset: Ruleset) -> dict[tuple[int, TakenGems], int]:
    take = ruleset.space.kind("take")
    return {
        (space, gem): take.encode((space, value))
        for space in range(take.fields[0].size)
        for gem, value in take_gems(ruleset).items()
    }


def space_takes(ruleset: Ruleset) -> dict[tuple[int, ...], tuple[int, ...]]:
    """The printed take's actions at a space, by ``(space, *gems lying in its area)``, in
    the order they lie: filled in as they are first asked (:func:`printed_takes`), up to
    ``MAX_KEPT`` of them (the printed game's areas of 3 gems or fewer have 1295 keys)."""
    return ruleset.derived("ft.space_takes", _new_table)


MAX_KEPT = 4096


#: By gem inventory, the payments (by number) an area of each colour can get from it.
Affordable = dict[tuple[int, ...], tuple[tuple[int, ...], ...]]


def affordable_table(ruleset: Ruleset) -> Affordable:
    """For each gem inventory met in a scoring, the payments each colour's areas can get
    from it (``scoring._affordable``): filled in as first asked, up to ``MAX_KEPT``
    inventories, for every game of the ruleset (its payment table is the ruleset's)."""
    return ruleset.derived("ft.affordable", _new_table)


def printed_takes(ruleset: Ruleset, key: tuple[int, ...]) -> tuple[int, ...]:
    """The actions of the printed take at space ``key[0]`` whose gem area holds the gem
    kinds ``key[1:]`` (:func:`printed_gem_choices`), ascending."""
    space, *kinds = key
    indices = take_indices(ruleset)
    return tuple(indices[(space, gem)] for gem in printed_gem_choices(ruleset, kinds))


def take_gems(ruleset: Ruleset) -> dict[TakenGems, int]:
    """The value of the take action's gem field for each gems a take option may name: a
    kind's name, several in kind order (``gems_per_take``), or ``None`` for the domino
    alone."""
    return ruleset.derived("ft.take_gems", _take_gems)


def _take_gems(ruleset: Ruleset) -> dict[TakenGems, int]:
    return {gems: value for value, gems in enumerate(taken_gems(ruleset))}


def taken_gems(ruleset: Ruleset) -> tuple[TakenGems, ...]:
    """The gems each value of the take action's gem field names
    (:func:`.views.take_gem_options`)."""
    return ruleset.derived("ft.taken_gems", _taken_gems)


def _taken_gems(ruleset: Ruleset) -> tuple[TakenGems, ...]:
    return take_gem_options(gem_kinds(ruleset.colours), ruleset.params["gems_per_take"])


def _new_table(ruleset: Ruleset) -> dict[Any, Any]:
    return {}
