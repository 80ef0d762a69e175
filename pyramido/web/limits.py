"""The caps on what a page may ask of ``pyramido serve``, each set by a serve option with a
documented default (docs/web.md, "Limits"); a request beyond one is refused with a message
that names the cap and its option.

Anyone who reaches the server may ask (docs/trust.md), and some requests cost it much: a
search bot's budget is CPU time spent on each of its moves, every game alive holds its
position and may keep a core busy with its bots, a record opened is verified whole and kept
with every position, a house rule sent is parsed and checked. The caps bound what one page,
one address, and all of them together can hold the server to.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Final

import click

from ..bots.mcts import MAX_SECONDS, MAX_SIMULATIONS
from ..engine.record import MAX_BYTES
from ..errors import PyramidoError
from .uploads import MAX_UPLOAD

MAX_COUNT: Final = 10_000  # the most a count cap may be set to: each game alive holds memory

ABANDONED_AFTER: Final = 300.0
"""Seconds after its last page left (or, never watched, after it opened) when a game stops
counting as alive: long enough to reload a page or pass on a link, short enough that games
left behind soon make room. Its bots wait meanwhile (they play while a page watches)."""
ALIVE: Final = (
    f"a game is alive until it is over or stopped, or {ABANDONED_AFTER:g} s after its last page left"
)


class OverCap(PyramidoError):
    """A request beyond one of the server's caps; ``status`` is its HTTP status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Cap:
    """How a cap shows: its ``pyramido serve`` option and help, the values the option takes,
    the cap's unit in words (``at most 200 simulations a decision``), and the HTTP status of
    a request beyond it (413 for a body too large, 429 for one game too many, else 400)."""

    option: str
    help: str
    values: click.ParamType[Any]
    unit: str
    status: int


def _cap(default: float, option: str, help: str, values: click.ParamType[Any], unit: str, status: int) -> Any:
    return field(default=default, metadata={"cap": Cap(option, help, values, unit, status)})


@dataclass(frozen=True)
class Limits:
    """The caps of one server. The defaults let friends play and watch search bots think
    for a few seconds a move; raise them for a server of your own, lower them for one open
    to many."""

    bot_simulations: int = _cap(
        200,
        "--max-bot-simulations",
        "The most simulations a decision a page may give a search bot (mcts:N).",
        click.IntRange(1, MAX_SIMULATIONS),
        "simulations a decision",
        400,
    )
    bot_seconds: float = _cap(
        2.0,
        "--max-bot-seconds",
        "The most seconds a decision a page may give a search bot (mcts:Ts).",
        click.FloatRange(0, MAX_SECONDS, min_open=True),
        "seconds a decision",
        400,
    )
    games_per_client: int = _cap(
        4,
        "--max-games-per-client",
        f"The most games alive that pages from one address may have opened ({ALIVE}).",
        click.IntRange(1, MAX_COUNT),
        "games alive opened from one address",
        429,
    )
    games: int = _cap(
        32,
        "--max-games",
        f"The most games alive on the server, from every address ({ALIVE}).",
        click.IntRange(1, MAX_COUNT),
        "games alive",
        429,
    )
    record_bytes: int = _cap(
        1 << 20,
        "--max-record-bytes",
        "The most bytes of a record a page may open.",
        click.IntRange(1, MAX_BYTES),
        "bytes in a record opened",
        413,
    )
    overlay_bytes: int = _cap(
        64 << 10,
        "--max-overlay-bytes",
        "The most bytes of a house-rule file (YAML overlay) a page may send.",
        click.IntRange(1, MAX_UPLOAD),
        "bytes in a house-rule file sent",
        413,
    )

    def refuse(self, name: str, asked: str) -> OverCap:
        """The refusal of ``asked``, which is beyond the cap ``name``: it says the cap and the
        option that sets it, for the person who runs the server."""
        cap = CAPS[name]
        return OverCap(
            f"{asked}: this server allows at most {_shown(getattr(self, name))} {cap.unit} "
            f"(pyramido serve {cap.option})",
            cap.status,
        )

    def check_bot(self, name: str, bot: object) -> None:
        """Refuse the bot ``name`` if its budget a decision, the ``simulations`` or
        ``seconds`` it says it spends (the search bot's; a bot without them spends little),
        is beyond the caps."""
        for budget, cap in (("simulations", "bot_simulations"), ("seconds", "bot_seconds")):
            spent = getattr(bot, budget, None)
            if spent is not None and spent > getattr(self, cap):
                raise self.refuse(cap, f"the bot {name} spends {_shown(spent)} {budget} a decision")


def _shown(value: float) -> str:
    """A count as it is, seconds without a trailing ``.0``."""
    return f"{value:g}" if isinstance(value, float) else str(value)


CAPS: Final[dict[str, Cap]] = {cap.name: cap.metadata["cap"] for cap in fields(Limits)}
