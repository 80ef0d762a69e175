"""The plugin file that ``two-steps.yaml`` names: the game's hook implementations, gathered
by the package ``fourth_game`` (this folder).

A ruleset file names a plugin by an installed name (built in, or an entry point of the
group ``pyramido``) or by the path of one ``.py`` file, which the engine runs on its own,
not as a module of a package: so this file imports the package by its name, and the folder
holding it (``tests/``) must be importable (on ``sys.path``, or ``PYTHONPATH`` for a
command run in another process), as an installed package's would be.
"""

from __future__ import annotations

# The package's __all__ is its hook implementations: all of them, listed once, there.
from fourth_game import *  # noqa: F403
