"""The provisional component sets are what their seeded generators make, and meet the
published constraints; a real list can replace them without code changes."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from pyramido import Game, load_ruleset
from pyramido.bots import make_bot, play_out
from pyramido.games.forgotten_treasures import components as forgotten_treasures
from pyramido.games.silver_gold import check_cards, load_cards
from pyramido.games.silver_gold import components as silver_gold


def test_forgotten_treasures_dominoes_are_the_generators_output() -> None:
    ruleset = load_ruleset("forgotten-treasures")
    assert ruleset.provisional
    assert ruleset.components["dominoes"] == forgotten_treasures.generate_dominoes(forgotten_treasures.SEED)


def test_silver_gold_cards_are_the_generators_output_and_meet_the_constraints() -> None:
    ruleset = load_ruleset("silver-gold-pyramids")
    assert ruleset.provisional
    cards = ruleset.components["pyramid_cards"]
    assert cards == silver_gold.generate_cards(silver_gold.SEED)
    assert sorted(c["number"] for c in cards) == list(range(1, 49))
    assert Counter(c["colour"] for c in cards) == {"green": 16, "orange": 16, "purple": 16}
    assert check_cards(load_cards(ruleset)) == []
    for card in cards:
        grid = "".join(card["rows"])
        assert grid[:5].count("E") == 1 and grid[20:].count("T") == 1
        assert grid.count("E") == 1 and grid.count("T") == 1
    symbols = Counter(ch for card in cards for ch in "".join(card["rows"]))
    assert all(symbols[ch] > 0 for ch in "#rgtspx")
    assert sorted(ruleset.components["expedition_cards"]) == sorted(
        ["domino", "straight3", "straight3", "l3", "l3", "t4", "l4", "square"]
    )


def test_the_generators_are_seeded() -> None:
    assert silver_gold.generate_cards(5) == silver_gold.generate_cards(5)
    assert silver_gold.generate_cards(5) != silver_gold.generate_cards(6)


@pytest.mark.parametrize(
    ("base", "key", "replace"),
    [
        ("forgotten-treasures", "dominoes", lambda items: list(reversed(items))),
        (
            "silver-gold-pyramids",
            "pyramid_cards",
            lambda items: [{**c, "number": 49 - c["number"]} for c in items],
        ),
    ],
)
def test_a_real_list_drops_in_without_code_changes(
    tmp_path: Path, base: str, key: str, replace: object
) -> None:
    """An overlay with another list (here: the same one reordered or renumbered) plays."""
    items = load_ruleset(base).components[key]
    overlay = {
        "extends": base,
        "id": f"{base}-real",
        "provisional": False,
        "components": {key: replace(items)},  # type: ignore[operator]
    }
    path = tmp_path / "real.yaml"
    path.write_text(yaml.safe_dump(overlay))
    ruleset = load_ruleset(path)
    game = Game(ruleset, 2, 1)
    play_out(game, [make_bot("random", 1), make_bot("random", 2)])
    assert game.is_over


def test_every_card_reads_back_to_the_symbols_its_rows_declare() -> None:
    ruleset = load_ruleset("silver-gold-pyramids")
    names = {"r": "red", "g": "green", "t": "torch", "s": "skull", "p": "potion", "x": "cross"}
    for data, card in zip(ruleset.components["pyramid_cards"], load_cards(ruleset).values(), strict=True):
        grid = "".join(data["rows"])
        assert card.number == data["number"] and card.colour == data["colour"]
        assert (card.entrance, card.tomb) == (grid.index("E"), grid.index("T"))
        assert card.walls == sum(1 << i for i, ch in enumerate(grid) if ch == "#")
        for char, name in names.items():
            assert card.symbols[name] == sum(1 << i for i, ch in enumerate(grid) if ch == char)
