"""The shipped house rules (rulesets/house-rules/): small, public-API-only plugins and
YAML overlays that each change the game, that every bot plays without an error, and that
the greedy bot plays by (docs/plugin_hooks.md)."""

from __future__ import annotations

import ast
import statistics
from pathlib import Path

import pytest
from scenario import colour, put, seat

from pyramido import Game, load_ruleset, make_bot, play_out
from pyramido.resources import house_rules_folder, shipped_rulesets

HOUSE_RULES = sorted(
    rid for rid, entry in shipped_rulesets().items() if (house_rules_folder() / entry.name).is_file()
)
PLUGINS = sorted(house_rules_folder().glob("*.py"))


def test_every_game_has_at_least_three_house_rules_with_yaml_only_ones_and_plugins() -> None:
    by_game: dict[str, list[str]] = {}
    for rid in HOUSE_RULES:
        by_game.setdefault(load_ruleset(rid).game, []).append(rid)
    assert all(len(rules) >= 3 for rules in by_game.values()), by_game
    with_files = {
        rid for rid in HOUSE_RULES if any(n.endswith(".py") for n in load_ruleset(rid).plugin_names)
    }
    assert with_files and set(HOUSE_RULES) - with_files


@pytest.mark.parametrize("path", PLUGINS, ids=lambda p: p.name)
def test_a_house_rule_plugin_is_small_and_imports_nothing_private(path: Path) -> None:
    source = path.read_text()
    assert len(source.splitlines()) <= 30
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            assert node.module in (
                "__future__",
                "typing",
                "dataclasses",
                "collections.abc",
                "pyramido.plugin",
            )
            assert not any(alias.name.startswith("_") for alias in node.names)
        assert not isinstance(node, ast.Import), "import a name from pyramido.plugin"
        assert not (isinstance(node, ast.Attribute) and node.attr in ("state", "_legal")), "read the views"


def _play(ruleset_id: str, seed: int, bots: tuple[str, str]) -> Game:
    ruleset = load_ruleset(ruleset_id)
    players = max(2, ruleset.data["players"]["min"])
    game = Game(ruleset, players, seed)
    names = [bots[p % 2] for p in range(players)]
    play_out(game, [make_bot(name, seed + p, ruleset) for p, name in enumerate(names)])
    return game


@pytest.mark.parametrize("ruleset_id", HOUSE_RULES)
def test_every_bot_plays_fifty_seeded_games_under_every_house_rule(ruleset_id: str) -> None:
    for seed in range(50):
        game = _play(ruleset_id, seed, ("greedy", "random") if seed % 2 else ("random", "greedy"))
        assert game.is_over and game.ranking()


#: House rules about situations seeded games rarely meet, with the test that sets one up.
RARE = {
    "sg-kept-crosses": "test_sg_house_rules.py::test_kept_crosses_wait_for_the_next_marking",
    "sg-skull-for-passing": "test_sg_house_rules.py::test_skull_for_passing",
    "ft-gems-required": "test_ft_house_rules.py::test_gems_required_refuses_a_space_whose_gem_area_is_empty",
}


@pytest.mark.parametrize("ruleset_id", HOUSE_RULES)
def test_every_house_rule_changes_the_game(ruleset_id: str) -> None:
    """The same seeds and bots give other games under the house rule than under its base;
    a rule for a rare situation has a test that sets the situation up."""
    if ruleset_id in RARE:
        module, name = RARE[ruleset_id].split("::")
        assert f"def {name}(" in (Path(__file__).parent / module).read_text()
        return
    base = load_ruleset(ruleset_id).game
    assert any(
        [s["events"] for s in _play(ruleset_id, seed, ("random", "random")).steps]
        != [s["events"] for s in _play(base, seed, ("random", "random")).steps]
        for seed in range(30)
    )


def _greedy_moves(ruleset_id: str, seed: int) -> list[int]:
    game = _play(ruleset_id, seed, ("greedy", "random"))
    return [step["index"] for step in game.steps if step["player"] == 0]


def test_the_greedy_bot_follows_a_scoring_house_rule_and_still_beats_random() -> None:
    """Under the largest-area Mino bonus the greedy bot plays otherwise in most games (it
    values positions by the rules' own scoring), and still beats the random bot."""
    seeds = range(8)
    differ = [_greedy_moves("pyramido", s) != _greedy_moves("pyramido-largest-mino", s) for s in seeds]
    assert sum(differ) >= 6
    scores = [
        {r.player: r.score for r in _play("pyramido-largest-mino", s, ("greedy", "random")).ranking()}
        for s in seeds
    ]
    assert statistics.mean(s[0] for s in scores) > statistics.mean(s[1] for s in scores) + 20


def test_largest_mino_counts_the_largest_marked_area() -> None:
    for ruleset_id, bonus in (("pyramido", 1), ("pyramido-largest-mino", 3)):
        game = Game(ruleset_id, 2, 1)
        put(game, 0, 0, 2, 2, "red", "TL TR BL")
        put(game, 0, 0, 4, 2, "green", "TL")
        seat(game, 0).markers = {colour("red"): (2, 2), colour("green"): (4, 2)}
        assert game.score(0).lines_with_id("mino_bonus")[0].points == bonus


def test_optional_marking_offers_no_mark() -> None:
    game = Game("pyramido-optional-marking", 2, 1)
    while game.decision is not None and game.decision.kind != "mark":
        game.apply(game.legal_indices()[-1])
    assert "no_mark" in {a.kind for a in game.legal_actions()}


def test_cover_card_bonus_scores_unused_cards_at_the_last_stage_only() -> None:
    game = _play("pyramido-cover-card-bonus", 3, ("greedy", "greedy"))
    scored = [e for e in game.events() if e["type"] == "stage_scored"]
    bonus = [e for e in scored if any(line["id"] == "unused_cover_cards" for line in e["lines"])]
    assert bonus and all(e["stage"] == 4 for e in bonus)


def test_no_elimination_keeps_everybody_in() -> None:
    outs = [
        any(r.out for r in _play(rid, s, ("random", "random")).ranking())
        for rid in ("pyramido", "pyramido-no-elimination")
        for s in range(6)
    ]
    assert any(outs[:6]) and not any(outs[6:])
