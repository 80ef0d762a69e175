"""A game is one folder: Two Steps, a small game that lives outside the package
(``tests/fourth_game/``, rules in its ``__init__``), plays through every front end without
a file of ``pyramido/`` knowing it: the command line (``demo``, ``replay``, ``render``,
``rules show``, ``--plugin``), the engine protocol, the web page (its own SVG), and the
PettingZoo adapter (its own tensors).

Its ruleset names the plugin file ``two_steps.py``, which imports the package
``fourth_game``: ``tests/`` is on ``sys.path`` here (pytest puts it there, as the other
modules' ``import web_live`` needs), and on ``PYTHONPATH`` for a command in another process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pyramido import Game, load_ruleset, make_bot, play_out, replay
from pyramido.cli import main
from pyramido.engine.catalog import Catalog
from pyramido.engine.record import dumps
from pyramido.engine.ruleset import Ruleset, RulesetError
from pyramido.engine.schema_check import schema_problem, validator_of
from pyramido.geometry.rng import Rng
from pyramido.protocol import Session
from pyramido.protocol.session import SCHEMA_ID
from pyramido.render.view import Look
from pyramido.svg import render_game, render_view

HERE = Path(__file__).resolve().parent
FOLDER = HERE / "fourth_game"
RULESET = FOLDER / "two-steps.yaml"
HOUSE_RULE = FOLDER / "last_starts.py"
TITLE = '<title id="title">Two Steps'


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


def run(*args: str | Path, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, [str(arg) for arg in args], input=stdin)


# --- the game itself, through the Python API --------------------------------------------------


def test_the_ruleset_loads_the_package_s_game_with_its_front_ends(ruleset: Ruleset) -> None:
    assert (ruleset.id, ruleset.game, ruleset.plugin_names) == ("two-steps", "two-steps", ["two_steps.py"])
    assert [kind.name for kind in ruleset.space.kinds] == ["take", "place"]
    assert list(ruleset.rules.steps) == ["take", "place"]
    bots = ruleset.registered("pyramido_register_bots")
    assert list(bots) == ["random", "mcts", "greedy"]  # the engine's, then the game's
    assert bots["greedy"].thing.__module__ == "fourth_game.bot"
    assert isinstance(ruleset.registered("pyramido_register_looks")["two-steps"].thing, Look)
    assert ruleset.registered("pyramido_register_scenes")["two-steps"].thing.name == "Two Steps"
    assert (
        ruleset.registered("pyramido_register_encoders")["two-steps"].thing.__module__
        == "fourth_game.tensors"
    )


def test_the_game_checks_an_overlay_of_its_ruleset_file(tmp_path: Path) -> None:
    overlay = tmp_path / "green.yaml"
    head = f"extends: {RULESET}\nid: two-steps-green\nname: Green steps\nrules:\n"
    overlay.write_text(head + "  stage_colours: [red, green]\n")
    with pytest.raises(
        RulesetError, match=r"green.yaml:5: at \$.rules.stage_colours\[1\]: 'green' is not in colours"
    ):
        load_ruleset(overlay)
    overlay.write_text(head + "  row_length: 4\n")
    with pytest.raises(
        RulesetError, match=r"two-steps.yaml:\d+: at \$.components.tiles: 4 players need 32 tiles"
    ):
        load_ruleset(overlay)
    overlay.write_text(head + "  row_length: 2\n  step_bonus: 10\n")
    game = Game(load_ruleset(overlay), 4, seed=2)
    play_out(game, [make_bot("greedy", seat, game.ruleset) for seat in range(4)])
    assert game.to_record()["ruleset"]["plugins"] == ["two_steps.py"] and len(game.steps) == 4 * 2 * 2 * 2


def test_a_game_is_seeded_scored_in_two_stages_and_ranked(ruleset: Ruleset) -> None:
    games = []
    for _ in range(2):
        game = Game(ruleset, 3, seed=7)
        play_out(game, [make_bot("greedy", seat, ruleset) for seat in range(3)])
        games.append(game)
    assert dumps(games[0].to_record()) == dumps(games[1].to_record())  # the same seed, the same bytes
    game = games[0]
    events = list(game.events())
    scored = [e for e in events if e["type"] == "stage_scored"]
    assert [(e["stage"], e["player"]) for e in scored] == [(s, p) for s in (1, 2) for p in range(3)]
    assert all(e["total"] == sum(line["points"] for line in e["lines"]) for e in scored)
    assert [e["type"] for e in events].count("place") == 3 * 3 * 2
    ranking = game.ranking()
    totals = {p: sum(e["total"] for e in scored if e["player"] == p) for p in range(3)}
    assert [row.score for row in ranking] == sorted(totals.values(), reverse=True)
    assert ranking[0].rank == 1 and game.to_record()["result"] == [row.to_json() for row in ranking]
    assert replay(game.to_record(), RULESET).steps == game.steps  # the record verifies


def test_the_bag_is_hidden_and_a_determinization_keeps_what_a_seat_saw(ruleset: Ruleset) -> None:
    game = Game(ruleset, 2, seed=1)
    for _ in range(5):
        game.apply(game.legal_indices()[0])
    secret = next(e for e in game.events() if e["type"] == "deal")
    assert secret["seen_by"] == [] and secret not in game.events_for(0)
    twin = game.determinize(0, Rng(9))
    assert twin.observation(0) == game.observation(0) and twin.state.bag != game.state.bag
    picked = make_bot("mcts:8", 3, ruleset).choose(game, game.decision.player)  # the engine's search bot
    assert picked in game.legal_indices()


def test_an_illegal_action_is_explained_by_the_game_s_own_words(ruleset: Ruleset) -> None:
    game = Game(ruleset, 2, seed=2)
    game.apply({"kind": "take", "slot": 0})
    game.apply({"kind": "place", "space": 1})
    game.apply({"kind": "take", "slot": 0})
    game.apply({"kind": "place", "space": 1})
    game.apply({"kind": "take", "slot": 2})
    with pytest.raises(ValueError, match="space 2 of your row already holds a tile"):
        game.apply({"kind": "place", "space": 1})


# --- the command line ---------------------------------------------------------------------------


def test_demo_records_and_replay_verifies_with_a_house_rule_passed_by_plugin(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    shown = run("--plugin", HOUSE_RULE, "demo", "--ruleset", RULESET, "--seed", "3", "--record", record)
    assert shown.exit_code == 0, shown.output
    for said in (
        "a tile: its colour's letter",
        "stage 1 scored",
        "stage 2 scored",
        "Final ranking",
        "sum of numbers",
    ):
        assert said in shown.stdout
    data = json.loads(record.read_text())
    assert data["ruleset"]["plugins"] == ["two_steps.py", "last_starts.py"]
    assert next(e for e in data["setup"] if e["type"] == "setup")["start_player"] == 1  # the house rule
    replayed = run("replay", record, "--ruleset", RULESET, "--plugin", HOUSE_RULE)
    assert replayed.exit_code == 0, replayed.output
    assert f"verified: {len(data['steps'])} steps" in replayed.stdout
    refused = run("replay", record, "--ruleset", RULESET)  # without the house rule: another ruleset
    assert refused.exit_code == 2 and "last_starts.py" in refused.stderr


def test_a_person_plays_against_the_greedy_bot_seeing_the_game_s_look() -> None:
    played = run("play", "--ruleset", RULESET, "--seed", "4", stdin="hint\n" + "1\n" * 12)
    assert played.exit_code == 0, played.output
    for said in (
        "space 1",
        "in hand: ",
        "Market (bag: ",
        "hint: the greedy bot would choose",
        "Final ranking",
    ):
        assert said in played.stdout
    assert "player 1: take the tile in market slot" in played.stdout  # the bot's moves, in the game's words


def test_render_draws_a_recorded_game_with_the_game_s_own_scene(tmp_path: Path) -> None:
    record, picture = tmp_path / "game.json", tmp_path / "game.svg"
    assert run("demo", "--ruleset", RULESET, "--quiet", "--record", record).exit_code == 0
    drawn = run("render", record, "--ruleset", RULESET, "--seat", "1", "--step", "5", "--out", picture)
    assert drawn.exit_code == 0, drawn.output
    svg = picture.read_text()
    assert f"{TITLE} · stage 1 · player 1's view" in svg and 'class="market"' in svg


def test_rules_show_lists_the_game_its_parameters_and_hooks() -> None:
    shown = run("rules", "show", RULESET, "--json")
    assert shown.exit_code == 0, shown.output
    described = json.loads(shown.stdout)
    assert (described["id"], described["game"], described["players"]) == (
        "two-steps",
        "two-steps",
        {"min": 2, "max": 4},
    )
    assert [p["name"] for p in described["plugins"]] == ["engine", "bots", "two-steps"]
    assert [p["name"] for p in described["parameters"]] == [
        "row_length",
        "market",
        "step_bonus",
        "stage_colours",
    ]
    hooks = {h["hook"]: [i["plugin"] for i in h["implementations"]] for h in described["hooks"]}
    for hook in (
        "pyramido_setup",
        "pyramido_score_stage",
        "pyramido_register_scenes",
        "pyramido_determinize",
    ):
        assert hooks[hook] == ["two-steps"]
    assert "step_bonus = 3" in run("rules", "show", RULESET).stdout


def test_the_command_in_its_own_process_needs_the_package_importable(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pyramido", "demo", "--ruleset", str(RULESET), "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 0 and "Final ranking" in done.stdout, done.stderr
    env["PYTHONPATH"] = ""
    refused = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert refused.returncode == 2
    assert "two_steps.py failed to load: No module named 'fourth_game'" in refused.stderr


# --- the engine protocol ------------------------------------------------------------------------


def ask(session: Session, checked: bool = True, **request: Any) -> Any:
    """The result of ``request``, its response valid against the protocol's schema
    (``checked``)."""
    response = json.loads(session.handle_line(json.dumps(request)))
    assert response["ok"], response
    if checked:
        assert schema_problem(_validator(f"{request['cmd']}_response"), response) is None, response
    return response["result"]


@cache
def _validator(message: str) -> Any:
    return validator_of({"$ref": f"{SCHEMA_ID}#/$defs/{message}"})


def test_the_engine_protocol_plays_bots_saves_and_loads(ruleset: Ruleset) -> None:
    session = Session(Catalog(given={ruleset.id: ruleset}))
    assert ask(session, cmd="rulesets")["rulesets"][0] == {
        "id": "two-steps", "name": "Two Steps", "game": "two-steps", "players": {"min": 2, "max": 4}
    }  # fmt: skip
    state = ask(session, cmd="new", ruleset="two-steps", players=2, seed=5)
    middle = None
    while not state["is_over"]:
        seat = state["decision"]["players"][0]
        first = state["steps"] < 2  # the responses of every step are alike: check the first ones
        legal = ask(session, first, cmd="legal", player=seat)["actions"]
        picked = ask(session, first, cmd="bot", name="greedy", seed=1, player=seat, apply=True)
        assert picked["choice"] in legal and picked["applied"]
        state = picked["state"]
        if state["steps"] == 7:
            middle = ask(session, cmd="save")["record"]
    observation = ask(session, cmd="observation", player=0)["observation"]
    assert observation["game"] == "two-steps" and observation["bag_size"] == 24 - 3 - 12
    assert state["ranking"] and state["steps"] == 2 * 3 * 2 * 2
    record = ask(session, cmd="save")["record"]
    assert record["result"] == state["ranking"]
    other = Session(Catalog(given={ruleset.id: ruleset}))
    assert ask(other, cmd="load", record=record) == state
    assert ask(other, cmd="load", record=middle)["steps"] == 7  # an unfinished game goes on
    assert ask(other, cmd="bot", name="greedy", seed=1, apply=True)["state"]["steps"] == 8


def test_pyramido_engine_serves_the_ruleset_file() -> None:
    lines = [
        {"id": 1, "cmd": "new", "ruleset": "two-steps", "players": 2, "seed": 4},
        *({"cmd": "bot", "name": "greedy", "apply": True} for _ in range(12 * 2)),
        {"id": 2, "cmd": "save"},
    ]
    done = run("engine", "--ruleset", RULESET, stdin="".join(json.dumps(line) + "\n" for line in lines))
    responses = [json.loads(line) for line in done.stdout.splitlines()]
    assert all(response["ok"] for response in responses), done.stdout
    assert responses[-2]["result"]["state"]["is_over"]
    assert replay(responses[-1]["result"]["record"], RULESET).is_over


# --- the web page ---------------------------------------------------------------------------------


def test_the_web_page_plays_a_game_to_the_end_with_the_game_s_own_svg(ruleset: Ruleset) -> None:
    from web_live import LiveServer, joined, token_of  # tests/web_live.py: a real server

    server = LiveServer(Catalog(given={ruleset.id: ruleset}))
    try:
        status, listed = server.request("/api/rulesets")
        assert status == 200 and listed["rulesets"][0]["id"] == "two-steps"
        table = server.new_table(ruleset="two-steps", seats=[None, "greedy"], hot_seat=False, seed=6)
        with joined(server, table, token_of(table, 0)) as socket:
            shown = socket.first
            board = shown["board"]
            assert board["title"].startswith("Two Steps · ") and 'class="tile"' in board["table"]
            while not shown["ranking"]:
                if shown["deciding"]:
                    choice = shown["actions"][-1]
                    assert choice["text"].startswith(("take the tile in market slot", "place it in space"))
                    message = {"type": "act", "seat": 0, "action": choice["action"], "steps": shown["steps"]}
                    socket.send(json.dumps(message))
                reply = json.loads(socket.recv(timeout=30))
                if reply["type"] == "error" and "the game moved on since that screen" in reply["message"]:
                    continue  # chosen on a screen that a bot's move made stale: the next one comes
                assert reply["type"] == "screen", reply
                shown = reply["screen"]
        assert shown["board"]["title"] == "Two Steps · game over · player 0's view"
        game = server.tables()[table["table"]].game
        assert game.is_over and shown["ranking"] == [row.to_json() for row in game.ranking()]
        status, record = server.request(f"/api/tables/{table['table']}/record")
        assert status == 200
        status, opened = server.request("/api/replays", dumps(record))
        assert status == 200 and opened["name"] == "Two Steps", opened
        status, step = server.request(f"/api/replays/{opened['replay']}/3?seat=1")
        assert status == 200 and step["board"]["title"].startswith("Two Steps · ")
        assert step["last"].startswith("step 3: ") and len(step["log"]) == 3
        bots = server.new_table(ruleset="two-steps", seats=["greedy", "random", "greedy"], hot_seat=False)
        with joined(server, bots, None) as socket:  # a spectator watches bots play it all
            shown = socket.first
            while not shown["ranking"]:
                shown = json.loads(socket.recv(timeout=30))["screen"]
        assert shown["board"]["title"] == "Two Steps · game over · a spectator's view"
        assert len(shown["ranking"]) == 3 and len(shown["log"]) == shown["steps"]
    finally:
        server.stop()


def test_svg_draws_a_game_and_a_seat_s_view_from_json(ruleset: Ruleset) -> None:
    game = Game(ruleset, 2, seed=8)
    game.apply({"kind": "take", "slot": 1})
    svg = render_game(game, None)
    assert f"{TITLE} · stage 1 · a spectator's view" in svg and "In hand" in svg
    seen = game.events_for(0)
    again = render_view(
        game.observation(0), seen, colours=ruleset.colours, rules=ruleset.params, ruleset=ruleset
    )
    assert again == render_game(game, 0)


# --- the PettingZoo adapter -----------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore:Observation")  # PettingZoo's advice for a Dict observation
def test_pettingzoo_api_test_passes_with_the_game_s_own_tensors(ruleset: Ruleset) -> None:
    from pettingzoo.test import api_test, parallel_api_test

    from pyramido.adapters.pettingzoo import env, parallel_env
    from pyramido.adapters.tensors import spec

    layout = spec(ruleset, 2)
    names = [slot.name for slot in layout.slots]
    assert names[3:] == ["market", "bag.size", "in_hand", "seats.rows", "seats.stage_scores"]
    aec = env(ruleset, 2)
    assert aec.observation_space("player_0")["observation"].shape == (layout.size,)
    api_test(aec, num_cycles=40)
    parallel_api_test(parallel_env(ruleset, 3), num_cycles=40)
    aec.reset(seed=3)
    tensor = aec.observe("player_0")["observation"]
    planes = layout.split(tensor)
    assert planes["bag.size"][0] == 24 - 3 and planes["market"].sum() > 0
    assert tensor.shape == (layout.size,) and aec.observe("player_0")["action_mask"].sum() == 3
