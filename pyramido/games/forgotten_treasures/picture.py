"""Forgotten Treasures' own parts: the exploration area (each space's pile, its top face
up or its back, the gems before it), the bag and the discards, each player's gems, the
Legend in solo, and a seat's own scoring while it is still secret.

A seat's activations are in its own observation only until everybody has chosen, so only
its own picture outlines them (dashed, as not yet final); the others' show nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from ...render.view import LEGEND, Json, View, who
from ...svg.choices import clickable, combo, cue, find, grouped, offered, on_click, part, picker
from ...svg.document import Element, el, titled, use
from ...svg.layout import MUTED, Block, column, headed, lines, row
from ...svg.palette import Palette
from ...svg.scene import Scene, points_standing, stage_where
from ..pyramids import picture_blocks as blocks
from ..pyramids.look import paid
from ..pyramids.picture import Outline, marks_key, pyramid_row
from ..pyramids.picture_dominoes import front, top
from ..pyramids.picture_placing import is_own
from .look import activated_points

MYTHICAL: Final = "mythical"
GEM: Final = 9  # a gem's radius
GEM_STEP: Final = 2 * GEM + 4


def paints(view: View) -> list[str]:
    """The game's colours, then the mythical gems'."""
    return [*view.colours, MYTHICAL]


def defs(palette: Palette) -> list[Element]:
    """The pyramid's shapes, and a gem of each kind: a disc in its pattern with its letter."""
    gems = [
        el(
            "g",
            el("circle", r=GEM, fill=palette.fill(kind), stroke="#111111"),
            el(
                "text",
                paint.letter,
                y=4,
                font_size=11,
                font_weight="bold",
                text_anchor="middle",
                fill=paint.ink,
            ),
            id=palette.ref("gem", kind),
        )
        for kind, paint in palette.paints.items()
    ]
    return [*blocks.defs(palette), *gems]


def gem_row(palette: Palette, gems: Iterable[str], *, view: View | None = None, pile: int = 0) -> Block:
    """Single gems side by side (a gem area, the Legend's wishes); with ``view``, each gem
    of space ``pile`` that the seat may take with its domino plays that take, or, where a
    take carries several gems (``gems_per_take``), is a part of the takes, clicked one by
    one."""
    kinds = list(gems)
    if not kinds:
        return lines(["no gems"], colour=MUTED)
    takes = (
        [] if view is None else [a for a in offered(view, "take") if a["pile"] == pile and a["gem"] != "none"]
    )
    several = any("+" in take["gem"] for take in takes)
    items = []
    for i, kind in enumerate(kinds):
        gem = titled("gem", f"{kind} gem", use(palette.ref("gem", kind), GEM + i * GEM_STEP, GEM))
        if several:
            key = _gem_parts(pile, [kind], kinds[:i].count(kind))[0]
            items.append(grouped(f"space-{pile}", part(key, f"{kind} gem of space {pile + 1}", gem)))
            continue
        taking = None if view is None else find(view, "take", pile=pile, gem=kind)
        items.append(
            gem if view is None or taking is None else grouped(f"space-{pile}", clickable(view, taking, gem))
        )
    if several and view is not None:
        items += [combo(view, take, _gem_parts(pile, take["gem"].split("+"))) for take in takes]
    return Block(len(kinds) * GEM_STEP - 4, 2 * GEM, tuple(items))


def _gem_parts(pile: int, kinds: Sequence[str], first: int = 0) -> list[str]:
    """The parts of a take of several gems: a kind's gems of the area counted in order
    (``gem-0-red-1``: the second red gem of space 1), from ``first``."""
    counts: dict[str, int] = {}
    keys = []
    for kind in kinds:
        counts[kind] = counts.get(kind, first)
        keys.append(f"gem-{pile}-{kind}-{counts[kind]}")
        counts[kind] += 1
    return keys


def gem_counts(palette: Palette, counts: Mapping[str, int], view: View | None = None) -> Block:
    """Gems held, by kind: each kind's gem and how many (every kind, so rows line up); with
    the seat's ``view``, a kind it may discard is a click that discards one."""
    entries = []
    for kind, count in counts.items():
        gem = titled(
            "gems", f"{count} {kind} gem{'s' * (count != 1)}", use(palette.ref("gem", kind), GEM, GEM)
        )
        discard = None if view is None else find(view, "discard", gem=kind)
        if view is not None and discard is not None:
            gem = clickable(view, discard, cue(2 * GEM, 2 * GEM), gem)
        entries.append(row([Block(2 * GEM, 2 * GEM, (gem,)), lines([f"\N{MULTIPLICATION SIGN}{count}"])], 3))
    return row(entries, 10)


def table(view: View, palette: Palette) -> Block:
    """The bag and the discards, then the five spaces: the pile's size, its top (front, or
    back when face down), its gem area; and the domino being placed. A space's domino and
    gems are the seat's choices: to take (the domino and a gem), split or reveal."""
    observation = view.observation
    spaces = row(
        headed(
            f"space {i}",
            column(
                [
                    _space_top(view, palette, i - 1, space["top"]),
                    gem_row(palette, space["gems"], view=view, pile=i - 1),
                ],
                6,
            ),
            note=[f"{space['pile_size']} in the pile"],
        ).classed("space")
        for i, space in enumerate(observation["spaces"], 1)
    )
    supply = row(
        [
            lines([f"bag: {observation['bag_size']} gems · discards:"]),
            gem_counts(palette, observation["discards"]),
        ]
    )
    parts = [headed("Exploration area", column([supply, spaces], 10))]
    if observation["in_hand"]:
        parts.append(headed("In hand", front(palette, observation["in_hand"])))
    return row(parts, 40)


def _space_top(view: View, palette: Palette, pile: int, domino: Json | None) -> Block:
    """A space's top domino: a click takes it (its gem area empty), splits the pile into
    the emptied one, or turns it face up; where a gem must be chosen with it, picks the
    space and lights up its gems."""
    drawn = top(palette, domino)
    action = next(
        (
            found
            for found in (
                find(view, "take", pile=pile, gem="none"),
                find(view, "split", pile=pile),
                find(view, "reveal", pile=pile),
            )
            if found is not None
        ),
        None,
    )
    if action is not None or find(view, "take", pile=pile) is None:
        return on_click(view, drawn, action)
    label = f"space {pile + 1}: take its domino with one of its gems"
    frame = cue(drawn.width, drawn.height)
    return Block(drawn.width, drawn.height, (picker(f"space-{pile}", label, frame, *drawn.items),))


def seat(view: View, palette: Palette, player: int) -> Block:
    """A player's gems, then the pyramid; the seat's own secret scoring too."""
    me = view.seat(player)
    status = ["stage complete"] if me["stage_complete"] else []
    held = gem_counts(palette, me["gems"], view if is_own(view, player) else None)
    parts = [row([lines(["gems:"]), held, lines(status)])]
    scoring = me["scoring"]
    pending: list[Outline] = []
    if scoring is not None:
        pending = _activations(scoring)
        parts.append(lines(_scoring_words(scoring, view)))
    parts.append(pyramid_row(view, palette, player, pending))
    return column(parts, 8)


def _activations(scoring: Json) -> list[Outline]:
    """The areas the seat activated so far, outlined with the points each will bring."""
    outlines = []
    for spend in scoring["activated"]:
        area = scoring["areas"][spend["area"]]
        points = area["icons"] * (2 if spend["double"] else 1)
        doubled = ", doubled" if spend["double"] else ""
        outlines.append(
            Outline(
                tuple((x, y) for x, y in area["cells"]),
                f"+{points}",
                f"activated area {spend['area']}, {area['colour']}: {area['icons']} icons{doubled}, "
                f"paid {paid(spend)}, {points} points (secret until everybody has chosen)",
                pending=True,
            )
        )
    return outlines


def _scoring_words(scoring: Json, view: View) -> Sequence[str]:
    """Where the seat's secret scoring stands."""
    if scoring["points"] is not None:
        limit = view.rules["inventory_limit"]
        return [
            f"your activations ended: {scoring['points']} points this stage; discard down to {limit} gems"
        ]
    spent = ", ".join(f"area {s['area']} ({paid(s)})" for s in scoring["activated"]) or "nothing yet"
    return [
        f"your scoring (the others see it once everybody has chosen): activated {spent}; "
        f"{activated_points(scoring)} points so far"
    ]


def legend(view: View, palette: Palette) -> list[Block]:
    """Solo: the Legend's top domino (his wishes are its icons' colours), his pile, gems
    and score."""
    found = view.legend
    if not found:
        return []
    top_domino = found["top"]
    wishes = [colour for colour, *icons in (top_domino["a"], top_domino["b"]) for _ in icons]
    body = row(
        [
            headed("his top domino", front(palette, top_domino), note=[f"{found['pile_size']} in his pile"]),
            column(
                [
                    lines(["he wishes:"]),
                    gem_row(palette, wishes),
                    lines(["his gems:"]),
                    gem_counts(palette, found["gems"]),
                ],
                6,
            ),
        ],
        30,
    )
    scores = ", ".join(map(str, found["stage_scores"])) or "none yet"
    return [headed(f"{who(LEGEND)} · {found['score']} points (stages: {scores})", body).classed("legend")]


SCENE = Scene(
    name="Pyramido: Forgotten Treasures",
    paints=paints,
    defs=defs,
    where=stage_where,
    key=lambda palette: marks_key(palette, pending=True),
    table=table,
    seat=seat,
    standing=points_standing,
    extra=legend,
)
