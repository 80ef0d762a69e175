"""The worked example of docs/adapters.md ("A worked example that learns"): its code, run
with fewer training games, trains a policy that beats the random bot by a margin over
seeded games; the learning-curve script draws its plot where it is asked to."""

from __future__ import annotations

import re
from pathlib import Path

from pyramido.adapters.reinforce import main

ROOT = Path(__file__).resolve().parent.parent
#: Training games of the test's run (the docs' example trains more): enough to learn.
EPISODES = 300


def _example() -> str:
    text = (ROOT / "docs" / "adapters.md").read_text()
    section = text.split("\n## A worked example that learns\n", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    return code


def test_the_worked_example_beats_the_random_bot_over_seeded_games() -> None:
    """The untrained policy is the random bot (it wins about one game in ten: both seats
    are often out); trained, it wins most of the same 64 seeded games."""
    code, runs = _example(), {}
    assert re.search(r"^EPISODES = \d+", code, re.MULTILINE)
    exec(compile(re.sub(r"^EPISODES = \d+", f"EPISODES = {EPISODES}", code, flags=re.MULTILINE),
                 "docs/adapters.md", "exec"), runs)  # fmt: skip
    before, after = runs["before"], runs["after"]
    assert before < 0.25, "the untrained policy plays as the random bot"
    assert after >= before + 0.5 and after >= 0.75, (before, after)


def test_the_learning_curve_script_draws_its_plot(tmp_path: Path) -> None:
    plot = tmp_path / "curve.svg"
    main([str(plot), "--episodes", "32", "--every", "16", "--games", "8"])
    assert plot.read_text().lstrip().startswith("<?xml") and "<svg" in plot.read_text()
