"""The hooks every game shares, each saying when it is called and what it returns.

A game is a set of plugins: the game's own plugin (``pyramido``, ``forgotten-treasures``,
``silver-gold-pyramids``) implements what makes the game, and a house rule implements one
or two hooks, registered after it. For a ``firstresult`` hook pluggy calls the latest
registration first and stops at the first answer other than ``None``, so a house rule wins,
or declines a case by returning ``None``; a wrapper (``@hookimpl(wrapper=True)``) sees and
may change the answer beneath it.

The hooks come in three layers, as in pytest's ``pytest_runtest_protocol`` and its phases:

* **declarations**, asked once when a ruleset loads: ``pyramido_plugin_info``,
  ``pyramido_check_ruleset``, ``pyramido_action_space``, ``pyramido_rule_steps`` and the
  ``pyramido_register_*`` hooks of the front ends (and of the options a game takes);
* **protocol hooks**, each a whole part of the game, whose docstring lists in order the
  phase hooks it calls: ``pyramido_setup``, ``pyramido_apply`` (a turn's steps),
  ``pyramido_score_stage``, ``pyramido_ranking``;
* **phase hooks**, the points a house rule wants to touch: here those every game has
  (start player, extra score lines, tie-breaks); each game adds its own from its
  ``hookspecs`` module (``pyramido.games.pyramids.hookspecs`` for the pyramid of Pyramido and
  Forgotten Treasures, then one module per game).

The engine resolves each hook once per ruleset (:class:`pyramido.engine.plugins.Rules`), so a hook
call in the hot loop costs a plain function call. Documented for users in
``docs/plugin_hooks.md`` (a test keeps the two in step, and another that every hook has a
behaviour test ``test_hook_<name>``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pluggy

from .hook_answers import Seat

if TYPE_CHECKING:
    from ..geometry.rng import Rng
    from .actions import Action, ActionSpace
    from .game import Game
    from .plugin_info import PluginInfo
    from .ruleset import Ruleset
    from .steps import RuleSteps
    from .views import Breakdown, RankingRow, ScoreLine

PROJECT = "pyramido"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# --- declarations ---------------------------------------------------------------------------


@hookspec
def pyramido_plugin_info() -> PluginInfo:  # type: ignore[empty-body]  # a pluggy spec has no body
    """Declare the plugin: its name, the games it is for, the YAML parameters it adds.

    Every plugin implements it. Asked of each plugin alone (not through the other
    plugins) when a ruleset loads it: a plugin for another game is refused, and the
    parameters' JSON Schemas are merged into the ruleset's schema. A game's own plugin adds
    its :class:`~pyramido.engine.plugin_info.GameInfo`.
    """


@hookspec
def pyramido_check_ruleset(ruleset: Ruleset) -> list[tuple[str, str]] | None:
    """Check a ruleset beyond its JSON Schema (component counts, cross references).

    Called once when a ruleset is loaded, after schema validation. Return a list of
    ``(json_path, message)`` problems (empty or ``None`` when all is well); every
    implementation is called and their problems are reported together.
    """


@hookspec(firstresult=True)
def pyramido_action_space(ruleset: Ruleset) -> ActionSpace | None:
    """Return the game's fixed action space.

    Called once when a ruleset is loaded. The space is the list of action kinds with their
    fields; every action of every decision must have an index in it.
    """


@hookspec
def pyramido_rule_steps(ruleset: Ruleset, steps: RuleSteps) -> None:
    """Put the game's rule steps, one per decision kind, into ``steps``.

    Called once when a ruleset is loaded, in registration order (the game's plugin first,
    then each house rule), so that a house rule sees the game's step and may replace it or
    wrap it: ``steps.put(steps["mark"].but(legal=...))`` (:mod:`pyramido.engine.steps`). Called
    last, once the ruleset is checked and its action space made: a step may read
    ``ruleset.space`` (the offset of an action kind) once here rather than on every move.
    """


@hookspec
def pyramido_register_bots(register: Callable[..., None]) -> None:
    """Register bots: ``register(name, factory, description)``.

    Called once per ruleset, in registration order. ``factory(seed)`` makes a bot: an
    object with ``choose(game, player) -> action index``. A later registration of a name
    replaces the earlier one for this ruleset (a house rule can bring its own greedy bot).
    """


@hookspec
def pyramido_register_looks(register: Callable[..., None]) -> None:
    """Register the terminal look of a game: ``register(game_id, look)``.

    Called once per ruleset, in registration order; ``look`` is a
    :class:`pyramido.render.view.Look`, everything the terminal draws differently for the
    game.
    """


@hookspec
def pyramido_register_shorthands(register: Callable[..., None]) -> None:
    """Register what a person may type instead of a choice's number in ``pyramido play``:
    ``register(game_id, shorthand)``, a :class:`pyramido.render.view.Shorthand`.

    Called once per ruleset, in registration order.
    """


@hookspec
def pyramido_register_scenes(register: Callable[..., None]) -> None:
    """Register the SVG picture of a game: ``register(game_id, scene)``, a
    :class:`pyramido.svg.Scene` (what the picture draws its own way: the table, a seat's
    board, the key to its marks...).

    Called once per ruleset, in registration order; ``pyramido render`` and the web page
    draw a game whose plugin registers one.
    """


@hookspec
def pyramido_register_options(register: Callable[..., None]) -> None:
    """Register the options a game takes (``Game(..., options=...)``): ``register(game_id,
    schema)``, the JSON Schema of the options object, each option a property with a
    ``title``, a ``description`` and its values (an ``enum``, a type): what the web page
    makes its form fields of, and checks a new game's options against.

    Called once per ruleset, in registration order. The game still checks the options it
    is given; a game that registers none is offered without options.
    """


@hookspec
def pyramido_register_encoders(register: Callable[..., None]) -> None:
    """Register the tensor encoder of a game for learning agents: ``register(game_id,
    factory)``, where ``factory(context)`` takes a
    :class:`pyramido.adapters.tensors.Context` and returns a
    :class:`pyramido.adapters.tensors.GameEncoder` (its slots, and how an observation fills
    them).

    Called once per ruleset, in registration order; the adapters (PettingZoo, Gymnasium,
    OpenSpiel) encode a game whose plugin registers one.
    """


@hookspec
def pyramido_register_fast_paths(register: Callable[..., None]) -> None:
    """Register a faster form of what this plugin's own hook implementations answer:
    ``register(name, path)``, where ``path`` is a :class:`pyramido.engine.fast_paths.FastPath`
    (the hooks it stands for, its fast form and the general form that asks the hooks).

    Called once per ruleset, in registration order, as the ruleset loads; each name is then
    bound once (``game.rules.paths.<name>``): to the fast form while the registering plugin
    alone implements every one of the hooks, to the general form otherwise. A house rule
    implementing one of them needs nothing more: the general form asks it.
    """


@hookspec
def pyramido_register_shown(register: Callable[..., None]) -> None:
    """Register what ``pyramido rules show`` tells of a hook: ``register(hook_name,
    shown, title)``, where ``shown`` is a :class:`pyramido.engine.shown.ShownHook` (the rule
    parameters this plugin's implementation of the hook reads, and a function computing
    a table of the hook's answers through the ruleset's hooks) and ``title`` the table's.

    Called once per ruleset, in registration order, when the ruleset is shown; a later
    registration of a hook replaces the earlier one.
    """


# --- protocol hooks -------------------------------------------------------------------------


@hookspec(firstresult=True)
def pyramido_setup(game: Game) -> Any:
    """Build and return the initial state of a new game, and set the first decision.

    Called once by :class:`~pyramido.engine.game.Game`, after ``game.rng`` is seeded. Shuffle
    and deal with ``game.rng`` only, and report what chance decided with
    ``game.emit(...)`` (secrets with ``seen_by``). The phases, in order:

    1. the game's own dealing (its components, from the ruleset);
    2. ``pyramido_start_player``: who starts.
    """


@hookspec(firstresult=True)
def pyramido_apply(game: Game, player: int, action: Action) -> bool | None:
    """Carry out a legal action: the turn protocol. Return ``True``.

    Called by ``Game.apply`` after the action was found legal; the engine's own
    implementation hands it to the rule step of the current decision
    (``pyramido_rule_steps``), which emits an event for each change and sets the next
    decision. A wrapper sees every action of a game. The steps of a turn, and the phase
    hooks each calls, in order:

    * Pyramido: ``take`` (a quarry domino); ``place`` (``pyramido_placements``); ``mark``
      (``pyramido_markable_blocks``, ``pyramido_marking_required``); ``cover`` or
      ``keep_covers`` (``pyramido_cover_options``); ``refill`` (``pyramido_refill_piles``)
      and ``split`` (``pyramido_split_sources``); at a turn's start when no domino fits,
      ``fill`` (``pyramido_fill_spaces``, ``pyramido_eliminated``); at a stage's end
      ``pyramido_score_stage`` then ``pyramido_next_start_player``.
    * Forgotten Treasures and Silver & Gold: listed in their ``hookspecs`` modules
      (``pyramido.games.forgotten_treasures.hookspecs``,
      ``pyramido.games.silver_gold.hookspecs``).
    """


@hookspec(firstresult=True)
def pyramido_score_stage(game: Game, player: int, position: Any) -> Breakdown | None:
    """Score ``position``, one player's stage (or, in Silver & Gold, the game's end).

    Called with the real position when the stage is scored, and by bots with positions
    they imagine, so that a bot values moves by the rules the game is played with. The
    position is the game's own typed view (Pyramido: ``PyramidoPosition``; Forgotten
    Treasures: ``ActivationPosition``; Silver & Gold: ``ScoreCard``). Return a
    :class:`~pyramido.engine.views.Breakdown`, whose lines each have a stable ``id``; the engine
    refuses anything else. The phases, in order: the game's own lines (Pyramido:
    ``pyramido_area_points`` per marked area, then ``pyramido_mino_bonus``; the other
    games: in their ``hookspecs`` modules), then ``pyramido_extra_score_lines``.
    """


@hookspec(firstresult=True)
def pyramido_ranking(game: Game) -> list[RankingRow] | None:
    """Rank the players when the game ends: one :class:`~pyramido.engine.views.RankingRow` per
    seat, best first; tied players share a rank.

    Called as the game ends and whenever ``game.ranking()`` is asked afterwards. The
    phases: each player's score, then ``pyramido_tiebreaks``.
    """


# --- phase hooks every game has --------------------------------------------------------------


@hookspec(firstresult=True)
def pyramido_start_player(game: Game) -> Seat | None:
    """Who starts the game (a seat). Called once during setup.

    The games' default is the ruleset's ``first_player`` (modulo the player count).
    """


@hookspec(firstresult=True)
def pyramido_next_start_player(game: Game, stage_scores: list[int | None]) -> Seat | None:
    """Choose who starts the next stage, given each seat's score for the stage just ended.

    Called once at each stage end but the last. ``None`` entries are players out of the
    game. Return a seat.
    """


@hookspec
def pyramido_extra_score_lines(
    game: Game, player: int, position: Any, breakdown: Breakdown
) -> list[ScoreLine] | None:
    """Add lines to a breakdown: called last by ``pyramido_score_stage``, every
    implementation in turn, each seeing the game's own lines in ``breakdown``.

    Return the lines to add (each with its own stable ``id``), or ``None``. Called for
    imagined positions too, so bots take the extra points into account.
    """


@hookspec(firstresult=True)
def pyramido_tiebreaks(game: Game, player: int) -> list[int] | None:
    """The values that break a tie on points, compared in order, higher first.

    Called by ``pyramido_ranking`` for every seat when the game ends. Players equal on
    points and on every value share a rank.
    """


# --- what a seat sees ------------------------------------------------------------------------


@hookspec(firstresult=True)
def pyramido_seat_view(game: Game, player: int) -> Any:
    """Return the typed view of one seat (``game.seat(player)``): the game's own frozen
    dataclass, documented in its ``views`` module. What plugins and bots read."""


@hookspec(firstresult=True)
def pyramido_table_view(game: Game) -> Any:
    """Return the typed view of what lies on the table (``game.table()``): the game's own
    frozen dataclass (Pyramido: the quarry, the piles, the domino in hand), documented in
    its ``views`` module. Public facts only."""


@hookspec(firstresult=True)
def pyramido_observation(game: Game, player: int | None) -> dict[str, Any] | None:
    """Return what ``player`` may see, as JSON-ready data (``None``: a spectator).

    Must never contain hidden information that ``player`` could not see at the table.
    """


@hookspec(firstresult=True)
def pyramido_determinize(game: Game, player: int, rng: Rng) -> bool | None:
    """Resample, in ``game`` (a copy made for it: change its state freely), every fact
    ``player`` cannot see, consistently with what they saw (the order of face-down piles,
    a deck, others' hidden cards), drawing from ``rng``; return ``True``. Called by
    ``Game.determinize`` for search bots, after the other seats' secret choices of the
    current simultaneous decision were taken back and the game's own generator reseeded.
    A game with nothing hidden from a seat need not implement it."""


@hookspec(firstresult=True)
def pyramido_estimate(game: Game, player: int) -> float | None:
    """Estimate ``player``'s final score from ``game`` as it stands, cheaply: the points
    banked, what the part under way would score if it ended now, and a guess at what is
    left. Called by ``Game.estimate`` for search bots, which end a play-out early with
    every seat's estimate (docs/search.md) and compare them, so a share of the future
    every seat can expect alike may be left out. A game without one has its play-outs go
    to the end."""


@hookspec
def pyramido_event(game: Game, event: dict[str, Any]) -> None:
    """Be told of every event as it happens (after ``game.emit`` recorded it).

    For statistics, logging and house rules that react to what happens. Every
    implementation is called; return values are ignored. Must not change the state.
    """
