"""A cached attribute for the objects a game makes by the hundred (views, a bot's
per-decision valuer): :func:`functools.cached_property` takes a lock on every first read in
Python 3.11, which costs more than most of what these objects cache."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar, overload

T = TypeVar("T")


class cached(Generic[T]):
    """``functools.cached_property`` without its lock: each such object is read by one
    thread, and a value computed twice would be the same value. Works on frozen
    dataclasses, as it writes the instance's ``__dict__``."""

    def __init__(self, function: Callable[[Any], T]) -> None:
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.function(instance)
        return value


class PickledWithoutCache:
    """A base for objects with :class:`cached` attributes (or caches of their own, named
    in ``_caches``) that are shared (a ruleset's printed cards, a view kept in a game's
    state) and pickled or deep-copied: their state without the values cached. Any game
    sharing the object may fill its cache at any time, so two pickles of the same object
    would otherwise differ in bytes (and the cache be carried to another process)."""

    _caches: ClassVar[tuple[str, ...]] = ()
    _uncached: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._uncached = frozenset(
            [name for base in cls.__mro__ for name, value in vars(base).items() if isinstance(value, cached)]
            + list(cls._caches)
        )

    def __getstate__(self) -> dict[str, Any]:
        skipped = self._uncached
        return {name: value for name, value in self.__dict__.items() if name not in skipped}
