"""Every hook is specified with a docstring, documented with its arguments, exercised by
real games, and resolved with pluggy's semantics."""

from __future__ import annotations

import dataclasses
import inspect
import re
from collections import Counter
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from scenario import colour, domino, fill_stage, put, rule, ruled_by, seat, state, take

from pyramido import ActionSpace, ArgumentError, Game, IllegalActionError, RulesetError, load_ruleset
from pyramido.bots import make_bot, play_out
from pyramido.engine.plugins import DECLARATIONS, PluginError, hook_names
from pyramido.engine.ruleset import _load_shipped, load_manifest, read_manifest
from pyramido.geometry.rng import Rng
from pyramido.plugin import Breakdown, PluginInfo, ScoreLine, hookimpl

DOCS = Path(__file__).resolve().parent.parent / "docs" / "plugin_hooks.md"
#: (ruleset, players, options, seed): seed 18 empties a Pyramido pile (a split).
GAMES = (
    ("pyramido", 4, {}, 18),
    ("forgotten-treasures", 2, {}, 8),
    ("forgotten-treasures", 1, {"solo": "the-legend"}, 8),
    ("silver-gold-pyramids", 2, {}, 8),
)


def every_hook() -> dict[str, Any]:
    """Every hook of the shipped rulesets, shared or a game's own, with its specification."""
    found: dict[str, Any] = {}
    for ruleset_id, *_ in GAMES:
        pm = load_ruleset(ruleset_id).rules.pm
        found.update({name: getattr(pm.hook, name).spec.function for name in hook_names(pm)})
    return found


class EventCounter:
    def __init__(self, calls: Counter[str]) -> None:
        self.calls = calls

    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("event-counter", ("*",), "counts events")

    @hookimpl
    def pyramido_event(self, game: Any, event: dict[str, Any]) -> None:
        self.calls["pyramido_event"] += 1


@pytest.fixture
def traced(monkeypatch: pytest.MonkeyPatch) -> Generator[None, None, None]:
    """``PYRAMIDO_TRACE_PLUGINS=1`` for one test. A shipped ruleset loaded while it is set
    (a bot or a replay loads one by its id) is built traced and kept in the process's
    cache: the cache is emptied before the test, so that what it loads is traced, and
    after, so that the tests after it in the same process do not play through pluggy's
    tracer."""
    _load_shipped.cache_clear()
    monkeypatch.setenv("PYRAMIDO_TRACE_PLUGINS", "1")
    yield
    _load_shipped.cache_clear()


@pytest.mark.usefixtures("traced")
def test_a_shipped_ruleset_loaded_while_tracing_is_traced(capsys: pytest.CaptureFixture[str]) -> None:
    """What the fixture undoes."""
    Game(load_ruleset("pyramido"), 2, 1)
    assert "pyramido_setup" in capsys.readouterr().err


def test_shipped_rulesets_play_untraced(capsys: pytest.CaptureFixture[str]) -> None:
    """Whatever the tests before this one traced."""
    Game(load_ruleset("pyramido"), 2, 1)
    assert "pyramido_setup" not in capsys.readouterr().err


@pytest.mark.usefixtures("traced")
def test_every_hook_is_exercised_by_real_games() -> None:
    """Through pluggy (``PYRAMIDO_TRACE_PLUGINS=1``), every hook is called by a few games,
    their front ends and their errors."""
    calls: Counter[str] = Counter()
    for ruleset_id, players, options, seed in GAMES:
        ruleset = load_manifest(read_manifest(ruleset_id, [EventCounter(calls)]))
        ruleset.rules.pm.add_hookcall_monitoring(
            lambda name, impls, kwargs: calls.update([name]), lambda *a: None
        )
        for hook in DECLARATIONS - {"pyramido_plugin_info", "pyramido_rule_steps"}:
            calls[hook] += bool(ruleset.registered(hook))
        # asked as the ruleset loaded, before the monitoring: Forgotten Treasures' action
        # space asks for the payment table (test_ft_hooks counts that it is asked once)
        calls.update(
            ["pyramido_plugin_info", "pyramido_rule_steps", "pyramido_check_ruleset", "pyramido_action_space"]
        )
        calls["pyramido_payment_table"] += ruleset_id == "forgotten-treasures"
        game = Game(ruleset, players, seed, options)
        with pytest.raises(IllegalActionError):
            game.apply(len(game.space.describe()) and game.space.size - 1, player=game.decision.players[0])
        game.observation(0), game.seat(0), game.table(), game.determinize(0, Rng(seed)), game.estimate(0)
        play_out(
            game,
            [make_bot("greedy", 0, ruleset), *[make_bot("random", p, ruleset) for p in range(1, players)]],
        )
        game.ranking()
    missing = sorted(name for name in every_hook() if not calls[name])
    assert not missing, f"hooks no game exercises: {missing}"


def test_every_hook_is_documented_with_its_arguments() -> None:
    text = DOCS.read_text()
    for name, spec in every_hook().items():
        match = re.search(rf"^## `{name}\((.*)\)`", text, re.MULTILINE)
        assert match, f"{name} has no section in docs/plugin_hooks.md"
        documented = [a.strip() for a in match.group(1).split(",") if a.strip()]
        assert documented == list(inspect.signature(spec).parameters), name


def test_every_hookspec_has_a_docstring() -> None:
    for name, spec in every_hook().items():
        assert (spec.__doc__ or "").strip(), name


@pytest.mark.usefixtures("traced")
def test_tracing_goes_through_pluggy(capsys: pytest.CaptureFixture[str]) -> None:
    Game(load_manifest(read_manifest("pyramido")), 2, 1)
    assert "pyramido_setup" in capsys.readouterr().err


class Declines:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("declines", ("pyramido",), "answers None")

    @hookimpl
    def pyramido_next_start_player(self, game: Any, stage_scores: Any) -> None:
        return None


class Overrides:
    @hookimpl
    def pyramido_plugin_info(self) -> PluginInfo:
        return PluginInfo("overrides", ("pyramido",), "answers 3")

    @hookimpl
    def pyramido_next_start_player(self, stage_scores: Any) -> int:  # a subset of the arguments
        return 3


@pytest.mark.parametrize(("extra", "expected"), [(Declines(), 1), (Overrides(), 3)])
def test_resolved_callers_keep_firstresult_order(extra: object, expected: int) -> None:
    """A later plugin answering None lets the base answer; a later answer wins."""
    game = Game(load_ruleset("pyramido", [extra]), 4, 1)
    assert game.rules.next_start_player(game, [5, 1, 9, 9]) == expected


# --- one behaviour test per hook: a plugin overriding it changes the game -------------------


def test_hook_pyramido_plugin_info() -> None:
    """A plugin is refused for a game it is not for; its parameters are checked and
    defaulted like the game's own."""
    with pytest.raises(RulesetError, match="is for forgotten-treasures, not pyramido"):
        load_ruleset("pyramido", [rule(games=("forgotten-treasures",))])
    points = {"type": "integer", "minimum": 0, "default": 4, "description": "Points."}
    assert load_ruleset("pyramido", [rule(parameters={"points": points})]).params["points"] == 4


def test_hook_pyramido_check_ruleset() -> None:
    def check_ruleset(ruleset: Any) -> list[tuple[str, str]]:
        return [("$.rules.points_per_icon", "the house rule wants 2 points per icon")]

    with pytest.raises(RulesetError, match=r"at \$\.rules\.points_per_icon: the house rule wants 2"):
        load_ruleset("pyramido", [rule(pyramido_check_ruleset=check_ruleset)])


def test_hook_pyramido_action_space() -> None:
    @hookimpl(wrapper=True)
    def action_space(ruleset: Any) -> Generator[None, Any, Any]:
        space = yield
        return ActionSpace([*((kind.name, kind.fields) for kind in space.kinds), ("shout", [])])

    game = ruled_by(rule(pyramido_action_space=action_space))
    assert game.space.kind("shout").offset == game.space.size - 1


def test_hook_pyramido_rule_steps() -> None:
    def rule_steps(ruleset: Any, steps: Any) -> None:
        take = steps["take"]
        steps.put(take.but(legal=lambda game, player: take.legal(game, player)[:1]))

    game = ruled_by(rule(pyramido_rule_steps=rule_steps))
    assert game.legal_indices() == [game.space.index("take", 0)]
    with pytest.raises(IllegalActionError):
        game.apply({"kind": "take", "slot": 2})


def test_hook_pyramido_register_bots() -> None:
    class FirstLegal:
        def __init__(self, seed: int) -> None:
            self.name = "first"

        def choose(self, game: Game, player: int) -> int:
            return game.legal_indices(player)[0]

    def register_bots(register: Any) -> None:
        register("first", FirstLegal, "always the first legal action")

    game = ruled_by(rule(pyramido_register_bots=register_bots))
    assert make_bot("first", 0, game.ruleset).choose(game, 0) == game.legal_indices()[0]
    with pytest.raises(ArgumentError, match="has no bot 'first'"):
        make_bot("first", 0, load_ruleset("pyramido"))


def test_hook_pyramido_register_looks() -> None:
    from pyramido.render import View

    plain = View.of(Game("pyramido", 2, 1), 0).look
    changed = dataclasses.replace(plain, marks="M is a marker, of course")

    def register_looks(register: Any) -> None:
        register("pyramido", changed)

    assert View.of(ruled_by(rule(pyramido_register_looks=register_looks)), 0).look.marks.startswith("M is")


def test_hook_pyramido_register_shorthands() -> None:
    """A plugin brings what a player may type: here ``take N``."""
    from pyramido.render.view import Shorthand, TypedForm, View, shorthand

    form = TypedForm(r"take (\d)", lambda match, view: {"kind": "take", "slot": int(match[1]) - 1})

    def register_shorthands(register: Any) -> None:
        register("pyramido", Shorthand(forms=(form,), typed="'take N'"))

    game = ruled_by(rule(pyramido_register_shorthands=register_shorthands))
    view = View.of(game, 0)
    assert shorthand(game.ruleset).parse("take 2", view) == {"kind": "take", "slot": 1}
    assert shorthand(load_ruleset("pyramido")).parse("take 2", view) is None


def test_hook_pyramido_register_scenes() -> None:
    """A plugin brings its own SVG picture of a game: here the printed one, renamed."""
    from pyramido.svg import render_game, render_view

    game = Game("pyramido", 2, 1)
    plain = game.ruleset.registered("pyramido_register_scenes")["pyramido"].thing
    renamed = dataclasses.replace(plain, name="Pyramido, drawn by a plugin")

    def register_scenes(register: Any) -> None:
        register("pyramido", renamed)

    ruled = ruled_by(rule(pyramido_register_scenes=register_scenes))
    assert '<title id="title">Pyramido, drawn by a plugin' in render_game(ruled, 0)
    assert '<title id="title">Pyramido · stage 1' in render_game(game, 0)
    drawn = render_view(
        ruled.observation(0), ruled.events_for(0), colours=ruled.ruleset.data["colours"],
        rules=ruled.ruleset.params, ruleset=ruled.ruleset,
    )  # fmt: skip
    assert "drawn by a plugin" in drawn


def test_hook_pyramido_register_options() -> None:
    """A plugin declares the options its game takes: the web page offers them as form
    fields, and refuses others in its own words."""
    from pyramido.web.options import OptionError, check_options, option_schema

    schema = {
        "type": "object",
        "properties": {"pace": {"title": "Pace", "description": "how fast", "enum": ["slow", "fast"]}},
        "additionalProperties": False,
    }

    def register_options(register: Any) -> None:
        register("pyramido", schema)

    ruled = ruled_by(rule(pyramido_register_options=register_options)).ruleset
    assert option_schema(ruled) == schema and option_schema(load_ruleset("pyramido"))["properties"] == {}
    check_options(ruled, {"pace": "fast"}, 2)
    with pytest.raises(OptionError, match=r"options.pace: 'quick' is not one of slow, fast"):
        check_options(ruled, {"pace": "quick"}, 2)
    with pytest.raises(OptionError, match=r"pyramido has no option 'pace' \(its options: none\)"):
        check_options(load_ruleset("pyramido"), {"pace": "fast"}, 2)
    solo = option_schema(load_ruleset("forgotten-treasures"))["properties"]["solo"]
    assert solo["enum"] == ["legend", "the-legend"] and solo["x-players"] == {"min": 1, "max": 1}
    with pytest.raises(OptionError, match=r"options.solo: only for 1 player\(s\), not 2"):
        check_options(load_ruleset("forgotten-treasures"), {"solo": "legend"}, 2)


def test_hook_pyramido_register_encoders() -> None:
    """A plugin brings its own tensor encoder: here the printed one with one more slot."""
    from pyramido.adapters.tensors import TensorEncoder
    from pyramido.adapters.tensors.layout import Slot

    printed = load_ruleset("pyramido").registered("pyramido_register_encoders")["pyramido"].thing

    class WithOne:
        """The printed encoder's slots, and one more."""

        def __init__(self, context: Any) -> None:
            self.printed = printed(context)

        def slots(self) -> list[Slot]:
            return [*self.printed.slots(), Slot("house.one", (1,), 0, 1, "always 1")]

        def fill(self, observation: dict[str, Any], order: list[int], planes: Any) -> None:
            self.printed.fill(observation, order, planes)
            planes["house.one"][0] = 1

    def register_encoders(register: Any) -> None:
        register("pyramido", WithOne)

    ruled = ruled_by(rule(pyramido_register_encoders=register_encoders))
    encoder = TensorEncoder(ruled.ruleset, 2)
    assert encoder.spec.size == TensorEncoder("pyramido", 2).spec.size + 1
    assert encoder.observe(ruled, 0)[-1] == 1


def test_hook_pyramido_setup() -> None:
    @hookimpl(wrapper=True)
    def setup(game: Game) -> Generator[None, Any, Any]:
        state = yield
        game.emit({"type": "house_rule", "text": "the highest score starts"})
        return state

    game = ruled_by(rule(pyramido_setup=setup))
    assert game.setup_events[-1] == {"type": "house_rule", "text": "the highest score starts"}


def test_hook_pyramido_apply() -> None:
    @hookimpl(wrapper=True)
    def apply(game: Game, player: int, action: Any) -> Generator[None, Any, Any]:
        done = yield
        game.emit({"type": "clock", "player": player})
        return done

    game = ruled_by(rule(pyramido_apply=apply))
    game.apply(game.legal_indices()[0])
    assert game.steps[-1]["events"][-1] == {"type": "clock", "player": 0}


def _marked_position(game: Game) -> None:
    put(game, 0, 0, 2, 2, "red", "TL TR")
    put(game, 0, 0, 4, 2, "green", "TL")
    seat(game, 0).markers = {colour("red"): (2, 2), colour("green"): (4, 2)}


def test_hook_pyramido_score_stage() -> None:
    @hookimpl(wrapper=True)
    def score_stage(game: Game, player: int, position: Any) -> Generator[None, Any, Any]:
        breakdown = yield
        return Breakdown(tuple(line for line in breakdown.lines if line.id != "mino_bonus"))

    base, changed = Game("pyramido", 2, 1), ruled_by(rule(pyramido_score_stage=score_stage))
    for game in (base, changed):
        _marked_position(game)
    assert (base.score(0).total, changed.score(0).total) == (4, 3)


def test_hook_pyramido_estimate() -> None:
    """The game's estimate: the stages scored and the stage under way as it would score
    now; a house rule's answer wins, and one that is no float is refused by name."""
    base = Game("pyramido", 2, 1)
    _marked_position(base)
    seat(base, 0).stage_scores = [10]
    assert base.estimate(0) == 14.0
    assert ruled_by(rule(pyramido_estimate=lambda game, player: 99.5)).estimate(1) == 99.5
    wrong = ruled_by(rule(pyramido_estimate=lambda game, player: "lots"))
    with pytest.raises(PluginError, match="answered pyramido_estimate with 'lots': expected a float"):
        wrong.estimate(0)


def _ended(game: Game, scores: list[list[int]]) -> Game:
    for player, stage_scores in enumerate(scores):
        seat(game, player).stage_scores = stage_scores
    game.decision = None
    return game


def test_hook_pyramido_ranking() -> None:
    @hookimpl(wrapper=True)
    def ranking(game: Game) -> Generator[None, Any, Any]:
        rows = yield
        return [dataclasses.replace(row, rank=1) for row in rows]  # everybody wins

    game = _ended(ruled_by(rule(pyramido_ranking=ranking)), [[10], [20]])
    assert [row.rank for row in game.ranking()] == [1, 1]


def test_hook_pyramido_start_player() -> None:
    game = ruled_by(rule(pyramido_start_player=lambda game: game.num_players - 1), players=3)
    assert game.decision is not None and game.decision.players == (2,)


def test_hook_pyramido_next_start_player() -> None:
    def highest(game: Game, stage_scores: list[int | None]) -> int:
        return max(range(len(stage_scores)), key=lambda p: stage_scores[p] or 0)

    game = ruled_by(rule(pyramido_next_start_player=highest), players=3)
    assert game.rules.next_start_player(game, [5, 9, 1]) == 1


def test_hook_pyramido_extra_score_lines() -> None:
    def extra(game: Game, player: int, position: Any, breakdown: Any) -> list[ScoreLine]:
        return [ScoreLine("gift", "a gift", 5)]

    game = ruled_by(rule(pyramido_extra_score_lines=extra))
    _marked_position(game)
    assert game.score(0).total == 4 + 5 and game.score(0).lines[-1].id == "gift"


def test_hook_pyramido_tiebreaks() -> None:
    base = _ended(Game("pyramido", 2, 1), [[10, 0], [5, 5]])  # equal: the best stage decides
    changed = _ended(ruled_by(rule(pyramido_tiebreaks=lambda game, player: [player])), [[10, 0], [5, 5]])
    assert [row.player for row in base.ranking()] == [0, 1]
    assert [row.player for row in changed.ranking()] == [1, 0]


def test_hook_pyramido_seat_view() -> None:
    @hookimpl(wrapper=True)
    def seat_view(game: Game, player: int) -> Generator[None, Any, Any]:
        view = yield
        return dataclasses.replace(view, cover_cards=())  # a rule that hides the cards from bots

    assert ruled_by(rule(pyramido_seat_view=seat_view)).seat(0).cover_cards == ()
    assert len(Game("pyramido", 2, 1).seat(0).cover_cards) == 3


def test_hook_pyramido_table_view() -> None:
    @hookimpl(wrapper=True)
    def table_view(game: Game) -> Generator[None, Any, Any]:
        view = yield
        return dataclasses.replace(view, pile_tops=(None,) * len(view.pile_tops))  # blind piles

    assert set(ruled_by(rule(pyramido_table_view=table_view)).table().pile_tops) == {None}


def test_hook_pyramido_observation() -> None:
    @hookimpl(wrapper=True)
    def observation(game: Game, player: int | None) -> Generator[None, Any, Any]:
        seen = yield
        return {**seen, "house_rules": ["highest starts"]}

    seen = ruled_by(rule(pyramido_observation=observation)).observation(0)
    assert seen["house_rules"] == ["highest starts"]


def test_hook_pyramido_event() -> None:
    seen: list[str] = []
    game = ruled_by(rule(pyramido_event=lambda game, event: seen.append(event["type"])))
    game.apply(game.legal_indices()[0])
    assert seen[:2] == ["deal", "setup"] and seen[-1] == "take"


def test_hook_pyramido_placements() -> None:
    def only_rot_0(game: Game, player: int) -> list[int]:
        from pyramido.geometry import core

        pyramid = game.seat(player).pyramid
        return [p for p in core.placements(pyramid.board, pyramid.stage - 1) if p & 3 == 0]

    game = ruled_by(rule(pyramido_placements=only_rot_0))
    game.apply(game.legal_indices()[0])
    assert {a.values[2] for a in game.legal_actions()} == {0}


def _placements_as_printed(game: Game, player: int) -> list[int]:
    from pyramido.geometry import core

    pyramid = game.seat(player).pyramid
    return core.placements(pyramid.board, pyramid.stage - 1)


def _cover_options_as_printed(game: Game, player: int) -> Any:
    from pyramido.games.pyramido.phases import pyramido_cover_options

    return pyramido_cover_options(game, player)


@pytest.mark.parametrize(
    ("ruleset", "hook", "as_printed"),
    [
        ("pyramido", "placements", _placements_as_printed),
        ("forgotten-treasures", "placements", _placements_as_printed),
        ("pyramido", "cover_options", _cover_options_as_printed),
    ],
)
def test_hooks_answered_as_printed_play_the_same_game(ruleset: str, hook: str, as_printed: Any) -> None:
    """A plugin answering a hook as printed takes the games off the path they take while
    the printed rule alone answers it (the C core adding the place actions' first index,
    the cover decisions' indices kept with their options): the same legal actions at
    every step, the same game."""
    printed = Game(load_manifest(read_manifest(ruleset)), 2, 5)  # not the process's, maybe traced
    ruled = ruled_by(
        rule(("pyramido", "forgotten-treasures"), **{f"pyramido_{hook}": as_printed}), ruleset=ruleset, seed=5
    )
    assert getattr(printed.rules, hook).__module__.startswith("pyramido.games.")  # the printed rule alone
    assert getattr(ruled.rules, hook).__module__ == "pyramido.engine.plugins"  # through pluggy
    bots = [make_bot("random", seat) for seat in range(2)]
    while printed.decision is not None:
        assert ruled.decision == printed.decision
        player = printed.decision.players[0]  # the first of a simultaneous decision first
        assert ruled.legal_indices(player) == printed.legal_indices(player)
        index = bots[player].choose(printed, player)
        printed.apply_index(index, player)
        ruled.apply_index(index, player)
    assert ruled.decision is None
    assert list(ruled.events()) == list(printed.events())
    if hook == "cover_options":
        assert any(event["type"] == "cover" for event in printed.events())


def test_hook_pyramido_split_sources() -> None:
    def largest(game: Game, player: Any, emptied: int) -> list[int]:
        sizes = game.table().pile_sizes
        return [max(range(len(sizes)), key=lambda p: sizes[p])]

    game = ruled_by(rule(pyramido_split_sources=largest))
    s = state(game)
    s.piles[0], s.piles[1], s.piles[3] = s.piles[0][:1], s.piles[1][:9], s.piles[3][:3]
    take(game, domino(0, "red", "", "blue", ""))
    game.apply({"kind": "place", "x": 4, "y": 4, "rot": 0})
    game.apply({"kind": "keep_covers"})
    game.apply({"kind": "refill", "pile": 0})
    assert [a.values for a in game.legal_actions()] == [(2,)]  # pile 3 (22) only, not 2 (9) or 4 (3)


def _placed_red_blue(game: Game) -> None:
    take(game, domino(0, "red", "TL", "blue", "TL"))
    game.apply({"kind": "place", "x": 4, "y": 4, "rot": 0})


def test_hook_pyramido_markable_blocks() -> None:
    game = ruled_by(rule(pyramido_markable_blocks=lambda game, player: [1]))
    _placed_red_blue(game)
    assert [a.values for a in game.legal_actions()] == [(1,)]  # block A may not be marked


def test_hook_pyramido_marking_required() -> None:
    game = ruled_by(rule(pyramido_marking_required=lambda game, player: False))
    _placed_red_blue(game)
    assert "no_mark" in {a.kind for a in game.legal_actions()}
    game.apply({"kind": "no_mark"})
    assert seat(game, 0).markers == {} and game.decision is not None and game.decision.kind == "cover"


def test_hook_pyramido_cover_options() -> None:
    @hookimpl(wrapper=True)
    def cover_options(game: Game, player: int) -> Generator[None, Any, Any]:
        options = yield
        return [o for o in options if o.quadrant == "TL"]

    game = ruled_by(rule(pyramido_cover_options=cover_options))
    _placed_red_blue(game)
    game.apply({"kind": "mark", "block": "A"})
    assert {a.values[2] for a in game.legal_actions() if a.kind == "cover"} == {0}


def test_hook_pyramido_refill_piles() -> None:
    game = ruled_by(rule(pyramido_refill_piles=lambda game, player, slot: [0, 1, 2, 3]))
    take(game, domino(0, "red", "", "blue", ""), 2)
    game.apply({"kind": "place", "x": 4, "y": 4, "rot": 0})
    game.apply({"kind": "keep_covers"})
    assert [a.values for a in game.legal_actions()] == [(0,), (1,), (2,), (3,)]


def _no_room(game: Game) -> None:
    from pyramido.games.pyramido.flow import begin_turn

    fill_stage(game, 0, 0)
    for x, y in ((2, 2), (4, 2), (6, 2)):
        seat(game, 0).pyramid.board[y * 9 + x] = 0
    begin_turn(game, 0)
    game._legal.clear()


def test_hook_pyramido_fill_spaces() -> None:
    @hookimpl(wrapper=True)
    def fill_spaces(game: Game, player: int) -> Generator[None, Any, Any]:
        spaces = yield
        return spaces[:2]  # "2 cover cards": the rest stays empty

    game = ruled_by(rule(pyramido_fill_spaces=fill_spaces))
    _no_room(game)
    for _ in range(2):
        game.apply(game.legal_indices()[0])
    assert seat(game, 0).done and seat(game, 0).pyramid.block(6, 2) is None


def test_hook_pyramido_eliminated() -> None:
    game = ruled_by(rule(pyramido_eliminated=lambda game, player, spaces: False))
    seat(game, 0).covers_left = [0]
    _no_room(game)  # 3 spaces, 1 card: out by the printed rule, but not here
    assert seat(game, 0).out_at_stage is None and game.decision is not None and game.decision.kind == "fill"


def test_hook_pyramido_area_points() -> None:
    game = ruled_by(rule(pyramido_area_points=lambda game, player, area, markers: 10 * area.icons))
    _marked_position(game)
    assert [line.points for line in game.score(0).lines] == [20, 10, 1]


def test_hook_pyramido_mino_bonus() -> None:
    def largest(game: Game, player: int, marked: Any) -> list[ScoreLine]:
        biggest = max(marked, key=lambda area: area.icons)
        return [ScoreLine("mino_bonus", "Mino bonus (largest)", biggest.icons)]

    game = ruled_by(rule(pyramido_mino_bonus=largest))
    _marked_position(game)
    assert game.score(0).lines_with_id("mino_bonus")[0].points == 2


def test_every_hook_has_a_behaviour_test() -> None:
    """datasette's meta-test: each hook has a ``test_hook_<name>`` in some test module."""
    tests = "".join(path.read_text() for path in Path(__file__).parent.glob("test_*.py"))
    missing = [name for name in every_hook() if f"def test_hook_{name}(" not in tests]
    assert not missing, f"hooks without a test_hook_<name>: {missing}"
