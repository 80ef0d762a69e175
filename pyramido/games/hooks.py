"""The hooks of a ruleset as its games call them, typed: ``rules_of(game).start_player(game)``.

:class:`~pyramido.engine.plugins.Rules` makes every hook of a ruleset a plain attribute at run
time (``game.rules.markable_blocks``), which the type checker cannot see. Each game
describes the attributes it reads with a :class:`~typing.Protocol`, composed as its
hookspec modules are: :class:`SharedHooks` here (the hooks of :mod:`pyramido.engine.hookspecs`),
:class:`~pyramido.games.pyramids.hooks.PyramidHooks` (those Pyramido and Forgotten
Treasures share) and each game's own in its ``hooks`` module, beside its ``hookspecs``,
with its ``rules_of``. ``tests/test_hook_protocols.py`` keeps each Protocol equal to its
hookspec module: a member per hook, named without ``pyramido_``, with the hookspec's
parameters, and a return type as ``Rules`` answers:

* a ``firstresult`` hook: the hookspec's type without ``| None``: every game's own plugin
  answers each of its ``firstresult`` hooks, so a house rule declining with ``None``
  leaves the game's answer (the engine answers ``apply``);
* any other hook: the list of the answers that are not ``None``, ``list[Never]`` (always
  empty) for a hook whose implementations return nothing.

``rules_of`` is the one place where a game's ``Rules`` is seen as its Protocol: ``Rules``
answers every name with a callable (its ``__getattr__``), so it satisfies any Protocol of
methods for the type checker, and the accessor is a plain ``return``, no cast. A call costs
some 400 instructions (a random game makes thousands of hook calls): read it once into a
local where a function calls several hooks, and pass the state a step read to the helpers
it calls. A game's fast paths (:mod:`pyramido.engine.fast_paths`), bound once per
ruleset, are typed the same way, each game's by a Protocol beside its hooks' and read
with its ``paths_of(game)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Never, Protocol

if TYPE_CHECKING:
    from ..engine.actions import Action, ActionSpace
    from ..engine.game import Game
    from ..engine.hook_answers import Seat
    from ..engine.plugin_info import PluginInfo
    from ..engine.ruleset import Ruleset
    from ..engine.steps import RuleSteps
    from ..engine.views import Breakdown, RankingRow, ScoreLine
    from ..geometry.rng import Rng


class SharedHooks(Protocol):
    """The hooks of :mod:`pyramido.engine.hookspecs`, which every game has (documented there)."""

    # declarations
    def plugin_info(self) -> list[PluginInfo]: ...
    def check_ruleset(self, ruleset: Ruleset) -> list[list[tuple[str, str]]]: ...
    def action_space(self, ruleset: Ruleset) -> ActionSpace: ...
    def rule_steps(self, ruleset: Ruleset, steps: RuleSteps) -> list[Never]: ...
    def register_bots(self, register: Callable[..., None]) -> list[Never]: ...
    def register_looks(self, register: Callable[..., None]) -> list[Never]: ...
    def register_shorthands(self, register: Callable[..., None]) -> list[Never]: ...
    def register_scenes(self, register: Callable[..., None]) -> list[Never]: ...
    def register_options(self, register: Callable[..., None]) -> list[Never]: ...
    def register_encoders(self, register: Callable[..., None]) -> list[Never]: ...
    def register_shown(self, register: Callable[..., None]) -> list[Never]: ...
    def register_fast_paths(self, register: Callable[..., None]) -> list[Never]: ...

    # protocol hooks
    def setup(self, game: Game) -> Any: ...
    def apply(self, game: Game, player: int, action: Action) -> bool: ...
    def score_stage(self, game: Game, player: int, position: Any) -> Breakdown: ...
    def ranking(self, game: Game) -> list[RankingRow]: ...

    # phase hooks every game has
    def start_player(self, game: Game) -> Seat: ...
    def next_start_player(self, game: Game, stage_scores: list[int | None]) -> Seat: ...
    def extra_score_lines(
        self, game: Game, player: int, position: Any, breakdown: Breakdown
    ) -> list[list[ScoreLine]]: ...
    def tiebreaks(self, game: Game, player: int) -> list[int]: ...

    # what a seat sees
    def seat_view(self, game: Game, player: int) -> Any: ...
    def table_view(self, game: Game) -> Any: ...
    def observation(self, game: Game, player: int | None) -> dict[str, Any]: ...
    def determinize(self, game: Game, player: int, rng: Rng) -> bool: ...
    def estimate(self, game: Game, player: int) -> float: ...
    def event(self, game: Game, event: dict[str, Any]) -> list[Never]: ...


if TYPE_CHECKING:

    def rules_of(game: Game | Ruleset) -> SharedHooks:
        """The shared hooks of ``game``'s (or a ruleset's) rules, typed."""

else:
    from .accessors import rules_of as rules_of  # the same at run time: a plain read


#: The hooks every game scores a stage with; a game may add its own line hooks.
SCORING_HOOKS = ("pyramido_score_stage", "pyramido_extra_score_lines")
