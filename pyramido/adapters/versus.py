"""One seat of a game against bots: what the Gymnasium environment plays one game at a
time, and the vector environment N at a time (:mod:`.vector`), so that both play, reward
and end alike.

The bots play every other seat until the seat decides again or its part ends (the game's
end, or its elimination); their seeds come from the game's seed, so the same seed and
the same actions give the same episode. An illegal action either raises or ends the
episode with ``illegal_reward`` (``illegal_action``: ``"raise"`` or ``"end"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..bots import Bot, make_bot
from ..engine.game import IllegalActionError
from ..errors import ArgumentError, PyramidoError, brief
from .episode import SEEDS, Episode, Rules
from .tensors.layout import Vector
from .tensors.live import LiveTensors, Mask

ILLEGAL_ACTIONS = ("end", "raise")


def seat_opponents(rules: Rules, seat: object, opponents: str | Sequence[str]) -> dict[int, str]:
    """The bot of each other seat: ``opponents`` is one name for all, or one per other
    seat in seat order. A bad seat, count or name is an :class:`ArgumentError`."""
    n = rules.num_players
    if isinstance(seat, bool) or seat not in range(n):
        raise ArgumentError(f"no seat {brief(seat)} in a {n}-player game")
    names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
    if len(names) != n - 1:
        raise ArgumentError(f"{n - 1} opponents for {n} players, not {len(names)}")
    for name in names:
        make_bot(name, 0, rules.ruleset)  # an unknown name fails now, naming the bots
    return dict(zip([other for other in range(n) if other != seat], names, strict=True))


class Versus:
    """Seat ``seat`` of the games of ``rules``, the others played by ``opponents`` (seat ->
    bot name); its tensor and mask live in ``live``."""

    def __init__(
        self,
        rules: Rules,
        seat: int,
        opponents: dict[int, str],
        live: LiveTensors,
        illegal_action: str = "end",
        illegal_reward: float = -1.0,
    ) -> None:
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ArgumentError(f"illegal_action is 'end' or 'raise', not {brief(illegal_action)}")
        self.rules, self.seat, self.opponents, self.live = rules, seat, opponents, live
        self.illegal_action, self.illegal_reward = illegal_action, float(illegal_reward)
        self.episode: Episode | None = None
        self.ended = True  # by the seat's part ending or an illegal action, until the next reset
        self.bots: dict[int, Bot] = {}

    def reset(self, game_seed: int) -> None:
        """A new game of engine seed ``game_seed``, played by the bots up to the seat's first
        decision (nobody scores before it: no reward to give)."""
        self.episode, self.ended = self.rules.episode(game_seed, self.live), False
        self.bots = {
            other: make_bot(name, (game_seed + 1 + other) % SEEDS, self.rules.ruleset)
            for other, name in self.opponents.items()
        }
        self._play_bots(self.episode)

    def step(self, action: object) -> tuple[float, dict[str, Any]]:
        """Carry out the seat's ``action`` and the bots' after it: the seat's reward, and
        what to add to its info (``illegal_action``: the rule broken; ``eliminated``).
        :attr:`ended` says whether the episode is over."""
        episode, seat = self.episode, self.seat
        if episode is None or self.ended:
            episode = self.playing()  # raises
        try:
            rewards = episode.play(seat, action)
        except IllegalActionError as exc:
            if self.illegal_action == "raise":
                raise
            self.ended = True
            return self.illegal_reward, {"illegal_action": exc.rule}
        reward = rewards[seat] + self._play_bots(episode)
        self.ended = episode.ended(seat)
        return reward, {"eliminated": True} if episode.rewards.out[seat] else {}

    def playing(self) -> Episode:
        if self.episode is None or self.ended:
            raise PyramidoError("the episode is over (or not begun): call reset()")
        return self.episode

    def _play_bots(self, episode: Episode) -> float:
        """Let the bots decide until the seat does or its part ends; the seat's rewards.
        A bot's choice is legal (its contract): it goes the engine's fast path, as in
        :func:`~pyramido.bots.play_out`."""
        seat, total, game, rewards, bots = self.seat, 0.0, episode.game, episode.rewards, self.bots
        while (decision := game.decision) is not None and seat not in decision.players:
            if rewards.ended[seat]:
                break
            bot = decision.players[0]
            game.apply_index(bots[bot].choose(game, bot), bot)
            total += rewards.step()[seat]
        return total

    def tensor(self) -> Vector:
        """The seat's tensor now (its live row: copy what you keep)."""
        self._begun()
        return self.live.tensor(self.seat)

    def mask(self) -> Mask:
        """The seat's legal mask now (its live row), all 0 once the episode is over."""
        self._begun()
        mask = self.live.mask(self.seat)
        if self.ended:
            mask.fill(0)  # an illegal action ended it with the seat still to decide
        return mask

    def observe(self) -> None:
        """Bring the seat's tensor and mask up to date (:meth:`tensor` and :meth:`mask` in
        one call: a vector environment asks for both of every game at every step)."""
        self.mask()
        self.live.tensor(self.seat)

    def _begun(self) -> None:
        if self.episode is None:
            raise PyramidoError("no episode yet: call reset()")
