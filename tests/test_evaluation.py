"""``pyramido simulate`` and ``pyramido compare`` (docs/evaluation.md): the same rows and
summary whatever the parallelism, nothing lost to an interrupt or a dead worker, failures
reported with their seeds, a clear error before any work for bad options, and a house rule
told apart from its base.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from killer import KILLER

from pyramido.cli import main
from pyramido.errors import ArgumentError
from pyramido.evaluation import Simulation, compare, simulate, tournament
from pyramido.evaluation.backends import WorkerLost

SMALL = Simulation("pyramido", players=2, games=24, bots=("greedy", "random"), seed=7, chunk_games=4)


def _without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key not in ("timing", "games_per_second")}


def _rows(folder: Path) -> str:
    return (folder / "games.csv").read_text(encoding="utf-8")


def test_one_or_two_workers_give_the_same_rows_and_summary(tmp_path: Path) -> None:
    one = simulate(SMALL, tmp_path / "one")
    two = simulate(SMALL, tmp_path / "two", workers=2)
    assert _without_timing(one) == _without_timing(two)
    assert _rows(tmp_path / "one") == _rows(tmp_path / "two")
    assert (tmp_path / "one" / "summary.json").read_text() != ""


def test_the_summary_and_the_files(tmp_path: Path) -> None:
    args = ["simulate", "--games", "12", "--players", "3", "--bots", "greedy,random", "--seed", "3", "--json"]
    result = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "run")])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 12 and summary["games_per_second"] > 0
    for seat in summary["seats"]:
        assert {"mean_score", "ci95", "win_rate", "win_rate_ci95", "scores", "eliminated"} <= set(seat)
        low, high = seat["ci95"]
        assert low <= seat["mean_score"] <= high
    assert set(summary["bots"]) == {"greedy", "random"}
    assert summary["bots"]["greedy"]["seats_played"] + summary["bots"]["random"]["seats_played"] == 36
    assert {"game_length", "eliminations_per_game", "first_player"} <= set(summary)
    folder = tmp_path / "run"
    for name in ("games.csv", "games.parquet", "summary.json", "config.json"):
        assert (folder / name).is_file()
    for plot in ("scores", "win_rate_by_seat"):
        assert (folder / f"{plot}.png").read_bytes().startswith(b"\x89PNG")
        assert b"<svg" in (folder / f"{plot}.svg").read_bytes()
    import pyarrow.parquet

    table = pyarrow.parquet.read_table(folder / "games.parquet")
    assert table.num_rows == 12 and table.column("seed").type == "uint64"
    assert len(_rows(folder).splitlines()) == 13


def _cli(*args: str, **kwargs: Any) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "pyramido", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


def test_an_interrupted_run_resumes_to_the_same_summary(tmp_path: Path) -> None:
    args = ["simulate", "--games", "300", "--chunk-games", "25", "--bots", "greedy", "--seed", "11"]
    args += ["--workers", "1", "--json"]  # 12 chunks, cut after 2
    full = _cli(*args, "--out", str(tmp_path / "full"))
    interrupted = _cli(*args, "--out", str(tmp_path / "cut"))
    chunks = tmp_path / "cut" / "chunks"
    deadline = time.monotonic() + 60
    while len(list(chunks.glob("*.json"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    interrupted.send_signal(signal.SIGINT)
    interrupted.communicate(timeout=60)
    assert interrupted.returncode != 0
    kept = len(list(chunks.glob("*.json")))
    assert 2 <= kept < 12 and not (tmp_path / "cut" / "summary.json").exists()
    resumed = _cli(*args, "--out", str(tmp_path / "cut"), "--resume")
    out, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err
    full_out, _ = full.communicate(timeout=120)
    assert _without_timing(json.loads(out)) == _without_timing(json.loads(full_out))
    assert _rows(tmp_path / "cut") == _rows(tmp_path / "full")


CRASHER = """
from pyramido.plugin import PluginInfo, hookimpl

@hookimpl
def pyramido_plugin_info():
    return PluginInfo("crasher", ("pyramido",), "fails the game of seed {seed}")

@hookimpl
def pyramido_event(game, event):
    if event["type"] == "game_over" and game.seed == {seed}:
        raise RuntimeError("this house rule fails here")
"""


def test_a_killed_worker_loses_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    victim = SMALL.game_seed(9)
    plugin = tmp_path / "killer.py"
    plugin.write_text(KILLER.format(seed=victim), encoding="utf-8")
    simulation = Simulation("pyramido", 2, 24, ("greedy", "random"), 7, plugins=(str(plugin),), chunk_games=4)
    expected = simulate(simulation)  # in this process: the marker's folder is not set, nobody dies
    monkeypatch.setenv("PYRAMIDO_TEST_KILL", str(tmp_path / "killed"))
    with pytest.raises(WorkerLost, match=r"died playing .*--resume") as lost:
        simulate(simulation, tmp_path / "run", workers=2)
    # the pool breaks as a whole: every unfinished chunk is named, the killer's among them
    assert f"chunk 2 (games 8-11, first seed {SMALL.game_seed(8)})" in str(lost.value)
    assert (tmp_path / "killed").exists()
    resumed = simulate(simulation, tmp_path / "run", workers=2, resume=True)
    assert _without_timing(resumed) == _without_timing(expected)


def test_a_failing_game_is_reported_with_its_seed(tmp_path: Path) -> None:
    victim = Simulation("pyramido", 2, 8, ("random",), seed=7).game_seed(5)  # the command's chunks
    plugin = tmp_path / "crasher.py"
    plugin.write_text(CRASHER.format(seed=victim), encoding="utf-8")
    result = CliRunner().invoke(
        main,
        ["simulate", "--games", "8", "--seed", "7", "--bots", "random", "--plugin", str(plugin), "--json"],
    )
    assert result.exit_code == 1
    summary = json.loads(result.stdout)
    assert summary["games"] == 7
    assert [(f["game"], f["seed"]) for f in summary["failed_games"]] == [(5, victim)]
    assert f"game 5 (seed {victim})" in result.stderr and "this house rule fails here" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy,nobody"], "has no bot 'nobody'"),
        (["--bots", "greedy,random,random"], "3 bots for 2 seats"),
        (["--games", "0"], "--games must be at least 1"),
        (["--players", "5"], "pyramido is for 2-4 players, not 5"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--chunk-games", "0"], "--chunk-games must be at least 1"),
        (["--backend", "ray", "--address", "127.0.0.1:1"], "the Ray cluster at 127.0.0.1:1 does not answer"),
        (["--address", "127.0.0.1:1"], "--address is for --backend ray"),
        (
            ["--until-significant", "--games", "49"],
            "--until-significant needs a budget (--games) of at least 50 games (5 looks of 10 or more)",
        ),
        (
            ["--until-significant", "--games", "50", "--statistic", "luck"],
            "--statistic is one of 'mean score'",
        ),
    ],
)
def test_bad_options_stop_before_any_work(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "out"
    compared = {"--until-significant", "--statistic"} & set(args)
    command = ["compare", "pyramido", "pyramido-no-mino"] if compared else ["simulate"]
    result = CliRunner().invoke(main, [*command, "--games", "4", *args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.output
    assert not out.exists()


def test_out_must_be_writable_and_resume_must_match(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    result = CliRunner().invoke(main, ["simulate", "--games", "4", "--out", str(blocker / "run")])
    assert result.exit_code == 2 and "cannot write there" in result.stderr
    run = tmp_path / "run"
    simulate(Simulation("pyramido", 2, 4, ("random",)), run)
    with pytest.raises(ArgumentError, match="holds a run already"):
        simulate(Simulation("pyramido", 2, 4, ("random",)), run)
    with pytest.raises(ArgumentError, match=r"another configuration \(games differ\)"):
        simulate(Simulation("pyramido", 2, 8, ("random",)), run, resume=True)
    with pytest.raises(ArgumentError, match="holds no run"):
        simulate(Simulation("pyramido", 2, 4, ("random",)), tmp_path / "empty", resume=True)
    assert not (tmp_path / "empty").exists()


def test_compare_checks_both_folders_before_writing_either(tmp_path: Path) -> None:
    base = Simulation("pyramido", 2, 4, ("random",))
    variant = base.with_ruleset("pyramido-no-mino", ())
    simulate(variant, tmp_path / "cmp" / "variant")  # a run already where compare's variant goes
    with pytest.raises(ArgumentError, match="variant holds a run already"):
        compare(base, variant, tmp_path / "cmp")
    assert not (tmp_path / "cmp" / "base").exists()


def test_no_first_player_when_every_seat_decides_at_once() -> None:
    """Silver & Gold opens with every seat keeping cards at once (docs/rules.md §4.1): no seat
    moves first, so there is no first-player advantage to report; Pyramido's seat 0 starts
    (``first_player: 0``, §2.5)."""
    sg = Simulation("silver-gold-pyramids", 2, 6, ("greedy", "random"), seed=3)
    result = compare(sg, sg.with_ruleset("silver-gold-pyramids", ()))
    assert result["base"]["first_player"] is None
    assert "first player wins" not in {row["statistic"] for row in result["differences"]}
    summary = simulate(Simulation("pyramido", 3, 6, ("random",), seed=3))
    assert summary["first_player"]["games"] == 6
    cli = CliRunner().invoke(main, ["simulate", "--ruleset", "silver-gold-pyramids", "--games", "4"])
    assert cli.exit_code == 0 and "no first player" in cli.stdout


def test_compare_finds_a_rule_that_changes_scores() -> None:
    base = Simulation("pyramido", 2, 60, ("greedy",), seed=1)
    result = compare(base, base.with_ruleset("pyramido-no-mino", ()))
    found = {row["statistic"]: row for row in result["differences"]}
    assert found["mean score"]["significant"] and found["mean score"]["difference"] < 0
    assert found["mean score"]["games_needed"] <= 60  # how many games its interval needed
    low, high = found["mean score"]["ci95"]
    assert low <= found["mean score"]["difference"] <= high < 0
    assert {"game length", "eliminations", "score spread", "first player wins"} <= set(found)
    changed = result["changed"]  # greedy plays for the Mino bonus: without it, it plays otherwise
    assert changed["games"] == 60 and changed["changed"] >= 50 and changed["ci95"][0] > 0.7


def test_compare_finds_nothing_in_a_rule_that_changes_nothing(tmp_path: Path) -> None:
    same = tmp_path / "same.yaml"
    same.write_text(
        "extends: pyramido\nid: pyramido-same\nname: Pyramido as printed\n"
        "rules:\n  mino_bonus: smallest_marked_area\n",
        encoding="utf-8",
    )
    args = ["compare", "pyramido", str(same), "--games", "50", "--bots", "greedy,random", "--workers", "1"]
    result = CliRunner().invoke(main, [*args, "--until-significant", "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    differences = found["differences"]
    assert differences and not any(row["significant"] for row in differences)
    assert all(row["difference"] == 0 and row["games_needed"] is None for row in differences)
    assert found["changed"] == {"games": 50, "changed": 0, "share": 0.0, "ci95": [0.0, 0.0713476]}
    assert found["sequential"]["stopped"] == "budget spent" and found["sequential"]["games"] == 50


def test_compare_finds_a_rule_that_changes_who_starts(tmp_path: Path) -> None:
    """Seat 1 starts: no mean need move (random bots, who ignore the rules' points), but
    every game is played otherwise, which the table's caption and the JSON say."""
    second = tmp_path / "second.yaml"
    second.write_text(
        "extends: pyramido\nid: second-starts\nname: Seat 1 starts\nrules:\n  first_player: 1\n",
        encoding="utf-8",
    )
    base = Simulation("pyramido", 2, 6, ("random",), seed=2)
    assert compare(base, base.with_ruleset(str(second), ()))["changed"] == {
        "games": 6,
        "changed": 6,
        "share": 1.0,
        "ci95": [0.609666, 1.0],
    }
    no_mino = compare(base, base.with_ruleset("pyramido-no-mino", ()))
    assert no_mino["changed"]["changed"] == 0  # random bots do not see a scoring rule
    args = ["compare", "pyramido", str(second), "--games", "6", "--bots", "random", "--workers", "1"]
    shown = CliRunner().invoke(main, args)
    assert shown.exit_code == 0, shown.output
    said = "played otherwise (a move or the turn order differs): 6 of 6 paired games, 1.000 [0.61, 1]"
    assert said in " ".join(shown.stdout.split())


def test_until_significant_stops_early_on_a_rule_that_matters() -> None:
    """``pyramido-no-mino`` lowers scores by about 12 points a game: the first look (a
    fifth of the budget) tells it, within the sequential test's error rate."""
    base = Simulation("pyramido", 2, 200, ("greedy",), seed=1)
    result = compare(base, base.with_ruleset("pyramido-no-mino", ()), until_significant=True)
    sequential = result["sequential"]
    assert sequential["significant"] and sequential["games"] < 200
    assert sequential["stopped_at_look"] == 1 and result["base"]["games"] == sequential["games"]
    score = {row["statistic"]: row for row in result["differences"]}["mean score"]
    assert score["significant"] and score["ci95"][1] < 0


def test_the_sequential_test_rarely_stops_on_a_rule_that_changes_nothing() -> None:
    """Paired differences of mean 0: at most 5% of comparisons stop as significant
    (docs/evaluation.md gives the rate over more paths)."""
    from pyramido.evaluation.sequential import error_rate, schedule

    assert 0.01 < error_rate(budget=50, paths=1500, seed=3) <= 0.05
    looks = schedule(1000)
    assert [look.games for look in looks] == [200, 400, 600, 800, 1000]
    assert [round(look.critical, 2) for look in looks] == [4.5, 3.12, 2.6, 2.39, 2.3]


def test_the_python_api_runs_in_a_script(tmp_path: Path) -> None:
    """Worker processes start fresh (spawn): a script's main module is importable in them."""
    script = tmp_path / "batch.py"
    script.write_text(
        "from pyramido.evaluation import Simulation, simulate\n"
        "if __name__ == '__main__':\n"
        "    print(simulate(Simulation('pyramido', 2, 8, ('random',), chunk_games=2), workers=2)['games'])\n",
        encoding="utf-8",
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "8", done.stderr


def test_a_tournament_rates_the_bots(tmp_path: Path) -> None:
    args = ["tournament", "--ruleset", "forgotten-treasures", "--bots", "random,greedy", "--games", "16"]
    args += ["--workers", "2"]
    result = CliRunner().invoke(main, [*args, "--json", "--out", str(tmp_path / "t")])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    ratings = found["ratings"]
    assert [entry["bot"] for entry in ratings] == ["greedy", "random"]  # greedy wins: rated higher
    assert ratings[0]["ordinal"] > ratings[1]["ordinal"] and ratings[0]["games"] == 16
    for entry in ratings:
        low, high = entry["ci95"]
        assert low < entry["mu"] < high and high - low == pytest.approx(
            2 * 1.959964 * entry["sigma"], abs=1e-3
        )
        assert entry["win_rate_ci95"][0] <= entry["win_rate"] <= entry["win_rate_ci95"][1]
    (pair,) = found["head_to_head"]
    assert (pair["bot"], pair["opponent"], pair["games"]) == ("random", "greedy", 16)
    assert pair["wins"] + pair["draws"] + pair["losses"] == 16 and pair["losses"] > pair["wins"]
    assert pair["margin"]["ci95"][1] < 0 and pair["losses_rate"]["ci95"][0] > 0.5
    saved = json.loads((tmp_path / "t" / "ratings.json").read_text(encoding="utf-8"))
    assert saved == {"ratings": ratings, "head_to_head": found["head_to_head"]}
    assert (tmp_path / "t" / "ratings.png").read_bytes().startswith(b"\x89PNG")
    again = CliRunner().invoke(main, [*args, "--workers", "1"])  # the same games, the same ratings
    assert f"{pair['wins']}-{pair['draws']}-{pair['losses']}" in again.stdout
    assert f"{ratings[0]['mu']:.2f}" in again.stdout and "head to head" in again.stdout


FIRST_BOT = """
from pyramido.plugin import PluginInfo, hookimpl

class First:
    name = "first"
    def __init__(self, seed=0):
        pass
    def choose(self, game, player):
        return game.legal_indices(player)[0]

@hookimpl
def pyramido_plugin_info():
    return PluginInfo("first-bot", ("pyramido",), "a bot taking the first legal action")

@hookimpl
def pyramido_register_bots(register):
    register("first", First, "the first legal action")
"""


def test_a_tournament_seats_every_group_of_bots(tmp_path: Path) -> None:
    plugin = tmp_path / "first_bot.py"
    plugin.write_text(FIRST_BOT, encoding="utf-8")
    simulation = Simulation(
        "pyramido", 2, 6, ("random", "greedy", "first"), plugins=(str(plugin),), tournament=True
    )
    lineups = [simulation.seating(game) for game in range(6)]
    assert lineups == [
        ("random", "greedy"),
        ("random", "first"),
        ("greedy", "first"),
        ("greedy", "random"),
        ("first", "random"),
        ("first", "greedy"),
    ]
    rated = {entry["bot"]: entry for entry in tournament(simulation)["ratings"]}
    assert {name: entry["games"] for name, entry in rated.items()} == {"random": 4, "greedy": 4, "first": 4}


def test_tournament_needs_enough_bots() -> None:
    with pytest.raises(ArgumentError, match="needs at least 3 bots, not 2"):
        Simulation("pyramido", 3, 4, ("random", "greedy"), tournament=True)


def test_the_docs_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (Path(__file__).parent.parent / "docs" / "evaluation.md").read_text(encoding="utf-8")
    example = text.split("## From Python", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    exec(compile(example.replace("games=200", "games=20"), "docs/evaluation.md", "exec"), {})
    assert (tmp_path / "runs" / "p2" / "summary.json").is_file()


def test_the_intervals_formulas() -> None:
    """docs/evaluation.md "Statistics": mean +- 1.96 s / sqrt(n); Wilson's interval, exactly
    0 or 1 at its ends (no 1e-17 from rounding); paired differences."""
    from pyramido.evaluation.stats import mean_ci, paired, wilson

    estimate = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert estimate.mean == 2.5 and estimate.high - 2.5 == pytest.approx(1.959964 * (5 / 3 / 4) ** 0.5)
    half = wilson(5, 10)
    assert (round(half.low, 4), round(half.high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 7).low == 0.0 and wilson(7, 7).high == 1.0
    assert wilson(0, 7).high == pytest.approx(1 - wilson(7, 7).low)  # symmetric
    assert paired([1, 2, 3], [2, 3, 4]).to_json() == {"mean": 1.0, "ci95": [1.0, 1.0]}


def test_out_without_the_sim_extra_stops_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the sim extra were not installed
    with pytest.raises(ArgumentError, match=r"pip install 'pyramido\[sim\]'"):
        simulate(Simulation("pyramido", 2, 4, ("random",)), tmp_path / "run")
    assert not (tmp_path / "run").exists()
