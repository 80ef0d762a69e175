"""Errors are reported where the user made them, and the command line never shows a
traceback for bad input: exit code 2 and one message (issue 8, class 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramido import Game, RulesetError, load_ruleset, make_record
from pyramido.bots import make_bot, play_out
from pyramido.cli import main
from pyramido.engine.record import dumps
from pyramido.engine.ruleset import read_manifest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def _assert_refused(result: Result) -> None:
    """Exit code 2, one message, no traceback (a bug would show as another exception)."""
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stderr.count("rror: ") == 1, result.stderr  # "error: ..." or click's "Error: ..."
    assert len(result.stderr) < 1000


def test_a_missing_extends_target_is_reported_in_the_file_that_names_it(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("# my house rules\nid: mine\nextends: pyramid0.yaml\n")
    with pytest.raises(RulesetError, match=r"'extends' names 'pyramid0\.yaml': no such ruleset file") as info:
        load_ruleset(path)
    assert (info.value.file, info.value.line, info.value.path) == (str(path), 3, "$.extends")
    nested = tmp_path / "nested.yaml"
    nested.write_text("extends: mine.yaml\nid: nested\n")
    with pytest.raises(RulesetError) as info:
        load_ruleset(nested)
    assert (info.value.file, info.value.line, info.value.path) == (str(path), 3, "$.extends")


def test_a_long_chain_of_overlays_is_refused(tmp_path: Path) -> None:
    for i in range(40):
        (tmp_path / f"o{i}.yaml").write_text(f"extends: o{i + 1}.yaml\nid: o{i}\n")
    with pytest.raises(RulesetError, match="more than 16 files extend one another") as info:
        load_ruleset(tmp_path / "o0.yaml")
    assert info.value.path == "$.extends" and info.value.line == 1


@pytest.mark.parametrize(
    "body",
    ["import sys\nsys.exit(3)\n", "raise SystemExit\n", "raise ValueError('x' * 10_000)\n", "def (:\n"],
    ids=["sys.exit", "SystemExit", "long message", "syntax error"],
)
def test_a_plugin_failing_at_import_is_reported_with_its_file(tmp_path: Path, body: str) -> None:
    (tmp_path / "quits.py").write_text(body)
    path = tmp_path / "q.yaml"
    path.write_text("extends: pyramido\nid: q\nplugins: [quits.py]\n")
    with pytest.raises(RulesetError, match=r"plugin file .*quits\.py failed to load") as info:
        load_ruleset(path)
    assert (info.value.line, info.value.path) == (3, "$.plugins")
    assert len(str(info.value)) < 600
    _assert_refused(run("validate", str(path)))
    _assert_refused(run("--plugin", str(tmp_path / "quits.py"), "demo"))


def _files(folder: Path) -> dict[str, str]:
    """Bad files of every kind, by name (``{tampered}`` in a command below is its path)."""
    game = Game("pyramido", 2, 3)
    play_out(game, [make_bot("random"), make_bot("random", 1)])
    record = json.loads(dumps(make_record(game)))
    laughs = "".join(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 8))
    contents: dict[str, str | bytes] = {
        "empty.json": "",
        "garbage.json": bytes(range(256)),
        "utf16.json": json.dumps(record).encode("utf-16"),
        "nan.json": '{"seed": NaN}',
        "deep.json": "[" * 100_000,
        "huge.json": '{"seed": ' + "9" * 5000 + "}",
        "false.json": json.dumps({**record, "setup": [{**record["setup"][0], "start_player": False}]}),
        "float.json": json.dumps({**record, "players": 2.0}),
        "path_id.json": json.dumps(
            {**record, "ruleset": {**record["ruleset"], "id": str(folder / "r.yaml")}}
        ),
        "tampered.json": json.dumps({**record, "seed": 4}),
        "bomb.yaml": "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + laughs,
        "deep.yaml": "id: x\nrules: " + "[" * 10_000 + "\n",
        "utf16.yaml": "extends: pyramido\nid: x\n".encode("utf-16"),
        "latin1.yaml": "extends: pyramido\nid: x\nname: Caf\xe9\n".encode("latin-1"),
        "control.yaml": "extends: pyramido\nid: x\nname: a\x1bb\n",
        "tab.yaml": "extends: pyramido\nrules:\n\tmino_bonus: none\n",
        "typo.yaml": "extends: pyramido\nid: x\nrulez: {}\n",
        "float_count.yaml": "extends: pyramido\nid: x\nrules: {quarry_slots: 3.0}\n",
        "min_max.yaml": "extends: pyramido\nid: x\nplayers: {min: 4, max: 2}\n",
        "no_base.yaml": "extends: nowhere.yaml\nid: x\n",
        "list.yaml": "- a\n- b\n",
        "python.yaml": "extends: pyramido\nid: x\nname: !!python/object/apply:os.system [echo hi]\n",
        "r.yaml": "extends: pyramido\nid: r\nplugins: [r.py]\n",
        "r.py": "raise SystemExit(0)\n",
        "ft_overlay.yaml": "extends: forgotten-treasures\nid: ft-x\nname: X\n",
        "house.yaml": "extends: pyramido\nid: house\nname: House\nplugins: [house.py]\n",
        "house.py": (ROOT / "docs" / "examples" / "highest_starts.py").read_text(),
        "gone.yaml": "extends: pyramido\nid: house\nname: House\nplugins: [gone.py]\n",
    }
    paths = {}
    for name, content in contents.items():
        path = folder / name
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        paths[name.replace(".", "_")] = str(path)
    # A record of the house rules, whose file then changes.
    house = {**record, "ruleset": read_manifest(folder / "house.yaml").identity()}
    (folder / "house.json").write_text(json.dumps(house))
    with (folder / "house.py").open("a") as rule:
        rule.write("# changed after the game\n")
    (folder / "a_folder").mkdir()
    return {
        **paths,
        "house_json": str(folder / "house.json"),
        "folder": str(folder / "a_folder"),
        "missing": str(folder / "missing.json"),
    }


BAD_RECORDS = "empty_json garbage_json utf16_json nan_json deep_json huge_json false_json float_json"
BAD_RULESETS = "bomb_yaml deep_yaml utf16_yaml latin1_yaml control_yaml tab_yaml typo_yaml float_count_yaml"
MORE_RULESETS = "min_max_yaml no_base_yaml list_yaml python_yaml r_yaml missing garbage_json"
BAD_COMMANDS = [
    *(
        f"replay {{{name}}}"
        for name in f"{BAD_RECORDS} path_id_json tampered_json folder missing bomb_yaml".split()
    ),
    *(f"validate {{{name}}}" for name in f"{BAD_RULESETS} {MORE_RULESETS}".split()),
    "replay {tampered_json} --ruleset {bomb_yaml}",
    "replay {path_id_json} --ruleset {r_yaml}",
    "replay {tampered_json} --plugin {missing}",
    "replay {tampered_json} --plugin {r_py}",
    "replay {house_json} --ruleset {house_yaml}",
    "replay {house_json} --ruleset {gone_yaml}",
    "replay {house_json}",
    "demo --ruleset {typo_yaml}",
    "demo --ruleset {folder}",
    "demo --ruleset " + "x" * 5000,
    "demo --players 0",
    "demo --players 2.5",
    "demo --seed -1",
    "demo --seed " + "9" * 30,
    "demo --seed " + "9" * 5000,
    "demo --bots ,",
    "demo --bots greedy,genius",
    "play --bot genius",
    "demo --solo nobody",
    "demo --quiet --record {folder}/no/such/record.json",
    "--plugin {r_py} demo",
    "play --seat 7",
    "play --ruleset silver-gold-pyramids --players 9",
    "rules extra",
    "rules show nowhere",
    "rules show pyramido --with nowhere",
    "rules show pyramido --with forgotten-treasures",
    "rules show pyramido --with {ft_overlay_yaml}",
    "rules show pyramido --plugin {r_py}",
    "rules show pyramido --plugin {missing}",
    "--plugin {r_py} rules show pyramido",
    "no-such-command",
]


@pytest.mark.parametrize("command", BAD_COMMANDS, ids=[c[:60] for c in BAD_COMMANDS])
def test_bad_input_exits_2_with_one_message(command: str, tmp_path: Path) -> None:
    _assert_refused(run(*command.format_map(_files(tmp_path)).split()))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    content=st.binary(max_size=300) | st.text(max_size=300).map(str.encode),
    command=st.sampled_from(["replay", "validate"]),
)
def test_any_bytes_as_a_file_exit_2_or_are_accepted(content: bytes, command: str, tmp_path: Path) -> None:
    path = tmp_path / "input"
    path.write_bytes(content)
    result = run(command, str(path))
    if result.exit_code != 0:
        _assert_refused(result)


def test_typed_answers_never_crash_play() -> None:
    """Huge numbers, unicode digits and hostile JSON are explained, and play goes on."""
    answers = [
        "9" * 5000,
        "²",
        "٣",
        '{"kind": "take", "slot": ' + "9" * 5000 + "}",
        '{"kind": NaN}',
        "[" * 10_000,
        "q",
    ]
    result = run("play", "--seed", "2", stdin="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "You left the game" in result.stdout
