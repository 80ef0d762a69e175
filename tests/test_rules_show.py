"""``pyramido rules show``: what a ruleset is made of, with its overlays and plugin files:
its plugins, every rule parameter with its value, default and description, which plugin
answers each hook, and which put each decision's rule step; as text and as JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pyramido import load_ruleset
from pyramido.cli import main
from pyramido.engine.plugins import hook_names

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
