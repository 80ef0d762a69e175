"""Pyramido's :class:`Look`: the quarry and the piles, the cover cards, the wording of
its actions (the domino a take gets, the block a mark or a cover is on); and its
:class:`Shorthand`: a placement typed as ``x y rot``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...render.view import Json, Shorthand, View
from ..pyramids.look import PLACE, SHARED_TEMPLATES, TYPED_PLACE, pyramid_look
from ..pyramids.look_dominoes import domino_cell, domino_text
from ..pyramids.look_grid import COVER, ICON, LATTICE_KEY, MARKER
from .look_log import CHRONICLE

TEMPLATES: Final = {
    **SHARED_TEMPLATES,
    "take": "take the domino in quarry slot {slot1}",
    "mark": "mark block {block}",
    "cover": "cover block {block} with the {colour} side, icon {quadrant}",
    "keep_covers": "keep your cover cards (no cover)",
    "refill": "refill the slot from pile {pile1}",
    "fill": "fill an empty space with the {colour} side, icon {quadrant}",
}


def market(view: View) -> Group:
    """The quarry slots and the piles with their sizes and top dominoes."""
    observation, colours = view.observation, view.colours
    quarry = Table(title="Quarry", title_justify="left", show_edge=False)
    for slot in range(1, len(observation["quarry"]) + 1):
        quarry.add_column(f"slot {slot}")
    quarry.add_row(*(domino_cell(d, colours) for d in observation["quarry"]))
    piles = Table(title="Piles (top domino)", title_justify="left", show_edge=False)
    for number, pile in enumerate(observation["piles"], start=1):
        piles.add_column(f"pile {number}: {pile['size']} left")
    piles.add_row(*(domino_cell(p["top"], colours) for p in observation["piles"]))
    return Group(quarry, piles)


def cover_cards(view: View, seat: int, legal: Sequence[Json]) -> Text:
    """Cover or fill: the cards the player may still use."""
    cards = ", ".join("/".join(card) for card in view.seat(seat)["cover_cards"])
    return Text(f"your cover cards: {cards}")


def context(kind: str, fields: Mapping[str, Any], view: View, player: int) -> str:
    """The domino a take gets; the block (of the player's last domino) a mark or cover is on."""
    quarry = view.observation["quarry"]
    if kind == "take" and fields["slot"] < len(quarry):
        domino = quarry[fields["slot"]]
        return f": {domino_text(domino)}" if domino else ""
    blocks = _placed_blocks(view, player)
    if kind in ("mark", "cover") and len(blocks) == 2:
        block = blocks["AB".index(fields["block"])]
        return f" ({block['colour']} at x={block['x']} y={block['y']})"
    return ""


def _placed_blocks(view: View, player: int) -> Sequence[Json]:
    """Blocks A and B of the player's latest domino (what mark and cover act on)."""
    places = [e for e in view.events if e["type"] == "place" and e["player"] == player]
    return places[-1]["blocks"] if places else ()


def _cover_cards_left(row: Json) -> int:
    return len(row["cover_cards"])


LOOK: Final = pyramid_look(
    marks=f"{ICON} jewel · {MARKER} marker · {COVER} or capital: cover card · {LATTICE_KEY}",
    table=market,
    table_for=frozenset({"take", "refill", "split"}),
    extras={"cover": cover_cards, "fill": cover_cards},
    untold=frozenset(),
    templates=TEMPLATES,
    context=context,
    holding=("cover cards left", _cover_cards_left),
    tiebreaks=("cover cards left", "best stage"),
    chronicle=CHRONICLE,
)

SHORTHAND: Final = Shorthand(forms=(PLACE,), typed=TYPED_PLACE)
