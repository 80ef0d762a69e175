"""docs/architecture.md kept true: every import between the package's layers is an arrow of
its diagram, no generic frame imports a game, and the package has no import circle.

Imports are read from the source (``ast``), at the top of a file and inside functions alike
(a late import is still a dependency), leaving out those under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pyramido"
DOC = ROOT / "docs" / "architecture.md"

#: Layers named by a module's second part (a package, or a module at the top).
LAYERS = {
    **{name: name for name in ("engine", "geometry", "games", "bots", "render", "svg", "adapters")},
    **{name: name for name in ("web", "protocol", "evaluation", "tools")},
    **dict.fromkeys(("errors", "resources", "lazy"), "base"),
    **dict.fromkeys(("cli", "__main__", "server_options"), "cli"),
    "plugin": "plugin",
    "moved": "engine",
}


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The package's modules that module ``name`` imports."""
    tree = ast.parse(path.read_text())
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]  # ``import a.b`` uses ``a.b``
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            # a submodule by its own name, else a name of the module (its parents are implied)
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in known else module for a in node.names]
        else:
            continue
        for target in targets:  # a compiled module (``pyramido._core``) is no source's
            if target in known and target != name:
                yield target


@cache
def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: set(imports(name, path, known)) for name, path in known.items()}


def layer(module: str) -> str:
    """The layer of ``module``; the package's ``__init__`` (the public API) is its own."""
    parts = module.split(".")
    return LAYERS[parts[1]] if len(parts) > 1 else "api"


def circles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = set()
            while True:
                member = stack.pop()
                part.add(member)
                if member == node:
                    break
            if len(part) > 1:
                found.append(part)

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_every_import_between_layers_is_an_arrow_of_the_diagram() -> None:
    drawn = set(re.findall(r"^\s+(\w+) --> (\w+)$", DOC.read_text(), re.MULTILINE))
    assert drawn, "docs/architecture.md has no diagram of arrows"
    allowed = drawn | {(layer, "base") for layer in {*LAYERS.values(), "api"}}  # base: for all
    known = set(LAYERS.values()) | {"api"}
    assert {layer for arrow in drawn for layer in arrow} <= known
    wrong = sorted(
        f"{module} -> {target} ({layer(module)} --> {layer(target)})"
        for module, targets in graph().items()
        for target in targets
        if layer(module) != layer(target) and (layer(module), layer(target)) not in allowed
    )
    assert not wrong, "imports the diagram of docs/architecture.md does not allow:\n" + "\n".join(wrong)


def test_no_generic_frame_imports_a_game() -> None:
    """Only the games themselves, the tools and the plugin facade (which names every game's
    views for house rules) import a game."""
    into_games = sorted(
        (module, target)
        for module, targets in graph().items()
        for target in targets
        if layer(target) == "games" and layer(module) not in ("games", "tools", "plugin")
    )
    assert not into_games, into_games


def test_no_import_circle() -> None:
    assert not circles(graph()), [sorted(part) for part in circles(graph())]


def test_the_oracle_and_the_tools_are_out_of_the_runtime_path() -> None:
    """The pure-Python reference is the tests' oracle, and the tools are imported by their
    command only: nothing but the tools imports either."""
    importers = sorted(
        (module, target)
        for module, targets in graph().items()
        for target in targets
        if (target == "pyramido.geometry.reference" or layer(target) == "tools")
        and layer(module) != "tools"
        and module != "pyramido.cli"  # ``pyramido bench`` imports the bench when it runs
    )
    assert not importers, importers


def test_every_type_ignore_in_the_package_says_why() -> None:
    """A ``# type: ignore[code]`` stays only where a library's typing forces it, and its line
    says which (docs/architecture.md, "The typed boundary"): a bare one hides a type error."""
    bare = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "# type: ignore" in line and not re.search(r"# type: ignore\[[\w-]+(, [\w-]+)*\]  # \S", line)
    ]
    assert not bare, f"a type: ignore without its code and reason: {bare}"
