"""Pyramido (2023), Ikhwan Kwon, Jeux Synapses Games: the rules as printed, with the
project's rulings (docs/rules.md §2), as the plugin ``pyramido``.

The package reads like the rulebook: :mod:`.setup` (what the plugin is, the deal),
:mod:`.flow` (a turn's steps in order, whose turn, a turn's start, a stage's end), :mod:`.turn`
(each step: when it is asked, its legal actions, why one is not, what it does),
:mod:`.stage_end` (scoring, the ranking), :mod:`.phases` (the printed
rule at each phase hook of :mod:`.hookspecs`), :mod:`.observation` (what a seat sees, and
its typed view from :mod:`.views`) and :mod:`.frontends` (its bot, terminal look and typed forms). The
state (:mod:`.state`) is private to the package.

This module names what the plugin manager registers, :data:`PLUGIN`: the hook
implementations of those modules (and of :mod:`..pyramids.phases`, shared with Forgotten
Treasures).
"""

from __future__ import annotations

from ...engine.plugin_modules import plugin_of
from ..pyramids import phases as pyramid_phases
from . import determinize, estimate, fast_paths, flow, frontends, observation, phases, setup, shown, stage_end

#: The plugin ``pyramido``: the hook implementations of these modules.
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
