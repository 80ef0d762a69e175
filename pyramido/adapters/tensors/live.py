"""One game's tensors and legal masks, kept up to date as it is played, for the
environments: a learning agent asks for them at every step, and making the JSON
observation and encoding it again costs several times the engine's step.

:class:`LiveTensors` holds every seat's tensor and mask in arrays made once (or handed
in: rows of a vector environment's batch). A seat's are brought up to date when asked,
and only if the game moved since: the game's :class:`~.layout.Tracker` rewrites the values
that changed, and the mask is rewritten from the engine's legal list. A game whose encoder
has no tracker, or whose observation a house rule changes, is encoded from its
observation instead: the same values, more slowly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ...engine.game import Decision, Game
from ...errors import ArgumentError
from . import TensorEncoder
from .layout import DTYPE, Planes, Tracker, Vector

Mask = npt.NDArray[np.int8]
#: Up to this many legal actions, a mask is written one value at a time (most decisions
#: offer a few: a domino to take, a cover card); beyond, by numpy's ``put``.
FEW = 64


class _SeatTensor:
    """One seat's tensor of one game: the common slots written here, the game's own by
    its tracker (or the whole vector from the observation)."""

    def __init__(self, encoder: TensorEncoder, viewer: int, vector: Vector) -> None:
        self.encoder, self.viewer, self.vector = encoder, viewer, vector
        vector[:] = 0
        planes = Planes(encoder.spec, vector)
        self.order = encoder.order(viewer)
        self.tracker: Tracker | None = encoder.tracker(viewer, planes)
        self.head = vector[: len(encoder.head(viewer, 1, None))].data  # the common slots
        self._stage = 0  # what the head shows (nothing yet)
        self._decision: Decision | None = None

    def restart(self) -> bool:
        """Be the seat's tensor of a new game, as if new (planes and tracker cost more to
        make than a few steps of a game): whether it could (its tracker, if any, has
        ``restart``, see :class:`~.layout.Tracker`)."""
        restart = getattr(self.tracker, "restart", None)
        if self.tracker is not None and restart is None:
            return False
        self.vector.fill(0)
        if restart is not None:
            restart()
        self._stage, self._decision = 0, None
        return True

    def update(self, game: Game) -> None:
        if self.tracker is None:
            self.vector[:] = self.encoder.observe(game, self.viewer)
            return
        stage = self.tracker.update(game)
        decision: Decision | None = game.decision
        # decisions are shared (Decision.of): mostly the same object when nothing changed
        if stage != self._stage or decision is not self._decision:
            asked = None if decision is None else (decision.kind, decision.players)
            self.head[:] = self.encoder.head(self.viewer, stage, asked).data  # memoryviews: no numpy call
            self._stage, self._decision = stage, decision


class LiveTensors:
    """Every seat's tensor (``tensors[seat]``, int16) and legal mask (``masks[seat]``,
    int8) of the game given to :meth:`start`, up to date when read through :meth:`tensor`
    and :meth:`mask`; a seat never asked for costs nothing. ``tensors`` and ``masks`` may
    be handed in, one row per seat (a 2-D array, or rows of a batch: 1-D arrays of
    ``spec.size`` int16 and ``space.size`` int8)."""

    def __init__(
        self,
        encoder: TensorEncoder,
        tensors: Sequence[Vector] | None = None,
        masks: Sequence[Mask] | None = None,
    ) -> None:
        n, size, actions = encoder.num_players, encoder.spec.size, encoder.ruleset.space.size
        self.encoder = encoder
        self.tensors: Sequence[Vector] = _rows(tensors, n, size, DTYPE, "tensors")
        self.masks: Sequence[Mask] = _rows(masks, n, actions, np.int8, "masks")
        self._flat = [mask.data for mask in self.masks]  # the masks as memoryviews, for a few writes
        self._clear = np.zeros(actions, np.int8).data  # copied over a mask: cheaper than its fill(0)
        self._seats: list[_SeatTensor | None] = [None] * n
        self._tensor_at = [-1] * n  # the game's step count each seat's arrays were made at
        self._mask_at = [-1] * n
        self.game: Game | None = None

    def start(self, game: Game) -> None:
        """Follow ``game`` from now on (a new game: each seat's arrays are rewritten when
        next asked for, by the same tracker where it can restart)."""
        self.game = game
        n = self.encoder.num_players
        self._seats = [seat if seat is not None and seat.restart() else None for seat in self._seats]
        self._tensor_at = [-1] * n
        self._mask_at = [-1] * n

    def tensor(self, seat: int) -> Vector:
        """``seat``'s tensor now: its row of :attr:`tensors` (it changes as the game goes
        on: copy what you keep)."""
        game = self.game if self.game is not None else self._game()
        at = len(game.steps)
        if self._tensor_at[seat] != at:
            tracked = self._seats[seat]
            if tracked is None:
                tracked = self._seats[seat] = _SeatTensor(self.encoder, seat, self.tensors[seat])
            tracked.update(game)
            self._tensor_at[seat] = at
        return self.tensors[seat]

    def mask(self, seat: int) -> Mask:
        """``seat``'s legal mask now, 1 for each action it may take (all 0 when it is not
        deciding): its row of :attr:`masks`, which changes as the game goes on."""
        game = self.game if self.game is not None else self._game()
        at = len(game.steps)
        mask = self.masks[seat]
        if self._mask_at[seat] != at:
            flat = self._flat[seat]
            flat[:] = self._clear
            decision = game.decision
            if decision is not None and seat in decision.players:
                legal = game.legal_indices(seat)
                if len(legal) > FEW:
                    mask.put(legal, 1)
                else:  # one by one: numpy's put pays more to read a short list
                    for index in legal:
                        flat[index] = 1
            self._mask_at[seat] = at
        return mask

    def _game(self) -> Game:
        """The game (asked for before :meth:`start` only: an error)."""
        if self.game is None:
            raise ArgumentError("no game yet: call start(game) first")
        return self.game


def _rows(given: object, count: int, size: int, dtype: type, name: str) -> list[Any]:
    """``count`` rows of ``size`` values of ``dtype``: new, or the ``given`` ones checked."""
    if given is None:
        return list(np.zeros((count, size), dtype))
    rows = list(given) if isinstance(given, Sequence | np.ndarray) else []
    wanted = f"{count} rows of {size} {np.dtype(dtype).name} values (contiguous numpy arrays)"
    if len(rows) != count:
        raise ArgumentError(f"{name} must be {wanted}, not {len(rows) or type(given).__name__}")
    for row in rows:
        if (
            not isinstance(row, np.ndarray)
            or row.shape != (size,)
            or row.dtype != dtype
            or not row.flags.c_contiguous
        ):
            raise ArgumentError(f"{name} must be {wanted}, not a row of {getattr(row, 'shape', row)!r}")
    return rows
