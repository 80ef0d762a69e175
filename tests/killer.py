"""A house-rule file that kills the process playing one game (by seed), for the tests of
lost workers: with ``PYRAMIDO_TEST_KILL`` unset it does nothing, set to a file's path it
kills once (and leaves that file), set to ``always`` it kills every time."""

KILLER = """
import os
from pathlib import Path
from pyramido.plugin import PluginInfo, hookimpl

@hookimpl
def pyramido_plugin_info():
    return PluginInfo("killer", ("pyramido",), "kills its worker at the end of game seed {seed}")

@hookimpl
def pyramido_event(game, event):
    wanted = os.environ.get("PYRAMIDO_TEST_KILL", "")
    if event["type"] != "game_over" or game.seed != {seed} or not wanted:
        return
    marker = Path(wanted)
    if wanted == "always":
        os._exit(9)
    if marker.parent.is_dir() and not marker.exists():
        marker.write_text("done")
        os._exit(9)
"""
