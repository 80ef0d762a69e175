"""Observation tensors (pyramido.adapters.tensors, docs/adapters.md "Observation tensors"):
fixed shapes over whole games of every ruleset and player count, values in the documented
ranges, made from the seat's observation alone, deterministic."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rl_games import GAMES, TABLES, random_game

from pyramido.adapters.tensors import DTYPE, Planes, Slot, TensorEncoder, encoder, spec
from pyramido.adapters.tensors.live import LiveTensors
from pyramido.engine.game import Game
from pyramido.errors import ArgumentError
from pyramido.resources import shipped_rulesets

ROOT = Path(__file__).resolve().parent.parent


HOUSE_RULES = [(ruleset, 2) for ruleset in shipped_rulesets() if ruleset not in GAMES]


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize(("ruleset", "num_players"), TABLES + HOUSE_RULES)
def test_whole_games_keep_the_shape_the_ranges_and_the_legal_mask(
    ruleset: str, num_players: int, bot: str
) -> None:
    """Every game at every player count, and every house rule (whose card slots or hand
    may differ: the layout follows)."""
    tensors = encoder(ruleset, num_players)
    for game in random_game(ruleset, num_players, seed=7, bot=bot):
        for seat in range(num_players):
            vector = tensors.observe(game, seat)
            assert vector.shape == (tensors.spec.size,) and vector.dtype == DTYPE
            parts = tensors.spec.split(vector)
            outside = [
                s.name
                for s in tensors.spec.slots
                if not ((parts[s.name] >= s.low) & (parts[s.name] <= s.high)).all()
            ]
            assert not outside, f"{outside} out of their documented ranges"
            mask = tensors.legal_mask(game, seat)
            assert mask.dtype == np.int8 and mask.shape == (game.space.size,)
            deciding = game.decision is not None and seat in game.decision.players
            assert mask.tolist() == (game.legal_mask(seat) if deciding else [0] * game.space.size)
    assert game.is_over


def test_every_slot_is_documented_and_the_slots_tile_the_vector() -> None:
    for ruleset, num_players in TABLES:
        layout = spec(ruleset, num_players)
        names = [slot.name for slot in layout.slots]
        assert len(set(names)) == len(names)
        assert all(slot.meaning and slot.low < slot.high for slot in layout.slots)
        vector = np.arange(layout.size, dtype=DTYPE)
        parts = layout.split(vector)
        assert np.concatenate([part.ravel() for part in parts.values()]).tolist() == vector.tolist()


def _fingerprint(ruleset: str, num_players: int, seed: int) -> str:
    tensors = encoder(ruleset, num_players)
    digest = hashlib.sha256()
    for game in random_game(ruleset, num_players, seed):
        for seat in range(num_players):
            digest.update(tensors.observe(game, seat).tobytes())
    return digest.hexdigest()


@pytest.mark.parametrize("ruleset", GAMES)
def test_same_seed_same_tensors(ruleset: str) -> None:
    assert _fingerprint(ruleset, 3, 11) == _fingerprint(ruleset, 3, 11)
    assert _fingerprint(ruleset, 3, 11) != _fingerprint(ruleset, 3, 12)


@pytest.mark.parametrize(("ruleset", "num_players"), [(r, n) for r, n in TABLES if n == 2])
def test_the_tensor_is_the_observation_s_and_depends_on_nothing_else(ruleset: str, num_players: int) -> None:
    """The encoder reads the seat's JSON observation only: what a seat cannot see (the
    piles, the bag, others' hands and choices) never reaches its tensor."""
    tensors = encoder(ruleset, num_players)
    for game in random_game(ruleset, num_players, seed=3):
        for seat in range(num_players):
            assert tensors.observe(game, seat).tobytes() == tensors.encode(game.observation(seat)).tobytes()


@pytest.mark.parametrize("ruleset", ["forgotten-treasures", "silver-gold-pyramids"])
def test_a_simultaneous_choice_stays_out_of_the_others_tensors(ruleset: str) -> None:
    """Two games that differ only in what seat 0 chose in a simultaneous decision: seat
    1's tensor is the same in both until it has chosen too (docs/protocol.md)."""
    tensors = encoder(ruleset, 2)
    for game in random_game(ruleset, 2, seed=5):
        decision = game.decision
        if decision is not None and decision.players == (0, 1) and len(game.legal_indices(0)) > 1:
            break
    one, other = game.clone(), game.clone()
    first, last = game.legal_indices(0)[0], game.legal_indices(0)[-1]
    one.apply_index(first, 0)
    other.apply_index(last, 0)
    assert tensors.observe(one, 0).tobytes() != tensors.observe(other, 0).tobytes()
    assert tensors.observe(one, 1).tobytes() == tensors.observe(other, 1).tobytes()


def test_an_unsupported_player_count_is_a_clear_error() -> None:
    with pytest.raises(ArgumentError, match="no tensor for 5 players: pyramido is for 2-4 players"):
        spec("pyramido", 5)
    with pytest.raises(ArgumentError, match="no tensor for 1 players: pyramido is for 2-4"):
        spec("pyramido", 1)
    with pytest.raises(ArgumentError, match="no tensor for True players"):
        spec("silver-gold-pyramids", True)


def test_an_observation_of_another_table_or_a_spectator_is_refused() -> None:
    tensors = encoder("pyramido", 2)
    with pytest.raises(ArgumentError, match="an observation of 3 players, not 2"):
        tensors.encode(Game("pyramido", 3).observation(0))
    with pytest.raises(ArgumentError, match="not an observation of pyramido"):
        tensors.encode(Game("silver-gold-pyramids", 2).observation(0))
    with pytest.raises(ArgumentError, match="not an observation of pyramido"):
        tensors.encode([1, 2])  # type: ignore[arg-type]  # a list, as untyped callers may pass
    with pytest.raises(ArgumentError, match="not None"):
        tensors.encode(Game("pyramido", 2).observation(None))


def test_seats_are_ordered_from_the_viewer() -> None:
    game = Game("pyramido", 3, seed=1)
    seats = [
        spec("pyramido", 3).split(encoder("pyramido", 3).observe(game, seat))["decision.seats"]
        for seat in range(3)
    ]
    assert [s.tolist() for s in seats] == [[1, 0, 0], [0, 0, 1], [0, 1, 0]]  # seat 0 decides


def test_the_docs_tables_are_the_specs() -> None:
    """docs/adapters.md prints each game's 2-player table as ``Spec.markdown()`` makes it."""
    text = (ROOT / "docs" / "adapters.md").read_text()
    for ruleset in GAMES:
        found = re.search(rf"<!-- tensor table: {ruleset} -->\n(.*?)\n(?:\n|\Z)", text, re.DOTALL)
        assert found, f"docs/adapters.md has no tensor table of {ruleset}"
        assert found.group(1) == spec(ruleset, 2).markdown(), f"regenerate: spec({ruleset!r}, 2).markdown()"


@pytest.mark.parametrize(
    ("ruleset", "num_players", "bot"),
    [(r, n, "random") for r, n in TABLES if n in (1, 2, 4)]
    + [(r, n, "random") for r, n in HOUSE_RULES]
    + [("pyramido", 4, "greedy")],  # every stage of a long game (random seats are soon out)
)
def test_live_tensors_are_the_observation_s_at_every_step(ruleset: str, num_players: int, bot: str) -> None:
    """The environments' tensors, kept up to date step by step (a tracker reading the game's
    state, or the observation where a game has none), equal the observation's encoding
    whenever read: after every step for one seat, after several for the others (a tracker
    catching up), in later games started into the same arrays (by the same trackers,
    which write what differs from the last game's end); and the masks are the legal
    ones, views of the arrays."""
    tensors = encoder(ruleset, num_players)
    live = LiveTensors(tensors)
    for seed in (7, 8, 9):
        for at, game in enumerate(random_game(ruleset, num_players, seed=seed, bot=bot)):
            if at == 0:
                live.start(game)
            for seat in range(num_players):
                if at % (seat + 1) == 0 or game.is_over:
                    assert live.tensor(seat).tobytes() == tensors.observe(game, seat).tobytes()
                    assert (live.mask(seat) == tensors.legal_mask(game, seat)).all()
            assert live.mask(0).base is not None  # a view: nothing copied


def test_a_slot_declares_integer_bounds_the_tensor_type_holds() -> None:
    """Every value is an int16: an encoder (a game's, or a house rule's from another
    package) declaring other bounds is told so when it lays its slots out."""
    assert Slot("score", (2,), 0, 32767, "the score").size == 2
    for low, high in ((0, 0.5), (0, 40000), (-40000, 0), (3, 2), (0, True)):
        wrong = "slot 'score': its bounds are ints, low <= high, within int16"
        with pytest.raises(ArgumentError, match=wrong):
            Slot("score", (2,), low, high, "the score")  # type: ignore[arg-type]


def test_an_encoder_writing_what_the_tensor_cannot_hold_is_told_where() -> None:
    """A plugin's ``fill`` writes through numpy, which would cut 0.5 to 0 in an int16
    without a word: ``encode`` fills floats and refuses, naming the slot."""
    tensors = TensorEncoder("pyramido", 2)  # a new one: its family is replaced below
    printed = tensors.family

    class Careless:
        slots = printed.slots

        def __init__(self, value: float) -> None:
            self.value = value

        def fill(self, observation: dict[str, Any], order: list[int], planes: Planes) -> None:
            printed.fill(observation, order, planes)
            planes["piles.size"][1] = self.value

    game = Game("pyramido", 2, seed=1)
    for value, shown in ((0.5, "0.5"), (91, "91.0"), (-1, "-1.0")):
        tensors.family = Careless(value)
        with pytest.raises(ArgumentError, match=rf"'pyramido' wrote {shown} in slot 'piles.size': .* 0..90$"):
            tensors.observe(game, 0)
    tensors.family = Careless(90)
    assert tensors.spec.split(tensors.observe(game, 0))["piles.size"][1] == 90


@pytest.mark.parametrize("ruleset", GAMES)
def test_every_game_is_followed_by_a_tracker(ruleset: str) -> None:
    """The environments never make a printed game's JSON observation at every step."""
    assert encoder(ruleset, 2).tracks


def test_live_tensors_refuse_rows_they_cannot_write() -> None:
    tensors = encoder("pyramido", 2)
    size = tensors.spec.size
    with pytest.raises(ArgumentError, match=f"tensors must be 2 rows of {size} int16 values"):
        LiveTensors(tensors, np.zeros((size, 2), DTYPE).T)  # rows not contiguous
    with pytest.raises(ArgumentError, match="masks must be 2 rows of"):
        LiveTensors(tensors, None, [np.zeros(3, np.int8)] * 2)
    with pytest.raises(ArgumentError, match="no game yet"):
        LiveTensors(tensors).tensor(0)
