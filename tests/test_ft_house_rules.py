"""Forgotten Treasures' shipped house rules (``rulesets/house-rules/ft-*.yaml``) and its
rulings as values (docs/rules.md §3): each plays differently from the printed game (the
bots play every house rule to the end in test_house_rules.py)."""

from __future__ import annotations

import ast
import statistics
from pathlib import Path
from typing import Any

import pytest
from ft_scenario import GREEN, domino, legend, new_game, play_legend_turn, refresh, solo, state, to_scoring

from pyramido import Game, IllegalActionError, load_ruleset
from pyramido.bots import make_bot, play_out
from pyramido.resources import house_rules_folder, shipped_rulesets

GAME = "forgotten-treasures"
HOUSE_RULES = sorted(rid for rid in shipped_rulesets() if rid.startswith("ft-"))


def overlay(tmp_path: Path, **rules: Any) -> Any:
    """A ruleset file extending the printed game with these ``rules:`` values."""
    lines = [f"  {name}: {value}" for name, value in rules.items()]
    path = tmp_path / "overlay.yaml"
    path.write_text("\n".join(["extends: forgotten-treasures", "id: overlay", "rules:", *lines, ""]))
    return load_ruleset(path)


def greedy_against_random(ruleset: Any, seed: int) -> tuple[Game, int]:
    """A 2-player game of the greedy bot against the random one, seats alternating by
    seed; the game and the greedy bot's seat."""
    game = Game(ruleset, 2, seed)
    bots = [make_bot("greedy", seed, game.ruleset), make_bot("random", seed, game.ruleset)]
    greedy = seed % 2
    play_out(game, bots if greedy == 0 else bots[::-1])
    return game, greedy


def scores(game: Game) -> dict[Any, int]:
    return {row.player: row.score for row in game.ranking()}


# --- what is shipped ------------------------------------------------------------------------


def test_house_rules_are_shipped_yaml_only_and_as_plugins_of_one_import() -> None:
    """At least three, some YAML only, some with a plugin: a file of at most 30 lines that
    imports nothing but ``pyramido.plugin``."""
    assert len(HOUSE_RULES) >= 3
    plugins = [load_ruleset(rid).plugin_names[1:] for rid in HOUSE_RULES]
    assert [] in plugins and any(plugins)
    for name in (name for names in plugins for name in names):
        source = (house_rules_folder() / name).read_text()
        assert len(source.splitlines()) <= 30, name
        imported = {
            node.module if isinstance(node, ast.ImportFrom) else alias.name
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Import | ast.ImportFrom)
            for alias in node.names
        }
        assert imported == {"pyramido.plugin"}, name


# --- each plays differently ----------------------------------------------------------------


def test_triple_doubles_changes_the_greedy_bots_activations_and_it_still_beats_random() -> None:
    """ft-triple-doubles overrides the area value only: the solver and the bot, which ask
    it, double more; in most seeded games the bot plays otherwise, and still wins."""
    printed, tripled = load_ruleset(GAME), load_ruleset("ft-triple-doubles")
    differ, wins, margins = 0, 0, []
    for seed in range(10):
        before, _ = greedy_against_random(printed, seed)
        after, greedy = greedy_against_random(tripled, seed)
        differ += [s["index"] for s in before.steps] != [s["index"] for s in after.steps]
        points = scores(after)
        wins += points[greedy] > points[1 - greedy]
        margins.append(points[greedy] - points[1 - greedy])
    assert differ >= 6 and wins >= 9 and statistics.mean(margins) > 25


def test_triple_doubles_scores_a_doubled_area_three_times() -> None:
    game = Game("ft-triple-doubles", 2, 4)
    play_out(game, [make_bot("greedy", 0, game.ruleset), make_bot("greedy", 1, game.ruleset)])
    lines = [line for e in game.events() if e["type"] == "stage_scored" for line in e["lines"]]
    doubled = [line for line in lines if line["id"] == "doubled_area"]
    assert doubled and all(line["points"] == 3 * line["icons"] for line in doubled)


def test_the_observation_tells_each_areas_points_by_the_ruleset() -> None:
    """A front end reads what an area scores, and which payments double, from the seat's
    own observation: under ft-triple-doubles a doubled area is worth its icons x3."""
    for ruleset, factor in ((GAME, 2), ("ft-triple-doubles", 3)):
        game = new_game(ruleset=ruleset)
        to_scoring(game, [[1, 0, 0, 0, 0, 0], [0] * 6])
        scoring = game.observation(0)["players"][0]["scoring"]
        assert all(
            a["points_doubled"] == factor * a["icons"] == factor * a["points"] for a in scoring["areas"]
        )
        assert [p["payment"] for p in scoring["payments"] if p["double"]] == ["3C", "2C+2M", "1C+4M", "6M"]


def test_literal_areas_join_through_hidden_blocks_and_change_scores() -> None:
    literal, printed = load_ruleset("ft-literal-areas"), load_ruleset(GAME)
    assert Game(literal, 2, 0).seat(0).pyramid.linked and not Game(printed, 2, 0).seat(0).pyramid.linked
    differ = 0
    for seed in range(4):
        games = [Game(r, 2, seed) for r in (printed, literal)]
        for game in games:
            play_out(game, [make_bot("greedy", 0, game.ruleset), make_bot("greedy", 1, game.ruleset)])
        differ += scores(games[0]) != scores(games[1])
    assert differ >= 2


def test_gems_required_refuses_a_space_whose_gem_area_is_empty() -> None:
    for ruleset, offered in ((GAME, True), ("ft-gems-required", False)):
        game = new_game(ruleset=ruleset)
        state(game).gem_areas[0] = []
        state(game).bag = [0] * 6  # nothing to replenish it with either
        refresh(game)
        assert any(a.values[0] == 0 for a in game.legal_actions()) == offered
    with pytest.raises(IllegalActionError, match="empty: its domino cannot be chosen"):
        game.apply({"kind": "take", "pile": 0, "gem": "none"})


def test_a_player_who_can_choose_no_space_loses_the_turn_and_the_stage_is_complete() -> None:
    game = new_game(ruleset="ft-gems-required")
    s = state(game)
    s.gem_areas = [[] for _ in s.gem_areas]
    s.bag = [0] * 6
    s.discards = [0] * 6
    refresh(game)
    from pyramido.games.forgotten_treasures.flow import begin_turn

    game._events = []
    begin_turn(game, 0)
    assert [e["type"] for e in game._events][:2] == ["no_domino_to_take", "stage_complete"]
    assert s.seats[0].done


# --- the other rulings ---------------------------------------------------------------------


def test_first_player_names_the_seat_that_starts(tmp_path: Path) -> None:
    assert Game(GAME, 3, 1).decision.players == (0,)  # type: ignore[union-attr]
    assert Game(overlay(tmp_path, first_player=2), 3, 1).decision.players == (2,)  # type: ignore[union-attr]


def test_turn_order_from_breaks_a_tie_for_the_next_start(tmp_path: Path) -> None:
    for ruleset, starts in ((GAME, 1), (overlay(tmp_path, turn_order_from="seat_zero"), 0)):
        game = new_game(3, ruleset=ruleset)
        state(game).start_player = 1
        assert game.rules.next_start_player(game, [4, 4, 9]) == starts


@pytest.mark.parametrize(("choice", "source"), [("largest", 3), ("leftmost", 1), ("smallest", 2)])
def test_legend_split_names_the_pile_he_splits(tmp_path: Path, choice: str, source: int) -> None:
    game = solo(wishes=domino(0, "red", "TL", "blue", "BR"), ruleset=overlay(tmp_path, legend_split=choice))
    s = state(game)
    s.gem_areas = [[GREEN] * 3 for _ in s.gem_areas]
    s.piles[0] = s.piles[0][-1:]
    s.piles[1], s.piles[2], s.piles[3] = s.piles[1][:6], s.piles[2][:4], s.piles[3] + s.piles[4][:4]
    event = play_legend_turn(game)
    assert event["pile"] == 0 and legend(game).gems[-1] == 0
    split = next(e for e in game._events if e["type"] == "split")
    assert (split["from"], split["to"]) == (source, 0)
