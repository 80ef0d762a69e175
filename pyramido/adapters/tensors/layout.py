"""The layout of an observation tensor: named slices of one flat int16 vector.

Reinforcement-learning libraries want one fixed-shape array per observation; people want
to know what each number means. Every value is a flag or a count (a score, a pile's size,
a domino's icons), so the vector is of integers: :data:`DTYPE`, int16, holds them exactly
at half float32's bytes, and a learner's batch of them is memory traffic at every step
(a vector environment's copy, a network's input), which costs more than its arithmetic.

A :class:`Spec` is both: an ordered list of :class:`Slot` (name, shape, bounds, meaning),
whose concatenation is the flat vector. The encoders fill the slots by name
(:class:`Planes`), the adapters build their spaces from the bounds, and
``docs/adapters.md`` prints the same list.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from ...engine.strict_json import is_int
from ...errors import ArgumentError, brief

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset

#: The tensors' values: integers (see the module); an agent casts them to its network's type.
DTYPE = np.int16
#: :data:`DTYPE` as a memoryview's (or an ``array.array``'s) format: ``"h"``.
FORMAT = np.dtype(DTYPE).char
Vector = npt.NDArray[np.int16]


@dataclass(frozen=True)
class Slot:
    """One named slice of the vector: ``shape`` read row-major, every value in
    ``[low, high]``, ``meaning`` saying what the axes and the values are."""

    name: str
    shape: tuple[int, ...]
    low: int
    high: int
    meaning: str

    def __post_init__(self) -> None:
        limits = np.iinfo(DTYPE)
        if not (is_int(self.low) and is_int(self.high) and limits.min <= self.low <= self.high <= limits.max):
            raise ArgumentError(
                f"slot {self.name!r}: its bounds are ints, low <= high, within {DTYPE.__name__}'s "
                f"{limits.min}..{limits.max}, not {brief(self.low)}..{brief(self.high)}"
            )

    @property
    def size(self) -> int:
        return math.prod(self.shape)


@dataclass(frozen=True)
class Spec:
    """The tensor of one seat of a ruleset at a player count: its slots, in order."""

    ruleset: str
    num_players: int
    slots: tuple[Slot, ...]

    @property
    def size(self) -> int:
        return sum(slot.size for slot in self.slots)

    def offsets(self) -> Iterator[tuple[Slot, int]]:
        """Each slot with the index of its first value in the flat vector."""
        offset = 0
        for slot in self.slots:
            yield slot, offset
            offset += slot.size

    def bounds(self) -> tuple[Vector, Vector]:
        """The lowest and highest value of every position (a ``Box`` space's bounds)."""
        low = np.concatenate([np.full(s.size, s.low, DTYPE) for s in self.slots])
        high = np.concatenate([np.full(s.size, s.high, DTYPE) for s in self.slots])
        return low, high

    def split(self, vector: Vector) -> dict[str, Vector]:
        """The flat ``vector`` as one array per slot name, each in its slot's shape (views,
        not copies)."""
        if vector.shape != (self.size,):
            raise ValueError(f"a {self.ruleset} tensor has shape ({self.size},), not {vector.shape}")
        return {slot.name: vector[at : at + slot.size].reshape(slot.shape) for slot, at in self.offsets()}

    def integers(self, values: npt.NDArray[Any], who: str) -> Vector:
        """``values`` (a vector's worth, of any number type) as the tensor: refused, naming
        the first slot wrong, where one is not a whole number within its slot's bounds
        (numpy would cut 0.5 to 0 without a word). ``who`` wrote them, for the message."""
        low, high = self._limits
        wrong = (values != np.floor(values)) | (values < low) | (values > high)
        if wrong.any():
            first = int(np.flatnonzero(wrong)[0])
            slot = next(slot for slot, at in self.offsets() if first < at + slot.size)
            raise ArgumentError(
                f"{who} wrote {values[first].item()!r} in slot {slot.name!r}: a tensor's values "
                f"are whole numbers within their slot's bounds, {slot.low}..{slot.high}"
            )
        return values.astype(DTYPE)

    @cached_property
    def _limits(self) -> tuple[Vector, Vector]:
        return self.bounds()

    def table(self) -> list[dict[str, object]]:
        """The slots as rows (name, shape, range, meaning): what the docs print."""
        return [
            {"name": s.name, "shape": list(s.shape), "low": s.low, "high": s.high, "meaning": s.meaning}
            for s in self.slots
        ]

    def markdown(self) -> str:
        """The slots as a Markdown table (``docs/adapters.md`` holds them; a test compares)."""
        rows = [
            f"| `{s.name}` | {', '.join(map(str, s.shape))} | {s.low} to {s.high} | {s.meaning} |"
            for s in self.slots
        ]
        return "\n".join(["| slot | shape | range | meaning |", "|---|---|---|---|", *rows])


class Planes:
    """A vector of ``spec`` to fill slot by slot: ``planes[name]`` is the slot's array (a
    view into :attr:`vector`). The vector is a new zeroed one, or ``vector`` (a preallocated
    row that a :class:`Tracker` keeps up to date; or, for an encoder's ``fill``, a float64
    one that :meth:`Spec.integers` then checks).

    A tracker writes a few values at a time, where numpy's indexing costs more than the
    write: :attr:`values` is the vector as a flat ``memoryview`` (a write, or a slice copied
    from another int16 memoryview, costs a Python operation), and :meth:`at` the flat
    position of a slot's value."""

    def __init__(self, spec: Spec, vector: npt.NDArray[Any] | None = None) -> None:
        self.vector: npt.NDArray[Any] = np.zeros(spec.size, DTYPE) if vector is None else vector
        self._arrays = spec.split(self.vector)
        self.values = self.vector.data  # a memoryview of the whole vector
        self._starts = {slot.name: (at, slot.shape) for slot, at in spec.offsets()}

    def __getitem__(self, name: str) -> Vector:
        return self._arrays[name]

    def at(self, name: str, *index: int) -> int:
        """The flat position of ``planes[name][index]`` (a prefix of the slot's axes gives
        the first value of that part)."""
        at, shape = self._starts[name]
        size = math.prod(shape)
        for axis, i in enumerate(index):
            size //= shape[axis]
            at += i * size
        return at


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


class Tracker(Protocol):
    """One seat's tensor of one game kept up to date: :meth:`update` rewrites only the
    values of the family's slots that changed since its last call (the planes it was made
    with start zeroed), and returns the stage the seat's observation shows (1 to
    :data:`STAGES`). What it writes must be what ``fill`` writes from the seat's
    observation: the tests compare them over whole games. A tracker may also have
    ``restart()``: forget what it wrote, its planes being zeroed again, to follow a new
    game (:mod:`.live` then keeps it from game to game instead of making a new one)."""

    def update(self, game: Game) -> int: ...


class TrackedEncoder(GameEncoder, Protocol):
    """A :class:`GameEncoder` that can also follow a game step by step, without making
    the JSON observation (which costs more than the engine's step): ``tracker`` gives the
    :class:`Tracker` of the seat ``viewer``, its seats in ``order``, writing into
    ``planes``."""

    def tracker(self, viewer: int, order: list[int], planes: Planes) -> Tracker: ...


@runtime_checkable
class PublicFacts(Protocol):
    """What a game's encoder may also read from its state for the rewards, at every step
    (:mod:`pyramido.adapters.facts`): each seat's score as everybody sees it, and whether
    it is out. Both must agree with the spectator's observation (``score`` and ``out`` of
    each seat)."""

    def scores(self, game: Game) -> list[int]: ...

    def out(self, game: Game) -> list[bool]: ...
