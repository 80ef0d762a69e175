"""Marking an expedition card, the ``mark`` step (docs/rules.md §4.2-§4.3): every player at
once marks the revealed shape (``shape``) or one single cell (``cell``) on one of their
cards, then the single marks their crosses owe (``cross``); a player who can mark nothing
passes (``pass``). What may be marked comes from ``pyramido_mark_options``, what each
symbol does from ``pyramido_symbol_effect`` (:mod:`.effects`). :mod:`.flow` declares
where the step comes in a round.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...engine.actions import ActionSpace
from ...engine.game import decision_of
from ...engine.plugins import PluginError
from ...engine.turn_steps import STAY
from ...geometry import core
from ...geometry.contract import SG_CARD_FIELDS
from .cards import spread
from .effects import symbols_effect
from .hooks import rules_of
from .phases import closed_cards
from .shapes import SHAPE_TABLE, placement_id, placement_mask
from .state import State, state_of
from .steps import RoundStep
from .views import CardView, Marking, cells_of

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from ...engine.actions import Action
    from ...engine.game import Game
    from ...engine.turn_steps import Outcome
    from .hooks import SilverGoldPaths


class Mark(RoundStep):
    """Every seat at once: the revealed shape, or one cell, on one of its cards, then the
    single marks its crosses owe; ``pass`` when nothing can be marked. Each seat marks its
    own cards: one seat's marking changes no other seat's legal actions
    (``pyramido_mark_options`` answers for the player's own cards)."""

    decision, actions = "mark", ("shape", "cell", "cross", "pass")
    together = independent_seats = lists_seats = hands_legal = True

    def legal(self, game: Game, player: int) -> list[int]:
        """The marking of the expedition card first, then the single marks crosses owe;
        [ruling: nothing_to_mark] ``pass`` only when nothing can be marked."""
        state: State = game.state  # at every marking: the attribute, not state_of's call
        if state.seats[player].marked:
            found = _marking_indices(game, state, player, None)
        else:
            paths: SilverGoldPaths = game.rules.paths
            found = paths.revealed_markings(game, state, (player,))[0]
        return found or [game.space.index("pass")]

    def legal_seats(self, game: Game, players: tuple[int, ...]) -> list[list[int]]:
        """As the card is revealed every seat marks it: all their markings in one go."""
        state: State = game.state  # at every card revealed: the attribute, not state_of's call
        seats = state.seats
        for player in players:  # loops, not comprehensions: each is a call in Python 3.11
            if seats[player].marked:
                return [self.legal(game, player) for player in players]
        paths: SilverGoldPaths = game.rules.paths
        found = paths.revealed_markings(game, state, players)
        if all(found):  # nearly always: every seat can mark
            return found
        return [markings or [game.space.index("pass")] for markings in found]

    def explain(self, game: Game, player: int, action: Action) -> str:
        state = state_of(game)
        seat = state.seats[player]
        allowed = ("cross",) if seat.marked else ("shape", "cell", "pass")
        if action.kind not in allowed:
            return f"the decision is 'mark': the action must be {' or '.join(allowed)}"
        if action.kind == "pass":
            return "a player must mark something when anything can be marked"
        slot, value = action.values
        number = seat.cards[slot]
        if number is None:
            return f"there is no pyramid card in slot {slot + 1}"
        if action.kind == "shape":
            assert state.revealed is not None
            if value >= len(SHAPE_TABLE[state.revealed]):
                return f"the expedition card shows a {state.revealed}: placement {value} is not one of its"
            cells = placement_mask(state.revealed, value)
        else:
            cells = 1 << value
        problem = _geometry_problem(state.cards[number], seat.marks[number], cells)
        if problem is None and number in seat.completed_now:
            return "the card is complete: it takes no more marks (marks_after_tomb: false)"
        return problem or "this ruleset's marking rule (pyramido_mark_options) does not allow it"

    def apply(self, game: Game, state: State, player: int, action: Action) -> Outcome | list[int] | None:
        """Mark, then the single marks crosses owe: the seat marks again while one can go
        somewhere, and its legal list, found so, is handed to the engine."""
        how = action.kind
        if how == "pass":
            return self._pass(game, state, player)
        seat = state.seats[player]
        slot, value = action.values
        if how == "shape":
            assert state.revealed is not None
            cells, marked = SHAPE_TABLE[state.revealed][value], list(_SHAPE_CELLS[state.revealed][value])
        else:
            cells, marked = 1 << value, [value]
        if how == "cross":
            seat.crosses -= 1
        else:
            seat.marked = True
        number = seat.cards[slot]  # a legal action's
        assert number is not None
        seat.marks[number] |= cells
        card = state.cards[number]
        found = card.symbols_on(cells)
        tomb = cells >> card.tomb & 1
        completes = torch_ticked = False
        if found or tomb:  # else the marking does nothing more (most do not)
            before = seat.score
            effect = symbols_effect(game, player, before, {**found, "tomb": 1} if tomb else found)
            seat.score = effect.score_card
            seat.crosses += effect.crosses
            completes = effect.completes
            if completes and number not in seat.completed_now:
                seat.completed_now.append(number)
            torch_ticked = effect.score_card.torches[state.round] > before.torches[state.round]
        _emit_secret_mark(
            game,
            state,
            {
                "type": "mark",
                "player": player,
                "how": how,
                "card": number,
                "marked": marked,
                "symbols": found,
                "torch_ticked": torch_ticked,
                "tomb": completes,
            },
        )
        if seat.crosses:
            owed = _owe_crosses(game, state, player)
            if owed:
                return owed
        seat.done = True
        return self._done(game, player)

    def _pass(self, game: Game, state: State, player: int) -> Outcome | None:
        """[ruling: nothing_to_mark] Passing marks nothing (``pass``), or ticks a skull
        (``tick_skull``), as a skull marked would."""
        seat = state.seats[player]
        event: dict[str, Any] = {"type": "pass", "player": player}
        if game.ruleset.params["nothing_to_mark"] == "tick_skull":
            seat.score = symbols_effect(game, player, seat.score, {"skull": 1}).score_card
            event["skulls"] = 1
        seat.marked = seat.done = True
        _emit_secret_mark(game, state, event)
        return self._done(game, player)

    def _done(self, game: Game, player: int) -> Outcome | None:
        """``player`` has nothing more to mark for the expedition card: the decision waits for
        the others still marking (its seats but ``player``: every seat joins it at the reveal
        and leaves it only here), or the marking is over."""
        decision = game.decision
        assert decision is not None
        if len(decision.players) == 1:
            return None
        game.decision = decision_of(self.decision, _without(decision.players, player), decision.stage)
        return STAY


@lru_cache(maxsize=256)
def _without(players: tuple[int, ...], player: int) -> tuple[int, ...]:
    return tuple(p for p in players if p != player)


def _marking_indices(game: Game, state: State, player: int, shape: str | None) -> list[int]:
    """The actions of the markings ``pyramido_mark_options`` offers, ascending (the fast
    path ``markings``)."""
    paths: SilverGoldPaths = game.rules.paths  # at every cross owed: not paths_of's call
    return paths.markings(game, state, player, shape)


def printed_markings(game: Game, state: State, player: int, shape: str | None) -> list[int]:
    """The printed rule's markings, listed by the C core for all the seat's cards in one
    call, instead of the hook making every marking and each being looked up."""
    fields, _ = _card_fields(game, state, (player,), shape)
    return core.sg_markings_plain(fields, () if shape is None else SHAPE_TABLE[shape])


def markings(game: Game, state: State, player: int, shape: str | None) -> list[int]:
    """The markings ``pyramido_mark_options`` offers, each looked up (and so checked)."""
    options = rules_of(game).mark_options(game, player, shape)
    return sorted(_action_indices(game.space, shape, options))


def printed_revealed_markings(game: Game, state: State, players: Sequence[int]) -> list[list[int]]:
    """Each of ``players``' actions marking the revealed card with the printed rule, in
    one call of the C core (a call costs more than a seat's work)."""
    assert state.revealed is not None
    fields, sizes = _card_fields(game, state, players, state.revealed)
    return core.sg_markings_seats(fields, sizes, SHAPE_TABLE[state.revealed])


def revealed_markings(game: Game, state: State, players: Sequence[int]) -> list[list[int]]:
    """Each of ``players``' markings of the revealed card that ``pyramido_mark_options`` offers."""
    return [markings(game, state, player, state.revealed) for player in players]


def _card_fields(
    game: Game, state: State, players: Iterable[int], shape: str | None
) -> tuple[list[int], list[int]]:
    """The cards each of ``players`` may mark (all but the empty slots and
    :func:`~.phases.closed_cards`) as the C core reads them, seat after seat, and how many
    each seat has: the slot's first action of each kind is the base of its placement ids
    (indices in the shape's table) and of its cells (single marks: ``cell`` with a shape,
    else ``cross``). The fields are the state's own plain ints."""
    shape_firsts, cell_firsts, cross_firsts = _first_indices(game.space)
    single_firsts = cross_firsts if shape is None else cell_firsts
    cards = state.cards
    fields: list[int] = []
    sizes: list[int] = []
    for player in players:
        seat = state.seats[player]
        closed = closed_cards(game, seat) if seat.completed_now else ()  # mostly none
        marks, start = seat.marks, len(fields)
        for slot, number in enumerate(seat.cards):
            if number is not None and number not in closed:
                card = cards[number]
                fields += (card.walls, marks[number], card.entrance, shape_firsts[slot], single_firsts[slot])
        sizes.append((len(fields) - start) // SG_CARD_FIELDS)
    return fields, sizes


@lru_cache(maxsize=16)
def _first_indices(space: ActionSpace) -> tuple[tuple[int, ...], ...]:
    """The first action of each marking kind (``shape``, ``cell``, ``cross``) on each card
    slot (its other values follow)."""
    kinds = [space.kind(how) for how in ("shape", "cell", "cross")]
    return tuple(tuple(kind.encode((slot, 0)) for slot in range(kind.fields[0].size)) for kind in kinds)


def _action_indices(space: ActionSpace, shape: str | None, options: list[Marking]) -> list[int]:
    """The actions that make the markings ``pyramido_mark_options`` offers. An offer no
    action makes (another kind, no such card, a mask that is neither a placement of the
    shape nor one cell) is the hook's error."""
    try:
        return [_action_index(space, shape, option) for option in options]
    except TypeError:  # a marking of other types than a Marking's (unhashable, say)
        bad = next((option for option in options if not _well_typed(option)), None)
        if bad is None:
            raise
        raise _offer_error(bad, "a Marking is an int card slot, a str and an int mask") from None


def _well_typed(option: object) -> bool:
    return (
        isinstance(option, tuple)
        and len(option) == 3
        and type(option[0]) is int
        and type(option[1]) is str
        and type(option[2]) is int
    )


@lru_cache(maxsize=1 << 15)
def _action_index(space: ActionSpace, shape: str | None, option: Marking) -> int:
    """The action that makes ``option`` (a pure function of its arguments, in the hot loop:
    the same markings come back at every decision, so each is worked out once)."""
    how, card, cells = option.how, option.card, option.cells
    kind = space.kind(how) if how in (("cross",) if shape is None else ("shape", "cell")) else None
    if kind is None or not 0 <= card < kind.fields[0].size:
        raise _offer_error(option, f"no {how} on card slot {card} is asked now")
    if how == "shape":
        assert shape is not None
        try:
            value = placement_id(shape, cells)
        except ValueError as exc:
            raise _offer_error(option, str(exc)) from None
    elif cells > 0 and not cells & (cells - 1):
        value = cells.bit_length() - 1
    else:
        raise _offer_error(option, f"a {how} marks one cell")
    return kind.encode((card, value))


def _offer_error(option: Marking, why: str) -> PluginError:
    message = f"pyramido_mark_options offered {option!r}, which no action makes: {why}"
    return PluginError(message, hook="pyramido_mark_options")


def _geometry_problem(card: CardView, marked: int, cells: int) -> str | None:
    if cells & card.walls:
        return "walls cannot be marked"
    if cells & marked:
        return "a cell can be marked only once"
    if not marked:
        return None if cells >> card.entrance & 1 else "the first mark on a card must cover its entrance"
    return None if cells & spread(marked) else "a mark must touch (side by side) a cell already marked"


#: The cells of each placement of each shape (``SHAPE_TABLE``'s masks), ascending: what a
#: ``mark`` event lists, made once.
_SHAPE_CELLS = {name: tuple(tuple(cells_of(mask)) for mask in table) for name, table in SHAPE_TABLE.items()}


def _owe_crosses(game: Game, state: State, player: int) -> list[int]:
    """The player owes crosses: the actions of the single marks that can go somewhere, the
    seat's next legal list (it marks again). When there are none, [ruling: lost_cross] the
    crosses are lost (``cross_lost``), or kept for after the next marking (they stay owed:
    the seat's ``crosses``, nothing happens)."""
    seat = state.seats[player]
    found = _marking_indices(game, state, player, None)
    if found:
        seat.done = False
    elif game.ruleset.params["lost_cross"] == "lost":
        _emit_secret_mark(game, state, {"type": "cross_lost", "player": player, "count": seat.crosses})
        seat.crosses = 0
    return found


def _emit_secret_mark(game: Game, state: State, event: dict[str, Any]) -> None:
    """A marking is its maker's secret until everybody has marked: the others learn it from
    the ``marks_revealed`` event, which carries every marking of the expedition card."""
    state.secret_marks.append(dict(event))
    game.emit(event, seen_by=(event["player"],))
