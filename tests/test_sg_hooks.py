"""Each of Silver & Gold's phase hooks (docs/plugin_hooks.md, "Silver & Gold's phases"),
overridden by a plugin object, changes what the game does."""

from __future__ import annotations

from typing import Any

import pytest
from sg_scenario import OPEN, card, cells, give, kept, new_game, reveal, set_score, shape_action, state

from pyramido import Game, PluginError, Ruleset, load_ruleset
from pyramido.bots import make_bot, play_out
from pyramido.games.silver_gold.views import Bonus
from pyramido.plugin import Completion, DrawKeep, Marking, PluginInfo, ScoreLine, Ticks, hookimpl

NEAR_TOMB = cells((1, 0), (1, 1), (1, 2), (1, 3))  # on OPEN: the domino (1, 4)-(2, 4) completes it


def with_plugin(plugin: object) -> Ruleset:
    return load_ruleset("silver-gold-pyramids", [plugin])


class HouseRule:
    """A plugin object: each test's subclass implements one hook."""

    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo(type(self).__name__, ("silver-gold-pyramids",), "a test's house rule")


def _complete_card_of_player_0(ruleset: Ruleset | str) -> Game:
    """Player 0 completes a green card (101); player 1 marks anything."""
    game = kept(new_game(ruleset=ruleset))
    give(game, 0, 0, card(101, OPEN), marks=NEAR_TOMB)
    reveal(game, "domino")
    game.apply(shape_action("domino", 0, (1, 4), (2, 4)), player=0)
    game.apply(game.legal_indices(1)[0], player=1)
    return game


def test_hook_pyramido_draw_keep() -> None:
    class DrawThreeKeepOne(HouseRule):
        @hookimpl
        def pyramido_draw_keep(self, ruleset: Any) -> DrawKeep:
            return DrawKeep(3, 1)

    ruleset = with_plugin(DrawThreeKeepOne())
    assert ruleset.space.kind("cell").fields[0].size == 1  # one card in front of a player
    game = new_game(ruleset=ruleset)
    assert [len(seat.hand) for seat in state(game).seats] == [3, 3]
    assert [ruleset.space.action(i).to_json(ruleset.space) for i in game.legal_indices(0)] == [
        {"kind": "keep", "pair": "1"},
        {"kind": "keep", "pair": "2"},
        {"kind": "keep", "pair": "3"},
    ]
    play_out(game, [make_bot("greedy", 0, ruleset), make_bot("random", 1, ruleset)])
    assert all(len(seat.cards) == 1 for seat in state(game).seats)


def test_hook_pyramido_mark_options() -> None:
    class SingleCellsOnly(HouseRule):
        @hookimpl(wrapper=True)
        def pyramido_mark_options(self, game: Any, player: int, shape: str | None) -> list[Marking]:
            options: list[Marking] = yield
            return [o for o in options if o.how != "shape"]

    game = kept(new_game(ruleset=with_plugin(SingleCellsOnly())))
    assert {game.space.action(i).kind for i in game.legal_indices(0)} == {"cell"}
    give(game, 0, 0, card(101, OPEN), marks=NEAR_TOMB)
    reveal(game, "domino")
    game.apply({"kind": "cell", "card": 0, "cell": 21}, player=0)  # (1, 4): one cell
    assert state(game).seats[0].marks[101] == NEAR_TOMB | cells((1, 4))


def test_hook_pyramido_symbol_effect() -> None:
    class TorchesAreGems(HouseRule):
        @hookimpl
        def pyramido_symbol_effect(
            self, game: Any, player: int, symbol: str, count: int, score_card: Any
        ) -> Ticks | None:
            return Ticks(red=count, green=count) if symbol == "torch" else None

    for ruleset, torches, gems in (("silver-gold-pyramids", 1, 0), (with_plugin(TorchesAreGems()), 0, 1)):
        game = kept(new_game(ruleset=ruleset))
        give(game, 0, 0, card(101, [".Et..", ".....", ".....", ".....", "..T.."]))
        reveal(game, "domino")
        game.apply(shape_action("domino", 0, (1, 0), (2, 0)), player=0)
        score_card = state(game).seats[0].score
        assert (sum(score_card.torches), score_card.red, score_card.green) == (torches, gems, gems)


def test_hook_pyramido_offer_refill() -> None:
    class NoRefill(HouseRule):
        @hookimpl
        def pyramido_offer_refill(self, game: Any, player: int, finished: bool) -> list[int]:
            return []

    for ruleset, refilled in (("silver-gold-pyramids", True), (with_plugin(NoRefill()), False)):
        game = _complete_card_of_player_0(ruleset)
        game.apply({"kind": "replace", "source": "offer 1"})
        assert (state(game).offer[0] is not None) is refilled


def test_hook_pyramido_bonus_claims() -> None:
    class EveryCardClaims(HouseRule):
        @hookimpl
        def pyramido_bonus_claims(self, game: Any, completed: tuple[Completion, ...]) -> list[Completion]:
            return list(completed)

    for ruleset, bonuses in (
        ("silver-gold-pyramids", ()),
        (with_plugin(EveryCardClaims()), (Bonus("green", 10, 101),)),
    ):
        game = _complete_card_of_player_0(ruleset)
        game.apply({"kind": "replace", "source": "deck"})
        assert state(game).seats[0].score.bonuses == bonuses


def test_the_greedy_bot_plays_for_a_house_rules_points() -> None:
    """A house rule paying 20 points a skull (``pyramido_extra_score_lines``) turns the
    greedy bot from the gem to the skull: it values markings through ``game.score``."""

    class SkullsPay(HouseRule):
        @hookimpl
        def pyramido_extra_score_lines(
            self, game: Any, player: int, position: Any, breakdown: Any
        ) -> list[Any]:
            return [ScoreLine("skull_pay", "skulls pay", 20 * position.skulls)]

    for ruleset, symbol in (("silver-gold-pyramids", "red"), (with_plugin(SkullsPay()), "skull")):
        game = kept(new_game(ruleset=ruleset))
        give(game, 0, 0, card(101, ["rEs..", ".....", ".....", ".....", "..T.."]))
        give(game, 0, 1, card(102, ["#E###", "#####", "#####", "#####", "##T##"]), marks=cells((1, 0)))
        set_score(game, 0, green=1)
        reveal(game, "domino")
        bot = make_bot("greedy", 0, game.ruleset)
        game.apply_index(bot.choose(game, 0), 0)
        mark = next(e for e in game.steps[-1]["events"] if e["type"] == "mark")
        assert symbol in mark["symbols"]


def test_a_marking_no_action_makes_is_the_hooks_error() -> None:
    class TwoCells(HouseRule):
        @hookimpl
        def pyramido_mark_options(self, game: Any, player: int, shape: str | None) -> list[Marking]:
            return [Marking(0, "cell", cells((1, 0), (2, 0)))]

    game = new_game(ruleset=with_plugin(TwoCells()))
    with pytest.raises(PluginError, match=r"pyramido_mark_options offered Marking\(.*a cell marks one cell"):
        kept(game)  # the last keep is undone: the marking it leads to could not be asked
    assert game.decision is not None and game.decision.kind == "keep"


class PassThroughMarkings(HouseRule):
    """Answers ``pyramido_mark_options`` with the printed rule's own markings: the game must
    then ask the hook, where it keeps the printed rule's actions per card state."""

    @hookimpl(wrapper=True)
    def pyramido_mark_options(self, game: Any, player: int, shape: str | None) -> list[Marking]:
        options: list[Marking] = yield
        return options


@pytest.mark.parametrize(
    ("players", "seed", "rules"), [(2, 3, {}), (4, 5, {}), (3, 8, {"marks_after_tomb": False})]
)
def test_the_printed_markings_kept_are_the_hooks(tmp_path: Any, players: int, seed: int, rules: Any) -> None:
    """At every decision of seeded random games, every seat's legal actions are the same
    whether the game asks ``pyramido_mark_options`` or keeps the printed rule's answers."""
    import yaml

    base = tmp_path / "base.yaml"
    base.write_text(yaml.safe_dump({"extends": "silver-gold-pyramids", "id": "base", "rules": rules}))
    printed = Game(load_ruleset(base), players, seed)
    asked = Game(load_ruleset(base, [PassThroughMarkings()]), players, seed)
    bots = [make_bot("random", player) for player in range(players)]
    while printed.decision is not None:
        assert asked.decision == printed.decision
        for player in printed.decision.players:
            assert asked.legal_indices(player) == printed.legal_indices(player)
        player = printed.decision.players[-1]
        index = bots[player].choose(printed, player)
        printed.apply_index(index, player)
        asked.apply_index(index, player)
    assert asked.to_record()["steps"] == printed.to_record()["steps"]
