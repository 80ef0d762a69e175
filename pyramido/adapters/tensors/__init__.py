"""Fixed-shape numpy tensors of one seat's observation, for learning agents.

Every ruleset and player count has a :class:`Spec` (``spec(ruleset, num_players)``): named
slots of one flat float32 vector, each with its shape, bounds and meaning
(``docs/adapters.md`` prints them). :class:`TensorEncoder` turns a seat's observation into
that vector and its legal actions into a mask.

The tensor is made from the seat's JSON observation (``game.observation(player)``) and
nothing else, so it holds nothing the seat cannot see: the engine's observation already
hides piles, hands and simultaneous choices (docs/protocol.md). Seats are ordered from
the viewer: seat slot ``k`` is seat ``(viewer + k) % num_players``, so an agent learns
"me" and "the next player", whatever its seat.

Each game family has its own encoder module (``pyramido``, ``forgotten_treasures``,
``silver_gold``) that registers itself with :func:`register`; a plugin's new game can
register one the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ...engine import Game
from ...errors import ArgumentError, brief
from ...resources import shipped_rulesets
from ...ruleset import Ruleset, load_ruleset
from ...strict_json import is_int
from .layout import Planes, Slot, Spec, Vector

#: Stages (Silver & Gold: rounds) a game has; the observation's ``stage`` is 1..STAGES.
STAGES = 4


@dataclass(frozen=True)
class Context:
    """What an encoder lays its slots out from: the ruleset, the player count, the kinds
    of decision its rule steps answer, and the observation of seat 0 at the start of a
    game (its lists have the lengths every later observation keeps: the quarry, the
    piles, the card slots)."""

    ruleset: Ruleset
    num_players: int
    kinds: tuple[str, ...]
    first: dict[str, Any]


class GameEncoder(Protocol):
    """The tensor of one game family: ``slots`` of its own (after the common ones), and
    ``fill`` writing an observation into them, seats in ``order`` (the viewer first)."""

    def slots(self) -> list[Slot]: ...

    def fill(self, observation: dict[str, Any], order: list[int], planes: Planes) -> None: ...


_FAMILIES: dict[str, Callable[[Context], GameEncoder]] = {}


def register(game: str) -> Callable[[Callable[[Context], GameEncoder]], Callable[[Context], GameEncoder]]:
    """Register the encoder (a class taking a :class:`Context`) of the game family ``game``
    (the ``game`` of a ruleset file)."""

    def add(factory: Callable[[Context], GameEncoder]) -> Callable[[Context], GameEncoder]:
        _FAMILIES[game] = factory
        return factory

    return add


class TensorEncoder:
    """The tensors of ``ruleset`` (an id, a file or a loaded ruleset) at ``num_players``.

    Raises :class:`~pyramido.errors.ArgumentError` for a player count the ruleset does not
    allow, or a game family no encoder is registered for.
    """

    def __init__(self, ruleset: Ruleset | str | Path, num_players: int) -> None:
        self.ruleset = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
        limits = self.ruleset.data["players"]
        if not is_int(num_players) or not limits["min"] <= num_players <= limits["max"]:
            raise ArgumentError(
                f"no tensor for {brief(num_players)} players: {self.ruleset.id} is for "
                f"{limits['min']}-{limits['max']} players"
            )
        factory = _FAMILIES.get(self.ruleset.game)
        if factory is None:
            raise ArgumentError(
                f"no tensor encoder for the game {self.ruleset.game!r} of {self.ruleset.id}; "
                f"encoders: {', '.join(sorted(_FAMILIES))}"
            )
        self.num_players = num_players
        self.kinds = tuple(self.ruleset.rules.steps)
        first = Game(self.ruleset, num_players, seed=0).observation(0)
        self.family = factory(Context(self.ruleset, num_players, self.kinds, first))
        self.spec = Spec(self.ruleset.id, num_players, (*self._common_slots(), *self.family.slots()))

    def _common_slots(self) -> list[Slot]:
        n = self.num_players
        return [
            Slot("stage", (STAGES,), 0, 1, "one-hot: the stage (Silver & Gold: the round), 1 to 4"),
            Slot("decision.kind", (len(self.kinds),), 0, 1,
                 f"one-hot: the decision's kind, of {', '.join(self.kinds)} (all 0 once the game is over)"),
            Slot("decision.seats", (n,), 0, 1, "by seat slot: 1 if that seat has yet to decide now"),
        ]  # fmt: skip

    def encode(self, observation: dict[str, Any]) -> Vector:
        """The flat tensor of a seat's ``observation`` (``game.observation(player)``)."""
        players = observation.get("players") if isinstance(observation, dict) else None
        if not isinstance(players, list) or observation.get("ruleset") != self.ruleset.id:
            raise ArgumentError(
                f"not an observation of {self.ruleset.id}: {brief(observation)} (see game.observation)"
            )
        if len(players) != self.num_players:
            raise ArgumentError(
                f"an observation of {len(players)} players, not {self.num_players}: make an encoder "
                f"for {len(players)}"
            )
        viewer = observation.get("viewer")
        if not is_int(viewer):
            raise ArgumentError("a tensor is one seat's: the observation's viewer must be a seat, not None")
        order = [(viewer + k) % self.num_players for k in range(self.num_players)]
        planes = Planes(self.spec)
        planes["stage"][observation["stage"] - 1] = 1
        decision = observation["decision"]
        if decision is not None:
            planes["decision.kind"][self.kinds.index(decision["kind"])] = 1
            for slot, seat in enumerate(order):
                planes["decision.seats"][slot] = seat in decision["players"]
        self.family.fill(observation, order, planes)
        return planes.vector

    def observe(self, game: Game, player: int) -> Vector:
        """The tensor of ``player``'s observation of ``game``."""
        return self.encode(game.observation(player))

    def legal_mask(self, game: Game, player: int) -> npt.NDArray[np.int8]:
        """1 for each action index ``player`` may take now (all 0 when not deciding)."""
        mask = np.zeros(game.space.size, np.int8)
        if game.decision is not None and player in game.decision.players:
            mask[game.legal_indices(player)] = 1
        return mask


_ENCODERS: dict[tuple[str, int], TensorEncoder] = {}


def encoder(ruleset: Ruleset | str | Path, num_players: int) -> TensorEncoder:
    """The encoder of a ruleset at a player count (made once per shipped ruleset id; a file
    or a loaded ruleset gets a new one)."""
    key = (ruleset, num_players) if isinstance(ruleset, str) and is_int(num_players) else None
    found = _ENCODERS.get(key) if key is not None else None
    if found is None:
        found = TensorEncoder(ruleset, num_players)
        if key is not None and key[0] in shipped_rulesets():
            _ENCODERS[key] = found
    return found


def spec(ruleset: Ruleset | str | Path, num_players: int) -> Spec:
    """The documented layout of the tensor of ``ruleset`` at ``num_players``."""
    return encoder(ruleset, num_players).spec


# The game families' encoders register themselves on import.
from . import forgotten_treasures, pyramido, silver_gold  # noqa: E402

__all__ = [
    "STAGES",
    "Context",
    "GameEncoder",
    "Planes",
    "Slot",
    "Spec",
    "TensorEncoder",
    "encoder",
    "forgotten_treasures",
    "pyramido",
    "register",
    "silver_gold",
    "spec",
]
