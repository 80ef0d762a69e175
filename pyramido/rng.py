"""The one seeded random number generator a game owns.

PCG32 (O'Neill's permuted congruential generator), written out here rather than taken from
:mod:`random`, so that a game record can be replayed bit-for-bit by any implementation in
any language: the algorithm is 10 lines and every draw is an unbiased bounded integer.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from .errors import brief

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407


class Rng:
    """PCG32 (XSH RR): 64-bit state, 32-bit outputs."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed >= 1 << 64:
            raise ValueError(f"seed must be an integer in [0, 2**64), got {brief(seed)}")
        self.state = 0
        self.next_u32()
        self.state = (self.state + seed) & _MASK64
        self.next_u32()

    def copy(self) -> Rng:
        """A generator at the same point, drawing the same numbers from here on."""
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULTIPLIER + _INCREMENT) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, bound: int) -> int:
        """An unbiased integer in ``[0, bound)`` (rejection of the short last bucket)."""
        if not 0 < bound <= 1 << 32:
            raise ValueError(f"bound must be in [1, 2**32], got {bound}")
        threshold = (1 << 32) % bound
        while True:
            value = self.next_u32()
            if value >= threshold:
                return value % bound

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, from the last position down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
