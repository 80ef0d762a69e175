"""Rulesets that look valid: every mutation of a shipped ruleset is either refused with the
file, line and JSON path, or it plays whole games (issue 8, class 4).

Hypothesis changes numbers (``3`` to ``3.0``, ``4``, ``-1``...), lists (shorter, longer,
one item twice), strings, types, and removes or adds keys, once or twice, in the
merged data of each shipped game; the result is written as a YAML file and loaded. A
ruleset that loads must play to the end with random bots for its fewest and most players.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramido import Game, RulesetError, load_ruleset
from pyramido.bots import make_bot

GAMES = ["pyramido", "forgotten-treasures", "silver-gold-pyramids"]
MAX_DECISIONS = 5_000  # the longest shipped game takes about 600

SCALARS = st.one_of(
    st.integers(-3, 12),
    st.integers(-(10**25), 10**25),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=6),
    st.sampled_from(["red", "green", "blue", "TL", "BR", "domino", "square", "pyramido", "any", "none"]),
)
VALUES = st.one_of(
    SCALARS, st.lists(SCALARS, max_size=4), st.dictionaries(st.text(max_size=4), SCALARS, max_size=2)
)


def _new_value(data: st.DataObject, value: Any, strings: list[str]) -> Any:
    """Mostly what a careless edit gives (one more, the same number as a float, another
    name of the ruleset), sometimes anything."""
    roll = data.draw(st.integers(0, 9))
    if type(value) is int and roll < 6:
        return data.draw(st.sampled_from([value - 1, value + 1, value + 2, 0, 2 * value, 10 * value + 9]))
    if type(value) is int and roll < 8:
        return float(value)
    if isinstance(value, str) and roll < 7:
        return data.draw(st.sampled_from(strings))
    return data.draw(VALUES)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place to change: each value, but only two items of a long list (the 90
    dominoes would drown the dozen rule values)."""
    out = [path] if path else []
    if isinstance(node, dict):
        for key, child in node.items():
            out += _paths(child, (*path, key))
    elif isinstance(node, list):
        for index, child in enumerate(node[:2] if len(node) > 8 else node):
            out += _paths(child, (*path, index))
    return out


def _mutate(data: st.DataObject, root: dict[str, Any], strings: list[str]) -> None:
    """One change at one place of ``root``; half the time a count or a list, which the
    schema cannot fully judge."""
    paths = _paths(root)
    if data.draw(st.booleans()):
        paths = [path for path in paths if type(_at(root, path)) in (int, list)]
    *parents, key = data.draw(st.sampled_from(paths))
    container = _at(root, parents)
    child = container[key]
    operation = data.draw(st.sampled_from(["set"] * 6 + ["resize"] * 2 + ["delete", "add"]))
    if operation == "resize" and isinstance(child, list):
        container[key] = (
            child[: data.draw(st.integers(0, len(child)))] + child[: data.draw(st.integers(0, 3))]
        )
    elif operation == "delete":
        del container[key]
    elif operation == "add" and isinstance(container, dict):
        container[data.draw(st.sampled_from(["extra", "rules_", "mino", f"{key}s"]))] = data.draw(VALUES)
    elif operation == "add":
        container.insert(key, copy.deepcopy(child))
    else:
        container[key] = _new_value(data, child, strings)


def _at(root: Any, path: Sequence[Any]) -> Any:
    for step in path:
        root = root[step]
    return root


def _strings(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [*node, *(s for child in node.values() for s in _strings(child))]
    if isinstance(node, list):
        return [s for child in node for s in _strings(child)]
    return [node] if isinstance(node, str) else []


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_a_mutated_ruleset_is_refused_where_it_is_wrong_or_plays_to_the_end(
    game: str, data: st.DataObject, seed: int, tmp_path: Path
) -> None:
    ruleset = copy.deepcopy(load_ruleset(game).data)
    strings = sorted(set(_strings(ruleset)))
    for _ in range(data.draw(st.integers(1, 2))):
        _mutate(data, ruleset, strings)
    path = tmp_path / "mutated.yaml"
    path.write_text(yaml.safe_dump(ruleset, sort_keys=False))
    try:
        loaded = load_ruleset(path)
    except RulesetError as exc:
        assert (exc.file, exc.path[0]) == (str(path), "$"), exc
        assert exc.line is not None, exc
        return
    limits = loaded.data["players"]
    for players in sorted({limits["min"], limits["max"]}):
        played = Game(loaded, players, seed)
        bots = [make_bot("random", seed + p) for p in range(players)]
        decisions = 0
        while played.decision is not None:
            for player in played.decision.players:
                played.apply_index(bots[player].choose(played, player), player)
                decisions += 1
            assert decisions < MAX_DECISIONS
        assert played.ranking()
