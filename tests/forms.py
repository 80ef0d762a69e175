"""Each shipped game's documented forms of its events and score lines (its ``events`` and
``score_lines`` modules), by game id: what the API reference renders and
``tests/test_event_forms.py`` holds the games to."""

from __future__ import annotations

from pyramido.games.forgotten_treasures import events as ft_events
from pyramido.games.forgotten_treasures import score_lines as ft_lines
from pyramido.games.pyramido import events as pyramido_events
from pyramido.games.pyramido import score_lines as pyramido_lines
from pyramido.games.silver_gold import events as sg_events
from pyramido.games.silver_gold import score_lines as sg_lines

FORMS = {
    "pyramido": (pyramido_events.EVENTS, pyramido_lines.SCORE_LINES),
    "forgotten-treasures": (ft_events.EVENTS, ft_lines.SCORE_LINES),
    "silver-gold-pyramids": (sg_events.EVENTS, sg_lines.SCORE_LINES),
}
