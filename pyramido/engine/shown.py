"""What ``pyramido rules show`` tells of a ruleset's hooks beyond who implements them: the
values they answer, and the rule parameters a plugin's hook keeps from being read.

A parameter's value says little when a hook computes what the rules use: Forgotten
Treasures' payments are ``pyramido_payment_table``'s answer, and a house rule implementing
``pyramido_eliminated`` leaves ``lacking_covers`` unread. So a game registers, for some of
its hooks (``pyramido_register_shown``), a :class:`ShownHook`: the rule parameters its own
implementation of the hook reads, and, where the hook's answers make a small table, a
function computing that table through the ruleset's hooks (so a house rule shows its own
values). A house rule may register one for a hook of its own, replacing the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import PyramidoError, clip

if TYPE_CHECKING:
    from .ruleset import Ruleset

#: The declaration hook a game registers its :class:`ShownHook` entries through.
REGISTER = "pyramido_register_shown"


@dataclass(frozen=True)
class ShownTable:
    """A small table of a hook's answers: its column names, then rows of JSON-ready values
    (``rules show`` prints a list's items joined, a boolean as yes or no)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]


@dataclass(frozen=True)
class ShownHook:
    """What ``rules show`` tells of one hook (registered under the hook's name, with the
    table's title as its description): ``reads``, the rule parameters the registering
    plugin's implementation reads, which are not read when another plugin's implementation
    of a ``firstresult`` hook answers first; ``table``, when its answers make one, a
    function of the ruleset computing it through the ruleset's hooks."""

    reads: tuple[str, ...] = ()
    table: Callable[[Ruleset], ShownTable] | None = None


def overriding(ruleset: Ruleset, hooks: Sequence[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """By parameter, the hooks that read it (as registered) whose answer another plugin
    gives first, with those plugins: ``{"lacking_covers": [{"hook": "pyramido_eliminated",
    "plugins": ["no-elimination"]}]}``. ``hooks`` is the ruleset's hook table
    (:meth:`~pyramido.engine.plugins.Rules.hook_table`). A wrapper does not count: the
    implementation beneath it is still asked; nor does a plugin that is not asked first
    (of a hook whose every answer is used, such as ``pyramido_extra_score_lines``)."""
    by_name = {hook["hook"]: hook for hook in hooks}
    found: dict[str, list[dict[str, Any]]] = {}
    for name, registered in ruleset.registered(REGISTER).items():
        hook = by_name.get(name)
        if hook is None or not hook["firstresult"]:
            continue
        plugins = [impl["plugin"] for impl in hook["implementations"] if not impl["wrapper"]]
        own = ruleset.rules.plugin_name(registered.plugin)
        if own not in plugins or plugins[0] == own:
            continue
        first = plugins[: plugins.index(own)]
        for parameter in registered.thing.reads:
            found.setdefault(parameter, []).append({"hook": name, "plugins": first})
    return found


def tables(ruleset: Ruleset) -> list[dict[str, Any]]:
    """Every registered table, computed through the ruleset's hooks, in the order of
    registration: ``hook``, ``title``, ``columns`` and ``rows``, or, when computing it
    failed, ``error`` (the plugin and hook to blame, when known) in their stead."""
    found = []
    for name, registered in ruleset.registered(REGISTER).items():
        table = registered.thing.table
        if table is None:
            continue
        entry: dict[str, Any] = {"hook": name, "title": registered.description}
        try:
            computed = table(ruleset)
        except Exception as exc:  # a house rule's hook may fail on what a table asks
            entry["error"] = _failure(ruleset, exc)
        else:
            entry |= {"columns": list(computed.columns), "rows": [list(row) for row in computed.rows]}
        found.append(entry)
    return found


def _failure(ruleset: Ruleset, exc: Exception) -> str:
    """What went wrong, naming the plugin and hook whose code raised, when one did."""
    said = str(exc) if isinstance(exc, PyramidoError) else f"{type(exc).__name__}: {clip(str(exc))}"
    culprit = None if isinstance(exc, PyramidoError) else ruleset.rules.culprit(exc)
    if culprit is None:
        return said
    key, hook = culprit
    return f"plugin {ruleset.rules.plugin_name(key)!r} failed in {hook}: {said}"
