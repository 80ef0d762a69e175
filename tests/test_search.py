"""The search bot and what it stands on (docs/search.md): ``Game.determinize`` resamples
only what a seat cannot see and takes back the others' secret choices; the ``mcts`` bot
plays every ruleset, house rules included, with a simulation or a time budget."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from pyramido.bots import make_bot, play_out
from pyramido.bots.mcts import MctsBot
from pyramido.cli import main
from pyramido.engine.game import Game
from pyramido.engine.record import dumps, make_record
from pyramido.engine.ruleset import load_ruleset
from pyramido.errors import ArgumentError
from pyramido.geometry.rng import Rng
from pyramido.plugin import PluginInfo, hookimpl

GAMES = [
    ("pyramido", 2, {}),
    ("pyramido", 4, {}),
    ("forgotten-treasures", 3, {}),
    ("forgotten-treasures", 1, {"solo": "the-legend"}),
    ("silver-gold-pyramids", 2, {}),
    ("silver-gold-pyramids", 3, {}),
]


def _seen(game: Game, seat: int) -> str:
    """What ``seat`` sees, but who is still to decide (a determinization asks again the
    seats whose secret choices it took back)."""
    observation = dict(game.observation(seat))
    observation.pop("decision", None)
    return json.dumps(observation, sort_keys=True)


def _hidden(game: Game) -> Any:
    """The facts determinization resamples, as the game's state holds them."""
    state = game.state
    if hasattr(state, "deck"):
        return (list(state.deck), list(state.expeditions), [list(seat.hand) for seat in state.seats])
    return [list(pile) for pile in state.piles]


@pytest.mark.parametrize(("ruleset", "players", "options"), GAMES)
def test_determinize_keeps_what_a_seat_sees_and_resamples_the_rest(
    ruleset: str, players: int, options: dict[str, Any]
) -> None:
    game = Game(ruleset, players, 11, options)
    bots = [make_bot("random", seat) for seat in range(players)]
    varied = checked = 0
    while game.decision is not None:
        if len(game.steps) % 5 == 0:
            for seat in range(players):
                before = dumps(make_record(game))
                copies = [game.determinize(seat, Rng(k)) for k in range(3)]
                assert dumps(make_record(game)) == before  # the game itself is untouched
                for copy in copies:
                    assert _seen(copy, seat) == _seen(game, seat)
                    checked += 1
                varied += len({repr(_hidden(copy)) for copy in copies}) > 1
        play_one(game, bots)
    assert checked > 30 and varied > 0


@pytest.mark.parametrize("ruleset", ["forgotten-treasures", "silver-gold-pyramids"])
def test_determinize_takes_back_the_others_secret_choices(ruleset: str) -> None:
    game = Game(ruleset, 2, 5)
    bots = [make_bot("greedy", seat) for seat in range(2)]
    while game.decision is not None and game.decision.players != (0, 1):
        play_one(game, bots)
    assert game.decision is not None
    game.apply_index(bots[1].choose(game, 1), 1)  # seat 1 chooses in secret
    copy = game.determinize(0, Rng(3))
    assert copy.decision is not None and 1 in copy.decision.players
    assert len(copy.steps) == len(game.steps) - 1
    assert game.determinize(1, Rng(3)).steps[-1]["index"] == game.steps[-1]["index"]  # its own stays
    play_out(copy, bots)  # the copy goes on to the end by the rules


def play_one(game: Game, bots: list[Any]) -> None:
    assert game.decision is not None
    seat = game.decision.players[0]
    game.apply_index(bots[seat].choose(game, seat), seat)


def test_determinize_checks_its_arguments() -> None:
    game = Game("pyramido", 2, 1)
    with pytest.raises(ArgumentError, match="no player 2"):
        game.determinize(2, Rng(1))
    with pytest.raises(ArgumentError, match=r"rng is a pyramido\.plugin\.Rng"):
        game.determinize(0, 7)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("ruleset", "players", "options"),
    [
        *GAMES[::2],
        ("pyramido-cover-card-bonus", 2, {}),
        ("sg-draw-5-keep-2", 2, {}),
        ("ft-triple-doubles", 2, {}),
    ],
)
def test_mcts_plays_every_ruleset_by_its_rules(ruleset: str, players: int, options: dict[str, Any]) -> None:
    game = Game(ruleset, players, 3, options)
    play_out(
        game, [make_bot("mcts:2" if seat == 0 else "random", seat, game.ruleset) for seat in range(players)]
    )
    assert game.is_over


def test_mcts_draws_from_its_own_generator() -> None:
    """The same seeds, the same game: the bot's randomness is its own seed's."""
    records = []
    for _ in range(2):
        game = Game("silver-gold-pyramids", 2, 8)
        play_out(game, [make_bot("mcts:8", 5, game.ruleset), make_bot("greedy", 1, game.ruleset)])
        records.append(dumps(make_record(game)))
    assert records[0] == records[1]


def test_mcts_budgets() -> None:
    assert make_bot("mcts").name == "mcts"
    game = Game("silver-gold-pyramids", 2, 2)
    timed = make_bot("mcts:0.05s", 1, game.ruleset)
    play_one(game, [timed, timed])
    for spec, message in [
        ("mcts:0", "mcts takes a number of simulations"),
        ("mcts:x", "not 'x'"),
        ("mcts:-1s", "not '-1s'"),
        ("mcts:٣", "not '٣'"),  # a digit, but not an ASCII one
        ("mcts:1e3s", "not '1e3s'"),
        ("mcts: 5", "not ' 5'"),
        ("greedy:3", "the bot greedy takes no parameter"),
    ]:
        with pytest.raises(ArgumentError, match=message):
            make_bot(spec, 0, game.ruleset)


def test_demo_with_the_search_bot() -> None:
    result = CliRunner().invoke(
        main,
        ["demo", "--ruleset", "silver-gold-pyramids", "--bots", "mcts:2,greedy", "--quiet", "--seed", "4"],
    )
    assert result.exit_code == 0, result.output
    bad = CliRunner().invoke(main, ["demo", "--bots", "mcts:lots"])
    assert bad.exit_code == 2 and "mcts takes a number of simulations" in bad.stderr


class SeesEverything:
    """A house rule under which nothing is hidden: its determinization changes nothing, and
    answering first, it replaces the game's own."""

    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("open-piles", ("pyramido",), "the piles are played face up")

    @hookimpl(tryfirst=True)
    def pyramido_determinize(self, game: Game, player: int, rng: Rng) -> bool:
        return True


def test_hook_pyramido_determinize() -> None:
    plain = Game("pyramido", 2, 4)
    opened = Game(load_ruleset("pyramido", (SeesEverything(),)), 2, 4)
    assert _hidden(opened.determinize(0, Rng(1))) == _hidden(opened)
    assert _hidden(plain.determinize(0, Rng(1))) != _hidden(plain)


class WatchesEstimates:
    """A house rule that notes the stage of every ``pyramido_estimate`` asked, and declines
    it (the game's own estimate answers)."""

    def __init__(self) -> None:
        self.stages: list[int | None] = []

    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("watches-estimates", ("*",), "notes when the search estimates")

    @hookimpl(tryfirst=True)
    def pyramido_estimate(self, game: Game, player: int) -> float | None:
        self.stages.append(None if game.decision is None else game.decision.stage)
        return None


@pytest.mark.parametrize(("ruleset", "players", "options"), [GAMES[0], GAMES[3]])
def test_play_outs_end_at_the_stage_end_with_the_games_estimate(
    ruleset: str, players: int, options: dict[str, Any]
) -> None:
    """Each play-out of a stage-1 decision stops as stage 2 begins, every seat estimated;
    a solo game's play to the end (the margin is against the Legend)."""
    watch = WatchesEstimates()
    game = Game(load_ruleset(ruleset, (watch,)), players, 3, options)
    seat = game.decision.players[0]
    search = MctsBot(1, simulations=8)
    search.choose(game, seat)
    if players == 1:
        assert watch.stages == []
    else:
        assert len(watch.stages) == search.simulated * players and set(watch.stages) == {2}
