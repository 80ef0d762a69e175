"""SVG pictures of a game of the Pyramido family, drawn from one seat's view only.

The input of every picture is what one seat may see: its observation
(``game.observation(seat)``; a spectator's with ``None``) and its feed of events
(``game.events_for(seat)``), exactly what the terminal pictures read (``render.View``). No
picture reads a game's state, so nothing hidden (a face-down domino's front, a card
another seat drew, the marks it is still making) can reach an SVG; and since the input is
plain JSON, a record's view of any seat can be drawn without a live engine.

The output is deterministic (the same input gives the same bytes: no timestamps, no random
ids, numbers written one way) and accessible: every colour is a pattern and a letter too,
meaningful shapes carry a ``<title>``.

The modules, from the bottom up: ``document`` (elements, escaping), ``layout`` (blocks
side by side), ``palette`` (colours as patterns and letters), ``scene`` (a whole picture:
title, keys, table, seats). What each game draws its own way is a :class:`~.scene.Scene`
in the game's folder (``pyramido/games/<game>/picture.py``), registered by its plugin
(``pyramido_register_scenes``); this package names no game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import PyramidoError, brief
from ..render.view import View, pictures
from .scene import draw, draw_parts, draw_seat

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.ruleset import Ruleset


def render_view(
    observation: Mapping[str, Any],
    events: Iterable[Mapping[str, Any]],
    *,
    colours: Sequence[str],
    rules: Mapping[str, Any],
    ruleset: Ruleset | None = None,
) -> str:
    """The SVG document of one seat's ``observation`` and feed of ``events`` (JSON values,
    as a game or a record gives them), for a ruleset of ``colours`` and ``rules`` (its
    parameters: ``ruleset.data["colours"]``, ``ruleset.params``). The picture is the one
    ``ruleset``'s plugins register for its game; by default the shipped ruleset of the
    observation's ``game`` (a game from another package: pass its ruleset)."""
    if ruleset is None:
        ruleset = _shipped_ruleset_of(observation.get("game"))
    look, scene = pictures(ruleset)
    return draw(View(observation, tuple(colours), rules, tuple(events), (), look, scene))


def _shipped_ruleset_of(game: object) -> Ruleset:
    """The shipped ruleset of ``game``, an observation's word: never a file it names."""
    from ..engine.ruleset import load_ruleset
    from ..resources import shipped_rulesets

    if not isinstance(game, str) or game not in shipped_rulesets():
        raise PyramidoError(f"no shipped game {brief(game)}: pass the ruleset whose picture to draw")
    return load_ruleset(game)


def render_game(game: Game, seat: int | None) -> str:
    """The SVG document of ``game`` as ``seat`` sees it now (``None``: a spectator)."""
    return draw(View.of(game, seat))


__all__ = ["draw", "draw_parts", "draw_seat", "render_game", "render_view"]
