"""The OpenSpiel adapter: pyspiel's own random simulation test (with serialization) on every
game and player count, serialize/deserialize round trips on random positions, and what the
adapter promises about chance, simultaneous nodes, hidden choices and returns
(docs/adapters.md, "OpenSpiel").

Refusals are asked of the adapter's own Python methods (what pyspiel calls), not through
pyspiel's C++ calls: the adapter's messages are what is tested, and the suite's sanitized
run (.ci/sanitize) stays clear of C++ exceptions crossing pyspiel's boundary."""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyspiel
import pytest

from pyramido.adapters import openspiel
from pyramido.engine.game import Game
from pyramido.engine.record import dumps
from pyramido.engine.views import RankingRow

ROOT = Path(__file__).resolve().parent.parent
NAMES = [game.title.short_name for game in openspiel.GAMES]
SEATS = {"python_pyramido": (2, 3, 4), "python_forgotten_treasures": (1, 2, 3, 4),
         "python_silver_gold_pyramids": (2, 3, 4)}  # fmt: skip


def _random_step(state: Any, rng: random.Random) -> None:
    """One random move of whoever acts (chance, one seat or all seats at once)."""
    if state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    elif state.is_simultaneous_node():
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(state.num_players())])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _random_position(game: Any, seed: int, at_most: int) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(rng.randrange(at_most)):
        if state.is_terminal():
            break
        _random_step(state, rng)
    return state


def test_the_three_games_are_registered_with_honest_types() -> None:
    registered = {t.short_name: t for t in pyspiel.registered_games()}
    GameType = pyspiel.GameType
    for name in NAMES:
        kind = registered[name]
        assert kind.chance_mode == GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == GameType.Information.IMPERFECT_INFORMATION
        assert (kind.min_num_players, kind.max_num_players) == (min(SEATS[name]), max(SEATS[name]))
    assert registered["python_pyramido"].dynamics == GameType.Dynamics.SEQUENTIAL
    assert registered["python_forgotten_treasures"].dynamics == GameType.Dynamics.SIMULTANEOUS
    assert registered["python_silver_gold_pyramids"].dynamics == GameType.Dynamics.SIMULTANEOUS


@pytest.mark.parametrize(("name", "players"), [(name, players) for name in NAMES for players in SEATS[name]])
def test_pyspiel_random_simulation_with_serialization(name: str, players: int) -> None:
    game = pyspiel.load_game(name, {"players": players})
    pyspiel.random_sim_test(game, num_sims=2 if players <= 2 else 1, serialize=True, verbose=False)


def test_load_game_with_four_players() -> None:
    game = pyspiel.load_game("python_pyramido", {"players": 4})
    state = game.new_initial_state()
    assert game.num_players() == 4 and state.is_chance_node()
    assert len(state.chance_outcomes()) == game.max_chance_outcomes() == openspiel.DEFAULT_SEEDS
    assert game.num_distinct_actions() == Game("pyramido", 4).space.size  # sequential: no wait


@pytest.mark.parametrize("name", NAMES)
def test_serialize_deserialize_round_trip_on_random_positions(name: str) -> None:
    """Every state of random games comes back from its serialized text the same (string,
    history, each seat's information state), and plays on the same to the same end."""
    for players in (min(SEATS[name]), max(SEATS[name])):
        game = pyspiel.load_game(name, {"players": players, "seeds": 1000})
        for seed in range(4):
            state = _random_position(game, seed, at_most=250)
            back = game.deserialize_state(state.serialize())
            assert (str(back), back.history()) == (str(state), state.history())
            for seat in range(players):
                assert back.information_state_string(seat) == state.information_state_string(seat)
            again_game, again = pyspiel.deserialize_game_and_state(
                pyspiel.serialize_game_and_state(game, state)
            )
            assert (str(again_game), str(again)) == (str(game), str(state))
            assert str(pickle.loads(pickle.dumps(state))) == str(state)
            rng_a, rng_b = random.Random(seed), random.Random(seed)
            while not state.is_terminal():
                _random_step(state, rng_a)
                _random_step(back, rng_b)
            assert back.returns() == state.returns()


def test_the_chance_outcome_is_the_engine_seed() -> None:
    game = pyspiel.load_game("python_silver_gold_pyramids", {"players": 3, "seeds": 8})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(k, 1 / 8) for k in range(8)]
    dealt = state.child(5)
    assert state.action_to_string(5) == "deal 5"
    engine = Game("silver-gold-pyramids", 3, seed=5)
    assert state.observation_string(1) == "null"
    assert dealt.observation_string(1) == dumps(engine.observation(1)).rstrip("\n")
    assert dealt.engine is not None and dealt.engine.seed == 5


def _simultaneous_scoring(players: int) -> Any:
    """A Forgotten Treasures simultaneous scoring node where seat 0 has two activations."""
    game = pyspiel.load_game("python_forgotten_treasures", {"players": players})
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_simultaneous_node():
            activations = [a for a in state.legal_actions(0) if '"activate"' in state.action_to_string(0, a)]
            if len(activations) >= 2:
                return state, activations[:2]
        _random_step(state, rng)
    raise AssertionError("no simultaneous scoring with two activations")


def test_a_simultaneous_choice_stays_hidden_from_the_others() -> None:
    """Two different activations of seat 0 (docs/rules.md §3.3: scoring, all at once):
    the other seats' strings are the same, seat 0's are not."""
    state, (first, second) = _simultaneous_scoring(3)
    others = [state.legal_actions(p)[0] for p in (1, 2)]
    one, two = state.clone(), state.clone()
    one.apply_actions([first, *others])
    two.apply_actions([second, *others])
    assert one.information_state_string(0) != two.information_state_string(0)
    for seat in (1, 2):
        assert one.information_state_string(seat) == two.information_state_string(seat)
        assert one.observation_string(seat) == two.observation_string(seat)


def test_seats_not_deciding_wait_and_a_refused_joint_action_changes_nothing() -> None:
    game = pyspiel.load_game("python_forgotten_treasures", {"players": 3})
    wait = game.num_distinct_actions() - 1
    rng = random.Random(1)
    state = game.new_initial_state()
    while not (state.is_simultaneous_node() and [wait] in [state.legal_actions(p) for p in range(3)]):
        _random_step(state, rng)
    legal = [state.legal_actions(p) for p in range(3)]
    waiting = legal.index([wait])
    assert state.action_to_string(waiting, wait) == "wait"
    before = (str(state), state.history(), [state.information_state_string(p) for p in range(3)])
    joint = [actions[0] for actions in legal]
    joint[waiting] = next(a for a in range(wait) if a not in legal[waiting])
    with pytest.raises(ValueError, match=f"seat {waiting} does not decide"):
        state._apply_actions(joint)  # pyspiel's apply_actions calls it
    assert (str(state), state.history(), [state.information_state_string(p) for p in range(3)]) == before


def test_returns_by_rank() -> None:
    tied = [RankingRow(0, 1, 30), RankingRow(2, 1, 30), RankingRow(1, 3, 12)]
    assert openspiel.rank_returns(tied, 3) == [0.5, -1.0, 0.5]
    assert openspiel.rank_returns([RankingRow("legend", 1, 90), RankingRow(0, 2, 40)], 1) == [-1.0]
    solo = pyspiel.load_game("python_forgotten_treasures", {"players": 1, "solo": "the-legend"})
    assert solo.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM and solo.utility_sum() is None
    state = _random_position(solo, 0, at_most=10**6)
    assert state.is_terminal() and state.returns()[0] in (-1.0, 1.0)


@pytest.mark.parametrize(
    ("game", "params", "message"),
    [
        (openspiel.PyramidoOpenSpiel, {"players": 5, "seeds": 9}, "players must be 2-4, not 5"),
        (openspiel.SilverGoldOpenSpiel, {"players": 1, "seeds": 9}, "players must be 2-4, not 1"),
        (openspiel.PyramidoOpenSpiel, {"players": 2, "seeds": 0}, "seeds must be 1-"),
        (openspiel.ForgottenTreasuresOpenSpiel, {"players": 2, "seeds": 9, "solo": "legend"}, "solo is one"),
    ],
)
def test_bad_parameters_are_refused_by_name(game: Any, params: dict[str, Any], message: str) -> None:
    """The game's constructor, which ``pyspiel.load_game`` calls with every parameter."""
    with pytest.raises(ValueError, match=re.escape(message)):
        game(params)


def test_observers_public_and_private() -> None:
    game = pyspiel.load_game("python_pyramido", {"players": 2})
    state = _random_position(game, 3, at_most=30)
    IIG = pyspiel.IIGObservationType
    public = game.make_py_observer(IIG(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    assert public.string_from(state, 0) == public.string_from(state, 1) == state.view(None, False)
    own = game.make_py_observer(IIG(perfect_recall=True))
    assert own.string_from(state, 1) == state.information_state_string(1)
    with pytest.raises(ValueError, match="a seat's own view or the public one"):
        game.make_py_observer(IIG(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_the_docs_example_runs() -> None:
    section = (ROOT / "docs" / "adapters.md").read_text().split("## OpenSpiel", 1)[1]
    example = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert example is not None and len(example.group(1).splitlines()) == 5
    done = subprocess.run(
        [sys.executable, "-c", example.group(1)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("0 [")


def test_without_openspiel_the_import_names_the_extra() -> None:
    code = "import sys; sys.modules['pyspiel'] = None; import pyramido.adapters.openspiel"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "pip install 'pyramido[openspiel]'" in done.stderr
