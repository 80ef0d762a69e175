"""What a page is sent of a game: one viewer's screen, and the preview of a move.

Everything here is made from what the viewer may see and nothing else: the picture, the
words and the log from :meth:`View.of <pyramido.render.View.of>` (the seat's observation
and its feed of events; the log tells each step from the events the seat saw,
:mod:`pyramido.web.log`), the choices from ``game.legal_actions(seat)`` when the seat
decides. So a seat's page, and every byte the server sends it, holds no fact hidden from
that seat; a spectator (``None``) is shown only what the whole table sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..engine.actions import ActionFormatError
from ..engine.game import Game, IllegalActionError
from ..geometry.rng import Rng
from ..render import View, describe_action, news, who
from ..render.wording import COUNTED_FROM_ONE
from ..svg import draw_parts, draw_seat
from .log import game_log

#: The generator a preview's determinized copy is dealt with: fixed, so that a preview is
#: the same bytes every time; what it deals is never shown (only the seat's own board is).
PREVIEW_SEED = 0


def screen(game: Game, viewer: int | None, names: Sequence[str] = ()) -> dict[str, Any]:
    """``viewer``'s screen: the picture in parts (its choices on the board), the
    decision, the viewer's choices with their words, what the last step did, the log of
    every step, and the ranking once the game is over. ``names``: the players' names, as
    the table calls them (by default ``player 0``...)."""
    seen = View.of(game, viewer, names=names)
    decision = seen.observation["decision"]
    deciding = decision is not None and viewer is not None and viewer in decision["players"]
    choices = game.legal_actions(viewer) if deciding else []
    actions = [action.to_json(game.space) for action in choices]
    view = replace(seen, choices=tuple(actions))
    return {
        "viewer": viewer,
        "who": "a spectator" if viewer is None else view.name(viewer),
        "steps": len(game.steps),
        "board": draw_parts(view),
        "decision": decision and {"kind": decision["kind"], "players": decision["players"]},
        "deciding": deciding,
        "actions": [
            {"index": choice.index, "action": action, "text": describe_action(action, view, viewer)}
            for choice, action in zip(choices, actions, strict=True)
            if viewer is not None
        ],
        "fields": _fields(game, {action["kind"] for action in actions}),
        "news": news(view),
        "log": game_log(game, view),
        "ranking": [row.to_json() for row in game.ranking()] if game.is_over else None,
    }


def _fields(game: Game, kinds: set[str]) -> list[dict[str, Any]]:
    """The action kinds of the decision, with their fields (name, size, labels, and the
    number a page shows for a field's 0: 1 for those counted from one, as the words
    count them): what a page offers to compose any action, legal or not, and have it
    explained."""
    return [
        {
            **kind,
            "fields": [
                {**field, "first": 1 if field["name"] in COUNTED_FROM_ONE else 0} for field in kind["fields"]
            ],
        }
        for kind in game.space.describe()
        if kind["kind"] in kinds
    ]


def preview(game: Game, seat: int, action: object) -> dict[str, Any]:
    """What ``action`` (its JSON) would do for ``seat``: a legal one, the seat's own board
    after it; any other, the rule it breaks (the engine's explanation). The game is not
    changed.

    The board is drawn from a copy of the game as ``seat`` might believe it to be
    (:meth:`Game.determinize`): the other seats' secret choices of this decision taken
    back and the hidden facts dealt anew, so that nothing the seat does not know can show
    through what the move would do; and only the seat's own board is drawn.
    """
    try:
        index = game.space.from_json(action).index
        if index not in game.legal_indices(seat):
            game.clone().apply(index, player=seat)  # raises with the rule it breaks
    except (ActionFormatError, IllegalActionError) as exc:
        return {"legal": False, "why": str(exc)}
    twin = game.determinize(seat, Rng(PREVIEW_SEED))
    twin.apply(index, player=seat)
    words = describe_action(_json(game, index), View.of(game, seat), seat)
    return {"legal": True, "svg": draw_seat(View.of(twin, seat), seat), "text": words}


def _json(game: Game, index: int) -> dict[str, Any]:
    return game.space.action(index).to_json(game.space)


def step_words(before: Game, player: int, index: int) -> str:
    """``player 1: places ...``: a step in words, as the table saw it chosen (``before``: the
    game as it was then)."""
    return f"{who(player)}: {describe_action(_json(before, index), View.of(before, None), player)}"
