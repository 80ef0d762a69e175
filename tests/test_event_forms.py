"""The documented forms of events and score lines (each game's ``events`` and
``score_lines`` modules, rendered by the API reference) are what games emit: seeded games of
every shipped ruleset, every event and every score line checked against them, type, id,
keys and values. A game emitting a new event, key or line fails here until it is
documented, and a form no game emits any more fails too."""

from __future__ import annotations

import types
from collections.abc import Iterator, Mapping
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from forms import FORMS
from scenario import rule

from pyramido import Game, Ruleset, load_ruleset, make_bot, play_out
from pyramido.games.events import ScoreLineJson
from pyramido.resources import shipped_rulesets

#: The tables each game is played at: every mode (solo ones too) and a large table.
TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "pyramido": [(2, {}), (4, {})],
    "forgotten-treasures": [(2, {}), (1, {"solo": "legend"}), (1, {"solo": "the-legend"})],
    "silver-gold-pyramids": [(3, {}), (1, {})],
}
Forms = dict[str, Any]


def _by(key: str, forms: tuple[type, ...]) -> Forms:
    """``forms`` by the one value of their ``Literal`` field ``key``."""
    return {get_args(get_type_hints(form)[key])[0]: form for form in forms}


def problems(value: Any, form: Any, where: str, lines: Forms) -> Iterator[str]:
    """Where ``value`` is not of ``form`` (a ``TypedDict`` of JSON, or a type within one);
    a score line is checked against the form of its ``id`` in ``lines``."""
    origin, args = get_origin(form), get_args(form)
    if form is ScoreLineJson:
        yield from _line_problems(value, where, lines)
    elif is_typeddict(form):
        yield from _object_problems(value, form, where, lines)
    elif origin is Literal:
        if value not in args:
            yield f"{where}: {value!r} is none of {args}"
    elif origin in (Union, types.UnionType):
        found = [list(problems(value, arg, where, lines)) for arg in args]
        if all(found):
            yield f"{where}: {value!r} is no {form} ({'; '.join(p for each in found for p in each)})"
    elif origin is list:
        if not isinstance(value, list):
            yield f"{where}: {value!r} is not a list"
            return
        for i, item in enumerate(value):
            yield from problems(item, args[0], f"{where}[{i}]", lines)
    elif origin is dict:
        if not isinstance(value, dict):
            yield f"{where}: {value!r} is not an object"
            return
        for key, item in value.items():
            yield from problems(item, args[1], f"{where}.{key}", lines)
    elif form is type(None):
        if value is not None:
            yield f"{where}: {value!r} is not null"
    elif type(value) is not form:  # bool is no int, 1.0 no int
        yield f"{where}: {value!r} is not {form.__name__}"


def _object_problems(value: Any, form: Any, where: str, lines: Forms, extra: bool = False) -> Iterator[str]:
    """Where ``value`` is not the object ``form`` describes (``extra``: other keys may follow)."""
    if not isinstance(value, dict):
        yield f"{where}: {value!r} is not an object"
        return
    hints = get_type_hints(form)
    missing = form.__required_keys__ - value.keys()
    unknown = set() if extra else value.keys() - hints.keys()
    if missing or unknown:
        yield f"{where}: missing {sorted(missing)}, undocumented {sorted(unknown)} ({form.__name__})"
    for key in value.keys() & hints.keys():
        yield from problems(value[key], hints[key], f"{where}.{key}", lines)


def _line_problems(line: Any, where: str, lines: Forms) -> Iterator[str]:
    """A score line: ``id``, ``what`` and ``points``, then the detail keys of its ``id``'s
    form (a house rule's own ``id``: any)."""
    yield from _object_problems(line, ScoreLineJson, where, lines, extra=True)
    if not isinstance(line, dict) or line.get("id") not in lines:
        yield f"{where}: undocumented score line {line!r}"
        return
    form = lines[line["id"]]
    if form is not None:
        detail = {k: v for k, v in line.items() if k not in ("what", "points")}
        yield from _object_problems(detail, form, f"{where} {line['id']}", lines)


def _crowded(game: Game, player: int) -> list[int] | None:
    """No domino fits stage 2 once it holds 6 blocks (the default answers before)."""
    pyramid = game.seat(player).pyramid
    placed = sum(pyramid.block(2, x, y) is not None for y in range(9) for x in range(9))
    return [] if pyramid.stage == 2 and placed >= 6 else None


#: For each game, a house rule that makes its rarest events happen in every game: ``fill``
#: and ``slot_stays_empty``; ``no_domino_to_take`` and ``bag_refilled_from_discards``;
#: ``pass`` and ``cross_lost``.
PROVOKING = {
    "pyramido": rule(
        pyramido_placements=_crowded,
        pyramido_cover_options=lambda game, player: [],  # cards kept to fill with
        pyramido_eliminated=lambda game, player, spaces: False,
        pyramido_refill_piles=lambda game, player, slot: [] if slot == 0 else None,
    ),
    "forgotten-treasures": rule(
        ("forgotten-treasures",),
        pyramido_take_spaces=lambda game, player: [] if game.table().stage == 2 else None,
        pyramido_replenish_gems=lambda game, space: 3,  # the bag soon empty
    ),
    "silver-gold-pyramids": rule(
        ("silver-gold-pyramids",),
        pyramido_mark_options=lambda game, player, shape: [] if player == 1 or shape is None else None,
    ),
}


def _events(
    ruleset: Ruleset, bots: tuple[str, ...], tables: int | None = None
) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every event of seeded games of ``ruleset`` on its game's tables (the first ``tables``
    of them), with where it happened; each seed's game is played by the next of ``bots``."""
    for players, options in TABLES[ruleset.game][:tables]:
        for seed, bot in enumerate(bots):
            game = Game(ruleset, players, seed, options)
            play_out(game, [make_bot(bot, seed * 4 + p, ruleset) for p in range(players)])
            for number, event in enumerate(game.events()):
                yield f"{ruleset.id} {players}p {options} seed {seed}, event {number}", event


def _plays(game_id: str) -> Iterator[tuple[bool, str, Mapping[str, Any]]]:
    """The game's own ruleset, greedy and random; each of its shipped house rules; and
    the game under its ``PROVOKING`` rule, random: each event, with whether a shipped house
    rule played it and where."""
    yield from ((False, *found) for found in _events(load_ruleset(game_id), ("greedy", "random", "greedy")))
    for ruleset_id in sorted(shipped_rulesets()):
        ruleset = load_ruleset(ruleset_id)
        if ruleset.game == game_id and ruleset_id != game_id:
            yield from ((True, *found) for found in _events(ruleset, ("greedy", "random"), tables=1))
    provoked = load_ruleset(game_id, [PROVOKING[game_id]])
    yield from ((False, *found) for found in _events(provoked, ("random", "random")))


@pytest.mark.parametrize("game_id", sorted(FORMS))
def test_every_event_and_score_line_has_its_documented_form(game_id: str) -> None:
    """The game's own ruleset and its shipped house rules; a house rule's own lines (of ids
    its game does not score) are the house rule's to document, in its module."""
    event_forms, line_forms = FORMS[game_id]
    events, lines = _by("type", event_forms), _by("id", line_forms)
    seen: set[str] = set()
    found: list[str] = []
    for house_rule, where, event in _plays(game_id):
        kind = event["type"]
        scored = {line["id"] for line in event.get("lines", [])}
        seen |= {kind, *scored}
        own = dict.fromkeys(scored - lines.keys()) if house_rule else {}
        found += problems(event.get("seen_by", []), list[int], f"{where} seen_by", lines)
        if kind not in events:
            found.append(f"{where}: undocumented event type {kind!r}")
            continue
        body = {k: v for k, v in event.items() if k != "seen_by"}
        found += problems(body, events[kind], f"{where} {kind}", {**lines, **own})
    assert not found, "\n".join(found[:20])
    never = (events.keys() | lines.keys()) - seen
    assert not never, f"documented, never emitted: {sorted(never)}"
