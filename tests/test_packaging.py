"""``pip install .`` into a fresh virtual environment works from any directory.

Slow (it builds the C core in pip's isolated build environment), but it is the only test
that sees the package as a user gets it: compiled module, rulesets and schemas inside.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if os.environ.get("PYRAMIDO_SKIP_PACKAGING") == "1":
        pytest.skip("PYRAMIDO_SKIP_PACKAGING=1 (the sanitizer run reuses the in-place build)")
    env_dir = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=True).create(env_dir)
    pip = env_dir / "bin" / "pip"
    # the README's first command: the package with its web extra
    subprocess.run([str(pip), "install", "--quiet", f"{ROOT}[web]"], check=True, cwd=env_dir)
    return env_dir / "bin"


def _run(bin_dir: Path, *args: str, cwd: Path) -> str:
    done = subprocess.run(
        args,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "PYTHONPATH": ""},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_installed_package_runs_from_elsewhere(installed: Path, tmp_path: Path) -> None:
    code = (
        "import pyramido, pyramido._core as c, pyramido.geometry.core as core\n"
        "from pyramido.resources import shipped_rulesets, schema\n"
        "assert 'site-packages' in pyramido.__file__ and 'site-packages' in c.__file__\n"
        "assert 'pyramido' in shipped_rulesets() and schema('game-record')['title']\n"
        "print(core.placements(bytes(324), 0))\n"
    )
    assert (
        _run(installed, str(installed / "python"), "-c", code, cwd=tmp_path).strip() == "[160, 161, 162, 163]"
    )


def test_installed_console_script_plays_a_demo(installed: Path, tmp_path: Path) -> None:
    out = _run(installed, str(installed / "pyramido"), "demo", "--players", "2", "--seed", "3", cwd=tmp_path)
    assert "Stage 4" in out or "stage 4" in out


def test_installed_engine_speaks_the_protocol(installed: Path, tmp_path: Path) -> None:
    """The protocol's schema is in the wheel: requests are checked against it."""
    requests = '{"id": 1, "cmd": "new", "ruleset": "pyramido", "players": 2}\n{"id": 2, "cmd": "legal"}\n'
    done = subprocess.run(
        [str(installed / "pyramido"), "engine"],
        input=requests,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": ""},
    )
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["ok"] and second["ok"] and second["result"]["actions"][0]["action"]["kind"] == "take"


def test_installed_server_serves_its_pages(installed: Path, tmp_path: Path) -> None:
    """The page's static files are in the wheel, and the README's first command's install
    starts the page."""
    import urllib.request

    server = subprocess.Popen(
        [str(installed / "pyramido"), "serve", "--port", "0"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": ""},
    )
    try:
        assert server.stdout is not None
        address = server.stdout.readline().split()[3]
        for path in ["", "static/table.js", "static/style.css", "replay/x"]:
            with urllib.request.urlopen(address + path, timeout=30) as response:
                assert response.status == 200
    finally:
        server.terminate()
        server.wait(30)


def test_import_leaves_the_heavy_modules_for_later() -> None:
    """``import pyramido`` stays light (docs/benchmarks.md measures it): the schema
    validator, the YAML parser, the entry-point lookup, the shipped files' lookup, the
    hashes of rulesets and plugin files and the suggestions for a misspelt hook load when
    first needed. What the interpreter loaded before ``import pyramido`` (a ``.pth`` file of
    the environment may import certifi, and with it ``importlib.resources``) is not
    pyramido's doing, so only the modules the import itself added are looked at."""
    heavy = ("jsonschema", "yaml", "importlib.metadata", "importlib.resources", "hashlib", "difflib")
    code = (
        "import sys; before = set(sys.modules); import pyramido; "
        f"print([m for m in {heavy!r} if m in sys.modules and m not in before])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
