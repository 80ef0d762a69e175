"""Fixtures shared by the test modules."""

from __future__ import annotations

from types import ModuleType

import pytest

from pyramido.geometry import core, reference


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The strength tests first (in order otherwise): each plays a minute of games on worker
    processes of its own, and one started last would end a ``-n 2`` run alone, a minute
    after the rest (CI's time budget)."""
    items.sort(key=lambda item: item.get_closest_marker("strength") is None)


@pytest.fixture(params=[reference, core], ids=["reference", "core"])
def impl(request: pytest.FixtureRequest) -> ModuleType:
    """Each implementation of the core's functions: the pure-Python reference, then C.

    The same hand-made cases must hold for both (the differential tests compare them on
    random ones). The C module is part of the package, so it is never skipped.
    """
    module: ModuleType = request.param
    return module
