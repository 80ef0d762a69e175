"""Every hook of the engine, in one place, each saying when it is called and what it returns.

A game is a set of plugins: the built-in plugin of a game (``pyramido``) implements every
hook; a house rule implements one or two and wins over the base because it is registered
after it (pluggy calls the latest registration first). ``firstresult`` hooks stop at the
first implementation that returns something other than ``None``, so a house rule can
decline a case by returning ``None``.

The engine resolves each hook once per ruleset (:class:`pyramido.plugins.Rules`), so a hook
call in the hot loop costs a plain function call, not a plugin-manager dispatch.
Documented for users in ``docs/plugin_hooks.md`` (a test keeps the two in step).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from .actions import Action, ActionSpace
    from .engine import Game
    from .ruleset import Ruleset

PROJECT = "pyramido"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec(firstresult=True)
def pyramido_action_space(ruleset: Ruleset) -> ActionSpace | None:
    """Return the game's fixed action space.

    Called once when a ruleset is loaded. The space is the list of action kinds with their
    fields; every action of every decision must have an index in it.
    """


@hookspec
def pyramido_check_ruleset(ruleset: Ruleset) -> list[tuple[str, str]] | None:
    """Check a ruleset beyond its JSON Schema (component counts, cross references).

    Called once when a ruleset is loaded, after schema validation. Return a list of
    ``(json_path, message)`` problems (empty or ``None`` when all is well); every
    implementation is called and their problems are reported together.
    """


@hookspec(firstresult=True)
def pyramido_setup(game: Game) -> Any:
    """Build and return the initial state of a new game.

    Called once by :class:`~pyramido.engine.Game`, after ``game.rng`` is seeded and before
    any decision. Shuffle and deal with ``game.rng`` only, report what chance decided with
    ``game.emit(...)``, and set ``game.decision`` to the first decision.
    """


@hookspec(firstresult=True)
def pyramido_legal_actions(game: Game, player: int) -> list[int] | None:
    """Return the ascending action indices ``player`` may take in ``game.decision``.

    Called at most once per decision and player (the engine caches it until the next
    ``apply``). Never empty while the player is one of the decision's players.
    """


@hookspec(firstresult=True)
def pyramido_explain_illegal(game: Game, player: int, action: Action) -> str | None:
    """Say which rule ``action`` breaks, for the error message of a refused action.

    Called only when an action is not in the legal list, before the error is raised; the
    state is not changed. Return a sentence that names the rule.
    """


@hookspec(firstresult=True)
def pyramido_apply(game: Game, player: int, action: int) -> bool | None:
    """Carry out a legal action (given by index) and move ``game.decision`` on.

    Called by ``Game.apply`` only after the action was checked legal, so it must not fail.
    Emit an event for every change with ``game.emit``; set ``game.decision`` to ``None``
    when the game is over. Return ``True``.
    """


@hookspec(firstresult=True)
def pyramido_score_stage(game: Game, player: int) -> dict[str, Any] | None:
    """Score ``player``'s stage that has just been completed by everybody.

    Called once per player at each stage end, before the next start player is chosen.
    Return the breakdown: a dict with at least ``total`` (int) and ``lines`` (a list of
    ``{"what": str, "points": int, ...}`` items that add up to ``total``), recorded as is.
    """


@hookspec(firstresult=True)
def pyramido_next_start_player(game: Game, stage_scores: list[int | None]) -> int | None:
    """Choose who starts the next stage, given each seat's score for the stage just ended.

    Called once at each stage end but the last. ``None`` entries are players out of the
    game. Return a seat.
    """


@hookspec(firstresult=True)
def pyramido_ranking(game: Game) -> list[dict[str, Any]] | None:
    """Rank the players when the game ends (end of the last stage, or nobody left).

    Return one dict per seat, best first: ``{"player", "rank", "score", "tiebreak": [...]}``;
    tied players share a rank.
    """


@hookspec(firstresult=True)
def pyramido_observation(game: Game, player: int | None) -> dict[str, Any] | None:
    """Return what ``player`` may see, as JSON-ready data (``None``: a spectator).

    Must never contain hidden information that ``player`` could not see at the table.
    """


@hookspec
def pyramido_event(game: Game, event: dict[str, Any]) -> None:
    """Be told of every event as it happens (after ``game.emit`` recorded it).

    For statistics, logging and house rules that react to what happens. Every
    implementation is called; return values are ignored. Must not change the state.
    """
