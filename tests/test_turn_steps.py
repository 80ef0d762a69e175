"""The turn declared as data (pyramido.engine.turn_steps): one ``advance`` walks every
game's steps; a failure in a step is blamed on the plugin that put it, part by part."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from pyramido import Action
from pyramido.engine.game import Decision
from pyramido.games.forgotten_treasures.flow import SCORING
from pyramido.games.forgotten_treasures.flow import TURN as FT_TURN
from pyramido.games.pyramido.flow import FILL, TURN
from pyramido.games.silver_gold.flow import EXPEDITION, OPENING
from pyramido.plugin import AGAIN, STAY, Effect, Outcome, RuleSteps, Step, TurnSteps


class Counting(Step[dict[str, Any]]):
    """A step asked while ``state["left"]`` is positive; each action counts one down."""

    decision, actions = "count", ("count",)

    def __init__(self, outcome: Outcome | None) -> None:
        self.outcome = outcome

    def stage(self, state: dict[str, Any]) -> int:
        return 1

    def offer(self, game: Any, state: dict[str, Any], player: int) -> bool:
        state["offered"] += 1
        return bool(state["left"])

    def legal(self, game: Any, player: int) -> list[int]:
        return [0]

    def explain(self, game: Any, player: int, action: Action) -> str:
        return "never"

    def apply(self, game: Any, state: dict[str, Any], player: int, action: Action) -> Outcome | None:
        state["left"] -= 1
        return self.outcome


def _walk(outcome: Outcome | None, left: int) -> tuple[dict[str, Any], Any, list[str]]:
    """A two-step turn (an effect, then the counting step) started for seat 1."""
    done: list[str] = []
    state = {"left": left, "offered": 0}
    turn: TurnSteps[dict[str, Any]] = TurnSteps(
        Effect(lambda game, state: done.append("effect")),
        Counting(outcome),
        then=lambda game, state, player: done.append(f"then {player}"),
    )
    game = SimpleNamespace(state=state, decision=None, num_players=2)
    turn.start(game, state, 1)  # type: ignore[arg-type]  # the walker reads these three fields only
    (apply,) = (step.apply for step in turn.rule_steps())
    while game.decision is not None:
        game.decision, decision = None, game.decision
        assert decision == Decision("count", (1,), 1)
        apply(game, 1, None)  # type: ignore[arg-type]
    return state, game, done


def test_a_step_not_offered_is_passed_and_then_ends_the_turn() -> None:
    state, game, done = _walk(None, left=0)
    assert done == ["effect", "then 1"] and state["offered"] == 1 and game.decision is None


def test_a_step_asked_once_goes_on_after_its_action() -> None:
    state, _, done = _walk(None, left=3)
    assert state == {"left": 2, "offered": 1} and done == ["effect", "then 1"]


def test_again_offers_the_same_step_until_it_declines() -> None:
    state, _, done = _walk(AGAIN, left=3)
    assert state == {"left": 0, "offered": 4} and done == ["effect", "then 1"]


def test_stay_leaves_the_decision_as_the_step_set_it() -> None:
    state = {"left": 2, "offered": 0}
    turn: TurnSteps[dict[str, Any]] = TurnSteps(Counting(STAY), then=lambda *_: pytest.fail("the turn ended"))
    game = SimpleNamespace(state=state, decision="kept", num_players=2)
    (apply,) = (step.apply for step in turn.rule_steps())
    apply(game, 0, None)
    assert game.decision == "kept" and state["left"] == 1


class Failing(Counting):
    def offer(self, game: Any, state: dict[str, Any], player: int) -> bool:
        raise RuntimeError("offer broke")


def test_each_part_of_a_turn_step_is_blamed_on_the_plugin_that_put_it() -> None:
    steps = RuleSteps()
    turn: TurnSteps[dict[str, Any]] = TurnSteps(Failing(None), then=lambda *_: None)
    steps.put_from("broken-rule", lambda into: [into.put(step) for step in turn.rule_steps()])
    blamed = {code.co_qualname: part for code, (_, part) in steps.culprits.items()}
    assert blamed == {
        "Counting.legal": "rule step 'count' (legal)",
        "Counting.explain": "rule step 'count' (explain)",
        "Counting.apply": "rule step 'count' (apply)",  # the step's own, not the turn's wrapper
        "Failing.offer": "rule step 'count' (offer)",
    }
    assert {plugin for plugin, _ in steps.culprits.values()} == {"broken-rule"}
    assert Step.ask.__code__ not in steps.culprits  # the engine's default is nobody's fault


@pytest.mark.parametrize(
    ("turn", "decisions"),
    [
        (TURN, ["take", "place", "mark", "cover", "refill", "split"]),
        (FILL, ["fill"]),
        (FT_TURN, ["take", "split", None, "reveal", "place"]),
        (SCORING, ["scoring"]),
        (OPENING, ["keep", None]),
        (EXPEDITION, [None, "mark", None, "replace", None]),
    ],
)
def test_each_game_declares_its_turn_in_the_rulebook_order(
    turn: TurnSteps[Any], decisions: list[Any]
) -> None:
    assert [None if isinstance(step, Effect) else step.decision for step in turn.steps] == decisions
