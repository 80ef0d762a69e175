from pathlib import Path
from typing import Any

from pyramido import Game, load_ruleset, make_bot, play_out

HERE = Path(__file__).parent


def rainbow_stages(ruleset_id_or_file: str | Path) -> list[tuple[int, list[dict[str, Any]]]]:
    """Each stage scored in 6 seeded games: its markers' colours, and its rainbow lines."""
    ruleset = load_ruleset(ruleset_id_or_file)
    found = []
    for seed in range(6):
        game = Game(ruleset, 2, seed)
        play_out(game, [make_bot("greedy", seed, ruleset), make_bot("greedy", seed + 1, ruleset)])
        for event in game.events():
            if event["type"] == "stage_scored":
                lines = event["lines"]
                markers = {m for line in lines if line["id"] == "marked_area" for m in line["markers"]}
                found.append((len(markers), [line for line in lines if line["id"] == "rainbow"]))
    return found


def test_a_rainbow_stage_scores_three_more_and_only_a_rainbow_stage() -> None:
    stages = rainbow_stages(HERE / "rainbow.yaml")
    assert any(rainbow for _, rainbow in stages)
    for colours, rainbow in stages:
        assert [line["points"] for line in rainbow] == ([3] if colours >= 4 else [])


def test_the_plain_game_has_no_rainbow() -> None:
    assert not any(rainbow for _, rainbow in rainbow_stages("pyramido"))
