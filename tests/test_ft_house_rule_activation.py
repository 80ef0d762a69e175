"""The greedy bot's activation plan is exact for the ruleset's own stage score under house
rules: brute force scores every legal set of spends with ``game.score`` (extra lines, area
values and payment tables included) and the plan's choice must reach its best.

The objective is the bot's: the stage's score of the position the spends make, plus the
gems kept up to the inventory limit at ``KEEP_VALUE`` (docs/rules.md §3.3)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from ft_scenario import legal_spend_lists, refresh, state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramido import Game, load_ruleset
from pyramido.bots import make_bot
from pyramido.engine.ruleset import Ruleset
from pyramido.games.forgotten_treasures.activation import Spend
from pyramido.games.forgotten_treasures.bot import KEEP_VALUE, activation_plan
from pyramido.games.forgotten_treasures.scoring import payment_table
from pyramido.games.forgotten_treasures.views import ActivationPosition, gem_kinds

GAME = "forgotten-treasures"
_HEADER = """from pyramido.plugin import PluginInfo, ScoreLine, hookimpl

@hookimpl
def pyramido_plugin_info():
    return PluginInfo({name!r}, ("forgotten-treasures",), "A test house rule.")
"""

#: Test house rules, each a plugin's hooks by its name. The extra lines pay for the spends
#: as a whole, so only scoring every set finds their best.
PLUGINS = {
    "mythical-ten": """
@hookimpl
def pyramido_extra_score_lines(game, player, position, breakdown):
    kept = sum(line.points for line in breakdown.lines_with_id("mythical_kept"))
    return [ScoreLine("mythical_bonus", "mythical gems x10", 9 * kept, {})]
""",
    "per-area": """
@hookimpl
def pyramido_extra_score_lines(game, player, position, breakdown):
    return [ScoreLine("per_area", "3 per area activated", 3 * len(position.activations), {})]
""",
    "two-doubles": """
@hookimpl
def pyramido_area_value(game, player, area, doubled):
    return area.icons * (3 if doubled else 1)

@hookimpl
def pyramido_extra_score_lines(game, player, position, breakdown):
    doubles = sum(spend.double for spend in position.activations)
    return [ScoreLine("two_doubles", "exactly two doubles", 5 if doubles == 2 else -1, {})]
""",
    "cheap-mythical": """
@hookimpl
def pyramido_payment_table(ruleset):
    return [(1, 0, False), (0, 1, False), (2, 0, True), (1, 2, True)]
""",
}


@cache
def _ruleset(name: str, folder: Path) -> Ruleset:
    if name == "ft-triple-doubles":
        return load_ruleset(name)
    module = name.replace("-", "_")
    (folder / f"{module}.py").write_text(_HEADER.format(name=name) + PLUGINS[name])
    rules = [f"extends: {GAME}", f"id: ft-test-{name}", f"name: {name}", f"plugins: [{module}.py]", ""]
    (folder / f"{name}.yaml").write_text("\n".join(rules))
    return load_ruleset(folder / f"{name}.yaml")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("house_rules")


def _at_scoring(ruleset: Ruleset, seed: int, stage: int) -> Game:
    """A 2-player game played by random bots to the scoring of ``stage`` (or the last)."""
    game = Game(ruleset, 2, seed)
    bots = [make_bot("random", seed * 2 + p, ruleset) for p in range(2)]
    while game.decision is not None:
        if game.decision.kind == "scoring" and (state(game).stage + 1 >= stage):
            return game
        for player in game.decision.players:
            game.apply_index(bots[player].choose(game, player), player)
    raise AssertionError("the game ended before its scoring")


def _objective(game: Game, player: int, spends: list[Spend]) -> float:
    """The bot's objective, by brute force: the ruleset's score of the stage these spends
    lead to, plus the gems left, the best up to the inventory limit, at ``KEEP_VALUE``."""
    seat = game.seat(player)
    position = seat.position
    made = ActivationPosition(position.pyramid, (*position.activations, *spends), position.gems_before)
    kinds = gem_kinds(game.ruleset.colours)
    coloured = sum(seat.gems[kind] for kind in kinds[:-1]) - sum(s.coloured for s in spends)
    mythical = seat.gems[kinds[-1]] - sum(s.mythical for s in spends)
    held = sorted([KEEP_VALUE[0]] * coloured + [KEEP_VALUE[1]] * mythical, reverse=True)
    limit = game.rules.inventory_limit(game, player)
    return game.score(player, made).total + sum(held[:limit])


def _brute_force_best(game: Game, player: int) -> float:
    position = game.seat(player).position
    kinds = gem_kinds(game.ruleset.colours)
    gems = [game.seat(player).gems[kind] for kind in kinds]
    used = {spend.area for spend in position.activations}
    areas = [(kinds.index(area.colour), area.icons) for area in position.areas]
    payments = [tuple(p) for p in payment_table(game.ruleset)]
    return max(
        _objective(game, player, spends)
        for spends in legal_spend_lists(areas, gems[:-1], gems[-1], payments)  # type: ignore[arg-type]
        if not used & {spend.area for spend in spends}
    )


#: Each test rule, with the most gems drawn: a mythical gem pays for any area under
#: cheap-mythical, whose sets of spends are many more for the brute force to score.
RULES = [
    ("mythical-ten", 6),
    ("per-area", 6),
    ("two-doubles", 6),
    ("cheap-mythical", 4),
    ("ft-triple-doubles", 6),
]


@pytest.mark.parametrize(("name", "most"), RULES)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 50),
    stage=st.integers(1, 4),
    held=st.lists(st.integers(0, 5), max_size=6),
)
def test_the_plan_reaches_the_brute_force_best_under_a_house_rule(
    folder: Path, name: str, most: int, seed: int, stage: int, held: list[int]
) -> None:
    """At a stage's scoring (random boards, drawn gems), and again after the plan's first
    activation: the plan's spends score the best of every legal set."""
    ruleset = _ruleset(name, folder)
    assert ruleset.rules.paths.scored_alone == (name in ("cheap-mythical", "ft-triple-doubles"))
    game = _at_scoring(ruleset, seed, stage)
    seat = state(game).seats[0]
    assert seat.scoring is not None
    gems = [held[:most].count(kind) for kind in range(6)]  # by kind, mythical last
    seat.gems, seat.scoring.gems_before = gems, list(gems)
    refresh(game)
    for _ in range(2):
        plan = activation_plan(game, 0)
        assert _objective(game, 0, list(plan.spends)) == pytest.approx(_brute_force_best(game, 0))
        if not plan.spends:
            break
        spend = plan.spends[0]
        payment = list(payment_table(ruleset)).index((spend.coloured, spend.mythical, spend.double))
        game.apply_index(game.space.index("activate", spend.area, payment), 0)


def test_greedy_keeps_more_mythical_gems_when_they_pay_ten(folder: Path) -> None:
    """The measured problem: a line paying 10 per mythical gem kept left greedy's keeping
    as under the printed rules (77 against 80 in 6 games)."""
    kept = {}
    for ruleset in (load_ruleset(GAME), _ruleset("mythical-ten", folder)):
        gems = 0
        for seed in range(2):
            game = Game(ruleset, 2, seed)
            bots = [make_bot("greedy", p, ruleset) for p in range(2)]
            while game.decision is not None:
                for player in game.decision.players:
                    game.apply_index(bots[player].choose(game, player), player)
            lines = [line for e in game.events() if e["type"] == "stage_scored" for line in e["lines"]]
            gems += sum(line["gems"] for line in lines if line["id"] == "mythical_kept")
        kept[ruleset.id] = gems
    assert kept["ft-test-mythical-ten"] > 1.5 * kept["forgotten-treasures"]
