"""Pyramido: Forgotten Treasures (2025): the rules as printed, with the project's rulings
(RULINGS.md section 3), including the solo modes against the Legend.

The module follows the rulebook: setup (5 face-down piles, gem areas, 3 face-up tops); a
turn of four steps (choose a space, replenish, reveal, place); the end of a stage (a full
box, or no room: the turn is lost and the stage ends with gaps); stage scoring as each
player's own decisions (activate areas with gems, then discard down to 5); the next start
player; the end and its tie-breaks. Then the Legend, who plays by an automaton.

Every ``[ruling]`` is a value under ``rules:`` in ``rulesets/forgotten-treasures.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Action, ActionSpace, Field
from ..board import encode_placement
from ..engine import Decision
from ..hookspecs import hookimpl
from ..pyramid import Domino, Pyramid
from .ft_activation import Spend, score_spends
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

GAME = "forgotten-treasures"
MAX_AREAS = 80  # a stage-1 box holds 80 quadrant cells: never more areas than that
#: Payments of an activation, as (coloured gems, mythical gems, doubled).
PAYMENTS = ((1, 0, False), (0, 2, False), (3, 0, True), (2, 2, True), (1, 4, True), (0, 6, True))
PAYMENT_LABELS = ("1C", "2M", "3C", "2C+2M", "1C+4M", "6M")
SOLO_MODES = ("legend", "the-legend")
LEGEND = "legend"


# --- state ------------------------------------------------------------------------------


@dataclass
class Seat:
    pyramid: Pyramid = field(default_factory=Pyramid)
    gems: list[int] = field(default_factory=list)  # count per gem kind: colours..., mythical last
    tiles: dict[tuple[int, int, int], int] = field(default_factory=dict)
    stage_scores: list[int] = field(default_factory=list)
    done: bool = False
    scoring: Scoring | None = None


@dataclass
class Scoring:
    """One player's choices while the stage is scored (hidden from the others until all chose)."""

    areas: list[tuple[int, int]]  # (colour, visible icons) per area label
    cells: list[list[list[int]]]  # cells of each area, for the record
    spends: list[Spend] = field(default_factory=list)
    gems_before: list[int] = field(default_factory=list)
    points: int | None = None  # set when the player ends the activations
    discarded: list[int] = field(default_factory=list)


@dataclass
class Legend:
    pile: list[Domino]  # his top domino (last) sets his wishes
    gems: list[int]
    stage_scores: list[int] = field(default_factory=list)


@dataclass
class Turn:
    domino: Domino | None = None
    pile: int = -1


@dataclass
class State:
    piles: list[list[Domino]]  # top of a pile is its last item
    face_up: list[bool]  # whether each pile's top domino is face up
    gem_areas: list[list[int]]  # gem kinds lying in front of each pile
    bag: list[int]  # count per gem kind in the bag (drawn at random: it has no order)
    discards: list[int]  # count per gem kind beside the bag
    seats: list[Seat]
    legend: Legend | None = None
    mode: str = "multiplayer"
    stage: int = 0
    start_player: int = 0
    player: int = 0
    turn: Turn = field(default_factory=Turn)


def _gem_labels(colours: list[str]) -> tuple[str, ...]:
    return (*colours, "mythical")


def _mythical(game: Game) -> int:
    return len(game.ruleset.colours)


# --- action space and checks --------------------------------------------------------------


@hookimpl
def pyramido_action_space(ruleset: Ruleset) -> ActionSpace | None:
    if ruleset.game != GAME:
        return None
    gems = _gem_labels(ruleset.data["colours"])
    piles = ruleset.params["piles"]
    return ActionSpace(
        [
            ("take", [Field("pile", piles), Field("gem", len(gems) + 1, (*gems, "none"))]),
            ("split", [Field("pile", piles)]),
            ("reveal", [Field("pile", piles)]),
            ("place", [Field("y", 9), Field("x", 9), Field("rot", 4)]),
            ("activate", [Field("area", MAX_AREAS), Field("payment", len(PAYMENTS), PAYMENT_LABELS)]),
            ("end_activation", []),
            ("discard", [Field("gem", len(gems), gems)]),
        ]
    )


@hookimpl
def pyramido_check_ruleset(ruleset: Ruleset) -> list[tuple[str, str]] | None:
    if ruleset.game != GAME:
        return None
    from ..components.forgotten_treasures import check_dominoes

    colours = ruleset.data["colours"]
    problems = [
        (f"$.components.dominoes[{i}].{side}", f"colour {d[side][0]!r} is not in colours")
        for i, d in enumerate(ruleset.components["dominoes"])
        for side in ("a", "b")
        if d[side][0] not in colours
    ]
    if not problems:
        problems += [
            ("$.components.dominoes", p)
            for p in check_dominoes(ruleset.components["dominoes"], colours, provisional=ruleset.provisional)
        ]
    if len(ruleset.params["gems"]["coloured_per_colour"]) != len(colours):
        problems.append(("$.rules.gems.coloured_per_colour", "one count per colour"))
    return problems


# --- setup ------------------------------------------------------------------------------


@hookimpl
def pyramido_setup(game: Game) -> State | None:
    """Shuffle; (solo: the Legend's first domino;) 5 face-down piles; 3 gems before each;
    turn face up the tops of piles 1, 3 and 5."""
    if game.ruleset.game != GAME:
        return None
    check_options(game, ("solo",))
    params, colours = game.ruleset.params, game.ruleset.colours
    mode = _mode(game)
    dominoes = [Domino.from_data(d, colours) for d in game.ruleset.components["dominoes"]]
    game.rng.shuffle(dominoes)
    legend = None
    if mode != "multiplayer":
        legend = Legend(pile=[dominoes.pop()], gems=[0] * (len(colours) + 1))
    count = params["piles"]
    sizes = [len(dominoes) // count + (1 if i < len(dominoes) % count else 0) for i in range(count)]
    piles, start = [], 0
    for size in sizes:
        piles.append(dominoes[start : start + size])
        start += size
    gems = params["gems"]
    state = State(
        piles=piles,
        face_up=[i + 1 in params["face_up_at_start"] for i in range(count)],
        gem_areas=[[] for _ in range(count)],
        bag=[*gems["coloured_per_colour"], gems["mythical"]],
        discards=[0] * (len(colours) + 1),
        seats=[Seat(gems=[0] * (len(colours) + 1)) for _ in range(game.num_players)],
        legend=legend,
        mode=mode,
        start_player=0 if legend else params["first_player"] % game.num_players,
    )
    game.state = state
    for area in range(count):
        state.gem_areas[area] = _draw(game, params["gems_per_area"])
    game.emit(
        {
            "type": "setup",
            "mode": mode,
            "piles": [[d.to_json(colours) for d in pile] for pile in piles],
            "face_up": list(state.face_up),
            "gem_areas": [_gem_names(game, a) for a in state.gem_areas],
            "legend_pile": [d.to_json(colours) for d in legend.pile] if legend else None,
            "start_player": state.start_player,
        }
    )
    _begin_turn(game, state.start_player)
    return state


def _mode(game: Game) -> str:
    solo = game.options.get("solo")
    if game.num_players == 1 or solo is not None:
        solo = solo or SOLO_MODES[0]
        if solo not in SOLO_MODES or game.num_players != 1:
            from ..errors import PyramidoError

            raise PyramidoError(
                f"solo is one player against the Legend: --solo {'|'.join(SOLO_MODES)}, 1 player"
            )
        return str(solo)
    return "multiplayer"


def _gem_names(game: Game, gems: list[int]) -> list[str]:
    labels = _gem_labels(game.ruleset.colours)
    return [labels[g] for g in gems]


def _draw(game: Game, count: int) -> list[int]:
    """Draw gems at random from the bag; an empty bag takes back the discards first."""
    state: State = game.state
    drawn: list[int] = []
    for _ in range(count):
        if not any(state.bag):
            if not any(state.discards):
                break  # both empty: stop
            state.bag, state.discards = state.discards, [0] * len(state.discards)
            game.emit({"type": "bag_refilled_from_discards", "gems": sum(state.bag)})
        pick = game.rng.below(sum(state.bag))
        kind = 0
        while pick >= state.bag[kind]:
            pick -= state.bag[kind]
            kind += 1
        state.bag[kind] -= 1
        drawn.append(kind)
    return drawn


# --- legal actions ----------------------------------------------------------------------


@hookimpl
def pyramido_legal_actions(game: Game, player: int) -> list[int] | None:
    if game.ruleset.game != GAME:
        return None
    state: State = game.state
    space = game.space
    assert game.decision is not None
    kind = game.decision.kind
    if kind == "take":
        return sorted(space.index("take", p, g) for p, g in _take_options(game))
    if kind == "split":
        return [space.index("split", p) for p in split_sources(state.piles, state.turn.pile)]
    if kind == "reveal":
        return [space.index("reveal", p) for p in _face_down_piles(state)]
    if kind == "place":
        offset = space.kind("place").offset
        return [offset + p for p in state.seats[player].pyramid.placements()]
    if kind == "scoring":
        return _scoring_options(game, player)
    raise AssertionError(f"unknown decision {kind!r}")  # pragma: no cover


def _take_options(game: Game) -> list[tuple[int, int]]:
    state: State = game.state
    none = len(game.ruleset.colours) + 1
    options = []
    for p, pile in enumerate(state.piles):
        if pile and state.face_up[p]:
            gems = sorted(set(state.gem_areas[p]))
            options += [(p, g) for g in gems] if gems else [(p, none)]  # [ruling] no gem: domino only
    return options


def _face_down_piles(state: State) -> list[int]:
    return [p for p, pile in enumerate(state.piles) if pile and not state.face_up[p]]


def _scoring_options(game: Game, player: int) -> list[int]:
    seat: Seat = game.state.seats[player]
    scoring = seat.scoring
    assert scoring is not None
    space = game.space
    if scoring.points is None:
        used = {s.area for s in scoring.spends}
        mythical = seat.gems[_mythical(game)]
        options = [
            space.index("activate", area, k)
            for area, (colour, _) in enumerate(scoring.areas)
            if area not in used and area < MAX_AREAS
            for k, (coloured, myth, _) in enumerate(PAYMENTS)
            if seat.gems[colour] >= coloured and mythical >= myth
        ]
        return sorted([*options, space.index("end_activation")])
    return [space.index("discard", g) for g, count in enumerate(seat.gems) if count]


@hookimpl
def pyramido_explain_illegal(game: Game, player: int, action: Action) -> str | None:
    if game.ruleset.game != GAME:
        return None
    state: State = game.state
    assert game.decision is not None
    kind = game.decision.kind
    allowed = {"scoring": ("activate", "end_activation", "discard")}.get(kind, (kind,))
    if action.kind not in allowed:
        return f"the decision is {kind!r}: the action must be {' or '.join(allowed)}"
    values = dict(zip([f.name for f in game.space.kind(action.kind).fields], action.values, strict=True))
    if action.kind == "take":
        pile = values["pile"]
        if not state.piles[pile] or not state.face_up[pile]:
            return f"space {pile + 1} has no face-up domino: only face-up spaces can be chosen"
        gem = game.space.kind("take").fields[1].labels[values["gem"]]
        if gem == "none":
            return f"the gem area of space {pile + 1} has gems: take one of them"
        return f"the gem area of space {pile + 1} holds no {gem} gem"
    if action.kind == "split":
        return f"pile {values['pile'] + 1} has fewer than 2 dominoes and cannot be split"
    if action.kind == "reveal":
        return f"pile {values['pile'] + 1} has no face-down domino on top to reveal"
    if action.kind == "place":
        return explain_placement(
            state.seats[player].pyramid, encode_placement(values["x"], values["y"], values["rot"])
        )
    return _explain_scoring(game, player, action, values)


def _explain_scoring(game: Game, player: int, action: Action, values: dict[str, int]) -> str:
    seat: Seat = game.state.seats[player]
    scoring = seat.scoring
    assert scoring is not None
    if action.kind == "discard":
        if scoring.points is None:
            return "gems are discarded after the activations end"
        return "you hold no gem of that kind"
    if scoring.points is not None:
        return f"the activations have ended: discard down to {game.ruleset.params['inventory_limit']} gems"
    area = values["area"]
    if area >= len(scoring.areas):
        return f"there is no area {area} (the pyramid has {len(scoring.areas)})"
    coloured, mythical, double = PAYMENTS[values["payment"]]
    spends = [*scoring.spends, Spend(area, coloured, mythical, double)]
    try:
        score_spends(
            scoring.areas, scoring.gems_before[:-1], scoring.gems_before[-1], spends, game.ruleset.colours
        )
    except ValueError as exc:
        return str(exc)
    return "not allowed now"  # pragma: no cover - every legal spend is listed


# --- applying actions -------------------------------------------------------------------


@hookimpl
def pyramido_apply(game: Game, player: int, action: int) -> bool | None:
    if game.ruleset.game != GAME:
        return None
    return run_step(game, player, action, STEPS)


def _decide(game: Game, kind: str, *players: int) -> None:
    game.decision = Decision(kind, players, game.state.stage + 1)


def _begin_turn(game: Game, player: int) -> None:
    """A turn starts by choosing a space, unless no domino fits: the turn is lost and the
    stage is complete, gaps and all."""
    state: State = game.state
    state.player = player
    state.turn = Turn()
    seat = state.seats[player]
    if seat.pyramid.placements() and _take_options(game):
        _decide(game, "take", player)
        return
    game.emit({"type": "no_domino_fits", "player": player, "stage": state.stage + 1})
    _complete_stage(game, player)
    _after_turn(game, player)


def _take(game: Game, player: int, values: tuple[int, ...]) -> None:
    """Step 1: the face-up domino of a space, and one gem of the player's choice from it."""
    state: State = game.state
    pile, gem = values
    domino = _take_top(game, pile)
    state.turn = Turn(domino=domino, pile=pile)
    event: dict[str, Any] = {"type": "take", "player": player, "pile": pile, "tile": domino.id}
    if gem < len(state.seats[player].gems):
        state.gem_areas[pile].remove(gem)
        state.seats[player].gems[gem] += 1
        event["gem"] = _gem_labels(game.ruleset.colours)[gem]
    game.emit(event)
    if not state.piles[pile] and split_sources(state.piles, pile):
        _decide(game, "split", player)
    else:
        _replenish_and_reveal(game, player)


def _take_top(game: Game, pile: int) -> Domino:
    state: State = game.state
    domino = state.piles[pile].pop()
    state.face_up[pile] = False
    return domino


def _split(game: Game, player: int, values: tuple[int, ...]) -> None:
    """An emptied pile takes the bottom half of another pile (face down)."""
    _split_into(game, player, values[0], game.state.turn.pile)
    _replenish_and_reveal(game, player)


def _split_into(game: Game, who: int | str, source: int, emptied: int) -> None:
    moved = split_pile(game.state.piles, source, emptied)
    game.emit({"type": "split", "player": who, "from": source, "to": emptied, "count": moved})


def _replenish_and_reveal(game: Game, player: int) -> None:
    """Step 2: empty gem areas get 3 gems; step 3: reveal a face-down pile (if any)."""
    _replenish(game)
    if _face_down_piles(game.state):
        _decide(game, "reveal", player)
    else:
        _decide(game, "place", player)


def _replenish(game: Game) -> None:
    state: State = game.state
    for area, gems in enumerate(state.gem_areas):
        if not gems:
            state.gem_areas[area] = _draw(game, game.ruleset.params["gems_per_area"])
            game.emit({"type": "replenish", "area": area, "gems": _gem_names(game, state.gem_areas[area])})


def _reveal(game: Game, player: int, values: tuple[int, ...]) -> None:
    (pile,) = values
    _flip(game, pile, player)
    _decide(game, "place", player)


def _flip(game: Game, pile: int, who: int | str) -> None:
    state: State = game.state
    state.face_up[pile] = True
    game.emit(
        {
            "type": "reveal",
            "player": who,
            "pile": pile,
            "domino": state.piles[pile][-1].to_json(game.ruleset.colours),
        }
    )


def _place(game: Game, player: int, values: tuple[int, ...]) -> None:
    """Step 4: place the domino (the shared geometry)."""
    state: State = game.state
    seat = state.seats[player]
    assert state.turn.domino is not None
    lay_domino(game, player, seat, state.turn.domino, values)
    if seat.pyramid.is_stage_full():
        _complete_stage(game, player)
    _after_turn(game, player)


def _complete_stage(game: Game, player: int) -> None:
    game.state.seats[player].done = True
    game.emit({"type": "stage_complete", "player": player, "stage": game.state.stage + 1})


def _after_turn(game: Game, player: int) -> None:
    """Clockwise to the next player not done; solo: the Legend plays while the player is not done."""
    state: State = game.state
    if state.legend is not None:
        if state.seats[0].done:
            _start_scoring(game)
            return
        _legend_turn(game)
        _begin_turn(game, 0)
        return
    following = next_seat(player, game.num_players, lambda p: not state.seats[p].done)
    if following is None:
        _start_scoring(game)
    else:
        _begin_turn(game, following)


# --- stage scoring ------------------------------------------------------------------------


def _start_scoring(game: Game) -> None:
    """Every player scores at once: activations with gems, then discards down to the limit."""
    state: State = game.state
    for seat in state.seats:
        areas = seat.pyramid.areas()
        cells: list[list[list[int]]] = [[] for _ in areas.colours]
        for index, label in enumerate(areas.labels):
            if label < len(cells):
                cells[label].append([index % 18, index // 18])
        seat.scoring = Scoring(
            areas=[(c - 1, n) for c, n in zip(areas.colours, areas.icons, strict=True)],
            cells=cells,
            gems_before=list(seat.gems),
        )
    game.emit({"type": "scoring_start", "stage": state.stage + 1})
    _decide(game, "scoring", *range(game.num_players))


def _activate(game: Game, player: int, values: tuple[int, ...]) -> None:
    seat: Seat = game.state.seats[player]
    area, payment = values
    coloured, mythical, double = PAYMENTS[payment]
    assert seat.scoring is not None
    colour = seat.scoring.areas[area][0]
    seat.gems[colour] -= coloured
    seat.gems[-1] -= mythical
    seat.scoring.spends.append(Spend(area, coloured, mythical, double))
    _still_scoring(game)


def _end_activation(game: Game, player: int, values: tuple[int, ...]) -> None:
    seat: Seat = game.state.seats[player]
    assert seat.scoring is not None
    scoring = seat.scoring
    scoring.points = score_spends(
        scoring.areas, scoring.gems_before[:-1], scoring.gems_before[-1], scoring.spends
    )
    for spend in scoring.spends:
        game.state.discards[scoring.areas[spend.area][0]] += spend.coloured
        game.state.discards[-1] += spend.mythical
    _still_scoring(game)


def _discard(game: Game, player: int, values: tuple[int, ...]) -> None:
    state: State = game.state
    (gem,) = values
    seat = state.seats[player]
    assert seat.scoring is not None
    seat.gems[gem] -= 1
    state.discards[gem] += 1
    seat.scoring.discarded.append(gem)
    _still_scoring(game)


def _still_scoring(game: Game) -> None:
    """Players who have not finished keep deciding; when nobody is left, the stage is scored."""
    limit = game.ruleset.params["inventory_limit"]
    waiting = tuple(
        p
        for p, seat in enumerate(game.state.seats)
        if seat.scoring is not None and (seat.scoring.points is None or sum(seat.gems) > limit)
    )
    if waiting:
        _decide(game, "scoring", *waiting)
    else:
        _end_stage(game)


def _end_stage(game: Game) -> None:
    state: State = game.state
    scores: list[int | None] = []
    for p, seat in enumerate(state.seats):
        breakdown = game.rules.score_stage(game, p)
        seat.stage_scores.append(breakdown["total"])
        scores.append(breakdown["total"])
        game.emit({"type": "stage_scored", "player": p, "stage": state.stage + 1, **breakdown})
        seat.scoring = None
    if state.legend is not None:
        _score_legend(game)
    advance_stage(game, scores, _begin_stage)


def _begin_stage(game: Game, player: int) -> None:
    """THE Legend draws a gem at a stage start when he holds 7 mythical gems or more."""
    state: State = game.state
    legend = state.legend
    threshold = game.ruleset.params["legend"]["the_legend_mythical_threshold"]
    if legend is not None and state.mode == "the-legend" and legend.gems[-1] >= threshold:
        drawn = _draw(game, 1)
        for gem in drawn:
            legend.gems[gem] += 1
        game.emit(
            {"type": "legend_draws", "reason": f"{threshold}+ mythical gems", "gems": _gem_names(game, drawn)}
        )
    _begin_turn(game, player)


@hookimpl
def pyramido_score_stage(game: Game, player: int) -> dict[str, Any] | None:
    """1 point per visible icon of each activated area (2 if doubled), plus 1 per mythical
    gem left after the activations."""
    if game.ruleset.game != GAME:
        return None
    seat: Seat = game.state.seats[player]
    scoring = seat.scoring
    assert scoring is not None and scoring.points is not None
    colours = game.ruleset.colours
    lines: list[dict[str, Any]] = []
    for spend in scoring.spends:
        colour, icons = scoring.areas[spend.area]
        lines.append(
            {
                "what": "doubled area" if spend.double else "activated area",
                "colour": colours[colour],
                "icons": icons,
                "paid": {"coloured": spend.coloured, "mythical": spend.mythical},
                "cells": scoring.cells[spend.area],
                "points": icons * (2 if spend.double else 1),
            }
        )
    mythical_left = scoring.gems_before[-1] - sum(s.mythical for s in scoring.spends)
    if mythical_left:
        lines.append({"what": "mythical gems kept", "gems": mythical_left, "points": mythical_left})
    if scoring.discarded:
        lines.append(
            {"what": "discarded to the limit", "gems": _gem_names(game, scoring.discarded), "points": 0}
        )
    total = sum(line["points"] for line in lines)
    assert total == scoring.points
    return {"total": total, "lines": lines}


@hookimpl
def pyramido_next_start_player(game: Game, stage_scores: list[int | None]) -> int | None:
    """The lowest stage score starts (ties: first in turn order); solo: the player, always."""
    if game.ruleset.game != GAME:
        return None
    if game.state.legend is not None:
        return 0
    return lowest_score_starts(game.state.start_player, stage_scores)


@hookimpl
def pyramido_ranking(game: Game) -> list[dict[str, Any]] | None:
    """Most points; ties: most gems left, then best single stage; else shared. Solo: the
    Legend wins ties."""
    if game.ruleset.game != GAME:
        return None
    state: State = game.state
    keys: dict[Any, tuple[int, ...]] = {}
    rows: dict[Any, dict[str, Any]] = {}
    for p, seat in enumerate(state.seats):
        total, best = sum(seat.stage_scores), max(seat.stage_scores, default=0)
        keys[p] = (-total, -sum(seat.gems), -best)
        rows[p] = {"player": p, "score": total, "tiebreak": [sum(seat.gems), best]}
    if state.legend is not None:
        total = sum(state.legend.stage_scores)
        keys[LEGEND] = (-total,)
        keys[0] = (-sum(state.seats[0].stage_scores), 1)  # the Legend wins ties
        rows[LEGEND] = {"player": LEGEND, "score": total, "tiebreak": []}
    return rank(keys, rows)


# --- the Legend ---------------------------------------------------------------------------


def _legend_turn(game: Game) -> None:
    """(1) From the leftmost face-up space, take every coloured gem that fills an open wish,
    until both are filled; (2) short of 2 coloured gems, scan again for mythical gems until
    he took 2 this turn; (3) take the domino of the space of his last gem, and turn up the
    next domino of that pile. With no gem at all: the leftmost face-up domino and a random
    gem from the bag."""
    state: State = game.state
    legend = state.legend
    assert legend is not None
    wishes = _wishes(legend.pile[-1])
    taken: list[tuple[int, int]] = []  # (space, gem kind)
    spaces = [p for p, pile in enumerate(state.piles) if pile and state.face_up[p]]
    if not spaces:
        game.emit({"type": "legend_turn", "gems": [], "pile": None, "tile": None})
        return
    for space in spaces:
        for gem in sorted(state.gem_areas[space]):
            if gem in wishes and len(taken) < 2:
                wishes.remove(gem)
                taken.append((space, gem))
    mythical = _mythical(game)
    for space in spaces:
        while len(taken) < 2 and mythical in state.gem_areas[space]:
            state.gem_areas[space].remove(mythical)
            taken.append((space, mythical))
    for space, gem in taken:
        if gem != mythical:
            state.gem_areas[space].remove(gem)
        legend.gems[gem] += 1
    space = taken[-1][0] if taken else spaces[0]
    domino = _take_top(game, space)
    legend.pile.append(domino)
    event: dict[str, Any] = {
        "type": "legend_turn",
        "gems": [{"space": s, "gem": _gem_labels(game.ruleset.colours)[g]} for s, g in taken],
        "pile": space,
        "tile": domino.id,
    }
    if not taken:
        drawn = _draw(game, 1)
        for gem in drawn:
            legend.gems[gem] += 1
        event["drawn"] = _gem_names(game, drawn)
    game.emit(event)
    if not state.piles[space]:
        sources = split_sources(state.piles, space)
        if sources:  # [ruling] the Legend splits the largest pile, the leftmost of equals
            _split_into(game, LEGEND, max(sources, key=lambda p: (len(state.piles[p]), -p)), space)
    if state.piles[space]:
        _flip(game, space, LEGEND)
    _replenish(game)


def _wishes(domino: Domino) -> list[int]:
    """The colours of the icons (not the blocks) of his top domino, as a multiset."""
    return [domino.a.colour] * bin(domino.a.icons).count("1") + [domino.b.colour] * bin(domino.b.icons).count(
        "1"
    )


def _score_legend(game: Game) -> None:
    """Each coloured gem scores the stage number, each mythical gem 2; coloured gems are
    then discarded, mythical gems stay (and score again)."""
    state: State = game.state
    legend = state.legend
    assert legend is not None
    stage = state.stage + 1
    coloured = sum(legend.gems[:-1])
    mythical = legend.gems[-1]
    points = coloured * stage + mythical * game.ruleset.params["legend"]["points_per_mythical"]
    legend.stage_scores.append(points)
    game.emit(
        {
            "type": "stage_scored",
            "player": LEGEND,
            "stage": stage,
            "total": points,
            "lines": [
                {"what": "coloured gems", "gems": coloured, "points": coloured * stage},
                {"what": "mythical gems", "gems": mythical, "points": points - coloured * stage},
            ],
        }
    )
    for gem in range(len(legend.gems) - 1):
        state.discards[gem] += legend.gems[gem]
        legend.gems[gem] = 0


STEPS = {
    "take": _take,
    "split": _split,
    "reveal": _reveal,
    "place": _place,
    "activate": _activate,
    "end_activation": _end_activation,
    "discard": _discard,
}


# --- observation --------------------------------------------------------------------------


@hookimpl
def pyramido_observation(game: Game, player: int | None) -> dict[str, Any] | None:
    """Face-down dominoes show only their backs; the bag shows only its size; other players'
    scoring choices stay hidden until everybody has chosen."""
    if game.ruleset.game != GAME:
        return None
    from ..components.forgotten_treasures import back_of

    state: State = game.state
    colours = game.ruleset.colours
    decision = game.decision

    def top(p: int) -> dict[str, Any] | None:
        pile = state.piles[p]
        if not pile:
            return None
        if state.face_up[p]:
            return {"face": "front", **pile[-1].to_json(colours)}
        return {"face": "back", **back_of(pile[-1].to_json(colours))}

    legend = state.legend
    return {
        "game": GAME,
        "ruleset": game.ruleset.id,
        "viewer": player,
        "mode": state.mode,
        "stage": state.stage + 1,
        "start_player": state.start_player,
        "decision": None if decision is None else {"kind": decision.kind, "players": list(decision.players)},
        "spaces": [
            {
                "pile_size": len(state.piles[p]),
                "top": top(p),
                "gems": _gem_names(game, sorted(state.gem_areas[p])),
            }
            for p in range(len(state.piles))
        ],
        "in_hand": state.turn.domino.to_json(colours)
        if state.turn.domino and decision and decision.kind in ("split", "reveal", "place")
        else None,
        "bag_size": sum(state.bag),
        "discards": dict(zip(_gem_labels(colours), state.discards, strict=True)),
        "players": [
            {
                "player": p,
                "pyramid": pyramid_json(seat.pyramid, seat.tiles, set(), colours),
                "gems": dict(zip(_gem_labels(colours), _visible_gems(seat, p, player), strict=True)),
                "stage_scores": list(seat.stage_scores),
                "score": sum(seat.stage_scores),
                "stage_complete": seat.done,
                "scoring": _scoring_json(game, seat) if seat.scoring and p == player else None,
            }
            for p, seat in enumerate(state.seats)
        ],
        "legend": None
        if legend is None
        else {
            "top": legend.pile[-1].to_json(colours),
            "pile_size": len(legend.pile),
            "gems": dict(zip(_gem_labels(colours), legend.gems, strict=True)),
            "stage_scores": list(legend.stage_scores),
            "score": sum(legend.stage_scores),
        },
    }


def _visible_gems(seat: Seat, owner: int, viewer: int | None) -> list[int]:
    """A player's gems are public, but while the stage is scored the others see them as they
    were before the (still secret) activations."""
    if seat.scoring is None or owner == viewer:
        return seat.gems
    return seat.scoring.gems_before


def _scoring_json(game: Game, seat: Seat) -> dict[str, Any]:
    scoring = seat.scoring
    assert scoring is not None
    colours = game.ruleset.colours
    return {
        "areas": [
            {"area": i, "colour": colours[c], "icons": n, "cells": scoring.cells[i]}
            for i, (c, n) in enumerate(scoring.areas)
        ],
        "activated": [
            {"area": s.area, "coloured": s.coloured, "mythical": s.mythical, "double": s.double}
            for s in scoring.spends
        ],
        "points": scoring.points,
    }
