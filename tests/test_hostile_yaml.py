"""Hostile YAML is refused quickly, with the file and the line (issue 8, class 5).

An alias bomb, deep nesting, a huge file, UTF-16 or bytes that are not UTF-8, control
characters, tags that are not plain data, keys that are not strings, numbers too long.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramido import RulesetError, load_ruleset
from pyramido.resources import shipped_rulesets

OVERLAY = "extends: pyramido\nid: mine\nname: Mine\nrules:\n  mino_bonus: none\n  points_per_icon: 2\n"
#: Characters YAML does not allow in a stream (tab, newline and carriage return are fine).
CONTROL = [chr(c) for c in [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F, 0x80, 0x9F, 0xFFFE]]


def _load(tmp_path: Path, content: str | bytes) -> RulesetError:
    path = tmp_path / "hostile.yaml"
    if isinstance(content, str):
        content = content.encode("utf-8", "surrogatepass")
    path.write_bytes(content)
    started = time.perf_counter()
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert time.perf_counter() - started < 2, "refused, but slowly"
    assert info.value.file == str(path)
    assert len(str(info.value)) < 400
    return info.value


def _laughs(levels: int) -> str:
    lines = ["extends: pyramido", "id: lol", "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_is_refused_at_the_alias_that_crosses_the_limit(tmp_path: Path) -> None:
    error = _load(tmp_path, _laughs(9))  # "billion laughs": 9**9 values
    assert "aliases are expanded" in error.reason and error.line == 8
    assert "aliases are expanded" in _load(tmp_path, _laughs(7)).reason  # 4.8 million


def test_an_alias_inside_its_own_anchor_is_refused(tmp_path: Path) -> None:
    error = _load(tmp_path, "extends: pyramido\nid: r\nrules: &r\n  loop: *r\n")
    assert "inside its own anchor" in error.reason and error.line == 4


def test_deep_nesting_is_refused_at_its_line(tmp_path: Path) -> None:
    error = _load(
        tmp_path, "extends: pyramido\nid: deep\nrules:\n  x: " + "[" * 100_000 + "]" * 100_000 + "\n"
    )
    assert "nested deeper than" in error.reason and error.line == 4
    error = _load(tmp_path, "id: deep\n" + "".join(f"{'  ' * i}k:\n" for i in range(200)))
    assert "nested deeper than" in error.reason and error.line is not None


def test_a_huge_file_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    error = _load(tmp_path, OVERLAY + "# padding\n" * 200_000)
    assert "larger than" in error.reason and error.line is not None and error.line > 7


@pytest.mark.parametrize(
    ("content", "line", "reason"),
    [
        (OVERLAY.encode("utf-16"), 1, "UTF-16"),
        (OVERLAY.encode("utf-16-be"), 1, "NUL byte: is the file UTF-16?"),
        (OVERLAY.encode("utf-32"), 1, "UTF-16 or UTF-32"),
        (OVERLAY.replace("Mine", "Mïne").encode("latin-1"), 3, "byte 0xef at column 8 is not UTF-8"),
        (b"extends: pyramido\nid: x\n\xff\xfe\n", 3, "not UTF-8"),
    ],
    ids=["utf-16", "utf-16 without a mark", "utf-32", "latin-1", "stray bytes"],
)
def test_text_that_is_not_utf8_is_reported_at_its_line(
    tmp_path: Path, content: bytes, line: int, reason: str
) -> None:
    error = _load(tmp_path, content)
    assert reason in error.reason and error.line == line


@settings(max_examples=40, deadline=None)
@given(character=st.sampled_from(CONTROL), where=st.integers(0, len(OVERLAY) - 1))
def test_a_control_character_is_reported_at_its_line(
    character: str, where: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    error = _load(tmp_path_factory.mktemp("control"), OVERLAY[:where] + character + OVERLAY[where:])
    assert f"U+{ord(character):04X}" in error.reason
    assert error.line == OVERLAY[:where].count("\n") + 1


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("id: x\nrules: !!python/object/apply:os.system [echo]\n", 2, "is not allowed"),
        ("id: x\nrules: !!set {a: null}\n", 2, "is not allowed"),
        ("id: x\nname: !!binary aGVsbG8=\n", 2, "is not allowed"),
        ("id: x\nname: !!timestamp nonsense\n", 2, "is not allowed"),
        ("id: x\nplayers: {min: !!int abc}\n", 2, "'abc' is not an integer"),
        ("id: x\nplayers:\n  min: 2\n  max: " + "9" * 5000 + "\n", 4, "more than 20 digits"),
        ("id: x\nrules:\n  points_per_icon: .nan\n", 3, "not a finite number"),
        ("id: x\nrules:\n  yes: 1\n", 3, "the key yes is read as True"),
        ("id: x\nrules:\n  ? [a, b]\n  : 1\n", 3, "a key is a list"),
        ("id: x\nbase: &b {a: 1}\nrules:\n  <<: *b\n", 4, "merge keys"),
        ("id: x\nrules: *nowhere\n", 2, "undefined alias"),
    ],
    ids=[
        "python tag",
        "set",
        "binary",
        "timestamp",
        "bad int",
        "long int",
        "nan",
        "bool key",
        "list key",
        "merge",
        "undefined alias",
    ],
)
def test_only_plain_data_is_built(tmp_path: Path, text: str, line: int, reason: str) -> None:
    error = _load(tmp_path, text)
    assert reason in error.reason and error.line == line


def test_a_date_is_read_as_a_string(tmp_path: Path) -> None:
    path = tmp_path / "dated.yaml"
    path.write_text("extends: pyramido\nid: dated\nversion: 2025-01-31\n")
    assert load_ruleset(path).version == "2025-01-31"


def test_shipped_rulesets_stay_within_every_limit() -> None:
    for ruleset_id in shipped_rulesets():
        assert load_ruleset(ruleset_id).id == ruleset_id
