"""``Game.clone()`` for search: a clone played to the end leaves its original exactly as it
was, and both go on as one game would (the states' hand-written ``__deepcopy__`` copy every
part the rules change; a part they forgot would be shared and show up here)."""

from __future__ import annotations

import dataclasses
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from pyramido import Game, load_ruleset, make_record
from pyramido.bots import play_out
from pyramido.bots.random_bot import RandomBot
from pyramido.engine.record import dumps
from pyramido.games.pyramido.state import Turn
from pyramido.games.silver_gold.cards import ruleset_cards

GAMES = [
    ("pyramido", 2, {}),
    ("pyramido", 4, {}),
    ("forgotten-treasures", 3, {}),
    ("forgotten-treasures", 1, {"solo": "the-legend"}),
    ("silver-gold-pyramids", 2, {}),
    ("silver-gold-pyramids", 4, {}),
]


def _played(ruleset: str, players: int, options: dict[str, str], seed: int, steps: int) -> Game:
    """A game after ``steps`` rounds of decisions of random bots (fewer if it ends first)."""
    game = Game(ruleset, players, seed, options)
    bots = [RandomBot(seed * 10 + p) for p in range(players)]
    for _ in range(steps):
        if game.decision is None:
            break
        for player in game.decision.players:
            game.apply_index(bots[player].choose(game, player), player)
    return game


def _snapshot(game: Game) -> bytes:
    """Everything a game is: its state, its generator, its log and what it waits for."""
    return pickle.dumps((game.state, game.rng.state, game.decision, game.steps, game.setup_events))


@settings(max_examples=12, deadline=None)
@given(which=st.sampled_from(GAMES), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_a_clone_played_out_leaves_its_original_unchanged(
    which: tuple[str, int, dict[str, str]], seed: int, steps: int
) -> None:
    ruleset, players, options = which
    game = _played(ruleset, players, options, seed, steps)
    before = _snapshot(game)
    for offset in (1, 2):  # two clones, so a clone of a clone's sharing is tried too
        twin = game.clone()
        play_out(twin, [RandomBot(seed + offset * 7 + p) for p in range(players)])
        assert twin.is_over
        assert _snapshot(game) == before
    # the original and a clone taken now, given the same bots, finish as one game
    twin = game.clone()
    play_out(game, [RandomBot(seed + p) for p in range(players)])
    play_out(twin, [RandomBot(seed + p) for p in range(players)])
    assert dumps(make_record(twin)) == dumps(make_record(game))


def test_a_clone_shares_the_log_but_never_appends_to_the_original_s() -> None:
    game = _played("pyramido", 3, {}, 5, 40)
    logged = len(game.steps)
    twin = game.clone()
    twin.apply_index(twin.legal_indices()[0], twin.decision.player)  # type: ignore[union-attr]
    assert len(game.steps) == logged and len(twin.steps) == logged + 1
    assert twin.steps[:logged] == game.steps


def test_shared_objects_pickle_the_same_whether_their_caches_are_filled_or_not() -> None:
    """A ruleset's printed cards and a pyramid's view are shared by a game and its clones,
    and any of them may fill their caches: a pickle holds what they are, not the caches."""
    card = next(iter(ruleset_cards(load_ruleset("silver-gold-pyramids")).values()))
    view = _played("pyramido", 2, {}, 3, 20).seat(0).pyramid
    empty = pickle.dumps((card, view))
    card.symbols_on(2**25 - 1)
    assert view.areas and view.labels  # fills the view's caches
    assert pickle.dumps((card, view)) == empty
    assert pickle.loads(empty) == (card, view)


def test_a_turn_begun_again_is_a_new_turn() -> None:
    """Pyramido starts each turn by ``Turn.begin`` on the state's turn, in place: every
    field as a new ``Turn()`` has it."""
    turn = Turn(**{field.name: object() for field in dataclasses.fields(Turn)})  # each set
    turn.begin()
    assert turn == Turn()
