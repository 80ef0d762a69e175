"""Terminal pictures of a game of the Pyramido family as rich renderables: the boards, the
table, score breakdowns, actions and news.

Every function returns a renderable or a line and prints nothing, so the caller (the CLI,
a notebook, a test) decides where output goes. Every picture reads a :class:`View` and
nothing else (``view``), so a seat is shown only what the rules let it see.

The prompts, the score tables, the breakdowns and the ranking are the same for every game;
what differs (a player's board, the quarry, the exploration area or the offer, the wording
of actions, what happened after a step, the tie-breaks) is one :class:`Look` per game, and
what a person may type instead of a choice's number one :class:`Shorthand` per game. The
game's plugin registers both (``pyramido_register_looks``,
``pyramido_register_shorthands``): this package names no game; each game's look lives in
its folder (``pyramido/games/<game>/look.py``; the two pyramid games share
``pyramido/games/pyramids/look*.py``).

The modules, from the bottom up:

- ``view``: the :class:`View` every picture reads, the :class:`Look` and the
  :class:`Shorthand` of a game, how players are named;
- ``style``: game colours as letters, backgrounds and chips, the colour key, lined tables;
- ``wording``, ``screens``: actions and news in words, a decision's situation, every
  board, the ranking: the same for every game, from its :class:`Look`.
"""

from .screens import boards, ranking_table, situation
from .style import colour_key
from .view import BadEntry, Look, Shorthand, View, shorthand, who
from .wording import action_label, describe_action, news

__all__ = [
    "BadEntry",
    "Look",
    "Shorthand",
    "View",
    "action_label",
    "boards",
    "colour_key",
    "describe_action",
    "news",
    "ranking_table",
    "shorthand",
    "situation",
    "who",
]
