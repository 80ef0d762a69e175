"""A client in another language (Node, tests/node/client.mjs) plays a full game of every
shipped ruleset through ``pyramido engine``: undo, save and load, bad requests,
simultaneous decisions."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pyramido.resources import shipped_rulesets

CLIENT = Path(__file__).resolve().parent / "node" / "client.mjs"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_node_client_plays_every_game() -> None:
    done = subprocess.run(
        ["node", str(CLIENT), sys.executable], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    played = done.stdout.splitlines()
    assert [line.split(":")[0] for line in played] == list(shipped_rulesets())
