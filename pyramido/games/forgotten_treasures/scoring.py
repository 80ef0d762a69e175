"""The ``scoring`` decision at a stage's end (docs/rules.md §3.3), every player at once and
in secret: ``activate`` areas with a payment of ``pyramido_payment_table``, then
``end_activation``, then ``discard`` down to ``pyramido_inventory_limit``. When nobody is
left choosing, the stage is scored (:func:`.flow.end_stage`): the step the stage's end
(:data:`.flow.SCORING`) asks."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ...engine.game import decision_of
from ...engine.turn_steps import STAY, Step
from ...engine.views import made
from ..pyramids.steps import PyramidStep
from .activation import AreaValue, Spend, score_spends
from .hooks import rules_of
from .state import MAX_AREAS, Scoring, State, state_of
from .tables import MAX_KEPT, Affordable, affordable_table
from .views import Payment

if TYPE_CHECKING:
    from ...engine.actions import Action
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset
    from ...engine.turn_steps import Outcome
    from ...engine.views import Area
    from .hooks import ForgottenTreasuresHooks


def payment_table(ruleset: Ruleset) -> tuple[Payment, ...]:
    """The ruleset's ways to pay for an area (``pyramido_payment_table``), in its order:
    asked once per ruleset and shared by its games, so that what is kept by payment table
    (:func:`_affordable`) is kept once, not once per game."""
    return ruleset.derived("ft.payment_table", _payment_table)


def _payment_table(ruleset: Ruleset) -> tuple[Payment, ...]:
    return tuple(Payment(*payment) for payment in rules_of(ruleset).payment_table(ruleset))


def area_value(game: Game, player: int, areas: tuple[Area, ...]) -> AreaValue:
    """``pyramido_area_value`` of ``player`` for the area of each label, as the activation
    solver asks it."""

    hook = rules_of(game).area_value

    def value(label: int, doubled: bool) -> int:
        return hook(game, player, areas[label], doubled)

    return value


class StageScoring(PyramidStep[State]):
    """Every seat at once, in secret: an affordable payment on an area, ``end_activation``,
    then gems to discard."""

    decision, actions = "scoring", ("activate", "end_activation", "discard")
    together = independent_seats = True
    ask = Step.ask  # every seat at once

    def legal(self, game: Game, player: int) -> list[int]:
        """Before the activations end: an affordable payment on each area not yet activated,
        and ``end_activation``; after: a gem of each kind held, to discard. A seat's choice
        changes its own offer alone (the step's ``independent_seats``): the engine asks again
        for the seat that chose, and keeps the others' lists."""
        state: State = game.state  # at every step: the attribute, not the accessor's call
        seat = state.seats[player]
        scoring = seat.scoring
        assert scoring is not None
        space = game.space
        if scoring.ended:
            discard = space.offsets["discard"]
            return [discard + gem for gem, count in enumerate(seat.gems) if count]
        bases = scoring.bases
        if bases is None:
            bases = scoring.bases = _open_bases(game, len(state.payments), scoring)
        gems = tuple(seat.gems)
        known = affordable_table(game.ruleset)
        affordable = known.get(gems)
        if affordable is None:
            affordable = _affordable(state.payments, gems, known)
        options = [
            base + k
            for colour_bases, payable in zip(bases, affordable)  # noqa: B905 (hot path)
            if payable
            for base in colour_bases
            for k in payable
        ]
        options.sort()
        options.append(space.offsets["end_activation"])  # after every activate
        return options

    def explain(self, game: Game, player: int, action: Action) -> str:
        seat = state_of(game).seats[player]
        scoring = seat.scoring
        assert scoring is not None
        if action.kind == "discard":
            return (
                "you hold no gem of that kind"
                if scoring.ended
                else "gems are discarded after the activations end"
            )
        if scoring.ended:
            limit = rules_of(game).inventory_limit(game, player)
            return f"the activations have ended: discard down to {limit} gems"
        area, payment = action.values
        areas = scoring.pyramid.areas
        if area >= len(areas):
            return f"there is no area {area} (the pyramid has {len(areas)})"
        payments = state_of(game).payments
        spends = [*scoring.activations, Spend(area, *payments[payment])]
        colours = game.ruleset.colours
        try:
            score_spends(
                [(colours.index(a.colour), a.icons) for a in areas],
                scoring.gems_before[:-1],
                scoring.gems_before[-1],
                spends,
                colours,
                payments=payments,
                area_value=area_value(game, player, areas),
            )
        except ValueError as exc:
            return str(exc)
        return "not allowed now"  # pragma: no cover - every legal spend is listed

    def apply(self, game: Game, state: State, player: int, action: Action) -> Outcome | None:
        """Activate (the gems paid leave the inventory at once, and reach the discards when
        the stage is scored), end the activations, or discard a gem. An activation leaves the
        decision as it stands (the seat goes on choosing, the others' choices are their own);
        the others may let the seat leave it."""
        seat = state.seats[player]
        scoring = seat.scoring
        assert scoring is not None
        if action.kind == "activate":
            area, k = action.values
            coloured, mythical, double = state.payments[k]
            colour = scoring.area_colours[area]
            seat.gems[colour] -= coloured
            seat.gems[-1] -= mythical
            # made without the frozen dataclass's __init__ (views.made): ~48 a 4-player game
            spend = made(Spend, area=area, coloured=coloured, mythical=mythical, double=double)
            scoring.activations.append(spend)
            if scoring.bases is not None:  # the offer was listed: keep its open areas
                scoring.bases = _closed(game, len(state.payments), scoring.bases, area, colour)
            return STAY
        if action.kind == "end_activation":
            scoring.ended = True
        else:
            (gem,) = action.values
            seat.gems[gem] -= 1
            scoring.discarded.append(gem)
        return self._still_scoring(game, state)

    def _still_scoring(self, game: Game, state: State) -> Outcome | None:
        """Players who have not ended their activations, or hold more gems than
        ``pyramido_inventory_limit``, keep deciding; when nobody is left, the stage is scored.

        The limit applies "before beginning the next stage": after the last there is none,
        and every gem left counts for the "most gems" tie-break."""
        limited = state.stage < state.seats[0].pyramid.shape.last_stage  # every seat's: the ruleset's
        rules: ForgottenTreasuresHooks = game.rules  # at every scoring step: not rules_of's call
        inventory_limit = rules.inventory_limit
        waiting = [
            p
            for p, seat in enumerate(state.seats)
            if seat.scoring is not None
            and (not seat.scoring.ended or (limited and sum(seat.gems) > inventory_limit(game, p)))
        ]
        if not waiting:
            return None
        game.decision = decision_of(self.decision, tuple(waiting), self.stage(state))
        return STAY


def _open_bases(game: Game, payments: int, scoring: Scoring) -> tuple[tuple[int, ...], ...]:
    """For each colour, the index of the first payment on each of its areas a scoring may
    activate (the first ``MAX_AREAS``) and has not: worked out at the seat's first offer
    and then kept by each activation (:func:`_closed`), rather than at each of its steps
    (a seat's offer is asked again after each of its choices). ``payments``: the number of
    the state's payments (the caller read the state)."""
    first = game.space.offsets["activate"]
    bases: list[list[int]] = [[] for _ in game.ruleset.colours]
    colours = scoring.area_colours[:MAX_AREAS]  # each area's first payment follows from its number
    bases_of_areas = range(first, first + len(colours) * payments, payments)
    for colour, base in zip(colours, bases_of_areas):  # noqa: B905 (hot path)
        bases[colour].append(base)
    opened = tuple(map(tuple, bases))
    for spend in scoring.activations:  # none before the first offer, but for a house rule's
        if 0 <= spend.area < len(colours):
            opened = _closed(game, payments, opened, spend.area, colours[spend.area])
    return opened


def _closed(
    game: Game, payments: int, bases: tuple[tuple[int, ...], ...], area: int, colour: int
) -> tuple[tuple[int, ...], ...]:
    """The open areas ``bases`` (:func:`_open_bases`) without ``area``, of ``colour``: as
    they are if it is not among them (a house rule may offer others, or the same twice);
    ``payments``: how many ways to pay the table has."""
    gone = game.space.offsets["activate"] + area * payments
    colour_bases = bases[colour]
    if gone not in colour_bases:
        return bases
    at = colour_bases.index(gone)
    kept = list(bases)
    kept[colour] = colour_bases[:at] + colour_bases[at + 1 :]
    return tuple(kept)


def _affordable(
    payments: tuple[Payment, ...], gems: tuple[int, ...], known: Affordable
) -> tuple[tuple[int, ...], ...]:
    """For each coloured gem, the payments (by number) that ``gems`` (coloured gems by
    colour, then mythical ones) can make for an area of that colour, kept in ``known``
    (the ruleset's :func:`.tables.affordable_table`, up to ``MAX_KEPT`` inventories): asked
    at every step of every seat's scoring, of some thousands of inventories. Its keys and values
    are tuples of ints, which the garbage collector stops following once it has seen them."""
    found = tuple(_payable(payments, held, gems[-1]) for held in gems[:-1])
    if len(known) < MAX_KEPT:
        known[gems] = found
    return found


@lru_cache(maxsize=1 << 10)
def _payable(payments: tuple[Payment, ...], coloured: int, mythical: int) -> tuple[int, ...]:
    """The payments (by number) that ``coloured`` gems of an area's colour and ``mythical``
    gems can make: what :func:`_affordable` asks for each colour, of far fewer inventories
    (a few hundred, of the one payment table a ruleset shares with its games)."""
    return tuple(k for k, payment in enumerate(payments) if coloured >= payment[0] and mythical >= payment[1])
