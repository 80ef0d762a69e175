"""The three shipped games as OpenSpiel games: importing this module registers
``python_pyramido``, ``python_forgotten_treasures`` and ``python_silver_gold_pyramids``
with ``pyspiel`` (load them with ``pyspiel.load_game(name, {"players": 4})``).

How the engine's game maps onto OpenSpiel's model (docs/adapters.md, "OpenSpiel"):

- **Chance.** The engine draws everything (the setup shuffles, and later Forgotten
  Treasures' bag draws and Silver & Gold's deck draws) from one generator seeded once.
  So the OpenSpiel game starts with one explicit chance node whose outcome ``k`` (uniform
  over ``seeds`` outcomes) is the engine's seed; after it the game is deterministic.
  Nobody observes ``k``: players see the deal and the draws as the engine reveals them.
  The chance model is therefore "one of ``seeds`` deals", not every shuffle there is.
- **Decisions.** An engine decision of one seat is an OpenSpiel turn; a decision several
  seats take at once (Forgotten Treasures' scoring, Silver & Gold's keep and mark) is a
  simultaneous node: each deciding seat gives one engine action, the other seats give
  the ``wait`` action (the last index), and the actions are carried out in seat order
  (the engine hides each choice from the others until all have chosen). Seats deciding
  several actions at once (a scoring's activations) act in step, one action a node; a
  seat that waits at several such nodes in a row may see the same information state at
  each, as the rules do not tell it how many actions the others take. Games the engine
  declares sequential (Pyramido) are sequential OpenSpiel games, with no ``wait``.
- **Returns.** Rank-based, at the end only: ``(rows ranked below - rows ranked above) /
  (rows - 1)`` over the engine's final ranking (ties share a rank), in [-1, 1]. With 2+
  seats the sum is 0 (zero-sum); solo Forgotten Treasures ranks the seat against the
  Legend (he wins ties): +1 or -1. Silver & Gold's solo score attack has no opponent to
  rank against, so its OpenSpiel game is for 2-4 players.
- **Strings.** Observation strings are the canonical JSON of ``game.observation(player)``;
  information-state strings add the seat's own history: every event it saw and every
  action it took, in order (perfect recall). No tensors.
- **Serialization.** OpenSpiel pickles a Python state's attributes; the engine game in
  them pickles as its seed and its actions, and unpickles by replaying them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

try:
    import pyspiel
except ImportError as exc:  # an optional dependency: say which extra brings it
    raise ImportError(
        f"pyramido.adapters.openspiel needs OpenSpiel: pip install 'pyramido[openspiel]' ({exc})"
    ) from exc

from ..engine.events import feed
from ..engine.game import Game
from ..engine.plugin_info import GameInfo
from ..engine.record import dumps
from ..engine.ruleset import Ruleset, load_ruleset
from ..errors import ArgumentError
from .rewards import rank_rewards as rank_returns  # the learning environments' rank rewards

#: The default number of chance outcomes (engine seeds ``0 .. seeds - 1``) of the deal.
DEFAULT_SEEDS = 1 << 16
#: The most chance outcomes a game may have (OpenSpiel's actions are C ints).
MAX_SEEDS = (1 << 31) - 1
WAIT = "wait"
#: The observation string before the deal (JSON ``null``).
NOTHING_SEEN = "null"


@dataclass(frozen=True)
class Title:
    """One OpenSpiel game: its ``short_name``, the shipped ``ruleset`` it plays, the fewest
    seats it is registered for (``None``: the ruleset's own minimum), and whether it takes
    the string parameter ``solo`` (passed to the engine as the game option when not empty)."""

    short_name: str
    ruleset: str
    long_name: str
    min_players: int | None = None
    solo: bool = False

    def fewest_players(self, info: GameInfo) -> int:
        return self.min_players or info.min_players


def game_info(ruleset: Ruleset) -> GameInfo:
    """What the ruleset's game plugin declares about its game (players, simultaneity,
    chance, the bound on its decisions)."""
    return next(info.game for info in ruleset.rules.infos.values() if info.game is not None)


def _canonical(value: dict[str, Any]) -> str:
    """The one-line canonical JSON of ``value`` (the engine's record form, sorted keys)."""
    return dumps(value).rstrip("\n")


@dataclass(frozen=True)
class Setup:
    """What a state needs of its game (small and picklable: it is in every serialized
    state): the ruleset id, the seats, the engine's game options, the number of chance
    outcomes, and the ``wait`` action's index (``None`` in a sequential game)."""

    ruleset: str
    players: int
    options: tuple[tuple[str, str], ...]
    seeds: int
    wait: int | None

    def deal(self, seed: int) -> Game:
        return Game(self.ruleset, self.players, seed, dict(self.options))


class PyramidoGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """An OpenSpiel game of the class's :class:`Title`, for ``params["players"]`` seats.

    Each title is a subclass, registered as the game's creator: pyspiel keeps creators
    until the process ends, and a class (unlike a function or a partial) outlives the
    interpreter's shutdown, so pyspiel never frees it without the GIL (which aborts).
    """

    title: ClassVar[Title]

    def __init__(self, params: dict[str, Any]) -> None:
        title = self.title
        ruleset = load_ruleset(title.ruleset)
        info = game_info(ruleset)
        players, seeds = params["players"], params["seeds"]
        low = title.fewest_players(info)
        if not low <= players <= info.max_players:
            raise ValueError(f"{title.short_name}: players must be {low}-{info.max_players}, not {players}")
        if not 1 <= seeds <= MAX_SEEDS:
            raise ValueError(f"{title.short_name}: seeds must be 1-{MAX_SEEDS}, not {seeds}")
        options = (("solo", params["solo"]),) if title.solo and params["solo"] else ()
        setup = Setup(ruleset.id, players, options, seeds, ruleset.space.size if info.simultaneous else None)
        try:  # the engine checks the options now, not at the deal
            Game(ruleset, players, 0, dict(options))
        except ArgumentError as exc:
            raise ValueError(f"{title.short_name}: {exc}") from None
        zero_sum = players > 1
        super().__init__(
            game_type(title, info, zero_sum),
            pyspiel.GameInfo(
                num_distinct_actions=ruleset.space.size + (setup.wait is not None),
                max_chance_outcomes=seeds,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0 if zero_sum else None,
                max_game_length=info.max_decisions,
            ),
            params,
        )
        self.setup = setup

    def new_initial_state(self) -> PyramidoState:
        return PyramidoState(self, self.setup)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PyramidoObserver:
        return PyramidoObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class Table:
    """The engine game behind a state. OpenSpiel deep-copies a state's attributes to clone
    it (here: the engine's cheap :meth:`~pyramido.engine.game.Game.clone`) and pickles them to
    serialize it (here: the seed and the actions, replayed when unpickled)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return Table(self.game.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.game
        moves = tuple((step["player"], step["index"]) for step in game.steps)
        return (_replay, (game.ruleset.id, game.num_players, game.options, game.seed, moves))


def _replay(
    ruleset: str, players: int, options: dict[str, Any], seed: int, moves: Sequence[tuple[int, int]]
) -> Table:
    game = Game(ruleset, players, seed, options)
    for player, index in moves:
        game.apply(index, player=player)
    return Table(game)


class PyramidoState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A position: before the deal (the chance node), then the engine game it dealt."""

    def __init__(self, game: PyramidoGame, setup: Setup) -> None:
        super().__init__(game)
        self._setup = setup
        self._table: Table | None = None

    @property
    def engine(self) -> Game | None:
        """The engine game (``None`` before the deal): read it, do not change it."""
        return None if self._table is None else self._table.game

    def current_player(self) -> int:
        game = self.engine
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.decision is None:
            return int(pyspiel.PlayerId.TERMINAL)
        deciders = game.decision.players
        if len(deciders) == 1:
            return deciders[0]
        if self._setup.wait is None:
            raise RuntimeError(
                f"{self._setup.ruleset} declares no simultaneous decision, yet {deciders} decide"
            )
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        game = self.engine
        assert game is not None and game.decision is not None  # pyspiel asks only then
        if player in game.decision.players:
            return list(game.legal_indices(player))
        assert self._setup.wait is not None  # a seat not deciding at a simultaneous node
        return [self._setup.wait]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        seeds = self._setup.seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _apply_action(self, action: int) -> None:
        game = self.engine
        if game is None:
            if not 0 <= action < self._setup.seeds:
                raise ValueError(f"chance outcome {action} is not a deal 0..{self._setup.seeds - 1}")
            self._table = Table(self._setup.deal(action))
        else:
            game.apply(action, player=self.current_player())

    def _apply_actions(self, actions: Sequence[int]) -> None:
        """One action per seat: deciding seats' actions are carried out in seat order, on a
        copy kept only when all of them were legal (so a refused joint action changes
        nothing); the others must be ``wait``."""
        game = self.engine
        assert game is not None and game.decision is not None
        if len(actions) != self._setup.players:
            raise ValueError(f"{len(actions)} actions for {self._setup.players} seats")
        deciders = game.decision.players
        trial = game.clone()
        for seat, action in enumerate(actions):
            if seat in deciders:
                trial.apply(action, player=seat)
            elif action != self._setup.wait:
                raise ValueError(
                    f"seat {seat} does not decide {game.decision.kind!r}: its action is "
                    f"{self._setup.wait} ({WAIT}), not {action}"
                )
        self._table = Table(trial)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        if action == self._setup.wait:
            return WAIT
        space = load_ruleset(self._setup.ruleset).space
        return _canonical(space.action(action).to_json(space))

    def is_terminal(self) -> bool:
        game = self.engine
        return game is not None and game.is_over

    def returns(self) -> list[float]:
        game = self.engine
        if game is None or not game.is_over:
            return [0.0] * self._setup.players
        return rank_returns(game.ranking(), self._setup.players)

    def rewards(self) -> list[float]:
        """All of the return comes at the end (the reward model is terminal)."""
        return self.returns()

    def view(self, viewer: int | None, recall: bool) -> str:
        """What ``viewer`` (``None``: a spectator) sees now: the canonical JSON of its
        ``game.observation``; with ``recall``, that and everything it saw and did before,
        in order (perfect recall: the engine logs no event for some secret choices, such
        as a scoring activation, so the seat's own actions are listed too)."""
        game = self.engine
        if game is None:  # before the deal nobody has seen anything
            return _canonical({"history": [], "observation": None}) if recall else NOTHING_SEEN
        observation = game.observation(viewer)
        if not recall:
            return _canonical(observation)
        history: list[dict[str, Any]] = [{"event": event} for event in feed(game.setup_events, viewer)]
        for step in game.steps:
            if step["player"] == viewer:
                history.append({"action": game.space.action(step["index"]).to_json(game.space)})
            history.extend({"event": event} for event in feed(step["events"], viewer))
        return _canonical({"history": history, "observation": observation})

    def __str__(self) -> str:
        game = self.engine
        if game is None:
            return "before the deal"
        moves = [[step["player"], step["index"]] for step in game.steps]
        return _canonical({"deal": game.seed, "moves": moves, "public": game.observation(None)})


class PyramidoObserver:
    """OpenSpiel's Python observer of these games: strings only (``tensor`` is ``None``).

    The seat's own view (private information of one player) or the public one (none);
    with perfect recall, the information-state string. Views of every seat's private
    information at once are not offered.
    """

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, not {sorted(params)}")
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observers: a seat's own view or the public one, with or without recall")
        self.tensor = None
        self.dict: dict[str, Any] = {}
        self._perfect_recall = bool(iig_obs_type.perfect_recall)
        self._public = private == pyspiel.PrivateInfoType.NONE

    def set_from(self, state: PyramidoState, player: int) -> None:
        """No tensor to fill (OpenSpiel asks the method of every observer)."""

    def string_from(self, state: PyramidoState, player: int) -> str:
        return state.view(None if self._public else player, self._perfect_recall)


def game_type(title: Title, info: GameInfo, zero_sum: bool) -> Any:
    """The OpenSpiel ``GameType`` of a title, from what its game plugin declares."""
    parameters: dict[str, Any] = {"players": 2, "seeds": DEFAULT_SEEDS}
    if title.solo:
        parameters["solo"] = ""
    GameType = pyspiel.GameType
    return GameType(
        short_name=title.short_name,
        long_name=title.long_name,
        dynamics=GameType.Dynamics.SIMULTANEOUS if info.simultaneous else GameType.Dynamics.SEQUENTIAL,
        chance_mode=GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=GameType.Information.IMPERFECT_INFORMATION,
        utility=GameType.Utility.ZERO_SUM if zero_sum else GameType.Utility.GENERAL_SUM,
        reward_model=GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=title.fewest_players(info),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=parameters,
    )


class PyramidoOpenSpiel(PyramidoGame):
    title = Title("python_pyramido", "pyramido", "Pyramido")


class ForgottenTreasuresOpenSpiel(PyramidoGame):
    title = Title(
        "python_forgotten_treasures", "forgotten-treasures", "Pyramido: Forgotten Treasures", solo=True
    )


class SilverGoldOpenSpiel(PyramidoGame):
    # 2 seats at least: the solo score attack has no opponent for a rank-based return
    title = Title(
        "python_silver_gold_pyramids", "silver-gold-pyramids", "Silver & Gold Pyramids", min_players=2
    )


#: The registered games, one class each.
GAMES = (PyramidoOpenSpiel, ForgottenTreasuresOpenSpiel, SilverGoldOpenSpiel)

for _game in GAMES:
    pyspiel.register_game(
        game_type(_game.title, game_info(load_ruleset(_game.title.ruleset)), zero_sum=True), _game
    )
