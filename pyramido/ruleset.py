"""Rulesets: YAML files that say which plugins make a game and with which data.

Loading a ruleset reads the YAML safely (duplicate keys are errors), merges an overlay onto
the ruleset it ``extends`` (mappings merge key by key, lists are replaced, except
``plugins`` which the overlay extends), validates the result against
``schemas/ruleset.schema.json``, loads the plugins and asks them to check the data too.
Every problem becomes one :class:`RulesetError` naming the file, the line and the JSON path.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from . import resources
from .actions import ActionSpace
from .errors import PyramidoError
from .plugins import PluginError, Rules, load_plugin, make_plugin_manager


class RulesetError(PyramidoError, ValueError):
    """A ruleset is malformed: ``file``, ``line`` (1-based, when known) and JSON ``path``."""

    def __init__(self, message: str, file: str, line: int | None = None, path: str = "$") -> None:
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: at {path}: {message}")
        self.file, self.line, self.path, self.reason = file, line, path, message


try:  # libyaml's parser when PyYAML was built with it: same results, several times faster
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]


class _StrictLoader(_SafeLoader):
    """Safe YAML that refuses a key given twice in one mapping."""


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> Any:
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {key!r} given twice (first on line {seen[key]})", key_node.start_mark
            )
        seen[key] = key_node.start_mark.line + 1
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


@dataclass
class _Source:
    """One YAML file of a ruleset: its name for messages, text, data and directory."""

    name: str
    text: str
    data: dict[str, Any]
    directory: Path | None  # None for shipped rulesets: they may not name plugin files

    def line_of(self, path: list[str | int]) -> int | None:
        """The line of the deepest node of ``path`` present in this file."""
        node: yaml.Node | None = yaml.compose(self.text, Loader=yaml.SafeLoader)
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

    def has(self, path: list[str | int]) -> bool:
        value: Any = self.data
        for step in path:
            in_dict = isinstance(value, dict) and step in value
            in_list = isinstance(value, list) and isinstance(step, int) and step < len(value)
            if in_dict or in_list:
                value = value[step]
            else:
                return False
        return True


def json_path(path: Iterator[str | int] | list[str | int]) -> str:
    out = "$"
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else f".{step}"
    return out


@dataclass
class Ruleset:
    """A loaded, validated ruleset with its plugins resolved."""

    id: str
    data: dict[str, Any]
    sources: list[str]
    hash: str
    rules: Rules
    space: ActionSpace
    plugin_names: list[str] = field(default_factory=list)  # as written: ids, file names

    @property
    def name(self) -> str:
        return str(self.data["name"])

    @property
    def version(self) -> str:
        return str(self.data["version"])

    @property
    def game(self) -> str:
        return str(self.data["game"])

    @property
    def colours(self) -> list[str]:
        """The game's colours, in the order colour indices count them."""
        colours: list[str] = self.data["colours"]
        return colours

    @property
    def params(self) -> dict[str, Any]:
        """The game's rule parameters (the ``rules`` mapping)."""
        params: dict[str, Any] = self.data["rules"]
        return params

    @property
    def components(self) -> dict[str, Any]:
        components: dict[str, Any] = self.data["components"]
        return components

    @property
    def provisional(self) -> bool:
        return bool(self.data.get("provisional", False))


def _read(entry: Path | Traversable, name: str, directory: Path | None) -> _Source:
    try:
        text = entry.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesetError(f"cannot read: {exc}", name) from exc
    try:
        data = yaml.load(text, Loader=_StrictLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise RulesetError(f"invalid YAML: {exc.problem or exc}", name, line) from exc
    except yaml.YAMLError as exc:
        raise RulesetError(f"invalid YAML: {exc}", name) from exc
    if not isinstance(data, dict):
        raise RulesetError("a ruleset is a mapping (key: value lines)", name, 1)
    return _Source(name, text, data, directory)


def _merge(base: Any, overlay: Any, path: tuple[str, ...] = ()) -> Any:
    if isinstance(base, dict) and isinstance(overlay, dict):
        merged = dict(base)
        for key, value in overlay.items():
            if key == "plugins" and not path and isinstance(value, list):
                merged[key] = [*base.get("plugins", []), *value]
            else:
                merged[key] = _merge(base[key], value, (*path, key)) if key in base else value
        return merged
    return overlay


def _sources_of(target: str | Path, seen: tuple[str, ...] = ()) -> list[_Source]:
    """The chain of files of a ruleset, base first (a shipped id or a path)."""
    shipped = resources.shipped_rulesets()
    if isinstance(target, str) and target in shipped:
        source = _read(shipped[target], f"{target}.yaml (shipped)", None)
    else:
        path = Path(target)
        if not path.is_file():
            known = ", ".join(shipped)
            raise RulesetError(f"no such ruleset file; shipped rulesets are: {known}", str(target))
        source = _read(path, str(path), path.resolve().parent)
    if source.name in seen:
        raise RulesetError(
            "'extends' goes round in a circle", source.name, source.line_of(["extends"]), "$.extends"
        )
    base = source.data.get("extends")
    if base is None:
        return [source]
    if not isinstance(base, str):
        raise RulesetError(
            "'extends' names a ruleset id or file", source.name, source.line_of(["extends"]), "$.extends"
        )
    if source.directory is not None and base not in shipped:
        base_target: str | Path = source.directory / base
    else:
        base_target = base
    return [*_sources_of(base_target, (*seen, source.name)), source]


def _locate(sources: list[_Source], path: list[str | int]) -> tuple[str, int | None]:
    """The file (latest in the chain) and line where the value at ``path`` was written."""
    for source in reversed(sources):
        if source.has(path):
            return source.name, source.line_of(path)
    return sources[-1].name, sources[-1].line_of(path)


def _validate(sources: list[_Source], data: dict[str, Any]) -> None:
    error = jsonschema.exceptions.best_match(resources.validator("ruleset").iter_errors(data))
    if error is None:
        return
    # Inside an if/then or a oneOf, the deepest error of the branch is the specific one.
    error = max(error.context or [error], key=lambda e: len(e.absolute_path))
    path = list(error.absolute_path)
    file, line = _locate(sources, path)
    raise RulesetError(error.message, file, line, json_path(path))


def load_ruleset(target: str | Path, extra_plugins: tuple[str | Path, ...] = ()) -> Ruleset:
    """Load a shipped ruleset by id, or a ruleset or overlay file by path.

    ``extra_plugins`` are house-rule files the user passes on top (``--plugin FILE``).
    Shipped rulesets are loaded once per process; files are read again on every call, so
    an edited ruleset or house rule takes effect.
    """
    plugins = tuple(str(p) for p in extra_plugins)
    if isinstance(target, str) and target in resources.shipped_rulesets() and not plugins:
        return _load_shipped(target)
    return _load(target, plugins)


@cache
def _load_shipped(target: str) -> Ruleset:
    return _load(target, ())


def _load(target: str | Path, extra_plugins: tuple[str, ...]) -> Ruleset:
    """A ``str`` naming a shipped id is that ruleset, anything else a file."""
    if isinstance(target, str) and target not in resources.shipped_rulesets():
        target = Path(target)
    sources = _sources_of(target)
    data: dict[str, Any] = {}
    for source in sources:
        data = _merge(data, source.data)
    data.pop("extends", None)
    _validate(sources, data)

    loaded: list[tuple[str, object]] = []
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode())
    plugin_entries = [(name, _plugin_origin(sources, index)) for index, name in enumerate(data["plugins"])]
    plugin_entries += [(str(Path(p).resolve()), (f"--plugin {p}", None, Path.cwd())) for p in extra_plugins]
    for name, (file, line, directory) in plugin_entries:
        try:
            reg_name, plugin, source_bytes = load_plugin(name, directory)
        except PluginError as exc:
            raise RulesetError(str(exc), file, line, "$.plugins") from exc
        digest.update(source_bytes)
        loaded.append((reg_name, plugin))
    try:
        rules = Rules(make_plugin_manager(loaded))
    except PluginError as exc:
        raise RulesetError(str(exc), sources[-1].name, sources[-1].line_of(["plugins"]), "$.plugins") from exc

    ruleset = Ruleset(
        id=data["id"],
        data=data,
        sources=[s.name for s in sources],
        hash=digest.hexdigest(),
        rules=rules,
        space=ActionSpace([]),
        plugin_names=[Path(name).name if name.endswith(".py") else name for name, _ in plugin_entries],
    )
    problems = [p for batch in rules.check_ruleset(ruleset) for p in batch]
    if problems:
        path_text, message = problems[0]
        steps: list[str | int] = [
            int(s) if s.isdigit() else s for s in path_text.replace("]", "").replace("[", ".").split(".")[1:]
        ]
        file, line = _locate(sources, steps)
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        raise RulesetError(message + more, file, line, path_text)
    space = rules.action_space(ruleset)
    if space is None:
        raise RulesetError(
            "no plugin defines the game (no action space)", sources[-1].name, None, "$.plugins"
        )
    ruleset.space = space
    return ruleset


def _plugin_origin(sources: list[_Source], index: int) -> tuple[str, int | None, Path | None]:
    """Which file named the ``index``-th plugin of the merged list (overlays append)."""
    count = 0
    for source in sources:
        names = source.data.get("plugins", [])
        if index < count + len(names):
            return source.name, source.line_of(["plugins", index - count]), source.directory
        count += len(names)
    return sources[-1].name, None, sources[-1].directory
