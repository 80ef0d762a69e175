"""Replaying a record: the finished game it claims, every step verified
(docs/trust.md, "Records").

Without ``ruleset`` the record must name a shipped ruleset. A game played with a ruleset
file or house-rule files replays when the caller passes them: ``ruleset`` (a file, a
shipped id or a loaded :class:`~pyramido.engine.ruleset.Ruleset`) and ``plugins``
(house-rule files passed on top, as ``--plugin``). Their id, version, plugins and content
hash must be the record's, so that a record is never checked against other rules; files
are compared before their code is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import ArgumentError, brief
from .game import Game
from .record import check_over
from .ruleset import Ruleset
from .strict_json import is_int


def restore(
    record: dict[str, Any],
    ruleset: Ruleset | str | Path | None = None,
    plugins: Sequence[str | Path] = (),
) -> Game:
    """The game of ``record``, finished or not, every step verified
    (:meth:`Game.from_record <pyramido.engine.game.Game.from_record>`)."""
    return Game.from_record(record, ruleset, plugins)


def replay(
    record: dict[str, Any],
    ruleset: Ruleset | str | Path | None = None,
    plugins: Sequence[str | Path] = (),
) -> Game:
    """Rebuild the game of ``record`` and verify every step; return the finished game. A
    record of an unfinished game is refused here (:func:`restore` takes it)."""
    game = Game.from_record(record, ruleset, plugins)
    check_over(game, len(record["steps"]))
    return game


def replay_to(
    record: dict[str, Any],
    step: int,
    ruleset: Ruleset | str | Path | None = None,
    plugins: Sequence[str | Path] = (),
) -> Game:
    """The game of ``record`` as it was after its first ``step`` steps (0: just set up),
    once the whole record is verified as :func:`replay` does (with the same ``ruleset`` and
    ``plugins``): a position is never shown from a record that does not check out."""
    finished = replay(record, ruleset, plugins)
    total = len(finished.steps)
    if not is_int(step) or not 0 <= step <= total:
        raise ArgumentError(f"step {brief(step)} is not in 0..{total}: the record has {total} steps")
    game = Game(finished.ruleset, finished.num_players, finished.seed, finished.options)
    for played in finished.steps[:step]:
        game.apply_index(played["index"], played["player"])
    return game
