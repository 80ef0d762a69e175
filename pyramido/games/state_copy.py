"""Fast copies of game states, for :meth:`pyramido.engine.game.Game.clone`.

A search bot clones a game at every simulation, so a copy must cost microseconds, not the
milliseconds of :func:`copy.deepcopy` walking every domino. Each game's state classes
define ``__deepcopy__`` (the standard protocol ``deepcopy`` calls) with :func:`copied`:
the immutable parts (dominoes, cards, frozen views, tuples, ints) are shared, every list,
dict and set the rules change is copied by hand, one level as deep as the rules change it.
``tests/test_clone.py`` plays clones to the end and checks their originals never move.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def copied(obj: T, **fresh: Any) -> T:
    """A copy of ``obj`` (an instance with a ``__dict__``) sharing every attribute but the
    ``fresh`` ones, which the caller has copied."""
    twin: T = object.__new__(type(obj))
    twin.__dict__.update(obj.__dict__)
    twin.__dict__.update(fresh)
    return twin
