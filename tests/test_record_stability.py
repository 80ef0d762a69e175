"""Records stay the same, byte for byte: a fingerprint of seeded games of every shipped
ruleset (random bots) and of the three games played by their greedy bots.

Speed work rewrites the hot paths of the engine and the game plugins; what a game does must
not change with it (same ruleset, seed and actions, the same record). A fingerprint that
changes on purpose (a rule fixed, a record format bumped) is updated here, with the reason
in the commit. Run this file alone with ``-s`` to print the fingerprints.
"""

from __future__ import annotations

import hashlib

import pytest

from pyramido import Game
from pyramido.bots import make_bot, play_out
from pyramido.engine.record import dumps, make_record
from pyramido.engine.ruleset import load_ruleset
from pyramido.resources import shipped_rulesets

#: sha256 of the records of :func:`_games`, by ruleset and bot.
FINGERPRINTS = {
    "forgotten-treasures greedy": "9db2a188f949d7b8aefcfd9970f2a985a389be8fae98d9d7662a0b2a0fb8e38e",
    "forgotten-treasures random": "9b5cf14aed0b9be66a144ea9a6b226c59110be95fa7ae3c6991785d4aa90dc46",
    "ft-gems-required random": "bd10cb490c13fd715263fa05f7bdf4bd9b94dad936bf18a1ca6c12cb6f12559c",
    "ft-literal-areas random": "ad38e1ef664146747a694500a58aec66a1a12b4938e7cbbe31143cae6b351d5a",
    "ft-triple-doubles random": "ec33cf250564ebb95e1921384d4981c13ee013db4d3f5cdbf5a0ef9425ea8c9e",
    "pyramido greedy": "151d3ff66eb930ffec4789116f59bffe730326c158396e448144d6fb2535f1aa",
    "pyramido random": "e16f1c05d29752eb8e319da6254c6f559be145b304cbd87d4edde0dc1b002da9",
    "pyramido-cover-card-bonus random": "e727a53914e1fc9c7e5bcfc881df7a39df9bb0b356e9c0e54ed51d63a1afd291",
    "pyramido-largest-mino random": "552d738a65df28b330a96a46d77a18407d6b718cf74cb2328ef64911cab4dd9c",
    "pyramido-literal-areas random": "e15f906975d81f138f03234459a40b4229d36e15f4ce924553bdb3c288e863a7",
    "pyramido-no-elimination random": "6e13bd90ae32e34af21c87ada1e9bfc2d26296c7c7ef25f86b282329b3708a44",
    "pyramido-no-mino random": "2128f66d2944c362612cedc01ff4c37559520708720d1e684a6da1a4c74efcda",
    "pyramido-optional-marking random": "a772f2c73c9dddd5d33e0a9cd8fb6bc396602bd459224b5f4f2fe5a4bd291000",
    "pyramido-small-pyramid random": "17bbf19500d70caebba258287a074472879e71dd0fbe4f0c35d8e173f31110b0",
    "sg-draw-5-keep-2 random": "0ae45c070c02391ab4ccc80b6fa71917251026df3a4645e2fe17325ee0951eb4",
    "sg-keep-3-of-4 random": "beece7fbc98319338ab4460a6832510f3f30752d3ecacef485d550ded83adc54",
    "sg-kept-crosses random": "c40a0d7410b81b84e2806bff33ccd4968d68b7c4e61425441e8eec2f050c9670",
    "sg-potion-one-skull random": "f43c74d87a92b67b510f10ca5dd314c7626d1412db406453f5858f3887775cd4",
    "sg-skull-for-passing random": "8ea962e2edcfbd9300a4540d90defd8b4a8a7f08639d29dd2d309659ffed28a8",
    "silver-gold-pyramids greedy": "0d325174c67cf543fcaa56890873963f5ea3fd20942e574f27ea190812885869",
    "silver-gold-pyramids random": "2be768c3e0bc4a3a2d29423ada76b8cb7c1d5a5a6ece22c74812c99a72e2b879",
}

GAMES = ("pyramido", "forgotten-treasures", "silver-gold-pyramids")


def _games(ruleset_id: str, bot: str) -> list[tuple[int, int, dict[str, str]]]:
    """(players, seed, options) of the fingerprinted games: every player count with random
    bots (and each solo mode), two and four players with greedy ones."""
    ruleset = load_ruleset(ruleset_id)
    limits = ruleset.data["players"]
    counts = range(max(2, limits["min"]), limits["max"] + 1) if bot == "random" else (2, 4)
    games = [(players, seed, {}) for players in counts for seed in range(3 if bot == "random" else 1)]
    if bot == "random" and ruleset.game == "forgotten-treasures":
        games += [(1, seed, {"solo": mode}) for mode in ("legend", "the-legend") for seed in range(2)]
    if bot == "random" and ruleset.game == "silver-gold-pyramids" and limits["min"] == 1:
        games += [(1, seed, {}) for seed in range(2)]
    return games


def fingerprint(ruleset_id: str, bot: str) -> str:
    ruleset = load_ruleset(ruleset_id)
    digest = hashlib.sha256()
    for players, seed, options in _games(ruleset_id, bot):
        game = Game(ruleset, players, seed, options)
        play_out(game, [make_bot(bot, seed * 4 + p, ruleset) for p in range(players)])
        digest.update(dumps(make_record(game)).encode())
    return digest.hexdigest()


def test_every_shipped_ruleset_is_fingerprinted() -> None:
    expected = {f"{rid} random" for rid in shipped_rulesets()} | {f"{rid} greedy" for rid in GAMES}
    assert set(FINGERPRINTS) == expected


@pytest.mark.parametrize("key", sorted(FINGERPRINTS))
def test_records_unchanged(key: str) -> None:
    ruleset_id, bot = key.split()
    found = fingerprint(ruleset_id, bot)
    print(f'    "{key}": "{found}",')
    assert found == FINGERPRINTS[key], f"the records of {key} games changed"
