"""The engine: a game is a sequence of decisions, each with its legal actions.

:class:`Game` owns the state (built and changed only by the ruleset's plugins), one seeded
:class:`~pyramido.geometry.rng.Rng`, and the log of every action with the events it caused. The
engine itself knows no game rule: it checks whose decision it is and whether an action is
legal, then hands the action to the ``pyramido_apply`` hook. Because the check comes
first, a refused action leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Any

from ..errors import ArgumentError, PyramidoError, brief, clip
from ..geometry.rng import Rng
from . import record as records
from .actions import Action, ActionFormatError
from .events import SEEN_BY, feed
from .plugins import PluginError
from .ruleset import Ruleset, load_ruleset
from .steps import LegalSeats, RuleStep
from .strict_json import JsonValueError, check_value, is_int
from .views import Breakdown, RankingRow


class IllegalActionError(PyramidoError, ValueError):
    """An action the current decision does not allow; ``rule`` names the rule it breaks."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class Decision:
    """What the game waits for: ``kind`` of decision, by which ``players``, in which stage.

    Several players decide at once in simultaneous steps; each then calls
    ``apply(action, player=p)``.
    """

    kind: str
    players: tuple[int, ...]
    stage: int

    @property
    def player(self) -> int:
        """The one deciding player (an error for a simultaneous decision)."""
        if len(self.players) != 1:
            raise PyramidoError(f"{len(self.players)} players decide {self.kind!r} at once")
        return self.players[0]

    @classmethod
    def of(cls, kind: str, players: tuple[int, ...], stage: int) -> Decision:
        """The decision ``kind`` by ``players`` in ``stage``, made once and then shared (a
        decision is immutable, and a game comes to the same few hundred times over)."""
        key = (kind, players, stage)
        found = _DECISIONS.get(key)
        if found is None:
            found = _DECISIONS[key] = cls(kind, players, stage)
        return found

    @classmethod
    def of_one(cls, kind: str, player: int, stage: int) -> Decision:
        """:meth:`of` for one deciding ``player``: what most steps of a turn-based game ask
        for, looked up by kind, stage and seat in turn without making a tuple for a key."""
        try:
            return _ONE_SEAT[kind][stage][player]
        except KeyError:
            found = cls.of(kind, (player,), stage)
            _ONE_SEAT.setdefault(kind, {}).setdefault(stage, {})[player] = found
            return found


#: :meth:`Decision.of` and :meth:`Decision.of_one` bound once, for the rule steps that set
#: a decision at every step: Python 3.11 looks a class method up anew at each call through
#: its class (about as costly as the lookup of the decision itself).
decision_of = Decision.of
decision_of_one = Decision.of_one

#: Every decision :meth:`Decision.of` made, by its fields: a few per decision kind and stage.
_DECISIONS: dict[tuple[str, tuple[int, ...], int], Decision] = {}
#: The decisions of one seat by kind, stage and seat (:meth:`Decision.of_one`).
_ONE_SEAT: dict[str, dict[int, dict[int, Decision]]] = {}


class Game:
    """One game of a ruleset, for ``num_players`` seats, from ``seed``.

    ``ruleset`` is a loaded :class:`Ruleset`, a shipped ruleset id (loaded once per process)
    or a file path (read on every call: to play many games of a file, load it once with
    :func:`~pyramido.engine.ruleset.load_ruleset` and pass the result).

    Arguments are checked strictly (an :class:`~pyramido.errors.ArgumentError` otherwise):
    ``num_players`` and ``seed`` are plain ints (not ``True``, not ``2.0``), ``options`` a
    JSON object (it goes into the record).
    """

    def __init__(
        self,
        ruleset: Ruleset | str | Path = "pyramido",
        num_players: int = 2,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.ruleset = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
        limits = self.ruleset.data["players"]
        if not is_int(num_players) or not limits["min"] <= num_players <= limits["max"]:
            raise ArgumentError(
                f"{self.ruleset.id} is for {limits['min']}-{limits['max']} players, not {brief(num_players)}"
            )
        if not is_int(seed) or not 0 <= seed < 1 << 64:
            raise ArgumentError(f"seed must be an integer in [0, 2**64), got {brief(seed)}")
        self.num_players = num_players
        self.seed = seed
        self.options: dict[str, Any] = _options(options)
        self.rng = Rng(seed)
        self.rules = self.ruleset.rules
        self.space = self.ruleset.space
        self._actions = self.space.actions
        self._size = self.space.size
        self.decision: Decision | None = None
        self.setup_events: list[dict[str, Any]] = []
        self.steps: list[dict[str, Any]] = []
        self._events = self.setup_events
        self._legal: dict[int, list[int]] = {}
        self._round_start = 0  # the first step of the current decision's round (determinize)
        self._notify = bool(self.rules.pm.hook.pyramido_event.get_hookimpls())
        # When no plugin carries out actions its own way (the engine's fast path
        # ``steps_apply``), a step calls the decision's rule step itself, as that hook would.
        self._by_kind = self.rules.steps.by_kind
        self._steps = self._by_kind if self.rules.paths.steps_apply else None
        try:
            self.state: Any = self.rules.setup(self)
        except Exception as exc:
            raise self._failure(exc, "setting up a game") from exc
        if self.state is None:
            raise PyramidoError(f"no plugin of {self.ruleset.id} sets up a game")
        self._check_decision()

    # --- what is asked --------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.decision is None

    def legal_indices(self, player: int | None = None) -> list[int]:
        """Ascending indices of the actions ``player`` (default: the decider) may take.

        The list is the game's own (computed once per decision): read it, do not change it.
        """
        if type(player) is int:  # the hot path: a decider asking again (not True, not 1.0)
            legal = self._legal.get(player)
            if legal is not None:
                return legal
        decision = self.decision
        if player is None and decision is not None and len(decision.players) == 1:
            player = decision.players[0]  # the other: the one decider, by default
        else:
            player = self._decider(player)
        legal = self._legal.get(player)
        return self._list_legal(player) if legal is None else legal

    def _list_legal(self, player: int, step: RuleStep | None = None) -> list[int]:
        """Ask the rule step of the decision (``step``, when the caller has it) for
        ``player``'s legal actions, once. The decision must offer each of its players one (a
        house rule may have taken them all away): otherwise its rule step's author is to
        blame. Every step of a game comes here once, so this is the one function for it."""
        decision = self.decision
        assert decision is not None
        try:
            if step is None:  # steps[] names the steps there are
                step = self._by_kind.get(decision.kind) or self.rules.steps[decision.kind]
            listing = step.legal  # a field, not a method: read as one (3.11 specialises it)
            legal = listing(self, player)
        except Exception as exc:
            raise self._failure(exc, "listing legal actions") from exc
        if not legal:
            self._no_legal_action(decision, player)
        self._legal[player] = legal
        return legal

    def legal_actions(self, player: int | None = None) -> list[Action]:
        actions = self._actions  # the space's, by index (legal indices are in range)
        return [actions[i] for i in self.legal_indices(player)]

    def legal_mask(self, player: int | None = None) -> list[bool]:
        mask = [False] * self.space.size
        for index in self.legal_indices(player):
            mask[index] = True
        return mask

    def observation(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator, who sees only public facts)."""
        if player is not None:
            self._check_seat(player)
        try:
            observation: dict[str, Any] = self.rules.observation(self, player)
        except Exception as exc:
            raise self._failure(exc, "making an observation") from exc
        return observation

    def seat(self, player: int) -> Any:
        """The typed view of ``player``'s seat: the game's own frozen dataclass (Pyramido:
        :class:`~pyramido.games.pyramido.views.PyramidoSeat`), what plugins and bots read."""
        self._check_seat(player)
        try:
            return self.rules.seat_view(self, player)
        except Exception as exc:
            raise self._failure(exc, "making a seat view") from exc

    def table(self) -> Any:
        """The typed view of what lies on the table: the game's own frozen dataclass
        (Pyramido: :class:`~pyramido.games.pyramido.views.PyramidoTable`). Public facts only."""
        try:
            return self.rules.table_view(self)
        except Exception as exc:
            raise self._failure(exc, "making a table view") from exc

    def score(self, player: int, position: Any = None) -> Breakdown:
        """Score ``position`` (by default the seat's own, ``game.seat(player).position``)
        through ``pyramido_score_stage``: the real stage score, or a bot's imagined one."""
        self._check_seat(player)
        try:
            if position is None:
                position = self.rules.seat_view(self, player).position
            breakdown = self.rules.score_stage(self, player, position)
        except Exception as exc:
            raise self._failure(exc, "scoring") from exc
        if not isinstance(breakdown, Breakdown):
            raise PluginError(
                f"pyramido_score_stage returned {brief(breakdown)}, not a Breakdown (pyramido.engine.views)",
                hook="pyramido_score_stage",
            )
        return breakdown

    def events(self) -> Iterator[dict[str, Any]]:
        """Every event of the game so far, setup first, secrets included (what a record holds)."""
        return chain(self.setup_events, *(step["events"] for step in self.steps))

    def events_for(self, player: int | None) -> list[dict[str, Any]]:
        """The events ``player`` has seen happen so far, in order (``None``: a spectator, who
        sees the public ones): never a secret of another seat, nor one of chance."""
        if player is not None:
            self._check_seat(player)
        return list(feed(self.events(), player))

    def ranking(self) -> list[RankingRow]:
        """Final ranking, best first (only once the game is over)."""
        if not self.is_over:
            raise PyramidoError("the game is not over")
        try:
            ranking = self.rules.ranking(self)
        except Exception as exc:
            raise self._failure(exc, "ranking the players") from exc
        if not isinstance(ranking, list) or not all(isinstance(row, RankingRow) for row in ranking):
            raise PluginError(
                f"pyramido_ranking returned {brief(ranking)}, not a list of RankingRow",
                hook="pyramido_ranking",
            )
        return ranking

    # --- what is done ---------------------------------------------------------------------

    def apply(self, action: Action | int | Mapping[str, Any], player: int | None = None) -> None:
        """Carry out ``action`` (an :class:`Action`, an index or its JSON) for ``player``.

        Raises :class:`IllegalActionError` naming the broken rule, or
        :class:`~pyramido.engine.actions.ActionFormatError` for an action that is not even in the
        action space; in both cases the game is unchanged.
        """
        decision = self.decision
        if player is None and decision is not None and len(decision.players) == 1:
            player = decision.players[0]  # the hot path: the one decider, by default
        else:
            player = self._decider(player)
        index = action if type(action) is int and 0 <= action < self._size else self._index_of(action)
        legal = self._legal.get(player)
        if index not in (self._list_legal(player) if legal is None else legal):
            parsed = self.space.action(index)
            reason = self._explain(player, parsed)
            assert self.decision is not None
            raise IllegalActionError(
                f"player {player} cannot {parsed.kind} {parsed.to_json(self.space)} "
                f"in decision {self.decision.kind!r}: {reason}",
                rule=reason,
            )
        self.apply_index(index, player)

    def apply_index(self, index: int, player: int) -> None:
        """The fast path for bots: ``index`` must come from ``legal_indices(player)``.

        Transactional: if a plugin raises while the action is carried out, the game is
        rolled back (state, log and random generator, by replaying its steps) and a
        :class:`~pyramido.engine.plugins.PluginError` names the plugin and the hook.
        """
        if type(index) is not int or index < 0:
            self.space.action(index)  # raises, naming the range
        try:
            action = self._actions[index]  # the space's, by index: action(index) without its call
        except IndexError:
            self.space.action(index)  # raises, naming the range
            raise
        before = self.decision
        events: list[dict[str, Any]] = []
        self._events = events
        self.steps.append({"player": player, "index": index, "events": events})
        listed = self._legal
        self._legal = {}
        try:
            steps = self._steps
            handed = None
            if steps is not None and before is not None:
                step = steps[before.kind]
                carry_out = step.apply  # a field: read as one (see _list_legal)
                handed = carry_out(self, player, action)
            else:
                self.rules.apply(self, player, action)
            after = self.decision
            if after is not None and before is not None and after.kind != before.kind:
                # the usual step: a decision of another kind, nobody's actions listed yet
                players = after.players
                if len(players) == 1:
                    self._list_legal(players[0])
                else:
                    self._check_decision()
                self._round_start = len(self.steps)  # a new round of decisions starts
                return
            # a new round (not more of the same one): the game's end or start, or a seat
            # that was not deciding joins (Decision.of shares equal decisions)
            new_round = (
                after is None or before is None or (after is not before and _seat_joins(before, after))
            )
            if after is not None:
                if handed and step.hands_legal and player in after.players:
                    self._legal[player] = handed  # the step's legal list for the seat, handed over
                same_round = not new_round and before is not None and after.stage == before.stage
                self._check_decision(listed if same_round else None, player)
            if new_round:
                self._round_start = len(self.steps)
        except Exception as exc:
            self._roll_back()
            raise self._failure(exc, f"carrying out {action.to_json(self.space)}") from exc

    def emit(self, event: dict[str, Any], seen_by: Iterable[int] | None = None) -> None:
        """Record an event (called by plugins for every change chance or rules make).

        ``seen_by`` names the seats that alone see it happen (``()``: nobody at the table,
        a secret of chance kept for the record); by default everybody does (see
        :mod:`pyramido.engine.events`).
        """
        if seen_by is not None:
            event[SEEN_BY] = sorted(seen_by)
        self._events.append(event)
        if self._notify:
            self.rules.event(self, event)

    def clone(self) -> Game:
        """An independent copy, for search: what either game does next leaves the other as
        it was.

        Cheap whatever the length of the game: the ruleset, the options and the events
        already logged are shared (an event never changes once emitted, and the game only
        appends to its log), the state is copied by its own ``__deepcopy__`` (each game's
        shares its immutable components), the log's list of steps is copied by reference.
        """
        twin = copy.copy(self)
        twin.rng = self.rng.copy()
        twin.state = copy.deepcopy(self.state)
        twin.steps = list(self.steps)
        twin._legal = dict(self._legal)
        return twin

    def determinize(self, player: int, rng: Rng) -> Game:
        """A copy of this game as ``player`` might believe it to be, for search bots: what
        they cannot see is resampled with ``rng``, consistently with what they saw.

        The other seats' choices in the current simultaneous decision (kept secret until
        all have chosen) are taken back, so that they choose again in the copy; the copy's
        generator is reseeded from ``rng``, so that future draws are not this game's; and
        ``pyramido_determinize`` resamples the game's hidden facts (face-down piles, a deck,
        others' hidden cards). What ``player`` sees of the copy is what they see of this
        game, but that the seats whose secret choices were taken back have yet to choose.
        """
        self._check_seat(player)
        if not isinstance(rng, Rng):
            raise ArgumentError(f"rng is a pyramido.plugin.Rng, not {brief(rng)}")
        secret = {i for i in range(self._round_start, len(self.steps)) if self.steps[i]["player"] != player}
        if secret:
            twin = self._replayed([step for i, step in enumerate(self.steps) if i not in secret])
        else:
            twin = self.clone()
        twin.rng = Rng(rng.next_u32() << 32 | rng.next_u32())
        twin._legal = {}
        try:
            twin.rules.determinize(twin, player, rng)
        except Exception as exc:
            raise twin._failure(exc, "determinizing") from exc
        return twin

    def estimate(self, player: int) -> float | None:
        """``player``'s final score as the game estimates it from here
        (``pyramido_estimate``), for search bots that end a play-out early; ``None`` when
        no plugin estimates."""
        self._check_seat(player)
        try:
            estimate: float | None = self.rules.estimate(self, player)
        except Exception as exc:
            raise self._failure(exc, "estimating a score") from exc
        return estimate

    def undo(self) -> None:
        """Take back the last step, whoever took it (in a simultaneous decision, the last
        seat's choice): the game becomes the one of every step but the last, by replaying
        them (deterministic). Raises :class:`IllegalActionError` when no step was taken."""
        if not self.steps:
            raise IllegalActionError("nothing to undo: no step was taken since setup", rule="nothing to undo")
        self._roll_back()

    # --- save and restore -----------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The game so far as a record (:func:`pyramido.engine.record.make_record`), finished
        or not: an unfinished game's has ``"result": null``. JSON-ready."""
        return records.make_record(self)

    @classmethod
    def from_record(
        cls,
        record: dict[str, Any],
        ruleset: Ruleset | str | Path | None = None,
        plugins: Sequence[str | Path] = (),
    ) -> Game:
        """The game of ``record`` (finished or not), every step verified as
        :func:`pyramido.engine.replay.replay` does; ``ruleset`` and ``plugins`` as for
        ``replay``. Raises :class:`~pyramido.engine.record.RecordError`."""
        loaded, players, seed, options = records.opening(record, ruleset, plugins)
        try:
            game = cls(loaded, players, seed, options)
        except PyramidoError as exc:
            raise records.RecordError(f"cannot start the game: {exc}") from exc
        records.verify(game, record)
        return game

    def serialize(self) -> str:
        """The game so far as canonical JSON text (its record): the same game, the same bytes."""
        return records.dumps(self.to_record())

    @classmethod
    def deserialize(
        cls,
        text: str | bytes,
        ruleset: Ruleset | str | Path | None = None,
        plugins: Sequence[str | Path] = (),
    ) -> Game:
        """The game of :meth:`serialize`'s text, parsed strictly and verified step by step
        (:meth:`from_record`). Raises :class:`~pyramido.engine.record.RecordError`."""
        return cls.from_record(records.parse(text), ruleset, plugins)

    # --- helpers --------------------------------------------------------------------------

    def _explain(self, player: int, action: Action) -> str:
        """Which rule ``action`` breaks: the engine's word for an action the decision does
        not take, the decision's rule step's for the others."""
        assert self.decision is not None
        step = self.rules.steps[self.decision.kind]
        if action.kind not in step.actions:
            return f"the decision is {self.decision.kind!r}: the action must be {' or '.join(step.actions)}"
        try:
            return step.explain(self, player, action) or "it is not a legal action now"
        except Exception as exc:
            raise self._failure(exc, "explaining an illegal action") from exc

    def _check_decision(self, listed: dict[int, list[int]] | None = None, chose: int = -1) -> None:
        """List the legal actions of each player of the decision the rules came to, whom
        nobody listed yet (:meth:`_list_legal` checks that there are some: otherwise the
        action that led here is undone).

        ``listed``: the lists of the round's previous step, when the decision goes on (the
        same round of the same stage) after ``chose`` chose. When the decision's rule step
        declares that a seat's action changes no other seat's legal actions
        (:attr:`~pyramido.engine.steps.RuleStep.independent_seats`), the other seats keep theirs.
        A round's first listing of several seats is one call of the step's ``legal_seats``,
        when it has one."""
        decision = self.decision
        if decision is None:
            return
        step = self._by_kind.get(decision.kind) or self.rules.steps[decision.kind]  # [] names the steps
        legal = self._legal
        if listed is not None and not step.independent_seats:
            listed = None
        if listed is None and not legal and step.legal_seats is not None and len(decision.players) > 1:
            self._list_seats(decision.players, step.legal_seats)  # the round starts: all at once
            return
        for player in decision.players:
            if player not in legal:
                kept = listed.get(player) if listed is not None and player != chose else None
                if kept is None:
                    self._list_legal(player, step)
                else:
                    legal[player] = kept

    def _list_seats(self, players: tuple[int, ...], legal_seats: LegalSeats) -> None:
        """:meth:`_list_legal` of several seats in one call of their step's ``legal_seats``."""
        decision = self.decision
        assert decision is not None
        try:
            lists = legal_seats(self, players)
        except Exception as exc:
            raise self._failure(exc, "listing legal actions") from exc
        if len(lists) != len(players):
            author = self.rules.steps.authors.get(decision.kind, "?")
            part = f"rule step {decision.kind!r} (legal_seats)"
            message = f"plugin {author!r}: {part} gave {len(lists)} lists for the seats {players}"
            raise PluginError(message, plugin=author, hook=part)
        for player, legal in zip(players, lists):  # noqa: B905 (hot path; lengths checked above)
            if not legal:
                self._no_legal_action(decision, player)
            self._legal[player] = legal

    def _no_legal_action(self, decision: Decision, player: int) -> None:
        """Blame the author of ``decision``'s rule step for offering ``player`` nothing."""
        author = self.rules.steps.authors.get(decision.kind, "?")
        part = f"rule step {decision.kind!r} (legal)"
        message = f"plugin {author!r}: {part} offers player {player} no legal action"
        raise PluginError(message, plugin=author, hook=part)

    def _roll_back(self) -> None:
        """Become again the game of every step but the last (deterministic: a replay)."""
        self.__dict__.update(self._replayed(self.steps[:-1]).__dict__)

    def _replayed(self, steps: list[dict[str, Any]]) -> Game:
        """This game's start with ``steps`` taken again (each from this game's log)."""
        twin = Game(self.ruleset, self.num_players, self.seed, self.options)
        for step in steps:
            twin.apply_index(step["index"], step["player"])
        return twin

    def blame(self, exc: Exception, doing: str) -> Exception:
        """``exc``, raised by code that called the ruleset's hooks (a bot asking them of
        positions it imagines), as the error to raise: a :class:`PluginError` naming the
        plugin and the hook that failed, or ``exc`` itself when no plugin's code raised it.
        ``doing`` says what was being done (``"valuing positions"``)."""
        return self._failure(exc, doing)

    def _failure(self, exc: Exception, doing: str) -> Exception:
        """``exc`` as the error to raise: an engine error as it is, a plugin's failure as a
        :class:`PluginError` naming the plugin and the hook (or rule step) that failed.
        Every call into plugins is wrapped so (``except Exception as exc: raise
        self._failure(exc, doing) from exc``): a ``try`` costs nothing until it fails, where
        a context manager costs four Python calls, on paths bots take thousands of times."""
        if isinstance(exc, PyramidoError):
            return exc
        culprit = self.rules.culprit(exc)
        if culprit is None:
            return exc
        key, hook = culprit
        info = self.rules.infos.get(key)
        named = f"{info.name!r} ({key})" if info is not None and info.name != key else repr(key)
        message = f"plugin {named} failed in {hook} while {doing}: {type(exc).__name__}: {clip(str(exc))}"
        return PluginError(message, plugin=key, hook=hook)

    def _check_seat(self, player: object) -> None:
        """The one test of a seat argument: a plain int in range (``True``, ``0.0`` are not seat 0)."""
        if not is_int(player) or not 0 <= player < self.num_players:
            seats = f"0..{self.num_players - 1}"
            raise ArgumentError(
                f"no player {brief(player)} in a {self.num_players}-player game (seats {seats})"
            )

    def _decider(self, player: int | None) -> int:
        decision = self.decision
        if decision is None:
            raise IllegalActionError("the game is over: nobody decides anything", rule="game over")
        if player is None:
            if len(decision.players) != 1:
                raise IllegalActionError(
                    f"players {list(decision.players)} decide {decision.kind!r} at once: say which",
                    rule="simultaneous decision",
                )
            return decision.players[0]
        self._check_seat(player)
        if player not in decision.players:
            raise IllegalActionError(
                f"it is not player {player}'s decision: {decision.kind!r} waits for "
                f"player(s) {', '.join(map(str, decision.players))}",
                rule="turn order",
            )
        return player

    def _index_of(self, action: Action | int | Mapping[str, Any]) -> int:
        """The index of ``action``, anything but a plain int in range (:meth:`apply` took
        those as they are)."""
        actions = self._actions
        index = getattr(action, "index", None)
        if type(index) is int and 0 <= index < len(actions) and actions[index] is action:
            return index  # the space's own Action (each is made once, with the space)
        if isinstance(action, Action):
            # an Action of another game's space, or built by hand with other values
            if not is_int(action.index) or self.space.action(action.index) != action:
                raise ActionFormatError(f"{brief(action)} is not an action of {self.ruleset.id}")
            return action.index
        if is_int(action):
            self.space.kind_of(action)  # raises ActionFormatError when out of range
            return action
        if isinstance(action, Mapping):
            return self.space.from_json(action).index
        raise ActionFormatError(f"an action is an Action, an index or its JSON, not {brief(action)}")


def _seat_joins(before: Decision, after: Decision) -> bool:
    """Whether ``after``, a decision of ``before``'s kind, has a seat that was not deciding
    ``before``: then it starts a new round (the seats of a simultaneous round only leave it)."""
    return after.players != before.players and not set(after.players).issubset(before.players)


def _options(options: object) -> dict[str, Any]:
    """Game options, a JSON object (they are recorded); the game's plugin checks the names."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise ArgumentError(f"options are a mapping of names to JSON values, not {brief(options)}")
    out = dict(options)
    try:
        check_value(out)
    except JsonValueError as exc:
        raise ArgumentError(f"options: {exc}") from None
    return out
