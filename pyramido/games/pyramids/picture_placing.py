"""The seat's choices on its own pyramid, in both pyramid games (``pyramido.svg.choices``):
where the domino in hand may go (a spot per legal placement, and a ghost of the domino in
each rotation that follows the pointer to the nearest spot), the blocks of the domino just
placed to mark or cover, the sides of a cover card to lay, and (Forgotten Treasures) the
areas to activate with their payments.

All of it is drawn from ``view.choices`` and the seat's own observation, on the picture of
its stage now only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ...geometry.board import QUADRANTS, STEP, icon_mask, quadrant_names, rotate_icons
from ...render.view import Json, View
from ...svg.choices import clickable, find, ghost, offered, picker, rotate_button, spot, when
from ...svg.document import Element, el, num, text, use
from ...svg.layout import Block, column, headed, lines, row
from ...svg.palette import Palette
from .picture_blocks import BLOCK, CELL, EDGE, Cell, Placer, block, edges, outline_path

TURN_LABEL: Final = "turn the domino (R)"
CHIP: Final = 28  # a payment button's height
SIDE_CELL: Final = 26  # a quadrant of a cover card's side offered


def is_own(view: View, player: int) -> bool:
    """Whether ``player``'s board is the seat's own, where its choices are drawn."""
    return bool(view.choices) and player == view.observation["viewer"]


def _blocks_of(action: Json, stage: int) -> tuple[Cell, Cell]:
    """The top-left cells of blocks A and B of a placement on ``stage`` (0-based)."""
    dx, dy = STEP[action["rot"]]
    x, y = action["x"], action["y"]
    return (2 * x + stage, 2 * y + stage), (2 * (x + dx) + stage, 2 * (y + dy) + stage)


def placement_cells(view: View, stage: int) -> list[Cell]:
    """Every quadrant cell a legal placement of the seat would cover: what its picture of
    now must show room for."""
    cells = []
    for action in offered(view, "place"):
        for cx, cy in _blocks_of(action, stage):
            cells += [(cx, cy), (cx + 1, cy + 1)]
    return cells


def placing(view: View, palette: Palette, stage: int, at: Placer) -> list[Element]:
    """A spot per legal placement (centred on the domino, one block square: the spots of
    one rotation never overlap), then the domino in hand as a ghost in each rotation."""
    domino = view.observation.get("in_hand")
    places = offered(view, "place")
    if not places or domino is None:
        return []
    items: list[Element] = []
    for action in places:
        a, b = (at(*cell) for cell in _blocks_of(action, stage))
        centre = ((a[0] + b[0]) / 2 + CELL, (a[1] + b[1]) / 2 + CELL)
        items.append(spot(view, action, centre, BLOCK, action["rot"]))
    items += [ghost(rot, *_domino_turned(palette, domino, rot)) for rot in sorted({a["rot"] for a in places})]
    return items


def _domino_turned(palette: Palette, domino: Json, rot: int) -> list[Element]:
    """``domino`` after ``rot`` quarter turns, centred on ``(0, 0)``: block A, then B in
    the direction of ``rot``, the icons turned with them."""
    dx, dy = STEP[rot]
    items = []
    for side, sign in (("a", -1), ("b", 1)):
        colour, *icons = domino[side]
        turned = quadrant_names(rotate_icons(icon_mask(icons), rot))
        x, y = sign * dx * BLOCK / 2 - BLOCK / 2, sign * dy * BLOCK / 2 - BLOCK / 2
        items.append(block(palette, x, y, colour, turned, cover=False, title=f"block {side.upper()}"))
    width, height = BLOCK * (1 + abs(dx)), BLOCK * (1 + abs(dy))
    items.append(edges(-width / 2, -height / 2, width, height))
    return items


def turning(view: View) -> Block | None:
    """The button that turns the domino in hand, while the seat places it."""
    return rotate_button(TURN_LABEL) if offered(view, "place") else None


def latest_blocks(view: View, player: int) -> Sequence[Json]:
    """Blocks A and B of the domino ``player`` placed last (what a mark or a cover is on)."""
    places = [e for e in view.events if e["type"] == "place" and e["player"] == player]
    return places[-1]["blocks"] if places else ()


def on_blocks(view: View, player: int, stage: int, at: Placer) -> list[Element]:
    """Blocks A and B of the domino just placed as targets: a click marks one, or picks
    the one a cover card goes on (its sides then shown, :func:`cover_sides`)."""
    targets = []
    covering = {action["block"] for action in offered(view, "cover")}
    for name, placed in zip("AB", latest_blocks(view, player), strict=False):
        x, y = at(2 * placed["x"] + stage, 2 * placed["y"] + stage)
        area = el("rect", x=x, y=y, width=BLOCK, height=BLOCK, class_="block-target")
        mark = find(view, "mark", block=name)
        if mark is not None:
            targets.append(clickable(view, mark, area))
        elif name in covering and len(covering) > 1:
            targets.append(picker(f"cover-{name}", f"cover block {name}: choose the card's side", area))
    return targets


def cover_sides(view: View, palette: Palette) -> Block | None:
    """The cover cards' sides the seat may lay, each with its icon in each quadrant it may
    take: on the block picked (a cover) or on the empty space to fill (a fill)."""
    blocks = sorted({action["block"] for action in offered(view, "cover")})
    if blocks:
        rows = [_sides(view, palette, offered(view, "cover"), name) for name in blocks]
        if len(rows) == 1:
            return headed(f"cover block {blocks[0]} with", rows[0])
        return headed("cover the block picked with", column(rows, 0))  # one row shown at a time
    fills = offered(view, "fill")
    return headed("fill the empty space with", _sides(view, palette, fills, None)) if fills else None


def _sides(view: View, palette: Palette, actions: Iterable[Json], name: str | None) -> Block:
    """Each side of the cover cards the seat may lay (on block ``name``, or to fill): the
    side as a block whose quadrants are clicked to lay it with its icon there."""
    chosen = [action for action in actions if name is None or action["block"] == name]
    by_colour: dict[str, dict[str, Json]] = {}
    for action in chosen:
        by_colour.setdefault(action["colour"], {})[action["quadrant"]] = action
    sides = row([_side(view, palette, colour, quadrants) for colour, quadrants in by_colour.items()], 14)
    if name is None or len({action["block"] for action in actions}) == 1:
        return sides
    return Block(sides.width, sides.height, (when(f"cover-{name}", *sides.items),))


def _side(view: View, palette: Palette, colour: str, quadrants: dict[str, Json]) -> Block:
    """A cover card's ``colour`` side, a click on a quadrant laying it with its icon there
    (the icon drawn in each quadrant it may take)."""
    size = 2 * SIDE_CELL
    items: list[Element] = [
        el("rect", width=size, height=size, fill=palette.fill(colour), stroke=EDGE, stroke_dasharray="4 2")
    ]
    for quadrant, name in enumerate(QUADRANTS):
        action = quadrants.get(name)
        if action is None:
            continue
        x, y = quadrant % 2 * SIDE_CELL, quadrant // 2 * SIDE_CELL
        spot_of_icon = el("rect", x=x, y=y, width=SIDE_CELL, height=SIDE_CELL, class_="quadrant-target")
        jewel = use(palette.ref("jewel", colour), x + SIDE_CELL / 2, y + SIDE_CELL / 2)
        items.append(clickable(view, action, spot_of_icon, jewel))
    return column([lines([f"{colour} side"]), Block(size, size, tuple(items))], 2)


def activating(view: View, player: int, at: Placer) -> list[Element]:
    """Forgotten Treasures' scoring: each area a legal activation pays for, to pick (its
    payments then shown, :func:`payments`)."""
    scoring = view.seat(player).get("scoring") if is_own(view, player) else None
    if not scoring:
        return []
    paying = {action["area"] for action in offered(view, "activate")}
    targets = []
    for area in scoring["areas"]:
        if area["area"] not in paying:
            continue
        path = outline_path([(x, y) for x, y in area["cells"]], at)
        filled = el("path", d=_filled_path(area["cells"], at), class_="area-target")
        label = f"area {area['area']}: {area['colour']}, {area['icons']} icons: choose how to pay"
        targets.append(picker(f"area-{area['area']}", label, filled, el("path", d=path, class_="area-edge")))
    return targets


def _filled_path(cells: Iterable[Sequence[int]], at: Placer) -> str:
    """The cells of an area as one path of squares, to click anywhere in it."""
    return "".join(f"M{num(x)} {num(y)}h{CELL}v{CELL}h-{CELL}Z" for x, y in (at(cx, cy) for cx, cy in cells))


def payments(view: View) -> Block | None:
    """The payments of each area the seat may activate, shown once the area is picked
    (one row of them at a time, all in the same place)."""
    by_area: dict[int, list[Json]] = {}
    for action in offered(view, "activate"):
        by_area.setdefault(action["area"], []).append(action)
    if not by_area:
        return None
    rows = {
        area: row([_chip(view, action) for action in choices], 8) for area, choices in sorted(by_area.items())
    }
    shown = tuple(when(f"area-{area}", *chips.items) for area, chips in rows.items())
    width, height = max(r.width for r in rows.values()), max(r.height for r in rows.values())
    return headed("pay for the area picked", Block(width, height, shown))


def _chip(view: View, action: Json) -> Block:
    """A payment as a button: its label (``2C+2M``)."""
    label = action["payment"]
    width = len(label) * 9 + 24
    shape = el("rect", x=0.5, y=0.5, width=width - 1, height=CHIP - 1, rx=6, class_="chip")
    words = text(width / 2, CHIP / 2 + 5, label, weight="bold", anchor="middle")
    return Block(width, CHIP, (clickable(view, action, shape, words),))
