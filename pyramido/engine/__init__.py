"""The engine: a game as a sequence of decisions, changed by rule steps and told by events,
its plugins and rulesets, its records, and the strict boundary where input enters.

The modules, from the bottom up: ``strict_json`` and ``yaml_input`` (input read within
limits), ``actions`` (the action space), ``events`` (who sees what), ``views`` (typed views
and scores), ``steps`` (rule steps), ``hookspecs`` and ``plugin_info`` (what a plugin may
implement and declare), ``plugins`` (finding plugins, resolving their hooks once),
``ruleset`` (overlays, validation, loading), ``own_plugin`` (the engine's own hooks),
``game`` (:class:`Game`), ``record`` (records, replay), ``schema_check`` and ``catalog``
(the rulesets a peer may name). docs/architecture.md draws what may import what.
"""

from .game import Decision, Game, IllegalActionError

__all__ = ["Decision", "Game", "IllegalActionError"]
