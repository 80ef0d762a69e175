"""Pyramido (2023): the rules as printed, with the project's rulings (RULINGS.md section 2).

The module follows the rulebook: setup; a turn of four steps (take and place, mark,
cover, refill); the end of a stage (complete boxes, the cover-card fill, the loss when
cards run out); stage scoring with the Mino bonus; the next start player; the end and its
tie-breaks. Each step is a small decision, so every legal set is small.

Every ``[ruling]`` is a value under ``rules:`` in ``rulesets/pyramido.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Action, ActionSpace, Field
from ..board import NO_AREA, QUADRANTS, block_cells, encode_placement
from ..engine import Decision
from ..hookspecs import hookimpl
from ..pyramid import Domino, Pyramid
from .shared import (
    advance_stage,
    check_options,
    explain_placement,
    lay_domino,
    lowest_score_starts,
    next_seat,
    pyramid_json,
    rank,
    run_step,
    split_pile,
    split_sources,
)

if TYPE_CHECKING:
    from ..engine import Game
    from ..ruleset import Ruleset

GAME = "pyramido"
BLOCKS = ("A", "B")


# --- state ------------------------------------------------------------------------------


@dataclass
class Seat:
    """One player's pieces: pyramid, markers (colour -> block space), cover cards."""

    pyramid: Pyramid = field(default_factory=Pyramid)
    markers: dict[int, tuple[int, int]] = field(default_factory=dict)
    covers_left: list[int] = field(default_factory=list)  # indices into rules.cover_cards
    tiles: dict[tuple[int, int, int], int] = field(default_factory=dict)  # (stage, x, y) -> tile id
    covers: set[tuple[int, int, int]] = field(default_factory=set)  # spaces under a cover card
    stage_scores: list[int] = field(default_factory=list)
    done: bool = False  # this stage is complete
    out_at_stage: int | None = None  # eliminated (lost for want of cover cards)


@dataclass
class Turn:
    """What the current turn has done so far."""

    slot: int = -1
    domino: Domino | None = None
    spaces: list[tuple[int, int]] = field(default_factory=list)
    marked_block: int | None = None
    emptied_pile: int = -1


@dataclass
class State:
    quarry: list[Domino | None]
    piles: list[list[Domino]]  # top of a pile is its last item
    seats: list[Seat]
    stage: int = 0
    start_player: int = 0
    player: int = 0
    turn: Turn = field(default_factory=Turn)


# --- action space -----------------------------------------------------------------------


@hookimpl
def pyramido_action_space(ruleset: Ruleset) -> ActionSpace | None:
    if ruleset.game != GAME:
        return None
    colours = tuple(ruleset.data["colours"])
    slots = ruleset.params["quarry_slots"]
    piles = slots + 1
    return ActionSpace(
        [
            ("take", [Field("slot", slots)]),
            ("place", [Field("y", 9), Field("x", 9), Field("rot", 4)]),
            ("mark", [Field("block", 2, BLOCKS)]),
            (
                "cover",
                [
                    Field("block", 2, BLOCKS),
                    Field("colour", len(colours), colours),
                    Field("quadrant", 4, QUADRANTS),
                ],
            ),
            ("keep_covers", []),
            ("refill", [Field("pile", piles)]),
            ("split", [Field("pile", piles)]),
            ("fill", [Field("colour", len(colours), colours), Field("quadrant", 4, QUADRANTS)]),
        ]
    )


@hookimpl
def pyramido_check_ruleset(ruleset: Ruleset) -> list[tuple[str, str]] | None:
    if ruleset.game != GAME:
        return None
    problems: list[tuple[str, str]] = []
    colours = ruleset.data["colours"]
    seen: set[int] = set()
    for i, domino in enumerate(ruleset.components["dominoes"]):
        if domino["id"] in seen:
            problems.append((f"$.components.dominoes[{i}].id", f"domino id {domino['id']} given twice"))
        seen.add(domino["id"])
        for side in ("a", "b"):
            if domino[side][0] not in colours:
                problems.append(
                    (f"$.components.dominoes[{i}].{side}", f"colour {domino[side][0]!r} is not in colours")
                )
    for i, card in enumerate(ruleset.params["cover_cards"]):
        for colour in card:
            if colour not in colours:
                problems.append((f"$.rules.cover_cards[{i}]", f"colour {colour!r} is not in colours"))
    for colour in ruleset.params["markers"]:
        if colour not in colours:
            problems.append(("$.rules.markers", f"colour {colour!r} is not in colours"))
    return problems


# --- setup ------------------------------------------------------------------------------


@hookimpl
def pyramido_setup(game: Game) -> State | None:
    """Shuffle; the first dominoes form the quarry, the rest 4 piles as equal as can be."""
    if game.ruleset.game != GAME:
        return None
    check_options(game, ())
    params, colours = game.ruleset.params, game.ruleset.colours
    dominoes = [Domino.from_data(d, colours) for d in game.ruleset.components["dominoes"]]
    game.rng.shuffle(dominoes)
    slots = params["quarry_slots"]
    quarry: list[Domino | None] = list(dominoes[:slots])
    rest = dominoes[slots:]
    piles_count = slots + 1
    sizes = [len(rest) // piles_count + (1 if i < len(rest) % piles_count else 0) for i in range(piles_count)]
    piles, start = [], 0
    for size in sizes:
        piles.append(rest[start : start + size])
        start += size
    seats = [Seat(covers_left=list(range(len(params["cover_cards"])))) for _ in range(game.num_players)]
    first = params["first_player"] % game.num_players
    state = State(quarry=quarry, piles=piles, seats=seats, start_player=first, player=first)
    game.emit(
        {
            "type": "setup",
            "quarry": [_domino_json(game, d) for d in quarry],
            "piles": [[_domino_json(game, d) for d in pile] for pile in piles],
            "start_player": first,
        }
    )
    game.state = state
    _begin_turn(game, first)
    return state


def _domino_json(game: Game, domino: Domino | None) -> dict[str, Any] | None:
    return None if domino is None else domino.to_json(game.ruleset.colours)


# --- legal actions ----------------------------------------------------------------------


@hookimpl
def pyramido_legal_actions(game: Game, player: int) -> list[int] | None:
    if game.ruleset.game != GAME:
        return None
    state: State = game.state
    seat = state.seats[player]
    space = game.space
    assert game.decision is not None
    kind = game.decision.kind
    if kind == "take":
        return [space.index("take", i) for i, d in enumerate(state.quarry) if d is not None]
    if kind == "place":
        offset = space.kind("place").offset
        return [offset + p for p in seat.pyramid.placements()]
    if kind == "mark":
        return [space.index("mark", b) for b in _markable_blocks(game, seat)]
    if kind == "cover":
        return [*_cover_options(game, seat), space.index("keep_covers")]
    if kind == "refill":
        return [space.index("refill", p) for p in _refill_piles(state)]
    if kind == "split":
        return [space.index("split", p) for p in split_sources(state.piles, state.turn.emptied_pile)]
    if kind == "fill":
        return [space.index("fill", c, q) for c in _cover_colours(game, seat) for q in _icon_quadrants(game)]
    raise AssertionError(f"unknown decision {kind!r}")  # pragma: no cover


def _markable_blocks(game: Game, seat: Seat) -> list[int]:
    """Blocks of the new domino with an icon whose marker the player still holds."""
    marker_colours = _marker_colours(game)
    out = []
    for b, (x, y) in enumerate(game.state.turn.spaces):
        block = seat.pyramid.block(x, y)
        if (
            block is not None
            and block.icons
            and block.colour in marker_colours
            and block.colour not in seat.markers
        ):
            out.append(b)
    return out


def _marker_colours(game: Game) -> set[int]:
    colours = game.ruleset.colours
    return {colours.index(c) for c in game.ruleset.params["markers"]}


def _cover_colours(game: Game, seat: Seat) -> list[int]:
    """Colours the player can still show with a cover card (either side of an unused card)."""
    colours = game.ruleset.colours
    cards = game.ruleset.params["cover_cards"]
    return sorted({colours.index(side) for i in seat.covers_left for side in cards[i]})


def _icon_quadrants(game: Game) -> list[int]:
    """Where a cover card's icon may go: any quadrant if it may be turned, else as printed."""
    printed = game.ruleset.params["cover_card_icon"]
    return list(range(4)) if printed == "any" else [QUADRANTS.index(printed)]


def _cover_options(game: Game, seat: Seat) -> list[int]:
    turn = game.state.turn
    space = game.space
    colours = _cover_colours(game, seat)
    quadrants = _icon_quadrants(game)
    return [
        space.index("cover", b, c, q)
        for b in range(2)
        if b != turn.marked_block
        for c in colours
        for q in quadrants
    ]


def _refill_piles(state: State) -> list[int]:
    slot = state.turn.slot
    return [p for p in (slot, slot + 1) if state.piles[p]]


@hookimpl
def pyramido_explain_illegal(game: Game, player: int, action: Action) -> str | None:
    if game.ruleset.game != GAME:
        return None
    state: State = game.state
    assert game.decision is not None
    kind = game.decision.kind
    seat = state.seats[player]
    allowed = ("cover", "keep_covers") if kind == "cover" else (kind,)
    if action.kind not in allowed:
        return f"the decision is {kind!r}: the action must be {' or '.join(allowed)}"
    values = dict(zip([f.name for f in game.space.kind(action.kind).fields], action.values, strict=True))
    if kind == "take":
        return f"quarry slot {values['slot'] + 1} is empty"
    if kind == "place":
        return explain_placement(seat.pyramid, encode_placement(values["x"], values["y"], values["rot"]))
    if kind == "mark":
        block = seat.pyramid.block(*state.turn.spaces[values["block"]])
        colour = game.ruleset.colours[block.colour] if block else "?"
        if block is None or not block.icons:
            return f"block {BLOCKS[values['block']]} has no jewel icon to mark"
        return f"your {colour} marker is already placed (markers stay until the stage is scored)"
    if kind == "cover":
        if values["block"] == state.turn.marked_block:
            return f"block {BLOCKS[values['block']]} is marked: cover cards go on unmarked blocks only"
        if values["colour"] not in _cover_colours(game, seat):
            return f"you have no unused cover card with a {game.ruleset.colours[values['colour']]} side"
        return "a cover card's icon stays where it is printed"
    if kind == "refill":
        return f"pile {values['pile'] + 1} is not beside quarry slot {state.turn.slot + 1} or is empty"
    if kind == "split":
        return f"pile {values['pile'] + 1} has fewer than 2 dominoes and cannot be split"
    if values["colour"] not in _cover_colours(game, seat):
        return f"you have no unused cover card with a {game.ruleset.colours[values['colour']]} side"
    return "a cover card's icon stays where it is printed"


# --- applying actions -------------------------------------------------------------------


@hookimpl
def pyramido_apply(game: Game, player: int, action: int) -> bool | None:
    if game.ruleset.game != GAME:
        return None
    return run_step(game, player, action, STEPS)


def _take(game: Game, player: int, values: tuple[int, ...]) -> None:
    """Step 1a: take a domino from the quarry."""
    state: State = game.state
    (slot,) = values
    domino = state.quarry[slot]
    assert domino is not None
    state.quarry[slot] = None
    state.turn = Turn(slot=slot, domino=domino)
    game.emit({"type": "take", "player": player, "slot": slot, "tile": domino.id})
    _decide(game, "place", player)


def _place(game: Game, player: int, values: tuple[int, ...]) -> None:
    """Step 1b: place it, rotated freely (geometry in the C core)."""
    state: State = game.state
    domino = state.turn.domino
    assert domino is not None
    state.turn.spaces = lay_domino(game, player, state.seats[player], domino, values)
    _after_place(game, player)


def _after_place(game: Game, player: int) -> None:
    """Step 2: marking is mandatory when possible."""
    seat = game.state.seats[player]
    if _markable_blocks(game, seat):
        _decide(game, "mark", player)
    else:
        _offer_cover(game, player)


def _mark(game: Game, player: int, values: tuple[int, ...]) -> None:
    state: State = game.state
    (block_no,) = values
    seat = state.seats[player]
    x, y = state.turn.spaces[block_no]
    block = seat.pyramid.block(x, y)
    assert block is not None
    seat.markers[block.colour] = (x, y)
    state.turn.marked_block = block_no
    game.emit(
        {
            "type": "mark",
            "player": player,
            "block": BLOCKS[block_no],
            "colour": game.ruleset.colours[block.colour],
            "stage": seat.pyramid.stage + 1,
            "x": x,
            "y": y,
        }
    )
    _offer_cover(game, player)


def _offer_cover(game: Game, player: int) -> None:
    """Step 3 (optional): a cover card on an unmarked block of the new domino."""
    if game.state.seats[player].covers_left:  # one block of the domino is always unmarked
        _decide(game, "cover", player)
    else:
        _offer_refill(game, player)


def _cover(game: Game, player: int, values: tuple[int, ...]) -> None:
    state: State = game.state
    block_no, colour, quadrant = values
    seat = state.seats[player]
    x, y = state.turn.spaces[block_no]
    card = _use_cover_card(game, seat, colour)
    seat.pyramid.put_block(x, y, colour, 1 << quadrant)
    seat.covers.add((seat.pyramid.stage, x, y))
    colours = game.ruleset.colours
    game.emit(
        {
            "type": "cover",
            "player": player,
            "block": BLOCKS[block_no],
            "card": card,
            "stage": seat.pyramid.stage + 1,
            "x": x,
            "y": y,
            "colour": colours[colour],
            "icons": [QUADRANTS[quadrant]],
            "cells": [list(c) for c in seat.pyramid.cells_of(x, y)],
        }
    )
    if colour in _marker_colours(game) and colour not in seat.markers:
        seat.markers[colour] = (x, y)
        game.emit(
            {
                "type": "mark",
                "player": player,
                "block": "cover",
                "colour": colours[colour],
                "stage": seat.pyramid.stage + 1,
                "x": x,
                "y": y,
            }
        )
    _offer_refill(game, player)


def _use_cover_card(game: Game, seat: Seat, colour: int) -> int:
    """Spend the first unused card with a side of ``colour``; return its index."""
    name = game.ruleset.colours[colour]
    cards = game.ruleset.params["cover_cards"]
    card = next(i for i in seat.covers_left if name in cards[i])
    seat.covers_left.remove(card)
    return card


def _keep_covers(game: Game, player: int, values: tuple[int, ...]) -> None:
    _offer_refill(game, player)


def _offer_refill(game: Game, player: int) -> None:
    """Step 4: refill the empty slot from one of the two piles beside it."""
    state: State = game.state
    if _refill_piles(state):
        _decide(game, "refill", player)
    else:
        game.emit({"type": "slot_stays_empty", "slot": state.turn.slot})  # [ruling]
        _end_turn(game, player)


def _refill(game: Game, player: int, values: tuple[int, ...]) -> None:
    state: State = game.state
    (pile,) = values
    domino = state.piles[pile].pop()
    state.quarry[state.turn.slot] = domino
    game.emit({"type": "refill", "player": player, "slot": state.turn.slot, "pile": pile, "tile": domino.id})
    if state.piles[pile]:
        _end_turn(game, player)
        return
    state.turn.emptied_pile = pile
    if split_sources(state.piles, pile):
        _decide(game, "split", player)
    else:
        _end_turn(game, player)


def _split(game: Game, player: int, values: tuple[int, ...]) -> None:
    """There are always 4 piles: the bottom half of another pile refills an emptied one."""
    state: State = game.state
    (source,) = values
    moved = split_pile(state.piles, source, state.turn.emptied_pile)
    game.emit(
        {"type": "split", "player": player, "from": source, "to": state.turn.emptied_pile, "count": moved}
    )
    _end_turn(game, player)


def _fill(game: Game, player: int, values: tuple[int, ...]) -> None:
    """Stage end when no domino fits: cover cards, any side, fill the empty spaces, unmarked."""
    state: State = game.state
    colour, quadrant = values
    seat = state.seats[player]
    x, y = seat.pyramid.empty_spaces()[0]
    card = _use_cover_card(game, seat, colour)
    seat.pyramid.put_block(x, y, colour, 1 << quadrant)
    seat.covers.add((seat.pyramid.stage, x, y))
    game.emit(
        {
            "type": "fill",
            "player": player,
            "card": card,
            "stage": seat.pyramid.stage + 1,
            "x": x,
            "y": y,
            "colour": game.ruleset.colours[colour],
            "icons": [QUADRANTS[quadrant]],
            "cells": [list(c) for c in seat.pyramid.cells_of(x, y)],
        }
    )
    if seat.pyramid.empty_spaces():
        _decide(game, "fill", player)
    else:
        _complete_stage(game, player)
        _next_turn(game, player)


STEPS = {
    "take": _take,
    "place": _place,
    "mark": _mark,
    "cover": _cover,
    "keep_covers": _keep_covers,
    "refill": _refill,
    "split": _split,
    "fill": _fill,
}


# --- turn order and stage end -----------------------------------------------------------


def _decide(game: Game, kind: str, player: int) -> None:
    game.decision = Decision(kind, (player,), game.state.stage + 1)


def _end_turn(game: Game, player: int) -> None:
    seat = game.state.seats[player]
    if seat.pyramid.is_stage_full():
        _complete_stage(game, player)
    _next_turn(game, player)


def _complete_stage(game: Game, player: int) -> None:
    seat = game.state.seats[player]
    seat.done = True
    game.emit({"type": "stage_complete", "player": player, "stage": game.state.stage + 1})


def _next_turn(game: Game, player: int) -> None:
    """Clockwise, skipping players whose stage is complete or who are out."""
    seats = game.state.seats
    following = next_seat(
        player, game.num_players, lambda p: not seats[p].done and seats[p].out_at_stage is None
    )
    if following is None:
        _end_stage(game)
    else:
        _begin_turn(game, following)


def _begin_turn(game: Game, player: int) -> None:
    """A turn starts with a domino to take, unless none fits: then the cover-card fill."""
    state: State = game.state
    state.player = player
    state.turn = Turn()
    seat = state.seats[player]
    if any(d is not None for d in state.quarry) and seat.pyramid.placements():
        _decide(game, "take", player)
        return
    empty = seat.pyramid.empty_spaces()
    game.emit(
        {"type": "no_domino_fits", "player": player, "stage": state.stage + 1, "empty_spaces": len(empty)}
    )
    if len(seat.covers_left) < len(empty):
        # [ruling] lacking the cards, the player loses: out of the game, ranked last.
        seat.out_at_stage = state.stage
        game.emit(
            {
                "type": "eliminated",
                "player": player,
                "stage": state.stage + 1,
                "reason": f"{len(empty)} empty spaces but {len(seat.covers_left)} cover card(s)",
            }
        )
        _next_turn(game, player)
        return
    _decide(game, "fill", player)


def _end_stage(game: Game) -> None:
    """Everybody is done: score, markers go home, the lowest score starts the next stage."""
    state: State = game.state
    scores: list[int | None] = [None] * game.num_players
    for p, seat in enumerate(state.seats):
        if seat.out_at_stage is not None:
            continue
        breakdown = game.rules.score_stage(game, p)
        seat.stage_scores.append(breakdown["total"])
        scores[p] = breakdown["total"]
        game.emit({"type": "stage_scored", "player": p, "stage": state.stage + 1, **breakdown})
        seat.markers.clear()
    advance_stage(game, scores, _begin_turn)


# --- scoring ----------------------------------------------------------------------------


@hookimpl
def pyramido_score_stage(game: Game, player: int) -> dict[str, Any] | None:
    """1 point per icon of every marked area, plus the Mino bonus: the smallest again."""
    if game.ruleset.game != GAME:
        return None
    params, colours = game.ruleset.params, game.ruleset.colours
    seat: Seat = game.state.seats[player]
    pyramid = seat.pyramid
    areas = pyramid.areas()
    marked: dict[int, list[str]] = {}
    for colour, (x, y) in sorted(seat.markers.items()):
        cx, cy = block_cells(pyramid.stage, x, y)[0]
        label = areas.labels[cy * 18 + cx]
        if label != NO_AREA:
            marked.setdefault(label, []).append(colours[colour])
    per_icon = params["points_per_icon"]
    lines: list[dict[str, Any]] = []
    for label in sorted(marked):
        lines.append(
            {
                "what": "marked area",
                "colour": colours[areas.colours[label] - 1],
                "icons": areas.icons[label],
                "markers": marked[label],
                "cells": [[i % 18, i // 18] for i, lab in enumerate(areas.labels) if lab == label],
                "points": areas.icons[label] * per_icon,
            }
        )
    if params["mino_bonus"] == "smallest_marked_area" and lines:
        smallest = min(lines, key=lambda line: line["icons"])
        lines.append(
            {
                "what": "Mino bonus",
                "colour": smallest["colour"],
                "icons": smallest["icons"],
                "points": smallest["icons"] * per_icon,
            }
        )
    return {"total": sum(line["points"] for line in lines), "lines": lines}


@hookimpl
def pyramido_next_start_player(game: Game, stage_scores: list[int | None]) -> int | None:
    """The lowest stage score starts; a tie goes to the tied player first in turn order."""
    if game.ruleset.game != GAME:
        return None
    return lowest_score_starts(game.state.start_player, stage_scores)


@hookimpl
def pyramido_ranking(game: Game) -> list[dict[str, Any]] | None:
    """Most points; ties: most unused cover cards, then best single stage; else shared.

    [ruling] players out of the game rank below everybody, the later out the higher.
    """
    if game.ruleset.game != GAME:
        return None
    seats: list[Seat] = game.state.seats
    keys: dict[Any, tuple[int, ...]] = {}
    rows: dict[Any, dict[str, Any]] = {}
    for p, seat in enumerate(seats):
        out, total, best = seat.out_at_stage, sum(seat.stage_scores), max(seat.stage_scores, default=0)
        keys[p] = (0 if out is None else 1, -(out or 0), -total, -len(seat.covers_left), -best)
        rows[p] = {
            "player": p,
            "score": total,
            "tiebreak": [len(seat.covers_left), best],
            "out": out is not None,
        }
    return rank(keys, rows)


# --- observation ------------------------------------------------------------------------


@hookimpl
def pyramido_observation(game: Game, player: int | None) -> dict[str, Any] | None:
    """Everything at a Pyramido table is public but the order of the piles under their tops."""
    if game.ruleset.game != GAME:
        return None
    state: State = game.state
    colours = game.ruleset.colours
    cards = game.ruleset.params["cover_cards"]
    decision = game.decision
    return {
        "game": GAME,
        "ruleset": game.ruleset.id,
        "viewer": player,
        "stage": state.stage + 1,
        "start_player": state.start_player,
        "decision": None if decision is None else {"kind": decision.kind, "players": list(decision.players)},
        "quarry": [_domino_json(game, d) for d in state.quarry],
        "piles": [
            {"size": len(pile), "top": _domino_json(game, pile[-1]) if pile else None} for pile in state.piles
        ],
        "in_hand": _domino_json(game, state.turn.domino)
        if state.turn.domino and not state.turn.spaces
        else None,
        "players": [
            {
                "player": p,
                "pyramid": pyramid_json(seat.pyramid, seat.tiles, seat.covers, colours),
                "markers": {
                    colours[c]: {"stage": seat.pyramid.stage + 1, "x": x, "y": y}
                    for c, (x, y) in sorted(seat.markers.items())
                },
                "cover_cards": [cards[i] for i in seat.covers_left],
                "stage_scores": list(seat.stage_scores),
                "score": sum(seat.stage_scores),
                "stage_complete": seat.done,
                "out": seat.out_at_stage is not None,
            }
            for p, seat in enumerate(state.seats)
        ],
    }
