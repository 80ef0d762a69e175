"""A game's plugin is the hook implementations of the modules its package lists
(pyramido.engine.plugin_modules): none left out, none twice."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

import pytest

from pyramido.engine.hookspecs import hookimpl
from pyramido.engine.plugin_modules import plugin_of
from pyramido.engine.plugins import BUILTIN_PLUGINS


def _own_hooks(package: ModuleType) -> set[str]:
    """Every hook implementation a module of ``package`` (or of ``games.pyramids``, which the
    pyramid games share) defines."""
    packages = [package]
    if package.__name__ != "pyramido.games.silver_gold":
        packages.append(importlib.import_module("pyramido.games.pyramids"))
    found = set()
    for searched in packages:
        for info in pkgutil.iter_modules(searched.__path__):
            module = importlib.import_module(f"{searched.__name__}.{info.name}")
            found |= {hook for hook in _hooks_in(module) if hook.rpartition(".")[0] == module.__name__}
    return found


def _hooks_in(module: ModuleType) -> set[str]:
    """The hook implementations ``module`` holds, each named by where it is defined."""
    return {
        f"{value.__module__}.{key}" for key, value in vars(module).items() if hasattr(value, "pyramido_impl")
    }


@pytest.mark.parametrize("name", sorted(BUILTIN_PLUGINS))
def test_a_game_s_plugin_holds_every_hook_its_package_implements(name: str) -> None:
    module, _, attribute = BUILTIN_PLUGINS[name].partition(":")
    package = importlib.import_module(module)
    plugin = getattr(package, attribute)
    held = {
        f"{value.__module__}.{key}" for key, value in vars(plugin).items() if hasattr(value, "pyramido_impl")
    }
    assert held == _own_hooks(package)


def _module(name: str, **functions: object) -> ModuleType:
    module = ModuleType(name)
    for key, function in functions.items():
        function.__module__ = name  # type: ignore[attr-defined]
        setattr(module, key, function)
    return module


def test_two_modules_implementing_one_hook_are_refused_by_name() -> None:
    first = _module("first", pyramido_setup=hookimpl(lambda game: None))
    second = _module("second", pyramido_setup=hookimpl(lambda game: None))
    with pytest.raises(ValueError, match="pyramido_setup is implemented twice, in first and second"):
        plugin_of("both", first, second)


def test_a_hook_a_module_imports_from_another_is_that_one_s() -> None:
    own = _module("own", pyramido_setup=hookimpl(lambda game: None))
    borrowing = ModuleType("borrowing")
    borrowing.pyramido_setup = own.pyramido_setup  # type: ignore[attr-defined]
    assert vars(plugin_of("one", own, borrowing))["pyramido_setup"] is own.pyramido_setup
