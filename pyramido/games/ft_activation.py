"""The exact activation solver of Forgotten Treasures (FT) stage scoring.

At the end of a stage a player spends gems to activate areas (RULINGS 3): 1 gem of the
area's colour, where 2 mythical gems may stand for it, or the equivalent of 3 to double it;
each area at most once; 1 point per icon of an activated area (2 if doubled) plus 1 per
mythical gem left. Gems kept may be worth something later (the inventory is then cut to
5), so :func:`best_activation` maximises this stage's points plus a value per kept gem.

Exact and fast, as the greedy bot calls it every stage and the UI offers it as a hint:
within one colour only the numbers of singles and doubles matter (the largest areas get
them, doubles first), and only how many units of that colour coloured gems and mythical
pairs pay; the colours then share the mythical pairs by a knapsack over (mythical pairs,
coloured gems) spent. :func:`score_spends` checks and scores a player's own choice.

The rulebook's stage-1 example: areas of 2, 3, 3 and 4 icons activated, one of 5 doubled,
1 mythical gem kept: 2 + 3 + 3 + 4 + 10 + 1 = 23.

>>> best_activation([(0, 2), (1, 3), (2, 3), (3, 4), (4, 5)], [1, 1, 1, 1, 3], 1).points
23
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SINGLE = 1  # units of an area's colour an activation costs
DOUBLE = 3  # ... and a doubled one
MYTHICAL_PER_UNIT = 2

# Within one knapsack cell (mythical pairs and coloured gems spent fixed, hence the same
# gems kept) choices are ranked by a key compared lexicographically: (icon points, areas
# activated, areas doubled, coloured gems per area), the last three integers whose digits
# are the areas, area 0 most significant, so a larger key activates, doubles and pays with
# coloured gems the lowest indices first. Keys add up over colours, whose areas are
# disjoint, and lexicographic order survives adding the same key to both sides: each colour
# and each cell can keep only its best key and the best total is still found.
_Key = tuple[int, int, int, int]
_ZERO: _Key = (0, 0, 0, 0)


@dataclass(frozen=True)
class Spend:
    """Gems placed on one area: ``coloured`` of the area's colour plus ``mythical``."""

    area: int
    coloured: int
    mythical: int
    double: bool


@dataclass(frozen=True)
class Activation:
    """A scoring choice: this stage's ``points``, ``value`` with the kept gems, the spends."""

    points: int
    value: float
    spends: tuple[Spend, ...]


@dataclass(frozen=True)
class _Option:
    """One colour's choice: gems it spends and the tie-break key of what they buy."""

    coloured: int
    pairs: int  # mythical pairs
    key: _Key
    spends: tuple[Spend, ...]


# (mythical pairs, coloured gems) spent -> the best key there and the options giving it
_Cells = dict[tuple[int, int], tuple[_Key, tuple[_Option, ...]]]


def best_activation(
    areas: Sequence[tuple[int, int]],
    coloured: Sequence[int],
    mythical: int,
    keep_value: tuple[float, float] = (0.0, 0.0),
    keep_limit: int = 5,
) -> Activation:
    """The spends of highest ``value``: points plus the best ``keep_limit`` gems kept.

    ``areas`` are ``(colour, icons)``, colour an index into ``coloured`` (gems held per
    colour); ``keep_value`` is what each coloured and each mythical gem still held is worth
    beyond this stage. Ties go to the fewest gems spent, then to activating (then doubling,
    then paying with coloured gems) the lowest area indices first.
    """
    _check_inventory(areas, coloured, mythical)
    if keep_limit < 0:
        raise ValueError(f"keep_limit must be >= 0, got {keep_limit}")
    max_pairs = mythical // MYTHICAL_PER_UNIT
    cells: _Cells = {(0, 0): (_ZERO, ())}
    for colour, owned in enumerate(coloured):
        cells = _add_colour(cells, _colour_options(areas, colour, owned, max_pairs), max_pairs)

    def points_and_value(pairs: int, spent: int, icon_points: int) -> tuple[int, float]:
        mythical_left = mythical - MYTHICAL_PER_UNIT * pairs
        points = icon_points + mythical_left
        return points, points + _kept_value(sum(coloured) - spent, mythical_left, keep_value, keep_limit)

    def rank(cell: tuple[tuple[int, int], tuple[_Key, tuple[_Option, ...]]]) -> tuple[float, ...]:
        (pairs, spent), (key, _) = cell
        gems = spent + MYTHICAL_PER_UNIT * pairs
        return (points_and_value(pairs, spent, key[0])[1], -gems, *key[1:])

    (pairs, spent), (key, chosen) = max(cells.items(), key=rank)
    spends = sorted((spend for option in chosen for spend in option.spends), key=lambda spend: spend.area)
    return Activation(*points_and_value(pairs, spent, key[0]), tuple(spends))


def _colour_options(
    areas: Sequence[tuple[int, int]], colour: int, owned: int, max_pairs: int
) -> list[_Option]:
    """One colour's best choice for each split of each affordable number of units.

    For ``units`` paid by ``spent`` coloured gems and the rest by mythical pairs, only the
    number of doubles is free: the activated areas are then the largest (lowest index
    first among equals) and the doubled ones the largest of those.
    """
    members = sorted((i for i, (c, _) in enumerate(areas) if c == colour), key=lambda i: (-areas[i][1], i))
    options = []
    for units in range(1, min(DOUBLE * len(members), owned + max_pairs) + 1):
        doubles = [d for d in range(units // DOUBLE + 1) if units - (DOUBLE - 1) * d <= len(members)]
        if not doubles:  # too few areas to take exactly this many units
            continue
        for spent in range(max(0, units - max_pairs), min(units, owned) + 1):
            plans = (_plan(areas, members, units, d, spent) for d in doubles)
            options.append(max(plans, key=lambda option: option.key))
    return options


def _plan(
    areas: Sequence[tuple[int, int]], members: Sequence[int], units: int, doubles: int, coloured: int
) -> _Option:
    """``units`` over ``members`` (best first), ``doubles`` of them doubled, ``coloured`` gems.

    Coloured gems go to the lowest area indices first, mythical pairs pay the rest.
    """
    activated = members[: units - (DOUBLE - 1) * doubles]
    doubled = set(activated[:doubles])
    spends = []
    unpaid = coloured
    for area in sorted(activated):
        cost = DOUBLE if area in doubled else SINGLE
        paid = min(unpaid, cost)
        unpaid -= paid
        spends.append(Spend(area, paid, MYTHICAL_PER_UNIT * (cost - paid), area in doubled))
    return _Option(coloured, units - coloured, _key(areas, spends), tuple(spends))


def _key(areas: Sequence[tuple[int, int]], spends: Sequence[Spend]) -> _Key:
    """The tie-break key of ``spends`` (see ``_Key``): base 2 for areas, base 4 for gems."""
    top = len(areas) - 1
    return (
        sum(_icon_points(areas, spend) for spend in spends),
        sum(1 << (top - spend.area) for spend in spends),
        sum(1 << (top - spend.area) for spend in spends if spend.double),
        sum(spend.coloured << 2 * (top - spend.area) for spend in spends),
    )


def _add_colour(cells: _Cells, options: Sequence[_Option], max_pairs: int) -> _Cells:
    """The knapsack step: each cell (mythical pairs, coloured gems spent) keeps its best key."""
    merged = dict(cells)  # the colour's option of spending nothing
    for (pairs, spent), (key, chosen) in cells.items():
        for option in options:
            if pairs + option.pairs > max_pairs:
                continue
            cell = (pairs + option.pairs, spent + option.coloured)
            total = _plus(key, option.key)
            if cell not in merged or total > merged[cell][0]:
                merged[cell] = (total, (*chosen, option))
    return merged


def _plus(a: _Key, b: _Key) -> _Key:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _kept_value(coloured: int, mythical: int, keep_value: tuple[float, float], keep_limit: int) -> float:
    """The worth of the gems kept: ``keep_limit`` of them (if held), the more valuable kind first."""
    kept = min(keep_limit, coloured + mythical)
    (first, first_worth), (_, second_worth) = sorted(
        ((coloured, keep_value[0]), (mythical, keep_value[1])), key=lambda kind: -kind[1]
    )
    return min(first, kept) * first_worth + (kept - min(first, kept)) * second_worth


def _icon_points(areas: Sequence[tuple[int, int]], spend: Spend) -> int:
    return areas[spend.area][1] * (2 if spend.double else 1)


def _check_inventory(areas: Sequence[tuple[int, int]], coloured: Sequence[int], mythical: int) -> None:
    """Reject negative counts and areas of a colour the inventory does not list."""
    if mythical < 0 or any(count < 0 for count in coloured):
        raise ValueError(f"gem counts must be >= 0, got coloured {list(coloured)}, mythical {mythical}")
    for index, (colour, icons) in enumerate(areas):
        if not 0 <= colour < len(coloured) or icons < 0:
            raise ValueError(f"area {index}: colour {colour} of {len(coloured)}, {icons} icons")


def score_spends(
    areas: Sequence[tuple[int, int]],
    coloured: Sequence[int],
    mythical: int,
    spends: Sequence[Spend],
    colour_names: Sequence[str] = (),
) -> int:
    """The points of a player's own ``spends``, or ValueError naming why they are not legal.

    The gems a spend pays are of its area's colour, so gems of the wrong colour show as
    gems of the area's colour the inventory does not hold (named by ``colour_names``).
    """
    _check_inventory(areas, coloured, mythical)
    used = [0] * len(coloured)
    seen: set[int] = set()
    for spend in spends:
        _check_spend(areas, spend, seen)
        seen.add(spend.area)
        used[areas[spend.area][0]] += spend.coloured
    for colour, (needed, owned) in enumerate(zip(used, coloured, strict=True)):
        if needed > owned:
            name = colour_names[colour] if colour < len(colour_names) else f"colour {colour}"
            raise ValueError(f"the spends need {needed} {name} gems, the inventory holds {owned}")
    mythical_left = mythical - sum(spend.mythical for spend in spends)
    if mythical_left < 0:
        raise ValueError(
            f"the spends need {mythical - mythical_left} mythical gems, the inventory holds {mythical}"
        )
    return sum(_icon_points(areas, spend) for spend in spends) + mythical_left


def _check_spend(areas: Sequence[tuple[int, int]], spend: Spend, seen: set[int]) -> None:
    if not 0 <= spend.area < len(areas):
        raise ValueError(f"there is no area {spend.area} (areas 0-{len(areas) - 1})")
    if spend.area in seen:
        raise ValueError(f"area {spend.area} is activated twice")
    cost = DOUBLE if spend.double else SINGLE
    if (
        spend.coloured < 0
        or spend.mythical < 0
        or spend.mythical % MYTHICAL_PER_UNIT
        or spend.coloured + spend.mythical // MYTHICAL_PER_UNIT != cost
    ):
        kind = (
            "a double (3 coloured or equivalent)"
            if spend.double
            else "an activation (1 coloured or 2 mythical)"
        )
        raise ValueError(
            f"area {spend.area}: {spend.coloured} coloured + {spend.mythical} mythical gems do not pay {kind}"
        )
