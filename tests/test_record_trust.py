"""A record never chooses which code runs (issue 8, class 1).

A record is untrusted: by itself it replays only with a shipped ruleset. A ruleset file and
house-rule files replay when the caller passes them, and their files (by name and hash), id,
version, plugins and content hash are compared with the record's before any house-rule file
is imported. Each "evil" plugin here leaves a marker file when it is imported, so a test
sees whether it ran.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pyramido import Game, RecordError, load_ruleset, make_record, replay
from pyramido.bots import make_bot, play_out
from pyramido.cli import main
from pyramido.engine.plugins import PluginSource, import_plugin
from pyramido.engine.record import dumps

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"


def _evil_ruleset(folder: Path) -> tuple[Path, Path]:
    """A house-rule overlay whose plugin writes a marker when imported; (ruleset, marker)."""
    marker = folder / "ran.txt"
    (folder / "evil.py").write_text(f"from pathlib import Path\nPath({str(marker)!r}).write_text('ran')\n")
    ruleset = folder / "evil.yaml"
    ruleset.write_text("extends: pyramido\nid: evil\nname: Evil\nplugins: [evil.py]\n")
    return ruleset, marker


def _played(ruleset: Any, plugins: tuple[Path, ...] = ()) -> dict[str, Any]:
    game = Game(load_ruleset(ruleset, extra_plugins=plugins), 2, 5)
    play_out(game, [make_bot("random", 1), make_bot("random", 2)])
    record: dict[str, Any] = json.loads(dumps(make_record(game)))
    return record


@pytest.fixture(scope="module")
def shipped_record() -> dict[str, Any]:
    return _played("pyramido")


def test_a_record_naming_a_file_runs_nothing(tmp_path: Path, shipped_record: dict[str, Any]) -> None:
    ruleset, marker = _evil_ruleset(tmp_path)
    record = copy.deepcopy(shipped_record)
    record["ruleset"]["id"] = str(ruleset)
    with pytest.raises(RecordError, match=r"which is not shipped.*ruleset=FILE"):
        replay(record)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 2 and "--ruleset FILE" in result.stderr
    assert not marker.exists()


def test_a_ruleset_file_is_hashed_before_its_plugins_are_imported(tmp_path: Path) -> None:
    ruleset, marker = _evil_ruleset(tmp_path)
    record = _played("pyramido-no-mino")
    record["ruleset"]["id"] = "evil"  # what the file says, but not what it holds
    with pytest.raises(RecordError, match=r"file 'pyramido-no-mino.yaml' \(sha256 \w{12}\), which is not"):
        replay(record, ruleset=ruleset)
    with pytest.raises(RecordError, match=r"differ in id, hash\)"):
        replay(_played("pyramido"), ruleset="pyramido-no-mino")
    assert not marker.exists()


def test_a_game_of_a_ruleset_file_replays_with_that_file_only(tmp_path: Path) -> None:
    ruleset = tmp_path / "mine.yaml"
    ruleset.write_text("extends: pyramido\nid: mine\nname: Mine\nplugins: [rule.py]\n")
    rule = tmp_path / "rule.py"
    rule.write_text((EXAMPLES / "highest_starts.py").read_text())
    record = _played(ruleset)
    assert record["ruleset"]["plugins"] == ["pyramido", "rule.py"]
    with pytest.raises(RecordError, match="not shipped"):
        replay(record)
    replay(record, ruleset=ruleset)
    replay(record, ruleset=load_ruleset(ruleset))
    path = tmp_path / "record.json"
    path.write_text(dumps(record))
    result = CliRunner().invoke(main, ["replay", str(path), "--ruleset", str(ruleset)])
    assert result.exit_code == 0, result.output
    rule.write_text(rule.read_text() + "\n# edited after the game\n")
    with pytest.raises(RecordError, match=r"the file 'rule.py' is not the one the game was played with"):
        replay(record, ruleset=ruleset)


def test_house_rule_files_from_the_command_line_replay_when_passed_again(tmp_path: Path) -> None:
    rule = EXAMPLES / "highest_starts.py"
    record = _played("pyramido", (rule,))
    assert record["ruleset"]["plugins"] == ["pyramido", "highest_starts.py"]
    with pytest.raises(
        RecordError, match=r"played with the file 'highest_starts.py' .* not among the files given"
    ):
        replay(record)
    replay(record, plugins=[rule])
    path = tmp_path / "record.json"
    path.write_text(dumps(record))
    for args in (["replay", str(path), "--plugin", str(rule)], ["--plugin", str(rule), "replay", str(path)]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("field", "value", "differ"),
    [
        ("version", "2.0", "version"),
        ("plugins", ["pyramido", "extra.py"], "plugins"),
        ("plugins", [], "plugins"),
        ("hash", "0" * 64, "hash"),
        ("id", "pyramido-no-mino", "hash"),
    ],
)
def test_version_plugins_and_hash_are_checked(
    shipped_record: dict[str, Any], field: str, value: object, differ: str
) -> None:
    record = copy.deepcopy(shipped_record)
    record["ruleset"][field] = value
    with pytest.raises(RecordError, match=rf"differ in {differ}\)"):
        replay(record)


def test_a_record_of_another_game_names_its_file(shipped_record: dict[str, Any]) -> None:
    record = copy.deepcopy(shipped_record)
    record["ruleset"]["id"] = "silver-gold-pyramids"
    with pytest.raises(
        RecordError, match=r"played with the file 'pyramido.yaml' .* not among the files given"
    ):
        replay(record)


def test_a_plugin_runs_the_bytes_that_were_hashed(tmp_path: Path) -> None:
    """Between reading and importing, the file may change: what runs is what was read."""
    path = tmp_path / "swapped.py"
    path.write_text("raise RuntimeError('not the hashed bytes')\n")
    module = import_plugin(PluginSource("swapped.py", f"file:{path}", path, b"HASHED = True\n"))
    assert module.HASHED is True  # type: ignore[attr-defined]
