"""The greedy bots play every shipped house rule otherwise than the printed rules (issue 25):
a bot that valued positions by the printed rules alone would play a house rule as if it
were not there.

"Greedy chooses otherwise", measured (:func:`first_other_choice`): a greedy game under the
printed rules and one under the house rule are played in lockstep from the same seed, with
the same bots' seeds, every decider of a decision in turn (as ``play_out`` does). While the
two games have made the same choices, they stand at the same decision: the same kind of
decision, for the same player, after the same actions and draws of chance. The first
decision at which greedy's choices differ (by kind and field labels, which the action
spaces of two rulesets share where their actions mean the same) is where it chooses
otherwise. When the games part without such a choice (the rule gives another player the
decision, or another kind of decision, or a game ends), greedy did not choose otherwise:
the rule changed the game's course, not the choice.

For each rule, greedy must choose otherwise in at least :data:`AT_LEAST` of the seeds
0-9, or the rule's entry says why it cannot change a choice. A rule that changes what a
decision offers (draw 5 cards and keep 2) changes the choice at once; one that changes
values (the points of a doubled area) changes it where greedy weighs them. The games stop
at the first difference, so such a rule costs little. Other games' house rules join
:data:`HOUSE_RULES` as they are: the tutorial's (docs/examples/rainbow.yaml) by its path.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pyramido import Game, load_ruleset
from pyramido.bots import make_bot
from pyramido.engine.ruleset import Ruleset

SEEDS = range(10)
AT_LEAST = 6
PLAYERS = 2

#: Every shipped house rule and the tutorial's: (its ruleset, by id or path, and why it
#: cannot change greedy's choice, or ``None`` when it must). The reasons are checked too:
#: no seed may then show another choice.
HOUSE_RULES: list[tuple[str | Path, str | None]] = [
    ("pyramido-cover-card-bonus", None),
    ("pyramido-largest-mino", None),
    ("pyramido-literal-areas", None),
    ("pyramido-no-mino", None),
    ("pyramido-optional-marking", None),
    ("pyramido-small-pyramid", None),
    (
        "pyramido-no-elimination",
        "it changes no score, only whether a seat lacking the cover cards to fill a stage is out "
        "or keeps the gaps (docs/rules.md §2.3, lacking_covers); greedy values a position by "
        "its score, so its games only part where a seat would be out",
    ),
    (Path(__file__).resolve().parent.parent / "docs" / "examples" / "rainbow.yaml", None),
    (
        "ft-gems-required",
        "it changes no value greedy reads, and forbids a space only once its gem area is empty "
        "with the bag and the discards run dry (docs/rules.md §3.2), which greedy's games never "
        "reach (none of seeds 0-9, at 2 or 4 players)",
    ),
    ("ft-literal-areas", None),
    ("ft-triple-doubles", None),
    ("sg-draw-5-keep-2", None),
    ("sg-keep-3-of-4", None),
    (
        "sg-kept-crosses",
        "it changes no score, and keeps only a cross whose mark can go nowhere (docs/rules.md "
        "§4.3), which greedy's games never meet (none of seeds 0-9, at 2 or 4 players)",
    ),
    ("sg-potion-one-skull", None),
    (
        "sg-skull-for-passing",
        "a player passes only when nothing at all can be marked (docs/rules.md §4.2): then the "
        "pass is the only action, and greedy's games never reach one (none of seeds 0-9, at 2 "
        "or 4 players), so no later choice sees the skull",
    ),
]


def first_other_choice(house_rule: Ruleset, seed: int) -> int | None:
    """The number of the choice at which greedy chooses otherwise under ``house_rule`` than
    under the printed rules of its game (counted from 0, each decider's choice one), or
    ``None``."""
    rulesets = (load_ruleset(house_rule.game), house_rule)
    games = [Game(ruleset, PLAYERS, seed) for ruleset in rulesets]
    bots = [[make_bot("greedy", seed * PLAYERS + p, ruleset) for p in range(PLAYERS)] for ruleset in rulesets]
    made = 0
    while games[0].decision is not None and games[1].decision is not None:
        printed, house = games[0].decision, games[1].decision
        if (printed.kind, printed.players) != (house.kind, house.players):
            return None  # the games part: another decision, not another choice
        for player in printed.players:
            chosen = [bot[player].choose(game, player) for game, bot in zip(games, bots, strict=True)]
            labels = [
                game.space.action(index).to_json(game.space)
                for game, index in zip(games, chosen, strict=True)
            ]
            if labels[0] != labels[1]:
                return made
            for game, index in zip(games, chosen, strict=True):
                game.apply_index(index, player)
            made += 1
    return None


@pytest.mark.parametrize(
    ("house_rule", "reason"), HOUSE_RULES, ids=[Path(rule).stem for rule, _ in HOUSE_RULES]
)
def test_greedy_chooses_otherwise_under_each_house_rule(house_rule: str | Path, reason: str | None) -> None:
    ruleset = load_ruleset(house_rule)
    differ = [seed for seed in SEEDS if first_other_choice(ruleset, seed) is not None]
    if reason is None:
        assert len(differ) >= AT_LEAST, f"{house_rule}: greedy chose otherwise in seeds {differ} only"
    else:
        assert not differ, f"{house_rule} changed greedy's choice in seeds {differ}, yet {reason}"
