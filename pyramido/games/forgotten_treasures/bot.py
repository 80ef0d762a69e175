"""Greedy play for Forgotten Treasures: big areas in the colours of the gems you hold, valued
by the ruleset's own rules, so that the bot follows house rules.

While building, a position is worth, per colour, the value (``pyramido_area_value``) of its
largest area, counted twice when the gems held can pay to activate it (a payment of
``pyramido_payment_table`` that does not double), plus a tenth of every visible icon. A
space is worth the best placement of its domino with the gem taken there. At scoring the
bot plays the exact best activation for the ruleset's stage score (extra score lines
included: :func:`activation_plan`) under its payment table and inventory limit
(``pyramido_inventory_limit``), valuing kept gems a little, one activation per decision;
it discards the gems whose colour's best area is worth least, mythical gems last. It reads
the game only through ``game.seat``, ``game.table``, ``game.score`` and the ruleset's
hooks.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...engine.views import Area, PyramidView, made
from ...geometry import core
from ...geometry.board import block_byte, block_index, placement_blocks, rotate_icons
from ...lazy import cached
from .activation import Activation, Spend, best_activation, best_scored_activation
from .hooks import paths_of, rules_of
from .scoring import area_value, payment_table
from .tables import taken_gems
from .views import MYTHICAL, ActivationPosition, Payment, gem_kinds

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ...engine.game import Game
    from ..pyramids.pyramid import Domino
    from .views import TreasuresSeat, TreasuresTable

KEEP_VALUE = (0.5, 1.2)  # a kept coloured / mythical gem, against 1 point now
ACTIVE_WEIGHT = 2.0
ICON_WEIGHT = 0.1


def activation_plan(game: Game, player: int) -> Activation:
    """The best activations left to ``player`` in the stage's scoring, by the ruleset's
    payment table and inventory limit, valuing kept gems at ``KEEP_VALUE`` (the bot's
    choice, and a hint for a person), for the ruleset's own stage score: while the game's
    plugin alone scores (the fast path ``scored_alone``), the solver's sum of
    ``pyramido_area_value`` and the mythical gems left (``points``: of the spends left to
    make); else ``game.score`` of each legal set of spends (``points``: the stage's)."""
    seat: TreasuresSeat = game.seat(player)
    position = seat.position
    areas = position.areas
    used = {spend.area for spend in position.activations}
    kinds = gem_kinds(game.ruleset.colours)
    gems = [seat.gems[kind] for kind in kinds]
    inventory = ([(kinds.index(area.colour), area.icons) for area in areas], gems[:-1], gems[-1])
    limit = rules_of(game).inventory_limit(game, player)
    payments = payment_table(game.ruleset)
    if paths_of(game).scored_alone:
        value = area_value(game, player, areas)
        return best_activation(
            *inventory,
            KEEP_VALUE,
            limit,
            payments=payments,
            area_value=value,
            closed=used,
            mythical_points=game.ruleset.params["mythical_kept_points"],
        )

    made_ones, pyramid, before = position.activations, position.pyramid, position.gems_before

    def score(spends: tuple[Spend, ...]) -> int:
        imagined = made(  # without the frozen dataclass's __init__: once per set of spends
            ActivationPosition,
            pyramid=pyramid,
            activations=(*made_ones, *spends),
            gems_before=before,
            discarded=(),
        )
        return game.score(player, imagined).total

    return best_scored_activation(*inventory, score, KEEP_VALUE, limit, payments=payments, closed=used)


class TreasuresGreedyBot:
    """The greedy bot of this game; deterministic (the seed is accepted and unused)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        del seed
        self.plans = _KeptPlan()

    def choose(self, game: Game, player: int) -> int:
        assert game.decision is not None
        legal = game.legal_indices(player)
        if len(legal) == 1:
            return legal[0]
        return _Chooser(game, player, self.plans).choose(game.decision.kind, legal)


class _KeptPlan:
    """The spends left of the last plan, kept for the position its first spend leads to.

    Once the stage's score is not the solver's sum, a plan scores every legal set of spends
    with ``game.score`` (:func:`activation_plan`), and the bot makes one activation per
    decision. The rest of a best plan is a best plan from where its first spend leads: the
    score is that of the final position, and the sets of spends from there are those of
    the first position that hold the first spend. So the plan is made once per stage, not
    once per activation. The printed path plans again at each decision (it costs little)."""

    def __init__(self) -> None:
        self.kept: tuple[tuple[object, ...], tuple[Spend, ...]] | None = None

    def first_spend(self, game: Game, player: int) -> Spend | None:
        """The first spend of a best plan of ``player`` now (``None``: end the activations)."""
        if paths_of(game).scored_alone:
            spends = activation_plan(game, player).spends
            return spends[0] if spends else None
        position = game.seat(player).position
        where = self._where(game, player, position.activations, position)
        if self.kept is not None and self.kept[0] == where:
            spends = self.kept[1]
        else:
            spends = activation_plan(game, player).spends
        if not spends:
            return None
        self.kept = (self._where(game, player, (*position.activations, spends[0]), position), spends[1:])
        return spends[0]

    @staticmethod
    def _where(
        game: Game, player: int, activations: tuple[Spend, ...], position: ActivationPosition
    ) -> tuple[object, ...]:
        """What makes the position the plan is for: the ruleset (its content hash: a bot may
        be pickled), the seat, its pyramid, the gems held before the activations and the
        activations made."""
        pyramid = position.pyramid
        return (
            game.ruleset.hash,
            player,
            pyramid.board,
            pyramid.stage,
            tuple(position.gems_before.items()),
            activations,
        )


class _Chooser:
    """Values the actions of one decision, from the seat's and the table's typed views.

    While building, an area's value is asked once per colour and icon count in a decision
    (``pyramido_area_value`` with the first such area met): thousands of positions are
    valued, and a house rule's value rarely depends on more than those."""

    def __init__(self, game: Game, player: int, plans: _KeptPlan) -> None:
        self.game, self.player, self.plans = game, player, plans
        self.seat: TreasuresSeat = game.seat(player)
        self.kinds = gem_kinds(game.ruleset.colours)
        self.payments = payment_table(game.ruleset)
        self.points: dict[tuple[int, int], int] = {}  # (colour + 1, icons) -> an area's value
        self.placed: dict[int, list[tuple[int, float, tuple[tuple[int, int], ...]]]] = {}  # by domino id

    @cached
    def table(self) -> TreasuresTable:
        table: TreasuresTable = self.game.table()
        return table

    def choose(self, kind: str, legal: list[int]) -> int:
        space = self.game.space
        if kind == "take":
            return max(legal, key=lambda i: self._take_value(space.action(i).values))
        if kind == "place":
            assert self.table.in_hand is not None
            return space.offsets["place"] + self._best_placement(self.table.in_hand, self.seat.gems)[0]
        if kind == "split":
            return max(legal, key=lambda i: self.table.spaces[space.action(i).values[0]].pile_size)
        if kind == "reveal":  # the unknown domino matters less than the gems it opens to choice
            return max(legal, key=lambda i: (self._gem_area_value(space.action(i).values[0]), -i))
        if kind == "scoring":
            return self._scoring_choice(legal)
        return legal[0]

    def _gem_area_value(self, pile: int) -> int:
        """Mythical gems and gems of colours already held are the useful ones."""
        gems = self.seat.gems
        return sum(2 if gem == MYTHICAL else int(gems[gem] > 0) for gem in self.table.spaces[pile].gems)

    def _take_value(self, values: tuple[int, ...]) -> float:
        pile, gem = values
        gems = dict(self.seat.gems)
        taken = taken_gems(self.game.ruleset)[gem]
        for name in (taken,) if isinstance(taken, str) else taken or ():
            gems[name] += 1
        top = self.table.spaces[pile].top
        assert top is not None
        return self._best_placement(top, gems)[1]

    def _best_placement(self, domino: Domino, gems: Mapping[str, int]) -> tuple[int, float]:
        """The placement of ``domino`` of highest value with ``gems`` held, and that value."""
        payable = self._payable(gems)
        best, best_value = -1, -math.inf
        for placement, icons_value, largest in self._placed(domino):
            value = icons_value
            for colour, points in largest:
                value += points * (ACTIVE_WEIGHT if colour in payable else 1.0)
            if value > best_value:
                best, best_value = placement, value
        return best, best_value

    def _placed(self, domino: Domino) -> list[tuple[int, float, tuple[tuple[int, int], ...]]]:
        """For each placement of ``domino``: a tenth of the visible icons, and per colour
        (in order of first sight) its largest area's value. The gems held only weigh the
        areas, so each domino is placed once per decision whatever gem comes with it."""
        found = self.placed.get(domino.id)
        if found is not None:
            return found
        pyramid = self.seat.pyramid
        stage = pyramid.stage - 1
        found = self.placed[domino.id] = []
        for placement in rules_of(self.game).placements(self.game, self.player):
            board = bytearray(pyramid.board)
            rot = placement & 3
            for (x, y), block in zip(placement_blocks(placement), (domino.a, domino.b), strict=True):
                board[block_index(stage, x, y)] = block_byte(block.colour + 1, rotate_icons(block.icons, rot))
            found.append((placement, *self._areas(bytes(board))))
        return found

    def _payable(self, gems: Mapping[str, int]) -> set[int]:
        """The colours (numbered from 1, as the C core's areas) whose areas ``gems`` can pay
        to activate without doubling."""
        singles = [p for p in self.payments if not p.doubled]
        return {
            number
            for number, colour in enumerate(self.kinds[:-1], start=1)
            if any(gems[colour] >= p.coloured and gems[MYTHICAL] >= p.mythical for p in singles)
        }

    def _areas(self, board: bytes) -> tuple[float, tuple[tuple[int, int], ...]]:
        """A tenth of every visible icon, and per colour its largest area's value."""
        areas = core.label_areas(board, linked=self.seat.pyramid.linked)
        largest: dict[int, int] = {}  # colour -> icons, in order of first sight
        for colour, icons in zip(areas.colours, areas.icons, strict=True):
            if icons > largest.get(colour, -1):
                largest[colour] = icons
        values = []
        for colour, icons in largest.items():
            points = self.points.get((colour, icons))
            if points is None:
                points = self.points[colour, icons] = self._area_value(board, areas, colour, icons)
            values.append((colour, points))
        return ICON_WEIGHT * sum(areas.icons), tuple(values)

    def _area_value(self, board: bytes, areas: core.Areas, colour: int, icons: int) -> int:
        """``pyramido_area_value`` of the first area of ``colour`` with ``icons`` on ``board``."""
        label = next(
            i
            for i, area in enumerate(zip(areas.colours, areas.icons, strict=True))
            if area == (colour, icons)
        )
        pyramid = self.seat.pyramid
        view = PyramidView(board, pyramid.stage, pyramid.colours, pyramid.linked)
        area = Area(label, pyramid.colours[colour - 1], icons, view)
        return rules_of(self.game).area_value(self.game, self.player, area, False)

    def _scoring_choice(self, legal: list[int]) -> int:
        space = self.game.space
        if self.seat.activations_ended:  # discarding: the gem of the colour whose best area is worth least
            best = dict.fromkeys(self.kinds, 0.0)
            best[MYTHICAL] = math.inf
            area_value = rules_of(self.game).area_value
            for area in self.seat.position.areas:
                points = area_value(self.game, self.player, area, False)
                best[area.colour] = max(best[area.colour], points)
            return min(legal, key=lambda i: (best[self.kinds[space.action(i).values[0]]], i))
        spend = self.plans.first_spend(self.game, self.player)
        if spend is None:
            return space.index("end_activation")
        payment = self.payments.index(Payment(spend.coloured, spend.mythical, spend.double))
        return space.index("activate", spend.area, payment)
