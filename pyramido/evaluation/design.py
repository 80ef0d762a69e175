"""Who sits where: a design that balances the bots over the seats, so that what a seat's
statistics show (the first player's advantage above all) is the seat's, not its bots'.

A design is a block of seatings played in turn: game ``g`` takes seating ``g mod len(block)``,
so game ``g``'s bots follow from ``g`` alone. The block holds *line-ups* (which bots play a
game: every group of ``players`` bots in a tournament; otherwise the named bots, every
choice of which of them take the seats left over when they do not divide the seats) and
for each line-up its *arrangements*: all its distinct orders when there are at most
:data:`ALL_ORDERS_LIMIT` of them, else a cyclic Latin square (its rotations). Either way,
over a block each bot of a line-up sits at each seat as often as it is in the line-up.

Line-ups are interleaved (every ``len(line-ups)`` consecutive games play each once) and
arrangements come rotation by rotation, so a run cut short stays as near balanced as it
can; only whole blocks are balanced, and :func:`imbalance` says when rows are not.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

#: All distinct orders of a line-up are played up to this many (four bots at four seats:
#: 24); beyond it, a cyclic Latin square keeps the block short.
ALL_ORDERS_LIMIT = 24

Seating = tuple[str, ...]


@dataclass(frozen=True)
class Design:
    """The block of seatings and how it was made (``all orders`` or ``Latin square``)."""

    block: tuple[Seating, ...]
    kind: str

    def seating(self, game: int) -> Seating:
        return self.block[game % len(self.block)]

    def complete(self, games: Iterable[int]) -> list[int]:
        """Of ``games``, those whose whole block is among them (the balanced ones)."""
        listed = list(games)
        counts = Counter(game // len(self.block) for game in listed)
        return [game for game in listed if counts[game // len(self.block)] == len(self.block)]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seatings": len(self.block)}


def make_design(bots: Sequence[str], players: int, tournament: bool) -> Design:
    """The design of ``bots`` at ``players`` seats (see the module)."""
    lineups = _tournament_lineups(bots, players) if tournament else _lineups(bots, players)
    orders = math.factorial(players) // math.prod(math.factorial(n) for n in Counter(lineups[0]).values())
    every = orders <= ALL_ORDERS_LIMIT
    arranged = [_arrangements(lineup, every) for lineup in lineups]
    block = tuple(seatings[i] for i in range(len(arranged[0])) for seatings in arranged)
    kind = "one seating" if len(block) == 1 else "all orders" if every else "Latin square"
    return Design(block, kind)


def _lineups(bots: Sequence[str], players: int) -> list[Seating]:
    """Each named bot plays every game, ``players // len(bots)`` seats or one more: one
    line-up for each choice of the bots that take the seats left over, each laid out
    round the table in the bots' order (``A B A`` for two bots at three seats)."""
    extra = players % len(bots)
    lineups = []
    for favoured in combinations(range(len(bots)), extra):
        left = [players // len(bots) + (i in favoured) for i in range(len(bots))]
        laid: list[str] = []
        while len(laid) < players:
            for i, name in enumerate(bots):
                if left[i]:
                    laid.append(name)
                    left[i] -= 1
        lineups.append(tuple(laid))
    return lineups


def _tournament_lineups(bots: Sequence[str], players: int) -> list[Seating]:
    """Every group of ``players`` bots (no bot plays two seats of a game)."""
    return [tuple(bots[i] for i in group) for group in combinations(range(len(bots)), players)]


def _rotations(seating: Seating) -> list[Seating]:
    """The distinct rotations of ``seating``: seat ``s`` takes place ``s + r``."""
    n = len(seating)
    return list(dict.fromkeys(tuple(seating[(s + r) % n] for s in range(n)) for r in range(n)))


def _arrangements(lineup: Seating, every: bool) -> list[Seating]:
    """The seatings of ``lineup``: its rotations first (a Latin square), then, with
    ``every``, the rotations of each other order not yet listed (sorted)."""
    found = _rotations(lineup)
    if every:
        seen = set(found)
        for order in sorted(set(permutations(lineup))):
            if order not in seen:
                rotations = _rotations(order)
                seen.update(rotations)
                found += rotations
    return found


def imbalance(games: Iterable[tuple[Seating, int]]) -> str | None:
    """Why the seat of interest is not balanced over these games, or ``None`` when it is.

    ``games`` gives each game's seating and the seat of interest (the first player's, a
    given seat). It is balanced when in every line-up each bot holds that seat in its share
    of the line-up's games (two seats of three: two thirds): then the seat's win rate is
    its own, whatever the bots are worth."""
    held: dict[Seating, Counter[str]] = defaultdict(Counter)
    for seating, seat in games:
        held[tuple(sorted(seating))][seating[seat]] += 1
    for lineup, counts in sorted(held.items()):
        games_of = sum(counts.values())
        share = Counter(lineup)
        for bot in sorted(share):
            if counts[bot] * len(lineup) != games_of * share[bot]:
                return (
                    f"the seating confounds it: {bot} held that seat in {counts[bot]} of the "
                    f"{games_of} games of line-up {', '.join(lineup)}, not {share[bot]}/{len(lineup)} "
                    "of them; whole blocks of the seating design balance it"
                )
    return None
