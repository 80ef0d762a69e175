"""Rule steps: one unit per decision kind, holding its legal actions, the explanation of an
illegal one, and its effect.

A game is a sequence of decisions (``take``, ``place``, ``mark``...). Each decision kind of
a game is one :class:`RuleStep`, registered by the game plugin through the
``pyramido_rule_steps`` hook; a house rule replaces one, or wraps it by keeping the base
step and changing one of its parts (``steps.put(steps["mark"].but(legal=...))``). The
engine asks the step of the current decision for everything: so the game reads like its
rulebook's turn sequence, and no dispatcher switches on the decision.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import CodeType
from typing import TYPE_CHECKING, Any

from ..errors import PyramidoError

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game

#: ``legal(game, player)``: the ascending action indices the player may take now.
Legal = Callable[["Game", int], list[int]]
#: ``explain(game, player, action)``: which rule an action of this step's kinds breaks.
Explain = Callable[["Game", int, "Action"], str]
#: ``apply(game, player, action)``: carry out a legal action and set the next decision;
#: ``None``, or the player's next legal actions (see :attr:`RuleStep.hands_legal`).
Apply = Callable[["Game", int, "Action"], "list[int] | None"]
#: ``legal_seats(game, players)``: ``legal(game, player)`` of each of ``players``, in order.
LegalSeats = Callable[["Game", tuple[int, ...]], list[list[int]]]


@dataclass(frozen=True)
class RuleStep:
    """One decision kind of a game.

    ``decision`` is the kind of :class:`~pyramido.engine.game.Decision` it answers; ``actions``
    the action kinds that decision takes (the engine itself refuses others, naming them).
    ``legal`` is never empty while the step's decision waits for the player; ``apply`` is
    only ever given a legal action, so it cannot fail on the player's account.

    ``independent_seats`` declares that the seats of a simultaneous decision decide
    independently: one seat's action never changes another seat's legal actions while the
    decision goes on (the same kind and stage, no seat added). The engine then keeps the
    other seats' lists after each seat's step instead of asking ``legal`` for them again,
    which is most of the listing in a game where every seat decides at once. A step made
    by :meth:`but` with a new ``legal`` is not independent unless it says so again: the
    engine cannot know what the wrapper reads.

    ``legal_seats``, when given, lists several seats' legal actions in one call, each what
    ``legal`` gives: the engine uses it as a simultaneous decision starts, every seat to be
    listed at once (Silver & Gold marks every seat's cards in one call of the C core). A
    new ``legal`` given to :meth:`but` drops it unless it is given again.

    ``hands_legal`` declares that ``apply`` may return the player's legal actions in the
    decision that follows, worked out while carrying out the action (in Silver & Gold,
    whether any owed cross can go somewhere decides whether the seat marks again). The
    engine keeps that list, as ``legal`` would give it, when the decision that follows is
    this step's again and the player is in it; else it asks ``legal`` as usual. A new
    ``legal`` given to :meth:`but` clears it unless given again (the list is the old
    ``legal``'s).
    """

    decision: str
    actions: tuple[str, ...]
    legal: Legal
    explain: Explain
    apply: Apply
    independent_seats: bool = False
    legal_seats: LegalSeats | None = None
    hands_legal: bool = False

    def but(self, **changes: Any) -> RuleStep:
        """This step with some parts replaced (a wrapper keeps the old part to call it). A
        new ``legal`` clears ``independent_seats``, ``legal_seats`` and ``hands_legal`` unless
        given again (``but(legal=..., independent_seats=True)`` when the wrapper reads the
        seat's own facts only)."""
        if "legal" in changes:
            changes.setdefault("independent_seats", False)
            changes.setdefault("legal_seats", None)
            changes.setdefault("hands_legal", False)
        return dataclasses.replace(self, **changes)


class RuleSteps(Mapping[str, RuleStep]):
    """The steps of one ruleset by decision kind: plugins ``put`` theirs in turn, each
    replacing the step of the same decision kind. It remembers which plugin put each part
    of a step, so that a failing step is blamed on its author."""

    def __init__(self) -> None:
        #: The steps by decision kind, read on every move (read it; ``put`` to change it).
        #: A kind no step answers raises KeyError here, a PyramidoError through ``[]``.
        self.by_kind: dict[str, RuleStep] = {}
        self._plugin = "?"
        self.culprits: dict[CodeType, tuple[str, str]] = {}
        self.authors: dict[str, str] = {}  # decision kind -> the plugin that put its step

    def put(self, step: RuleStep) -> None:
        if not isinstance(step, RuleStep):
            raise PyramidoError(f"plugin {self._plugin!r} put {type(step).__name__}, not a RuleStep")
        for part, function in _parts(step):
            code = getattr(function, "__code__", None)
            if code is not None:
                self.culprits.setdefault(code, (self._plugin, f"rule step {step.decision!r} ({part})"))
        self.by_kind[step.decision] = step
        self.authors[step.decision] = self._plugin

    def put_from(self, plugin: str, fill: Callable[[RuleSteps], object]) -> None:
        """Let ``plugin`` put its steps (``fill(self)``), noting it as their author."""
        self._plugin = plugin
        try:
            fill(self)
        finally:
            self._plugin = "?"

    def __getitem__(self, decision: str) -> RuleStep:
        try:
            return self.by_kind[decision]
        except KeyError:
            known = ", ".join(self.by_kind) or "none"
            raise PyramidoError(f"no rule step for the decision {decision!r} (steps: {known})") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.by_kind)

    def __len__(self) -> int:
        return len(self.by_kind)


def _parts(step: RuleStep) -> Iterator[tuple[str, Callable[..., Any]]]:
    """The functions a failure of ``step`` may be raised in, by part: its own (an
    ``apply`` that wraps a turn step's, its ``__wrapped__``), and a turn step's ``offer``
    and ``ask`` (:mod:`~pyramido.engine.turn_steps`), which the turn calls as it advances."""
    for part in ("legal", "explain", "apply", "legal_seats"):
        function = getattr(step, part)
        if function is not None:
            yield part, getattr(function, "__wrapped__", function)
    owner = getattr(getattr(step.apply, "__wrapped__", None), "__self__", None)  # a turn step's
    for part in ("offer", "ask"):
        method = getattr(owner, part, None)
        if method is not None and method.__module__ != _TURN_STEPS:  # not the shared default
            yield part, method


_TURN_STEPS = f"{__package__}.turn_steps"
