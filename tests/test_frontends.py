"""Front ends come from the game plugins: the command line and the renderer's public face
hold no game (a new game adds files, not edits), and bots, looks and shorthands are what
the ruleset's plugins register, a house-rule file's too."""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pyramido import load_ruleset, render
from pyramido.cli import main
from pyramido.games.forgotten_treasures import look as forgotten_treasures
from pyramido.games.silver_gold import look as silver_gold
from pyramido.resources import shipped_rulesets

PACKAGE = Path(render.__file__).resolve().parent.parent
#: The generic front ends, with their package.
FRONT_ENDS = [(PACKAGE / "cli.py", "pyramido"), (PACKAGE / "render" / "__init__.py", "pyramido.render")]
#: What is a game's, or a kind of game's: the game plugins, their components and bots, and
#: the renderer's modules beyond those that draw every game alike.
GAME_SPECIFIC = (
    "pyramido.games",
    "pyramido.components",
    "pyramido.games.silver_gold.shapes",
    "pyramido.bots.",
    "pyramido.render.",
)
GENERIC = {
    "pyramido.render.view",
    "pyramido.render.style",
    "pyramido.render.wording",
    "pyramido.render.screens",
}


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def _imported_modules(tree: ast.Module, package: str) -> set[str]:
    """Every module a source imports, relative imports resolved (``from . import x``
    imports the module ``x`` when it is one)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0]
                base = f"{parent}.{base}".rstrip(".")
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names if _is_module(f"{base}.{alias.name}"))
    return found


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a name in a module, not a module in a package
        return False


def _game_words() -> tuple[set[str], set[str]]:
    """Every shipped game's id and name (but the package's own), and every action kind of
    every shipped ruleset."""
    names, kinds = set(), set()
    for ruleset_id in shipped_rulesets():
        ruleset = load_ruleset(ruleset_id)
        kinds.update(kind.name for kind in ruleset.space.kinds)
        if ruleset.id == ruleset.game:
            names.update({ruleset.id, ruleset.name})
    return names - {"pyramido", "Pyramido"}, kinds


@pytest.mark.parametrize(("path", "package"), FRONT_ENDS, ids=[p.name for p, _ in FRONT_ENDS])
def test_the_front_ends_hold_no_game(path: Path, package: str) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = _imported_modules(tree, package)
    specific = {m for m in imported if m.startswith(GAME_SPECIFIC) and m not in GENERIC}
    assert not specific, f"{path.name} imports what is a game's: {sorted(specific)}"
    names, kinds = _game_words()
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    assert not [s for s in strings if s == "pyramido" or s in kinds], "a game id or an action kind"
    assert not [s for s in strings for name in names if name.lower() in s.lower()], "a game named"


def test_the_check_of_imports_sees_a_game_module() -> None:
    """The check above would see an import of a game's module, relative or not."""
    tree = ast.parse(
        "from .games.pyramido import GAME\nfrom . import render\nfrom .games.silver_gold import look\n"
    )
    imported = _imported_modules(tree, "pyramido")
    assert {"pyramido.games.pyramido", "pyramido.render", "pyramido.games.silver_gold.look"} <= imported
    assert "pyramido.render.view" in _imported_modules(
        ast.parse("from .view import View\n"), "pyramido.render"
    )


def test_each_registration_names_the_game_of_its_ruleset() -> None:
    """The render modules of the games being restructured register their shorthands under
    the ids their rulesets play (as their plugins' hooks will)."""
    for register, ruleset_id in (
        (forgotten_treasures.register_shorthands, "forgotten-treasures"),
        (silver_gold.register_shorthands, "silver-gold-pyramids"),
    ):
        found: dict[str, Any] = {}
        register(lambda game, shorthand, found=found: found.setdefault(game, shorthand))
        assert list(found) == [load_ruleset(ruleset_id).game]
        assert isinstance(found[load_ruleset(ruleset_id).game], render.Shorthand)


def test_pyramido_registers_its_bots_look_and_shorthand() -> None:
    ruleset = load_ruleset("pyramido")
    assert sorted(ruleset.registered("pyramido_register_bots")) == ["greedy", "mcts", "random"]
    assert isinstance(ruleset.registered("pyramido_register_looks")["pyramido"].thing, render.Look)
    assert render.shorthand(ruleset).typed == "'x y rot' (like '3 4 90')"


def _plugin(folder: Path, body: str) -> str:
    """A house-rule file for Pyramido: its declaration, then ``body``."""
    path = folder / "front.py"
    path.write_text(
        "from pyramido.plugin import PluginInfo, hookimpl\n"
        "from pyramido.render.view import Shorthand, TypedForm\n\n\n"
        "@hookimpl\ndef pyramido_plugin_info():\n"
        "    return PluginInfo('front', ('pyramido',), 'front ends of its own')\n\n\n" + body
    )
    return str(path)


TAKE_BY_LETTER = """
def _take(match, view):
    return {"kind": "take", "slot": "abc".index(match[1].lower())}


@hookimpl
def pyramido_register_shorthands(register):
    register("pyramido", Shorthand((TypedForm(r"t([abc])", _take),), "'tA' (the slot's letter)"))


class First:
    name = "first"

    def __init__(self, seed):
        pass

    def choose(self, game, player):
        return game.legal_indices(player)[0]


@hookimpl
def pyramido_register_bots(register):
    register("first", First, "always the first legal action")
"""


def test_a_house_rule_file_brings_its_own_shorthand_and_bot(tmp_path: Path) -> None:
    plugin = _plugin(tmp_path, TAKE_BY_LETTER)
    result = run("--plugin", plugin, "play", "--seed", "2", "--bot", "first", stdin="x\ntB\nq\n")
    assert result.exit_code == 0, result.output
    assert "'x' is not a number in 1..3 (or 'tA' (the slot's letter), an action's JSON" in result.stdout
    assert "You left the game after 1 steps." in result.stdout  # tB took a domino
    demo = run("--plugin", plugin, "demo", "--quiet", "--bots", "first,greedy")
    assert demo.exit_code == 0, demo.output


@pytest.mark.parametrize(
    "args", [["demo", "--bots", "greedy,genius"], ["play", "--bot", "genius"]], ids=["demo", "play"]
)
def test_bots_are_checked_against_the_ruleset_before_any_play(args: list[str], tmp_path: Path) -> None:
    result = run("--plugin", _plugin(tmp_path, TAKE_BY_LETTER), *args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("error: the ruleset pyramido has no bot 'genius'; its bots: random (")
    assert "; first (always the first legal action)" in result.stderr


def test_a_shorthand_that_is_none_is_refused(tmp_path: Path) -> None:
    body = "@hookimpl\ndef pyramido_register_shorthands(register):\n    register('pyramido', 'x y rot')\n"
    result = run("--plugin", _plugin(tmp_path, body), "play")
    assert result.exit_code == 2
    assert "registered str, not a Shorthand" in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("typed", "action"),
    [
        ("3 4 90", {"kind": "place", "x": 3, "y": 4, "rot": 1}),
        ("3 4 2", {"kind": "place", "x": 3, "y": 4, "rot": 2}),
    ],
)
def test_pyramid_games_type_a_placement(typed: str, action: dict[str, object]) -> None:
    view: Any = None  # a placement reads nothing of the game
    parse: Callable[[str, Any], object] = forgotten_treasures.SHORTHAND.parse
    assert parse(typed, view) == action
