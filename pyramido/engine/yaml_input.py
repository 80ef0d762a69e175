"""Reading a YAML ruleset file to plain data, with every limit a hostile file would test.

A ruleset file is chosen by the user, but it is still text typed by hand, copied from a
forum or generated, so reading it must never hang, eat memory, crash or run anything, and
every refusal names the line:

* the file is read up to :data:`MAX_BYTES`, decoded as UTF-8 by this module (a UTF-16
  file, a byte that is not UTF-8 or a control character is reported at its line);
* before anything is built, the parser's events are checked: nesting at most
  :data:`MAX_DEPTH` deep, at most :data:`MAX_NODES` values with every alias counted as a
  copy of what it names (an "alias bomb" of nested aliases is refused at the alias that
  crosses the limit), no alias inside its own anchor;
* the document is then built with PyYAML's safe loader restricted to what JSON holds:
  mappings with string keys (no key twice, no ``<<`` merge), lists, strings, integers of
  at most 20 digits, finite floats, booleans and null. Any other tag (``!!python/...``,
  ``!!set``, ``!!binary``...) is refused; a date is read as a string.

A refusal of the YAML names the line and the path of the node refused (``rules.x`` of
``rules: {x: .nan}``), found by reading the events again up to it: only a text that fails
pays for it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from importlib.resources.abc import Traversable
from itertools import islice
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.resolver import Resolver

from ..errors import PyramidoError, brief, clip
from .strict_json import INT_LIMIT, TOO_MANY_DIGITS

MAX_BYTES = 1 << 20  # the largest shipped ruleset is 10 KiB
MAX_DEPTH = 32  # shipped rulesets nest 5 deep
MAX_NODES = 100_000  # shipped rulesets hold about 1,500 values

# What YAML itself allows in a stream (PyYAML's reader refuses the rest, without a line).
_NON_PRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_UTF16_OR_32 = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_MERGE = "tag:yaml.org,2002:merge"


class YamlInputError(PyramidoError, ValueError):
    """A YAML text refused before or while it was built; ``line`` is 1-based, ``path`` leads
    to the node refused (empty for the text as a whole)."""

    def __init__(self, reason: str, line: int | None, path: Sequence[str | int] = ()) -> None:
        super().__init__(reason if line is None else f"line {line}: {reason}")
        self.reason, self.line, self.path = reason, line, list(path)


try:  # libyaml's parser when PyYAML was built with it: same results, several times faster
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]  # PyYAML: another class


class _StrictLoader(_SafeLoader):
    """Safe YAML restricted to JSON's values (see the module)."""


def read_text(entry: Path | Traversable) -> str:
    """The text of a YAML file, at most :data:`MAX_BYTES`, decoded (see :func:`decode`).

    ``OSError`` is the caller's to report.
    """
    with entry.open("rb") as stream:
        data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        line = data.count(b"\n", 0, MAX_BYTES) + 1
        raise YamlInputError(f"the file is larger than {MAX_BYTES // 1024} KiB", line)
    return decode(data)


def decode(data: bytes) -> str:
    """UTF-8 text without control characters, or :class:`YamlInputError` at the bad line."""
    if data.startswith(_UTF16_OR_32):
        raise YamlInputError("UTF-16 or UTF-32 text (it starts with a byte-order mark): save it as UTF-8", 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position(data, exc.start, b"\n")
        raise YamlInputError(
            f"byte {data[exc.start]:#04x} at column {column} is not UTF-8: save the file as UTF-8", line
        ) from None
    bad = _NON_PRINTABLE.search(text)
    if bad:
        line, column = _position(text, bad.start(), "\n")
        hint = " (a NUL byte: is the file UTF-16?)" if bad.group() == "\0" else ""
        raise YamlInputError(f"control character U+{ord(bad.group()):04X} at column {column}{hint}", line)
    return text


def _position(text: Any, index: int, newline: Any) -> tuple[int, int]:
    """1-based line and column of ``index`` in ``text`` (a ``str`` or ``bytes``)."""
    start = text.rfind(newline, 0, index) + 1
    return text.count(newline, 0, index) + 1, index - start + 1


def load(text: str) -> Any:
    """The data of a YAML document (see the module); raise :class:`YamlInputError` at the
    node refused or, for a syntax error, :class:`yaml.MarkedYAMLError`."""
    _check_events(text)
    try:
        return yaml.load(text, Loader=_StrictLoader)
    except ConstructorError as exc:  # this module's refusals, and PyYAML's own
        raise _refused_at_mark(text, str(exc.problem), exc) from None


def _refused_at_mark(text: str, reason: str, exc: yaml.MarkedYAMLError) -> YamlInputError:
    """``reason`` at the line and path of the node of ``text`` where ``exc`` happened."""
    mark = exc.problem_mark
    if mark is None:
        return YamlInputError(reason, None)
    return YamlInputError(reason, mark.line + 1, path_at(text, mark.index))


class _Refused(Exception):
    """A limit broken by the ``event``-th event of a text (counted from 0): its line and
    path are found from there, by reading the text again."""

    def __init__(self, reason: str, event: int) -> None:
        super().__init__(reason)
        self.reason, self.event = reason, event


def _check_events(text: str) -> None:
    """Depth, expanded size and self-reference, read from the parser's events alone."""
    try:
        _check_parsed(yaml.parse(text, Loader=_StrictLoader))
    except _Refused as refused:
        event, path = next(islice(_with_paths(text), refused.event, None))
        line = event.start_mark.line + 1 if event.start_mark else None
        raise YamlInputError(refused.reason, line, path) from None
    except yaml.MarkedYAMLError as exc:
        # libyaml (PyYAML 6.0.4 and later) has a depth limit of its own, which its
        # scanner may meet before this module sees the events: say it in the same words
        if "nesting depth" not in str(exc.problem):
            raise
        raise _refused_at_mark(text, f"nested deeper than {MAX_DEPTH} levels", exc) from None


def _check_parsed(events: Iterator[yaml.Event]) -> None:
    """Raise :class:`_Refused` at the event of the node that breaks a limit: a collection
    that crosses the size limit is refused at its start."""
    open_collections: list[list[Any]] = []  # [anchor, values so far, its event] of each open one
    anchored: dict[str, int] = {}  # values an alias of each anchor stands for
    for number, event in enumerate(events):
        if isinstance(event, yaml.CollectionStartEvent):
            if len(open_collections) == MAX_DEPTH:
                raise _Refused(f"nested deeper than {MAX_DEPTH} levels", number)
            open_collections.append([event.anchor, 1, number])
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            anchor, values, number = open_collections.pop()  # refused, if so, at its start
        elif isinstance(event, yaml.ScalarEvent):
            anchor, values = event.anchor, 1
        elif isinstance(event, yaml.AliasEvent):
            alias = str(event.anchor)
            anchor, values = None, anchored.get(alias, 0)  # an unknown alias: the composer says so
            if any(alias == a for a, _, _ in open_collections):
                raise _Refused(f"the alias *{clip(alias, 40)} is inside its own anchor", number)
        else:
            continue
        if anchor is not None:
            anchored[anchor] = values
        if open_collections:
            open_collections[-1][1] += values
            if open_collections[-1][1] > MAX_NODES:
                raise _Refused(
                    f"more than {MAX_NODES} values once aliases are expanded (nested aliases?)", number
                )


class _Collection:
    """A mapping or list being read, with what its next node is."""

    def __init__(self, path: list[str | int], mapping: bool) -> None:
        self.path, self.mapping = path, mapping
        self.nodes = 0  # of a list, its items; of a mapping, its keys and values
        self.key: str | None = None  # the key whose value comes next

    def child(self, event: yaml.Event) -> list[str | int]:
        """The path of the next node, which ``event`` starts: an item by its index, a key
        or its value by the key (a key that is a list or a mapping: the mapping's path)."""
        if not self.mapping:
            path = [*self.path, self.nodes]
        else:
            if self.nodes % 2 == 0:
                self.key = event.value if isinstance(event, yaml.ScalarEvent) else None
            path = self.path if self.key is None else [*self.path, self.key]
        self.nodes += 1
        return path


def _with_paths(text: str) -> Iterator[tuple[yaml.Event, list[str | int]]]:
    """Every event of ``text`` with the path of the node it starts or ends (``[]`` for the
    stream and document), stopping quietly at a syntax error (the caller's own reading of
    the text reports it)."""
    open_collections: list[_Collection] = []
    try:
        for event in yaml.parse(text, Loader=_StrictLoader):
            if isinstance(event, yaml.CollectionEndEvent):
                yield event, open_collections.pop().path
            elif isinstance(event, yaml.NodeEvent):
                path = open_collections[-1].child(event) if open_collections else []
                if isinstance(event, yaml.CollectionStartEvent):
                    open_collections.append(_Collection(path, isinstance(event, yaml.MappingStartEvent)))
                yield event, path
            else:
                yield event, []
    except yaml.MarkedYAMLError:
        return


def path_at(text: str, index: int) -> list[str | int]:
    """The path of the node that starts at character ``index`` of ``text`` (a node's mark),
    the innermost one when several start there (a block mapping and its first key)."""
    found: list[str | int] | None = None
    for event, path in _with_paths(text):
        assert event.start_mark and event.end_mark  # PyYAML's parsers mark every event
        start = event.start_mark.index
        if start > index:
            break
        # a node of no width (a null written as nothing, a block mapping's start) yields
        # to a node written there
        written_here = isinstance(event, yaml.NodeEvent) and start == index
        if written_here and (found is None or event.end_mark.index > start):
            found = path
    return found or []


def _construct_mapping(loader: _StrictLoader, node: yaml.Node, deep: bool = False) -> Any:
    if not isinstance(node, yaml.MappingNode):
        raise ConstructorError(None, None, "expected a mapping", node.start_mark)
    seen: dict[str, int] = {}
    for key_node, _ in node.value:
        if key_node.tag == _MERGE:
            raise ConstructorError(None, None, "merge keys (<<) are not supported", key_node.start_mark)
        key = loader.construct_object(key_node, deep=deep)
        if type(key) is not str:
            raise ConstructorError(None, None, _not_a_string(key_node, key), key_node.start_mark)
        if key in seen:
            raise ConstructorError(
                None, None, f"key {brief(key)} given twice (first on line {seen[key]})", key_node.start_mark
            )
        seen[key] = key_node.start_mark.line + 1
    return loader.construct_mapping(node, deep=deep)


def _scalar(node: yaml.Node) -> yaml.ScalarNode:
    if not isinstance(node, yaml.ScalarNode):
        raise ConstructorError(None, None, f"the tag {brief(node.tag)} needs a scalar", node.start_mark)
    return node


def _not_a_string(node: yaml.Node, key: object) -> str:
    if isinstance(node, yaml.ScalarNode):  # yes, on, 1, null...
        return f"the key {clip(node.value, 40)} is read as {brief(key)}, not a string: write it in quotes"
    return f"a key is a {'list' if isinstance(node, yaml.SequenceNode) else 'mapping'}, not a string"


def _construct_int(loader: _StrictLoader, node: yaml.Node) -> int:
    node = _scalar(node)
    text = loader.construct_scalar(node)
    try:
        number = SafeConstructor.construct_yaml_int(loader, node) if len(text) <= 100 else INT_LIMIT
    except ValueError:
        raise ConstructorError(None, None, f"{brief(text)} is not an integer", node.start_mark) from None
    if not -INT_LIMIT < number < INT_LIMIT:
        raise ConstructorError(None, None, TOO_MANY_DIGITS, node.start_mark)
    return number


def _construct_float(loader: _StrictLoader, node: yaml.Node) -> float:
    node = _scalar(node)
    text = loader.construct_scalar(node)
    try:
        number = SafeConstructor.construct_yaml_float(loader, node)
    except ValueError:
        raise ConstructorError(None, None, f"{brief(text)} is not a number", node.start_mark) from None
    if not math.isfinite(number):
        raise ConstructorError(None, None, f"{brief(text)} is not a finite number", node.start_mark)
    return number


def _refuse_tag(loader: _StrictLoader, node: yaml.Node) -> Any:
    raise ConstructorError(
        None,
        None,
        f"the tag {brief(node.tag)} is not allowed: a ruleset holds mappings, lists, strings, "
        "numbers, booleans and null",
        node.start_mark,
    )


_StrictLoader.yaml_constructors = {
    "tag:yaml.org,2002:null": SafeConstructor.construct_yaml_null,
    "tag:yaml.org,2002:bool": SafeConstructor.construct_yaml_bool,
    "tag:yaml.org,2002:int": _construct_int,
    "tag:yaml.org,2002:float": _construct_float,
    "tag:yaml.org,2002:str": SafeConstructor.construct_yaml_str,
    "tag:yaml.org,2002:seq": SafeConstructor.construct_yaml_seq,
    "tag:yaml.org,2002:map": _construct_mapping,
    None: _refuse_tag,
}
_StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag != _TIMESTAMP]
    for first, resolvers in Resolver.yaml_implicit_resolvers.items()
}


def line_of(text: str, path: Sequence[str | int]) -> int | None:
    """The line of the deepest node of ``path`` present in the YAML ``text`` (loaded before)."""
    node: yaml.Node | None = yaml.compose(text, Loader=_StrictLoader)
    line = node.start_mark.line + 1 if node else None
    for step in path:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == step), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            node = None
        if node is None:
            break
        line = node.start_mark.line + 1
    return line
