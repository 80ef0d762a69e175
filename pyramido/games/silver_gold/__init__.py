"""Silver & Gold Pyramids (Phil Walker-Harding): the rules as printed, with the project's
rulings (docs/rules.md §4), as the plugin ``silver-gold-pyramids``.

The package reads like the rulebook: :mod:`.setup` (what the plugin is, the deal),
:mod:`.flow` (the order of play, declared: the opening, rounds of expedition cards, the
reveal of the marks, completed cards and colour bonuses, the end), :mod:`.keeping` (the
``keep`` step), :mod:`.turn` (marking an expedition card: the ``mark`` step),
:mod:`.effects` (what the symbols marked do to a score card), :mod:`.replacing`
(completed cards replaced: the ``replace`` step), :mod:`.scoring` (the end scoring and
the ranking), :mod:`.phases` (the printed rule at each phase hook of :mod:`.hookspecs`),
:mod:`.observation` (what a seat sees, and its typed views from :mod:`.views`),
:mod:`.cards` (the pyramid cards) and :mod:`.frontends` (its bot, look and shorthands). The
state (:mod:`.state`) is private to the package.

This module names what the plugin manager registers, :data:`PLUGIN` (the hook
implementations of those modules), and what the renderer, the CLI and the tests import.
"""

from __future__ import annotations

from ...engine.plugin_modules import plugin_of
from . import determinize, estimate, fast_paths, flow, frontends, observation, phases, scoring, setup, shown
from .cards import check_cards, load_cards
from .setup import SLOTS
from .state import State
from .views import CELLS, CardView

#: A pyramid card: the component is its own view, immutable and public (the ruleset
#: prints every card).
Card = CardView

#: The plugin ``silver-gold-pyramids``: the hook implementations of these modules.
PLUGIN = plugin_of(
    __name__, setup, flow, phases, scoring, observation, determinize, estimate, frontends, shown, fast_paths
)

__all__ = ["CELLS", "PLUGIN", "SLOTS", "Card", "State", "check_cards", "load_cards"]
