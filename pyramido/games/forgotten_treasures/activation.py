"""The exact activation solver of Forgotten Treasures (FT) stage scoring.

At the end of a stage a player spends gems to activate areas (docs/rules.md §3.3): each
area at most once, by one of the ways the payment table lists (printed: 1 gem of the
area's colour or 2 mythical gems; to double it, 3 coloured gems or an equivalent), for the
points the area value gives (printed: 1 per icon, 2 if doubled), plus 1 point per mythical
gem left (``mythical_kept_points``). Gems kept may be worth something later (the
inventory is then cut to its limit), so :func:`best_activation` maximises this stage's
points plus a value per kept gem.
:func:`score_spends` checks and scores a player's own choice.

The payment table and the area value are the game's phase hooks
(``pyramido_payment_table``, ``pyramido_area_value``): a caller with a game passes what
they answer, so that the solver follows house rules; without them it uses the printed
rules, the hooks' defaults.

Exact and fast, as the greedy bot calls it at every activation and the UI offers it as a
hint: the colours share only the mythical gems, so each colour's choices are reduced by a
small dynamic programme over its areas to the best one per (coloured, mythical) gems spent,
and the colours are then joined by a knapsack over (mythical, coloured) gems spent. Areas
worth no points are skipped when every payment costs a gem: activating one can only lose.
That needs a score that adds up over the areas, plus the mythical gems left: the game's
own (any area value and payment table included). A house rule's extra score lines, or its
own stage score, may pay for the spends as a whole (10 per mythical gem kept, 3 per area
activated, 5 for exactly two doubles): :func:`best_scored_activation` is exact for any
such score, by scoring every legal set of spends with it (the greedy bot's
``activation_plan`` picks the solver by who scores the ruleset's stages).

The rulebook's stage-1 example: areas of 2, 3, 3 and 4 icons activated, one of 5 doubled,
1 mythical gem kept: 2 + 3 + 3 + 4 + 10 + 1 = 23.

>>> best_activation([(0, 2), (1, 3), (2, 3), (3, 4), (4, 5)], [1, 1, 1, 1, 3], 1).points
23
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

#: A way to pay for an area: (coloured gems of its colour, mythical gems, doubled).
Payment = tuple[int, int, bool]
#: The points of area ``index`` of the ``areas`` given, activated or doubled.
AreaValue = Callable[[int, bool], int]
#: The stage's points once the spends given are made: the ruleset's own score.
StageScore = Callable[[tuple["Spend", ...]], int]

#: The printed ways to pay (docs/rules.md, Forgotten Treasures: scoring): 1 coloured or 2
#: mythical gems activate an area; 3, 2+2, 1+4 or 0+6 double it.
PRINTED_PAYMENTS: tuple[Payment, ...] = (
    (1, 0, False),
    (0, 2, False),
    (3, 0, True),
    (2, 2, True),
    (1, 4, True),
    (0, 6, True),
)


def printed_area_value(icons: int, doubled: bool) -> int:
    """1 point per visible icon, twice as many when the area is doubled: the one place the
    doubling is written (the default of ``pyramido_area_value``, and the solver's rule when
    it is given no game's)."""
    return icons * (2 if doubled else 1)


# Choices are ranked by (value, fewest gems spent, then a key compared lexicographically):
# (points of the areas, areas activated, areas doubled, coloured gems per area), the last
# three integers whose digits are the areas, area 0 most significant, so a larger key
# activates, doubles and pays with coloured gems the lowest indices first. Keys add up over
# areas, which are disjoint, and lexicographic order survives adding the same key to both
# sides: for each (gems spent) only the best key needs keeping, area by area and colour by
# colour, and the best total is still found.
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


# (coloured gems, mythical gems) spent -> the best key there and the spends giving it
_Choices = dict[tuple[int, int], tuple[_Key, tuple[Spend, ...]]]


def best_activation(
    areas: Sequence[tuple[int, int]],
    coloured: Sequence[int],
    mythical: int,
    keep_value: tuple[float, float] = (0.0, 0.0),
    keep_limit: int = 5,
    *,
    payments: Sequence[Payment] | None = None,
    area_value: AreaValue | None = None,
    mythical_points: int = 1,
    closed: Collection[int] = (),
) -> Activation:
    """The spends of highest ``value``: points plus the best ``keep_limit`` gems kept.

    ``areas`` are ``(colour, icons)``, colour an index into ``coloured`` (gems held per
    colour); ``keep_value`` is what each coloured and each mythical gem still held is worth
    beyond this stage; ``payments``, ``area_value`` and ``mythical_points`` (per mythical gem
    left, ``mythical_kept_points``) are the game's (by default the printed ones); the areas
    ``closed`` (already activated) are left alone. Ties go to the fewest gems spent, then to
    activating (then doubling, then paying with coloured gems) the lowest area indices first.
    """
    _check_inventory(areas, coloured, mythical)
    _check_keep(keep_value, keep_limit)
    payments, area_value = _rules(areas, payments, area_value)
    scorer = _Scorer(areas, payments, area_value, closed)
    cells: _Choices = {(0, 0): (_ZERO, ())}  # (mythical, coloured) spent over the colours so far
    for colour, owned in enumerate(coloured):
        cells = _join(cells, scorer.colour_choices(colour, owned, mythical), mythical)

    def points_and_value(mythical_spent: int, spent: int, area_points: int) -> tuple[int, float]:
        mythical_left = mythical - mythical_spent
        points = area_points + mythical_points * mythical_left
        return points, points + _kept_value(sum(coloured) - spent, mythical_left, keep_value, keep_limit)

    def rank(cell: tuple[tuple[int, int], tuple[_Key, tuple[Spend, ...]]]) -> tuple[float, ...]:
        (mythical_spent, spent), (key, _) = cell
        return (points_and_value(mythical_spent, spent, key[0])[1], -(spent + mythical_spent), *key[1:])

    (mythical_spent, spent), (key, chosen) = max(cells.items(), key=rank)
    spends = tuple(sorted(chosen, key=lambda spend: spend.area))
    return Activation(*points_and_value(mythical_spent, spent, key[0]), spends)


def best_scored_activation(
    areas: Sequence[tuple[int, int]],
    coloured: Sequence[int],
    mythical: int,
    score: StageScore,
    keep_value: tuple[float, float] = (0.0, 0.0),
    keep_limit: int = 5,
    *,
    payments: Sequence[Payment] | None = None,
    closed: Collection[int] = (),
) -> Activation:
    """:func:`best_activation` for any ``score`` of the spends: ``points`` are ``score``'s.

    Exact because every legal set of spends is scored: a score that is not a sum over the
    areas can make any set the best one (a line paying 5 for exactly two doubles makes a
    set of fewer area points win; one paying per area activated, a set of more cheap
    areas), so no set can be left out without reading the score's code. It costs one
    ``score`` per set, and the sets are few where the game is played: a median of some
    300 and at most some 13,000 at the stage ends of 12 greedy games of 2 and 4 players,
    where each payment of the printed table costs a gem (a free payment would double them
    per area). The spends are scored, and returned, colour by colour, each colour's by
    area. Ties go as :func:`best_activation`'s, then to paying the lowest area indices
    with more mythical gems, so that two sets never tie.
    """
    _check_inventory(areas, coloured, mythical)
    _check_keep(keep_value, keep_limit)
    payments, _ = _rules(areas, payments, None)
    held = sum(coloured)
    kept: dict[tuple[int, int], float] = {}  # by gems spent: the gems kept's worth
    best: tuple[float, int] | None = None
    found: tuple[int, float, tuple[Spend, ...]] = (0, 0.0, ())
    for spends, spent, mythical_spent in _spend_sets(areas, coloured, mythical, payments, closed):
        worth = kept.get((spent, mythical_spent))
        if worth is None:
            left = (held - spent, mythical - mythical_spent)
            worth = kept[spent, mythical_spent] = _kept_value(*left, keep_value, keep_limit)
        points = score(spends)
        rank = (points + worth, -(spent + mythical_spent))
        if best is None or rank > best or (rank == best and _order(spends) > _order(found[2])):
            best, found = rank, (points, points + worth, spends)
    return Activation(*found)


def _spend_sets(
    areas: Sequence[tuple[int, int]],
    coloured: Sequence[int],
    mythical: int,
    payments: Sequence[Payment],
    closed: Collection[int],
) -> list[tuple[tuple[Spend, ...], int, int]]:
    """Every legal set of spends on the areas not ``closed``, with the coloured and the
    mythical gems it takes: each colour's sets, area by area, joined colour by colour (the
    colours share only the mythical gems). Spending nothing comes first."""
    sets: list[tuple[tuple[Spend, ...], int, int]] = [((), 0, 0)]
    for colour, owned in enumerate(coloured):
        own: list[tuple[tuple[Spend, ...], int, int]] = [((), 0, 0)]
        for area, (area_colour, _) in enumerate(areas):
            if area_colour != colour or area in closed:
                continue
            ways = [
                (Spend(area, paid, paid_mythical, double), paid, paid_mythical)
                for paid, paid_mythical, double in payments
            ]
            own += [
                ((*spends, spend), spent + paid, mythical_spent + paid_mythical)
                for spends, spent, mythical_spent in own
                for spend, paid, paid_mythical in ways
                if spent + paid <= owned and mythical_spent + paid_mythical <= mythical
            ]
        if len(own) > 1:
            sets = [
                (spends + more, spent + paid, mythical_spent + paid_mythical)
                for spends, spent, mythical_spent in sets
                for more, paid, paid_mythical in own
                if mythical_spent + paid_mythical <= mythical
            ]
    return sets


def _order(spends: tuple[Spend, ...]) -> tuple[tuple[int, ...], ...]:
    """The tie-break of :func:`best_scored_activation`: by area from area 0, activated,
    then doubled, then coloured and mythical gems paid (higher first)."""
    by_area = {spend.area: spend for spend in spends}
    last = max(by_area, default=-1)
    paid = [by_area.get(area) for area in range(last + 1)]
    return (
        tuple(spend is not None for spend in paid),
        tuple(spend is not None and spend.double for spend in paid),
        tuple(0 if spend is None else spend.coloured for spend in paid),
        tuple(0 if spend is None else spend.mythical for spend in paid),
    )


class _Scorer:
    """The keys of spends on ``areas`` (bar those ``closed``), and each colour's best choices."""

    def __init__(
        self,
        areas: Sequence[tuple[int, int]],
        payments: Sequence[Payment],
        value: AreaValue,
        closed: Collection[int] = (),
    ) -> None:
        self.areas, self.payments, self.closed = areas, payments, closed
        self.points = [(value(area, False), value(area, True)) for area in range(len(areas))]
        self.top = len(areas) - 1
        self.digit_bits = max(max((p[0] for p in payments), default=0).bit_length(), 1)
        self.free = any(c == 0 and m == 0 for c, m, _ in payments)

    def key(self, spend: Spend) -> _Key:
        """The key of one spend (see ``_Key``): base 2 for areas, a power of 2 above the
        most coloured gems a payment takes for the coloured gems."""
        bit = 1 << (self.top - spend.area)
        return (
            self.points[spend.area][spend.double],
            bit,
            bit if spend.double else 0,
            spend.coloured << self.digit_bits * (self.top - spend.area),
        )

    def colour_choices(self, colour: int, owned: int, mythical: int) -> _Choices:
        """The best spends on one colour's areas for each (coloured, mythical) spent: area
        by area, each state keeping its best key."""
        states: _Choices = {(0, 0): (_ZERO, ())}
        for area, (area_colour, _) in enumerate(self.areas):
            if (
                area_colour != colour
                or area in self.closed
                or (max(self.points[area]) <= 0 and not self.free)
            ):
                continue
            grown = dict(states)  # the area left alone
            for (spent, mythical_spent), (key, spends) in states.items():
                for paid, paid_mythical, double in self.payments:
                    if spent + paid > owned or mythical_spent + paid_mythical > mythical:
                        continue
                    spend = Spend(area, paid, paid_mythical, double)
                    state = (spent + paid, mythical_spent + paid_mythical)
                    total = _plus(key, self.key(spend))
                    if state not in grown or total > grown[state][0]:
                        grown[state] = (total, (*spends, spend))
            states = grown
        return states


def _join(cells: _Choices, choices: _Choices, mythical: int) -> _Choices:
    """The knapsack step: one colour's choices joined to the colours before, each cell
    (mythical, coloured) spent keeping its best key."""
    joined: _Choices = {}
    for (mythical_spent, spent), (key, spends) in cells.items():
        for (paid, paid_mythical), (colour_key, colour_spends) in choices.items():
            if mythical_spent + paid_mythical > mythical:
                continue
            cell = (mythical_spent + paid_mythical, spent + paid)
            total = _plus(key, colour_key)
            if cell not in joined or total > joined[cell][0]:
                joined[cell] = (total, (*spends, *colour_spends))
    return joined


def _plus(a: _Key, b: _Key) -> _Key:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _check_keep(keep_value: tuple[float, float], keep_limit: int) -> None:
    if keep_limit < 0 or min(keep_value) < 0:
        raise ValueError(f"keep_limit and keep_value must be >= 0, got {keep_limit} and {keep_value}")


def _kept_value(coloured: int, mythical: int, keep_value: tuple[float, float], keep_limit: int) -> float:
    """The worth of the gems kept: ``keep_limit`` of them (if held), the more valuable kind first."""
    kept = min(keep_limit, coloured + mythical)
    (first, first_worth), (_, second_worth) = sorted(
        ((coloured, keep_value[0]), (mythical, keep_value[1])), key=lambda kind: -kind[1]
    )
    return min(first, kept) * first_worth + (kept - min(first, kept)) * second_worth


def _rules(
    areas: Sequence[tuple[int, int]], payments: Sequence[Payment] | None, area_value: AreaValue | None
) -> tuple[Sequence[Payment], AreaValue]:
    """The payment table and area value given, or the printed ones."""
    if payments is not None and area_value is not None:
        return payments, area_value

    def printed(area: int, double: bool) -> int:
        return printed_area_value(areas[area][1], double)

    return (PRINTED_PAYMENTS if payments is None else payments), (
        printed if area_value is None else area_value
    )


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
    *,
    payments: Sequence[Payment] | None = None,
    area_value: AreaValue | None = None,
) -> int:
    """The points of a player's own ``spends``, or ValueError naming why they are not legal.

    The gems a spend pays are of its area's colour, so gems of the wrong colour show as
    gems of the area's colour the inventory does not hold (named by ``colour_names``).
    ``payments`` and ``area_value`` are the game's, by default the printed ones.
    """
    _check_inventory(areas, coloured, mythical)
    payments, area_value = _rules(areas, payments, area_value)
    used = [0] * len(coloured)
    seen: set[int] = set()
    for spend in spends:
        _check_spend(areas, spend, seen, payments)
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
    return sum(area_value(spend.area, spend.double) for spend in spends) + mythical_left


def payment_label(payment: Payment) -> str:
    """``1C``, ``2M``, ``2C+2M``: the gems a payment takes (``free`` for none)."""
    coloured, mythical, _ = payment
    return "+".join(f"{count}{kind}" for count, kind in ((coloured, "C"), (mythical, "M")) if count) or "free"


def _check_spend(
    areas: Sequence[tuple[int, int]], spend: Spend, seen: set[int], payments: Sequence[Payment]
) -> None:
    if not 0 <= spend.area < len(areas):
        raise ValueError(f"there is no area {spend.area} (areas 0-{len(areas) - 1})")
    if spend.area in seen:
        raise ValueError(f"area {spend.area} is activated twice")
    if (spend.coloured, spend.mythical, spend.double) not in payments:
        ways = ", ".join(payment_label(p) for p in payments if p[2] == spend.double) or "none"
        kind = "a double" if spend.double else "an activation"
        raise ValueError(
            f"area {spend.area}: {spend.coloured} coloured + {spend.mythical} mythical gems "
            f"do not pay {kind} ({ways})"
        )
