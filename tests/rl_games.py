"""Seeded bot games step by step, for the tensor and environment tests."""

from __future__ import annotations

from collections.abc import Iterator

from pyramido.bots import make_bot
from pyramido.engine.game import Game

GAMES = ("pyramido", "forgotten-treasures", "silver-gold-pyramids")
#: Every game at every player count it allows (solo Forgotten Treasures and Silver & Gold too).
TABLES = [(ruleset, n) for ruleset in GAMES for n in range(1, 5) if not (ruleset == "pyramido" and n == 1)]


def random_game(ruleset: str, num_players: int, seed: int, bot: str = "random") -> Iterator[Game]:
    """The game, then again after every action the bots take, to the end (random bots
    try odd actions; greedy ones play longer Pyramido games, random ones are soon out)."""
    game = Game(ruleset, num_players, seed)
    bots = [make_bot(bot, seed + seat, game.ruleset) for seat in range(num_players)]
    yield game
    while game.decision is not None:
        seat = game.decision.players[0]
        game.apply_index(bots[seat].choose(game, seat), seat)
        yield game
