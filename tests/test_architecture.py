"""docs/architecture.md kept true: every import between the package's layers is an arrow of
its diagram, no generic frame imports a game, and the package has no import circle but the
one the document names.

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

#: Layers named by a module's second part; the package's other modules are the engine.
LAYERS = {
    **{
        name: name for name in ("games", "bots", "render", "svg", "adapters", "web", "protocol", "evaluation")
    },
    **dict.fromkeys(("core", "reference", "board", "rng"), "geometry"),
    **dict.fromkeys(("bench", "random_boards"), "tools"),
    **dict.fromkeys(("cli", "__main__", "server_options"), "cli"),
}
#: The one circle docs/architecture.md names under "Not yet there" (the engine's knot).
KNOT = {
    "pyramido",
    "pyramido.bots",
    "pyramido.bots.mcts",
    "pyramido.bots.random_bot",
    "pyramido.core",
    "pyramido.engine",
    "pyramido.engine_hooks",
    "pyramido.plugins",
    "pyramido.record",
    "pyramido.rng",
    "pyramido.ruleset",
    "pyramido.views",
}
#: The one arrow into a game from outside ``games`` that the document names.
INTO_A_GAME = {("pyramido.plugin", "pyramido.games.silver_gold.views")}


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
    parts = module.split(".")
    return LAYERS.get(parts[1], "engine") if len(parts) > 1 else "engine"


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
    allowed = set(re.findall(r"^\s+(\w+) --> (\w+)$", DOC.read_text(), re.MULTILINE))
    assert allowed, "docs/architecture.md has no diagram of arrows"
    unknown = set(LAYERS.values()) | {"engine"}
    assert {layer for arrow in allowed for layer in arrow} <= unknown
    wrong = sorted(
        f"{module} -> {target} ({layer(module)} --> {layer(target)})"
        for module, targets in graph().items()
        for target in targets
        if layer(module) != layer(target)
        and (layer(module), layer(target)) not in allowed
        and (module, target) not in INTO_A_GAME
    )
    assert not wrong, "imports the diagram of docs/architecture.md does not allow:\n" + "\n".join(wrong)


def test_no_generic_frame_imports_a_game() -> None:
    into_games = sorted(
        (module, target)
        for module, targets in graph().items()
        for target in targets
        if layer(target) == "games" and layer(module) not in ("games", "tools")
    )
    assert set(into_games) <= INTO_A_GAME, into_games


def test_no_import_circle_but_the_engine_knot_the_document_names() -> None:
    found = circles(graph())
    assert all(part <= KNOT for part in found), [sorted(part) for part in found if not part <= KNOT]
