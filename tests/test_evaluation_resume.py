"""``--resume`` takes back only the chunks that prove they are the run's (docs/trust.md,
"Batch folders"): another run's chunk, one renamed or numbered past the run, one whose
seeds, seats or rows are not the run's, one truncated, empty or not JSON, a folder whose
``config.json`` is gone or garbage: each ends ``simulate``, ``compare`` and ``tournament``
with one message naming the file (exit code 2), before any game is played.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pyramido.cli import main
from pyramido.errors import ArgumentError
from pyramido.evaluation import Simulation, compare, simulate, tournament
from pyramido.evaluation.batch import play_games
from pyramido.evaluation.chunks import ChunkError, results_digest, seal

RUN = Simulation("pyramido", players=2, games=4, bots=("random", "greedy"), seed=1, chunk_games=2)
CLI_RUN = ["--players", "2", "--games", "4", "--chunk-games", "2", "--bots", "random", "--workers", "1"]

Chunk = dict[str, Any]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished run of :data:`RUN`, to be copied by each test."""
    folder = tmp_path_factory.mktemp("finished") / "run"
    simulate(RUN, folder)
    return folder


@pytest.fixture
def cut(finished: Path, tmp_path: Path) -> Path:
    """:data:`RUN` as if interrupted before its second chunk (games 2-3) was kept."""
    folder = tmp_path / "run"
    shutil.copytree(finished, folder)
    (folder / "chunks" / "000001.json").unlink()
    return folder


def _read(path: Path) -> Chunk:
    data: Chunk = json.loads(path.read_text(encoding="utf-8"))
    return data


def _write(path: Path, data: Any, reseal: bool = True) -> None:
    """Write a chunk, with its results' digest made right again unless ``reseal`` is false
    (a forger's chunk: only the proof under test is wrong)."""
    if reseal:
        data["results_sha256"] = results_digest(data["rows"], data["failures"])
    path.write_text(json.dumps(data), encoding="utf-8")


def _second_chunk_of(simulation: Simulation) -> Chunk:
    """Chunk 1 of ``simulation`` as its run would have written it."""
    return seal(simulation, play_games(simulation, 1, simulation.chunk_range(1)))


def _refused_resume(folder: Path, path: Path, reason: str) -> None:
    """``--resume`` stops on ``path`` for ``reason``, having played and written nothing."""
    before = sorted((p.name, p.read_bytes()) for p in (folder / "chunks").iterdir())
    with pytest.raises(ChunkError, match=reason) as refused:
        simulate(RUN, folder, resume=True)
    assert refused.value.path == path
    assert str(refused.value).startswith(f"--resume: {path} ")
    assert str(refused.value).endswith("; delete it to have its games played again")
    assert sorted((p.name, p.read_bytes()) for p in (folder / "chunks").iterdir()) == before


def _refused(result: Result) -> str:
    """Exit code 2 and one message, no traceback: the message."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output
    assert result.stderr.count("error: ") == 1, result.stderr
    return result.stderr


def test_the_issue_a_chunk_of_another_seed_is_refused_by_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    first, second = tmp_path / "D", tmp_path / "E"
    assert runner.invoke(main, ["simulate", *CLI_RUN, "--seed", "1", "--out", str(first)]).exit_code == 0
    expected = (first / "games.csv").read_text(encoding="utf-8")
    (first / "chunks" / "000001.json").unlink()
    assert runner.invoke(main, ["simulate", *CLI_RUN, "--seed", "2", "--out", str(second)]).exit_code == 0
    foreign = first / "chunks" / "000001.json"
    shutil.copy(second / "chunks" / "000001.json", foreign)
    resume = ["simulate", *CLI_RUN, "--seed", "1", "--out", str(first), "--resume"]
    message = _refused(runner.invoke(main, resume))
    assert f"{foreign} is a chunk of another run" in message and "delete it" in message
    foreign.unlink()  # as the message says: its games are played again, the run's own
    assert runner.invoke(main, resume).exit_code == 0
    assert (first / "games.csv").read_text(encoding="utf-8") == expected


@pytest.mark.parametrize(
    "other",
    [
        Simulation("pyramido", 2, 4, ("random", "greedy"), seed=2, chunk_games=2),  # another seed
        Simulation("pyramido", 2, 4, ("random",), seed=1, chunk_games=2),  # other bots
        Simulation("pyramido", 2, 6, ("random", "greedy"), seed=1, chunk_games=2),  # more games
    ],
    ids=["seed", "bots", "games"],
)
def test_a_chunk_of_another_run_is_refused(cut: Path, other: Simulation) -> None:
    path = cut / "chunks" / "000001.json"
    _write(path, _second_chunk_of(other))
    _refused_resume(cut, path, r"is a chunk of another run \(configuration hash \w+\.\.\., this run's is")


def test_another_ruleset_is_refused_even_when_everything_else_is_the_run(finished: Path, cut: Path) -> None:
    """The same seeds and seats under a house rule: only the configuration hash tells."""
    path = cut / "chunks" / "000001.json"
    theirs = _second_chunk_of(RUN.with_ruleset("pyramido-no-mino", ()))
    ours = _read(finished / "chunks" / "000001.json")
    assert theirs["games"] == ours["games"] and theirs["run"] != ours["run"]
    _write(path, theirs, reseal=False)
    _refused_resume(cut, path, "is a chunk of another run")


def _first_chunk(cut: Path) -> Chunk:
    return _read(cut / "chunks" / "000000.json")


def _renumbered(chunk: int) -> Callable[[Chunk], None]:
    def edit(data: Chunk) -> None:
        data["chunk"] = chunk

    return edit


def _reseeded(data: Chunk) -> None:
    """As if written by a version that seeded the games otherwise: games and rows agree."""
    data["games"][1]["seed"] += 1
    data["rows"][1]["seed"] += 1


def _reseated(data: Chunk) -> None:
    data["games"][0]["bots"].reverse()
    data["rows"][0]["seats"].reverse()


def _row_seed(data: Chunk) -> None:
    data["rows"][0]["seed"] += 1


def _row_bots(data: Chunk) -> None:
    data["rows"][1]["seats"].reverse()


def _dropped(data: Chunk) -> None:
    del data["rows"][1]


def _repeated(data: Chunk) -> None:
    data["rows"].append(data["rows"][1])


def _failed_and_played(data: Chunk) -> None:
    row = data["rows"][0]
    data["failures"].append({"game": row["game"], "seed": row["seed"], "error": "E", "traceback": "T"})


def _score_text(data: Chunk) -> None:
    data["rows"][0]["seats"][1]["score"] = "12"


def _first_player_out_of_range(data: Chunk) -> None:
    data["rows"][0]["first_player"] = 2


def _written_before_proofs(data: Chunk) -> None:
    for key in ("run", "games", "results_sha256"):
        del data[key]


@pytest.mark.parametrize(
    ("name", "edit", "reason"),
    [
        ("000001.json", _renumbered(0), r"holds chunk 0, whose file is 000000\.json, not 000001\.json"),
        ("000002.json", _renumbered(2), r"holds chunk 2, past this run's last \(its chunks are 0-1\)"),
        ("notes.json", _renumbered(1), r"holds chunk 1, whose file is 000001\.json, not notes\.json"),
        ("000000.json", _reseeded, r"gives game 1 seed \d+, this run's seed for it is \d+"),
        (
            "000000.json",
            _reseated,
            r"seats \['greedy', 'random'\] in game 0, this run seats \['random', 'greedy'\]",
        ),
        ("000000.json", _row_seed, r"has game 0 played from seed \d+, not its seed"),
        ("000000.json", _row_bots, "has game 1 played by other bots than its seats'"),
        ("000000.json", _dropped, r"has rows for games \[0\] and failures for \[\]: each of its games 0-1"),
        ("000000.json", _repeated, r"has rows for games \[0, 1, 1\]"),
        ("000000.json", _failed_and_played, r"has rows for games \[0, 1\] and failures for \[0\]"),
        (
            "000000.json",
            _score_text,
            r"is not a chunk file: at \$\.rows\[0\]\.seats\[1\]\.score: '12' is not",
        ),
        ("000000.json", _first_player_out_of_range, r"at \$\.rows\[0\]\.first_player: 2 is greater than"),
        ("000000.json", _written_before_proofs, "is not a chunk file: at \\$: 'run' is a required property"),
    ],
)
def test_a_chunk_that_is_not_the_runs_is_refused(
    cut: Path, name: str, edit: Callable[[Chunk], None], reason: str
) -> None:
    """Each proof alone: the rest of the file is right, its digest made right again."""
    data = _first_chunk(cut)
    edit(data)
    path = cut / "chunks" / name
    (cut / "chunks" / "000000.json").unlink()
    _write(path, data)
    _refused_resume(cut, path, reason)


def test_rows_changed_after_writing_are_refused_by_their_digest(cut: Path) -> None:
    path = cut / "chunks" / "000000.json"
    data = _first_chunk(cut)
    data["rows"][0]["seats"][0]["score"] += 1
    _write(path, data, reseal=False)
    _refused_resume(cut, path, r"do not match their digest \(results_sha256\): changed since it was written")
    del data["rows"][1]
    _write(path, data, reseal=False)
    _refused_resume(cut, path, "do not match their digest")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "is empty"),
        (b" \n", "is empty"),
        (b'{\n "chunk": 0,\n "fail', r"is not JSON \(Unterminated string"),
        (b"\xff\xfe garbage", "is not UTF-8 text"),
        (b"not json at all", r"is not JSON \(Expecting value at line 1, column 1\)"),
        (b'{"chunk": 0, "chunk": 1}', r"is not JSON \(key 'chunk' given twice\)"),
        (b"[1, 2]", r"is not a chunk file: at \$: \[1, 2\] is not of type 'object'"),
        (b"null", r"is not a chunk file: at \$: None is not of type 'object'"),
    ],
)
def test_a_truncated_empty_or_garbage_chunk_is_refused(cut: Path, content: bytes, reason: str) -> None:
    path = cut / "chunks" / "000001.json"
    path.write_bytes(content)
    _refused_resume(cut, path, reason)


def test_a_truncated_chunk_is_one_message_on_the_command_line(tmp_path: Path) -> None:
    folder = tmp_path / "run"
    args = ["simulate", *CLI_RUN, "--out", str(folder)]
    assert CliRunner().invoke(main, args).exit_code == 0
    path = folder / "chunks" / "000001.json"
    path.write_bytes(path.read_bytes()[:40])
    message = _refused(CliRunner().invoke(main, [*args, "--resume"]))
    assert f"{path} is not JSON" in message


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"[1, 2]", r"config\.json is not a run's configuration \(a JSON object\): \[1, 2\]"),
        (b'{"games": 4, "see', r"config\.json is not JSON \(Unterminated string"),
        (b"", r"config\.json is empty"),
        (b"\x00\xff", r"config\.json is not UTF-8 text"),
    ],
)
def test_a_config_that_is_not_a_configuration_is_refused(
    finished: Path, tmp_path: Path, content: bytes, reason: str
) -> None:
    folder = tmp_path / "run"
    shutil.copytree(finished, folder)
    (folder / "config.json").write_bytes(content)
    with pytest.raises(ArgumentError, match=f"^--resume: {re.escape(str(folder))}/{reason}"):
        simulate(RUN, folder, resume=True)
    args = ["simulate", *CLI_RUN, "--out", str(folder), "--resume"]
    assert "config.json" in _refused(CliRunner().invoke(main, args))


def test_a_run_of_another_seeding_scheme_is_refused(finished: Path, tmp_path: Path) -> None:
    """A run whose games were seeded and seated otherwise (no ``scheme``, or another) is
    another configuration, and its chunks carry another configuration hash."""
    folder = tmp_path / "run"
    shutil.copytree(finished, folder)
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    del config["scheme"]
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(ArgumentError, match=r"another configuration \(scheme differ\)"):
        simulate(RUN, folder, resume=True)
    assert _read(folder / "chunks" / "000000.json")["run"] == RUN.digest()
    assert RUN.fingerprint()["scheme"] == 2  # in the hash every chunk carries


def test_chunks_without_a_config_are_refused_with_or_without_resume(cut: Path) -> None:
    """The issue's other case: a leftover folder whose config.json was deleted is neither
    resumed nor played over (its chunks would be taken as this run's)."""
    (cut / "config.json").unlink()
    listed = "chunks/, games.csv, games.parquet, summary.json but no config.json"
    with pytest.raises(ArgumentError, match=f"^--out {re.escape(str(cut))} holds {listed}"):
        simulate(RUN, cut)
    with pytest.raises(ArgumentError, match=f"^--resume: {re.escape(str(cut))} holds {listed}"):
        simulate(RUN, cut, resume=True)
    for name in ("games.csv", "games.parquet", "summary.json"):
        (cut / name).unlink()
    args = ["simulate", *CLI_RUN, "--out", str(cut)]
    for extra in ([], ["--resume"]):
        assert f"{cut} holds chunks/ but no config.json" in _refused(
            CliRunner().invoke(main, [*args, *extra])
        )
    assert not (cut / "config.json").exists()  # nothing written


def test_compare_refuses_the_base_chunk_in_the_variant_before_playing(tmp_path: Path) -> None:
    """The variant's games have the base's seeds and seats: only the hash tells them apart,
    and neither run plays a game before both folders are proved."""
    base = Simulation("pyramido", 2, 4, ("random",), seed=3, chunk_games=2)
    variant = base.with_ruleset("pyramido-no-mino", ())
    out = tmp_path / "cmp"
    compare(base, variant, out)
    (out / "base" / "chunks" / "000000.json").unlink()
    foreign = out / "variant" / "chunks" / "000001.json"
    shutil.copy(out / "base" / "chunks" / "000001.json", foreign)
    with pytest.raises(ChunkError, match="is a chunk of another run") as refused:
        compare(base, variant, out, resume=True)
    assert refused.value.path == foreign
    assert not (out / "base" / "chunks" / "000000.json").exists()  # the base played nothing
    args = ["compare", "pyramido", "pyramido-no-mino", *CLI_RUN, "--seed", "3"]
    assert f"{foreign} is a chunk of another run" in _refused(
        CliRunner().invoke(main, [*args, "--out", str(out), "--resume"])
    )


def test_tournament_refuses_a_chunk_of_another_tournament(tmp_path: Path) -> None:
    ours = Simulation("pyramido", 2, 4, ("random", "greedy"), seed=1, chunk_games=2, tournament=True)
    theirs = Simulation("pyramido", 2, 4, ("random", "greedy"), seed=2, chunk_games=2, tournament=True)
    folder = tmp_path / "t"
    tournament(ours, folder)
    foreign = folder / "chunks" / "000001.json"
    _write(foreign, _second_chunk_of(theirs))
    with pytest.raises(ChunkError, match="is a chunk of another run"):
        tournament(ours, folder, resume=True)
    args = ["tournament", "--bots", "random,greedy", "--games", "4", "--chunk-games", "2", "--seed", "1"]
    message = _refused(CliRunner().invoke(main, [*args, "--out", str(folder), "--resume"]))
    assert f"{foreign} is a chunk of another run" in message
