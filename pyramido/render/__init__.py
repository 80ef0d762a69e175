"""Terminal pictures of a game of the Pyramido family as rich renderables: pyramids or
pyramid cards, the quarry, the exploration area or the offer, gems, score breakdowns,
actions and news.

Every function returns a renderable or a line and prints nothing, so the caller (the CLI,
a notebook, a test) decides where output goes. Every picture reads a :class:`View` and
nothing else (``view``), so a seat is shown only what the rules let it see.

The prompts, the score tables, the breakdowns and the ranking are the same for every game;
what differs (a player's board, the quarry, the exploration area or the offer, the wording
of actions, what happened after a step, the tie-breaks) is one :class:`Look` per game,
which each game's module registers in ``view.LOOKS`` when imported (as this package does).

The modules, from the bottom up:

- ``view``: the :class:`View` every picture reads, the :class:`Look` of a game, how
  players are named;
- ``style``: game colours as letters, backgrounds and chips, the colour key, lined tables;
- ``grid``: a pyramid's top view drawn on the quadrant grid;
- ``pyramid``, ``dominoes``: a player's pyramid and the dominoes, on that grid;
- ``wording``, ``screens``: actions and news in words, a decision's situation, every
  board, the ranking: the same for every game, from its :class:`Look`;
- ``pyramid_games``: what Pyramido and Forgotten Treasures share (stages, their scores
  and reports, most of their :class:`Look`);
- ``pyramido``, ``forgotten_treasures``, ``silver_gold``: each game's own pictures and
  its :class:`Look` (Silver & Gold's cards and words are in ``silver_gold_cards`` and
  ``silver_gold_words``).
"""

from . import forgotten_treasures, pyramido, silver_gold  # noqa: F401  (each registers its Look)
from .dominoes import domino_text
from .forgotten_treasures import activated_points
from .grid import ICON, MARKER, RULER_CORNER
from .pyramid import player_pyramid
from .screens import boards, ranking_table, situation
from .silver_gold_cards import CROSSED, WALL, card_panel, cell_index, cell_name
from .style import colour_key, swatch
from .view import View, game_events, who
from .wording import action_label, describe_action, news

__all__ = [
    "CROSSED",
    "ICON",
    "MARKER",
    "RULER_CORNER",
    "WALL",
    "View",
    "action_label",
    "activated_points",
    "boards",
    "card_panel",
    "cell_index",
    "cell_name",
    "colour_key",
    "describe_action",
    "domino_text",
    "game_events",
    "news",
    "player_pyramid",
    "ranking_table",
    "situation",
    "swatch",
    "who",
]
