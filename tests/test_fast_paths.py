"""Fast paths (docs/plugin_hooks.md "Fast paths"): each game's printed form gives what its
general form, which asks the hooks, gives; the binding follows who implements the hooks;
and a bad registration is refused at load.

At every decision of random games of each printed ruleset, each registered path is asked
both ways with the arguments that decision offers (:data:`ASKED`); a path that is a value
rather than a function is checked for its meaning (:data:`MEANING`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pyramido import Game, load_ruleset
from pyramido.bots.random_bot import RandomBot
from pyramido.engine.fast_paths import FastPath
from pyramido.engine.plugins import PluginError
from pyramido.engine.ruleset import RulesetError
from pyramido.engine.views import Area
from pyramido.games.silver_gold.phases import printed_ticks

PRINTED = ("pyramido", "forgotten-treasures", "silver-gold-pyramids")
SYMBOLS = ("red", "green", "torch", "skull", "potion", "cross", "tomb")

#: A path's calls at a decision: (game, player) -> each argument tuple to ask it with.
Asks = Callable[[Game, int], Iterator[tuple[Any, ...]]]


def _seat(game: Game, player: int) -> Iterator[tuple[Any, ...]]:
    yield (game, player)


def _seat_state(game: Game, player: int) -> Iterator[tuple[Any, ...]]:
    yield (game, player, game.state)
    yield (game, player, None)


def _at(kind: str, asks: Asks) -> Asks:
    """``asks`` at decisions of ``kind`` only (the path reads what its step offered)."""

    def at_kind(game: Game, player: int) -> Iterator[tuple[Any, ...]]:
        if game.decision is not None and game.decision.kind == kind:
            yield from asks(game, player)

    return at_kind


def _game_state(game: Game, player: int) -> Iterator[tuple[Any, ...]]:
    yield (game, game.state)


def _areas(game: Game, player: int) -> Iterator[tuple[Any, ...]]:
    pyramid = game.seat(player).pyramid
    labels = list(range(len(pyramid.area_icons)))
    for doubled in (False, True):
        yield (game, player, pyramid, labels, [doubled if label % 2 else not doubled for label in labels])


def _markings(game: Game, player: int) -> Iterator[tuple[Any, ...]]:
    state = game.state
    for shape in {state.revealed, None}:
        yield (game, state, player, shape)


def _revealed(game: Game, player: int) -> Iterator[tuple[Any, ...]]:
    """Asked of a seat that has not marked the revealed card yet (as the mark step does)."""
    state = game.state
    if state.revealed is not None and not state.seats[player].marked:
        yield (game, state, (player,))
        unmarked = [seat for seat in range(game.num_players) if not state.seats[seat].marked]
        yield (game, state, unmarked)


def _symbols(game: Game, player: int) -> Iterator[tuple[Any, ...]]:
    for symbol in SYMBOLS:
        for count in (1, 2):
            yield (game, player, symbol, count, lambda: game.seat(player).score_card)


ASKED: dict[str, Asks] = {
    "place_indices": _seat_state,
    "cover_legal": _at("cover", _seat),
    "take_legal": _at("take", _seat_state),
    "reveal_legal": _at("reveal", _seat),
    "activated_areas": _at("scoring", _areas),
    "markings": _at("mark", _markings),
    "revealed_markings": _at("mark", _revealed),
}


def _replenish_means(game: Game, path: FastPath) -> None:
    """The printed form names the areas the hook gives gems: the others it answers 0; and
    as a turn starts, every area emptied was replenished while gems are left."""
    state = game.state
    asked = set(path.printed(game, state))
    for space in path.general(game, state):
        assert (game.rules.replenish_gems(game, space) > 0) <= (space in asked)
    if game.decision is not None and game.decision.kind == "take":
        assert all(state.gem_areas) or not (any(state.bag) or any(state.discards))


def _weights_mean(game: Game, path: FastPath) -> None:
    """The weights score every seat's position as ``game.score`` does."""
    assert path.general(game) is None
    per_icon, per_smallest, per_largest = path.printed(game)
    for player in range(game.num_players):
        breakdown = game.score(player)
        icons = [line.detail["icons"] for line in breakdown.lines_with_id("marked_area")]
        assert sum(line.points for line in breakdown.lines_with_id("marked_area")) == per_icon * sum(icons)
        bonus = sum(line.points for line in breakdown.lines_with_id("mino_bonus"))
        assert bonus == per_smallest * min(icons, default=0) + per_largest * max(icons, default=0)


def _area_weight_means(game: Game, path: FastPath) -> None:
    """Every marked area scores its icons times the weight."""
    assert path.general(game) is None
    per_icon = path.printed(game)
    for player in range(game.num_players):
        for line in game.score(player).lines_with_id("marked_area"):
            assert line.points == line.detail["icons"] * per_icon


def _mino_weights_mean(game: Game, path: FastPath) -> None:
    """The Mino bonus is the icons of the marked area with the fewest, and of the one
    with the most, times their weights."""
    assert path.general(game) is None
    per_smallest, per_largest = path.printed(game)
    for player in range(game.num_players):
        breakdown = game.score(player)
        icons = [line.detail["icons"] for line in breakdown.lines_with_id("marked_area")]
        bonus = sum(line.points for line in breakdown.lines_with_id("mino_bonus"))
        assert bonus == per_smallest * min(icons, default=0) + per_largest * max(icons, default=0)


def _marked_points_mean(game: Game, path: FastPath) -> None:
    """The points of every seat's marked areas (as its score's lines describe them: no
    label, no pyramid) are its score's marked-area and Mino-bonus lines."""
    assert path.general is None
    for player in range(game.num_players):
        breakdown = game.score(player)
        lines = breakdown.lines_with_id("marked_area")
        areas = tuple(Area(-1, line.detail["colour"], line.detail["icons"], None) for line in lines)  # type: ignore[arg-type]
        markers = tuple(tuple(line.detail["markers"]) for line in lines)
        expected = sum(line.points for line in [*lines, *breakdown.lines_with_id("mino_bonus")])
        assert path.printed(game, player, areas, markers) == expected


def _symbol_ticks_mean(game: Game, path: FastPath) -> None:
    """``None``: the printed effects, read from their table, are what the hook answers."""
    assert path.printed is None
    for args in _symbols(game, 0):
        assert path.general(*args) == printed_ticks(*args[2:4]), args[2:4]


def _no_meaning(game: Game, path: FastPath) -> None:
    """A value the tests of its user check (``None``: nothing to add; a flag)."""


MEANING: dict[str, Callable[[Game, FastPath], None]] = {
    "replenish_areas": _replenish_means,
    "stage_weights": _weights_mean,
    "extra_points": _no_meaning,  # None under the printed rules: tests/test_house_rule_play.py
    "symbol_ticks": _symbol_ticks_mean,
    "area_weight": _area_weight_means,
    "mino_weights": _mino_weights_mean,
    "marked_points": _marked_points_mean,
    "scored_alone": _no_meaning,  # the greedy bots: tests/test_ft_house_rule_activation.py, test_bots.py
    "steps_apply": _no_meaning,  # every step of every test game
}


def _paths(ruleset_id: str) -> dict[str, FastPath]:
    return {
        name: entry.thing
        for name, entry in load_ruleset(ruleset_id).registered("pyramido_register_fast_paths").items()
    }


def test_every_registered_path_is_tested() -> None:
    names = {name for ruleset_id in PRINTED for name in _paths(ruleset_id)}
    assert names == set(ASKED) | set(MEANING)


@pytest.mark.parametrize(
    ("ruleset_id", "players"),
    [
        ("pyramido", 2),
        ("pyramido", 4),
        ("ft-gems-required", 2),  # the printed take's table under another parameter
        ("pyramido-largest-mino", 2),  # a house rule's own fast form (its Mino bonus)
        *((rid, n) for rid in PRINTED[1:] for n in (1, 2, 4)),
    ],
)
def test_the_printed_forms_give_what_the_hooks_give(ruleset_id: str, players: int) -> None:
    ruleset = load_ruleset(ruleset_id)
    paths = _paths(ruleset_id)
    assert ruleset.rules.paths.printed == set(paths)  # the game's plugin alone answers
    asked = {name: 0 for name in paths if name in ASKED}
    for seed in range(2):
        game = Game(ruleset, players, seed)
        bots = [RandomBot(seed * 4 + p) for p in range(players)]
        while game.decision is not None:
            for player in game.decision.players:
                for name in asked:
                    for args in ASKED[name](game, player):
                        assert paths[name].printed(*args) == paths[name].general(*args), (name, args[1:])
                        asked[name] += 1
            for name, path in paths.items():
                if name in MEANING:
                    MEANING[name](game, path)
            player = game.decision.players[0]
            game.apply_index(bots[player].choose(game, player), player)
    assert all(asked.values()), f"never asked: {[name for name, n in asked.items() if not n]}"


def _house_rule(tmp_path: Path, hooks: str, game: str = "pyramido") -> str:
    (tmp_path / "rule.py").write_text(
        "from pyramido.plugin import PluginInfo, hookimpl\n\n"
        "@hookimpl\ndef pyramido_plugin_info():\n"
        f"    return PluginInfo('rule', ({game!r},), 'A test rule.')\n\n" + hooks
    )
    (tmp_path / "rule.yaml").write_text(f"extends: {game}\nid: rule\nname: rule\nplugins: [rule.py]\n")
    return str(tmp_path / "rule.yaml")


def test_a_house_rule_implementing_a_hook_gets_its_general_form(tmp_path: Path) -> None:
    rule = _house_rule(
        tmp_path,
        "@hookimpl\ndef pyramido_placements(game, player):\n    return None\n\n"
        "@hookimpl\ndef pyramido_extra_score_lines(game, player, position, breakdown):\n    return []\n",
    )
    paths = load_ruleset(rule).rules.paths
    printed = _paths("pyramido")
    assert paths.place_indices is printed["place_indices"].general
    assert paths.extra_points is printed["extra_points"].general
    assert paths.cover_legal is printed["cover_legal"].printed  # a hook the rule leaves alone
    assert paths.printed == set(printed) - {"place_indices", "extra_points"}


def test_a_wrapper_of_a_hook_gets_its_general_form(tmp_path: Path) -> None:
    rule = _house_rule(
        tmp_path,
        "@hookimpl(wrapper=True)\ndef pyramido_cover_options(game, player):\n    return (yield)\n",
    )
    assert "cover_legal" not in load_ruleset(rule).rules.paths.printed


def test_tracing_plugins_binds_every_general_form(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYRAMIDO_TRACE_PLUGINS", "1")
    from pyramido.engine.ruleset import load_manifest, read_manifest

    assert load_manifest(read_manifest("pyramido")).rules.paths.printed == frozenset()


def test_a_registration_that_is_no_fast_path_is_refused(tmp_path: Path) -> None:
    rule = _house_rule(
        tmp_path, "@hookimpl\ndef pyramido_register_fast_paths(register):\n    register('mine', len)\n"
    )
    with pytest.raises(
        (RulesetError, PluginError), match=r"fast path 'mine' of plugin .* must be a FastPath"
    ):
        load_ruleset(rule)


def test_an_unknown_path_is_named() -> None:
    with pytest.raises(AttributeError, match="'BoundPaths' object has no attribute 'nothing'"):
        load_ruleset("pyramido").rules.paths.nothing  # noqa: B018


def test_hook_pyramido_register_fast_paths(tmp_path: Path) -> None:
    """A house rule gives the fast form of its own lines; another rule adding lines too
    makes the name fall back to its general form."""
    rule = _house_rule(
        tmp_path,
        "from pyramido.plugin import FastPath\n\n"
        "@hookimpl\ndef pyramido_extra_score_lines(game, player, position, breakdown):\n    return []\n\n"
        "def no_points(game, player, position, breakdown):\n    return 0\n\n"
        "def asked(game, player, position, breakdown):\n    return 0\n\n"
        "@hookimpl\ndef pyramido_register_fast_paths(register):\n"
        "    register('extra_points', FastPath(('pyramido_extra_score_lines',), no_points, asked))\n",
    )
    paths = load_ruleset(rule).rules.paths
    assert paths.extra_points.__name__ == "no_points"
    (tmp_path / "more.py").write_text(
        "from pyramido.plugin import PluginInfo, hookimpl\n\n"
        "@hookimpl\ndef pyramido_plugin_info():\n"
        "    return PluginInfo('more', ('pyramido',), 'More lines.')\n\n"
        "@hookimpl\ndef pyramido_extra_score_lines(game, player, position, breakdown):\n    return []\n"
    )
    paths = load_ruleset(rule, extra_plugins=[str(tmp_path / "more.py")]).rules.paths
    assert paths.extra_points.__name__ == "asked"
