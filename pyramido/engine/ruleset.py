"""Rulesets: YAML files that say which plugins make a game and with which data.

Loading a ruleset takes two steps, so that a caller can decide what to trust before any
code runs:

1. :func:`read_manifest` reads the YAML files (strictly and within limits:
   :mod:`pyramido.engine.yaml_input`), merges an overlay onto the ruleset it ``extends`` (mappings
   merge key by key, lists are replaced, except ``plugins`` which the overlay extends),
   validates the result against ``schemas/ruleset.schema.json``, finds the plugins it names
   (reading house-rule files, running none) and computes the content hash;
2. :func:`load_manifest` imports the plugins and asks them to check the data too.

:func:`load_ruleset` takes both steps; :func:`pyramido.engine.replay.replay` compares a record's
ruleset with the manifest between them. Every problem becomes one :class:`RulesetError`
naming the file, the line and the JSON path, in the file of the chain that wrote the value
at fault (:class:`SourceMap`, kept by the merge). :meth:`Ruleset.describe` says what a loaded
ruleset is made of (``pyramido rules show``).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from .. import resources
from ..errors import ArgumentError, PyramidoError, brief, clip
from . import shown
from .actions import ActionSpace
from .plugin_info import GameInfo, PluginInfo, Schema
from .plugins import (
    PluginError,
    PluginSource,
    Registered,
    Rules,
    engine_plugins,
    find_plugin,
    import_plugin,
    make_plugin_manager,
    plugin_info,
    sha256,
)
from .strict_json import json_path

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from jsonschema.protocols import Validator

T = TypeVar("T")

MAX_EXTENDS = 16  # files in one chain of overlays
#: What a front end plays when told no ruleset: the family's first game, which names the package.
DEFAULT_RULESET = "pyramido"
SHIPPED = " (shipped)"  # after a shipped file's name in messages
_UNKNOWN_KEYS = "properties are not allowed ("  # how jsonschema's message lists them


class RulesetError(PyramidoError, ValueError):
    """A ruleset is malformed: ``file``, ``line`` (1-based, when known) and JSON ``path``."""

    def __init__(self, message: str, file: str, line: int | None = None, path: str = "$") -> None:
        path = clip(path)  # a path 32 levels deep, its keys from the file
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: at {path}: {message}")
        self.file, self.line, self.path, self.reason = file, line, path, message


@dataclass
class RulesetFile:
    """One YAML file of a ruleset: its name for messages, text, data and directory."""

    name: str
    text: str
    data: dict[str, Any]
    directory: Path | None  # None for shipped rulesets: they may not name plugin files

    def line_of(self, path: Sequence[str | int]) -> int | None:
        """The line of the deepest node of ``path`` present in this file."""
        from . import yaml_input

        return yaml_input.line_of(self.text, path)

    @property
    def file_name(self) -> str:
        """The file's own name, as a record names it: ``pyramido.yaml``, ``mine.yaml``."""
        return Path(self.name.removesuffix(SHIPPED)).name

    @property
    def where(self) -> str:
        """Which file it is: the shipped one's name, or the full path of one passed."""
        return str(self.directory / self.file_name) if self.directory else self.name

    @property
    def sha256(self) -> str:
        """The SHA-256 of the file's bytes (UTF-8 text, decoded without loss)."""
        return sha256(self.text.encode("utf-8")).hexdigest()


class Written:
    """Where a value of a ruleset's merged data was written: which file (its index in the
    chain, base first) and at which path there, which is the same path but for a plugin
    (overlays append to the list); for a mapping several files wrote into, where each of
    its keys was written, and for the plugins, each item. (This class and the next are
    plain classes: a dataclass costs a millisecond when the module is imported.)"""

    __slots__ = ("file", "parts", "path")

    def __init__(self, file: int, path: tuple[str | int, ...]) -> None:
        self.file, self.path = file, path
        self.parts: dict[str | int, Written] = {}


class SourceMap:
    """Where each value of a ruleset's merged data was written, so that a mistake is
    reported in the file and at the line where its author can mend it, whichever file of
    the chain of overlays that is."""

    def __init__(self, files: list[RulesetFile], root: Written) -> None:
        self.files = files  # base first
        self.root = root

    def locate(self, path: Sequence[str | int]) -> tuple[int, list[str | int]]:
        """The file (its index) that wrote the value at ``path`` and the value's path
        there; below what one file wrote whole, the path goes on in that file."""
        written = self.root
        for depth, step in enumerate(path):
            part = written.parts.get(step)
            if part is None:
                return written.file, [*written.path, *path[depth:]]
            written = part
        return written.file, list(written.path)

    def where(self, path: Sequence[str | int]) -> tuple[str, int | None]:
        """The name of the file that wrote the value at ``path``, and its line there."""
        index, local = self.locate(path)
        return self.files[index].name, self.files[index].line_of(local)

    def latest(self, *paths: Sequence[str | int]) -> Sequence[str | int]:
        """Of values that are at fault together, the one written in the latest file (the
        first one when several are): a value a base got right is wrong only because an
        overlay changed another, which is what to point at."""
        return max(paths, key=lambda path: self.locate(path)[0])

    def raise_at(self, message: str, path: Sequence[str | int], *related: Sequence[str | int]) -> NoReturn:
        """A :class:`RulesetError` at the value at ``path``, or at one of the ``related``
        values it breaks a rule with, when an overlay wrote that one later."""
        at = self.latest(path, *related)
        raise RulesetError(message, *self.where(at), json_path(at))


@dataclass
class Manifest:
    """A ruleset read and validated, its plugins found but not imported (nothing ran yet).

    ``hash`` is the content hash a record names: the merged data, then the bytes of every
    house-rule file in plugin order.
    """

    data: dict[str, Any]
    sources: SourceMap  # its files and where each value of ``data`` was written
    plugins: list[tuple[PluginSource, tuple[str, int | None]]]  # with the file and line naming each
    hash: str

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} {self.hash[:12]}>"

    @property
    def files(self) -> list[RulesetFile]:
        """The YAML files it was read from, base first."""
        return self.sources.files

    @property
    def id(self) -> str:
        return str(self.data["id"])

    @property
    def version(self) -> str:
        return str(self.data["version"])

    @property
    def plugin_names(self) -> list[str]:
        """The plugins as a record names them: installed names, house-rule file names."""
        return [plugin.name for plugin, _ in self.plugins]

    def identity(self) -> dict[str, Any]:
        """How a record names this ruleset: id, version, content hash, plugins and files."""
        return {
            "id": self.id,
            "version": self.version,
            "hash": self.hash,
            "plugins": self.plugin_names,
            "files": self.file_hashes(),
        }

    def file_hashes(self) -> list[dict[str, str]]:
        """Every file the ruleset was read from, by name with its SHA-256: its YAML files,
        base first, then its house-rule files in plugin order. The content hash covers them
        all at once; these say which one is missing or changed when a replay is refused."""
        yaml_files = [{"name": file.file_name, "sha256": file.sha256} for file in self.files]
        plugin_files = [
            {"name": plugin.name, "sha256": sha256(plugin.source).hexdigest()}
            for plugin, _ in self.plugins
            if plugin.path is not None
        ]
        return yaml_files + plugin_files

    @property
    def name(self) -> str:
        return str(self.data["name"])

    @property
    def game(self) -> str:
        return str(self.data["game"])

    @cached_property
    def colours(self) -> list[str]:
        """The game's colours, in the order colour indices count them (read on every move:
        kept as an attribute once read)."""
        colours: list[str] = self.data["colours"]
        return colours

    @cached_property
    def params(self) -> dict[str, Any]:
        """The game's rule parameters (the ``rules`` mapping; kept once read, as ``colours``)."""
        params: dict[str, Any] = self.data["rules"]
        return params

    @property
    def components(self) -> dict[str, Any]:
        components: dict[str, Any] = self.data["components"]
        return components

    @property
    def provisional(self) -> bool:
        return bool(self.data.get("provisional", False))


@dataclass(frozen=True)
class Parameter:
    """A rule parameter as a plugin declares it (``PluginInfo.parameters``)."""

    name: str
    plugin: str  # the declaring plugin's name
    schema: Schema  # a JSON Schema fragment with a description, and usually a default


@dataclass
class Ruleset(Manifest):
    """A loaded, validated ruleset with its plugins imported and resolved."""

    rules: Rules
    space: ActionSpace

    def parameters(self) -> dict[str, Parameter]:
        """Every rule parameter its plugins declare, in plugin order."""
        return _declared_parameters(self, self.rules.infos)

    def describe(self) -> dict[str, Any]:
        """What this ruleset is made of, JSON-ready: who it is, its files, its plugins in
        registration order (the engine's own first), every rule parameter with its value,
        default, description and the hooks reading it that another plugin answers first
        (``overridden_by``), which plugin answers each hook, which put each rule step, and
        the tables of values the hooks answer (:mod:`.shown`). What ``pyramido rules show``
        prints, so that a house-rule author sees what a ruleset really plays, whatever the
        overlays and plugins did."""
        plugins = [
            {"name": info.name, "description": info.description, "source": "the engine"}
            for info in (plugin_info(name, plugin) for name, plugin in engine_plugins())
        ]
        for plugin, _ in self.plugins:
            info = self.rules.infos[plugin.key]
            plugins.append({"name": info.name, "description": info.description, "source": plugin.origin})
        hooks = self.rules.hook_table()
        overridden = shown.overriding(self, hooks)
        parameters = []
        for name, declared in self.parameters().items():
            default = {"default": declared.schema["default"]} if "default" in declared.schema else {}
            parameters.append(
                {
                    "name": name,
                    "value": self.params[name],
                    **default,
                    "plugin": declared.plugin,
                    "description": declared.schema["description"],
                    "overridden_by": overridden.get(name, []),
                }
            )
        return {
            "id": self.id,
            "name": self.name,
            "game": self.game,
            "version": self.version,
            "players": self.data["players"],
            "hash": self.hash,
            "files": self.file_hashes(),
            "plugins": plugins,
            "parameters": parameters,
            "hooks": hooks,
            "steps": self.rules.step_table(),
            "tables": shown.tables(self),
        }

    def registered(self, hook: str) -> dict[str, Registered]:
        """What the plugins registered through ``hook`` (``pyramido_register_bots``,
        ``pyramido_register_looks``...), by name; asked once per ruleset."""
        found = self._registered.get(hook)
        if found is None:
            found = self._registered[hook] = self.rules.registered(hook)
        return found

    @cached_property
    def _registered(self) -> dict[str, dict[str, Registered]]:
        return {}

    def derived(self, key: str, build: Callable[[Ruleset], T]) -> T:
        """What a plugin derives from this ruleset, built once and shared by every game of
        it (parsed components, lookup tables): ``build(ruleset)`` on the first call with
        ``key``, the same object after. Keys are the plugin's own (``"pyramido.dominoes"``);
        what is kept must never be changed, since every game shares it."""
        try:
            found: T = self._derived[key]
            return found
        except KeyError:  # built outside the handler: a failing build is not "during" it
            pass
        found = self._derived[key] = build(self)
        return found

    @cached_property
    def _derived(self) -> dict[str, Any]:
        return {}


def _read(entry: Path | Traversable, name: str, directory: Path | None) -> RulesetFile:
    import yaml  # PyYAML and the limits around it: loaded when a file is first read

    from . import yaml_input

    try:
        text = yaml_input.read_text(entry)
        data = yaml_input.load(text)
    except OSError as exc:
        raise RulesetError(f"cannot read: {exc.strerror or exc}", name) from None
    except yaml_input.YamlInputError as exc:
        raise RulesetError(exc.reason, name, exc.line, json_path(exc.path)) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise RulesetError(f"invalid YAML: {exc.problem or exc}", name, line) from None
    except yaml.YAMLError as exc:
        raise RulesetError(f"invalid YAML: {exc}", name) from None
    if not isinstance(data, dict):
        raise RulesetError("a ruleset is a mapping (key: value lines)", name, 1)
    return RulesetFile(name, text, data, directory)


def _merge(files: list[RulesetFile]) -> tuple[dict[str, Any], SourceMap]:
    """The data of a chain of files, base first, each written over those before it, and
    where each value was written."""
    data: dict[str, Any] = {}
    root = Written(0, ())
    for index, file in enumerate(files):
        data = _write_over(data, file.data, root, index)
    return data, SourceMap(files, root)


def _write_over(base: dict[str, Any], overlay: dict[str, Any], written: Written, file: int) -> dict[str, Any]:
    """``overlay``, of the ``file``-th file, over ``base``, noting in ``written`` (where
    ``base`` was written) what it writes: mappings merge key by key, anything else is
    replaced, except the ruleset's ``plugins``, which the overlay's extend."""
    if not written.parts:  # a mapping one file wrote whole: each of its keys is that file's
        written.parts = {key: Written(written.file, (*written.path, key)) for key in base}
    written.file = file
    merged = dict(base)
    for key, value in overlay.items():
        before = base.get(key)
        if isinstance(before, dict) and isinstance(value, dict):
            merged[key] = _write_over(before, value, written.parts[key], file)
        elif key == "plugins" and not written.path and isinstance(value, list):
            merged[key] = _add_plugins(before, value, written, file)
        else:
            merged[key] = value
            written.parts[key] = Written(file, (*written.path, key))
    return merged


def _add_plugins(before: Any, added: list[Any], root: Written, file: int) -> Any:
    """The plugins of the base and then those the ``file``-th file adds, each noted with
    its file and index there. A base's ``plugins`` that is not a list is kept, so that the
    schema reports it where it was written."""
    if before is None:
        before = []
    elif not isinstance(before, list):
        return before
    listed = root.parts.setdefault("plugins", Written(file, ("plugins",)))
    listed.file = file
    for index in range(len(added)):
        listed.parts[len(before) + index] = Written(file, ("plugins", index))
    return [*before, *added]


def _files_of(target: str | Path) -> list[RulesetFile]:
    """The chain of files of a ruleset, base first (a shipped id or a path). A problem with
    an ``extends`` is reported in the file that says it, at its line; a circle, in the
    first file."""
    chain: list[RulesetFile] = []
    while True:
        referrer = chain[-1] if chain else None
        file = _open(target, referrer)
        if any(file.where == f.where for f in chain):
            _circle_error(chain)
        chain.append(file)
        base = file.data.get("extends")
        if base is None:
            return chain[::-1]
        if not isinstance(base, str):
            _extends_error("'extends' names a ruleset id or file", file)
        if len(chain) == MAX_EXTENDS:
            _extends_error(f"more than {MAX_EXTENDS} files extend one another", file)
        target = file.directory / base if file.directory and not _is_shipped(base) else base


def _on_top(base: list[RulesetFile], overlay: str | Path, target: str | Path) -> RulesetFile:
    """The file of ``overlay``, which must extend the ruleset ``target`` whose files are
    ``base``: an overlay changes the ruleset it names, and applied to another one it
    would change what its author never saw (another game's, even)."""
    chain = _files_of(overlay)
    top = chain[-1]
    named = top.data.get("extends")
    if named is None:
        raise RulesetError(
            f"not an overlay: it extends no ruleset, so it cannot go on {brief(str(target))}", top.name
        )
    if [file.where for file in chain[:-1]] != [file.where for file in base]:
        wrong = f"this overlay extends {brief(named)}, not {brief(str(target))}"
        _extends_error(f"{wrong}: an overlay applies only to the ruleset it extends", top)
    return top


def _open(target: str | Path, referrer: RulesetFile | None) -> RulesetFile:
    if isinstance(target, str) and _is_shipped(target):
        directory = resources.house_rules_folder() if _in_house_rules(target) else None
        return _read(resources.shipped_rulesets()[target], f"{target}.yaml{SHIPPED}", directory)
    path = Path(target)
    try:
        found = path.is_file()
    except (OSError, ValueError):  # a name too long, a NUL...
        found = False
    if not found:
        known = f"shipped rulesets are: {', '.join(resources.shipped_rulesets())}"
        if referrer is not None:
            _extends_error(
                f"'extends' names {brief(referrer.data['extends'])}: no such ruleset file; {known}", referrer
            )
        raise RulesetError(f"no such ruleset file; {known}", clip(str(target)))
    return _read(path, str(path), path.resolve().parent)


def _in_house_rules(target: str) -> bool:
    return (resources.house_rules_folder() / f"{target}.yaml").is_file()


def _is_shipped(target: str) -> bool:
    return target in resources.shipped_rulesets()


def _extends_error(message: str, file: RulesetFile) -> NoReturn:
    raise RulesetError(message, file.name, file.line_of(["extends"]), "$.extends")


def _circle_error(chain: list[RulesetFile]) -> NoReturn:
    """The ``extends`` of ``chain`` go round in a circle: said in the first file, the one
    the user named (any file of the circle could be the one to mend), with the circle
    whole, each file as the one before names it."""
    names = [chain[0].file_name, *(clip(file.data["extends"], 60) for file in chain)]
    _extends_error(f"'extends' goes round in a circle: {' -> '.join(names)}", chain[0])


def _validate(sources: SourceMap, data: dict[str, Any]) -> None:
    """The schema, then what a schema cannot say."""
    _check_schema(sources, "ruleset", data, [])
    players = data["players"]
    if players["min"] > players["max"]:
        message = f"min {players['min']} is more than max {players['max']}"
        sources.raise_at(message, ["players", "min"], ["players", "max"])


def _check_schema(
    sources: SourceMap, schema: str | Validator, value: Any, at: list[str | int], note: str = ""
) -> None:
    """``value``, found at ``at`` in the merged data, against ``schema`` (a shipped one by
    name, or a validator); a problem is raised where it was written, ``note`` after it."""
    from .schema_check import schema_problem  # jsonschema: loaded when a file is validated

    problem = schema_problem(schema, value)
    if problem is not None:
        path, message = problem
        sources.raise_at(message + note, [*at, *path, *_unknown_key(value, path, message)])


def _unknown_key(value: Any, path: list[str | int], message: str) -> list[str]:
    """The first of the unknown keys a schema problem is about, if it is about them, so
    that it is reported at that key's line: jsonschema reports them at their mapping and
    names them only in its message ("Additional properties are not allowed ('rulez' was
    unexpected)")."""
    for step in path:
        value = value[step]
    listed = message.partition(_UNKNOWN_KEYS)[2]
    if not listed or not isinstance(value, dict):
        return []
    return [key for key in value if repr(key) in listed][:1]


def _check_arguments(target: object, extra_plugins: object, overlays: object = ()) -> None:
    if not isinstance(target, str | Path):
        raise ArgumentError(f"a ruleset is a shipped id or a file path, not {brief(target)}")
    if not isinstance(overlays, list | tuple) or not all(isinstance(o, str | Path) for o in overlays):
        raise ArgumentError(f"overlays are a sequence of shipped ids or file paths, not {brief(overlays)}")
    plugins_ok = isinstance(extra_plugins, list | tuple) and all(
        "\0" not in str(p) for p in extra_plugins if isinstance(p, str | Path)
    )
    if not plugins_ok:
        raise ArgumentError(f"extra plugins are a sequence of files or plugins, not {brief(extra_plugins)}")


def read_manifest(
    target: str | Path,
    extra_plugins: Sequence[str | Path | object] = (),
    overlays: Sequence[str | Path] = (),
) -> Manifest:
    """Read and validate a shipped ruleset (by id) or a ruleset file (by path), with
    ``overlays`` on top in order (each a shipped id or a file that extends ``target``),
    and find its plugins, ``extra_plugins`` last: house-rule files the user passes
    (``--plugin FILE``), running no plugin code, or plugin objects made in the caller's
    own code (modules, instances), which it trusts."""
    _check_arguments(target, extra_plugins, overlays)
    target = _target(target)
    files = _files_of(target)
    files += [_on_top(files, _target(overlay), target) for overlay in overlays]
    data, sources = _merge(files)
    data.pop("extends", None)
    _validate(sources, data)
    named: list[tuple[str | object, tuple[str, int | None, Path | None]]] = [
        (name, _plugin_origin(sources, index)) for index, name in enumerate(data["plugins"])
    ]
    for extra in extra_plugins:
        if isinstance(extra, str | Path):
            named.append((str(Path(extra).resolve()), (f"--plugin {extra}", None, Path.cwd())))
        else:
            named.append((extra, ("a plugin passed in code", None, None)))
    plugins: list[tuple[PluginSource, tuple[str, int | None]]] = []
    digest = sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode())
    for name, (origin, line, directory) in named:
        try:
            plugin = find_plugin(name, directory) if isinstance(name, str) else PluginSource.of_object(name)
        except PluginError as exc:
            raise RulesetError(str(exc), origin, line, "$.plugins") from None
        digest.update(plugin.source)
        plugins.append((plugin, (origin, line)))
    return Manifest(data, sources, plugins, digest.hexdigest())


def _target(target: str | Path) -> str | Path:
    """A shipped id as it is, anything else as a path."""
    return target if isinstance(target, Path) or _is_shipped(target) else Path(target)


def load_manifest(manifest: Manifest) -> Ruleset:
    """Import the plugins of ``manifest``, check what each declares against the ruleset,
    validate the rule parameters and components against what they declare (filling in
    defaults), let them check the data too, and return the ruleset."""
    loaded: list[tuple[str, object]] = []
    infos: dict[str, PluginInfo] = {}
    for index, (plugin, (file, line)) in enumerate(manifest.plugins):
        try:
            module = import_plugin(plugin)
            info = plugin_info(plugin.name, module)
        except PluginError as exc:
            raise RulesetError(str(exc), file, line, "$.plugins") from exc
        if not info.is_for(manifest.game):
            _raise_at_plugin(manifest, index, f"plugin {plugin.name!r} is for {', '.join(info.games)}")
        loaded.append((plugin.key, module))
        infos[plugin.key] = info
    game = _game_info(manifest, infos)
    sources = manifest.sources
    try:
        rules = Rules(make_plugin_manager(loaded, game.hookspecs), infos)
    except PluginError as exc:
        raise RulesetError(str(exc), *sources.where(["plugins"]), "$.plugins") from exc
    data = dict(manifest.data)
    data["rules"] = _rule_parameters(manifest, infos)
    from .schema_check import validator_of

    _check_schema(sources, validator_of(game.components), data["components"], ["components"])
    ruleset = Ruleset(data, sources, manifest.plugins, manifest.hash, rules, ActionSpace([]))
    problems = [p for batch in rules.check_ruleset(ruleset) for p in batch]
    if problems:
        path_text, message = problems[0]
        steps: list[str | int] = [
            int(s) if s.isdigit() else s for s in path_text.replace("]", "").replace("[", ".").split(".")[1:]
        ]
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        raise RulesetError(message + more, *sources.where(steps), path_text)
    space = rules.action_space(ruleset)
    if space is None:
        raise RulesetError(
            "the game's plugin defines no action space", *sources.where(["plugins"]), "$.plugins"
        )
    ruleset.space = space
    rules.collect_steps(ruleset)  # last: a step may read the space (the offsets of its kinds)
    return ruleset


def _raise_at_plugin(manifest: Manifest, index: int, message: str) -> NoReturn:
    """The ``index``-th plugin does not suit the ruleset's game: said where the plugin is
    named, or at ``game`` when an overlay set the game after the plugin was named (an
    overlay of pyramido saying ``game: nosuch`` is what to mend, not pyramido.yaml)."""
    message = f"{message}, not {manifest.game}"
    named_in_data = index < len(manifest.data["plugins"])  # not one passed on the command line
    if named_in_data and manifest.sources.latest(["plugins", index], ["game"]) == ["game"]:
        manifest.sources.raise_at(message, ["game"])
    raise RulesetError(message, *manifest.plugins[index][1], "$.plugins")


def _game_info(manifest: Manifest, infos: dict[str, PluginInfo]) -> GameInfo:
    """The one plugin of the ruleset that defines its game."""
    games = [(key, info.game) for key, info in infos.items() if info.game is not None]
    if len(games) > 1:
        named = " and ".join(repr(infos[key].name) for key, _ in games)
        message = f"plugins {named} both define a game: a ruleset plays one"
        raise RulesetError(message, *manifest.sources.where(["plugins"]), "$.plugins")
    if not games or games[0][1].id != manifest.game:
        message = f"no plugin of the ruleset defines the game {manifest.game!r}"
        manifest.sources.raise_at(message, ["plugins"], ["game"])
    return games[0][1]


def _declared_parameters(manifest: Manifest, infos: Mapping[str, PluginInfo]) -> dict[str, Parameter]:
    """The parameters every plugin declares, in plugin order: each once, with a
    description (what ``pyramido rules show`` prints)."""
    declared: dict[str, Parameter] = {}
    for plugin, file_line in manifest.plugins:
        info = infos[plugin.key]
        for name, schema in info.parameters.items():
            if not isinstance(schema.get("description"), str):
                raise RulesetError(
                    f"plugin {info.name!r} declares the parameter {name!r} without a description",
                    *file_line,
                    "$.plugins",
                )
            if name in declared:
                other = declared[name].plugin
                raise RulesetError(
                    f"plugins {other!r} and {info.name!r} both declare the parameter {name!r}",
                    *file_line,
                    "$.plugins",
                )
            declared[name] = Parameter(name, info.name, schema)
    return declared


def _rule_parameters(manifest: Manifest, infos: dict[str, PluginInfo]) -> dict[str, Any]:
    """The ``rules`` mapping checked against the parameters every plugin declares, an
    unknown or ill-typed value reported where it was written, and the defaults filled in."""
    from .schema_check import validator_of

    declared = _declared_parameters(manifest, infos)
    sources = manifest.sources
    params = dict(manifest.data["rules"])
    for name in params:
        if name not in declared:
            known = ", ".join(sorted(declared))
            message = f"unknown parameter {brief(name)}: no plugin of this ruleset declares it ({known})"
            sources.raise_at(message, ["rules", name])
    for name, parameter in declared.items():
        owner, schema = parameter.plugin, parameter.schema
        if name not in params:
            if "default" not in schema:
                sources.raise_at(f"the parameter {name!r} of plugin {owner!r} is missing", ["rules"])
            params[name] = copy.deepcopy(schema["default"])
        note = f" (parameter of plugin {owner!r})"
        _check_schema(sources, validator_of(schema), params[name], ["rules", name], note)
    return params


def load_ruleset(
    target: str | Path,
    extra_plugins: Sequence[str | Path | object] = (),
    overlays: Sequence[str | Path] = (),
) -> Ruleset:
    """Load a shipped ruleset by id, or a ruleset or overlay file by path.

    ``extra_plugins`` are house-rule files the user passes on top (``--plugin FILE``), or
    plugin objects (a module, an instance with hook methods) made in the caller's code;
    ``overlays`` are house-rule overlays that extend ``target`` (shipped ids or files),
    applied on top in order. Shipped rulesets are loaded once per process; files are read
    again on every call, so an edited ruleset or house rule takes effect.
    """
    _check_arguments(target, extra_plugins, overlays)
    if isinstance(target, str) and _is_shipped(target) and not extra_plugins and not overlays:
        return _load_shipped(target)
    return load_manifest(read_manifest(target, extra_plugins, overlays))


@cache
def _load_shipped(target: str) -> Ruleset:
    return load_manifest(read_manifest(target))


def _plugin_origin(sources: SourceMap, index: int) -> tuple[str, int | None, Path | None]:
    """Which file named the ``index``-th plugin of the merged list (overlays append), at
    which line, and its directory (where a house-rule file it names is)."""
    file, path = sources.locate(["plugins", index])
    named_in = sources.files[file]
    return named_in.name, named_in.line_of(path), named_in.directory
