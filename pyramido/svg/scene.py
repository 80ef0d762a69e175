"""A whole picture: the title (which game, whose view, where, which decision), the key to
colours and marks, the game's table, then each player. What differs by game is a
:class:`Scene`, which the game's plugin registers (``pyramido_register_scenes``): this
module names no game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..errors import PyramidoError
from ..render.view import View
from .choices import buttons
from .document import Element, document, el, fragment, shared_defs, text, titled
from .layout import GAP, HEADING, SMALL, Block, column, framed, headed, lines, row
from .palette import Palette

PAGE_MARGIN: Final = 20
PART_MARGIN: Final = 6  # round a part of a page (room for the outlines' labels)
SWATCH: Final = 20


@dataclass(frozen=True)
class Scene:
    """What one game draws its own way."""

    name: str  # the game's name in the title
    paints: Callable[[View], Sequence[str]]  # every colour the picture uses
    defs: Callable[[Palette], list[Element]]  # shapes placed many times
    where: Callable[[View], str]  # ``stage 2``, ``round 1 · expedition card 3 of 7``
    key: Callable[[Palette], Block]  # what the marks mean
    table: Callable[[View, Palette], Block]  # what lies between the players
    seat: Callable[[View, Palette, int], Block]  # one player's board
    standing: Callable[[View, int], str]  # a player's score, after the name
    extra: Callable[[View, Palette], list[Block]] = lambda view, palette: []  # the Legend


def stage_where(view: View) -> str:
    """``stage 2``: where a game of stages stands (a :attr:`Scene.where`)."""
    return f"stage {view.observation['stage']}"


def points_standing(view: View, player: int) -> str:
    """``23 points``: a player's score (a :attr:`Scene.standing`)."""
    return points_standing_of(view.seat(player))


def draw(view: View) -> str:
    """The SVG document of ``view``."""
    scene = _scene(view)
    palette = Palette(scene.paints(view))
    title = _title(view, scene)
    body = column(
        [
            lines([title], size=HEADING + 3, weight="bold"),
            lines([_decision(view)]),
            _colour_key(palette).classed("key"),
            scene.key(palette).classed("key"),
            framed(scene.table(view, palette)).classed("table"),
            *(framed(part) for part in [*_seats(view, scene, palette), *scene.extra(view, palette)]),
        ],
        GAP,
    )
    description = f"{title}. {_decision(view)}. Drawn from what this seat may see only."
    return _page(body, title, description, palette, scene)


def draw_parts(view: View) -> dict[str, Any]:
    """The picture of ``view`` in parts that a page lays out itself (docs/web.md): the
    shared definitions, the keys, the table, each seat's board with its heading as data
    (``player``, ``name``, ``standing``, ``deciding``), the extras (the Legend), and the
    seat's choices that have no field as buttons (``None`` without any). What the seat
    may click carries its action (:mod:`pyramido.svg.choices`)."""
    scene = _scene(view)
    palette = Palette(scene.paints(view))
    keys = column([_colour_key(palette), scene.key(palette)], GAP)
    plain = buttons(view)
    seats = []
    for player in view.players:
        board = scene.seat(view, palette, player)
        heading = _seat_heading(view, scene, player)
        seats.append(
            {
                "player": player,
                "name": view.name(player),
                "standing": scene.standing(view, player),
                "deciding": _deciding(view, player),
                "svg": _fragment(board, heading, "seat"),
            }
        )
    return {
        "title": _title(view, scene),
        "decision": _decision(view),
        "scores": [_score(view, scene, name, row) for name, row in view.contenders],
        "defs": shared_defs([*palette.defs(), *scene.defs(palette)]),
        "key": _fragment(keys, "what the colours and marks mean", "key"),
        "table": _fragment(scene.table(view, palette), "the table", "table"),
        "seats": seats,
        "extra": [_fragment(part, "beside the players", "extra") for part in scene.extra(view, palette)],
        "buttons": None if plain is None else _fragment(plain, "your choices without a place", "buttons"),
    }


def _score(view: View, scene: Scene, name: int | str, row: Mapping[str, Any]) -> dict[str, Any]:
    """A contender's line of the scores: a player, or the Legend of a solo game."""
    player = name if isinstance(name, int) else None
    standing = points_standing_of(row) if player is None else scene.standing(view, player)
    deciding = player is not None and _deciding(view, player)
    return {"name": view.name(name), "standing": standing, "deciding": deciding}


def points_standing_of(row: Mapping[str, Any]) -> str:
    """``23 points``: the score of a contender's row, if it has one."""
    return f"{row['score']} points" if "score" in row else ""


def _fragment(body: Block, label: str, kind: str) -> str:
    margin = PART_MARGIN
    return fragment(body.width + 2 * margin, body.height + 2 * margin, label, [body.at(margin, margin)], kind)


def draw_seat(view: View, player: int) -> str:
    """The SVG document of ``player``'s board alone, as ``view`` shows it: what a page
    previews of a move on one's own board."""
    scene = _scene(view)
    palette = Palette(scene.paints(view))
    (board,) = _seats(view, scene, palette, [player])
    title = _seat_heading(view, scene, player)
    return _page(board, title, f"{title}. Drawn from what this seat may see only.", palette, scene)


def _scene(view: View) -> Scene:
    scene = view.registered_scene
    if not isinstance(scene, Scene):
        raise PyramidoError(f"no plugin registers an SVG picture for the game {view.observation['game']!r}")
    return scene


def _seats(view: View, scene: Scene, palette: Palette, players: Sequence[int] | None = None) -> list[Block]:
    """Each player's board under its heading (every player's by default)."""
    return [
        headed(_seat_heading(view, scene, player), scene.seat(view, palette, player)).classed("seat")
        for player in (view.players if players is None else players)
    ]


def _page(body: Block, title: str, description: str, palette: Palette, scene: Scene) -> str:
    """``body`` on a page with a margin, its title, description and shared shapes."""
    width, height = body.width + 2 * PAGE_MARGIN, body.height + 2 * PAGE_MARGIN
    defs = [*palette.defs(), *scene.defs(palette)]
    return document(width, height, title, description, defs, [body.at(PAGE_MARGIN, PAGE_MARGIN)])


def _title(view: View, scene: Scene) -> str:
    """``Pyramido · stage 2 · player 0's view`` (and the ruleset, if not the game's own).
    A finished game is ``game over``: the stage or round counter has then moved past the
    last one in some games."""
    observation = view.observation
    viewer = observation["viewer"]
    whose = "a spectator's view" if viewer is None else f"player {viewer}'s view"
    ruleset = observation["ruleset"]
    name = scene.name if ruleset == observation["game"] else f"{scene.name} ({ruleset})"
    where = "game over" if observation["decision"] is None else scene.where(view)
    return f"{name} · {where} · {whose}"


def _decision(view: View) -> str:
    decision = view.observation["decision"]
    if decision is None:
        return "the game is over"
    deciders = decision["players"]
    who = f"player {deciders[0]}" if len(deciders) == 1 else "players " + ", ".join(map(str, deciders))
    return f"decision: {decision['kind']}, by {who}"


def _seat_heading(view: View, scene: Scene, player: int) -> str:
    """``player 1 (you) · deciding · 23 points``."""
    deciding = _deciding(view, player)
    parts = [view.name(player), *(["deciding"] if deciding else []), scene.standing(view, player)]
    return " · ".join(part for part in parts if part)


def _deciding(view: View, player: int) -> bool:
    decision = view.observation["decision"]
    return decision is not None and player in decision["players"]


def _colour_key(palette: Palette) -> Block:
    """Each colour as its pattern with its letter, and its name."""
    entries = []
    for colour, paint in palette.paints.items():
        swatch = titled(
            "colour",
            f"{colour}: letter {paint.letter}, {paint.texture}",
            el("rect", width=SWATCH, height=SWATCH, fill=palette.fill(colour), stroke="#333333"),
            text(
                SWATCH / 2,
                SWATCH - 5,
                paint.letter,
                size=SMALL,
                weight="bold",
                anchor="middle",
                fill=paint.ink,
            ),
        )
        name = lines([colour])
        entries.append(row([Block(SWATCH, SWATCH, (swatch,)), name], 6))
    return row(entries, 18)
