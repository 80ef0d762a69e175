"""The engine: a game is a sequence of decisions, each with its legal actions.

:class:`Game` owns the state (built and changed only by the ruleset's plugins), one seeded
:class:`~pyramido.rng.Rng`, and the log of every action with the events it caused. The
engine itself knows no game rule: it checks whose decision it is and whether an action is
legal, then hands the action to the ``pyramido_apply`` hook. Because the check comes
first, a refused action leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .actions import Action, ActionFormatError
from .errors import PyramidoError
from .rng import Rng
from .ruleset import Ruleset, load_ruleset


class IllegalActionError(PyramidoError, ValueError):
    """An action the current decision does not allow; ``rule`` names the rule it breaks."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class Decision:
    """What the game waits for: ``kind`` of decision, by which ``players``, in which stage.

    Several players decide at once in simultaneous steps; each then calls
    ``apply(action, player=p)``.
    """

    kind: str
    players: tuple[int, ...]
    stage: int

    @property
    def player(self) -> int:
        """The one deciding player (an error for a simultaneous decision)."""
        if len(self.players) != 1:
            raise PyramidoError(f"{len(self.players)} players decide {self.kind!r} at once")
        return self.players[0]


class Game:
    """One game of a ruleset, for ``num_players`` seats, from ``seed``.

    ``ruleset`` is a loaded :class:`Ruleset`, a shipped ruleset id (loaded once per process)
    or a file path (read on every call: to play many games of a file, load it once with
    :func:`~pyramido.ruleset.load_ruleset` and pass the result).
    """

    def __init__(
        self,
        ruleset: Ruleset | str | Path = "pyramido",
        num_players: int = 2,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.ruleset = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
        limits = self.ruleset.data["players"]
        if not isinstance(num_players, int) or not limits["min"] <= num_players <= limits["max"]:
            raise PyramidoError(
                f"{self.ruleset.id} is for {limits['min']}-{limits['max']} players, not {num_players!r}"
            )
        self.num_players = num_players
        self.seed = seed
        self.options: dict[str, Any] = dict(options or {})
        self.rng = Rng(seed)
        self.rules = self.ruleset.rules
        self.space = self.ruleset.space
        self.decision: Decision | None = None
        self.setup_events: list[dict[str, Any]] = []
        self.steps: list[dict[str, Any]] = []
        self._events = self.setup_events
        self._legal: dict[int, list[int]] = {}
        self._notify = bool(self.rules.pm.hook.pyramido_event.get_hookimpls())
        self.state: Any = self.rules.setup(self)
        if self.state is None:
            raise PyramidoError(f"no plugin of {self.ruleset.id} sets up a game")

    # --- what is asked --------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.decision is None

    def legal_indices(self, player: int | None = None) -> list[int]:
        """Ascending indices of the actions ``player`` (default: the decider) may take."""
        player = self._decider(player)
        legal = self._legal.get(player)
        if legal is None:
            legal = self._legal[player] = self.rules.legal_actions(self, player)
        return legal

    def legal_actions(self, player: int | None = None) -> list[Action]:
        return [self.space.action(i) for i in self.legal_indices(player)]

    def legal_mask(self, player: int | None = None) -> list[bool]:
        mask = [False] * self.space.size
        for index in self.legal_indices(player):
            mask[index] = True
        return mask

    def observation(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator, who sees only public facts)."""
        if player is not None and not (isinstance(player, int) and 0 <= player < self.num_players):
            raise PyramidoError(f"no player {player!r} in a {self.num_players}-player game")
        observation: dict[str, Any] = self.rules.observation(self, player)
        return observation

    def ranking(self) -> list[dict[str, Any]]:
        """Final ranking, best first (only once the game is over)."""
        if not self.is_over:
            raise PyramidoError("the game is not over")
        ranking: list[dict[str, Any]] = self.rules.ranking(self)
        return ranking

    # --- what is done ---------------------------------------------------------------------

    def apply(self, action: Action | int | Mapping[str, Any], player: int | None = None) -> None:
        """Carry out ``action`` (an :class:`Action`, an index or its JSON) for ``player``.

        Raises :class:`IllegalActionError` naming the broken rule, or
        :class:`~pyramido.actions.ActionFormatError` for an action that is not even in the
        action space; in both cases the game is unchanged.
        """
        player = self._decider(player)
        index = self._index_of(action)
        if index not in self.legal_indices(player):
            parsed = self.space.action(index)
            reason = self.rules.explain_illegal(self, player, parsed) or "it is not a legal action now"
            assert self.decision is not None
            raise IllegalActionError(
                f"player {player} cannot {parsed.kind} {parsed.to_json(self.space)} "
                f"in decision {self.decision.kind!r}: {reason}",
                rule=reason,
            )
        self.apply_index(index, player)

    def apply_index(self, index: int, player: int) -> None:
        """The fast path for bots: ``index`` must come from ``legal_indices(player)``."""
        self._events = []
        self.steps.append({"player": player, "index": index, "events": self._events})
        self._legal = {}
        self.rules.apply(self, player, index)

    def emit(self, event: dict[str, Any]) -> None:
        """Record an event (called by plugins for every change chance or rules make)."""
        self._events.append(event)
        if self._notify:
            self.rules.event(self, event)

    def clone(self) -> Game:
        """An independent copy sharing only the (immutable) ruleset."""
        twin = copy.copy(self)
        twin.rng = Rng(0)
        twin.rng.state = self.rng.state
        twin.options = copy.deepcopy(self.options)
        twin.state = copy.deepcopy(self.state)
        twin.setup_events = copy.deepcopy(self.setup_events)
        twin.steps = copy.deepcopy(self.steps)
        twin._events = twin.steps[-1]["events"] if twin.steps else twin.setup_events
        twin._legal = {}
        return twin

    # --- helpers --------------------------------------------------------------------------

    def _decider(self, player: int | None) -> int:
        decision = self.decision
        if decision is None:
            raise IllegalActionError("the game is over: nobody decides anything", rule="game over")
        if player is None:
            if len(decision.players) != 1:
                raise IllegalActionError(
                    f"players {list(decision.players)} decide {decision.kind!r} at once: say which",
                    rule="simultaneous decision",
                )
            return decision.players[0]
        if player not in decision.players:
            raise IllegalActionError(
                f"it is not player {player!r}'s decision: {decision.kind!r} waits for "
                f"player(s) {', '.join(map(str, decision.players))}",
                rule="turn order",
            )
        return player

    def _index_of(self, action: Action | int | Mapping[str, Any]) -> int:
        if isinstance(action, Action):
            if self.space.action(action.index) != action:  # an Action of another game's space
                raise ActionFormatError(f"{action} is not an action of {self.ruleset.id}")
            return action.index
        if isinstance(action, int) and not isinstance(action, bool):
            self.space.kind_of(action)  # raises ActionFormatError when out of range
            return action
        if isinstance(action, Mapping):
            return self.space.from_json(action).index
        raise ActionFormatError(f"an action is an Action, an index or its JSON, not {action!r}")
