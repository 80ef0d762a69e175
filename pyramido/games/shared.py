"""Rules the games print alike, written once.

Pyramido and Forgotten Treasures build the same pyramid, keep piles that are refilled by
splitting another pile, let the lowest stage score start the next stage and go round the
table skipping players who are done; all three games carry out an action by its kind and
rank by points with a list of tie-breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from .. import resources
from ..engine.fast_paths import FastPath
from ..engine.game import Game
from ..engine.plugin_info import GameInfo, PluginInfo
from ..engine.views import RankingRow
from ..errors import ArgumentError, clip
from ..geometry.board import SIDE, STAGES, base_shapes_text, block_cells, encode_placement, placement_blocks
from .hooks import SCORING_HOOKS, rules_of
from .pyramids.pyramid import dominoes_json
from .pyramids.shape import pyramid_shape
from .pyramids.state import state_of

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..engine.ruleset import Ruleset
    from .pyramids.pyramid import Domino, Pyramid
    from .pyramids.state import PyramidSeat, PyramidState

T = TypeVar("T")


def complete_stage(game: Game, state: PyramidState, player: int) -> None:
    """``player``'s stage is complete (a pyramid game): the seat is done until the next."""
    state.seats[player].done = True
    game.emit({"type": "stage_complete", "player": player, "stage": state.stage + 1})


def declare_game(schema: str, description: str, **game: Any) -> PluginInfo:
    """A shipped game's plugin declaration: named after its game (``game``'s fields but the
    components, those of :class:`~pyramido.engine.plugin_info.GameInfo`) and for it alone,
    its rule parameters and components as its shipped ``schema`` defines them."""
    contents = resources.schema(schema)
    info = GameInfo(components=contents["$defs"]["components"], **game)
    parameters = contents["$defs"]["rules"]["properties"]
    return PluginInfo(
        name=info.id, games=(info.id,), description=description, parameters=parameters, game=info
    )


def sample_game(ruleset: Ruleset) -> Game:
    """A new game of the fewest players, seed 0: what ``rules show`` asks the hooks that
    take a game for its tables (:mod:`pyramido.engine.shown`)."""
    return Game(ruleset, ruleset.data["players"]["min"], 0)


def check_options(game: Game, known: Sequence[str]) -> None:
    """Refuse game options the game does not know (a typo would otherwise pass silently)."""
    unknown = sorted(set(game.options) - set(known))
    if unknown:
        allowed = ", ".join(known) or "none"
        named = ", ".join(clip(name, 30) for name in unknown[:5])
        raise ArgumentError(f"{game.ruleset.id} has no option {named} (options: {allowed})")


def deal_piles(dominoes: Sequence[T], count: int) -> list[list[T]]:
    """Deal ``dominoes`` into ``count`` piles as equal as can be (the first piles get one
    more), keeping their order."""
    piles, start = [], 0
    for pile in range(count):
        size = len(dominoes) // count + (1 if pile < len(dominoes) % count else 0)
        piles.append(list(dominoes[start : start + size]))
        start += size
    return piles


def emit_deal(game: Game, piles: Sequence[Sequence[Domino]]) -> None:
    """The ``deal`` event of a game of dominoes: every pile in order, a secret of chance
    kept for the record (nobody at the table sees it), each domino's JSON made once per
    ruleset (:func:`~pyramido.games.pyramids.pyramid.dominoes_json`)."""
    shown = dominoes_json(game.ruleset)
    game.emit({"type": "deal", "piles": [[shown[d.id] for d in pile] for pile in piles]}, seen_by=())


def split_sources(piles: Sequence[Sequence[object]], emptied: int) -> list[int]:
    """Piles whose bottom half can refill the emptied pile (2 dominoes or more)."""
    return [p for p, pile in enumerate(piles) if p != emptied and len(pile) >= 2]


def split_pile(piles: list[list[T]], source: int, emptied: int) -> int:
    """Move the bottom half (rounded down) of ``source`` onto the emptied pile; return how many."""
    half = len(piles[source]) // 2
    piles[emptied], piles[source] = piles[source][:half], piles[source][half:]
    return half


@cache
def turn_order(start_player: int, players: int) -> tuple[int, ...]:
    """Seats clockwise from the start player (made once per seat and table size: every
    table view gives it)."""
    return tuple((start_player + i) % players for i in range(players))


def unfilled_spaces(seat: PyramidSeat) -> int:
    """The block spaces ``seat`` left without a block in its finished stages (those before
    the stage being built, and that one once complete): a stage may end with gaps
    (Forgotten Treasures' lost turn, docs/rules.md §3.2; Pyramido's ``lacking_covers:
    gaps`` and ``empty_quarry: stage_complete``, §2.3). 0 for a full pyramid so far."""
    pyramid = seat.pyramid
    finished = pyramid.stage + 1 if seat.done else pyramid.stage
    return pyramid.shape.spaces_below[finished] - pyramid.blocks_below(finished)  # every seat view reads it


@cache
def clockwise_after(after: int, players: int) -> tuple[int, ...]:
    """The seats clockwise after ``after``, itself last: where the turn passes, in order
    (the first still playing takes it), made once per seat and table size."""
    return tuple((after + step) % players for step in range(1, players + 1))


def lowest_score_starts(start_player: int, stage_scores: Sequence[int | None]) -> int:
    """The lowest stage score starts; a tie goes to the tied player first in the turn order
    of the stage just played ([ruling]: "current turn order" read from its start player).
    ``None`` marks a player out of the game."""
    order = turn_order(start_player, len(stage_scores))
    playing = [p for p in order if stage_scores[p] is not None]
    return min(playing, key=lambda p: (stage_scores[p], order.index(p)))


def rank(keys: dict[Any, tuple[int, ...]], rows: dict[Any, RankingRow]) -> list[RankingRow]:
    """Order players by ``keys`` (smaller is better); equal keys share a rank.

    ``rows`` gives each player's row, whose rank is set here.
    """
    order = sorted(keys, key=keys.__getitem__)
    ranking: list[RankingRow] = []
    for position, player in enumerate(order):
        tied = position and keys[order[position - 1]] == keys[player]
        ranking.append(replace(rows[player], rank=ranking[-1].rank if tied else position + 1))
    return ranking


def advance_stage(game: Game, scores: Sequence[int | None], begin_turn: Callable[[Game, int], None]) -> None:
    """After a stage is scored: the game ends after the last stage (``pyramid_stages``), or
    with nobody left; otherwise the next stage starts with the player the
    ``next_start_player`` hook names.

    The state is a pyramid game's (:class:`~.pyramids.state.PyramidState`).
    """
    state = state_of(game)
    if state.stage == pyramid_shape(game.ruleset).last_stage or all(s is None for s in scores):
        game.decision = None
        game.emit({"type": "game_over", "ranking": [row.to_json() for row in game.ranking()]})
        return
    start = rules_of(game).next_start_player(game, list(scores))
    state.stage += 1
    state.start_player = start
    for seat in state.seats:
        seat.done = False
        seat.pyramid.stage = state.stage
    game.emit({"type": "stage_start", "stage": state.stage + 1, "start_player": start})
    begin_turn(game, start)


def lay_domino(
    game: Game, player: int, seat: PyramidSeat, domino: Domino, values: tuple[int, ...]
) -> list[tuple[int, int]]:
    """Place ``domino`` at the legal placement ``(y, x, rot)`` in ``seat.pyramid``, note its
    tile in ``seat.tiles`` and emit the ``place`` event (tile, stage, blocks and cells)."""
    y, x, rot = values
    pyramid = seat.pyramid
    stage = pyramid.stage
    spaces = pyramid.place(domino, encode_placement(x, y, rot))
    (ax, ay), (bx, by) = spaces
    (colour_a, icons_a), (colour_b, icons_b) = domino.faces(game.ruleset.colours, rot)
    seat.tiles[(stage, ax, ay)] = seat.tiles[(stage, bx, by)] = domino.id
    cells = _CELLS[stage]
    blocks = [
        {"x": ax, "y": ay, "colour": colour_a, "icons": icons_a, "cells": cells[ay][ax]},
        {"x": bx, "y": by, "colour": colour_b, "icons": icons_b, "cells": cells[by][bx]},
    ]
    game.emit(
        {
            "type": "place",
            "player": player,
            "tile": domino.id,
            "stage": stage + 1,
            "x": x,
            "y": y,
            "rot": rot,
            "blocks": blocks,
        }
    )
    return spaces


def block_cells_json(stage: int, x: int, y: int) -> list[list[int]]:
    """The cells of block space ``(x, y)`` of ``stage`` as an event lists them (``place``,
    ``cover``, ``fill``): the list of :data:`_CELLS`, shared by every event of the space."""
    return _CELLS[stage][y][x]


#: The cells of every block space as an event lists them (``[cx, cy]`` in the order of
#: :func:`~pyramido.geometry.board.block_cells`), by stage, y and x: made once, shared by every
#: event (events are never changed once emitted).
_CELLS = tuple(
    tuple(tuple([list(cell) for cell in block_cells(stage, x, y)] for x in range(SIDE)) for y in range(SIDE))
    for stage in range(STAGES)
)


def explain_place(game: Game, player: int, action: Action) -> str:
    """Why a ``place`` action is not legal (the rule step's ``explain`` in both pyramid
    games): a house rule's placement hook, or the geometry's rule it breaks."""
    y, x, rot = action.values
    pyramid = state_of(game).seats[player].pyramid
    placement = encode_placement(x, y, rot)
    if placement in pyramid.placements():  # legal by the geometry: a phase hook refused it
        return "this ruleset's placement rule (pyramido_placements) does not allow it"
    return _explain_placement(pyramid, placement)


def _explain_placement(pyramid: Pyramid, placement: int) -> str:
    (ax, ay), (bx, by) = placement_blocks(placement)
    stage_name = f"stage {pyramid.stage + 1}"
    if not all(0 <= v < 9 for v in (ax, ay, bx, by)):
        return "the domino would lie off the board"
    if any(pyramid.block(x, y) is not None for x, y in ((ax, ay), (bx, by))):
        return f"the domino would overlap a block of {stage_name}"
    if pyramid.stage == 0:
        if not pyramid.blocks_in_stage():
            return "the first domino goes at the centre (4, 4); only its rotation is free"
        if not _touches(pyramid, ((ax, ay), (bx, by))):
            return "in stage 1 a domino must share a full block side with a placed block"
        return f"all stage-1 blocks must fit in a {base_shapes_text(pyramid.shape.base)} box"
    return f"the domino must lie inside the {stage_name} box, on its lattice"


def _touches(pyramid: Pyramid, spaces: tuple[tuple[int, int], ...]) -> bool:
    for x, y in spaces:
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < 9 and 0 <= ny < 9 and (nx, ny) not in spaces and pyramid.block(nx, ny) is not None:
                return True
    return False


def pyramid_json(
    pyramid: Pyramid,
    tiles: dict[tuple[int, int, int], int],
    covers: set[tuple[int, int, int]],
    colours: list[str],
) -> list[list[dict[str, Any]]]:
    """Every block by stage, with the tile it belongs to (``None`` for a cover card)."""
    stages = pyramid.to_json(colours)
    for stage, blocks in enumerate(stages):
        for block in blocks:
            space = (stage, block["x"], block["y"])
            block["cover"] = space in covers
            block["tile"] = None if block["cover"] else tiles.get(space)
    return stages


#: The fast path ``scored_alone`` of Forgotten Treasures and Silver & Gold: ``True`` while
#: the game's plugin alone scores a position (:data:`~pyramido.games.hooks.SCORING_HOOKS`),
#: whose score is then a function of the position and the ruleset's values, which a bot
#: works out without ``game.score``, or keeps from decision to decision.
SCORED_ALONE = FastPath(SCORING_HOOKS, True, False)
