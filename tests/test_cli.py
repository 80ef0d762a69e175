"""The ``pyramido`` command through click's runner: every command, good and bad input,
for Pyramido, Forgotten Treasures (FT) and Silver & Gold Pyramids (SG).

Output goes to a non-terminal here, so pictures use colour letters (the NO_COLOR form);
one test renders the same pyramid with colour to check the two forms differ as meant.
"""

from __future__ import annotations

import json
import platform
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from pyramido import cli, render
from pyramido.bots import make_bot, play_out
from pyramido.cli import main
from pyramido.engine.game import Game
from pyramido.engine.ruleset import load_ruleset
from pyramido.games.forgotten_treasures import bot as ft_greedy
from pyramido.games.forgotten_treasures import look as forgotten_treasures
from pyramido.games.pyramids.look_dominoes import domino_text
from pyramido.games.pyramids.look_grid import ICON, MARKER, RULER_CORNER
from pyramido.games.pyramids.look_pyramid import player_pyramid
from pyramido.games.silver_gold import words as silver_gold_words
from pyramido.games.silver_gold.look_cards import CROSSED, WALL, card_panel, cell_index, cell_name
from pyramido.games.silver_gold.shapes import placement_mask
from pyramido.render.style import swatch

FT = "forgotten-treasures"
#: Answers that play any FT decision: '1' takes the first numbered choice and 'end' ends
#: the activations (where numbers are not accepted); each is explained where it is wrong,
#: and 'hint' is asked at both kinds of prompt.
FT_ANSWERS = "1\nhint\nend\n"
#: The FT and SG shorthands, until those games' plugins register their own (the file says why).

COMMANDS = ["demo", "play", "replay", "rules", "validate", "bench"]


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS)])
def test_every_command_has_help(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.stdout


@pytest.mark.parametrize("players", [2, 4])
def test_demo_plays_a_whole_game_and_shows_scores(players: int) -> None:
    result = run("demo", "--players", str(players), "--seed", "5")
    assert result.exit_code == 0, result.output
    for stage in range(1, 5):
        assert f"stage {stage} scored" in result.stdout
    assert "Mino bonus" in result.stdout
    assert "Final ranking" in result.stdout
    assert all(f"player {p}" in result.stdout for p in range(players))


def test_demo_quiet_shows_only_the_result() -> None:
    result = run("demo", "--quiet", "--bots", "random,greedy")
    assert result.exit_code == 0, result.output
    assert "stage 1 scored" not in result.stdout
    assert "Final ranking" in result.stdout


def test_demo_refuses_unknown_bots_and_wrong_counts() -> None:
    refused = run("demo", "--bots", "greedy,genius").stderr
    assert "the ruleset pyramido has no bot 'genius'; its bots: random (a uniformly random" in refused
    assert "; greedy (the best-looking action now" in refused
    assert "3 bots for 2 players" in run("demo", "--bots", "random,random,greedy").stderr


def test_recorded_demo_replays_verified(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert run("demo", "--quiet", "--seed", "9", "--record", str(record)).exit_code == 0
    steps = len(json.loads(record.read_text())["steps"])
    result = run("replay", str(record))
    assert result.exit_code == 0, result.output
    assert f"verified: {steps} steps" in result.stdout
    assert "Final ranking" in result.stdout


def test_tampered_record_fails_naming_the_step(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    run("demo", "--quiet", "--record", str(record))
    data = json.loads(record.read_text())
    step = next(i for i, s in enumerate(data["steps"]) if s["events"] and s["events"][0]["type"] == "take")
    data["steps"][step]["events"][0]["tile"] += 1
    record.write_text(json.dumps(data))
    result = run("replay", str(record))
    assert result.exit_code == 2
    assert f"step {step}: events[0].tile" in result.stderr
    assert "Traceback" not in result.output


def test_validate_reports_ok_with_the_hash(tmp_path: Path) -> None:
    good = tmp_path / "house.yaml"
    good.write_text("extends: pyramido\nid: house\nname: House\nrules:\n  points_per_icon: 2\n")
    result = run("validate", str(good))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("ok: house (hash ")


def test_validate_names_file_line_and_path_of_a_schema_violation(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: pyramido\nid: bad\nname: Bad\nrules:\n  points_per_icon: lots\n")
    result = run("validate", str(bad))
    assert result.exit_code == 2
    assert f"{bad}:5: at $.rules.points_per_icon:" in result.stderr


def test_validate_names_the_line_of_a_yaml_syntax_error(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("id: broken\nname: [Broken\nversion: '1'\n")
    result = run("validate", str(bad))
    assert result.exit_code == 2
    assert f"{bad}:3: at $: invalid YAML" in result.stderr


def test_rules_lists_the_shipped_rulesets() -> None:
    result = run("rules")
    assert result.exit_code == 0, result.output
    assert "pyramido-no-mino" in result.stdout
    assert "Pyramido" in result.stdout and "2-4" in result.stdout


def test_play_explains_bad_entries_and_plays_to_the_end() -> None:
    result = run("play", "--seed", "2", stdin="abc\n999\n" + "1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "'abc' is not a number in 1..3" in result.stdout
    assert "'999' is not a number in 1..3" in result.stdout
    assert "only one choice, taken" in result.stdout
    assert RULER_CORNER in result.stdout  # block coordinates to place by
    assert "Final ranking" in result.stdout


def test_play_takes_hints_json_and_shorthand_then_quits() -> None:
    stdin = 'hint\n{"kind": "take", "slot": 9}\n{"kind": "take", "slot": 0}\n4 4 45\n4 4 90\nq\n'
    result = run("play", "--seat", "1", "--seed", "2", stdin=stdin)
    assert result.exit_code == 0, result.output
    assert "hint: the greedy bot would choose" in result.stdout
    assert "take.slot: 9 is out of range 0..2" in result.stdout
    assert "place.rot: 45 is out of range 0..3" in result.stdout
    assert "player 0: take the domino" in result.stdout  # the bot moved first
    assert "You left the game after" in result.stdout


def test_engine_errors_are_one_line_and_exit_2(tmp_path: Path) -> None:
    result = run("demo", "--players", "7")
    assert result.exit_code == 2
    assert result.stderr == "error: pyramido is for 2-4 players, not 7\n"
    missing = run("--plugin", str(tmp_path / "nope.py"), "demo")
    assert missing.exit_code == 2
    assert "nope.py" in missing.stderr and "Traceback" not in missing.output


def test_bench_json_is_json() -> None:
    result = run("bench", "--quick", "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert isinstance(figures, dict)
    # the interpreter is named: the same figures differ by its build
    assert figures["interpreter"]["python"] == platform.python_version()
    assert figures["interpreter"]["libpython_shared"] in (True, False, None)
    assert figures["repeats"] == 1  # --quick takes each workload once


@pytest.mark.parametrize(
    ("workload", "units"),
    [
        ("forgotten-treasures-4p", lambda: len(_played("forgotten-treasures", 4, {}, 0).steps)),
        ("pyramido-2p:greedy", lambda: len(_played("pyramido", 2, {}, 0, "greedy").steps)),
        ("replay", lambda: 1),
        ("vector-nocopy", lambda: 16),  # one step of the 16 games
    ],
)
def test_bench_plays_a_measure_untimed_for_a_profiler(workload: str, units: Any) -> None:
    """``--play``: the measure's own games (seed 0 here, its bots), the units of the last
    pass printed, so that a profiler's count can be read per game or decision."""
    result = run("bench", "--play", workload, "--games", "1", "--passes", "2")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"workload": workload, "games": 1, "passes": 2, "units": units()}
    for wrong in ("pyramido-5p", "decisions:greedy"):
        refused = run("bench", "--play", wrong)
        assert refused.exit_code == 2 and f"unknown workload {wrong!r}" in refused.stderr


def test_the_vector_bench_draws_each_game_a_uniform_legal_action() -> None:
    """The vector take's agent: each game's k-th legal index, k uniform below its count from
    one draw a game; a game with none (it ended: the step resets it) still gets an index in
    range, and the draws stay one a game."""
    np = pytest.importorskip("numpy")
    from pyramido.tools.bench_adapters import _masked_picks

    masks = np.zeros((4, 10), np.bool_)
    masks[0, [2, 5, 7]] = masks[2, [0]] = masks[3, [9]] = True  # game 1 has ended
    draws = np.random.default_rng(0).random(4)
    picks = _masked_picks(masks, np.random.default_rng(0))
    assert picks.tolist()[0] == [2, 5, 7][int(draws[0] * 3)]
    assert picks.tolist()[2:] == [0, 9] and 0 <= picks[1] < 10
    seen = {int(_masked_picks(masks, np.random.default_rng(seed))[0]) for seed in range(60)}
    assert seen == {2, 5, 7}
    assert _masked_picks(np.zeros((3, 10), np.bool_), np.random.default_rng(0)).tolist() == [0, 0, 0]


def _played(ruleset_id: str, players: int, options: dict[str, Any], seed: int, bot: str = "random") -> Game:
    """A game of the bench's: bots seeded as :func:`pyramido.tools.bench._bots` seeds them."""
    ruleset = load_ruleset(ruleset_id)
    game = Game(ruleset, players, seed, options)
    play_out(game, [make_bot(bot, seed * 4 + p, ruleset) for p in range(players)])
    return game


def test_bench_reports_the_best_of_its_takes_taken_in_rounds() -> None:
    """A throughput figure is the fastest take (the others' work on a shared machine only
    slows a take down), and a workload's takes are spread over the run, every workload
    once a round, so that one slow spell does not slow them all."""
    from pyramido.tools import bench

    order: list[str] = []
    rates = {"a": iter([3.0, 5.0, 4.0]), "b": iter([2.0, 1.0, 1.5])}

    def take(name: str) -> bench.Take:
        def taken() -> float:
            order.append(name)
            return next(rates[name])

        return taken

    assert bench._best_of_rounds({"a": take("a"), "b": take("b")}, 3) == {"a": 5.0, "b": 2.0}
    assert order == ["a", "b"] * 3
    assert bench.REPEATS >= 3


# --- the pictures themselves -----------------------------------------------------------


def _finished_game() -> Game:
    game = Game("pyramido", 2, 4)
    play_out(game, [make_bot("greedy"), make_bot("greedy")])
    return game


def _render(renderable: object, colour: bool) -> str:
    console = Console(width=120, force_terminal=colour, color_system="truecolor" if colour else None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def test_pyramid_shows_letters_without_colour_and_backgrounds_with_it() -> None:
    game = _finished_game()
    picture = player_pyramid(render.View.of(game, None), 0, marker_stage=4)
    plain, coloured = _render(picture, colour=False), _render(picture, colour=True)
    assert "\x1b[" not in plain and ICON in plain and MARKER in plain
    assert any(f"{letter}{ICON}" in plain for letter in "nbytrg")
    assert "\x1b[" in coloured and "48;2;" in coloured  # truecolor backgrounds
    assert "n1" not in coloured  # no colour letters when colour shows
    lines = plain.splitlines()  # cropped to the 5x4 (10x8 cells) or 4x5 stage-1 box
    assert (len(lines), len(lines[0])) in ((17, 31), (21, 25))


def test_cover_cards_are_capitals_without_colour() -> None:
    game = _finished_game()
    covers = [e for e in game.events() if e["type"] in ("cover", "fill")]
    assert covers, "seed 4 should have a cover card"
    plain = _render(player_pyramid(render.View.of(game, None), covers[0]["player"]), colour=False)
    assert swatch(covers[0]["colour"]).letter.upper() in plain


@pytest.mark.parametrize(
    ("action", "text"),
    [
        ({"kind": "place", "x": 3, "y": 4, "rot": 1}, "place at x=3 y=4 rotated 90° (B below)"),
        (
            {"kind": "cover", "block": "B", "colour": "red", "quadrant": "TL"},
            "cover block B with the red side, icon TL",
        ),
        ({"kind": "refill", "pile": 0}, "refill the slot from pile 1"),
        ({"kind": "dig", "depth": 2}, "dig depth=2"),
    ],
)
def test_actions_read_as_one_line(action: dict[str, object], text: str) -> None:
    assert render.describe_action(action, render.View.of(Game("pyramido"), 0), 0) == text


# --- Forgotten Treasures ----------------------------------------------------------------


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch) -> list[Game]:
    """The games the CLI starts, to compare what it showed with what the game hides."""
    made: list[Game] = []

    class Kept(Game):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(cli, "Game", Kept)
    return made


@pytest.mark.parametrize("players", [2, 4])
def test_demo_plays_forgotten_treasures_with_table_and_breakdowns(players: int) -> None:
    result = run("demo", "--ruleset", FT, "--players", str(players), "--seed", "1")
    assert result.exit_code == 0, result.output
    for stage in range(1, 5):
        assert f"stage {stage} scored" in result.stdout
    for shown in ("Exploration area · bag:", "face down", "Gems", "activated area", "gems left"):
        assert shown in result.stdout
    assert "Final ranking" in result.stdout
    assert all(f"player {p}" in result.stdout for p in range(players))


@pytest.mark.parametrize("mode", [["--solo", "legend"], ["--solo", "the-legend"], ["--players", "1"]])
def test_demo_solo_ranks_the_legend(mode: list[str]) -> None:
    result = run("demo", "--ruleset", FT, *mode, "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "The Legend wishes" in result.stdout
    assert "the Legend · stage 4:" in result.stdout  # his breakdown
    ranking = result.stdout[result.stdout.index("Final ranking") :]
    assert "the Legend" in ranking and "player 0" in ranking


@pytest.mark.parametrize("mode", [["--players", "3"], ["--solo", "the-legend"]])
def test_recorded_ft_demo_replays_verified(tmp_path: Path, mode: list[str]) -> None:
    record = tmp_path / "ft.json"
    assert run("demo", "--quiet", "--ruleset", FT, *mode, "--record", str(record)).exit_code == 0
    steps = len(json.loads(record.read_text())["steps"])
    result = run("replay", str(record))
    assert result.exit_code == 0, result.output
    assert f"verified: {steps} steps" in result.stdout
    assert ("the Legend" in result.stdout) == ("--solo" in mode)


@pytest.mark.parametrize(
    "args",
    [
        ["--ruleset", FT, "--solo", "legend", "--players", "2"],  # the game's solo mode is for 1
        ["--ruleset", FT, "--solo", "nobody"],  # no such mode
        ["--solo", "legend"],  # a game without solo modes
    ],
)
@pytest.mark.parametrize("command", ["demo", "play"])
def test_solo_is_a_game_option_the_game_checks(command: str, args: list[str]) -> None:
    result = run(command, *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and "solo" in result.stderr
    assert result.stderr.count("\n") == 1


def test_play_ft_explains_bad_entries_keeps_scoring_secret_and_ends(games: list[Game]) -> None:
    result = run("play", "--ruleset", FT, "--seed", "3", stdin="abc\n" + FT_ANSWERS * 150)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "'abc' is not a number in 1.." in out
    assert "the decision is 'take': the action must be take" in out  # 'end' out of place
    assert "hint: the greedy bot would choose" in out and "hint: best is" in out
    assert "points this stage" in out and "discard" in out
    assert "Final ranking" in out and games[0].is_over
    for kind in ("activate", "end the activations", "discard"):  # the bot's choices stay secret
        assert f"player 1: {kind}" not in out


def test_play_ft_never_shows_a_face_down_front(games: list[Game]) -> None:
    result = run("play", "--ruleset", FT, "--seed", "4", stdin="1\nend\n" * 40 + "q\n")
    assert result.exit_code == 0, result.output
    game = games[0]
    assert game.decision is not None and game.decision.kind in ("take", "reveal", "place")
    state = game.state
    colours = game.ruleset.data["colours"]
    # A domino still in a pile was never face up, except a face-up top: were the pictures
    # drawn from the state (which knows them all) instead of the seat's observation, the
    # tops lying face down would show their numbers.
    hidden = [
        domino.to_json(colours)
        for pile, face_up in zip(state.piles, state.face_up, strict=True)
        for depth, domino in enumerate(reversed(pile))
        if depth or not face_up
    ]
    face_down_tops = [p[-1] for p, up in zip(state.piles, state.face_up, strict=True) if p and not up]
    assert face_down_tops, "the test needs a face-down top at the last prompt"
    for domino in hidden:
        assert not re.search(rf"#{domino['id']}\b", result.stdout), domino
        assert domino_text(domino) not in result.stdout
    assert "face down" in result.stdout[result.stdout.rindex("you are player 0") :]  # their backs


def _first_scoring(seed: int) -> Game:
    """An FT game run by bots up to the first stage scoring, where seat 0 may activate."""
    game = Game(FT, 2, seed)
    bots = [make_bot("greedy"), make_bot("greedy")]
    while game.decision is not None and game.decision.kind != "scoring":
        game.apply_index(bots[game.decision.player].choose(game, game.decision.player), game.decision.player)
    return game


def test_typed_forms_are_actions_of_the_game_only() -> None:
    game = _first_scoring(0)
    legal, typing = game.legal_actions(0), forgotten_treasures.SHORTHAND
    assert any(a.kind == "activate" for a in legal)
    view = render.View.of(game, 0)
    assert cli._parse("3 2c+2m", legal, view, typing) == {"kind": "activate", "area": 3, "payment": "2C+2M"}
    assert cli._parse("END", legal, view, typing) == {"kind": "end_activation"}
    assert cli._parse("4 5 270", legal, view, typing) == {"kind": "place", "x": 4, "y": 5, "rot": 3}
    with pytest.raises(render.BadEntry, match="'1' is not 'AREA PAYMENT'"):
        cli._parse("1", legal, view, typing)  # activations are not numbered
    pyramido = Game("pyramido", 2, 0)
    view, typing = render.View.of(pyramido, 0), render.shorthand(pyramido.ruleset)  # as registered
    with pytest.raises(render.BadEntry, match=r"'end' is not a number in 1\.\.3 \(or 'x y rot'"):
        cli._parse("end", pyramido.legal_actions(), view, typing)
    with pytest.raises(render.BadEntry, match=r"'2 c3' is not a number"):  # a marking of S&G only
        cli._parse("2 c3", pyramido.legal_actions(), view, typing)


def test_scoring_shows_areas_to_pay_for_and_hints_the_exact_best() -> None:
    game = _first_scoring(0)
    view = render.View.of(game, 0)
    legal = [a.to_json(game.space) for a in game.legal_actions(0)]
    panel = _render(render.situation(view, 0, legal), colour=False)
    assert "nothing activated yet" in panel and "The others choose in secret" in panel
    assert "area" in panel and "double" in panel
    plan = ft_greedy.best_activation(*_inventory(view), keep_value=ft_greedy.KEEP_VALUE)
    hint = forgotten_treasures.activation_hint(view, 0)
    assert hint.startswith("hint: best is ") and f": {plan.points} points this stage" in hint
    for spend in plan.spends:
        assert f"'{spend.area} " in hint


def _inventory(view: render.View) -> tuple[list[tuple[int, int]], list[int], int]:
    """Seat 0's areas and gems, as ``best_activation`` takes them."""
    me = view.seat(0)
    areas = [(view.colours.index(a["colour"]), a["icons"]) for a in me["scoring"]["areas"]]
    *coloured, mythical = me["gems"].values()
    return areas, coloured, mythical


def test_gaps_of_a_finished_stage_are_listed() -> None:
    blocks = [{"x": x, "y": y, "colour": "red", "icons": []} for x in range(5) for y in range(4)]
    holed = [b for b in blocks if (b["x"], b["y"]) not in ((1, 1), (4, 3))]
    seat = {"player": 0, "pyramid": [holed, [], [], []], "stage_complete": False}
    view = render.View({"game": FT, "stage": 2, "players": [seat]}, ("red", "blue"))
    assert "gaps: stage 1 x=1 y=1, stage 1 x=4 y=3" in _render(player_pyramid(view, 0), colour=False)
    still_building = render.View({**view.observation, "stage": 1}, view.colours)
    assert "gaps" not in _render(player_pyramid(still_building, 0), colour=False)


# --- Silver & Gold Pyramids -------------------------------------------------------------

SG = "silver-gold-pyramids"


@pytest.mark.parametrize("players", [1, 2, 4])
def test_demo_sg_shows_rounds_then_final_breakdowns_and_ranking(players: int, games: list[Game]) -> None:
    result = run("demo", "--ruleset", SG, "--players", str(players), "--seed", "6")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for round_ in range(1, 5):
        assert f"round {round_} over: 7 expedition cards used" in out
        assert f"Round {round_}: cells marked" in out
    for shown in ("Score cards", "Offer", "colour bonuses left:", WALL * 3, "[E]"):
        assert shown in out
    assert "expedition card 1 marked" not in out  # boards after each round only, unless --verbose
    finals = [e for e in games[0].events() if e["type"] == "final_score"]
    assert len(finals) == players
    for event in finals:
        assert f"{render.who(event['player'])} · {event['total']} points" in out
    for line in ("torches", "colour bonuses", "gem pairs", "single gems", "worst skull", "completed cards"):
        assert line in out
    ranking = out[out.index("Final ranking") :]
    assert "lowest card completed" in ranking and "winner" in ranking
    assert all(f"player {p}" in ranking for p in range(players))


def test_demo_sg_verbose_shows_every_expedition_card_and_every_marking() -> None:
    result = run("demo", "--ruleset", SG, "--players", "1", "--verbose", "--seed", "2")
    assert result.exit_code == 0, result.output
    for card in range(1, 7):  # (the 7th ends the round: the round's summary follows it)
        assert f"round 4 · expedition card {card} marked" in result.stdout
    assert re.search(r"player 0: shape( [a-e][1-5])+ on #\d+", result.stdout)
    assert "takes #" in result.stdout and "from the deck" in result.stdout
    assert run("demo", "--quiet", "--verbose").exit_code == 2


def test_recorded_sg_demo_replays_verified(tmp_path: Path) -> None:
    record = tmp_path / "sg.json"
    assert run("demo", "--quiet", "--ruleset", SG, "--players", "3", "--record", str(record)).exit_code == 0
    steps = len(json.loads(record.read_text())["steps"])
    result = run("replay", str(record))
    assert result.exit_code == 0, result.output
    assert f"verified: {steps} steps" in result.stdout
    assert "completed cards" in result.stdout and "Final ranking" in result.stdout


def _sg_until(game: Game, reached: Callable[[Game], bool]) -> None:
    """Let greedy bots play until ``reached``."""
    bot = make_bot("greedy")
    while not reached(game):
        assert game.decision is not None, "the game ended first: pick another seed"
        player = game.decision.players[0]
        game.apply_index(bot.choose(game, player), player)


def _seat_0_decides(game: Game) -> Game:
    _sg_until(game, lambda g: g.decision is not None and 0 in g.decision.players)
    return game


def test_play_sg_explains_bad_entries_takes_shorthand_and_plays_to_the_end(games: list[Game]) -> None:
    # A twin of the game the CLI plays, to type legal and illegal markings of its first two prompts.
    twin = Game(SG, 2, 1)
    twin.apply({"kind": "keep", "pair": "1+3"}, player=0)
    view = render.View.of(_seat_0_decides(twin), 0)
    card = view.observation["cards"][str(view.seat(0)["cards"][0]["number"])]
    astray = next(c for c in range(25) if c != card["entrance"] and c not in card["walls"])
    shape = next(a for a in twin.legal_actions(0) if a.kind == "shape")
    slot, placement = shape.values
    mask = placement_mask(view.observation["expedition"]["shape"], placement)
    cells = [cell_name(c) for c in range(25) if mask >> c & 1]
    twin.apply(shape, player=0)
    single = next(a for a in _seat_0_decides(twin).legal_actions(0) if a.kind == "cell")
    single_typed = f"{single.values[0] + 1} {cell_name(single.values[1]).upper()}"
    stdin = [
        "abc",  # no number
        "2 c3",  # a marking while keeping
        "1 + 3",  # the pair of drawn cards 1 and 3
        "hint",
        "pass",  # there is something to mark
        "3 a1",  # no card 3
        "1 z9",  # no cell z9
        "1 a1 e5",  # not the shape
        f"1 {cell_name(astray)}",  # a first mark away from the entrance
        f"{slot + 1} {' '.join(reversed(cells))}",  # the shape, its cells in any order
        single_typed,  # one cell, upper case
    ]
    result = run("play", "--ruleset", SG, "--seed", "1", stdin="\n".join(stdin) + "\n" + "1\n" * 200)
    assert result.exit_code == 0, result.output
    out = result.stdout
    flowing = " ".join(out.split())  # the messages, wrapped at 80 columns, unwrapped
    for explained in (
        "'abc' is not a number in 1..6 (or 'CARD CELLS'",
        "the decision is 'keep': the action must be keep",
        "hint: the greedy bot would choose",
        "a player must mark something when anything can be marked",
        "there is no card 3: your cards are 1 and 2",
        "'z9' is not a cell: columns a-e, rows 1-5",
        f"a1 e5 is not where the {view.observation['expedition']['shape']} can lie",
        "the first mark on a card must cover its entrance",
    ):
        assert explained in flowing, explained
    assert f"player 0 (you): shape {' '.join(cells)} on #" in out
    assert f"player 0 (you): cell {cell_name(single.values[1])} on #" in out
    game = games[0]
    assert [s["index"] for s in game.steps if s["player"] == 0][1:3] == [shape.index, single.index]
    assert "keep cards 1+3: #" in out and "card 1 · #" in out and "    a  b  c  d  e" in out
    assert game.is_over and "Final ranking" in out and "player 1 · " in out


def _sg_parse(game: Game, player: int, answer: str) -> int | dict[str, Any]:
    view = render.View.of(game, player)
    return cli._parse(answer, game.legal_actions(player), view, silver_gold_words.SHORTHAND)


def test_sg_typed_forms_keep_a_pair_mark_a_cross_and_replace_from_deck_or_offer() -> None:
    game = Game(SG, 2, 2)
    assert _sg_parse(game, 0, "3+1") == {"kind": "keep", "pair": "1+3"}
    _sg_until(game, lambda g: any(seat.crosses for seat in g.state.seats))
    owing = next(p for p, seat in enumerate(game.state.seats) if seat.crosses)
    assert _sg_parse(game, owing, "2 c3") == {"kind": "cross", "card": 1, "cell": 12}
    view = render.View.of(game, owing)
    assert "a cross: mark 1 more single cell" in _render(render.situation(view, owing, []), colour=False)
    _sg_until(game, lambda g: g.decision is not None and g.decision.kind == "replace")
    assert game.decision is not None
    replacing = game.decision.player
    assert _sg_parse(game, replacing, "Deck") == {"kind": "replace", "source": "deck"}
    assert _sg_parse(game, replacing, "o2") == _sg_parse(game, replacing, "offer 2")
    assert _sg_parse(game, replacing, "offer 2") == {"kind": "replace", "source": "offer 2"}


def test_play_sg_never_shows_others_unkept_cards_or_pending_marks(games: list[Game]) -> None:
    """Seat 1 is asked after bot 0 has kept its 2 cards, then after it has marked the
    first shape: the state knows both, the seat may see neither yet."""
    result = run("play", "--ruleset", SG, "--seat", "1", "--seed", "5", stdin="1\nq\n")
    assert result.exit_code == 0, result.output
    game = games[0]
    drawn = game.setup_events[0]["hands"][0]
    kept = game.state.seats[0].cards
    assert game.decision is not None and game.decision.kind == "mark" and game.state.seats[0].done
    assert any(game.state.seats[0].marks.values()), "bot 0 has marked, in secret"
    keeping, marking = result.stdout.split("you are player 1 · mark")
    for number in drawn:
        assert not re.search(rf"#{number}\b", keeping), f"bot 0 drew #{number}, in secret"
    for number in set(drawn) - set(kept) - set(game.state.offer):
        assert not re.search(rf"#{number}\b", result.stdout), f"bot 0 returned #{number}, unseen"
    lines = marking.splitlines()
    top = next(i for i, line in enumerate(lines) if "─ player 0 ─" in line)
    panel = "\n".join(lines[top : next(i for i in range(top, len(lines)) if lines[i].startswith("╰"))])
    assert all(f"#{number}" in panel for number in kept)  # its kept cards show once all kept...
    assert CROSSED not in panel  # ... but not its marks on them
    assert re.search(r"player 0 +0/10 +0/10 +···· +0 ", marking)  # nor what they ticked
    assert "player 0:" not in result.stdout


def test_sg_cells_are_named_as_typed() -> None:
    assert [cell_name(c) for c in (0, 4, 12, 24)] == ["a1", "e1", "c3", "e5"]
    assert all(cell_index(cell_name(c)) == c for c in range(25))
    with pytest.raises(ValueError, match="'f1' is not a cell"):
        cell_index("f1")


def test_sg_card_shows_glyphs_without_colour_and_its_colour_with_it() -> None:
    game = Game(SG, 2, 0)
    _sg_until(game, lambda g: any(g.state.seats[0].marks.values()))
    view = render.View.of(game, 0)
    card = next(c for c in view.seat(0)["cards"] if c and c["marked"])
    panel = card_panel(view, card["number"], card["marked"], label="card 1 · ", coords=True)
    plain, coloured = _render(panel, colour=False), _render(panel, colour=True)
    data = view.observation["cards"][str(card["number"])]
    assert f"card 1 · #{card['number']} {data['colour']}" in plain
    assert "[E]" in plain and " T " in plain and "a  b  c  d  e" in plain
    assert plain.count("[") == len(card["marked"]) and "\x1b[" not in plain
    assert "\x1b[" in coloured and "48;2;" in coloured  # the marked cells on the card's colour
    small = _render(card_panel(view, card["number"], card["marked"], small=True), colour=False)
    assert small.count(CROSSED) == len(card["marked"]) and data["colour"] in small
