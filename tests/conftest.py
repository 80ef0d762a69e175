"""Fixtures shared by the test modules."""

from __future__ import annotations

from types import ModuleType

import pytest

from pyramido.geometry import core, reference


@pytest.fixture(params=[reference, core], ids=["reference", "core"])
def impl(request: pytest.FixtureRequest) -> ModuleType:
    """Each implementation of the core's functions: the pure-Python reference, then C.

    The same hand-made cases must hold for both (the differential tests compare them on
    random ones). The C module is part of the package, so it is never skipped.
    """
    module: ModuleType = request.param
    return module
