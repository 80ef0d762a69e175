"""The examples of docs/protocol.md ("Save and restore", "The engine protocol") and the
README's tour of the API are run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyramido import Game
from pyramido.protocol import Session

ROOT = Path(__file__).resolve().parent.parent


def _section(path: Path, title: str) -> str:
    text = path.read_text()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def _blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, re.DOTALL)


def test_the_save_and_restore_example_runs() -> None:
    (example,) = _blocks(_section(ROOT / "docs" / "protocol.md", "Save and restore"), "python")
    namespace: dict[str, object] = {}
    exec(example, namespace)
    again = namespace["again"]
    assert isinstance(again, Game) and again.decision is not None and again.decision.players == (0, 1, 2)


def test_the_engine_protocol_transcript_is_what_the_engine_answers() -> None:
    (transcript,) = _blocks(_section(ROOT / "docs" / "protocol.md", "The engine protocol"), "text")
    lines = transcript.splitlines()
    assert [line[:2] for line in lines] == ["> ", "< "] * (len(lines) // 2)
    session = Session()
    for request, response in zip(lines[::2], lines[1::2], strict=True):
        assert session.handle_line(request[2:]) == response[2:] + "\n"


def test_the_readme_tour_runs_and_its_bot_loop_plays_simultaneous_decisions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tour,) = _blocks(_section(ROOT / "README.md", "A tour of the API"), "python")
    namespace: dict[str, object] = {}
    exec(tour, namespace)
    assert "Decision(kind='take', players=(0,), stage=1)" in capsys.readouterr().out
    loop = tour[tour.index("bot = make_bot") : tour.index("\n\n", tour.index("bot = make_bot"))]
    for ruleset in ("forgotten-treasures", "silver-gold-pyramids"):  # they decide at once at times
        game = Game(ruleset, num_players=3, seed=7)
        exec(loop, {**namespace, "game": game})
        assert game.is_over
