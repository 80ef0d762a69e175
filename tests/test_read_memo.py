"""ReadMemo (pyramido.engine.read_memo): the answers it keeps are the function's, for any
function of what it reads, and it asks again only for values it has not seen read."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyramido.engine.read_memo import ReadMemo, frozen
from pyramido.engine.views import Breakdown, LazyBreakdown, LazyDetail, ScoreLine


@dataclass(frozen=True)
class View:
    a: int
    b: int
    c: dict[str, int]


def rule(view: View, lines: Breakdown) -> int:
    """Reads ``a``; then ``b``, or ``c`` and the lazy breakdown's ``total``, as ``a`` says."""
    if view.a > 0:
        return view.a * 10 + view.b
    return sum(view.c.values()) + lines.total


def lines_of(total: int) -> Breakdown:
    return Breakdown((ScoreLine("line", "a line", total, {"total": [total]}),))


views = st.builds(
    View, st.integers(-2, 2), st.integers(0, 3), st.dictionaries(st.sampled_from("xy"), st.integers(0, 2))
)


@given(st.lists(st.tuples(views, st.integers(0, 3)), min_size=1, max_size=40))
def test_the_answers_are_the_function_s(calls: list[tuple[View, int]]) -> None:
    asked: list[View] = []

    def counted(view: View, lines: Breakdown) -> int:
        asked.append(view)
        return rule(view, lines)

    memo = ReadMemo(counted)
    made: list[int] = []
    for view, total in calls:
        lazy = LazyBreakdown(lambda total=total: made.append(total) or lines_of(total))
        assert memo(view, lazy) == rule(view, lines_of(total))
    # asked once per distinct value of what it read (a and b, or a, c and the total)
    keys = {(v.a, v.b) if v.a > 0 else (v.a, frozen(v.c), t) for v, t in calls}
    assert len(asked) == len(keys)


def test_the_reads_are_told() -> None:
    memo = ReadMemo(rule)
    _, reads = memo.ask(View(1, 2, {}), LazyBreakdown(lambda: lines_of(0)))
    assert reads == {(0, "a"), (0, "b")}
    made: list[int] = []
    _, reads = memo.ask(View(0, 2, {"x": 1}), LazyBreakdown(lambda: made.append(1) or lines_of(5)))
    assert reads == {(0, "a"), (0, "c"), (1, "lines")} and made == [1]


def test_a_lazy_breakdown_unread_is_never_made() -> None:
    memo = ReadMemo(rule)
    assert memo(View(1, 2, {}), LazyBreakdown(lambda: pytest.fail("made"))) == 12


def test_a_view_that_is_no_dataclass_is_refused() -> None:
    with pytest.raises(TypeError, match="a ReadMemo watches dataclass views, not int"):
        ReadMemo(lambda x: x)(3)


def test_a_value_it_cannot_key_is_refused() -> None:
    with pytest.raises(TypeError, match="a ReadMemo cannot key a bytearray"):
        frozen([bytearray(b"x")])


#: What a score line's detail holds: numbers, names, cells, sets of numbers.
DETAILS = st.dictionaries(
    st.sampled_from(["cells", "colour", "icons", "markers"]),
    st.one_of(
        st.integers(0, 3),
        st.text("ab", max_size=2),
        st.lists(st.lists(st.integers(0, 3), min_size=2, max_size=2), max_size=3),
        st.frozensets(st.integers(0, 3), max_size=3),
    ),
    max_size=3,
)


@given(st.lists(DETAILS, max_size=3), st.lists(DETAILS, max_size=3), st.booleans())
def test_lines_make_the_same_key_exactly_when_they_are_equal(
    first: list[dict[str, object]], second: list[dict[str, object]], same: bool
) -> None:
    """Score lines, their details holding cells and sets, are keyed by their values: the
    same values give the same key (an answer kept is found), other values another."""
    if same:
        second = [
            {key: set(value) if isinstance(value, frozenset) else value for key, value in d.items()}
            for d in first
        ]
    keys = [
        frozen([ScoreLine("line", "a line", 1, detail) for detail in details]) for details in (first, second)
    ]
    assert hash(keys[0]) is not None
    assert (keys[0] == keys[1]) == (first == second)


def area_lines(markers: str, cells: int, made: list[int]) -> Breakdown:
    """A breakdown of one line whose ``cells`` are made when read (noted in ``made``)."""
    later = {"cells": lambda: made.append(cells) or cells}
    return Breakdown((ScoreLine("area", "an area", 1, LazyDetail({"markers": markers}, later)),))


@given(
    st.lists(st.tuples(st.sampled_from(["a", "ab"]), st.integers(0, 2)), min_size=1, max_size=20),
    st.booleans(),
)
def test_a_lazy_detail_is_keyed_by_the_values_made(calls: list[tuple[str, int]], reads_cells: bool) -> None:
    """A line's lazy cells are keyed only once read: a rule that never reads them never
    makes them and is asked once per value of what it reads; one that reads them is
    answered by them."""

    def rule(view: View, lines: Breakdown) -> int:
        detail = lines.lines[0].detail
        return len(detail["markers"]) + (detail["cells"] * 10 if reads_cells else 0)

    asked: list[int] = []
    memo = ReadMemo(lambda view, lines: asked.append(1) or rule(view, lines))
    made: list[int] = []
    for markers, cells in calls:
        lazy = LazyBreakdown(lambda markers=markers, cells=cells: area_lines(markers, cells, made))
        assert memo(View(0, 0, {}), lazy) == rule(View(0, 0, {}), area_lines(markers, cells, []))
    if not reads_cells:
        assert made == [] and len(asked) == len({markers for markers, _ in calls})
