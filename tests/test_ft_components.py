"""The provisional Forgotten Treasures domino set: its constraints, determinism, backs, YAML."""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from typing import Any

import pytest
import yaml

from pyramido.games.forgotten_treasures.components import (
    COLOURS,
    QUADRANTS,
    SEED,
    back_of,
    check_dominoes,
    generate_dominoes,
    main,
    yaml_block,
)

DOMINOES = generate_dominoes(SEED)


def _blocks(dominoes: list[dict[str, Any]]) -> list[list[str]]:
    return [domino[side] for domino in dominoes for side in ("a", "b")]


def test_the_shipped_seed_meets_every_constraint() -> None:
    assert check_dominoes(DOMINOES) == []
    assert check_dominoes(DOMINOES, provisional=False) == []


def test_the_printed_counts_hold() -> None:
    assert [domino["id"] for domino in DOMINOES] == list(range(90))
    blocks = Counter(block[0] for block in _blocks(DOMINOES))
    icons = Counter(block[0] for block in _blocks(DOMINOES) for _ in block[1:])
    assert blocks == icons == dict.fromkeys(COLOURS, 36)
    assert all(len(domino["a"]) + len(domino["b"]) - 2 == 2 for domino in DOMINOES)


def test_colour_mix_and_quadrant_spread() -> None:
    pairs = Counter(frozenset((domino["a"][0], domino["b"][0])) for domino in DOMINOES)
    assert sum(count for pair, count in pairs.items() if len(pair) == 1) == 18
    assert all(frozenset(pair) in pairs for pair in itertools.combinations(COLOURS, 2))
    quadrants = Counter(q for block in _blocks(DOMINOES) for q in block[1:])
    assert set(quadrants) == set(QUADRANTS)
    assert max(quadrants.values()) <= 0.35 * 180


@pytest.mark.parametrize("seed", range(40))
def test_every_seed_gives_a_valid_set(seed: int) -> None:
    assert check_dominoes(generate_dominoes(seed)) == []


def test_same_seed_same_list_other_seed_other_list() -> None:
    assert generate_dominoes(SEED) == DOMINOES
    assert generate_dominoes(SEED + 1) != DOMINOES


def test_back_shows_colours_and_icon_counts_only() -> None:
    assert back_of({"id": 3, "a": ["orange", "TL"], "b": ["red", "BR"]}) == {
        "a": ["orange", 1],
        "b": ["red", 1],
    }
    assert back_of({"id": 4, "a": ["blue", "TR", "BL"], "b": ["blue"]}) == {
        "a": ["blue", 2],
        "b": ["blue", 0],
    }
    assert all(sum(count for _, count in back_of(domino).values()) == 2 for domino in DOMINOES)


def _broken(change: str) -> list[dict[str, Any]]:
    """The shipped set with one defect."""
    dominoes = copy.deepcopy(DOMINOES)
    first = dominoes[0]
    if change == "unknown colour":
        first["a"][0] = "yellow"
    elif change == "repeated quadrant":
        first["a"] = [first["a"][0], "TL", "TL"]
        first["b"] = [first["b"][0]]
    elif change == "three icons":
        first["b"].append(next(q for q in QUADRANTS if q not in first["b"]))
    elif change == "duplicate id":
        first["id"] = 1
    elif change == "missing block":
        del first["b"]
    return dominoes


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ("unknown colour", "colour 'yellow'"),
        ("repeated quadrant", "must be distinct"),
        ("three icons", "3 icons, not 2"),
        ("duplicate id", "ids must be 0-89"),
        ("missing block", "needs blocks a and b"),
    ],
)
def test_check_names_each_defect(change: str, problem: str) -> None:
    assert any(problem in found for found in check_dominoes(_broken(change)))


def test_check_counts_colours_and_the_provisional_choices() -> None:
    dominoes = copy.deepcopy(DOMINOES)
    single = next(d for d in dominoes if d["a"][0] == d["b"][0])
    other = next(colour for colour in COLOURS if colour != single["a"][0])
    single["b"][0] = other
    problems = check_dominoes(dominoes)
    assert any("blocks and" in problem for problem in problems)
    assert "17 single-colour dominoes, not 18" in problems
    assert "17 single-colour dominoes, not 18" not in check_dominoes(dominoes, provisional=False)


def test_check_rejects_uneven_quadrants_only_when_provisional() -> None:
    dominoes = copy.deepcopy(DOMINOES)
    for domino in dominoes:
        for side in ("a", "b"):
            domino[side][1:] = QUADRANTS[: len(domino[side]) - 1]
    assert any("too uneven" in problem for problem in check_dominoes(dominoes))
    assert check_dominoes(dominoes, provisional=False) == []


def test_check_uses_the_ruleset_colour_names() -> None:
    renamed = ("amber", "blue", "purple", "green", "red")
    assert any("colour 'orange'" in problem for problem in check_dominoes(DOMINOES, renamed))


def test_yaml_block_round_trips_and_says_it_is_provisional() -> None:
    text = yaml_block(DOMINOES, SEED)
    assert yaml.safe_load(text) == {"dominoes": DOMINOES}
    header = text.split("  dominoes:")[0]
    assert "PROVISIONAL" in header
    assert f"python -m pyramido.games.forgotten_treasures.components --seed {SEED}" in header
    assert "provisional: false" in header
    assert text.count("\n    - {id: ") == 90


def test_main_prints_the_yaml(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--seed", "7"])
    assert capsys.readouterr().out == yaml_block(generate_dominoes(7), 7)
