"""A failing or ill-made plugin is a clear error naming the plugin, its file and the hook,
and the game in progress is left as it was (docs/plugin_hooks.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from scenario import rule, ruled_by

from pyramido import Game, PluginError, RulesetError, load_ruleset, make_bot, make_record
from pyramido.engine.record import dumps


def _boom(*args: Any) -> Any:
    raise ZeroDivisionError("a house rule divided by zero")


def _unchanged(game: Game) -> tuple[str, int, Any]:
    return dumps(make_record(game)), game.rng.state, game.decision


def _until(game: Game, kind: str) -> None:
    """Play the first legal actions until the decision is ``kind``."""
    while game.decision is not None and game.decision.kind != kind:
        game.apply(game.legal_indices()[0])


def _boom_on_take(game: Game, event: dict[str, Any]) -> None:
    if event["type"] == "take":
        _boom()


@pytest.mark.parametrize(
    ("hook", "function", "decision"),
    [
        ("pyramido_markable_blocks", _boom, "place"),
        ("pyramido_cover_options", _boom, "mark"),
        ("pyramido_refill_piles", _boom, "cover"),
        ("pyramido_apply", _boom, "take"),
        ("pyramido_event", _boom_on_take, "take"),
    ],
)
def test_a_plugin_raising_during_apply_rolls_the_game_back_and_is_named(
    hook: str, function: Any, decision: str
) -> None:
    """A hook raising while an action is carried out: the game is as it was (its record,
    its random generator, its decision), and the error names the plugin and the hook."""
    game = ruled_by(rule(**{hook: function}), seed=3)
    _until(game, decision)
    before = _unchanged(game)
    chosen = game.legal_indices()[0]
    with pytest.raises(
        PluginError, match=rf"plugin 'test-rule' .* failed in {hook} .*ZeroDivisionError"
    ) as info:
        game.apply(chosen)
    assert (info.value.plugin, info.value.hook) == ("object:test-rule", hook)
    assert _unchanged(game) == before


def test_a_failing_rule_step_is_named_with_its_part() -> None:
    def rule_steps(ruleset: Any, steps: Any) -> None:
        steps.put(steps["take"].but(legal=_boom))

    with pytest.raises(PluginError, match=r"plugin 'test-rule' .* failed in rule step 'take' \(legal\)"):
        ruled_by(rule(pyramido_rule_steps=rule_steps))


def test_a_rule_leaving_a_decision_without_legal_action_is_refused_and_undone() -> None:
    def rule_steps(ruleset: Any, steps: Any) -> None:
        steps.put(steps["place"].but(legal=lambda game, player: []))

    game = ruled_by(rule(pyramido_rule_steps=rule_steps))
    before = _unchanged(game)
    with pytest.raises(PluginError, match=r"rule step 'place' \(legal\) offers player 0 no legal action"):
        game.apply({"kind": "take", "slot": 0})
    assert _unchanged(game) == before


def test_a_plugin_raising_in_a_view_or_the_ranking_is_named() -> None:
    def observation(game: Game, player: Any) -> Any:
        raise KeyError("x")

    game = ruled_by(rule(pyramido_observation=observation, pyramido_seat_view=_boom))
    with pytest.raises(
        PluginError, match="failed in pyramido_observation while making an observation: KeyError"
    ):
        game.observation(0)
    with pytest.raises(PluginError, match="failed in pyramido_seat_view while making a seat view"):
        game.seat(0)


def test_a_score_that_is_no_breakdown_is_refused() -> None:
    game = ruled_by(rule(pyramido_score_stage=lambda game, player, position: {"total": 3}))
    with pytest.raises(PluginError, match=r"answered pyramido_score_stage with .*: expected a Breakdown"):
        game.score(0)


def test_a_house_rule_file_failing_names_its_file(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text(
        "from pyramido.plugin import PluginInfo, hookimpl\n"
        "@hookimpl\n"
        "def pyramido_plugin_info():\n"
        "    return PluginInfo('broken', ('pyramido',), 'fails')\n"
        "@hookimpl\n"
        "def pyramido_mino_bonus(game, player, marked):\n"
        "    return [] + None\n"
    )
    game = Game(load_ruleset("pyramido", [tmp_path / "broken.py"]), 2, 1)
    bot = make_bot("greedy", 0, game.ruleset)
    with pytest.raises(
        PluginError, match=rf"plugin 'broken' \(file:{tmp_path}/broken.py\) failed in pyramido_mino_bonus"
    ):
        for _ in range(10):
            game.apply(bot.choose(game, game.decision.players[0]))  # type: ignore[union-attr]


def _overlay(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_plugin_for_another_game_is_refused_naming_the_file_and_line(tmp_path: Path) -> None:
    source = (Path(__file__).parent.parent / "rulesets" / "house-rules" / "cover_card_bonus.py").read_text()
    (tmp_path / "cover_card_bonus.py").write_text(source)
    path = _overlay(
        tmp_path, "ft.yaml", "extends: forgotten-treasures\nid: ft-bonus\nplugins: [cover_card_bonus.py]\n"
    )
    with pytest.raises(
        RulesetError,
        match=r"ft.yaml:3: at \$.plugins: plugin 'cover_card_bonus.py' is for pyramido, not forgotten-treas",
    ):
        load_ruleset(path)


def test_an_unknown_parameter_or_a_wrong_type_is_located(tmp_path: Path) -> None:
    unknown = _overlay(tmp_path, "u.yaml", "extends: pyramido\nid: u\nrules:\n  mino_bonsu: none\n")
    with pytest.raises(
        RulesetError, match=r"u.yaml:4: at \$.rules.mino_bonsu: unknown parameter 'mino_bonsu'"
    ):
        load_ruleset(unknown)
    wrong = _overlay(
        tmp_path, "w.yaml", "extends: pyramido-cover-card-bonus\nid: w\nrules:\n  cover_card_points: many\n"
    )
    with pytest.raises(
        RulesetError,
        match=r"w.yaml:4: at \$.rules.cover_card_points: 'many' is not of type 'integer' \(parameter of plug",
    ):
        load_ruleset(wrong)


def test_two_overlays_setting_one_parameter_the_later_wins(tmp_path: Path) -> None:
    _overlay(
        tmp_path,
        "first.yaml",
        "extends: pyramido-cover-card-bonus\nid: first\nrules:\n  cover_card_points: 3\n",
    )
    later = _overlay(
        tmp_path, "later.yaml", "extends: first.yaml\nid: later\nrules:\n  cover_card_points: 7\n"
    )
    assert load_ruleset(later).params["cover_card_points"] == 7


def test_two_plugins_declaring_one_parameter_are_refused() -> None:
    points = {"type": "integer", "default": 1, "description": "Points."}
    clash = rule(parameters={"points_per_icon": points})
    with pytest.raises(
        RulesetError, match="plugins 'pyramido' and 'test-rule' both declare the parameter 'points_per_icon'"
    ):
        load_ruleset("pyramido", [clash])


def test_a_parameter_without_description_is_refused() -> None:
    with pytest.raises(RulesetError, match="declares the parameter 'points' without a description"):
        load_ruleset("pyramido", [rule(parameters={"points": {"type": "integer", "default": 1}})])
