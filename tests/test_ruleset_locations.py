"""Ruleset errors are located in the user's file, at the line and JSON path of the key at
fault, whichever file of a chain of overlays the merged value came from (issue part 6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pyramido import RulesetError, load_ruleset
from pyramido.cli import main

#: An alias bomb under ``rules``: each line's list holds nine of the one before, so that
#: the third alias of ``a5`` (line 9) brings it past 100,000 values (3 x 33,625).
LAUGHS = "".join(
    f"  a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" if i else "  a0: &a0 [lol, lol, lol, lol]\n"
    for i in range(9)
)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def _refused(path: Path) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    return info.value


def _where(error: RulesetError) -> tuple[str, int | None, str]:
    return error.file, error.line, error.path


def _validate(path: Path) -> str:
    """What ``pyramido validate`` says of ``path`` on stderr, having exited with 2."""
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.stderr


def test_an_extends_circle_is_reported_in_the_file_given_with_the_whole_circle(tmp_path: Path) -> None:
    first = _write(tmp_path, "a.yaml", "# mine\nid: a\nextends: b.yaml\n")
    _write(tmp_path, "b.yaml", "extends: a.yaml\nid: b\n")
    error = _refused(first)
    assert _where(error) == (str(first), 3, "$.extends")
    assert error.reason == "'extends' goes round in a circle: a.yaml -> b.yaml -> a.yaml"
    assert f"{first}:3: at $.extends: 'extends' goes round in a circle: a.yaml -> b.yaml" in _validate(first)


def test_a_file_leading_into_a_circle_is_the_one_reported(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", "extends: b.yaml\nid: a\n")
    _write(tmp_path, "b.yaml", "extends: a.yaml\nid: b\n")
    given = _write(tmp_path, "c.yaml", "id: c\nextends: a.yaml\n")
    error = _refused(given)
    assert _where(error) == (str(given), 2, "$.extends")
    assert error.reason.endswith("c.yaml -> a.yaml -> b.yaml -> a.yaml")
    itself = _write(tmp_path, "self.yaml", "extends: self.yaml\nid: s\n")
    assert _refused(itself).reason.endswith(": self.yaml -> self.yaml")


def test_an_unknown_game_set_by_an_overlay_is_reported_at_its_game_line(tmp_path: Path) -> None:
    text = "# my rules\nextends: pyramido\nid: mine\nname: Mine\ngame: nosuch\n"
    path = _write(tmp_path, "game.yaml", text)
    error = _refused(path)
    assert _where(error) == (str(path), 5, "$.game")
    assert error.reason == "plugin 'pyramido' is for pyramido, not nosuch"
    assert f"{path}:5: at $.game: plugin 'pyramido' is for pyramido, not nosuch" in _validate(path)


def test_an_overlay_breaking_a_rule_with_an_inherited_value_is_pointed_at(tmp_path: Path) -> None:
    """Only the overlay's ``max`` is wrong, though the rule is said of ``min`` too."""
    path = _write(tmp_path, "few.yaml", "extends: pyramido\nid: few\nplayers:\n  max: 1\n")
    assert _where(_refused(path)) == (str(path), 4, "$.players.max")
    above = _write(tmp_path, "above.yaml", "extends: few.yaml\nid: above\nplayers:\n  min: 3\n")
    assert _where(_refused(above)) == (str(above), 4, "$.players.min")


def test_an_unknown_key_is_reported_at_its_own_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "typo.yaml", "extends: pyramido\nid: mine\nname: Mine\n# my rules\nrulez: {}\n")
    error = _refused(path)
    assert _where(error) == (str(path), 5, "$.rulez")
    assert "'rulez' was unexpected" in error.reason
    assert f"{path}:5: at $.rulez: Additional properties" in _validate(path)
    nested = _write(tmp_path, "nested.yaml", "extends: pyramido\nid: n\nplayers:\n  min: 2\n  maxi: 3\n")
    assert _where(_refused(nested)) == (str(nested), 5, "$.players.maxi")


def test_a_value_from_the_users_base_file_is_reported_in_that_file(tmp_path: Path) -> None:
    base = _write(tmp_path, "base.yaml", "extends: pyramido\nid: base\nrules:\n  mino_bonus: double\n")
    top = _write(tmp_path, "top.yaml", "extends: base.yaml\nid: top\nrules:\n  points_per_icon: 2\n")
    assert _where(_refused(top)) == (str(base), 4, "$.rules.mino_bonus")
    # the second plugin of the merged list is the first one base.yaml names
    _write(tmp_path, "base.yaml", "extends: pyramido\nid: base\nplugins:\n  - " + "x" * 201 + "\n")
    _write(tmp_path, "top.yaml", "extends: base.yaml\nid: top\nplugins: [other.py]\n")
    assert _where(_refused(top)) == (str(base), 4, "$.plugins[1]")


def test_plugins_that_are_not_a_list_are_reported_where_written_under_an_overlay(tmp_path: Path) -> None:
    base = _write(tmp_path, "base.yaml", "extends: pyramido\nid: base\nplugins: 5\n")
    top = _write(tmp_path, "top.yaml", "extends: base.yaml\nid: top\nplugins: [other.py]\n")
    assert _where(_refused(top)) == (str(base), 3, "$.plugins")


@pytest.mark.parametrize(
    ("rules", "line", "path", "reason"),
    [
        ("  x: .nan\n", 4, "$.rules.x", "'.nan' is not a finite number"),
        ("  x: -.inf\n", 4, "$.rules.x", "'-.inf' is not a finite number"),
        ("  x: 1\n  y: [2, " + "9" * 30 + "]\n", 5, "$.rules.y[1]", "a number of more than 20 digits"),
        ("  x: !!binary aGVsbG8=\n", 4, "$.rules.x", "the tag 'tag:yaml.org,2002:binary' is not allowed"),
        ("  x: !!set {a: null}\n", 4, "$.rules.x", "the tag 'tag:yaml.org,2002:set' is not allowed"),
        ("  x: 1\n  yes: 2\n", 5, "$.rules.yes", "the key yes is read as True"),
        ("  x: 1\n  y:\n  x: 2\n", 6, "$.rules.x", "key 'x' given twice (first on line 4)"),
        # the 33rd collection: the file's mapping, rules, x and 30 lists in it
        ("  x: " + "[" * 40 + "]" * 40 + "\n", 4, "$.rules.x" + "[0]" * 30, "nested deeper than 32 levels"),
        (LAUGHS, 9, "$.rules.a5[2]", "more than 100000 values once aliases are expanded"),
        ("  r: &r\n    loop: *r\n", 5, "$.rules.r.loop", "the alias *r is inside its own anchor"),
    ],
    ids=[
        *("nan", "inf", "long int", "binary", "set"),
        *("bool key", "key twice", "deep", "alias bomb", "self alias"),
    ],
)
def test_a_yaml_refusal_is_located_at_the_key_that_holds_it(
    tmp_path: Path, rules: str, line: int, path: str, reason: str
) -> None:
    file = _write(tmp_path, "hostile.yaml", "extends: pyramido\nid: mine\nrules:\n" + rules)
    error = _refused(file)
    assert _where(error) == (str(file), line, path)
    assert error.reason.startswith(reason), error.reason


def test_validate_locates_a_yaml_refusal_at_its_key(tmp_path: Path) -> None:
    nan = _write(tmp_path, "nan.yaml", "extends: pyramido\nid: mine\nrules:\n  x: .nan\n")
    assert f"{nan}:4: at $.rules.x: '.nan' is not a finite number" in _validate(nan)
    bomb = _write(tmp_path, "bomb.yaml", "extends: pyramido\nid: lol\nrules:\n" + LAUGHS)
    assert f"{bomb}:9: at $.rules.a5[2]: more than 100000 values" in _validate(bomb)
