"""``pyramido rules show``: what a ruleset is made of, with its overlays and plugin files:
its plugins, every rule parameter with its value, default and description (and the hooks
reading it that another plugin answers first), the values its hooks answer, which plugin
answers each hook, and which put each decision's rule step; as text and as JSON."""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pyramido import Game, load_ruleset
from pyramido.cli import main
from pyramido.engine.plugins import hook_names
from pyramido.plugin import Area, PluginInfo, ShownHook, ShownTable, hookimpl

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

#: A house-rule file that wraps a hook and replaces a rule step: only slot 1 may be taken.
FIRST_SLOT = """
from pyramido.plugin import PluginInfo, hookimpl


@hookimpl
def pyramido_plugin_info():
    return PluginInfo("first-slot", ("pyramido",), "Only the first quarry slot may be taken.")


@hookimpl
def pyramido_rule_steps(ruleset, steps):
    take = steps["take"]
    steps.put(take.but(legal=lambda game, player: take.legal(game, player)[:1]))


@hookimpl(wrapper=True)
def pyramido_observation(game, player):
    seen = yield
    return {**seen, "house_rules": ["first slot"]}
"""


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def shown(*args: str) -> dict[str, Any]:
    result = run("rules", "show", *args, "--json")
    assert result.exit_code == 0, result.output
    described: dict[str, Any] = json.loads(result.stdout)
    return described


def _hook(described: dict[str, Any], name: str) -> list[tuple[str, bool, bool]]:
    """A hook's plugins as they are asked: (name, wrapper, answers first)."""
    (hook,) = [h for h in described["hooks"] if h["hook"] == name]
    return [(i["plugin"], i["wrapper"], i["answers_first"]) for i in hook["implementations"]]


def test_a_shipped_house_rule_shows_its_plugin_answering_first() -> None:
    result = run("rules", "show", "pyramido-optional-marking")
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    assert lines[0] == "pyramido-optional-marking: Pyramido, optional marking (house rule)"
    assert lines[1].startswith("game pyramido · version 1.0 · 2-4 players · hash ")
    assert "pyramido: built-in (pyramido.games.pyramido)" in lines
    assert any(line.startswith("optional-marking: file") for line in lines)  # then its path
    assert "    A player may decline to mark (no_mark)." in lines
    assert 'lacking_covers = "eliminated"   (default "eliminated"; plugin pyramido)' in lines
    assert "pyramido_marking_required     ▶ optional-marking, pyramido" in lines
    assert "pyramido_register_bots        bots, pyramido" in lines  # declarations: in registration order
    assert "mark    pyramido  (mark, no_mark)" in lines


def test_overlays_apply_in_order_and_their_parameters_show_with_defaults() -> None:
    described = shown("pyramido", "--with", "pyramido-no-mino", "--with", "pyramido-cover-card-bonus")
    assert described["id"] == "pyramido-cover-card-bonus"  # the last overlay's
    assert [f["name"] for f in described["files"]] == [
        "pyramido.yaml",
        "pyramido-no-mino.yaml",
        "pyramido-cover-card-bonus.yaml",
        "cover_card_bonus.py",
    ]
    assert [p["name"] for p in described["plugins"]] == ["engine", "bots", "pyramido", "cover-card-bonus"]
    parameters = {p["name"]: p for p in described["parameters"]}
    assert parameters["mino_bonus"]["value"] == "none" and "default" not in parameters["mino_bonus"]
    assert parameters["cover_card_points"] == {
        "name": "cover_card_points",
        "value": 2,
        "plugin": "cover-card-bonus",
        "default": 2,
        "description": "Points per unused card.",
        "overridden_by": [],
    }
    assert _hook(described, "pyramido_extra_score_lines") == [("cover-card-bonus", False, False)]
    loaded = load_ruleset("pyramido", overlays=["pyramido-no-mino", "pyramido-cover-card-bonus"])
    assert described == json.loads(json.dumps(loaded.describe()))  # the library's, as JSON


def test_a_changed_parameter_is_starred(tmp_path: Path) -> None:
    overlay = tmp_path / "gaps.yaml"
    overlay.write_text("extends: pyramido\nid: gaps\nname: Gaps\nrules:\n  lacking_covers: gaps\n")
    result = run("rules", "show", "pyramido", "--with", str(overlay))
    assert result.exit_code == 0, result.output
    assert 'lacking_covers = "gaps"   (* default "eliminated"; plugin pyramido)' in result.stdout
    assert "files: pyramido.yaml (" in result.stdout and "gaps.yaml (" in result.stdout
    assert result.stdout == run("rules", "show", str(overlay)).stdout  # the overlay file alone, the same


@pytest.mark.parametrize("where", ["global", "command"])
def test_a_plugin_file_shows_its_wrapper_and_the_step_it_replaced(tmp_path: Path, where: str) -> None:
    plugin = tmp_path / "first_slot.py"
    plugin.write_text(FIRST_SLOT)
    args = ["--plugin", str(plugin)]
    result = (
        run(*args, "rules", "show", "pyramido")
        if where == "global"
        else run("rules", "show", "pyramido", *args)
    )
    assert result.exit_code == 0, result.output
    assert "first-slot: file" in result.stdout
    assert "pyramido_observation          ↻ first-slot, ▶ pyramido" in result.stdout
    assert "take    pyramido → first-slot  (take)" in result.stdout
    described = shown("pyramido", *args)
    assert described["plugins"][-1]["source"] == f"file {plugin}"
    assert _hook(described, "pyramido_observation") == [
        ("first-slot", True, False),
        ("pyramido", False, True),
    ]
    steps = {step["decision"]: step["put_by"] for step in described["steps"]}
    assert steps["take"] == ["pyramido", "first-slot"] and steps["place"] == ["pyramido"]


def test_every_hook_shows_in_the_order_of_a_game() -> None:
    """The shared hooks in the order of hookspecs.py (declarations first), then the game's."""
    described = shown("pyramido", "--plugin", str(EXAMPLES / "highest_starts.py"))
    names = [hook["hook"] for hook in described["hooks"]]
    assert sorted(names) == hook_names(load_ruleset("pyramido").rules.pm)
    assert names[:4] == [
        "pyramido_plugin_info",
        "pyramido_check_ruleset",
        "pyramido_action_space",
        "pyramido_rule_steps",
    ]
    assert (
        names.index("pyramido_event")
        < names.index("pyramido_placements")
        < names.index("pyramido_mino_bonus")
    )
    assert _hook(described, "pyramido_next_start_player") == [
        ("highest-starts", False, True),
        ("pyramido", False, False),
    ]
    check = next(h for h in described["hooks"] if h["hook"] == "pyramido_check_ruleset")
    assert (check["firstresult"], check["asked"]) == (False, "latest first")


def test_an_overlay_goes_only_on_the_ruleset_it_extends(tmp_path: Path) -> None:
    overlay = tmp_path / "more.yaml"
    overlay.write_text("extends: pyramido-no-mino\nid: more\nname: More\nrules:\n  points_per_icon: 2\n")
    described = shown("pyramido-no-mino", "--with", str(overlay))
    values = {p["name"]: p["value"] for p in described["parameters"]}
    assert (described["id"], values["mino_bonus"], values["points_per_icon"]) == ("more", "none", 2)
    refused = run("rules", "show", "pyramido", "--with", str(overlay))
    assert refused.exit_code == 2
    assert refused.stderr == (
        f"error: {overlay}:1: at $.extends: this overlay extends 'pyramido-no-mino', not 'pyramido': "
        "an overlay applies only to the ruleset it extends\n"
    )
    whole = run("rules", "show", "pyramido", "--with", "silver-gold-pyramids")
    assert "not an overlay: it extends no ruleset, so it cannot go on 'pyramido'" in whole.stderr


# --- what the hooks answer, and the parameters a plugin's hook leaves unread ----------------


class NeverOut:
    """A house rule nobody is out under: its ``pyramido_eliminated`` answers before the
    game's, which alone reads ``lacking_covers``."""

    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("never-out", ("pyramido",), "Nobody is out.")

    @hookimpl
    def pyramido_eliminated(self, game: Any, player: int, spaces: int) -> bool:
        return False

    @hookimpl
    def pyramido_start_player(self, game: Any) -> int:
        return int(game.num_players - 1)


class Watches:
    """A wrapper: the game's ``pyramido_eliminated`` is still asked beneath it."""

    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("watches", ("pyramido",), "Watches eliminations.")

    @hookimpl(wrapper=True)
    def pyramido_eliminated(self, game: Any, player: int, spaces: int) -> Generator[None, bool, bool]:
        return (yield)


def _overridden(described: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    return {p["name"]: p["overridden_by"] for p in described["parameters"] if p["overridden_by"]}


def _table(described: dict[str, Any], hook: str) -> dict[str, Any]:
    (table,) = [t for t in described["tables"] if t["hook"] == hook]
    return table


def test_a_hook_answered_by_another_plugin_marks_the_parameters_it_reads() -> None:
    described = load_ruleset("pyramido", [Watches(), NeverOut()]).describe()
    assert _overridden(described) == {
        "first_player": [{"hook": "pyramido_start_player", "plugins": ["never-out"]}],
        "lacking_covers": [{"hook": "pyramido_eliminated", "plugins": ["never-out"]}],
    }
    assert _table(described, "pyramido_start_player")["rows"] == [[2, [1]], [3, [2]], [4, [3]]]
    assert not _overridden(load_ruleset("pyramido", [Watches()]).describe())  # a wrapper reads on
    assert not _overridden(shown("pyramido-no-elimination"))  # a value, no hook
    largest = _overridden(shown("pyramido-largest-mino"))
    assert largest["mino_bonus"] == [{"hook": "pyramido_mino_bonus", "plugins": ["largest-mino"]}]


def test_the_text_marks_an_overridden_parameter_and_prints_the_tables(tmp_path: Path) -> None:
    plugin = tmp_path / "never_out.py"
    plugin.write_text(
        "from pyramido.plugin import PluginInfo, hookimpl\n\n\n@hookimpl\ndef pyramido_plugin_info():\n"
        '    return PluginInfo("never-out", ("pyramido",), "Nobody is out.")\n\n\n'
        "@hookimpl\ndef pyramido_eliminated(game, player, spaces):\n    return False\n"
    )
    result = run("rules", "show", "pyramido", "--plugin", str(plugin))
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    at = lines.index('lacking_covers = "eliminated"   (default "eliminated"; plugin pyramido)')
    assert lines[at + 1] == "    ! read by pyramido_eliminated, which never-out answers first"
    assert not any(line.startswith("    ! ") for line in lines[:at] + lines[at + 2 :])
    assert "Points of a marked area, by its icons (pyramido_area_points: ▶ pyramido)" in lines
    assert "    icons       1  2  3  4  5  6  7  8  9  10" in lines
    assert "    any colour  1  2  3  4  5  6  7  8  9  10" in lines


def test_the_tables_are_the_rulesets_own() -> None:
    """Each table asks the ruleset's hooks: a house rule's answers show, a value's too."""
    printed = load_ruleset("forgotten-treasures").describe()
    payments = _table(printed, "pyramido_payment_table")
    assert payments["columns"] == ["payment", "coloured gems", "mythical gems", "doubled"]
    assert payments["rows"][:3] == [["1C", 1, 0, False], ["2M", 0, 2, False], ["3C", 3, 0, True]]
    doubled = _table(shown("ft-triple-doubles"), "pyramido_area_value")["rows"]
    assert doubled == [["any colour", *range(1, 11)], ["any colour, doubled", *range(3, 31, 3)]]
    assert _table(printed, "pyramido_inventory_limit")["rows"] == [[0, 5]]
    assert _table(shown("sg-keep-3-of-4"), "pyramido_draw_keep")["rows"] == [[4, 3]]
    potion_rows = _table(shown("sg-potion-one-skull"), "pyramido_symbol_effect")["rows"]
    effects = {row[0]: row[1:] for row in potion_rows}
    assert effects["potion"] == ["skulls -1", "skulls -2"] and effects["tomb"] == ["completes", "completes"]
    mino = {row[0]: row[1] for row in _table(shown("pyramido-largest-mino"), "pyramido_mino_bonus")["rows"]}
    assert mino == {"3": 3, "2, 5": 5, "1, 4, 6": 6}
    assert _table(shown("pyramido-no-mino"), "pyramido_mino_bonus")["rows"] == [
        ["3", 0],
        ["2, 5", 0],
        ["1, 4, 6", 0],
    ]


def test_hook_pyramido_register_shown() -> None:
    """A house rule shows its own hook: what its implementation reads, and its table (which
    replaces the game's), asked through the ruleset; red areas score double."""

    class RedDouble:
        @hookimpl
        def pyramido_plugin_info(self) -> PluginInfo:
            points = {"type": "integer", "default": 2, "description": "Times a red area scores."}
            return PluginInfo("red-double", ("pyramido",), "Red areas score more.", {"red_times": points})

        @hookimpl
        def pyramido_area_points(self, game: Any, area: Any) -> int | None:
            return area.icons * game.ruleset.params["red_times"] if area.colour == "red" else None

        @hookimpl
        def pyramido_register_shown(self, register: Any) -> None:
            register("pyramido_area_points", ShownHook(("red_times",), self.table), "Red areas")

        def table(self, ruleset: Any) -> ShownTable:
            game = Game(ruleset, 2, 0)
            area = Area(0, "red", 3, game.seat(0).pyramid)
            return ShownTable(("icons", "points"), ((3, ruleset.rules.area_points(game, 0, area, ("red",))),))

    described = load_ruleset("pyramido", [RedDouble()]).describe()
    assert _table(described, "pyramido_area_points") == {
        "hook": "pyramido_area_points",
        "title": "Red areas",
        "columns": ["icons", "points"],
        "rows": [[3, 6]],
    }
    assert not _overridden(described)  # red-double registered the hook's reads: its own
    by_game = _table(load_ruleset("pyramido", [NeverOut()]).describe(), "pyramido_area_points")
    assert by_game["rows"] == [["any colour", *range(1, 11)]]


def test_a_table_whose_hook_fails_says_who_failed() -> None:
    class Broken:
        @hookimpl
        def pyramido_plugin_info(self) -> PluginInfo:
            return PluginInfo("broken", ("pyramido",), "Fails.")

        @hookimpl
        def pyramido_area_points(self, area: Any) -> int:
            return 1 // (area.icons - area.icons)

    table = _table(load_ruleset("pyramido", [Broken()]).describe(), "pyramido_area_points")
    assert table == {
        "hook": "pyramido_area_points",
        "title": "Points of a marked area, by its icons",
        "error": "plugin 'broken' failed in pyramido_area_points: "
        "ZeroDivisionError: integer division or modulo by zero",
    }


@pytest.mark.parametrize("ruleset_id", ["pyramido", "forgotten-treasures", "silver-gold-pyramids"])
def test_a_printed_hook_declares_the_parameters_it_reads(ruleset_id: str) -> None:
    """Every parameter the source of a game's ``firstresult`` hook names (``params["x"]``) is
    among the parameters its registered ``ShownHook`` reads (those a helper reads are
    declared by hand), and every one declared is a parameter of the game."""
    ruleset = load_ruleset(ruleset_id)
    registered = ruleset.registered("pyramido_register_shown")
    pm = ruleset.rules.pm
    for name in hook_names(pm):
        caller = getattr(pm.hook, name)
        for impl in caller.get_hookimpls() if caller.spec.opts.get("firstresult") else []:
            if impl.plugin_name == ruleset.game:
                named = set(re.findall(r'params\["(\w+)"\]', inspect.getsource(impl.function)))
                declared = set(registered[name].thing.reads) if name in registered else set()
                assert named <= declared, f"{name} reads {sorted(named - declared)}, undeclared"
    for name, entry in registered.items():
        assert set(entry.thing.reads) <= set(ruleset.params), name
