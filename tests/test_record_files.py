"""Records of format version 2 name each file of their ruleset with its hash, so that a
replay refused for a missing or changed house-rule file says which, before any plugin is
imported; shipped house rules replay by id; records of version 1 replay as before."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pyramido import Game, RecordError, load_ruleset, make_record, replay
from pyramido.bots import make_bot, play_out
from pyramido.cli import main
from pyramido.engine.record import FORMAT_VERSION, dumps, load, validate
from pyramido.resources import house_rules_folder, shipped_rulesets

DATA = Path(__file__).resolve().parent / "data"
#: Made by the engine of format version 1 (greedy against random, seed 11): a shipped house
#: rule with a plugin file, and Pyramido with a house-rule file passed on the command line.
#: V1_SHIPPED's ruleset hash is that of today's ``optional_marking.py``, updated when the
#: file was typed (its games are the same): a record names the bytes of its plugin files.
V1_SHIPPED = DATA / "record-v1-optional-marking.json"
V1_PLUGIN = DATA / "record-v1-highest-starts.json"
#: The file V1_PLUGIN was played with: the docs' example as it was then, whose bytes the
#: record's hash names.
V1_PLUGIN_FILE = DATA / "record-v1-highest-starts" / "highest_starts.py"
#: The docs' example, a house-rule file passed on the command line.
HIGHEST_STARTS = Path(__file__).resolve().parent.parent / "docs" / "examples" / "highest_starts.py"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def _refused(result: Result) -> str:
    """The one message of a refused command (exit 2, no traceback)."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.stderr.count("\n") == 1
    return result.stderr


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _house_rule(folder: Path) -> tuple[Path, Path, Path]:
    """A ruleset file naming a house-rule file that leaves a marker when imported, and a
    record of a game played with them: (ruleset, rule, record)."""
    rule = folder / "rule.py"
    marker = folder / "imported.txt"
    rule.write_text(
        HIGHEST_STARTS.read_text()
        + f"\nfrom pathlib import Path as _Path\n_Path({str(marker)!r}).write_text('imported')\n"
    )
    ruleset = folder / "mine.yaml"
    ruleset.write_text("extends: pyramido\nid: mine\nname: Mine\nplugins: [rule.py]\n")
    record = folder / "game.json"
    assert run("demo", "--quiet", "--ruleset", str(ruleset), "--record", str(record)).exit_code == 0
    marker.unlink()
    return ruleset, rule, record


def test_a_record_names_every_file_of_its_ruleset_with_its_hash(tmp_path: Path) -> None:
    ruleset, rule, record_path = _house_rule(tmp_path)
    record = load(record_path)
    assert record["format_version"] == FORMAT_VERSION == 2
    assert record["ruleset"]["files"] == [
        {"name": "pyramido.yaml", "sha256": _sha(shipped_rulesets()["pyramido"].read_bytes())},
        {"name": "mine.yaml", "sha256": _sha(ruleset.read_bytes())},
        {"name": "rule.py", "sha256": _sha(rule.read_bytes())},
    ]
    result = run("replay", str(record_path), "--ruleset", str(ruleset))
    assert result.exit_code == 0, result.output


def test_a_changed_house_rule_file_is_named_with_both_hashes_before_it_runs(tmp_path: Path) -> None:
    ruleset, rule, record = _house_rule(tmp_path)
    before = _sha(rule.read_bytes())
    rule.write_text(rule.read_text() + "# edited after the game\n")
    said = _refused(run("replay", str(record), "--ruleset", str(ruleset)))
    assert said == (
        f"error: the file 'rule.py' is not the one the game was played with: sha256 {before[:12]} "
        f"in the record, {_sha(rule.read_bytes())[:12]} given\n"
    )
    assert not (tmp_path / "imported.txt").exists()


def test_a_changed_ruleset_file_is_named(tmp_path: Path) -> None:
    ruleset, _, record = _house_rule(tmp_path)
    ruleset.write_text(ruleset.read_text().replace("name: Mine", "name: Mine, renamed"))
    assert "the file 'mine.yaml' is not the one the game was played with" in _refused(
        run("replay", str(record), "--ruleset", str(ruleset))
    )
    assert not (tmp_path / "imported.txt").exists()


def test_a_missing_house_rule_file_is_named(tmp_path: Path) -> None:
    ruleset, rule, record = _house_rule(tmp_path)
    rule.unlink()
    said = _refused(run("replay", str(record), "--ruleset", str(ruleset)))
    assert "mine.yaml:4: at $.plugins: plugin file 'rule.py' not found" in said


def test_a_house_rule_file_left_out_is_named_with_its_hash(tmp_path: Path) -> None:
    game = Game(load_ruleset("pyramido", [HIGHEST_STARTS]), 2, 3)
    play_out(game, [make_bot("random", 1), make_bot("random", 2)])
    path = tmp_path / "game.json"
    path.write_text(dumps(make_record(game)))
    said = _refused(run("replay", str(path)))
    sha = _sha(HIGHEST_STARTS.read_bytes())[:12]
    assert said.startswith(
        f"error: the game was played with the file 'highest_starts.py' (sha256 {sha}), which is not "
        "among the files given: pass the ruleset file and the house-rule files it was played with"
    )
    assert run("replay", str(path), "--plugin", str(HIGHEST_STARTS)).exit_code == 0


@pytest.mark.parametrize("ruleset_id", ["pyramido-optional-marking", "pyramido-cover-card-bonus"])
def test_shipped_house_rules_replay_by_id_with_no_option(tmp_path: Path, ruleset_id: str) -> None:
    path = tmp_path / "game.json"
    assert run("demo", "--quiet", "--ruleset", ruleset_id, "--record", str(path)).exit_code == 0
    (plugin_file,) = [f for f in load(path)["ruleset"]["files"] if f["name"].endswith(".py")]
    assert plugin_file["sha256"] == _sha((house_rules_folder() / plugin_file["name"]).read_bytes())
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "verified: " in result.stdout


def test_records_of_version_1_still_replay() -> None:
    shipped, with_plugin = load(V1_SHIPPED), load(V1_PLUGIN)
    assert shipped["format_version"] == with_plugin["format_version"] == 1
    assert "files" not in shipped["ruleset"]
    assert any(step["action"]["kind"] == "no_mark" for step in shipped["steps"])  # the house rule played
    replay(shipped)
    replay(with_plugin, plugins=[V1_PLUGIN_FILE])
    result = run("replay", str(V1_SHIPPED))
    assert result.exit_code == 0, result.output
    result = run("replay", str(V1_PLUGIN), "--plugin", str(V1_PLUGIN_FILE))
    assert result.exit_code == 0, result.output
    with pytest.raises(RecordError, match=r"differ in plugins, hash\)"):  # no files to name
        replay(with_plugin)


def test_a_version_1_game_gives_the_same_record_in_version_2() -> None:
    """Only the format version and the files are new: the rest is byte for byte the same."""
    recorded = load(V1_SHIPPED)
    now = json.loads(dumps(make_record(replay(recorded))))
    assert now["format_version"] == 2 and now["ruleset"].pop("files")
    assert {**now, "format_version": 1} == recorded


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda r: r["ruleset"].pop("files"), r"at \$\.ruleset: 'files' is a required property"),
        (lambda r: r.update(format_version=3), r"at \$\.format_version: 3 is not one of \[1, 2\]"),
        (lambda r: r.update(format_version=True), r"at \$\.format_version: True is not of type 'integer'"),
        (lambda r: r["ruleset"]["files"][0].update(sha256="xyz"), r"at \$\.ruleset\.files\[0\]\.sha256"),
    ],
    ids=["no files", "version 3", "version true", "bad hash"],
)
def test_the_schema_holds_each_version_to_its_form(change: Any, said: str) -> None:
    game = Game("pyramido", 2, 1)
    record = json.loads(dumps(make_record(game)))
    validate(record)
    change(record)
    with pytest.raises(RecordError, match=said):
        validate(record)
    version_1 = load(V1_SHIPPED)
    version_1["ruleset"]["files"] = copy.deepcopy(record["ruleset"].get("files", []))
    with pytest.raises(
        RecordError, match=r"at \$\.ruleset: False schema does not allow"
    ):  # files are version 2's
        validate(version_1)
