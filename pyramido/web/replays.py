"""Records opened on the page, to step through back and forth.

A record is untrusted: it is verified whole (every step and event, the result) by
:func:`pyramido.engine.replay.restore` before any position of it is shown, with a ruleset the
server offers (:class:`~pyramido.engine.catalog.Catalog`), never one the record would make it read.
A record holds the whole game, so a replay may show any seat's view of it.
"""

from __future__ import annotations

from typing import Any

from ..engine.catalog import Catalog
from ..engine.game import Game
from ..engine.record import parse
from ..engine.replay import restore
from ..engine.strict_json import is_int
from ..errors import ArgumentError, brief
from .screen import screen, step_words


class Replay:
    """A verified record: its positions after 0, 1, ... steps, made once when it opens."""

    def __init__(self, text: str | bytes, catalog: Catalog) -> None:
        record = parse(text)
        final = restore(record, catalog.of_record(record))
        game = Game(final.ruleset, final.num_players, final.seed, final.options)
        self.positions = [game.clone()]
        self.words = []
        for played in final.steps:
            self.words.append(step_words(game, played["player"], played["index"]))
            game.apply_index(played["index"], played["player"])
            self.positions.append(game.clone())
        self.ruleset = final.ruleset.id
        self.name = str(final.ruleset.data["name"])
        self.players = final.num_players

    @property
    def total(self) -> int:
        """The number of steps."""
        return len(self.positions) - 1

    def screen_at(self, step: object, viewer: object) -> dict[str, Any]:
        """The screen after ``step`` steps as ``viewer`` (a seat, or ``None``) saw it, with
        the step that led there in words."""
        if not is_int(step) or not 0 <= step <= self.total:
            raise ArgumentError(f"step {brief(step)} is not in 0..{self.total}")
        if viewer is not None and not (is_int(viewer) and 0 <= viewer < self.players):
            raise ArgumentError(f"seat {brief(viewer)} is not in 0..{self.players - 1}")
        shown = screen(self.positions[step], viewer)
        return {
            **shown,
            **self.summary(),
            "actions": [],  # a replay is watched, not played
            "fields": [],
            "step": step,
            "total": self.total,
            "last": f"step {step}: {self.words[step - 1]}" if step else "the game is set up",
        }

    def summary(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "name": self.name, "players": self.players, "total": self.total}
