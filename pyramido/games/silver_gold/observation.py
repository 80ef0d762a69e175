"""What a Silver & Gold seat sees. The deck's order, the cards others drew at setup and
their marks while everybody marks at once stay hidden: the others see the seats as they
were when the expedition card was revealed (:func:`as_others_see`) until the marks are
revealed. ``pyramido_seat_view`` and ``pyramido_table_view`` are the typed views plugins
and bots read; ``pyramido_observation`` the JSON an embedder reads
(``schemas/observation.schema.json``)."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...engine.hookspecs import hookimpl
from .state import GAME, Shown, State, state_of
from .views import CardInPlay, CardView, SilverGoldSeat, SilverGoldTable, cells_of

if TYPE_CHECKING:
    from ...engine.game import Game


@hookimpl
def pyramido_seat_view(game: Game, player: int) -> SilverGoldSeat:
    state = state_of(game)
    seat = state.seats[player]
    return SilverGoldSeat(
        player=player,
        cards=tuple(
            None if n is None else CardInPlay(state.cards[n], seat.marks[n], n in seat.completed_now)
            for n in seat.cards
        ),
        hand=tuple(state.cards[n] for n in seat.hand),
        score_card=seat.score,
        crosses=seat.crosses,
        marked=seat.marked,
        done=seat.done,
    )


@hookimpl
def pyramido_table_view(game: Game) -> SilverGoldTable:
    state = state_of(game)
    return SilverGoldTable(
        round=state.round + 1,
        shape=state.revealed,
        expeditions_used=state.used,
        offer=tuple(None if n is None else state.cards[n] for n in state.offer),
        deck_size=len(state.deck),
        bonuses_left=MappingProxyType({c: tuple(left) for c, left in state.bonuses.items()}),
        cards=MappingProxyType(state.cards),
    )


def _seat_json(shown: Shown) -> dict[str, Any]:
    score = shown.score
    return {
        "cards": [
            None if n is None else {"number": n, "marked": cells_of(shown.marks[n])} for n in shown.cards
        ],
        "score_card": {
            "red": score.red,
            "green": score.green,
            "torches": list(score.torches),
            "skulls": score.skulls,
            "bonuses": [bonus.to_json() for bonus in score.bonuses],
            "completed": list(score.completed),
        },
        "crosses_owed": shown.crosses,
    }


def as_others_see(state: State, decision: str, player: int) -> Shown:
    """``player``'s seat as the others see it while everybody decides ``decision`` at once:
    as it was when the decision began. Worked out from the seat as it is when an
    observation asks (rarely), not kept at every expedition card: before the keep it held
    no card; while marking, it holds the cards it held at the reveal, its marks lack those
    of this expedition card (the ``secret_marks``), and its score card and crosses are
    those the seat kept aside at the reveal (``shown_score``, ``shown_crosses``)."""
    seat = state.seats[player]
    if decision == "keep":
        return Shown((None,) * len(seat.cards), {}, seat.shown_score, seat.shown_crosses)
    marks = dict(seat.marks)
    for event in state.secret_marks:
        if event["player"] == player and event["type"] == "mark":
            for cell in event["marked"]:
                marks[event["card"]] &= ~(1 << cell)
    return Shown(tuple(seat.cards), marks, seat.shown_score, seat.shown_crosses)


@hookimpl
def pyramido_observation(game: Game, player: int | None) -> dict[str, Any]:
    state = state_of(game)
    decision = game.decision
    simultaneous = decision is not None and decision.kind in ("keep", "mark")
    players = []
    for p, seat in enumerate(state.seats):
        if p == player or decision is None or not simultaneous:
            view = _seat_json(seat.shown())
        else:
            view = _seat_json(as_others_see(state, decision.kind, p))
        view["player"] = p
        view["hand"] = list(seat.hand) if p == player else len(seat.hand)
        players.append(view)
    shown = {c["number"] for p in players for c in p["cards"] if c}
    shown |= {n for p in players for n in p["score_card"]["completed"]}
    shown |= {n for n in state.offer if n is not None}
    if player is not None:
        shown |= set(state.seats[player].hand)
    return {
        "game": GAME,
        "ruleset": game.ruleset.id,
        "viewer": player,
        "stage": round_shown(game),
        "round": round_shown(game),
        "expedition": {
            "shape": state.revealed,
            "used_this_round": state.used,
            "cards": len(game.ruleset.components["expedition_cards"]),
        },
        "decision": None if decision is None else {"kind": decision.kind, "players": list(decision.players)},
        "deck_size": len(state.deck),
        "offer": list(state.offer),
        "bonuses_left": {colour: list(left) for colour, left in state.bonuses.items()},
        "cards": {str(n): card_json(state.cards[n]) for n in sorted(shown)},
        "players": players,
    }


def card_json(card: CardView) -> dict[str, Any]:
    return {
        "number": card.number,
        "colour": card.colour,
        "walls": cells_of(card.walls),
        "entrance": card.entrance,
        "tomb": card.tomb,
        "symbols": {name: cells_of(mask) for name, mask in card.symbols.items() if mask},
    }


def round_shown(game: Game) -> int:
    """The round being played (1-based); once the game is over, the last one played."""
    state = state_of(game)
    return min(state.round, int(game.ruleset.params["rounds"]) - 1) + 1
