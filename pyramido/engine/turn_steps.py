"""A game's turn declared as data: its rule steps in the rulebook's order, and the one
:meth:`TurnSteps.advance` that walks them.

A :class:`Step` holds one decision kind's parts side by side: whether it is asked now
(:meth:`~Step.offer`), who decides (:meth:`~Step.ask`), its legal actions, the explanation
of an illegal one, and its effect (:meth:`~Step.apply`). An :class:`Effect` is a step
nobody decides (the gem areas replenished, the marks revealed). A :class:`TurnSteps` lists
them: after a step's effect, play goes on to the first later step that is offered, and
when none is left, to ``then`` (the next player's turn, the stage's end). So a game's
turn reads as one declaration, and no step calls the next.

The engine sees each step as a :class:`~pyramido.engine.steps.RuleStep`
(:meth:`TurnSteps.rule_steps`), so a house rule replaces or wraps one as before.
"""

from __future__ import annotations

import enum
import linecache
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .game import decision_of, decision_of_one
from .steps import RuleStep

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game

S = TypeVar("S")  # a game's state


class Outcome(enum.Enum):
    """What a step's :meth:`~Step.apply` returns when play does not simply go on to the
    next step (it returns ``None`` then)."""

    #: The same step is offered again (its ``offer`` says whether): a fill that has more
    #: spaces, a replacement that has more cards.
    AGAIN = enum.auto()
    #: The decision stays as ``apply`` left it: other seats still decide, or the seat that
    #: acted decides again.
    STAY = enum.auto()


AGAIN = Outcome.AGAIN
STAY = Outcome.STAY


class Step(Generic[S]):
    """One decision kind of a game's turn, all its parts in one place.

    A game's steps share a base class that says in which stage its decisions are
    (:meth:`stage`). ``legal`` and ``explain`` take what the engine gives a
    :class:`~pyramido.engine.steps.RuleStep`; ``offer``, ``ask`` and ``apply`` also take
    the state, which the turn reads once per action.
    """

    #: The kind of decision this step answers, and the action kinds it takes.
    decision: ClassVar[str]
    actions: ClassVar[tuple[str, ...]]
    #: Whether every seat decides at once (``ask`` names them all).
    together: ClassVar[bool] = False
    #: :attr:`~pyramido.engine.steps.RuleStep.independent_seats`.
    independent_seats: ClassVar[bool] = False
    #: Whether :meth:`legal_seats` lists several seats in one go
    #: (:attr:`~pyramido.engine.steps.RuleStep.legal_seats`).
    lists_seats: ClassVar[bool] = False
    #: Whether :meth:`apply` may return the player's next legal actions
    #: (:attr:`~pyramido.engine.steps.RuleStep.hands_legal`).
    hands_legal: ClassVar[bool] = False

    def stage(self, state: S) -> int:
        """The stage (from 1) the step's decision is in (``Decision.stage``)."""
        raise NotImplementedError(f"{type(self).__name__} does not say its game's stage")

    def offer(self, game: Game, state: S, player: int) -> bool:
        """Whether the step's decision is asked now. A step asked only sometimes asks the
        phase hooks here, and keeps their answer in the state for ``legal``."""
        return True

    def ask(self, game: Game, state: S, player: int) -> None:
        """Make the step's decision the game's: ``player`` decides, or every seat at once."""
        if self.together:
            game.decision = decision_of(self.decision, tuple(range(game.num_players)), self.stage(state))
        else:
            game.decision = decision_of_one(self.decision, player, self.stage(state))

    def legal(self, game: Game, player: int) -> list[int]:
        """The ascending action indices ``player`` may take now (never empty once asked)."""
        raise NotImplementedError

    def legal_seats(self, game: Game, players: tuple[int, ...]) -> list[list[int]]:
        """``legal`` of each of ``players`` in one go (for a step that ``lists_seats``)."""
        raise NotImplementedError

    def explain(self, game: Game, player: int, action: Action) -> str:
        """Which rule ``action`` (of this step's kinds, not legal now) breaks."""
        raise NotImplementedError

    def apply(self, game: Game, state: S, player: int, action: Action) -> Outcome | list[int] | None:
        """Carry out a legal action. ``None``: the turn goes on; else an :class:`Outcome`, or
        (a step that :attr:`hands_legal`) the player's legal actions as the decision stays."""
        raise NotImplementedError


class Effect(Step[S]):
    """A step nobody decides: ``effect(game, state)`` is done as play passes it (the turn
    calls it itself: it is never offered nor asked)."""

    def __init__(self, effect: Callable[[Game, S], None]) -> None:
        self.effect = effect


class TurnSteps(Generic[S]):
    """A turn: ``steps`` in order, then ``then(game, state, player)``, ``player`` being the
    seat whose turn it is (for steps every seat decides at once, the seat that acted
    last).

    The walk is compiled once, into one function per position (:func:`_walk_source`):
    straight code that calls each step's ``offer`` and ``ask`` by name, as a turn written
    by hand would. A loop over the steps costs a game 1.5% more (counted instructions):
    CPython 3.11 specialises a call to the one function it always calls, which a loop's
    call, taking every step's in turn, is not; and the loop makes an iterator per step.
    """

    def __init__(self, *steps: Step[S], then: Callable[[Game, S, int], None]) -> None:
        self.steps = steps
        self.then = then
        #: ``walks[at](game, state, player)``: :meth:`advance` from position ``at``.
        self._walks: tuple[Callable[[Game, S, int], None], ...] = tuple(
            self._compile("walk", at, ["def walk(game, state, player):", *_walk_source(steps, at, 1)])
            for at in range(len(steps) + 1)
        )
        #: ``start(game, state, player)``: ``player``'s turn begins, the first step offered
        #: is asked (:meth:`advance` from the first step, without a call more).
        self.start = self._walks[0]

    def advance(self, game: Game, state: S, player: int, at: int = 0) -> None:
        """Ask the first step from position ``at`` on that is offered; none left: ``then``."""
        self._walks[at](game, state, player)

    def rule_steps(self) -> tuple[RuleStep, ...]:
        """The steps as the engine takes them: each ``apply`` followed by :meth:`advance`."""
        return tuple(
            RuleStep(
                step.decision,
                step.actions,
                step.legal,
                step.explain,
                self._applying(at, step),
                step.independent_seats,
                step.legal_seats if step.lists_seats else None,
                step.hands_legal,
            )
            for at, step in enumerate(self.steps)
            if not isinstance(step, Effect)
        )

    def _applying(self, at: int, step: Step[S]) -> Callable[[Game, int, Action], list[int] | None]:
        """``step.apply``, then play goes on: :meth:`advance` from the next position (the
        walk written out in the same function: a call less at every step), or from this
        one (``AGAIN``). A list the step hands over is returned to the engine."""
        lines = [
            "def apply(game, player, action):",
            "    state = game.state",
            "    outcome = step_apply(game, state, player, action)",
            "    if outcome is None:",
            *_walk_source(self.steps, at + 1, 2),
            "    elif outcome is AGAIN:",
            "        again(game, state, player)",
            *(["    elif outcome is not STAY:", "        return outcome"] if step.hands_legal else []),
        ]
        names = {"step_apply": step.apply, "again": self._walks[at], "AGAIN": AGAIN, "STAY": STAY}
        apply = self._compile("apply", at, lines, **names)
        return wraps(step.apply)(apply)  # its __wrapped__: the step's own code, which a failure is blamed on

    def _compile(self, name: str, at: int, lines: list[str], **names: Any) -> Any:
        """The function ``name`` that ``lines`` define, the steps' parts and ``then`` bound
        to the names :func:`_walk_source` gives them. Its source is kept for tracebacks."""
        for k, step in enumerate(self.steps):
            if isinstance(step, Effect):
                names[f"effect_{k}"] = step.effect
            else:
                names[f"offer_{k}"], names[f"ask_{k}"] = step.offer, step.ask
        names["then"] = self.then
        source = "".join(f"{line}\n" for line in lines)
        kinds = ", ".join("effect" if isinstance(step, Effect) else step.decision for step in self.steps)
        file = f"<turn steps {kinds}: {name} at {at}>"
        linecache.cache[file] = (len(source), None, source.splitlines(True), file)
        exec(compile(source, file, "exec"), names)  # the source is made above, of names only
        return names[name]


def _walk_source(steps: tuple[Step[Any], ...], at: int, depth: int) -> list[str]:
    """The lines of the walk from position ``at``, indented ``depth`` levels: an effect is
    done, a step offered (or always asked: then the walk ends there) is asked; when no
    step is left, ``then``."""
    lines = []
    for k in range(at, len(steps)):
        step = steps[k]
        if isinstance(step, Effect):
            lines.append(f"effect_{k}(game, state)")
        elif type(step).offer is Step.offer:  # always asked
            lines += [f"ask_{k}(game, state, player)", "return"]
            break
        else:
            lines += [
                f"if offer_{k}(game, state, player):",
                f"    ask_{k}(game, state, player)",
                "    return",
            ]
    else:
        lines.append("then(game, state, player)")
    return ["    " * depth + line for line in lines]
