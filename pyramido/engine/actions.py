"""Actions: small immutable values with a stable JSON form and a stable integer index.

A game's :class:`ActionSpace` is a fixed list of :class:`ActionKind` s; each kind has named
fields with a fixed number of values (and optional labels, used in JSON). An action's index
is the kind's offset plus its field values read as one mixed-radix number, so the space has
a fixed size and a legal-action mask is a plain list of booleans. Hot paths (bots,
simulation) work on the integers; :class:`Action` objects are made only when asked for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from ..errors import PyramidoError, brief
from .strict_json import is_int


class ActionFormatError(PyramidoError, ValueError):
    """An action's JSON or index does not name any action of the game's action space."""


@dataclass(frozen=True)
class Field:
    """One field of an action kind: ``size`` values, shown in JSON by ``labels`` if given."""

    name: str
    size: int
    labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.labels and len(self.labels) != self.size:
            raise ValueError(f"field {self.name!r}: {len(self.labels)} labels for size {self.size}")

    def to_json(self, value: int) -> int | str:
        return self.labels[value] if self.labels else value

    def from_json(self, raw: object, kind: str) -> int:
        """The value of a JSON field: a label (where the field has labels) or a plain int."""
        if self.labels and isinstance(raw, str):
            if raw in self.labels:
                return self.labels.index(raw)
            raise ActionFormatError(
                f"{kind}.{self.name}: {brief(raw)} is not one of {', '.join(self.labels)}"
            )
        if not is_int(raw):
            raise ActionFormatError(f"{kind}.{self.name}: {brief(raw)} is not an integer")
        if not 0 <= raw < self.size:
            raise ActionFormatError(f"{kind}.{self.name}: {brief(raw)} is out of range 0..{self.size - 1}")
        return raw


@dataclass(frozen=True)
class ActionKind:
    name: str
    fields: tuple[Field, ...] = ()
    offset: int = 0
    size: int = field(init=False)

    def __post_init__(self) -> None:
        size = 1
        for f in self.fields:
            size *= f.size
        object.__setattr__(self, "size", size)

    def encode(self, values: Sequence[int]) -> int:
        index = 0
        for f, value in zip(self.fields, values, strict=True):
            index = index * f.size + value
        return self.offset + index

    def decode(self, index: int) -> tuple[int, ...]:
        rest = index - self.offset
        values = []
        for f in reversed(self.fields):
            rest, value = divmod(rest, f.size)
            values.append(value)
        return tuple(reversed(values))


@dataclass(frozen=True)
class Action:
    """One action: its kind and field values (integers); ``index`` places it in the space."""

    kind: str
    values: tuple[int, ...]
    index: int

    def to_json(self, space: ActionSpace) -> dict[str, Any]:
        kind = space.kind(self.kind)
        out: dict[str, Any] = {"kind": self.kind}
        for f, value in zip(kind.fields, self.values, strict=True):
            out[f.name] = f.to_json(value)
        return out


class ActionSpace:
    """The fixed, ordered set of action kinds of one game.

    Every :class:`Action` is made once, when the space is built (a game's space holds a
    few hundred), so that turning an index into an action in the hot loop is a list lookup.
    """

    def __init__(self, kinds: Sequence[tuple[str, Sequence[Field]]]) -> None:
        built: list[ActionKind] = []
        offset = 0
        for name, fields in kinds:
            kind = ActionKind(name, tuple(fields), offset)
            built.append(kind)
            offset += kind.size
        self.kinds: tuple[ActionKind, ...] = tuple(built)
        self.size = offset
        self._by_name = {k.name: k for k in built}
        #: The first index of each kind, by name (``kind(name).offset`` without a call: what
        #: a rule step listing its legal indices at every step adds to its values).
        self.offsets: Mapping[str, int] = MappingProxyType({k.name: k.offset for k in built})
        self._field_index = {k.name: {f.name: i for i, f in enumerate(k.fields)} for k in built}
        if len(self._by_name) != len(built):
            raise ValueError("action kind names must be unique")
        self._actions = tuple(
            Action(k.name, k.decode(index), index)
            for k in built
            for index in range(k.offset, k.offset + k.size)
        )
        self._indices = {(a.kind, *a.values): a.index for a in self._actions}

    def kind(self, name: str) -> ActionKind:
        try:
            return self._by_name[name]
        except KeyError:
            raise ActionFormatError(
                f"unknown action kind {brief(name)}; kinds are {', '.join(self._by_name)}"
            ) from None

    def kind_of(self, index: int) -> ActionKind:
        return self._by_name[self.action(index).kind]

    def index(self, kind: str, *values: int) -> int:
        """Index of an action given its kind name and field values in field order."""
        found = self._indices.get((kind, *values))
        if found is None:
            self.kind(kind)  # an unknown kind is the first thing to say
            raise ActionFormatError(f"{kind}: {brief(list(values))} are not values of its fields")
        return found

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the space, by index (``actions[i]`` is ``action(i)`` unchecked:
        for a bot reading the legal indices of a decision by the hundred)."""
        return self._actions

    def action(self, index: int) -> Action:
        if type(index) is int and 0 <= index < self.size:
            return self._actions[index]
        raise ActionFormatError(f"action index {brief(index)} is outside 0..{self.size - 1}")

    def value(self, action: Action, field_name: str) -> int:
        return action.values[self._field_index[action.kind][field_name]]

    def from_json(self, data: object) -> Action:
        """The action of a JSON object (untrusted: checked strictly, messages kept short).

        An action exactly as :meth:`Action.to_json` writes it (any key order: a record
        keeps sorted keys) is one dictionary lookup, what a replay does a hundred times a
        game; anything else is parsed field by field, which names what is wrong."""
        if type(data) is dict:
            try:
                found = self._by_json.get(frozenset(data.items()))
            except TypeError:  # a list or an object as a value: parsed below, and refused
                found = None
            # equal values may differ in type (1.0 or True for 1): only an int or a str is one
            if found is not None and all(type(v) is int or type(v) is str for v in data.values()):
                return found
        return self._parsed(data)

    @cached_property
    def _by_json(self) -> dict[frozenset[tuple[str, int | str]], Action]:
        """Every action by the items of its JSON form, made on the first :meth:`from_json`."""
        return {frozenset(action.to_json(self).items()): action for action in self._actions}

    def _parsed(self, data: object) -> Action:
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise ActionFormatError(f"an action is an object with a 'kind' string, got {brief(data)}")
        kind = self.kind(data["kind"])
        names = self._field_index[kind.name]
        extra = [key for key in data if key != "kind" and key not in names]
        if extra:
            shown = ", ".join(brief(key, 30) for key in extra[:5])
            raise ActionFormatError(f"{kind.name}: unknown field(s) {shown}")
        values = []
        for f in kind.fields:
            if f.name not in data:
                raise ActionFormatError(f"{kind.name}: missing field {f.name!r}")
            values.append(f.from_json(data[f.name], kind.name))
        return self._actions[kind.encode(values)]  # made once with the space

    def describe(self) -> list[dict[str, Any]]:
        """The space as data (for docs and embedders): kinds, offsets, fields."""
        return [
            {
                "kind": k.name,
                "offset": k.offset,
                "size": k.size,
                "fields": [
                    {"name": f.name, "size": f.size, **({"labels": list(f.labels)} if f.labels else {})}
                    for f in k.fields
                ],
            }
            for k in self.kinds
        ]
