"""Pyramido: Forgotten Treasures (2025), Ikhwan Kwon & Carl Briere, Jeux Synapses Games:
the rules as printed, with the project's rulings (docs/rules.md §3), the solo modes
against the Legend included, as the plugin ``forgotten-treasures``.

The package reads like the rulebook: :mod:`.setup` (what the plugin is, the deal),
:mod:`.flow` (a turn's steps in order, whose turn, a turn's start, a stage's end),
:mod:`.turn` (each step: when it is asked, its legal actions, why one is not, what it
does), :mod:`.scoring` (the stage's scoring step), :mod:`.stage_end` (scoring a
position, the ranking), :mod:`.legend` (the solo automaton), :mod:`.gems` and
:mod:`.exploration` (the bag and the spaces as they change), :mod:`.phases` (the printed
rule at each phase hook of :mod:`.hookspecs`), :mod:`.observation` (what a seat sees, and
its typed views from :mod:`.views`) and :mod:`.frontends` (its bot, look and shorthands). The
state (:mod:`.state`) is private to the package.

This module names what the plugin manager registers, :data:`PLUGIN` (the hook
implementations of those modules, and of :mod:`..pyramids.phases`, shared with Pyramido),
and what the front ends use (the printed payment table, the solo modes).
"""

from __future__ import annotations

from ...engine.plugin_modules import plugin_of
from ..pyramids import phases as pyramid_phases
from . import determinize, estimate, fast_paths, flow, frontends, observation, phases, setup, shown, stage_end
from .phases import PAYMENT_LABELS, PAYMENTS
from .state import SOLO_MODES

#: The plugin ``forgotten-treasures``: the hook implementations of these modules.
PLUGIN = plugin_of(
    __name__,
    setup,
    flow,
    phases,
    pyramid_phases,
    stage_end,
    observation,
    determinize,
    estimate,
    frontends,
    shown,
    fast_paths,
)

__all__ = ["PAYMENTS", "PAYMENT_LABELS", "PLUGIN", "SOLO_MODES"]
