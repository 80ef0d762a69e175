"""One plugin made of several modules' hook implementations: a game's package lists the
modules that hold its rules instead of re-exporting every hook by name.

The plugin manager registers any object whose attributes are hook implementations; a
built-in game names its plugin as ``package:PLUGIN`` (the entry points' form), and a game
of another package may do the same in its entry point.
"""

from __future__ import annotations

from types import ModuleType

from .hookspecs import PROJECT

_MARK = f"{PROJECT}_impl"  # the attribute pluggy's HookimplMarker sets on an implementation


def plugin_of(name: str, *modules: ModuleType) -> ModuleType:
    """A module named ``name`` holding the hook implementations each of ``modules``
    defines (its own, not those it imports from another). Two modules implementing the
    same hook is a mistake pluggy would not see (one would hide the other): it is refused,
    naming both."""
    plugin = ModuleType(name, f"The hook implementations of {', '.join(m.__name__ for m in modules)}.")
    found: dict[str, str] = {}
    for module in modules:
        for attribute, value in vars(module).items():
            if not hasattr(value, _MARK) or getattr(value, "__module__", None) != module.__name__:
                continue
            if attribute in found:
                raise ValueError(
                    f"{attribute} is implemented twice, in {found[attribute]} and {module.__name__}"
                )
            found[attribute] = module.__name__
            setattr(plugin, attribute, value)
    return plugin
