"""What pluggy lets pass silently, or reports in many lines: ``lint_plugin`` finds it, and
``pyramido validate`` warns of it (a ruleset that loads still passes) or, when pluggy
refuses the plugin, says why in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pyramido import RulesetError, load_ruleset
from pyramido.cli import main
from pyramido.engine.plugins import lint_plugin
from pyramido.plugin import PluginInfo, hookimpl
from pyramido.resources import shipped_rulesets

HEADER = """from pyramido.plugin import PluginInfo, hookimpl


@hookimpl
def pyramido_plugin_info():
    return PluginInfo("sloppy", ("pyramido",), "a house rule with mistakes")
"""


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


class Sloppy:
    """Every kind of mistake, and what is not one."""

    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("sloppy", ("pyramido",), "mistakes")

    def pyramido_mino_bonus(self, game: Any, player: int, marked: Any) -> list[Any]:  # not marked
        return []

    def pyramido_mino_bonsu(self, game: Any, player: int, marked: Any) -> list[Any]:  # nor a hook
        return []

    @hookimpl
    def pyramido_area_points(self, game: Any, area: Any, marker: Any) -> int:  # no argument 'marker'
        return 0

    @hookimpl
    def pyramido_tie_breaks(self, game: Any, player: int) -> list[int]:  # no such hook
        return []

    @hookimpl
    def pyramido_tiebreaks(self, player: int) -> list[int]:  # a subset of the arguments: fine
        return []

    @hookimpl(specname="pyramido_start_player")
    def youngest_starts(self, game: Any) -> int:  # another name for a hook: fine
        return 0

    @hookimpl(optionalhook=True)
    def pyramido_of_another_version(self) -> None:  # declared optional: fine
        return None

    def helper(self) -> None:  # not named like a hook: fine
        return None


def test_lint_finds_each_mistake_in_source_order() -> None:
    problems = lint_plugin(Sloppy(), load_ruleset("pyramido").rules.pm)
    said = [problem.split(": ", 1)[1] for problem in problems]
    assert said == [
        "pyramido_mino_bonus is named like a hook and not marked @hookimpl: pluggy ignores it",
        "pyramido_mino_bonsu is named like a hook but is none (did you mean pyramido_mino_bonus?), "
        "and not marked @hookimpl: pluggy ignores it",
        "pyramido_area_points takes marker, which the hook does not pass "
        "(it passes game, player, area, markers)",
        "pyramido_tie_breaks is no hook of this ruleset (did you mean pyramido_tiebreaks?)",
    ]
    assert all(problem.startswith(f"{__file__}:") for problem in problems)


@pytest.mark.parametrize("ruleset_id", list(shipped_rulesets()))
def test_the_shipped_rulesets_lint_clean(ruleset_id: str) -> None:
    assert load_ruleset(ruleset_id).rules.lint() == []


def _ruleset(folder: Path, body: str) -> Path:
    (folder / "sloppy.py").write_text(HEADER + body)
    path = folder / "sloppy.yaml"
    path.write_text("extends: pyramido\nid: sloppy\nname: Sloppy\nplugins: [sloppy.py]\n")
    return path


def test_validate_warns_of_a_hook_not_marked_and_still_passes(tmp_path: Path) -> None:
    ruleset = _ruleset(tmp_path, "\n\ndef pyramido_mino_bonus(game, player, marked):\n    return []\n")
    result = run("validate", str(ruleset))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("ok: sloppy (hash ")
    assert result.stderr == (
        f"warning: {tmp_path / 'sloppy.py'}:9: pyramido_mino_bonus is named like a hook and not marked "
        "@hookimpl: pluggy ignores it\n"
    )
    assert run("validate", str(_ruleset(tmp_path, ""))).stderr == ""  # nothing to say


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (
            "\n\n@hookimpl\ndef pyramido_mino_bonus(game, player, markd):\n    return []\n",
            "sloppy.py:9: pyramido_mino_bonus takes markd, which the hook does not pass "
            "(it passes game, player, marked)",
        ),
        (
            "\n\n@hookimpl\ndef pyramido_minobonus(game, player, marked):\n    return []\n",
            "sloppy.py:9: pyramido_minobonus is no hook of this ruleset (did you mean pyramido_mino_bonus?)",
        ),
    ],
    ids=["argument", "name"],
)
def test_a_hookimpl_pluggy_refuses_is_one_clear_line(tmp_path: Path, body: str, said: str) -> None:
    ruleset = _ruleset(tmp_path, body)
    with pytest.raises(RulesetError, match=r"plugin 'file:.*sloppy\.py' is invalid: ") as info:
        load_ruleset(ruleset)
    assert str(info.value).endswith(said) and "\n" not in str(info.value)
    result = run("validate", str(ruleset))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and said in result.stderr
