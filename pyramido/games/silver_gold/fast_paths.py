"""Silver & Gold's fast paths (:mod:`pyramido.engine.fast_paths`), registered by its
plugin: bound once per ruleset, to the printed form while this plugin alone answers the
hooks each stands for, to the general form (which asks the hooks) otherwise."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.fast_paths import FastPath
from ...engine.hookspecs import hookimpl
from ..shared import SCORED_ALONE
from .effects import symbol_ticks
from .turn import markings, printed_markings, printed_revealed_markings, revealed_markings

PATHS = {
    "markings": FastPath(("pyramido_mark_options",), printed_markings, markings),
    "revealed_markings": FastPath(("pyramido_mark_options",), printed_revealed_markings, revealed_markings),
    "symbol_ticks": FastPath(("pyramido_symbol_effect",), None, symbol_ticks),
    "scored_alone": SCORED_ALONE,
}


@hookimpl
def pyramido_register_fast_paths(register: Callable[..., None]) -> None:
    for name, path in PATHS.items():
        register(name, path)
