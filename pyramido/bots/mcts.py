"""Information-set Monte-Carlo tree search (ISMCTS, single observer): the ``mcts`` bot of
every game (docs/search.md).

Each simulation starts from a *determinization* of the game as the searching seat sees it
(``Game.determinize``: hidden facts resampled, the others' secret choices taken back), so
the search never peeks. The root weighs a few candidates (the game's greedy choice and
three others drawn at random), each simulated on the same determinizations, round after
round, so that a deal's luck, the same for all, cancels out of their comparison. Below
each candidate grows one tree of action sequences shared by all determinizations: at each
decision the walk takes the child with the best upper confidence bound among the actions
legal in this determinization (counted over the simulations in which each was available),
or opens a new child, the greedy choice first, the others at random as the node's visits
grow (progressive widening). Then the game's greedy bot plays every seat to the end of
the stage, where the game estimates each seat's final score (``Game.estimate``: the stages
scored and what the stage under way scores now), and each seat's reward, its margin (its
score minus the best other score, squashed by ``tanh``), is backed up along the path; a
game that does not estimate, or a solo game, is played to the end for its final margins.
Stopping at the stage's end makes a simulation several times cheaper (docs/search.md).
The move is the greedy choice unless another candidate did better on the same deals by
more than chance explains. Simultaneous decisions are taken one seat at a time in the
tree, the searching seat first.

The search plays the real rules (house rules included) through the public API, and draws
its randomness from its own generator. Budgets: ``mcts`` (64 simulations), ``mcts:N`` (N
simulations, in rounds of one per candidate), ``mcts:Ts`` (T seconds a decision, at least
one round).
"""

from __future__ import annotations

import math
import re
import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from ..errors import ArgumentError, brief
from ..geometry.rng import Rng

if TYPE_CHECKING:
    from ..engine.game import Game
    from . import Bot

SIMULATIONS = 64
CANDIDATES = 4  # the root's children: the greedy choice and three more
EXPLORATION = 0.7  # UCB's constant, for rewards in [-1, 1]
WIDENING = 1.5  # a node opens 1 + WIDENING * sqrt(visits) children at most
MARGIN_SCALE = 10.0  # points of margin for a reward of tanh(1)
MAX_SIMULATIONS = 1_000_000
MAX_SECONDS = 3600.0
Z95 = 1.96  # a candidate leaves the greedy choice only when better by this many standard errors


@dataclass
class _Node:
    """The simulations through one action sequence: their number, how often the move into
    the node was available, and the rewards of the seat that moved into it."""

    seat: int = -1
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[tuple[int, int], _Node] = field(default_factory=dict)  # by (seat, action)


#: A budget as ``bot:PARAMETER`` gives it: simulations (``200``) or seconds (``1.5s``).
BUDGET: Final = re.compile(r"[0-9]{1,9}|[0-9]{1,4}(\.[0-9]{1,3})?s")


class MctsBot:
    """The search bot: ``MctsBot(seed)`` with the default budget, ``MctsBot.configured("200")``
    or ``MctsBot.configured("1.5s")`` for a factory of bots with another."""

    name = "mcts"

    def __init__(
        self, seed: int = 0, simulations: int | None = SIMULATIONS, seconds: float | None = None
    ) -> None:
        self.rng = Rng(seed)
        self.simulations, self.seconds = simulations, seconds
        self.simulated = 0  # simulations run so far, for a rate (``pyramido bench``)

    @classmethod
    def configured(cls, parameter: str) -> Callable[[int], MctsBot]:
        """A factory of bots with the budget ``parameter``: ``N`` simulations a decision, or
        ``Ts`` seconds (``1.5s``)."""
        try:
            if not BUDGET.fullmatch(parameter):  # ASCII digits only: no '٣', '1e3' or ' 5'
                raise ValueError
            if parameter.endswith("s"):
                seconds = float(parameter[:-1])
                if not 0 < seconds <= MAX_SECONDS:
                    raise ValueError
                return lambda seed: cls(seed, simulations=None, seconds=seconds)
            simulations = int(parameter)
            if not 1 <= simulations <= MAX_SIMULATIONS:
                raise ValueError
        except ValueError:
            raise ArgumentError(
                f"mcts takes a number of simulations (1..{MAX_SIMULATIONS}) or seconds ('1.5s', at most "
                f"{MAX_SECONDS:.0f}), not {brief(parameter)}"
            ) from None
        return lambda seed: cls(seed, simulations=simulations)

    def choose(self, game: Game, player: int) -> int:
        legal = game.legal_indices(player)
        if len(legal) == 1:
            return legal[0]
        search = _Search(game, player, self.rng)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        rounds = 0
        while (self.simulations is None or rounds * len(search.candidates) < self.simulations) and (
            deadline is None or rounds == 0 or time.perf_counter() < deadline
        ):
            search.round()
            rounds += 1
        self.simulated += rounds * len(search.candidates)
        return search.best()


class _Search:
    """One decision's tree, and the greedy bots that open children and play rollouts.

    The root's children are a few candidates (the greedy choice and up to ``CANDIDATES -
    1`` others drawn at random), each simulated on the same determinizations in turn (a
    *round* is one determinization, every candidate once), so that they are compared on
    the same deals: with a deal's luck the same for all, their differences show with few
    simulations. Below the root the tree grows as ISMCTS does."""

    def __init__(self, game: Game, player: int, rng: Rng) -> None:
        from . import bot_factory

        self.game, self.player, self.rng = game, player, rng
        self.root = _Node()
        registered = game.ruleset.registered("pyramido_register_bots")
        factory = bot_factory(game.ruleset, "greedy" if "greedy" in registered else "random")
        self.policy: list[Bot] = [factory(seat) for seat in range(game.num_players)]
        legal = game.legal_indices(player)
        self.greedy = self.policy[player].choose(game, player)
        others = [action for action in legal if action != self.greedy]
        drawn = [others.pop(rng.below(len(others))) for _ in range(min(CANDIDATES - 1, len(others)))]
        self.candidates = [self.greedy, *sorted(drawn)]
        self.outcomes: dict[int, list[float]] = {action: [] for action in self.candidates}

    def round(self) -> None:
        """One determinization, each candidate simulated on a copy of it (the last on the
        determinization itself: no copy is left to serve)."""
        deal = self.game.determinize(self.player, self.rng)
        *copied, last = self.candidates
        for action in copied:
            self.outcomes[action].append(self.simulate(deal.clone(), action))
        self.outcomes[last].append(self.simulate(deal, last))

    def best(self) -> int:
        """The greedy choice, unless another candidate did better on the same deals by more
        than chance explains: its mean gain over the greedy choice, round by round, above
        1.96 standard errors (then the one with the best mean gain). With few rounds or
        deals whose luck swamps the choice, the search keeps to the greedy choice rather
        than follow noise."""
        base = self.outcomes[self.greedy]
        best, best_gain = self.greedy, 0.0
        for action in self.candidates[1:]:
            gains = [mine - theirs for mine, theirs in zip(self.outcomes[action], base, strict=True)]
            if len(gains) < 2:
                continue
            mean = statistics.fmean(gains)
            if mean - Z95 * statistics.stdev(gains) / math.sqrt(len(gains)) > 0 and mean > best_gain:
                best, best_gain = action, mean
        return best

    def simulate(self, game: Game, first: int) -> float:
        """One simulation of ``game`` (a determinization) from the root's child ``first``:
        walk and grow the tree, play out, back up; the searching seat's reward."""
        node = self.root.children.setdefault((self.player, first), _Node(self.player))
        path = [self.root, node]
        game.apply_index(first, self.player)
        while game.decision is not None and node.visits > 0:
            players = game.decision.players
            seat = self.player if self.player in players else players[0]
            legal = game.legal_indices(seat)
            if len(legal) == 1:
                game.apply_index(legal[0], seat)
                continue
            unopened = [action for action in legal if (seat, action) not in node.children]
            if unopened and (
                len(node.children) < 1 + WIDENING * math.sqrt(node.visits) or len(unopened) == len(legal)
            ):
                action = self._first(game, seat, unopened)
                node.children[seat, action] = node = _Node(seat)
                path.append(node)
                game.apply_index(action, seat)
                break
            action = self._select(node, seat, legal)
            node = node.children[seat, action]
            path.append(node)
            game.apply_index(action, seat)
        rewards = self._play_out(game)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.reward += rewards[visited.seat]
        return rewards[self.player]

    def _first(self, game: Game, seat: int, unopened: list[int]) -> int:
        """The child to open: the greedy choice, else a random one."""
        greedy = self.policy[seat].choose(game, seat)
        return greedy if greedy in unopened else self.rng.choice(unopened)

    def _select(self, node: _Node, seat: int, legal: list[int]) -> int:
        """The available child with the best upper confidence bound (ties: lowest index)."""
        best, best_value = -1, -math.inf
        for action in legal:
            child = node.children.get((seat, action))
            if child is None:
                continue
            child.available += 1
            bonus = EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
            value = child.reward / child.visits + bonus
            if value > best_value:
                best, best_value = action, value
        return best

    def _play_out(self, game: Game) -> list[float]:
        """Every seat's greedy bot to the end of the stage; then, if the game estimates
        every seat's final score (``Game.estimate``), each seat's reward is its estimated
        margin, else play goes on to the end and it is the final margin. A solo game plays
        to the end: its margin is against an automaton or none, not another seat's
        estimate."""
        stage = game.decision.stage if game.decision is not None and game.num_players > 1 else None
        while game.decision is not None:
            if stage is not None and game.decision.stage != stage:
                estimates = {seat: game.estimate(seat) for seat in range(game.num_players)}
                known: dict[int | str, float] = {
                    seat: value for seat, value in estimates.items() if value is not None
                }
                if len(known) == len(estimates):
                    return _rewards(known)
                stage = None
            for seat in game.decision.players:
                game.apply_index(self.policy[seat].choose(game, seat), seat)
        return _rewards({row.player: row.score for row in game.ranking()})


def _rewards(scores: Mapping[int | str, float]) -> list[float]:
    """Each seat's reward: its margin over the best other score (in solo, the Legend's),
    squashed by ``tanh``."""
    rewards = []
    for seat in (who for who in scores if isinstance(who, int)):
        others = [score for who, score in scores.items() if who != seat]
        margin = scores[seat] - max(others) if others else scores[seat]
        rewards.append(math.tanh(margin / MARGIN_SCALE))
    return rewards
