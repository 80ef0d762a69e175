"""The FT activation solver: rulebook examples, hand cases, legality checks, and brute force."""

from __future__ import annotations

import doctest
from collections.abc import Sequence

import pytest
from ft_scenario import legal_spend_lists
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramido.games.forgotten_treasures import activation as ft_activation
from pyramido.games.forgotten_treasures.activation import (
    Activation,
    Spend,
    best_activation,
    best_scored_activation,
    score_spends,
)

Areas = list[tuple[int, int]]
Case = tuple[Areas, list[int], int, tuple[float, float], int]  # areas, coloured, mythical, keep value, limit

# Ways to pay an activation and a double, as (coloured, mythical, doubled): docs/rules.md §3.3.
PAYMENTS = [(1, 0, False), (0, 2, False), (3, 0, True), (2, 2, True), (1, 4, True), (0, 6, True)]
Payments = list[tuple[int, int, bool]]
Values = list[tuple[int, int]]  # each area's points, activated and doubled


def _singles(areas: Areas) -> list[Spend]:
    return [Spend(area, 1, 0, False) for area in range(len(areas))]


def test_module_doctest() -> None:
    assert doctest.testmod(ft_activation).failed == 0


# --- the rulebook's scoring examples -------------------------------------------------------


def test_rulebook_stage_1_coloured_double() -> None:
    areas = [(0, 2), (1, 3), (2, 3), (3, 4), (4, 5), (0, 1)]
    best = best_activation(areas, [1, 1, 1, 1, 3], 1)
    expected = (*_singles(areas)[:4], Spend(4, 3, 0, True))
    assert best == Activation(23, 23.0, expected)
    assert score_spends(areas, [1, 1, 1, 1, 3], 1, expected) == 2 + 3 + 3 + 4 + 5 * 2 + 1


def test_rulebook_stage_1_mythical_double() -> None:
    areas = [(0, 2), (1, 3), (2, 3), (3, 4), (4, 5)]
    best = best_activation(areas, [1, 1, 1, 1, 1], 5)
    assert best.points == 23
    assert best.spends[4] == Spend(4, 1, 4, True)


def test_rulebook_stage_2() -> None:
    areas = [(0, 4), (1, 3), (2, 5), (3, 2), (4, 5), (0, 1), (3, 1)]
    spends = _singles(areas)[:5]
    assert score_spends(areas, [1, 1, 1, 1, 1], 1, spends) == 4 + 3 + 5 + 2 + 5 + 1 == 20
    assert best_activation(areas, [1, 1, 1, 1, 1], 1) == Activation(20, 20.0, tuple(spends))


def test_rulebook_stage_3() -> None:
    areas = [(1, 4), (2, 8), (2, 2), (0, 6), (4, 1)]
    spends = tuple(_singles(areas)[:4])
    assert score_spends(areas, [1, 1, 2, 0, 0], 1, spends) == 4 + 8 + 2 + 6 + 1 == 21
    assert best_activation(areas, [1, 1, 2, 0, 0], 1) == Activation(21, 21.0, spends)
    # With 2 more mythical gems, doubling the 8 (2 coloured + 2 mythical) beats activating the 2.
    richer = best_activation(areas, [1, 1, 2, 0, 0], 3)
    assert richer.points == 4 + 16 + 6 + 1 and Spend(1, 2, 2, True) in richer.spends


def test_rulebook_stage_4() -> None:
    areas = [(3, 8), (1, 6), (1, 2)]
    spends = (Spend(0, 1, 0, False), Spend(1, 1, 0, False))
    assert score_spends(areas, [0, 1, 0, 1, 0], 0, spends) == 8 + 6 == 14
    assert best_activation(areas, [0, 1, 0, 1, 0], 0) == Activation(14, 14.0, spends)


# --- hand cases ----------------------------------------------------------------------------


def test_nothing_to_activate_scores_the_mythical_gems() -> None:
    assert best_activation([], [2, 0], 3) == Activation(3, 3.0, ())
    assert best_activation([(0, 0), (1, 0)], [2, 2], 1) == Activation(1, 1.0, ())


def test_mythical_pair_only_when_it_beats_keeping_them() -> None:
    assert best_activation([(0, 3)], [0], 2).spends == (Spend(0, 0, 2, False),)
    assert best_activation([(0, 2)], [0], 2) == Activation(2, 2.0, ())  # tie: fewer gems spent


def test_a_double_against_two_singles() -> None:
    assert best_activation([(0, 5), (0, 2), (0, 2)], [3], 0).spends == (Spend(0, 3, 0, True),)
    assert best_activation([(0, 5), (0, 4), (0, 2)], [3], 0).points == 11
    # 10 either way, for 3 gems: the tie goes to activating the lowest indices, all three.
    assert len(best_activation([(0, 5), (0, 4), (0, 1)], [3], 0).spends) == 3


def test_equal_areas_go_to_the_lowest_index() -> None:
    assert best_activation([(0, 1), (0, 3), (0, 3)], [1], 0).spends == (Spend(1, 1, 0, False),)
    doubled = best_activation([(0, 3), (0, 3)], [4], 0).spends
    assert doubled == (Spend(0, 3, 0, True), Spend(1, 1, 0, False))


def test_keep_value_holds_gems_back() -> None:
    areas = [(0, 1), (0, 3)]
    held_back = best_activation(areas, [2], 0, keep_value=(1.5, 0.0))
    assert held_back == Activation(3, 3 + 1.5, (Spend(1, 1, 0, False),))
    # With more gems than the limit keeps, spending the surplus is free.
    spent = best_activation(areas, [7], 0, keep_value=(2.0, 0.0), keep_limit=5)
    assert spent == Activation(4, 4 + 5 * 2.0, (Spend(0, 1, 0, False), Spend(1, 1, 0, False)))


def test_kept_mythical_gems_are_worth_their_point_plus_their_keep_value() -> None:
    assert best_activation([(0, 2)], [0], 2, keep_value=(0.0, 0.5)) == Activation(2, 3.0, ())


# --- score_spends: legality ----------------------------------------------------------------

AREAS: Areas = [(0, 2), (1, 3), (1, 1)]


@pytest.mark.parametrize(
    ("spends", "message"),
    [
        ([Spend(0, 1, 0, False)], "need 1 colour 0 gems, the inventory holds 0"),
        ([Spend(1, 1, 0, False), Spend(1, 1, 0, False)], "area 1 is activated twice"),
        ([Spend(1, 0, 6, True)], "need 6 mythical gems, the inventory holds 4"),
        ([Spend(1, 1, 1, False)], "do not pay an activation"),
        ([Spend(1, 2, 0, True)], "do not pay a double"),
        ([Spend(1, 0, 1, True)], "do not pay a double"),
        ([Spend(1, -1, 4, False)], "do not pay an activation"),
        ([Spend(3, 1, 0, False)], "there is no area 3"),
    ],
)
def test_score_spends_names_the_problem(spends: list[Spend], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score_spends(AREAS, [0, 2], 4, spends)


def test_score_spends_scores_a_legal_choice() -> None:
    spends = [Spend(1, 1, 4, True), Spend(2, 1, 0, False)]
    assert score_spends(AREAS, [0, 2], 4, spends) == 3 * 2 + 1 + 0


@pytest.mark.parametrize(
    ("areas", "coloured", "mythical"),
    [([(2, 1)], [1, 1], 0), ([(0, -1)], [1], 0), ([(0, 1)], [-1], 0), ([(0, 1)], [1], -2)],
)
def test_bad_inputs_are_rejected(areas: Areas, coloured: list[int], mythical: int) -> None:
    with pytest.raises(ValueError):
        best_activation(areas, coloured, mythical)
    with pytest.raises(ValueError):
        score_spends(areas, coloured, mythical, [])


# --- brute force ---------------------------------------------------------------------------


def _brute_force(
    areas: Areas,
    coloured: list[int],
    mythical: int,
    keep_value: tuple[float, float],
    keep_limit: int,
    payments: Payments = PAYMENTS,
    values: Values | None = None,
) -> Activation:
    """The documented order, spelt out: value, fewest gems, then activated, doubled and
    coloured-paid areas compared area by area from area 0."""
    value_of = (lambda a, d: values[a][d]) if values is not None else None

    def outcome(spends: Sequence[Spend]) -> tuple[tuple[object, ...], Activation]:
        points = score_spends(areas, coloured, mythical, spends, payments=payments, area_value=value_of)
        mythical_left = mythical - sum(s.mythical for s in spends)
        held = [keep_value[0]] * (sum(coloured) - sum(s.coloured for s in spends))
        held += [keep_value[1]] * mythical_left
        value = points + sum(sorted(held, reverse=True)[:keep_limit])
        by_area = {s.area: s for s in spends}
        order = (
            value,
            -sum(s.coloured + s.mythical for s in spends),
            tuple(i in by_area for i in range(len(areas))),
            tuple(i in by_area and by_area[i].double for i in range(len(areas))),
            tuple(by_area[i].coloured if i in by_area else 0 for i in range(len(areas))),
        )
        return order, Activation(points, value, tuple(spends))

    every = legal_spend_lists(areas, coloured, mythical, payments)
    return max((outcome(spends) for spends in every), key=lambda o: o[0])[1]


@st.composite
def _cases(draw: st.DrawFn) -> Case:
    colours = draw(st.integers(1, 5))
    areas = draw(st.lists(st.tuples(st.integers(0, colours - 1), st.integers(0, 6)), max_size=5))
    gems = draw(st.lists(st.integers(0, colours - 1), max_size=6))
    coloured = [gems.count(colour) for colour in range(colours)]
    # Dyadic keep values add exactly, so the oracle's sums equal the solver's to the bit.
    worth = st.sampled_from([0.0, 0.25, 0.5, 1.0, 1.5, 2.75])
    keep_value = draw(st.one_of(st.just((0.0, 0.0)), st.tuples(worth, worth)))
    return areas, coloured, draw(st.integers(0, 6)), keep_value, draw(st.integers(0, 6))


@settings(max_examples=1000, deadline=None)
@given(_cases())
def test_best_activation_matches_brute_force(case: Case) -> None:
    areas, coloured, mythical, keep_value, keep_limit = case
    best = best_activation(areas, coloured, mythical, keep_value, keep_limit)
    assert best == _brute_force(areas, coloured, mythical, keep_value, keep_limit)
    assert score_spends(areas, coloured, mythical, best.spends) == best.points


@st.composite
def _rules(draw: st.DrawFn) -> tuple[Case, Payments, Values]:
    """A case under a house rule's payment table (free payments and gems of any mix
    included) and area values (any points, activated or doubled)."""
    case = draw(_cases())
    payment = st.tuples(st.integers(0, 3), st.integers(0, 4), st.booleans())
    payments = draw(st.lists(payment, min_size=1, max_size=4, unique=True))
    values = draw(st.lists(st.tuples(st.integers(-2, 9), st.integers(-2, 15)), min_size=5, max_size=5))
    return case, payments, values


@settings(max_examples=400, deadline=None)
@given(_rules())
def test_best_activation_follows_any_payment_table_and_area_value(
    rules: tuple[Case, Payments, Values],
) -> None:
    """The game's phase hooks may change the ways to pay and the points of an area: the
    solver is exact for any of them."""
    (areas, coloured, mythical, keep_value, keep_limit), payments, values = rules
    best = best_activation(
        areas,
        coloured,
        mythical,
        keep_value,
        keep_limit,
        payments=payments,
        area_value=lambda area, doubled: values[area][doubled],
    )
    assert best == _brute_force(areas, coloured, mythical, keep_value, keep_limit, payments, values)


@st.composite
def _scores(draw: st.DrawFn) -> tuple[list[int], int, frozenset[int], int]:
    """A score that is no sum over the areas: points by the number of areas activated, per
    mythical gem kept, and for activating exactly one set of areas."""
    by_count = draw(st.lists(st.integers(-5, 10), min_size=6, max_size=6))
    favourite = draw(st.frozensets(st.integers(0, 4), max_size=3))
    return by_count, draw(st.integers(0, 10)), favourite, draw(st.integers(-4, 12))


@settings(max_examples=400, deadline=None)
@given(_rules(), _scores())
def test_best_scored_activation_reaches_the_best_of_any_score(
    rules: tuple[Case, Payments, Values], extra: tuple[list[int], int, frozenset[int], int]
) -> None:
    """Any score of the spends (here the area values plus lines on the spends as a whole):
    the solver's choice is the best of every legal set by value, then the documented
    tie-breaks (fewest gems; activated, doubled, coloured and mythical gems by area)."""
    (areas, coloured, mythical, keep_value, keep_limit), payments, values = rules
    by_count, per_mythical, favourite, bonus = extra

    def score(spends: Sequence[Spend]) -> int:
        points = score_spends(
            areas, coloured, mythical, spends, payments=payments, area_value=lambda a, d: values[a][d]
        )
        mythical_left = mythical - sum(s.mythical for s in spends)
        activated = {s.area for s in spends}
        return (
            points + by_count[len(spends)] + per_mythical * mythical_left + bonus * (activated == favourite)
        )

    def rank(spends: Sequence[Spend]) -> tuple[object, ...]:
        held = [keep_value[0]] * (sum(coloured) - sum(s.coloured for s in spends))
        held += [keep_value[1]] * (mythical - sum(s.mythical for s in spends))
        by_area = {s.area: s for s in spends}
        paid = [by_area.get(area) for area in range(len(areas))]
        return (
            score(spends) + sum(sorted(held, reverse=True)[:keep_limit]),
            -sum(s.coloured + s.mythical for s in spends),
            tuple(s is not None for s in paid),
            tuple(s is not None and s.double for s in paid),
            tuple(0 if s is None else s.coloured for s in paid),
            tuple(0 if s is None else s.mythical for s in paid),
        )

    best = best_scored_activation(areas, coloured, mythical, score, keep_value, keep_limit, payments=payments)
    brute = max(legal_spend_lists(areas, coloured, mythical, payments), key=rank)
    assert sorted(best.spends, key=lambda s: s.area) == brute
    assert (best.points, best.value) == (score(brute), rank(brute)[0])


def test_the_scored_solver_leaves_closed_areas_alone() -> None:
    areas = [(0, 5), (0, 1)]
    best = best_scored_activation(areas, [2], 0, lambda spends: len(spends), closed={0})
    assert best.spends == (Spend(1, 1, 0, False),)


def test_a_payment_the_table_does_not_list_is_named_with_the_tables_ways() -> None:
    cheap = [(1, 0, False), (2, 0, True)]
    with pytest.raises(ValueError, match=r"do not pay a double \(2C\)"):
        score_spends(AREAS, [0, 3], 0, [Spend(1, 3, 0, True)], payments=cheap)
    assert score_spends(AREAS, [0, 3], 0, [Spend(1, 2, 0, True)], payments=cheap) == 6


def test_negative_keep_values_are_rejected() -> None:
    with pytest.raises(ValueError, match="keep_value must be >= 0"):
        best_activation(AREAS, [0, 2], 4, keep_value=(-1.0, 0.0))
