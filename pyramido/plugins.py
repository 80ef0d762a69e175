"""Finding plugins and resolving their hooks once per ruleset.

A ruleset names its plugins; each name is one of:

* a built-in plugin (``pyramido``: the rules of Pyramido),
* a plugin installed by another package under the entry-point group ``pyramido``,
* a path to a local ``.py`` house-rule file (relative to the ruleset file naming it), which
  is only accepted from a ruleset file the user passed, never from a built-in ruleset.

:class:`Rules` turns the plugin manager's hooks into plain callables once, so that the hot
loop does not pay pluggy's dispatch on every move (set ``PYRAMIDO_TRACE_PLUGINS=1`` to go
through pluggy with tracing instead).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

from . import hookspecs
from .errors import PyramidoError

BUILTIN_PLUGINS = {
    "pyramido": "pyramido.games.pyramido",
    "forgotten-treasures": "pyramido.games.forgotten_treasures",
    "silver-gold-pyramids": "pyramido.games.silver_gold",
}
ENTRY_POINT_GROUP = "pyramido"


class PluginError(PyramidoError):
    """A plugin could not be found or loaded."""


def installed_plugins() -> dict[str, str]:
    """Names a ruleset may use, with where each comes from."""
    found = {name: f"built-in ({module})" for name, module in BUILTIN_PLUGINS.items()}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(ep.name, f"entry point ({ep.value})")
    return found


def load_plugin(name: str, base_dir: Path | None) -> tuple[str, object, bytes]:
    """Load a plugin by name or path; return its registration name, object and source bytes.

    The source bytes (empty for installed plugins) go into the ruleset's content hash, so
    that a record names exactly the house rules it was played with.
    """
    if name.endswith(".py"):
        if base_dir is None:
            raise PluginError(f"plugin file {name!r}: only a ruleset file you pass may name files")
        path = (base_dir / name).resolve()
        if not path.is_file():
            raise PluginError(f"plugin file {name!r} not found (looked for {path})")
        source = path.read_bytes()
        return f"file:{path}", _import_file(path, source), source
    if name in BUILTIN_PLUGINS:
        return name, importlib.import_module(BUILTIN_PLUGINS[name]), b""
    for ep in entry_points(group=ENTRY_POINT_GROUP, name=name):
        try:
            return name, ep.load(), b""
        except Exception as exc:  # a broken third-party plugin: say which, keep the cause
            raise PluginError(f"plugin {name!r} ({ep.value}) failed to load: {exc}") from exc
    known = ", ".join(sorted(installed_plugins()))
    raise PluginError(f"unknown plugin {name!r}; installed plugins: {known}")


def _import_file(path: Path, source: bytes) -> ModuleType:
    """Import a house-rule file once per path and content (an edited file is imported anew)."""
    digest = hashlib.sha256(str(path).encode() + b"\0" + source).hexdigest()[:16]
    module_name = f"pyramido_house_rule_{path.stem}_{digest}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise PluginError(f"plugin file {path} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise PluginError(f"plugin file {path} failed to load: {exc}") from exc
    sys.modules[module_name] = module
    return module


def make_plugin_manager(plugins: list[tuple[str, object]]) -> pluggy.PluginManager:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for name, plugin in plugins:
        try:
            pm.register(plugin, name=name)
        except ValueError as exc:
            raise PluginError(f"plugin {name!r} registered twice or twice named: {exc}") from exc
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"plugin {name!r} is invalid: {exc}") from exc
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"{exc} (known hooks: {', '.join(hook_names())})") from exc
    return pm


def hook_names() -> list[str]:
    return sorted(n for n in dir(hookspecs) if n.startswith("pyramido_"))


class Rules:
    """The hooks of one ruleset as plain callables: ``rules.apply(game, player, action)``."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        trace = os.environ.get("PYRAMIDO_TRACE_PLUGINS") == "1"
        if trace:
            pm.trace.root.setwriter(lambda line: sys.stderr.write(f"[pyramido] {line}"))
            pm.enable_tracing()
        for name in hook_names():
            setattr(self, name.removeprefix("pyramido_"), _resolve(pm, name, slow=trace))

    # Declared for type checkers; filled in by __init__.
    action_space: Callable[..., Any]
    check_ruleset: Callable[..., Any]
    setup: Callable[..., Any]
    legal_actions: Callable[..., Any]
    explain_illegal: Callable[..., Any]
    apply: Callable[..., Any]
    score_stage: Callable[..., Any]
    next_start_player: Callable[..., Any]
    ranking: Callable[..., Any]
    observation: Callable[..., Any]
    event: Callable[..., Any]


def _resolve(pm: pluggy.PluginManager, name: str, slow: bool) -> Callable[..., Any]:
    """One callable taking the hookspec's arguments positionally, with pluggy's semantics."""
    caller = getattr(pm.hook, name)
    argnames: tuple[str, ...] = caller.spec.argnames
    firstresult = bool(caller.spec.opts.get("firstresult"))
    impls = caller.get_hookimpls()
    if slow or any(i.hookwrapper or i.wrapper for i in impls):

        def through_pluggy(*args: Any) -> Any:
            return caller(**dict(zip(argnames, args, strict=True)))

        return through_pluggy
    # pluggy calls the last registered (and tryfirst) implementations first.
    functions = [_positional(impl.function, impl.argnames, argnames) for impl in reversed(impls)]
    if firstresult:
        if len(functions) == 1:
            return functions[0]

        def first_result(*args: Any) -> Any:
            for function in functions:
                result = function(*args)
                if result is not None:
                    return result
            return None

        return first_result

    def all_results(*args: Any) -> list[Any]:
        return [r for r in (function(*args) for function in functions) if r is not None]

    return all_results


def _positional(
    function: Callable[..., Any], wanted: tuple[str, ...], offered: tuple[str, ...]
) -> Callable[..., Any]:
    """Adapt an implementation that takes a subset of the spec's arguments (as pluggy allows)."""
    if wanted == offered:
        return function
    picks = [offered.index(n) for n in wanted]

    def call(*args: Any) -> Any:
        return function(*[args[i] for i in picks])

    return call
