"""A house rule's hook answers are checked where they enter (pyramido.engine.hook_answers):
the error names the plugin, the hook and what was wrong, never an IndexError in a later
rule step, and the game is left as it was."""

from __future__ import annotations

import re
from typing import Any

import pytest
from scenario import rule, ruled_by

from pyramido import Game, PluginError, load_ruleset, make_record
from pyramido.engine.record import dumps
from pyramido.games.pyramids.phases import pyramido_start_player
from pyramido.plugin import ScoreLine


def _until(game: Game, kind: str) -> None:
    while game.decision is not None and game.decision.kind != kind:
        game.apply(game.legal_indices()[0])


def test_a_start_player_that_is_no_seat_is_refused_naming_plugin_and_hook() -> None:
    with pytest.raises(PluginError) as caught:
        ruled_by(rule(pyramido_start_player=lambda game: 7), players=2)
    assert str(caught.value) == (
        "plugin 'object:test-rule' answered pyramido_start_player with 7: "
        "seat 7 does not exist in a 2-player game (seats 0..1)"
    )
    assert (caught.value.plugin, caught.value.hook) == ("object:test-rule", "pyramido_start_player")


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        (True, "expected an int, got bool True"),  # a bool is no seat
        ("1", "expected an int, got str '1'"),
        (-1, "seat -1 does not exist"),
    ],
)
def test_a_next_start_player_answer_is_checked(answer: Any, problem: str) -> None:
    game = ruled_by(rule(pyramido_next_start_player=lambda game, stage_scores: answer))
    with pytest.raises(
        PluginError, match=re.escape(f"answered pyramido_next_start_player with {answer!r}: {problem}")
    ):
        _until(game, "the end of the game")  # the first stage's end asks the hook


def test_one_score_line_where_a_list_is_due_is_blamed_on_the_house_rule() -> None:
    line = ScoreLine("bonus", "a bonus", 1, {})
    game = ruled_by(rule(pyramido_extra_score_lines=lambda game, player, position, breakdown: line))
    with pytest.raises(
        PluginError, match=r"'object:test-rule' answered pyramido_extra_score_lines .*expected a list"
    ):
        game.score(0)


def test_a_wrong_item_is_named_and_the_game_is_left_as_it_was() -> None:
    game = ruled_by(rule(pyramido_markable_blocks=lambda game, player: ["0"]))
    _until(game, "place")
    before = dumps(make_record(game)), game.rng.state, game.decision
    with pytest.raises(PluginError, match=r"pyramido_markable_blocks with \['0'\]: item 0: expected an int"):
        game.apply(game.legal_indices()[0])
    assert (dumps(make_record(game)), game.rng.state, game.decision) == before


def test_the_printed_rules_answer_unwrapped() -> None:
    """Only other plugins' answers are checked: the games' own cost nothing more."""
    assert load_ruleset("pyramido").rules.start_player is pyramido_start_player
