"""Forgotten Treasures reads some printed rules from the state instead of asking their hooks
when no other plugin implements them (the take's and the reveal's legal actions, the gem
areas' replenishing): at every decision of random games, what it lists must be what the
hooks answer, asked as a house rule's would be."""

from __future__ import annotations

import pytest

from pyramido import Game, load_ruleset
from pyramido.bots.random_bot import RandomBot
from pyramido.games.forgotten_treasures import phases
from pyramido.games.forgotten_treasures.tables import take_indices


def _hooks_take(game: Game, player: int) -> list[int]:
    indices = take_indices(game.ruleset)
    return sorted(
        indices[(space, gem)]
        for space in phases.pyramido_take_spaces(game, player)
        for gem in phases.pyramido_gem_choices(game, player, space)
    )


def _hooks_reveal(game: Game, player: int) -> list[int]:
    return sorted(game.space.index("reveal", pile) for pile in phases.pyramido_reveal_options(game, player))


@pytest.mark.parametrize("ruleset_id", ["forgotten-treasures", "ft-gems-required"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_printed_lists_are_the_hooks_answers(ruleset_id: str, players: int) -> None:
    ruleset = load_ruleset(ruleset_id)
    for seed in range(3):
        game = Game(ruleset, players, seed)
        bots = [RandomBot(seed * 4 + p) for p in range(players)]
        seen = set()
        while game.decision is not None:
            for player in game.decision.players:
                kind = game.decision.kind
                if kind in ("take", "reveal"):
                    expected = (_hooks_take if kind == "take" else _hooks_reveal)(game, player)
                    assert game.legal_indices(player) == expected
                    seen.add(kind)
                    state = game.state  # every emptied area replenished, while gems are left
                    assert all(state.gem_areas) or not (any(state.bag) or any(state.discards))
                game.apply_index(bots[player].choose(game, player), player)
        assert seen == {"take", "reveal"}
