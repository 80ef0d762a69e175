"""Every hook is documented and exercised: a recorder wraps each one during real games."""

from __future__ import annotations

import dataclasses
import inspect
import re
from collections import Counter
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from pyramido import Game, IllegalActionError, hookspecs, load_ruleset
from pyramido.bots import make_bot, play_out
from pyramido.games import pyramido as pyramido_plugin
from pyramido.hookspecs import hookimpl
from pyramido.plugins import Rules, hook_names, make_plugin_manager

DOCS = Path(__file__).resolve().parent.parent / "docs" / "plugin_hooks.md"


class Recorder:
    """Wraps every hook and counts the calls; changes nothing."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()

    def _seen(self, name: str) -> Generator[None, Any, Any]:
        self.calls[name] += 1
        return (yield)

    @hookimpl(wrapper=True)
    def pyramido_action_space(self, ruleset: Any) -> Generator[None, Any, Any]:
        return (yield from self._seen("pyramido_action_space"))

    @hookimpl(wrapper=True)
    def pyramido_check_ruleset(self, ruleset: Any) -> Generator[None, Any, Any]:
        return (yield from self._seen("pyramido_check_ruleset"))

    @hookimpl(wrapper=True)
    def pyramido_setup(self, game: Any) -> Generator[None, Any, Any]:
        return (yield from self._seen("pyramido_setup"))

    @hookimpl(wrapper=True)
    def pyramido_legal_actions(self, game: Any, player: int) -> Generator[None, Any, Any]:
        return (yield from self._seen("pyramido_legal_actions"))

    @hookimpl(wrapper=True)
    def pyramido_explain_illegal(self, game: Any, player: int, action: Any) -> Generator[None, Any, Any]:
        return (yield from self._seen("pyramido_explain_illegal"))

    @hookimpl(wrapper=True)
    def pyramido_apply(self, game: Any, player: int, action: int) -> Generator[None, Any, Any]:
        return (yield from self._seen("pyramido_apply"))

    @hookimpl(wrapper=True)
    def pyramido_score_stage(self, game: Any, player: int) -> Generator[None, Any, Any]:
        return (yield from self._seen("pyramido_score_stage"))

    @hookimpl(wrapper=True)
    def pyramido_next_start_player(self, game: Any, stage_scores: Any) -> Generator[None, Any, Any]:
        return (yield from self._seen("pyramido_next_start_player"))

    @hookimpl(wrapper=True)
    def pyramido_ranking(self, game: Any) -> Generator[None, Any, Any]:
        return (yield from self._seen("pyramido_ranking"))

    @hookimpl(wrapper=True)
    def pyramido_observation(self, game: Any, player: Any) -> Generator[None, Any, Any]:
        return (yield from self._seen("pyramido_observation"))

    @hookimpl
    def pyramido_event(self, game: Any, event: dict[str, Any]) -> None:
        self.calls["pyramido_event"] += 1


def _recorded_ruleset() -> tuple[Any, Recorder]:
    recorder = Recorder()
    base = load_ruleset("pyramido")
    rules = Rules(make_plugin_manager([("pyramido", pyramido_plugin), ("recorder", recorder)]))
    ruleset = dataclasses.replace(base, rules=rules)
    assert rules.check_ruleset(ruleset) == [[]]
    ruleset.space = rules.action_space(ruleset)
    return ruleset, recorder


def test_every_hook_is_exercised_by_a_real_game() -> None:
    ruleset, recorder = _recorded_ruleset()
    game = Game(ruleset, 2, 8)
    with pytest.raises(IllegalActionError, match="cannot"):
        game.apply({"kind": "place", "x": 0, "y": 0, "rot": 0})
    game.observation(0)
    play_out(game, [make_bot("greedy"), make_bot("random", 1)])
    game.ranking()
    missing = [name for name in hook_names() if recorder.calls[name] == 0]
    assert not missing, f"hooks no test exercises: {missing}"


def test_the_recorder_covers_every_hookspec() -> None:
    wrapped = {name for name, _ in inspect.getmembers(Recorder) if name.startswith("pyramido_")}
    assert wrapped == set(hook_names())


def test_every_hook_is_documented_with_its_arguments() -> None:
    text = DOCS.read_text()
    for name in hook_names():
        match = re.search(rf"^## `{name}\((.*)\)`", text, re.MULTILINE)
        assert match, f"{name} has no section in docs/plugin_hooks.md"
        spec_args = list(inspect.signature(getattr(hookspecs, name)).parameters)
        assert [a.strip() for a in match.group(1).split(",")] == spec_args


def test_every_hookspec_has_a_docstring() -> None:
    for name in hook_names():
        assert (getattr(hookspecs, name).__doc__ or "").strip(), name


def test_tracing_goes_through_pluggy(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PYRAMIDO_TRACE_PLUGINS", "1")
    rules = Rules(make_plugin_manager([("pyramido", pyramido_plugin)]))
    ruleset = dataclasses.replace(load_ruleset("pyramido"), rules=rules)
    Game(ruleset, 2, 1)
    assert "pyramido_setup" in capsys.readouterr().err


def test_resolved_callers_keep_firstresult_order() -> None:
    """A later plugin answering None lets the base answer; a later answer wins."""

    class Declines:
        @hookimpl
        def pyramido_next_start_player(self, game: Any, stage_scores: Any) -> None:
            return None

    class Overrides:
        @hookimpl
        def pyramido_next_start_player(self, stage_scores: Any) -> int:  # a subset of the arguments
            return 3

    base = load_ruleset("pyramido")
    for extra, expected in ((Declines(), 1), (Overrides(), 3)):
        rules = Rules(make_plugin_manager([("pyramido", pyramido_plugin), ("extra", extra)]))
        game = Game(dataclasses.replace(base, rules=rules), 4, 1)
        assert rules.next_start_player(game, [5, 1, 9, 9]) == expected
