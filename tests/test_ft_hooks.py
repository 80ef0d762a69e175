"""Each of Forgotten Treasures' phase hooks, overridden by a plugin object made in code,
changes how the game plays: one behaviour test per hook, ``test_hook_<name>``, each
against the printed game (docs/plugin_hooks.md, "Forgotten Treasures' phases"). The
plugins are the examples of that page."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from ft_scenario import (
    BLUE,
    GREEN,
    MYTHICAL,
    RED,
    area,
    domino,
    legend,
    new_game,
    play_legend_turn,
    put,
    rulebook_stage1,
    solo,
    stage_scored,
    state,
    to_scoring,
)

from pyramido import Game, IllegalActionError, PluginError, PyramidoError, load_ruleset
from pyramido.bots import make_bot, play_out
from pyramido.engine.ruleset import Ruleset, RulesetError
from pyramido.games.forgotten_treasures.activation import Spend
from pyramido.games.forgotten_treasures.legend import score_legend
from pyramido.plugin import Area, PluginInfo, ScoreLine, hookimpl

GAME = "forgotten-treasures"


def with_rule(plugin: object) -> Ruleset:
    return load_ruleset(GAME, [plugin])


def gems_at(game: Game, space: int) -> list[str]:
    return list(game.table().spaces[space].gems)


def take_spaces(game: Game) -> set[int]:
    return {action.values[0] for action in game.legal_actions()}


class TwoLeftmost:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("two-leftmost", (GAME,), "only the two leftmost face-up spaces")

    @hookimpl
    def pyramido_take_spaces(self, game: Any, player: int) -> list[int]:
        spaces = game.table().spaces
        return [s for s, space in enumerate(spaces) if space.top is not None][:2]


def test_hook_pyramido_take_spaces() -> None:
    assert take_spaces(new_game()) == {0, 2, 4}
    game = new_game(ruleset=with_rule(TwoLeftmost()))
    assert take_spaces(game) == {0, 2}
    with pytest.raises(IllegalActionError, match=r"\(pyramido_take_spaces\) does not offer space 5"):
        game.apply({"kind": "take", "pile": 4, "gem": gems_at(game, 4)[0]})


class Declinable:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("declinable", (GAME,), "a gem may be declined")

    @hookimpl
    def pyramido_gem_choices(self, game: Any, player: int, space: int) -> list[str | None]:
        return [*sorted(set(game.table().spaces[space].gems)), None]


def test_hook_pyramido_gem_choices() -> None:
    declined = {"kind": "take", "pile": 0, "gem": "none"}
    with pytest.raises(IllegalActionError, match="has gems: take one of them"):
        new_game().apply(declined)
    game = new_game(ruleset=with_rule(Declinable()))
    before = gems_at(game, 0)
    game.apply(declined)
    assert gems_at(game, 0) == before and sum(game.seat(0).gems.values()) == 0


class TopUp:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("top-up", (GAME,), "every gem area topped up to 3")

    @hookimpl
    def pyramido_replenish_gems(self, game: Any, space: int) -> int:
        return 3 - len(game.table().spaces[space].gems)


def test_hook_pyramido_replenish_gems() -> None:
    for ruleset, left in ((GAME, 2), (with_rule(TopUp()), 3)):
        game = new_game(ruleset=ruleset)
        game.apply({"kind": "take", "pile": 0, "gem": gems_at(game, 0)[0]})
        assert len(gems_at(game, 0)) == left


class NoReveal:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("no-reveal", (GAME,), "nothing is revealed")

    @hookimpl
    def pyramido_reveal_options(self, game: Any, player: int) -> list[int]:
        return []


def test_hook_pyramido_reveal_options() -> None:
    for ruleset, decision in ((GAME, "reveal"), (with_rule(NoReveal()), "place")):
        game = new_game(ruleset=ruleset)
        game.apply({"kind": "take", "pile": 0, "gem": gems_at(game, 0)[0]})
        assert game.decision is not None and game.decision.kind == decision


class ColouredOnly:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("coloured-only", (GAME,), "one gem of the area's colour, no doubles")

    @hookimpl
    def pyramido_payment_table(self, ruleset: Any) -> list[tuple[int, int, bool]]:
        return [(1, 0, False)]


def test_hook_pyramido_payment_table() -> None:
    ruleset = with_rule(ColouredOnly())
    assert ruleset.space.kind("activate").fields[1].labels == ("1C",)
    for rules, payments in ((GAME, {"1C", "2M", "3C", "2C+2M"}), (ruleset, {"1C"})):
        game = new_game(ruleset=rules)
        rulebook_stage1(game)
        to_scoring(game, [[0, 0, 0, 0, 3, 2], [0] * 6])  # 3 red, 2 mythical
        offered = {a.to_json(game.space)["payment"] for a in game.legal_actions(0) if a.kind == "activate"}
        assert offered == payments
        bot = make_bot("greedy", 0, game.ruleset)  # it plans with the table
        while game.decision is not None and game.decision.kind == "scoring":
            player = game.decision.players[0]
            game.apply(bot.choose(game, player), player=player)
        lines = stage_scored(game, 0)["lines"]
        assert any(line["id"] == "doubled_area" for line in lines) == (rules == GAME)


class CountedTable(ColouredOnly):
    def __init__(self) -> None:
        self.asked = 0

    @hookimpl
    def pyramido_payment_table(self, ruleset: Any) -> list[tuple[int, int, bool]]:
        self.asked += 1
        return [(1, 0, False)]


def test_the_payment_table_is_asked_as_the_ruleset_loads_and_never_again() -> None:
    """Its games share the answer (and what is worked out from it, per inventory)."""
    counted = CountedTable()
    ruleset = with_rule(counted)
    asked = counted.asked
    assert asked
    for seed in range(3):
        game = Game(ruleset, 2, seed)
        play_out(game, [make_bot("greedy", 0, ruleset), make_bot("random", 1, ruleset)])
        assert any(e["type"] == "stage_scored" and e["lines"] for e in game.events())
    assert counted.asked == asked


class CheapDoubles:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("cheap-doubles", (GAME,), "a double costs 2 gems' worth")

    @hookimpl
    def pyramido_payment_table(self, ruleset: Any) -> list[tuple[int, int, bool]]:
        return [(1, 0, False), (0, 2, False), (2, 0, True), (1, 2, True), (0, 4, True)]


def test_the_greedy_bot_pays_with_the_payment_table_of_the_ruleset() -> None:
    ruleset = with_rule(CheapDoubles())
    assert ruleset.space.kind("activate").fields[1].labels == ("1C", "2M", "2C", "1C+2M", "4M")
    paid = []
    for seed in range(4):
        game = Game(ruleset, 2, seed)
        play_out(game, [make_bot("greedy", 0, ruleset), make_bot("greedy", 1, ruleset)])
        lines = (line for e in game.events() if e["type"] == "stage_scored" for line in e["lines"])
        paid += [line["paid"] for line in lines if line["id"] == "doubled_area"]
    assert paid and all(gems["coloured"] + gems["mythical"] // 2 == 2 for gems in paid)


class Table:
    def __init__(self, table: Any) -> None:
        self.table = table

    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("table", (GAME,), "a payment table")

    @hookimpl
    def pyramido_payment_table(self, ruleset: Any) -> Any:
        return self.table


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ([], "it lists no payment"),
        ([(1, 0)], r"with \[\(1, 0\)\]: item 0: expected a tuple of 3, got one of 2"),  # where it enters
        ([(1, -2, False)], "does not pay whole non-negative numbers of gems"),
        ([(1.5, 0, False)], "item 0: item 0: expected an int, got float 1.5"),
        ([(3, 0, False), (3, 0, True)], "two payments are both 3C"),
    ],
)
def test_a_payment_table_that_cannot_be_played_is_refused_as_the_ruleset_loads(
    table: Any, problem: str
) -> None:
    with pytest.raises((RulesetError, PluginError), match=f"pyramido_payment_table[: ].*{problem}"):
        with_rule(Table(table))


class TripleDoubles:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("triple-doubles", (GAME,), "a doubled area scores x3")

    @hookimpl
    def pyramido_area_value(self, game: Any, player: int, area: Area, doubled: bool) -> int:
        return area.icons * (3 if doubled else 1)


def test_hook_pyramido_area_value() -> None:
    """The rulebook's stage 1 scores 2 + 3 + 3 + 4 + 5 x 3 + 1 = 28; and with 3 red gems
    and red areas of 5, 4 and 3 icons the greedy bot activates all three (12 points
    against a double's 10) as printed, but doubles the 5 (15) under the rule."""
    for ruleset, total in ((GAME, 23), (with_rule(TripleDoubles()), 28)):
        game = new_game(ruleset=ruleset)
        rulebook_stage1(game)
        to_scoring(game, [[1, 1, 1, 1, 3, 1], [0] * 6])
        for x, y, payment in [(2, 2, "1C"), (4, 2, "1C"), (6, 3, "1C"), (2, 4, "1C"), (4, 4, "3C")]:
            game.apply({"kind": "activate", "area": area(game, 0, x, y), "payment": payment}, player=0)
        game.apply({"kind": "end_activation"}, player=0)
        game.apply({"kind": "end_activation"}, player=1)
        assert stage_scored(game, 0)["total"] == total
    for ruleset, payment in ((GAME, "1C"), (with_rule(TripleDoubles()), "3C")):
        game = new_game(ruleset=ruleset)
        for x, y, icons in [(2, 2, "TL TR BL BR"), (2, 3, "TL"), (4, 2, "TL TR BL BR"), (6, 2, "TL TR BL")]:
            put(game, 0, x, y, RED, icons)
        to_scoring(game, [[0, 0, 0, 0, 3, 0], [0] * 6])
        choice = game.space.action(make_bot("greedy", 0, game.ruleset).choose(game, 0)).to_json(game.space)
        assert choice == {"kind": "activate", "area": area(game, 0, 2, 2), "payment": payment}


def test_a_position_activating_no_area_of_its_pyramid_is_refused_by_either_area_value() -> None:
    """A bot's imagined position may name any area: one its pyramid does not have is
    refused (the printed value is read without making the area, a house rule's is asked of
    the area made), and the areas it has score their icons under either rule."""
    for ruleset, doubled in ((GAME, 10), (with_rule(TripleDoubles()), 15)):
        game = new_game(ruleset=ruleset)
        rulebook_stage1(game)
        to_scoring(game, [[1, 1, 1, 1, 3, 1], [0] * 6])
        position = game.seat(0).position
        label = area(game, 0, 4, 4)  # the 5 icons
        assert position.pyramid.area_icons[label] == position.areas[label].icons == 5
        doubled_five = replace(position, activations=(Spend(label, 3, 0, True),))
        assert game.score(0, doubled_five).lines[0].points == doubled
        for missing in (-1, len(position.areas)):
            imagined = replace(position, activations=(Spend(missing, 1, 0, False),))
            with pytest.raises(PyramidoError, match=rf"area {missing}\b"):
                game.score(0, imagined)


class KeepTwo:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("keep-two", (GAME,), "2 gems kept")

    @hookimpl
    def pyramido_inventory_limit(self, game: Any, player: int) -> int:
        return 2


def test_hook_pyramido_inventory_limit() -> None:
    for ruleset, discards in ((GAME, 0), (with_rule(KeepTwo()), 2)):
        game = new_game(ruleset=ruleset)
        to_scoring(game, [[1, 1, 1, 1, 0, 0], [0] * 6])
        game.apply({"kind": "end_activation"}, player=1)
        game.apply({"kind": "end_activation"}, player=0)
        for _ in range(discards):
            assert game.decision is not None and game.decision.players == (0,)
            game.apply({"kind": "discard", "gem": "orange" if state(game).seats[0].gems[0] else "blue"})
        assert stage_scored(game, 0) and sum(state(game).seats[0].gems) == 4 - discards


class BlockColourTwice:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("block-colour", (GAME,), "the Legend wishes block A's colour twice")

    @hookimpl
    def pyramido_legend_wishes(self, game: Any, domino: Any) -> list[str]:
        return [game.ruleset.colours[domino.a.colour]] * 2


LEGEND_AREAS = [[BLUE, BLUE, GREEN], [], [RED, RED, GREEN], [], [GREEN, GREEN, GREEN]]


def legend_takes(ruleset: Any) -> dict[str, Any]:
    """The Legend's turn, wishing red and blue (printed), with blue gems in space 1 and red
    ones in space 3."""
    game = solo(wishes=domino(0, "red", "TL", "blue", "BR"), ruleset=ruleset)
    state(game).gem_areas = [list(gems) for gems in LEGEND_AREAS]
    event = play_legend_turn(game)
    event["held"] = sum(legend(game).gems)
    return event


def test_hook_pyramido_legend_wishes() -> None:
    assert legend_takes(GAME)["gems"] == [{"space": 0, "gem": "blue"}, {"space": 2, "gem": "red"}]
    wished = legend_takes(with_rule(BlockColourTwice()))
    assert wished["gems"] == [{"space": 2, "gem": "red"}, {"space": 2, "gem": "red"}]


class OneGem:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("one-gem", (GAME,), "the Legend takes one gem")

    @hookimpl
    def pyramido_legend_picks(self, game: Any, wishes: list[str]) -> list[tuple[int, str]]:
        spaces = game.table().spaces
        return [(s, g) for s, space in enumerate(spaces) if space.top for g in space.gems if g in wishes][:1]


def test_hook_pyramido_legend_picks() -> None:
    assert (legend_takes(GAME)["held"], legend_takes(GAME)["pile"]) == (2, 2)
    one = legend_takes(with_rule(OneGem()))
    assert (one["gems"], one["held"], one["pile"]) == ([{"space": 0, "gem": "blue"}], 1, 0)


class MythicalWorthless:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("mythical-worthless", (GAME,), "the Legend's mythical gems score nothing")

    @hookimpl(wrapper=True)
    def pyramido_legend_score(self, game: Any) -> Any:
        lines: list[ScoreLine] = yield
        return [line for line in lines if line.id != "legend_mythical"]


def test_hook_pyramido_legend_score() -> None:
    """The rulebook's stage-3 example: 5 coloured gems x 3 + 6 mythical gems x 2 = 27."""
    for ruleset, total in ((GAME, 27), (with_rule(MythicalWorthless()), 15)):
        game = solo(ruleset=ruleset)
        state(game).stage = 2
        legend(game).gems = [2, 1, 0, 1, 1, 6]
        game._events = []
        score_legend(game)
        assert legend(game).stage_scores == [total]
        assert legend(game).gems[MYTHICAL] == 6  # kept all game either way
