"""Silver & Gold Pyramids: each player's two pyramid cards (walls, entrance, tomb, the
symbols as glyphs with the terminal's letters, marked cells crossed), the cards a seat is
choosing from, the revealed expedition shape, the offer, the deck, the colour bonuses
left and every score card.

Everything is the seat's observation: it holds the data of the cards the seat may see
only, and the others' cards as they were before the marks they are still making.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...geometry.contract import SG_SIDE
from ...render.view import Json, View
from ...svg.choices import clickable, combo, cue, find, offered, on_click, part
from ...svg.document import Element, el, num, text, titled, use
from ...svg.layout import INK, LINE, MUTED, SMALL, Block, column, headed, lines, row
from ...svg.palette import Palette
from ...svg.scene import Scene
from .look_cards import ENTRANCE, SYMBOL_GLYPHS, TOMB, card_name, cell_name
from .shapes import SHAPES, placement_mask
from .views import CELLS

CARD_CELL: Final = 22
BAND: Final = 22  # the card's coloured band, with its number
SHAPE_CELL: Final = 16
BOX: Final = 24  # a box of a score card's track (wide enough for -55 under it)
TRACK_LABEL: Final = 110  # the width of a track's name
GEMS: Final = ("red", "green")  # the symbols that are gems, painted in their colour
#: Fills of the other symbols (their letter says what they are; the fill only helps).
SYMBOL_FILLS: Final = {"torch": "#f2c94c", "skull": "#ffffff", "potion": "#d9a6ff", "cross": "#bde7ff"}
WALL_FILL: Final = "#4d4d4d"
DECK_HEIGHT: Final = 40


def paints(view: View) -> list[str]:
    """The cards' colours, then the gems' (green may be both)."""
    return list(dict.fromkeys([*view.colours, *GEMS]))


def defs(palette: Palette) -> list[Element]:
    """A glyph per symbol, centred on 0, 0: a gem diamond in its colour's pattern, a disc for
    the others, each with the symbol's letter."""
    glyphs = []
    for symbol, (letter, _) in SYMBOL_GLYPHS.items():
        if symbol in GEMS:
            shape = el("path", d="M0 -9L9 0L0 9L-9 0Z", fill=palette.fill(symbol), stroke="#111111")
            ink = palette[symbol].ink
        else:
            shape = el("circle", r=8, fill=SYMBOL_FILLS[symbol], stroke="#111111")
            ink = "#000000"
        glyphs.append(
            el(
                "g",
                shape,
                el("text", letter, y=4, font_size=12, font_weight="bold", text_anchor="middle", fill=ink),
                id=f"symbol-{symbol}",
            )
        )
    return glyphs


def where(view: View) -> str:
    """``round 2 · expedition card 3 of 7``."""
    observation = view.observation
    shown = observation["expedition"]
    heading = f"round {observation['round']}"
    if shown["shape"] is None:
        return heading
    return (
        f"{heading} · expedition card {shown['used_this_round'] + 1} of {view.rules['expeditions_per_round']}"
    )


def standing(view: View, player: int) -> str:
    """A player's total once the game is scored (there is no running score before)."""
    totals = [e["total"] for e in view.events if e["type"] == "final_score" and e["player"] == player]
    return f"{totals[-1]} points" if totals else ""


# --- cards ------------------------------------------------------------------------------


def card(
    view: View, palette: Palette, number: int, marked: Sequence[int] = (), slot: int | None = None
) -> Block:
    """A pyramid card: a band in its colour with its number and letter, then its 5x5 grid,
    each cell that is not an empty room drawn with a title of its own; the seat's card
    in ``slot`` with the cells it may mark on top (:func:`_marking_layer`)."""
    data = view.observation["cards"][str(number)]
    colour = data["colour"]
    paint = palette[colour]
    width = SG_SIDE * CARD_CELL
    glyphs = _cell_glyphs(data)
    items: list[Element] = [
        el("rect", width=width, height=BAND, fill=palette.fill(colour), stroke="#111111"),
        text(6, BAND - 6, f"#{number} {paint.letter} {colour}", size=SMALL, weight="bold", fill=paint.ink),
        el("rect", y=BAND, width=width, height=width, fill="#ffffff"),
        el("path", d=_grid(width), stroke="#999999"),
    ]
    for cell in range(CELLS):
        x, y = cell % SG_SIDE * CARD_CELL, BAND + cell // SG_SIDE * CARD_CELL
        if glyphs[cell] != "room" or cell in marked:
            items.append(_cell(x, y, cell, glyphs[cell], cell in marked))
    items.append(el("rect", width=width, height=BAND + width, fill="none", stroke=paint.fill, stroke_width=3))
    title = f"card #{number}, {colour}: {len(marked)} cells marked"
    layer = [] if slot is None else _marking_layer(view, slot)
    return Block(width, BAND + width, (titled("card", title, *items), *layer))


def _marking_layer(view: View, slot: int) -> list[Element]:
    """The cells of the seat's card in ``slot`` that a legal marking covers: a click marks
    one cell (a single mark, a cross), or chooses it toward the shape, which is marked once
    its cells are all chosen; the shapes as the parts that choose them."""
    singles = {a["cell"]: a for kind in ("cell", "cross") for a in offered(view, kind) if a["card"] == slot}
    shape = view.observation["expedition"]["shape"]
    shapes = [a for a in offered(view, "shape") if a["card"] == slot]
    in_shapes = {cell for a in shapes for cell in _cells(placement_mask(shape, a["placement"]))}
    items: list[Element] = []
    for cell in sorted({*singles, *in_shapes}):
        x, y = cell % SG_SIDE * CARD_CELL, BAND + cell // SG_SIDE * CARD_CELL
        area = el("rect", x=x, y=y, width=CARD_CELL, height=CARD_CELL, class_="cell-target")
        if cell in in_shapes:
            items.append(part(_cell_part(slot, cell), f"card {slot + 1}, {cell_name(cell)}", area))
        else:
            items.append(clickable(view, singles[cell], area))
    items += [
        combo(view, a, [_cell_part(slot, c) for c in _cells(placement_mask(shape, a["placement"]))])
        for a in shapes
    ]
    items += [
        combo(view, singles[cell], [_cell_part(slot, cell)]) for cell in sorted(in_shapes & set(singles))
    ]
    return items


def _cells(mask: int) -> list[int]:
    return [cell for cell in range(CELLS) if mask >> cell & 1]


def _cell_part(slot: int, cell: int) -> str:
    return f"card{slot + 1}-{cell_name(cell)}"


def _grid(width: float) -> str:
    """The lines between a card's cells."""
    steps = [i * CARD_CELL for i in range(1, SG_SIDE)]
    across = "".join(f"M0 {num(BAND + y)}H{num(width)}" for y in steps)
    return across + "".join(f"M{num(x)} {num(BAND)}V{num(BAND + width)}" for x in steps)


def _cell_glyphs(data: Json) -> list[str]:
    """What is printed on each cell: ``room``, ``wall``, a symbol, ``entrance`` or ``tomb``."""
    glyphs = ["room"] * CELLS
    for cell in data["walls"]:
        glyphs[cell] = "wall"
    for symbol, cells in sorted(data["symbols"].items()):
        for cell in cells:
            glyphs[cell] = symbol
    glyphs[data["entrance"]] = "entrance"
    glyphs[data["tomb"]] = "tomb"
    return glyphs


def _cell(x: float, y: float, cell: int, glyph: str, marked: bool) -> Element:
    half = CARD_CELL / 2
    items: list[Element] = []
    if glyph == "wall":
        items.append(
            el("rect", x=x, y=y, width=CARD_CELL, height=CARD_CELL, fill=WALL_FILL, stroke="#999999")
        )
    elif glyph in ("entrance", "tomb"):
        letter = ENTRANCE if glyph == "entrance" else TOMB
        items.append(text(x + half, y + half + 5, letter, size=14, weight="bold", anchor="middle", fill=INK))
    elif glyph in SYMBOL_GLYPHS:
        items.append(use(f"symbol-{glyph}", x + half, y + half))
    if marked:
        x_mark = cross(x, y, CARD_CELL, 4)
        items += [
            el("path", d=x_mark, stroke="#ffffff", stroke_width=5, stroke_linecap="round"),
            el("path", d=x_mark, stroke=INK, stroke_width=2.5, stroke_linecap="round"),
        ]
    what = glyph if glyph != "room" else "room"
    return titled(
        "cell marked" if marked else "cell",
        f"{cell_name(cell)}: {what}{', marked' if marked else ''}",
        *items,
    )


# --- the table --------------------------------------------------------------------------


def table(view: View, palette: Palette) -> Block:
    """The expedition card revealed, the offer, the deck and the colour bonuses left."""
    observation = view.observation
    offer = row(
        headed(
            f"offer {i}",
            lines(["(empty)"], colour=MUTED)
            if number is None
            else on_click(view, card(view, palette, number), find(view, "replace", source=f"offer {i}")),
        ).classed("offer")
        for i, number in enumerate(observation["offer"], 1)
    )
    bonuses = [
        f"{colour} ({palette[colour].letter}): {' '.join(map(str, points)) or 'none'}"
        for colour, points in observation["bonuses_left"].items()
    ]
    return row(
        [
            headed("Expedition", _shape(observation["expedition"]["shape"])).classed("expedition"),
            headed("Offer", offer if observation["offer"] else lines(["not laid out yet"], colour=MUTED)),
            headed(
                f"Deck: {observation['deck_size']} cards",
                column([_deck(view, palette), lines(["colour bonuses left:", *bonuses])], 8),
            ),
        ],
        40,
    )


def _deck(view: View, palette: Palette) -> Block:
    """The deck's back: a click takes its top card, when the seat replaces a card."""
    width = SG_SIDE * CARD_CELL
    back = Block(
        width,
        DECK_HEIGHT,
        (
            titled(
                "deck",
                f"the deck: {view.observation['deck_size']} cards face down",
                el("rect", width=width, height=DECK_HEIGHT, rx=6, fill="#23324a", stroke="#111111"),
                text(width / 2, DECK_HEIGHT / 2 + 5, "deck", weight="bold", anchor="middle", fill="#ffffff"),
            ),
        ),
    )
    return on_click(view, back, find(view, "replace", source="deck"))


def _shape(shape: str | None) -> Block:
    """The revealed expedition card's shape, as printed."""
    if shape is None:
        return lines(["no card revealed"], colour=MUTED)
    cells = _cells(SHAPES[shape])
    squares = [
        el(
            "rect",
            x=cell % SG_SIDE * SHAPE_CELL,
            y=cell // SG_SIDE * SHAPE_CELL,
            width=SHAPE_CELL,
            height=SHAPE_CELL,
            fill=INK,
            stroke="#ffffff",
        )
        for cell in cells
    ]
    width = (max(cell % SG_SIDE for cell in cells) + 1) * SHAPE_CELL
    height = (max(cell // SG_SIDE for cell in cells) + 1) * SHAPE_CELL
    return column([Block(width, height, (titled("shape", f"shape: {shape}", *squares),)), lines([shape])], 4)


# --- a player ---------------------------------------------------------------------------


def seat(view: View, palette: Palette, player: int) -> Block:
    """A player's cards (or the cards the seat is choosing from), then the score card."""
    me = view.seat(player)
    hand = me["hand"]
    cards: Block
    if isinstance(hand, list) and hand:
        cards = headed("your cards drawn: keep 2", _keeping(view, palette, hand))
    elif isinstance(hand, int) and hand:
        cards = lines([f"(keeping 2 of the {hand} cards drawn)"], colour=MUTED)
    else:
        cards = row(
            headed(f"card {slot}", lines(["(no card)"], colour=MUTED))
            if held is None
            else headed(
                f"card {slot}", card(view, palette, held["number"], held["marked"], _slot(view, player, slot))
            )
            for slot, held in enumerate(me["cards"], 1)
        )
    return row([cards, score_card(view, palette, me)], 30)


def _slot(view: View, player: int, slot: int) -> int | None:
    """The 0-based slot of the seat's own card in ``slot`` (1-based), while it marks."""
    return slot - 1 if view.choices and player == view.observation["viewer"] else None


def _keeping(view: View, palette: Palette, hand: Sequence[int]) -> Block:
    """The cards drawn, each a part to choose toward the cards to keep: the keep whose
    cards are all chosen is played."""
    cards = []
    for position, number in enumerate(hand, 1):
        drawn = card(view, palette, number)
        label = f"keep card {position}: {card_name(view, number)}"
        frame = cue(drawn.width, drawn.height)
        chosen = part(f"hand-{position}", label, frame, *drawn.items)
        cards.append(Block(drawn.width, drawn.height, (chosen,)))
    keeps = [combo(view, a, [f"hand-{p}" for p in a["pair"].split("+")]) for a in offered(view, "keep")]
    drawn_row = row(cards)
    return Block(drawn_row.width, drawn_row.height, (*drawn_row.items, *keeps))


def score_card(view: View, palette: Palette, me: Json) -> Block:
    """Gems of the cap, torches by round, skulls ticked on the track, bonuses, completed
    cards, crosses still owed."""
    score = me["score_card"]
    rules = view.rules
    tracks = [_track(f"{gem} gems", score[gem], rules["gem_cap"], palette.fill(gem)) for gem in GEMS]
    per_round = rules["torches_per_round"]  # a box per torch a round may tick
    boxes = [box < ticked for ticked in score["torches"] for box in range(per_round)]
    tracks.append(_track("torches", sum(score["torches"]), 0, "#f2c94c", ticks=boxes))
    tracks.append(
        _track("skulls", score["skulls"], len(rules["skull_track"]), "#ffffff", values=rules["skull_track"])
    )
    bonuses = ", ".join(f"{b['colour']} {b['points']}" for b in score["bonuses"]) or "none"
    completed = " ".join(f"#{n}" for n in score["completed"]) or "none"
    words = [f"bonuses: {bonuses}", f"completed: {completed}"]
    if me["crosses_owed"]:
        words.append(f"crosses to mark: {me['crosses_owed']}")
    return headed("Score card", column([*tracks, lines(words)], 6)).classed("score-card")


def _track(
    label: str,
    ticked: int,
    boxes: int,
    fill: str,
    *,
    ticks: Sequence[bool] = (),
    values: Sequence[int] = (),
) -> Block:
    """A row of boxes, the ticked ones filled and crossed: ``boxes`` of them with the first
    ``ticked`` ticked, or one per entry of ``ticks``; ``values`` printed under them."""
    states = list(ticks) or [i < ticked for i in range(boxes)]
    items: list[Element] = []
    for i, on in enumerate(states):
        x = i * BOX
        items.append(el("rect", x=x, width=BOX, height=BOX, fill=fill if on else "#ffffff", stroke="#333333"))
        if on:
            items.append(el("path", d=cross(x, 0, BOX, 4), stroke=INK, stroke_width=2))
        if values:
            items.append(
                text(x + BOX / 2, BOX + SMALL + 2, str(values[i]), size=SMALL, anchor="middle", fill=MUTED)
            )
    height = BOX + (SMALL + 4 if values else 0)
    boxes_block = Block(len(states) * BOX, height, (titled("track", f"{label}: {ticked}", *items),))
    name = lines([f"{label}: {ticked}"]).at(0, (BOX - LINE) / 2)
    return row([Block(TRACK_LABEL, BOX, (name,)), boxes_block], 0)


def cross(x: float, y: float, size: float, inset: float) -> str:
    """The path of an X over the square of ``size`` at ``(x, y)``: a marked cell, a tick."""
    left, top, right, bottom = (num(v) for v in (x + inset, y + inset, x + size - inset, y + size - inset))
    return f"M{left} {top}L{right} {bottom}M{right} {top}L{left} {bottom}"


def key(palette: Palette) -> Block:
    """What the glyphs of a card mean."""
    entries = [
        ("entrance", lines([ENTRANCE], weight="bold")),
        ("tomb", lines([TOMB], weight="bold")),
        *(
            (f"{symbol} gem" if symbol in GEMS else symbol, Block(20, 20, (use(f"symbol-{symbol}", 10, 10),)))
            for symbol in SYMBOL_GLYPHS
        ),
        ("wall", Block(20, 20, (el("rect", width=20, height=20, fill=WALL_FILL),))),
    ]
    return row(row([sample, lines([label])], 6) for label, sample in entries)


SCENE = Scene(
    name="Silver & Gold Pyramids",
    paints=paints,
    defs=defs,
    where=where,
    key=key,
    table=table,
    seat=seat,
    standing=standing,
)
