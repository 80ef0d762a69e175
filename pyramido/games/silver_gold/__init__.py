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

This module is what the plugin manager registers: it gathers the hook implementations,
and names what the renderer, the CLI and the tests import.
"""

from __future__ import annotations

from .cards import check_cards, load_cards
from .determinize import pyramido_determinize
from .flow import pyramido_rule_steps
from .frontends import (
    pyramido_register_bots,
    pyramido_register_encoders,
    pyramido_register_looks,
    pyramido_register_scenes,
    pyramido_register_shorthands,
)
from .observation import pyramido_observation, pyramido_seat_view, pyramido_table_view
from .phases import (
    pyramido_bonus_claims,
    pyramido_draw_keep,
    pyramido_mark_options,
    pyramido_offer_refill,
    pyramido_symbol_effect,
)
from .scoring import pyramido_ranking, pyramido_score_stage, pyramido_tiebreaks
from .setup import (
    SLOTS,
    pyramido_action_space,
    pyramido_check_ruleset,
    pyramido_plugin_info,
    pyramido_setup,
)
from .state import State
from .views import CELLS, CardView

#: A pyramid card: the component is its own view, immutable and public (the ruleset
#: prints every card).
Card = CardView

__all__ = [
    "CELLS",
    "SLOTS",
    "Card",
    "State",
    "check_cards",
    "load_cards",
    "pyramido_action_space",
    "pyramido_bonus_claims",
    "pyramido_check_ruleset",
    "pyramido_determinize",
    "pyramido_draw_keep",
    "pyramido_mark_options",
    "pyramido_observation",
    "pyramido_offer_refill",
    "pyramido_plugin_info",
    "pyramido_ranking",
    "pyramido_register_bots",
    "pyramido_register_encoders",
    "pyramido_register_looks",
    "pyramido_register_scenes",
    "pyramido_register_shorthands",
    "pyramido_rule_steps",
    "pyramido_score_stage",
    "pyramido_seat_view",
    "pyramido_setup",
    "pyramido_symbol_effect",
    "pyramido_table_view",
    "pyramido_tiebreaks",
]
