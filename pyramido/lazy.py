"""A cached attribute for the objects a game makes by the hundred (views, a bot's
per-decision valuer): :func:`functools.cached_property` takes a lock on every first read in
Python 3.11, which costs more than most of what these objects cache."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

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
