"""Finding plugins and resolving their hooks once per ruleset.

A ruleset names its plugins; each name is one of:

* a built-in plugin (``pyramido``: the rules of Pyramido),
* a plugin installed by another package under the entry-point group ``pyramido``,
* a path to a local ``.py`` house-rule file (relative to the ruleset file naming it), which
  is only accepted from a ruleset file the user passed, never from a built-in ruleset.

Finding a plugin (:func:`find_plugin`) and importing it (:func:`import_plugin`) are two
steps, so that nothing runs before the caller has checked what was found.

:class:`Rules` turns the plugin manager's hooks into plain callables once, so that the hot
loop does not pay pluggy's dispatch on every move (set ``PYRAMIDO_TRACE_PLUGINS=1`` to go
through pluggy with tracing instead), and says which plugin answers each hook and put each
rule step (``pyramido rules show``). :func:`lint_plugin` finds what pluggy lets pass
silently (a hook's name without ``@hookimpl``) or reports obscurely.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pluggy

from ..errors import PyramidoError, brief, clip
from . import hookspecs, own_plugin
from .fast_paths import bind
from .hook_answers import Check, answer_check
from .plugin_info import PluginInfo
from .steps import RuleSteps

if TYPE_CHECKING:
    import hashlib

#: The games' plugins, as ``module:attribute`` (the entry points' form): each game's
#: package gathers its modules' hook implementations (:mod:`.plugin_modules`).
BUILTIN_PLUGINS = {
    "pyramido": "pyramido.games.pyramido:PLUGIN",
    "forgotten-treasures": "pyramido.games.forgotten_treasures:PLUGIN",
    "silver-gold-pyramids": "pyramido.games.silver_gold:PLUGIN",
}
#: Plugins of every ruleset, registered after the engine's own and before the ruleset's:
#: found by name, as the games are, so that the engine imports none of what plays it.
EVERY_RULESET = {"bots": "pyramido.bots.plugin"}
ENTRY_POINT_GROUP = "pyramido"


class PluginError(PyramidoError):
    """A plugin could not be found or loaded, or failed: ``plugin`` and ``hook`` say which,
    when known (a hook's name, or ``rule step 'mark' (legal)``)."""

    def __init__(self, message: str, plugin: str | None = None, hook: str | None = None) -> None:
        super().__init__(message)
        self.plugin, self.hook = plugin, hook


#: The declaration hooks asked of every plugin in registration order, the game's own first,
#: so that a later plugin sees and may replace what an earlier one declared
#: (``pyramido_plugin_info`` is asked of each plugin alone, in that order too). Pluggy asks
#: every other hook latest registration (and wrappers) first.
DECLARATIONS = frozenset(
    {
        "pyramido_plugin_info",
        "pyramido_rule_steps",
        "pyramido_register_bots",
        "pyramido_register_looks",
        "pyramido_register_shorthands",
        "pyramido_register_scenes",
        "pyramido_register_options",
        "pyramido_register_encoders",
        "pyramido_register_shown",
        "pyramido_register_fast_paths",
    }
)


def _entry_points(**select: str) -> Any:
    """``importlib.metadata.entry_points``, imported when first asked: it costs a fifth of
    ``import pyramido``, and only a plugin looked up by name (not a shipped one) needs it."""
    from importlib.metadata import entry_points

    return entry_points(**select)


def installed_plugins() -> dict[str, str]:
    """Names a ruleset may use, with where each comes from."""
    found = {name: f"built-in ({where.partition(':')[0]})" for name, where in BUILTIN_PLUGINS.items()}
    for ep in _entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(ep.name, f"entry point ({ep.value})")
    return found


@dataclass(frozen=True)
class PluginSource:
    """A plugin found but not imported yet: what a ruleset named and what would run.

    Finding reads a house-rule file's bytes without running them, so that a ruleset's
    content hash can be checked (against a record's) before any of its code is imported.
    """

    name: str  # as a record names it: the installed name, or the house-rule file's name
    key: str  # its registration name: the installed name, or ``file:`` and the full path
    path: Path | None  # a house-rule file; None for an installed plugin
    source: bytes  # the file's bytes, in the ruleset's content hash; empty when installed
    made: object | None = field(default=None, compare=False)  # a plugin object passed in code

    @classmethod
    def of_object(cls, made: object) -> PluginSource:
        """A plugin made in the caller's own code (trusted): named by its declaration."""
        name = plugin_info(type(made).__name__, made).name
        return cls(name, f"object:{name}", None, f"object:{name}".encode(), made)

    @property
    def origin(self) -> str:
        """Where its code comes from, for people: a module, an entry point, a file."""
        if self.made is not None:
            return "made in the caller's code"
        if self.path is not None:
            return f"file {self.path}"
        return installed_plugins()[self.name]


def find_plugin(name: str, base_dir: Path | None) -> PluginSource:
    """Find a plugin by installed name or by path (relative to ``base_dir``), importing nothing."""
    if name.endswith(".py"):
        if base_dir is None:
            raise PluginError(f"plugin file {brief(name)}: only a ruleset file you pass may name files")
        try:
            path = (base_dir / name).resolve()
            source = path.read_bytes() if path.is_file() else None
        except (OSError, ValueError) as exc:  # a name too long, a NUL, no permission...
            raise PluginError(f"plugin file {brief(name)} cannot be read: {exc}") from None
        if source is None:
            raise PluginError(f"plugin file {brief(name)} not found (looked for {clip(str(path))})")
        return PluginSource(Path(name).name, f"file:{path}", path, source)
    if name in BUILTIN_PLUGINS or _entry_points(group=ENTRY_POINT_GROUP, name=name):
        return PluginSource(name, name, None, b"")
    known = ", ".join(sorted(installed_plugins()))
    raise PluginError(f"unknown plugin {brief(name)}; installed plugins: {known}")


def import_plugin(plugin: PluginSource) -> object:
    """Import a found plugin: a house-rule file runs exactly the bytes that were found."""
    if plugin.made is not None:
        return plugin.made
    if plugin.path is not None:
        return _import_file(plugin.path, plugin.source)
    if plugin.name in BUILTIN_PLUGINS:
        module, _, attribute = BUILTIN_PLUGINS[plugin.name].partition(":")
        return getattr(importlib.import_module(module), attribute)
    (ep, *_) = _entry_points(group=ENTRY_POINT_GROUP, name=plugin.name)
    try:
        return ep.load()
    except (Exception, SystemExit) as exc:  # a broken third-party plugin: say which, keep the cause
        raise PluginError(f"plugin {plugin.name!r} ({ep.value}) failed to load: {_failure(exc)}") from exc


def sha256(data: bytes) -> hashlib._Hash:
    """SHA-256 of ``data`` (a plugin file's module name, a ruleset's digests), :mod:`hashlib`
    imported when first needed rather than at ``import pyramido`` (of which it was a
    twentieth)."""
    import hashlib

    return hashlib.sha256(data)


def _import_file(path: Path, source: bytes) -> ModuleType:
    """Import a house-rule file once per path and content (an edited file is imported anew)."""
    digest = sha256(str(path).encode() + b"\0" + source).hexdigest()[:16]
    module_name = f"pyramido_house_rule_{path.stem}_{digest}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_loader(module_name, loader=None, origin=str(path))
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__file__ = str(path)
    sys.modules[module_name] = module  # as an import does: dataclasses look their module up
    try:
        exec(compile(source, str(path), "exec", dont_inherit=True), module.__dict__)
    except (Exception, SystemExit) as exc:
        del sys.modules[module_name]
        raise PluginError(f"plugin file {path} failed to load: {_failure(exc)}") from exc
    return module


def _failure(exc: BaseException) -> str:
    """What went wrong while a plugin was imported; a ``sys.exit()`` in it is one more error."""
    if isinstance(exc, SystemExit):
        return f"it raised SystemExit({brief(exc.code)}) while imported"
    return clip(str(exc) or type(exc).__name__)


def plugin_info(name: str, plugin: object) -> PluginInfo:
    """What ``plugin`` declares (its ``pyramido_plugin_info``), asked of it alone."""
    declare = getattr(plugin, "pyramido_plugin_info", None)
    if not callable(declare):
        raise PluginError(f"plugin {name!r} declares nothing: it needs a pyramido_plugin_info hook")
    try:
        info = declare()
    except Exception as exc:
        raise PluginError(f"plugin {name!r} failed in pyramido_plugin_info: {clip(str(exc))}") from exc
    if not isinstance(info, PluginInfo):
        raise PluginError(f"plugin {name!r}: pyramido_plugin_info returned {brief(info)}, not a PluginInfo")
    return info


def engine_plugins() -> list[tuple[str, object]]:
    """The plugins every ruleset has before its own, by name: the engine's hooks, then
    :data:`EVERY_RULESET`'s."""
    found: list[tuple[str, object]] = [(own_plugin.NAME, own_plugin)]
    return found + [(name, importlib.import_module(module)) for name, module in EVERY_RULESET.items()]


def make_plugin_manager(
    plugins: list[tuple[str, object]], specs: tuple[ModuleType, ...] = ()
) -> pluggy.PluginManager:
    """A plugin manager with the shared hooks and a game's own ``specs``, the engine's own
    implementations first, then ``plugins`` in order (so that later ones win)."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for module in specs:
        pm.add_hookspecs(module)
    for name, plugin in [*engine_plugins(), *plugins]:
        try:
            pm.register(plugin, name=name)
        except ValueError as exc:
            raise PluginError(f"plugin {name!r} registered twice or twice named: {exc}") from exc
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"plugin {name!r} is invalid: {_problems(plugin, pm, exc)}") from exc
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        name = pm.get_name(exc.plugin) or "?"
        raise PluginError(f"plugin {name!r} is invalid: {_problems(exc.plugin, pm, exc)}") from exc
    return pm


def _problems(plugin: object, pm: pluggy.PluginManager, exc: pluggy.PluginValidationError) -> str:
    """Why pluggy refused ``plugin``, in a line per problem (pluggy's own words as a last
    resort: its message spans lines and lists every hook)."""
    return clip("; ".join(lint_plugin(plugin, pm)) or " ".join(str(exc).split()))


def lint_plugin(plugin: object, pm: pluggy.PluginManager) -> list[str]:
    """What is probably wrong in ``plugin`` (a module or an object) with the hooks of
    ``pm``, one ``file:line: message`` each, in the order of its source:

    * a function named like a hook (``pyramido_...``) but not marked ``@hookimpl``: pluggy
      ignores it without a word, and the house rule silently does nothing;
    * a hookimpl taking an argument its hook does not pass (pluggy lets an implementation
      take a subset of its spec's arguments, not another name), or whose name is no hook of
      ``pm``: pluggy refuses both when the plugin is registered, in a message of many lines.

    ``pm`` need not hold ``plugin``: only its hook specifications are read. ``pyramido
    validate`` warns with what this finds in a ruleset that loads.
    """
    found = []
    for name in dir(plugin):
        function: Any = getattr(plugin, name, None)
        problem = _problem(plugin, name, pm) if inspect.isroutine(function) else None
        if problem is not None:
            code = getattr(inspect.unwrap(getattr(function, "__func__", function)), "__code__", None)
            where = (code.co_filename, code.co_firstlineno) if code is not None else (repr(function), 0)
            found.append((where, problem))
    return [f"{file}:{line}: {problem}" for (file, line), problem in sorted(found)]


def _problem(plugin: object, name: str, pm: pluggy.PluginManager) -> str | None:
    """What is wrong with the function ``name`` of ``plugin``, if anything (see
    :func:`lint_plugin`)."""
    opts = pm.parse_hookimpl_opts(plugin, name)
    if opts is None and not name.startswith(f"{hookspecs.PROJECT}_"):
        return None  # a helper
    hook = (opts.get("specname") if opts else None) or name
    caller = getattr(pm.hook, hook, None)
    spec = caller.spec if caller is not None else None
    if opts is None:
        known = "" if spec is not None else f" but is none{_guess(hook, pm)},"
        return f"{name} is named like a hook{known} and not marked @hookimpl: pluggy ignores it"
    if spec is None:
        return None if opts.get("optionalhook") else f"{hook} is no hook of this ruleset{_guess(hook, pm)}"
    taken = pluggy.HookImpl(plugin, "", getattr(plugin, name), opts).argnames
    unknown = [arg for arg in taken if arg not in spec.argnames]
    if not unknown:
        return None
    passed = ", ".join(spec.argnames) or "nothing"
    return f"{name} takes {', '.join(unknown)}, which the hook does not pass (it passes {passed})"


def _guess(hook: str, pm: pluggy.PluginManager) -> str:
    """`` (did you mean pyramido_mino_bonus?)`` for a misspelt hook, or nothing."""
    import difflib  # on an error's path alone

    close = difflib.get_close_matches(hook, hook_names(pm), n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def hook_names(pm: pluggy.PluginManager | None = None) -> list[str]:
    """The hooks of ``pm`` (every one specified, a game's own too), or the shared ones."""
    if pm is None:
        return sorted(n for n in dir(hookspecs) if n.startswith("pyramido_"))
    return sorted(n for n, caller in vars(pm.hook).items() if n.startswith("pyramido_") and caller.spec)


def _spec_order(pm: pluggy.PluginManager) -> Callable[[str], tuple[int, int]]:
    """The key that puts hooks in the order of a game: the shared hooks first, then each
    game module's in the order the game lists them (``GameInfo.hookspecs``, the order they
    were added), each in the order of its source (as docs/plugin_hooks.md has them)."""
    specs = [caller.spec for caller in vars(pm.hook).values() if isinstance(caller, pluggy.HookCaller)]
    rank = {namespace: i for i, namespace in enumerate(dict.fromkeys(s.namespace for s in specs if s))}

    def key(name: str) -> tuple[int, int]:
        spec = getattr(pm.hook, name).spec
        return rank[spec.namespace], spec.function.__code__.co_firstlineno

    return key


@dataclass(frozen=True)
class Registered:
    """Something a plugin registered for the front ends: a bot factory, a look..."""

    name: str
    thing: Any
    description: str
    plugin: str


class Rules:
    """The hooks of one ruleset as plain callables (``rules.markable_blocks(game, player)``),
    its rule steps, what its plugins registered, and who to blame when a plugin fails."""

    def __init__(self, pm: pluggy.PluginManager, infos: dict[str, PluginInfo]) -> None:
        self.pm = pm
        self.infos = infos
        trace = os.environ.get("PYRAMIDO_TRACE_PLUGINS") == "1"
        if trace:
            pm.trace.root.setwriter(lambda line: sys.stderr.write(f"[pyramido] {line}"))
            pm.enable_tracing()
        trusted = {own_plugin.NAME, *(key for key, info in infos.items() if info.game is not None)}
        self.hooks = {name: _resolve(pm, name, slow=trace, trusted=trusted) for name in hook_names(pm)}
        for name, function in self.hooks.items():  # plain attributes: read on every move
            short = name.removeprefix("pyramido_")
            if not hasattr(Rules, short):  # a method of the same name wins (plugin_info)
                setattr(self, short, function)
        self._culprits = {
            impl.function.__code__: (impl.plugin_name, name)
            for name in self.hooks
            for impl in getattr(pm.hook, name).get_hookimpls()
        }
        registered = self.registered("pyramido_register_fast_paths").values()
        try:
            self.paths = bind(
                [(entry.name, entry.plugin, entry.thing) for entry in registered],
                lambda hook: [
                    (impl.plugin_name, impl.wrapper or impl.hookwrapper) for impl in self.deciding(hook)
                ],
                slow=trace,
            )
        except TypeError as exc:
            raise PluginError(str(exc), hook="pyramido_register_fast_paths") from None
        self.steps = RuleSteps()
        self.step_authors: dict[str, list[str]] = {}  # by decision: who put its step, in turn

    def __getattr__(self, name: str) -> Callable[..., Any]:
        """Only called for a name that is neither a hook nor a method: say so."""
        raise AttributeError(f"no hook pyramido_{name} in this ruleset")

    def call_order(self, name: str) -> list[pluggy.HookImpl]:
        """The implementations of hook ``name`` in the order they are asked: a declaration
        hook's in registration order (:data:`DECLARATIONS`), any other's as pluggy calls
        them, the latest registration (and the wrappers) first."""
        impls: list[pluggy.HookImpl] = getattr(self.pm.hook, name).get_hookimpls()
        return impls if name in DECLARATIONS else impls[::-1]

    def deciding(self, name: str) -> list[pluggy.HookImpl]:
        """The implementations of hook ``name`` whose answers make the hook's, in the order
        they are asked: for a ``firstresult`` hook the wrappers and the first other
        implementation (those after it are asked only when it declines with ``None``), for
        any other hook every one."""
        impls = self.call_order(name)
        spec = getattr(self.pm.hook, name).spec
        if spec is None or not spec.opts.get("firstresult"):
            return impls
        wrappers = [impl for impl in impls if impl.wrapper or impl.hookwrapper]
        return wrappers + [impl for impl in impls if impl not in wrappers][:1]

    def in_order(self, name: str) -> list[tuple[str, Callable[..., Any]]]:
        """The implementations of declaration hook ``name`` with their plugins, in
        registration order, so that a later plugin sees what an earlier one did."""
        assert name in DECLARATIONS, f"{name} is not asked in registration order"
        return [(impl.plugin_name, impl.function) for impl in self.call_order(name)]

    def collect_steps(self, ruleset: Any) -> None:
        """Ask every plugin for its rule steps, the game's first (``pyramido_rule_steps``),
        noting who put (or replaced) the step of each decision."""
        for plugin, function in self.in_order("pyramido_rule_steps"):
            before = dict(self.steps)
            self.steps.put_from(plugin, partial(_put_steps, function, ruleset))
            for decision, step in self.steps.items():
                if before.get(decision) is not step:
                    self.step_authors.setdefault(decision, []).append(plugin)

    def plugin_name(self, key: str) -> str:
        """A registered plugin as it names itself (its ``PluginInfo``): ``pyramido``,
        ``highest-starts``, the engine's own ``engine``."""
        info = self.infos.get(key)
        return key if info is None else info.name

    def hook_table(self) -> list[dict[str, Any]]:
        """Every hook of the ruleset, in the order of a game, with the plugins implementing
        it in the order they are asked: for a ``firstresult`` hook the first that is not a
        wrapper answers first (unless it declines with ``None``); JSON-ready."""
        table = []
        for name in sorted(self.hooks, key=_spec_order(self.pm)):
            firstresult = bool(getattr(self.pm.hook, name).spec.opts.get("firstresult"))
            impls = self.call_order(name)
            answering = next((impl for impl in impls if not (impl.wrapper or impl.hookwrapper)), None)
            table.append(
                {
                    "hook": name,
                    "firstresult": firstresult,
                    "asked": "in registration order" if name in DECLARATIONS else "latest first",
                    "implementations": [
                        {
                            "plugin": self.plugin_name(impl.plugin_name),
                            "wrapper": impl.wrapper or impl.hookwrapper,
                            "answers_first": firstresult and impl is answering,
                        }
                        for impl in impls
                    ],
                }
            )
        return table

    def step_table(self) -> list[dict[str, Any]]:
        """Every decision's rule step: the action kinds it takes, and the plugins that put
        it in turn (the last one's is played); JSON-ready."""
        return [
            {
                "decision": decision,
                "actions": list(step.actions),
                "put_by": [self.plugin_name(key) for key in self.step_authors.get(decision, [])],
            }
            for decision, step in self.steps.items()
        ]

    def lint(self) -> list[str]:
        """:func:`lint_plugin` of every plugin of the ruleset (the engine's own aside)."""
        return [
            problem
            for key, plugin in self.pm.list_name_plugin()
            if key in self.infos
            for problem in lint_plugin(plugin, self.pm)
        ]

    def registered(self, hook: str) -> dict[str, Registered]:
        """What the plugins registered through ``hook`` (``pyramido_register_bots``...), by
        name; a later registration of a name replaces an earlier one."""
        found: dict[str, Registered] = {}
        for plugin, function in self.in_order(hook):

            def register(name: str, thing: Any, description: str = "", plugin: str = plugin) -> None:
                found[name] = Registered(name, thing, description, plugin)

            function(register=register)
        return found

    def culprit(self, exc: BaseException) -> tuple[str, str] | None:
        """The plugin and hook (or rule step) whose code raised ``exc``: the innermost frame
        of its traceback that belongs to one."""
        found = None
        traceback = exc.__traceback__
        while traceback is not None:
            code = traceback.tb_frame.f_code
            found = self._culprits.get(code) or self.steps.culprits.get(code) or found
            traceback = traceback.tb_next
        return found


def _put_steps(function: Callable[..., Any], ruleset: Any, steps: RuleSteps) -> None:
    function(ruleset=ruleset, steps=steps)


def _resolve(pm: pluggy.PluginManager, name: str, slow: bool, trusted: set[str]) -> Callable[..., Any]:
    """One callable taking the hookspec's arguments positionally, with pluggy's semantics;
    the answers of the plugins not ``trusted`` (the games' and the engine's) checked
    against the hookspec (:mod:`.hook_answers`) as they come."""
    caller = getattr(pm.hook, name)
    argnames: tuple[str, ...] = caller.spec.argnames
    firstresult = bool(caller.spec.opts.get("firstresult"))
    impls = caller.get_hookimpls()
    check = answer_check(caller.spec.function) if any(i.plugin_name not in trusted for i in impls) else None
    if slow or any(i.hookwrapper or i.wrapper for i in impls):

        def through_pluggy(*args: Any) -> Any:
            answer = caller(**dict(zip(argnames, args, strict=True)))
            if check is not None and answer is not None:
                for each in answer if not firstresult else (answer,):
                    _refuse_bad(name, "a plugin", check, each, args)
            return answer

        return through_pluggy
    # pluggy calls the last registered (and tryfirst) implementations first.
    functions = [
        _checked(_positional(impl.function, impl.argnames, argnames), name, impl.plugin_name, check)
        if check is not None and impl.plugin_name not in trusted
        else _positional(impl.function, impl.argnames, argnames)
        for impl in reversed(impls)
    ]
    if firstresult:
        if len(functions) == 1:
            return functions[0]

        def first_result(*args: Any) -> Any:
            for function in functions:
                result = function(*args)
                if result is not None:
                    return result
            return None

        return first_result

    if not functions:  # a hook nobody implements (pyramido_extra_score_lines, most often)

        def no_result(*args: Any) -> list[Any]:
            return []

        return no_result

    if len(functions) == 1:
        (only,) = functions

        def only_result(*args: Any) -> list[Any]:
            result = only(*args)
            return [] if result is None else [result]

        return only_result

    def all_results(*args: Any) -> list[Any]:
        return [r for r in (function(*args) for function in functions) if r is not None]

    return all_results


def _positional(
    function: Callable[..., Any], wanted: tuple[str, ...], offered: tuple[str, ...]
) -> Callable[..., Any]:
    """Adapt an implementation that takes a subset of the spec's arguments (as pluggy allows)."""
    if wanted == offered:
        return function
    picks = [offered.index(n) for n in wanted]

    def call(*args: Any) -> Any:
        return function(*[args[i] for i in picks])

    return call


def _checked(function: Callable[..., Any], hook: str, plugin: str, check: Check) -> Callable[..., Any]:
    """``function`` (``plugin``'s implementation of ``hook``) with its answers checked."""

    def checked(*args: Any) -> Any:
        answer = function(*args)
        if answer is not None:
            _refuse_bad(hook, repr(plugin), check, answer, args)
        return answer

    return checked


def _refuse_bad(hook: str, plugin: str, check: Check, answer: Any, args: tuple[Any, ...]) -> None:
    problem = check(answer, args)
    if problem is not None:
        message = f"plugin {plugin} answered {hook} with {brief(answer)}: {problem}"
        raise PluginError(message, plugin=plugin.strip("'"), hook=hook)
