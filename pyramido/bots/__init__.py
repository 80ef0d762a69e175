"""Bots: anything with ``choose(game, player) -> action index``.

Each game's plugin registers its bots (``pyramido_register_bots``; the engine registers
``random`` for every game), and a house rule may register its own. :func:`make_bot` makes a
bot by name: with a ruleset it is that ruleset's bot; without, it finds the bot of that
name of whatever game it is asked to play.

A bot draws its own randomness from its own :class:`~pyramido.geometry.rng.Rng`, never from the
game's, so the same seeds give the same game whoever plays it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Protocol

from ..engine.strict_json import is_int
from ..errors import ArgumentError, PyramidoError, brief
from ..resources import shipped_rulesets

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.ruleset import Ruleset


class Bot(Protocol):
    name: str

    def choose(self, game: Game, player: int) -> int:
        """Return the index of a legal action of ``player`` in ``game.decision``."""
        ...  # pragma: no cover


def make_bot(name: str, seed: int = 0, ruleset: Ruleset | None = None) -> Bot:
    """The bot ``name`` with its own ``seed``: ``ruleset``'s, or (without one) a bot that
    plays each game with that game's bot of this name."""
    if not is_int(seed) or not 0 <= seed < 1 << 64:
        raise ArgumentError(f"a bot's seed is an integer in [0, 2**64), not {brief(seed)}")
    if ruleset is not None:
        return bot_factory(ruleset, name)(seed)
    if not isinstance(name, str) or name.partition(":")[0] not in shipped_bot_names():
        raise ArgumentError(f"unknown bot {brief(name)}; bots are {', '.join(shipped_bot_names())}")
    return BotByName(name, seed)


def bot_factory(ruleset: Ruleset, name: object) -> Callable[[int], Bot]:
    """The factory of ``ruleset``'s bot ``name``, as its plugins registered it."""
    bots = ruleset.registered("pyramido_register_bots")
    base, _, parameter = name.partition(":") if isinstance(name, str) else (None, "", "")
    found = bots.get(base) if base is not None else None
    if found is not None and parameter:
        configured = getattr(found.thing, "configured", None)
        if configured is None:
            raise ArgumentError(f"the bot {base} takes no parameter, not {brief(parameter)}")
        made: Callable[[int], Bot] = configured(parameter)
        return made
    if found is None:
        known = "; ".join(
            f"{bot.name} ({bot.description})" if bot.description else bot.name for bot in bots.values()
        )
        raise ArgumentError(f"the ruleset {ruleset.id} has no bot {brief(name)}; its bots: {known}")
    factory: Callable[[int], Bot] = found.thing
    return factory


@cache
def shipped_bot_names() -> tuple[str, ...]:
    """The names of the bots of every shipped ruleset, each read and then let go: not
    through :func:`~pyramido.engine.ruleset.load_ruleset`, which keeps every shipped ruleset it
    loads for the life of the process (seventeen, house rules and all: 28,000 more objects
    for the garbage collector to go through at every full collection, for a name)."""
    from ..engine.ruleset import load_manifest, read_manifest

    names = {
        name
        for rid in shipped_rulesets()
        for name in load_manifest(read_manifest(rid)).registered("pyramido_register_bots")
    }
    return tuple(sorted(names))


class BotByName:
    """A bot named, not yet bound to a game: it plays each ruleset with the bot its plugins
    registered under that name (one instance per ruleset, with the same seed)."""

    def __init__(self, name: str, seed: int) -> None:
        self.name, self.seed = name, seed
        self._bots: dict[int, Bot] = {}

    def choose(self, game: Game, player: int) -> int:
        bot = self._bots.get(id(game.ruleset))
        if bot is None:
            try:
                bot = self._bots[id(game.ruleset)] = bot_factory(game.ruleset, self.name)(self.seed)
            except ArgumentError as exc:
                raise PyramidoError(str(exc)) from None
        return bot.choose(game, player)


def play_out(game: Game, bots: list[Bot]) -> None:
    """Let ``bots[p]`` decide for seat ``p`` until the game is over (every decider in turn)."""
    apply = game.apply_index
    decision = game.decision
    while decision is not None:
        for player in decision.players:
            apply(bots[player].choose(game, player), player)
        decision = game.decision


__all__ = ["Bot", "BotByName", "bot_factory", "make_bot", "play_out"]
