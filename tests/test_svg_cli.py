"""``pyramido render RECORD --step K --seat S --out FILE.svg`` through click's runner, and
``replay.replay_to`` behind it: the position of a verified record after K steps; bad input
ends with one error line and exit code 2."""

from __future__ import annotations

import re
import shlex
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pyramido import ArgumentError, Game, RecordError, load_ruleset, make_bot, make_record, play_out
from pyramido.cli import main
from pyramido.engine.record import dumps
from pyramido.engine.replay import replay_to
from pyramido.svg import render_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def _record(
    tmp_path: Path, ruleset: Any = "pyramido", players: int = 2, seed: int = 3
) -> tuple[Path, dict[str, Any]]:
    game = Game(ruleset, players, seed)
    play_out(game, [make_bot("greedy", p) for p in range(players)])
    record = make_record(game)
    path = tmp_path / "record.json"
    path.write_text(dumps(record))
    return path, record


def _refused(result: Result, words: str) -> None:
    """Exit code 2, one error line naming the problem, no traceback."""
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stderr.count("rror: ") == 1 and words in result.stderr, result.stderr


def test_replay_to_gives_the_position_after_k_steps() -> None:
    game = Game("forgotten-treasures", 2, 4)
    play_out(game, [make_bot("greedy", p) for p in range(2)])
    record = make_record(game)
    for step in (0, 1, 37, len(game.steps)):
        position = replay_to(record, step)
        assert len(position.steps) == step
        assert [s["index"] for s in position.steps] == [s["index"] for s in game.steps[:step]]
        assert position.observation(None)["stage"] >= 1
    for bad in (-1, len(game.steps) + 1, True, 2.0):
        with pytest.raises(ArgumentError, match=r"is not in 0\.\.\d+: the record has \d+ steps"):
            replay_to(record, bad)  # type: ignore[arg-type]
    record["steps"][5]["events"][0]["player"] = 1 - record["steps"][5]["events"][0]["player"]
    with pytest.raises(RecordError, match="step 5"):
        replay_to(record, 2)


@pytest.mark.parametrize(
    ("ruleset", "players", "step", "seat"),
    [("pyramido", 2, 70, 0), ("forgotten-treasures", 3, 90, 2), ("silver-gold-pyramids", 2, 25, 1)],
)
def test_render_draws_a_seat_view_after_k_steps(
    tmp_path: Path, ruleset: str, players: int, step: int, seat: int
) -> None:
    path, record = _record(tmp_path, ruleset, players)
    out = tmp_path / "view.svg"
    result = run("render", str(path), "--step", str(step), "--seat", str(seat), "--out", str(out))
    assert result.exit_code == 0, result.output
    picture = out.read_bytes()
    assert result.stdout == f"{out}: player {seat}'s view after step {step} ({len(picture)} bytes)\n"
    assert picture == render_game(replay_to(record, step), seat).encode("utf-8")
    ET.fromstring(picture)
    assert (
        run("render", str(path), "--step", str(step), "--seat", str(seat), "--out", str(out)).exit_code == 0
    )
    assert out.read_bytes() == picture, "the same bytes every time"


def test_render_defaults_to_the_end_and_a_spectator(tmp_path: Path) -> None:
    path, record = _record(tmp_path)
    out = tmp_path / "end.svg"
    result = run("render", str(path), "--out", str(out))
    assert result.exit_code == 0, result.output
    steps = len(record["steps"])
    assert f"a spectator's view after step {steps}" in result.stdout
    assert out.read_text() == render_game(replay_to(record, steps), None)
    assert "the game is over" in out.read_text()


def test_render_has_help() -> None:
    result = run("render", "--help")
    assert result.exit_code == 0 and "--step" in result.stdout and "--seat" in result.stdout


def test_render_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    path, record = _record(tmp_path)
    out = str(tmp_path / "x.svg")
    _refused(run("render", str(path), "--step", "100000", "--out", out), "step 100000 is not in 0..")
    _refused(run("render", str(path), "--step", "-1", "--out", out), "step -1 is not in 0..")
    _refused(run("render", str(path), "--seat", "2", "--out", out), "seat 2 is not in 0..1")
    _refused(run("render", str(path), "--seat", "-1", "--out", out), "seat -1 is not in 0..1")
    _refused(run("render", str(path), "--step", "two", "--out", out), "'two' is not a valid integer")
    _refused(run("render", str(path), "--out", str(tmp_path / "missing" / "x.svg")), "cannot write")
    _refused(run("render", str(path)), "Missing option '--out'")
    _refused(run("render", str(tmp_path / "nothing.json"), "--out", out), "cannot read")
    record["steps"][3]["action"] = record["steps"][4]["action"]
    path.write_text(dumps(record))
    _refused(run("render", str(path), "--step", "1", "--out", out), "step 3")
    assert not Path(out).exists(), "nothing is written from a record that does not verify"


def test_render_takes_the_ruleset_file_and_house_rules_of_a_record(tmp_path: Path) -> None:
    """A record never chooses which code runs: a game of a ruleset file and a house-rule
    file is drawn only when they are passed, as ``pyramido replay`` takes them."""
    yaml = EXAMPLES / "highest-starts.yaml"
    path, _ = _record(tmp_path, load_ruleset(yaml))
    out = str(tmp_path / "x.svg")
    _refused(run("render", str(path), "--out", out), "pass that ruleset yourself")
    result = run("render", str(path), "--ruleset", str(yaml), "--seat", "1", "--out", out)
    assert result.exit_code == 0, result.output
    assert "(pyramido-highest-starts)" in Path(out).read_text()
    rule = EXAMPLES / "highest_starts.py"
    path, _ = _record(tmp_path, load_ruleset("pyramido", extra_plugins=[rule]))
    _refused(run("render", str(path), "--out", out), "not among the files given")
    for args in (["render", str(path), "--plugin", str(rule)], ["--plugin", str(rule), "render", str(path)]):
        result = run(*args, "--out", out)
        assert result.exit_code == 0, result.output


def test_the_pictures_of_docs_svg_md_are_those_its_commands_make(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/svg.md's example commands, run in an empty folder, make its three pictures
    byte for byte (regenerate them by running the same commands from the repository)."""
    block = re.search(r"```bash\n(pyramido demo .*?)```", (ROOT / "docs" / "svg.md").read_text(), re.DOTALL)
    assert block is not None
    commands = [shlex.split(line) for line in block[1].splitlines()]
    (tmp_path / "docs" / "images").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    for command in commands:
        assert command[0] == "pyramido"
        result = run(*command[1:])
        assert result.exit_code == 0, result.output
    made = sorted(p.name for p in (tmp_path / "docs" / "images").iterdir())
    assert made == ["forgotten-treasures.svg", "pyramido.svg", "silver-gold-pyramids.svg"]
    for name in made:
        committed = ROOT / "docs" / "images" / name
        assert (tmp_path / "docs" / "images" / name).read_bytes() == committed.read_bytes(), name
        assert f"(images/{name})" in (ROOT / "docs" / "svg.md").read_text()
