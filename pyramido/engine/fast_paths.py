"""Fast paths: faster forms of what a plugin's own hook implementations answer, bound once
per ruleset.

Rule code and bots often want a hook's answers in a form the C core makes faster than the
hook: the action indices of every placement in one call, a stage's score as the weights of
a C valuation, the markings of every seat's cards at once. Such a form is right only while
the plugin that knows it answers the hook: alone, or first for a ``firstresult`` hook (a
house rule's own Mino bonus, asked before the game's). A plugin declares each such form as a
:class:`FastPath` through ``pyramido_register_fast_paths``: the hooks it stands for, the
fast (``printed``) form and the ``general`` one that asks the hooks. When a ruleset loads,
:class:`~pyramido.engine.plugins.Rules` decides once which form each name gets
(:func:`bind`), and rule code and bots call that one name
(``rules.paths.place_indices(...)``, typed by each game's ``paths_of``): no code compares
hook implementations, and a house rule that implements one of the hooks gets the general
form everywhere at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any


@dataclass(frozen=True)
class FastPath:
    """One name bound per ruleset: ``printed`` while the registering plugin's
    implementations alone make every hook of ``hooks`` answer (no wrapper; no other
    plugin's implementation, but those a ``firstresult`` hook asks only after the
    registering plugin's), ``general`` otherwise. Both are usually functions taking the
    same arguments; ``general`` must give what the hooks give (tests compare the two on the
    printed rules), and so must ``printed`` where the registering plugin's implementations
    answer: one that may decline a ``firstresult`` hook (``None``) registers no printed
    form for it."""

    hooks: tuple[str, ...]
    printed: Any
    general: Any


class BoundPaths:
    """The fast paths of one ruleset, as plain attributes (read on every move);
    ``printed`` names those bound to their printed form. A name no plugin registered
    raises Python's own ``AttributeError``, which names it: a ``__getattr__`` to word it
    otherwise would slow every read (CPython does not specialise reads on such a class)."""

    steps_apply: bool  # the engine's own (:mod:`pyramido.engine.own_plugin`)

    def __init__(self, bound: Mapping[str, Any], printed: Iterable[str]) -> None:
        self.__dict__.update(bound)
        self.printed = frozenset(printed)

    if TYPE_CHECKING:  # for the type checker alone: a game reads its paths through its Protocol

        def __getattr__(self, name: str) -> Any: ...


def bind(
    registered: Iterable[tuple[str, str, FastPath]],
    implementers: Callable[[str], list[tuple[str, bool]]],
    slow: bool = False,
) -> BoundPaths:
    """Bind each registered ``(name, plugin, path)``: ``implementers(hook)`` lists the
    ``(plugin, is_wrapper)`` of every implementation whose answers make ``hook``'s (a
    ``firstresult`` hook's wrappers and the first other one it asks). ``slow`` (plugin
    tracing) binds every general form, so that each hook call shows in the trace. A later
    registration of a name replaces an earlier one."""
    bound: dict[str, Any] = {}
    printed: set[str] = set()
    for name, plugin, path in registered:
        if not isinstance(path, FastPath):
            raise TypeError(
                f"fast path {name!r} of plugin {plugin!r} must be a FastPath, not {type(path).__name__}"
            )
        alone = not slow and all(
            impl == plugin and not wrapper for hook in path.hooks for impl, wrapper in implementers(hook)
        )
        bound[name] = path.printed if alone else path.general
        (printed.add if alone else printed.discard)(name)
    return BoundPaths(bound, printed)
