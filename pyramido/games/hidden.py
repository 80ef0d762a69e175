"""Dealing hidden things again, for ``pyramido_determinize``: the items lying at places a
seat cannot see are shuffled and dealt back to those places, so that a search bot plays on
a table it might believe in, never on the real one.

A place is a list and an index in it. At a *matched* place part of the item shows (a
face-down domino's back): it gets an item that shows the same.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from ..geometry.rng import Rng

T = TypeVar("T")
Place = tuple[list[T], int]


def deal_again(
    rng: Rng,
    free: Sequence[Place[T]],
    matched: Sequence[Place[T]] = (),
    shows: Callable[[T], Hashable] = lambda item: None,
) -> None:
    """Shuffle the items of ``free`` and ``matched`` places and deal them back: each matched
    place first, the first item of the shuffled pool that ``shows`` the same as the one it
    held (a uniform choice among those), then the rest to the free places in order."""
    pool = [items[index] for items, index in (*matched, *free)]
    rng.shuffle(pool)
    for items, index in matched:
        wanted = shows(items[index])
        items[index] = pool.pop(next(k for k, item in enumerate(pool) if shows(item) == wanted))
    for (items, index), item in zip(free, pool, strict=True):
        items[index] = item


def below_tops(piles: Sequence[list[T]]) -> list[Place[T]]:
    """Every place of ``piles`` but their tops (a pile's top is its last item)."""
    return [(pile, index) for pile in piles for index in range(len(pile) - 1)]
