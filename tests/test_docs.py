"""The README's two commands are the ones that work, CI runs the test command, and the
docs hold: their links resolve, the benchmarks page stays short, the tutorial passes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    blocks = re.findall(r"```bash\n(.*?)```", (ROOT / "README.md").read_text(), re.DOTALL)
    return [block.strip() for block in blocks[:2]]


def test_readme_starts_with_install_and_demo_then_the_test_command() -> None:
    first, second = _readme_commands()
    assert first == "pip install '.[web]' && pyramido demo"
    assert second.startswith("sh tests/install-chromium.sh && pip install -e '.[test]'")
    assert "pytest" in second


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert _readme_commands()[1] in ci_lines


def test_docs_links_resolve() -> None:
    for doc in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]:
        for target in re.findall(r"\]\(([^)#:]+)\)", doc.read_text()):
            assert (doc.parent / target).exists(), f"{doc.name} links to missing {target}"


def test_the_benchmarks_page_holds_current_figures_not_history() -> None:
    """docs/benchmarks.md is the figures, the method and the commands; its history is in
    git. A page past 250 lines has started to keep a log again."""
    lines = (ROOT / "docs" / "benchmarks.md").read_text().splitlines()
    assert len(lines) <= 250, f"docs/benchmarks.md has {len(lines)} lines: keep it to 250"


def test_the_plugin_tutorial_ends_with_a_passing_test(tmp_path: Path) -> None:
    """Every ``# file: NAME`` block of docs/plugin_tutorial.md is docs/examples/NAME (which
    mypy checks), and, written into an empty folder, the tutorial's own test passes there."""
    text = (ROOT / "docs" / "plugin_tutorial.md").read_text()
    files = re.findall(r"```\w+\n# file: (\S+)\n(.*?)```", text, re.DOTALL)
    assert {name for name, _ in files} == {"rainbow.py", "rainbow.yaml", "test_rainbow.py"}
    for name, body in files:
        assert body == (ROOT / "docs" / "examples" / name).read_text(), f"the tutorial's {name} differs"
        (tmp_path / name).write_text(body)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_rainbow.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
