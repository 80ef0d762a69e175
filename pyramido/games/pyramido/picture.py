"""Pyramido's own parts: the quarry and the piles' tops, the domino in hand, and each
player's cover cards left beside the pyramid."""

from __future__ import annotations

from collections.abc import Sequence

from ...render.view import Json, View
from ...svg.choices import find, on_click
from ...svg.document import el, text, titled
from ...svg.layout import SMALL, Block, column, headed, lines, row
from ...svg.palette import Palette
from ...svg.scene import Scene, points_standing, stage_where
from ..pyramids import picture_blocks as blocks
from ..pyramids.picture import marks_key, pyramid_row
from ..pyramids.picture_blocks import CELL
from ..pyramids.picture_dominoes import front, top


def table(view: View, palette: Palette) -> Block:
    """The quarry slots, the four piles (size and top), the domino being placed; a slot
    to take from, a pile to refill from or to split, as the seat's choices."""
    observation = view.observation
    quarry = row(
        headed(f"slot {i}", on_click(view, top(palette, d), find(view, "take", slot=i - 1))).classed("slot")
        for i, d in enumerate(observation["quarry"], 1)
    )
    piles = row(
        headed(
            f"pile {i}",
            on_click(view, top(palette, pile["top"]), _pile_choice(view, i - 1)),
            note=[f"{pile['size']} left"],
        ).classed("pile")
        for i, pile in enumerate(observation["piles"], 1)
    )
    parts = [headed("Quarry", quarry), headed("Piles (top domino)", piles)]
    if observation["in_hand"]:
        parts.append(headed("In hand", front(palette, observation["in_hand"])))
    return row(parts, 40)


def _pile_choice(view: View, pile: int) -> Json | None:
    return find(view, "refill", pile=pile) or find(view, "split", pile=pile)


def seat(view: View, palette: Palette, player: int) -> Block:
    """A player's cover cards left and pyramid (and whether he is out of the game)."""
    me = view.seat(player)
    out = (
        [lines(["out of the game: no cover cards left to fill the stage"], weight="bold")]
        if me["out"]
        else []
    )
    return column([*out, _cover_cards(palette, me["cover_cards"]), pyramid_row(view, palette, player)], 8)


def _cover_cards(palette: Palette, cards: Sequence[Sequence[str]]) -> Block:
    """``cover cards left:`` and each card, its two sides side by side with their letters."""
    label = lines(["cover cards left:" if cards else "no cover card left"])
    chips = []
    for sides in cards:
        items = []
        for i, colour in enumerate(sides):
            paint = palette[colour]
            items += [
                el(
                    "rect",
                    x=i * CELL,
                    y=0,
                    width=CELL,
                    height=CELL,
                    fill=palette.fill(colour),
                    stroke="#333333",
                ),
                text(
                    i * CELL + CELL / 2,
                    CELL - 5,
                    paint.letter,
                    size=SMALL,
                    weight="bold",
                    anchor="middle",
                    fill=paint.ink,
                ),
            ]
        chips.append(
            Block(2 * CELL, CELL, (titled("cover-card", f"cover card: {' or '.join(sides)}", *items),))
        )
    return row([label, *chips], 8)


SCENE = Scene(
    name="Pyramido",
    paints=lambda view: view.colours,
    defs=blocks.defs,
    where=stage_where,
    key=lambda palette: marks_key(palette, pending=False),
    table=table,
    seat=seat,
    standing=points_standing,
)
