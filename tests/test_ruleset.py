"""Rulesets: the real domino list, validation errors with file/line/path, overlays, plugins."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from pyramido import Game, RulesetError, load_ruleset
from pyramido.bots import make_bot, play_out
from pyramido.resources import shipped_rulesets

ROOT = Path(__file__).resolve().parent.parent
CSV = Path(__file__).parent / "data" / "pyramido_dominoes.csv"
EXAMPLES = ROOT / "docs" / "examples"


def _csv_block(colour: str, quadrants: str) -> list[str]:
    return [colour, *([] if quadrants == "-" else quadrants.split("+"))]


def test_pyramido_dominoes_match_the_source_csv_exactly() -> None:
    dominoes = load_ruleset("pyramido").components["dominoes"]
    with CSV.open() as f:
        rows = list(csv.DictReader(f))
    assert len(dominoes) == len(rows) == 90
    assert len({d["id"] for d in dominoes}) == 90
    for row, domino in zip(rows, dominoes, strict=True):
        assert domino == {
            "id": int(row["id"]),
            "a": _csv_block(row["block_a_colour"], row["block_a_jewel_quadrants"]),
            "b": _csv_block(row["block_b_colour"], row["block_b_jewel_quadrants"]),
        }


def test_pyramido_component_counts_match_the_rulebook_table() -> None:
    """Blocks and jewels per colour as printed at the end of the Italian rulebook."""
    dominoes = load_ruleset("pyramido").components["dominoes"]
    blocks: Counter[str] = Counter()
    jewels: Counter[str] = Counter()
    for domino in dominoes:
        assert len(domino["a"]) - 1 + len(domino["b"]) - 1 == 2  # 2 jewels per domino
        for block in (domino["a"], domino["b"]):
            blocks[block[0]] += 1
            jewels[block[0]] += len(block) - 1
    expected = {
        "brown": (37, 24),
        "blue": (34, 28),
        "yellow": (31, 29),
        "turquoise": (29, 31),
        "red": (26, 32),
        "green": (23, 36),
    }
    assert {c: (blocks[c], jewels[c]) for c in expected} == expected


def test_every_shipped_ruleset_loads() -> None:
    for ruleset_id in shipped_rulesets():
        assert load_ruleset(ruleset_id).id == ruleset_id


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_yaml_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "bad.yaml", "extends: pyramido\nid: x\nrules: {mino_bonus: none\n")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert info.value.file == str(path) and info.value.line == 4
    assert "invalid YAML" in str(info.value)


def test_duplicate_key_is_an_error(tmp_path: Path) -> None:
    path = _write(tmp_path, "dup.yaml", "extends: pyramido\nid: x\nid: y\n")
    with pytest.raises(RulesetError, match=r"key 'id' given twice \(first on line 2\)") as info:
        load_ruleset(path)
    assert info.value.line == 3


def test_schema_violation_names_file_line_and_json_path(tmp_path: Path) -> None:
    path = _write(
        tmp_path, "o.yaml", "extends: pyramido\nid: my-rules\nname: Mine\nrules:\n  mino_bonus: double\n"
    )
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert (info.value.file, info.value.line, info.value.path) == (str(path), 5, "$.rules.mino_bonus")
    assert "'double' is not one of" in str(info.value)


def test_schema_violation_inside_a_domino_list(tmp_path: Path) -> None:
    text = (
        (ROOT / "rulesets" / "pyramido.yaml")
        .read_text()
        .replace("{id: 5, a: [yellow, BL]", "{id: 5, a: [yellow, XX]")
    )
    path = _write(tmp_path, "p.yaml", text)
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert info.value.path == "$.components.dominoes[5].a[1]"
    lines = text.splitlines()
    assert info.value.line == lines.index(next(line for line in lines if "XX" in line)) + 1


def test_plugin_check_problem_names_the_path(tmp_path: Path) -> None:
    path = _write(tmp_path, "c.yaml", "extends: pyramido\nid: c\nrules:\n  markers: [brown, pink]\n")
    with pytest.raises(RulesetError, match="colour 'pink' is not in colours") as info:
        load_ruleset(path)
    assert info.value.path == "$.rules.markers" and info.value.line == 4


def test_unknown_plugin_is_named_with_the_installed_ones(tmp_path: Path) -> None:
    path = _write(tmp_path, "u.yaml", "extends: pyramido\nid: u\nplugins: [no-such-plugin]\n")
    message = "unknown plugin 'no-such-plugin'; installed plugins: forgotten-treasures, pyramido"
    with pytest.raises(RulesetError, match=message) as info:
        load_ruleset(path)
    assert info.value.line == 3


def test_missing_plugin_file_and_broken_plugin_file(tmp_path: Path) -> None:
    path = _write(tmp_path, "m.yaml", "extends: pyramido\nid: m\nplugins: [missing.py]\n")
    with pytest.raises(RulesetError, match=r"plugin file 'missing\.py' not found"):
        load_ruleset(path)
    _write(tmp_path, "broken.py", "raise RuntimeError('boom')\n")
    path = _write(tmp_path, "b.yaml", "extends: pyramido\nid: b\nplugins: [broken.py]\n")
    with pytest.raises(RulesetError, match="failed to load: boom"):
        load_ruleset(path)


def test_plugin_with_a_misspelt_hook_is_refused(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "typo.py",
        "from pyramido.plugin import PluginInfo, hookimpl\n"
        "@hookimpl\n"
        "def pyramido_plugin_info():\n"
        "    return PluginInfo('typo', ('pyramido',), 'a test rule')\n"
        "@hookimpl\n"
        "def pyramido_scor_stage(game, player):\n"
        "    return None\n",
    )
    path = _write(tmp_path, "t.yaml", "extends: pyramido\nid: t\nplugins: [typo.py]\n")
    with pytest.raises(RulesetError, match="pyramido_scor_stage"):
        load_ruleset(path)


def test_unknown_ruleset_lists_the_shipped_ones() -> None:
    with pytest.raises(RulesetError, match=r"shipped rulesets are: .*pyramido"):
        load_ruleset("pyramid-o")


def test_extends_cycle_is_reported(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", "extends: b.yaml\nid: a\n")
    _write(tmp_path, "b.yaml", "extends: a.yaml\nid: b\n")
    with pytest.raises(RulesetError, match="circle"):
        load_ruleset(tmp_path / "a.yaml")


def test_overlay_changes_only_what_it_names_and_the_hash() -> None:
    base, overlay = load_ruleset("pyramido"), load_ruleset("pyramido-no-mino")
    assert overlay.params["mino_bonus"] == "none"
    assert {k: v for k, v in overlay.params.items() if k != "mino_bonus"} == {
        k: v for k, v in base.params.items() if k != "mino_bonus"
    }
    assert overlay.components == base.components
    assert overlay.hash != base.hash


def test_house_rule_file_overrides_one_hook() -> None:
    ruleset = load_ruleset(EXAMPLES / "highest-starts.yaml")
    assert ruleset.plugin_names[0] == "pyramido" and ruleset.plugin_names[1].endswith("highest_starts.py")
    game = Game(ruleset, 4, 1)
    assert game.rules.next_start_player(game, [20, 24, 21, 18]) == 1


def test_a_shipped_house_rule_adds_a_scoring_line_and_replays_by_id() -> None:
    from pyramido import make_record, replay

    game = Game("pyramido-cover-card-bonus", 2, 3)
    play_out(game, [make_bot("greedy"), make_bot("greedy")])
    last = [e for s in game.steps for e in s["events"] if e["type"] == "stage_scored" and e["stage"] == 4]
    assert last and all(e["lines"][-1]["id"] == "unused_cover_cards" for e in last)
    replay(make_record(game))


def test_extra_plugin_file_from_the_command_line() -> None:
    ruleset = load_ruleset("pyramido", extra_plugins=(EXAMPLES / "highest_starts.py",))
    game = Game(ruleset, 4, 1)
    assert game.rules.next_start_player(game, [20, 24, 21, 18]) == 1
    assert ruleset.hash != load_ruleset("pyramido").hash


def test_shipped_rulesets_may_not_name_plugin_files() -> None:
    from pyramido.engine.plugins import PluginError, find_plugin

    with pytest.raises(PluginError, match="only a ruleset file you pass may name files"):
        find_plugin("evil.py", None)


def test_player_count_is_checked() -> None:
    from pyramido import PyramidoError

    with pytest.raises(PyramidoError, match="for 2-4 players, not 5"):
        Game("pyramido", 5)


def test_a_path_is_always_a_file_even_when_named_like_a_shipped_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RulesetError, match="no such ruleset file"):
        load_ruleset(Path("pyramido"))


def test_an_installed_plugin_is_found_by_its_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package that declares ``[project.entry-points.pyramido]`` is usable by name."""
    (tmp_path / "catch_up_rule.py").write_text(
        "from pyramido.plugin import PluginInfo, hookimpl\n"
        "@hookimpl\n"
        "def pyramido_plugin_info():\n"
        "    return PluginInfo('catch-up', ('pyramido',), 'a test rule')\n"
        "@hookimpl\n"
        "def pyramido_next_start_player(game, stage_scores):\n"
        "    return len(stage_scores) - 1\n"
    )
    info = tmp_path / "catch_up_rule-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: catch-up-rule\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[pyramido]\ncatch-up = catch_up_rule\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from pyramido.engine.plugins import installed_plugins

    assert installed_plugins()["catch-up"] == "entry point (catch_up_rule)"
    path = _write(tmp_path, "ep.yaml", "extends: pyramido\nid: ep\nplugins: [catch-up]\n")
    game = Game(load_ruleset(path), 3, 1)
    assert game.rules.next_start_player(game, [1, 2, 3]) == 2


def test_an_edited_ruleset_and_house_rule_take_effect_on_the_next_load(tmp_path: Path) -> None:
    rule = tmp_path / "rule.py"
    rule.write_text(
        "from pyramido.plugin import PluginInfo, hookimpl\n"
        "@hookimpl\n"
        "def pyramido_plugin_info():\n"
        "    return PluginInfo('rule', ('pyramido',), 'a test rule')\n"
        "@hookimpl\n"
        "def pyramido_next_start_player(stage_scores):\n"
        "    return 1\n"
    )
    path = _write(tmp_path, "r.yaml", "extends: pyramido\nid: r\nplugins: [rule.py]\n")
    first = load_ruleset(path)
    game = Game(first, 3, 1)
    assert game.rules.next_start_player(game, [1, 2, 3]) == 1
    rule.write_text(rule.read_text().replace("return 1", "return 2"))
    path.write_text(path.read_text() + "rules:\n  mino_bonus: none\n")
    second = load_ruleset(path)
    game = Game(second, 3, 1)
    assert game.rules.next_start_player(game, [1, 2, 3]) == 2
    assert second.params["mino_bonus"] == "none" and second.hash != first.hash
    assert load_ruleset("pyramido") is load_ruleset("pyramido")  # shipped ones are cached
