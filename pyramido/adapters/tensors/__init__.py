"""Fixed-shape numpy tensors of one seat's observation, for learning agents.

Every ruleset and player count has a :class:`Spec` (``spec(ruleset, num_players)``): named
slots of one flat int16 vector, each with its shape, bounds and meaning
(``docs/adapters.md`` prints them). :class:`TensorEncoder` turns a seat's observation into
that vector and its legal actions into a mask.

The tensor is made from the seat's JSON observation (``game.observation(player)``) and
nothing else, so it holds nothing the seat cannot see: the engine's observation already
hides piles, hands and simultaneous choices (docs/protocol.md). Seats are ordered from
the viewer: seat slot ``k`` is seat ``(viewer + k) % num_players``, so an agent learns
"me" and "the next player", whatever its seat.

Each game registers its own encoder through its plugin (``pyramido_register_encoders``:
a factory taking a :class:`Context`, returning a :class:`GameEncoder`), so this package
names no game and a game from another package brings its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...engine.game import Game
from ...engine.ruleset import Ruleset, load_ruleset
from ...engine.strict_json import is_int
from ...errors import ArgumentError, brief
from ...resources import shipped_rulesets
from .layout import DTYPE, STAGES, Context, GameEncoder, Planes, Slot, Spec, TrackedEncoder, Tracker, Vector


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
        registered = self.ruleset.registered("pyramido_register_encoders").get(self.ruleset.game)
        if registered is None:
            raise ArgumentError(
                f"no plugin of {self.ruleset.id} registers a tensor encoder for its game "
                f"{self.ruleset.game!r}"
            )
        self.num_players = num_players
        self.kinds = tuple(self.ruleset.rules.steps)
        first = Game(self.ruleset, num_players, seed=0).observation(0)
        self.context = Context(self.ruleset, num_players, self.kinds, first)
        self.family = registered.thing(self.context)
        self.spec = Spec(self.ruleset.id, num_players, (*self._common_slots(), *self.family.slots()))
        self._heads: dict[tuple[int, int, tuple[str, tuple[int, ...]] | None], Vector] = {}
        own = [impl.plugin_name for impl in self.ruleset.rules.pm.hook.pyramido_observation.get_hookimpls()]
        #: whether a game can be followed step by step (:mod:`.live`): the family has a
        #: tracker, and the observation it mirrors is the game's own (no house rule's)
        self.tracks = hasattr(self.family, "tracker") and own == [self.ruleset.game]

    def tracker(self, viewer: int, planes: Planes) -> Tracker | None:
        """The game's :class:`Tracker` of ``viewer``'s tensor, writing into ``planes``;
        ``None`` where :attr:`tracks` is false (encode the observation instead)."""
        if not self.tracks:
            return None
        family: TrackedEncoder = self.family  # tracks: it has tracker()
        return family.tracker(viewer, self.order(viewer), planes)

    def order(self, viewer: int) -> list[int]:
        """The seats by seat slot, from ``viewer``."""
        return [(viewer + k) % self.num_players for k in range(self.num_players)]

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
        planes = Planes(self.spec, np.zeros(self.spec.size))  # floats: checked once filled
        decision = observation["decision"]
        head = self.head(
            viewer, observation["stage"], decision and (decision["kind"], tuple(decision["players"]))
        )
        planes.vector[: len(head)] = head
        self.family.fill(observation, self.order(viewer), planes)
        return self.spec.integers(planes.vector, f"the tensor encoder of {self.ruleset.game!r}")

    def head(self, viewer: int, stage: int, decision: tuple[str, tuple[int, ...]] | None) -> Vector:
        """The common slots' values (the first of the vector: stage, decision.kind,
        decision.seats) of ``viewer`` at ``stage`` with ``decision`` (its kind and
        players; ``None`` once over): made once each, since a game comes to the same few
        again and again (read it, do not change it)."""
        key = (viewer, stage, decision)
        head = self._heads.get(key)
        if head is None:
            kinds, n = len(self.kinds), self.num_players
            head = np.zeros(STAGES + kinds + n, DTYPE)
            head[stage - 1] = 1
            if decision is not None:
                kind, players = decision
                head[STAGES + self.kinds.index(kind)] = 1
                for slot, seat in enumerate(self.order(viewer)):
                    head[STAGES + kinds + slot] = seat in players
            self._heads[key] = head
        return head

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


__all__ = [
    "DTYPE",
    "STAGES",
    "Context",
    "GameEncoder",
    "Planes",
    "Slot",
    "Spec",
    "TensorEncoder",
    "TrackedEncoder",
    "Tracker",
    "encoder",
    "spec",
]
