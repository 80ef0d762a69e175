"""Modules that moved (into their game's folder, the engine's package, the geometry's, the
tools'), still importable under their old names for one release: ``from pyramido.shapes
import SHAPE_TABLE`` and ``python -m pyramido.components.silver_gold`` keep working, with a
:class:`DeprecationWarning` naming the new place.

An import hook (a :class:`importlib.abc.MetaPathFinder`, placed last so that a real module
always wins) answers the old names only. Each old module is a small module of its own whose
attributes are read from the new one when first asked (PEP 562), so the new module is not
imported, nor the warning given, until an old name is used; ``-m`` runs the new module as
the main program.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from types import CodeType, ModuleType
from typing import Any, Final

#: Old module name -> new module name.
MOVED: Final = {
    "pyramido.shapes": "pyramido.games.silver_gold.shapes",
    "pyramido.components.silver_gold": "pyramido.games.silver_gold.components",
    "pyramido.components.forgotten_treasures": "pyramido.games.forgotten_treasures.components",
    "pyramido.games.ft_activation": "pyramido.games.forgotten_treasures.activation",
    "pyramido.engine_hooks": "pyramido.engine.own_plugin",
    "pyramido.steps": "pyramido.engine.steps",
    "pyramido.actions": "pyramido.engine.actions",
    "pyramido.events": "pyramido.engine.events",
    "pyramido.views": "pyramido.engine.views",
    "pyramido.hookspecs": "pyramido.engine.hookspecs",
    "pyramido.plugin_info": "pyramido.engine.plugin_info",
    "pyramido.plugins": "pyramido.engine.plugins",
    "pyramido.ruleset": "pyramido.engine.ruleset",
    "pyramido.yaml_input": "pyramido.engine.yaml_input",
    "pyramido.schema_check": "pyramido.engine.schema_check",
    "pyramido.record": "pyramido.engine.record",
    "pyramido.strict_json": "pyramido.engine.strict_json",
    "pyramido.catalog": "pyramido.engine.catalog",
    "pyramido.core": "pyramido.geometry.core",
    "pyramido.board": "pyramido.geometry.board",
    "pyramido.reference": "pyramido.geometry.reference",
    "pyramido.rng": "pyramido.geometry.rng",
    "pyramido.bench": "pyramido.tools.bench",
    "pyramido.random_boards": "pyramido.tools.random_boards",
}
#: Where else an old module's names went, when it was split: looked in after its new module.
SPLIT: Final = {
    "pyramido.record": ("pyramido.engine.replay",),  # replay, restore, replay_to
    "pyramido.reference": ("pyramido.geometry.contract",),  # the constants, checks and errors
}
#: Old packages that held only moved modules.
PACKAGES: Final = frozenset({"pyramido.components"})


def _warn(old: str) -> None:
    warnings.warn(
        f"{old} moved to {MOVED[old]}; the old name will be removed in the next release",
        DeprecationWarning,
        stacklevel=3,
    )


class _OldNames(importlib.abc.MetaPathFinder, importlib.abc.InspectLoader):
    """Finds and loads the old names of :data:`MOVED` and :data:`PACKAGES`."""

    def find_spec(
        self, fullname: str, path: Any = None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED and fullname not in PACKAGES:
            return None
        return importlib.util.spec_from_loader(fullname, self, is_package=fullname in PACKAGES)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # an ordinary empty module

    def exec_module(self, module: ModuleType) -> None:
        old = module.__name__
        if old in PACKAGES:
            module.__doc__ = f"{old}: its modules moved ({', '.join(sorted(MOVED))})."
            return

        def forwarded(name: str) -> Any:
            if name.startswith("__"):  # the import system's own questions (``__path__``...)
                raise AttributeError(name)
            _warn(old)
            for new in (MOVED[old], *SPLIT.get(old, ())):
                found = importlib.import_module(new)
                if hasattr(found, name):
                    return getattr(found, name)
            raise AttributeError(f"module {old!r} (now {MOVED[old]!r}) has no attribute {name!r}")

        module.__dict__["__getattr__"] = forwarded  # PEP 562: asked for each name the module lacks

    def is_package(self, fullname: str) -> bool:
        return fullname in PACKAGES

    def get_source(self, fullname: str) -> str:
        """What ``python -m OLD`` runs: the new module as the main program."""
        new = MOVED[fullname]
        return (
            "import runpy, warnings\n"
            f"warnings.warn('{fullname} moved to {new}', DeprecationWarning, stacklevel=1)\n"
            f"runpy.run_module('{new}', run_name='__main__', alter_sys=True)\n"
        )

    def get_code(self, fullname: str) -> CodeType:
        return compile(self.get_source(fullname), f"<{fullname}, moved>", "exec")


def install() -> None:
    """Answer the old names (once per process)."""
    if not any(isinstance(finder, _OldNames) for finder in sys.meta_path):
        sys.meta_path.append(_OldNames())
