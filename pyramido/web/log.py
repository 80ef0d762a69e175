"""A game's log as one seat may read it: every step of every seat, a sentence each, and
what followed it (a refill, a stage scored with its lines, a player out of the game).

A step is told from the events of it that the seat saw happen (``Game.events_for``'s
rule, :func:`pyramido.engine.events.sees`), in the game's past-tense words (its look's
:class:`~pyramido.render.view.Chronicle`). A step none of whose seen events tells it is
told from its action (the chronicle's words for it, or the choice's) when the seat may
know the action: its own, or any in a game whose look keeps no decision secret
(``Look.untold`` empty); else it is only said that the player chose, in secret. So a log
holds nothing of another seat's secret choices until the game reveals them, as events
everyone sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..engine.events import sees
from ..render.view import Json, Teller, View
from ..render.wording import action_words

if TYPE_CHECKING:
    from ..engine.game import Game


def game_log(game: Game, view: View) -> list[dict[str, Any]]:
    """Every step of ``game`` as ``view``'s seat may read it, oldest first: ``step`` (1,
    2...), ``player``, ``text`` (the step's sentence) and ``more`` (what followed)."""
    look = view.look
    deeds = look.chronicle.deeds
    followers: Mapping[str, Teller] = {**look.tellers, **look.chronicle.events}
    viewer = view.observation["viewer"]
    entries = []
    for number, step in enumerate(game.steps, 1):
        player = step["player"]
        seen = [event for event in step["events"] if sees(event, viewer)]
        deed = next((e for e in seen if e["type"] in deeds and e.get("player") == player), None)
        if deed is not None:
            text = deeds[deed["type"]](deed, view)
        elif player == viewer or not look.untold:
            text = _told_action(_action(game, step), view, player)
        else:
            text = f"{view.name(player)} chose, in secret"
        more = [followers[e["type"]](e, view) for e in seen if e is not deed and e["type"] in followers]
        entries.append({"step": number, "player": player, "text": text, "more": more})
    return entries


def _told_action(action: Json, view: View, player: int) -> str:
    """An action no event tells, in the chronicle's past tense if it has its words, else
    in the words of the choice."""
    said = view.look.chronicle.actions
    if action["kind"] in said:
        return f"{view.name(player)} {action_words(action, view, said)}"
    return f"{view.name(player)}: {action_words(action, view)}"


def _action(game: Game, step: Json) -> Json:
    action: Json = game.space.action(step["index"]).to_json(game.space)
    return action
