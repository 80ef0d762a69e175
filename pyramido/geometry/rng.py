"""The one seeded random number generator a game owns (and each seeded bot).

PCG32 (O'Neill's permuted congruential generator, XSH RR), rather than :mod:`random`, so
that a game record can be replayed bit-for-bit by any implementation in any language: the
algorithm is 10 lines and every draw is an unbiased bounded integer. It runs in the C core
(``core_c/rng.c``: one call per draw, one per shuffle), because games draw on every turn
and bots on every decision; :class:`pyramido.geometry.reference.Rng` is the same generator in pure
Python, and the tests hold the two to the same draws.
"""

from __future__ import annotations

import threading
from collections.abc import MutableSequence
from operator import itemgetter
from typing import Any, TypeVar

from .._core import ffi, lib
from ..errors import brief

T = TypeVar("T")

_new = ffi.new
_new_raw = ffi.new_allocator(should_clear_after_alloc=False)
_unpack = ffi.unpack
_seed = lib.pyr_rng_seed
_next = lib.pyr_rng_next
_below = lib.pyr_rng_below
_permutation = lib.pyr_rng_permutation
_draw = lib.pyr_rng_draw
_BOUND_MAX = 1 << 32
#: The kinds of a bag, and the items drawn at once, that :class:`_Scratch` holds (a game's
#: bag has six kinds, and draws three); a larger draw makes its own buffers.
_ROOM = 64


class _Scratch(threading.local):
    """This thread's buffers for :meth:`Rng.draw`, made once per thread rather than at
    every draw: a game draws gems at every turn, and making the two C arrays cost more than
    the draw itself (counted instructions). The C core runs with the GIL held."""

    def __init__(self) -> None:
        self.bag = _new_raw("uint32_t[]", _ROOM)
        self.drawn = _new_raw("uint32_t[]", _ROOM)


_scratch = _Scratch()


def _bound_error(bound: object) -> ValueError:
    return ValueError(f"bound must be in [1, 2**32], got {brief(bound)}")


def _count_error(count: object) -> ValueError:
    return ValueError(f"a count of draws is an integer >= 0, got {brief(count)}")


def _counts_error(counts: object) -> ValueError:
    return ValueError(f"counts are integers in [0, 2**32) adding up to at most 2**32, got {brief(counts)}")


class Rng:
    """PCG32 (XSH RR): 64-bit state, 32-bit outputs; ``state`` is that state as an int."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed >= 1 << 64:
            raise ValueError(f"seed must be an integer in [0, 2**64), got {brief(seed)}")
        self._state = _new("uint64_t[1]")
        _seed(seed, self._state)

    @property
    def state(self) -> int:
        value: int = self._state[0]
        return value

    @classmethod
    def at(cls, state: int) -> Rng:
        """A generator whose state is ``state`` (an int in ``[0, 2**64)``, as :attr:`state`)."""
        if not isinstance(state, int) or isinstance(state, bool) or not 0 <= state < 1 << 64:
            raise ValueError(f"a state is an integer in [0, 2**64), got {brief(state)}")
        twin = cls.__new__(cls)
        twin._state = _new("uint64_t[1]", [state])
        return twin

    def copy(self) -> Rng:
        """A generator at the same point, drawing the same numbers from here on."""
        twin = Rng.__new__(Rng)
        twin._state = _new("uint64_t[1]", [self._state[0]])
        return twin

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Rng:
        return self.copy()

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Rng.at, (self._state[0],))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other._state[0] == self._state[0]

    def __hash__(self) -> int:
        return hash(self._state[0])

    def __repr__(self) -> str:
        return f"Rng.at({self._state[0]})"

    def next_u32(self) -> int:
        value: int = _next(self._state)
        return value

    def below(self, bound: int) -> int:
        """An unbiased integer in ``[0, bound)`` (rejection of the short last bucket)."""
        if type(bound) is not int or not 0 < bound <= _BOUND_MAX:
            raise _bound_error(bound)
        value: int = _below(self._state, bound)
        return value

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, from the last position down (one C call for the whole order)."""
        count = len(items)
        if count < 2:
            return
        order = _new_raw("uint32_t[]", count)
        _permutation(self._state, count, order, count)
        items[:] = itemgetter(*_unpack(order, count))(items)  # two or more: a tuple, made in C

    def draw(self, counts: MutableSequence[int], count: int) -> list[int]:
        """Up to ``count`` items drawn without replacement from ``counts`` (``counts[k]``
        items of kind ``k``), taken out of it: the kinds drawn, in order, fewer when it runs
        out. Each draw is ``below(sum(counts))``, read as the kind whose share of the
        running total holds it (a bag of gems drawn from). One C call for them all, in this
        thread's buffers (:class:`_Scratch`); the kinds drawn are taken out of ``counts``
        here, rather than the whole bag read back."""
        if type(count) is not int or count < 0:
            raise _count_error(count)
        kinds = len(counts)
        scratch = _scratch
        held = scratch.bag if kinds <= _ROOM else _new_raw("uint32_t[]", kinds)
        try:
            held[0:kinds] = counts  # each an integer that fits, as C takes it
        except (TypeError, OverflowError):
            raise _counts_error(counts) from None
        total = sum(counts)
        if total > _BOUND_MAX:
            raise _counts_error(counts)
        if count > total:
            count = total  # all there is: the draws stop there
        out = scratch.drawn if count <= _ROOM else _new_raw("uint32_t[]", count)
        drawn = _draw(self._state, held, kinds, count, out, count)  # all of them: checked above
        taken: list[int] = _unpack(out, drawn)
        for kind in taken:
            counts[kind] -= 1
        return taken

    def choice(self, items: list[T]) -> T:
        """An item of ``items``, uniformly. Bots call it at every decision, so the empty
        list is caught after the fact: the C call refuses a bound of 0 with a negative error
        code (drawing nothing), which no empty list can be indexed with."""
        try:
            item: T = items[_below(self._state, len(items))]
        except IndexError:
            raise _bound_error(len(items)) from None
        return item
