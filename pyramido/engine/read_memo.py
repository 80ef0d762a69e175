"""Asking a house rule's scoring hook about many imagined positions, once per distinct
thing it reads.

A bot values hundreds of candidate positions a decision. A house rule's scoring hook
(``pyramido_extra_score_lines``...) is a function of its arguments and of the game, which
does not change while the bot thinks, so two candidates that agree on every field the
hook reads get the same answer: :class:`ReadMemo` asks the hook with views that note the
fields read, and keeps each answer under the values of those fields. A rule that pays for
unused cover cards reads no board: it is asked once for all the placements of a take, and
a bot keeps the C core's valuation of the rest.

Sound for any hook whose answer depends on what it reads alone: whatever it reads first
decides what it reads next, so a candidate that agrees on the values read takes the same
path to the same answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any, Generic, TypeVar

from .views import LazyDetail

R = TypeVar("R")
#: A field read: the argument's position and the field's name.
Read = tuple[int, str]


class ReadMemo(Generic[R]):
    """``function(*views)`` kept by the fields of the views it reads (each a frozen
    dataclass, a :class:`~pyramido.engine.views.LazyBreakdown` too); made afresh whenever
    anything else it may read (the game) changes, as a bot makes one per decision."""

    def __init__(self, function: Callable[..., R]) -> None:
        self.function = function
        self.answers: dict[tuple[Read, ...], dict[tuple[Any, ...], R]] = {}

    def __call__(self, *views: Any) -> R:
        for reads, known in self.answers.items():
            key = _values(views, reads)
            if key in known:
                return known[key]
        return self.ask(*views)[0]

    def ask(self, *views: Any) -> tuple[R, frozenset[Read]]:
        """The answer for ``views``, asked of the function (and kept), with the fields it
        read, keyed by their values after the call (with what it made: a lazy value
        read)."""
        noted: set[Read] = set()
        seen = [watched(view, noted, at) for at, view in enumerate(views)]
        answer = self.function(*seen)
        reads = tuple(sorted(noted))
        self.answers.setdefault(reads, {})[_values(seen, reads)] = answer
        return answer, frozenset(noted)


def _values(views: Sequence[Any], reads: tuple[Read, ...]) -> tuple[Any, ...]:
    return tuple([frozen(getattr(views[at], name)) for at, name in reads])


#: The types of the values a key holds as they are: most of what a view holds.
_ATOMS = frozenset({int, str, float, bool, type(None)})


def frozen(value: Any) -> Any:
    """``value`` as a key: itself when hashable, else a mapping as its sorted items (a
    :class:`~pyramido.engine.views.LazyDetail` as those made so far: the cells of a
    line are made, and keyed, only if the function read them), a dataclass as its
    fields, a sequence as a tuple, each frozen in turn. The common types are told by
    their type, not by a failed ``hash``: a key is made for every position a bot values."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is tuple:  # unused cover cards: hashable, so a key as it is (no copy per level)
        try:
            hash(value)
            return value
        except TypeError:
            pass
    if kind is list or kind is tuple:
        return tuple([item if type(item) in _ATOMS else frozen(item) for item in value])
    if kind is LazyDetail:
        return (kind, frozen(value.made()))
    if kind is dict or isinstance(value, Mapping):
        return tuple(sorted((key, frozen(item)) for key, item in value.items()))
    if is_dataclass(value):
        try:
            hash(value)  # by the fields it compares, as before it was read
            return value
        except TypeError:
            return (kind, *(frozen(getattr(value, f.name)) for f in fields(value)))
    if isinstance(value, set | frozenset):
        return frozenset([frozen(item) for item in value])
    if isinstance(value, list | tuple):
        return tuple([frozen(item) for item in value])
    try:
        hash(value)
    except TypeError:
        raise TypeError(f"a ReadMemo cannot key a {kind.__name__}") from None
    return value


def watched(view: Any, noted: set[Read], at: int) -> Any:
    """``view`` seen through a copy that notes in ``noted`` each field read, as ``(at,
    name)``; the copy is of a subclass of the view's class, so it passes its type checks."""
    if not is_dataclass(view) or isinstance(view, type):
        raise TypeError(f"a ReadMemo watches dataclass views, not {type(view).__name__}")
    copy: Any = object.__new__(_noting(type(view)))
    copy.__dict__.update(view.__dict__)
    copy.__dict__["_noted"] = (noted, at)
    return copy


@cache
def _noting(cls: type) -> type:
    """The subclass of dataclass ``cls`` whose instances note their fields read."""
    names = frozenset(f.name for f in fields(cls))
    read: Any = cls.__getattribute__  # the class's own (a lazy view makes its fields)

    def __getattribute__(self: Any, name: str) -> Any:
        if name in names:
            noted, at = object.__getattribute__(self, "__dict__")["_noted"]
            noted.add((at, name))
        return read(self, name)

    return type(cls.__name__, (cls,), {"__getattribute__": __getattribute__, "__module__": cls.__module__})
