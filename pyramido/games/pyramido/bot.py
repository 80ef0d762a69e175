"""Greedy play for Pyramido: value a position as the ruleset would score it if the game
ended now (its stage score, end-of-game lines included), so that the bot follows house
rules.

The value of a position is that score, plus half the best area still open to each marker
in hand (where a later mark could go), minus a penalty when the stage's empty spaces can no
longer all be filled by dominoes (that costs cover cards, or the game). Each legal action
is valued by the position it leads to; an action the bot does not know (a house rule's)
is valued as the position as it is.

While a stage's score before its extra lines is linear in the icons of its marked areas
(the fast path ``stage_weights``: the game's own scoring, or a house rule's Mino bonus
that registers its weights, such as ``pyramido-largest-mino``), the positions a decision
leads to are valued in one call of the C core:
every placement of every quarry domino of a take (:func:`pyramido.geometry.core.dominoes_values`),
every cover card of a cover decision (:func:`pyramido.geometry.core.block_values`), the same
values as ``game.score`` gives them. A house rule's extra lines (``extra_points``) are added
by asking its hook once per distinct thing it reads (:class:`~pyramido.engine.read_memo.ReadMemo`):
once for all the placements of a take when it reads no board, once per candidate when it
does. While the game's plugin scores a stage by its marked areas alone (the fast path
``marked_points``) but a house rule scores the areas or the Mino bonus, the C core
describes every candidate of a take or a cover decision instead, each way of marking it
as the record of its marked areas (:func:`pyramido.geometry.core.dominoes_marks`,
:func:`pyramido.geometry.core.block_marks`), and the hooks score each distinct record once
in a decision (:class:`~.marked_scores.MarkedScores`). Otherwise (a house rule scores a
stage, or its hooks read more of an area than a record says) each position is scored
through ``game.score``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from ...engine.read_memo import ReadMemo
from ...engine.views import LazyBreakdown, PyramidView
from ...geometry import core
from ...geometry.board import (
    CELLS,
    NO_AREA,
    block_byte,
    block_index,
    placement_blocks,
    rotate_icons,
)
from ...lazy import cached
from ..pyramids.shape import pyramid_shape
from .hooks import paths_of, rules_of
from .marked_scores import MarkedScores, Unrecorded
from .stage_end import stage_lines
from .views import PyramidoPosition, PyramidoSeat, PyramidoTable

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..pyramids.pyramid import Domino

UNTILEABLE_PENALTY = 12.0
OPEN_MARKER_WEIGHT = 0.5
COVER_MIN_GAIN = 3.0
COVERS_KEPT = 1  # cards kept back for a cover-card fill
MARKER_SETS_KEPT = 1 << 12  # the bot's marker sets worked out (a game asks for dozens)
DECISIONS_KEPT = 1 << 10  # positions whose take valuations in C the bot keeps


class PyramidoGreedyBot:
    """The best-looking action now; deterministic (the seed is accepted and unused)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        del seed
        self._kept = _Kept()

    def choose(self, game: Game, player: int) -> int:
        legal = game.legal_indices(player)
        if len(legal) == 1:
            return legal[0]
        kept = self._kept
        if game.decision is not None and game.decision.kind == "take":
            kept.placed.clear()  # one turn's worth at most
        if len(kept.markers) > MARKER_SETS_KEPT:
            kept.markers.clear()
        if len(kept.rows) > DECISIONS_KEPT:
            kept.rows.clear()
        try:
            if game.ruleset is not kept.ruleset:
                kept.follow(game)
            values = _Valuer(game, player, kept).values(legal)
        except Exception as exc:  # a house rule's hook asked of an imagined position
            raise game.blame(exc, "valuing positions") from exc
        return legal[values.index(max(values))]  # of equal values, the first legal one


class _Kept:
    """What the bot keeps from one decision to the next."""

    def __init__(self) -> None:
        # the values of the placements of each domino valued when taking one, kept for
        # placing it: by position (board and markers), then by domino id
        self.placed: dict[tuple[object, ...], dict[int, dict[int, float]]] = {}
        # the markers as the C core takes them (_Valuer._c_markers), by stage, markers in
        # hand and markers: a seat's change only when it marks, so most decisions of a
        # game find theirs; for ``ruleset``
        self.markers: dict[tuple[object, ...], tuple[dict[int, int], int]] = {}
        # the C valuation's rows (dominoes_values), by its arguments but the dominoes, then
        # by domino: a function of these alone, kept across turns and games, as a search's
        # play-outs value the same positions again, deal after deal
        self.rows: dict[tuple[object, ...], dict[tuple[int, int], list[float]]] = {}
        self.ruleset: object = None
        #: The ruleset's C weights (:func:`_c_weights`) and pyramid base, asked once per
        #: ruleset: each is a function of the ruleset (``stage_weights``).
        self.weights: tuple[float, float, float, float, float] | None = None
        self.base: tuple[int, int] = (0, 0)

    def follow(self, game: Game) -> None:
        """Another ruleset: its facts, and its colours numbered anew."""
        weights = _c_weights(game)  # a house rule's hook may fail: nothing changed then
        self.ruleset, self.weights, self.base = game.ruleset, weights, pyramid_shape(game.ruleset).base
        self.markers.clear()


class _Valuer:
    """Values the actions of one decision, from the seat's typed view (the views made when
    first read: a refill needs none of them)."""

    def __init__(self, game: Game, player: int, kept: _Kept) -> None:
        self.game, self.player = game, player
        self.placed, self.c_markers, self.c_rows = kept.placed, kept.markers, kept.rows
        self.weights, self._base = kept.weights, kept.base
        self.colours = game.ruleset.colours

    @cached
    def seat(self) -> PyramidoSeat:
        seat: PyramidoSeat = self.game.seat(self.player)
        return seat

    @cached
    def table(self) -> PyramidoTable:
        table: PyramidoTable = self.game.table()
        return table

    @cached
    def by_domino(self) -> dict[int, dict[int, float]]:
        """The placement values known for the seat's position, by domino id (the position's
        key is made once per decision, not once per action valued)."""
        pyramid = self.seat.pyramid
        return self.placed.setdefault((pyramid.board, tuple(sorted(self.seat.markers.items()))), {})

    @cached
    def marked_scores(self) -> MarkedScores | None:
        """The points of the records of marked areas, while a stage's score is a function
        of its marked areas alone (and a C valuation is not bound: :meth:`weights`)."""
        paths = paths_of(self.game)
        points = paths.marked_points
        if points is None:
            return None
        return MarkedScores(self.game, self.player, points, by_markers=paths.area_weight(self.game) is None)

    @cached
    def extras(self) -> ReadMemo[int] | None:
        """The points of a house rule's extra lines for a position, asked once per distinct
        thing the hook reads; ``None`` while no plugin adds lines."""
        points = paths_of(self.game).extra_points
        return None if points is None else ReadMemo(partial(points, self.game, self.player))

    @cached
    def blind_extras(self) -> bool:
        """Whether the extra lines' hook reads nothing that laying a domino or a card
        changes (the board, the markers, the lines before its own), asked of the position
        as it is: its answer then depends on the unused cards alone (:meth:`_extra_with`),
        and the C core values the rest."""
        if self.extras is None:
            return True
        position = self._position(self.seat.pyramid.board, self.seat.markers, self.seat.cover_cards)
        _, reads = self.extras.ask(position, self._lines(position))
        return not any(read in _BOARD_READS or read[0] == 1 for read in reads)

    def _extra_with(self, cards: tuple[tuple[str, ...], ...]) -> float:
        """The extra lines' points of a position with unused ``cards``, for a hook blind to
        the board (:meth:`blind_extras`): asked of the board as it is."""
        if self.extras is None:
            return 0.0
        position = self._position(self.seat.pyramid.board, self.seat.markers, cards)
        return float(self.extras(position, self._lines(position)))

    def values(self, legal: list[int]) -> list[float]:
        """The value of each legal action, run by run: legal indices ascend and each kind's
        actions are one range of the action space, so a decision's actions come in runs of
        one kind, each valued together (a take's dominoes, a cover decision's options: one
        call of the C core each)."""
        space, values, start = self.game.space, [], 0
        actions = space.actions
        while start < len(legal):
            kind = space.kind_of(legal[start])
            end = bisect_left(legal, kind.offset + kind.size, start)
            numbered = _BY_NUMBER.get(kind.name)
            if numbered is not None:  # by the dozen or the hundred: numbers, no tuples made
                values += numbered(self, [index - kind.offset for index in legal[start:end]])
                start = end
                continue
            run = [actions[index].values for index in legal[start:end]]
            batch = _BATCHES.get(kind.name)
            if batch is not None:
                values += batch(self, run)
            else:
                one = _BY_KIND.get(kind.name, _Valuer._as_is)
                values += [one(self, action) for action in run]
            start = end
        return values

    # the values of a run of actions of one kind, from their values (see _BATCHES)

    def _takes(self, run: list[tuple[int, ...]]) -> list[float]:
        quarry = self.table.quarry
        dominoes = [quarry[slot] for (slot,) in run]
        self._value_dominoes(dominoes)
        best = []
        for domino in dominoes:  # max's default= would cost a keyword (hot path)
            values = self._placement_values(domino).values()
            best.append(max(values) if values else 0.0)
        return best

    def _places(self, placements: list[int]) -> list[float]:
        """The values of the ``placements`` of the domino in hand (a place action's index
        less the kind's offset is its placement number: the order of its fields)."""
        domino = self.table.in_hand
        known = self._placement_values(domino)
        found = [known.get(placement) for placement in placements]
        return [  # a house rule's own placement: alone
            self._place_and_value(domino, p) if value is None else value
            for p, value in zip(placements, found)  # noqa: B905 (hot path)
        ]

    def _covers(self, numbers: list[int]) -> list[float]:
        """The values of the cover options numbered ``numbers`` (a cover action's index
        less the kind's offset: ``(block * colours + colour) * 4 + quadrant``, the order of
        its fields), valued once per block and colour (:meth:`_value_covers`)."""
        if len(self.seat.cover_cards) <= COVERS_KEPT:
            return [float("-inf")] * len(numbers)
        # block and colour (number // 4): one of its options (the last; any values it)
        options = {number >> 2: number for number in numbers}
        covered = self._value_covers(options) if self.blind_extras else None
        if covered is None:
            return [self._cover_value(*self._cover_option(number)) for number in numbers]
        if self.extras is None:
            return [covered[number >> 2] for number in numbers]
        count, names = len(self.colours), self.colours
        extra = {
            colour: self._extra_with(self._cards_without(names[colour]))
            for colour in {(number >> 2) % count for number in numbers}
        }
        return [covered[number >> 2] + extra[(number >> 2) % count] for number in numbers]

    def _cover_option(self, number: int) -> tuple[int, int, int]:
        """The block, colour and quadrant of the cover option numbered ``number``."""
        block_no, colour = divmod(number >> 2, len(self.colours))
        return block_no, colour, number & 3

    # the value of one action of any other kind, from its values (see _BY_KIND)

    def _mark(self, values: tuple[int, ...]) -> float:
        pyramid = self.seat.pyramid
        x, y = self.seat.new_domino[values[0]]
        block = pyramid.block(pyramid.stage, x, y)
        assert block is not None
        return self._value(pyramid.board, {**self.seat.markers, block.colour: (x, y)}, self.seat.cover_cards)

    def _keep_covers(self, values: tuple[int, ...]) -> float:
        return self._as_is(values) + COVER_MIN_GAIN

    def _split(self, values: tuple[int, ...]) -> float:
        return self.table.pile_sizes[values[0]]

    def _fill(self, values: tuple[int, ...]) -> float:
        x, y = self.table.to_fill[0]
        board = _with_block(self.seat.pyramid, x, y, values[0], 1 << values[1])
        return self._value(board, self.seat.markers, self.seat.cover_cards)

    def _refill(self, values: tuple[int, ...]) -> float:
        return -values[0]

    def _as_is(self, values: tuple[int, ...]) -> float:
        """An action the bot does not know: the position as it is."""
        return self._value(self.seat.pyramid.board, self.seat.markers, self.seat.cover_cards)

    def _placement_values(self, domino: Domino | None) -> dict[int, float]:
        """The value of each legal placement of ``domino`` (by placement number), with the
        best mark it allows (marking is mandatory if the rules say so)."""
        assert domino is not None
        known = self.by_domino.get(domino.id)
        if known is None:
            self._value_dominoes([domino])
            known = self.by_domino[domino.id]
        return known

    def _value_dominoes(self, dominoes: list[Domino | None]) -> None:
        """:meth:`_placement_values` of the dominoes not valued yet, in one call of the C
        core when it can value them."""
        wanted = [d for d in dominoes if d is not None and d.id not in self.by_domino]
        if not wanted:
            return
        placements = rules_of(self.game).placements(self.game, self.player)
        weights = self.weights
        rows: list[list[float]] | None = None
        if self.blind_extras and weights is not None:
            rows = self._c_rows(wanted, placements, weights)
        elif self.blind_extras and self.marked_scores is not None:
            rows = self._marked_rows(wanted, placements)
        if rows is None:
            rows = [[self._place_and_value(d, p) for p in placements] for d in wanted]
        else:
            extra = self._extra_with(self.seat.cover_cards)
            if extra:
                rows = [[value + extra for value in row] for row in rows]
        for domino, row in zip(wanted, rows):  # noqa: B905 (hot path)
            self.by_domino[domino.id] = dict(zip(placements, row))  # noqa: B905 (hot path)

    def _c_decision(self, dominoes: list[Domino], placements: list[int]) -> tuple[Any, ...]:
        """The arguments of a take decision's call of the C core, but the weights: board,
        stage, dominoes, placements, markers, open colours and whether to mark."""
        pyramid = self.seat.pyramid
        return (
            pyramid.board,
            pyramid.stage - 1,
            [
                (block_byte(d.a.colour + 1, d.a.icons), block_byte(d.b.colour + 1, d.b.icons))
                for d in dominoes
            ],
            placements,
            *self._c_markers(self.seat.markers),
            bool(rules_of(self.game).marking_required(self.game, self.player)),
        )

    def _c_rows(
        self, dominoes: list[Domino], placements: list[int], weights: tuple[float, ...]
    ) -> list[list[float]]:
        """:func:`pyramido.geometry.core.dominoes_values` of ``dominoes``, the rows the bot
        has not worked out yet for the same arguments found in one call."""
        board, stage, pairs, _, cells, open_colours, must_mark = self._c_decision(dominoes, placements)
        linked = self.seat.pyramid.linked
        key = (
            board,
            stage,
            tuple(placements),
            tuple(sorted(cells.items())),
            open_colours,
            must_mark,
            weights,
            linked,
            self._base,
        )
        known = self.c_rows.setdefault(key, {})
        missing = list(dict.fromkeys(pair for pair in pairs if pair not in known))
        if missing:
            found = core.dominoes_values(
                board,
                stage,
                missing,
                placements,
                cells,
                open_colours,
                must_mark,
                weights,
                linked=linked,
                base=self._base,
            )
            known.update(zip(missing, found))  # noqa: B905 (hot path)
        return [known[pair] for pair in pairs]

    def _marked_rows(self, dominoes: list[Domino], placements: list[int]) -> list[list[float]] | None:
        """The values of each domino's ``placements`` from the records of their ways of
        marking (:func:`pyramido.geometry.core.dominoes_marks`); ``None`` when a hook reads
        more than a record says."""
        count = len(placements)
        decision = self._c_decision(dominoes, placements)
        marks = core.dominoes_marks(*decision, linked=self.seat.pyramid.linked, base=self._base)
        best = self._best_marked(marks, len(dominoes) * count)
        return None if best is None else [best[j * count : (j + 1) * count] for j in range(len(dominoes))]

    def _best_marked(self, marks: list[core.Marking], candidates: int) -> list[float] | None:
        """The value of each of ``candidates`` from the records of its ways of marking: the
        best of its ways' scores (each distinct record scored once by the hooks), open
        chances and tiling penalty, as :meth:`_value` and :meth:`_place_and_value` value a
        position; ``None`` when a hook reads more than a record says."""
        scores = self.marked_scores
        assert scores is not None
        known = scores.known
        best = [float("-inf")] * candidates
        try:
            for candidate, untileable, open_icons, marked in marks:
                points = known.get(marked)
                value = (scores(marked) if points is None else points) + OPEN_MARKER_WEIGHT * open_icons
                if untileable:
                    value -= UNTILEABLE_PENALTY
                if value > best[candidate]:
                    best[candidate] = value
        except Unrecorded:
            return None
        return best

    def _place_and_value(self, domino: Domino | None, placement: int) -> float:
        """:meth:`_placement_values` of one placement, through ``game.score``."""
        assert domino is not None
        pyramid = self.seat.pyramid
        rot = placement % 4
        board = bytearray(pyramid.board)
        marks: list[tuple[str, tuple[int, int]] | None] = []
        for (bx, by), block in zip(placement_blocks(placement), (domino.a, domino.b), strict=True):
            board[block_index(pyramid.stage - 1, bx, by)] = block_byte(
                block.colour + 1, rotate_icons(block.icons, rot)
            )
            colour = self.colours[block.colour]
            if block.icons and colour in self.seat.markers_in_hand:
                marks.append((colour, (bx, by)))
        if not marks or not rules_of(self.game).marking_required(self.game, self.player):
            marks.append(None)
        frozen, cards = bytes(board), self.seat.cover_cards
        best = max(
            self._value(frozen, self.seat.markers if m is None else {**self.seat.markers, m[0]: m[1]}, cards)
            for m in marks
        )
        return (
            best if core.can_tile(frozen, pyramid.stage - 1, base=self._base) else best - UNTILEABLE_PENALTY
        )

    def _value_covers(self, options: dict[int, int]) -> dict[int, float] | None:
        """The values of the cover options, by block and colour (``number // 4``), from the
        option of each (``options``), in one call of the C core: every cell of a block
        of the stage being built shows, so where its icon is does not change the areas.
        A colour whose marker is in hand must be marked on the card. Valued by the weights
        (:func:`pyramido.geometry.core.block_values`), else from records of marked areas
        (:func:`pyramido.geometry.core.block_marks`); ``None`` when neither can."""
        laid = []
        new_domino = self.seat.new_domino
        for number in options.values():
            block_no, colour, quadrant = self._cover_option(number)
            x, y = new_domino[block_no]
            laid.append((x, y, block_byte(colour + 1, 1 << quadrant)))
        pyramid = self.seat.pyramid
        decision = (
            pyramid.board,
            pyramid.stage - 1,
            laid,
            *self._c_markers(self.seat.markers),
            True,
        )
        values: list[float] | None = None
        if self.weights is not None:
            values = core.block_values(*decision, self.weights, linked=pyramid.linked)
        elif self.marked_scores is not None:
            values = self._best_marked(core.block_marks(*decision, linked=pyramid.linked), len(laid))
        return None if values is None else dict(zip(options, values))  # noqa: B905 (hot path)

    def _cover_value(self, block_no: int, colour: int, quadrant: int) -> float:
        x, y = self.seat.new_domino[block_no]
        board = _with_block(self.seat.pyramid, x, y, colour, 1 << quadrant)
        name = self.colours[colour]
        markers = dict(self.seat.markers)
        if name in self.seat.markers_in_hand:
            markers[name] = (x, y)
        return self._value(board, markers, self._cards_without(name))

    def _cards_without(self, colour: str) -> tuple[tuple[str, ...], ...]:
        """The unused cover cards after one with a ``colour`` side is laid (the first: the
        game spends that one)."""
        cards = list(self.seat.cover_cards)
        cards.remove(next(card for card in cards if colour in card))
        return tuple(cards)

    def _value(
        self, board: bytes, markers: Mapping[str, tuple[int, int]], cards: tuple[tuple[str, ...], ...]
    ) -> float:
        """The score if the game ended now (the ruleset's scoring), plus the open chances of
        the markers still in hand."""
        if self.weights is not None:
            cells, mask = self._c_markers(markers)
            value = core.position_value(board, cells, mask, self.weights, linked=self.seat.pyramid.linked)
            if self.extras is None:
                return value
            position = self._position(board, markers, cards)
            return value + self.extras(position, self._lines(position))
        position = self._position(board, markers, cards)
        pyramid = position.pyramid
        labels, number = pyramid.labels, self.colours.index
        marked: dict[int, int] = {}  # the label of each marked area: the mask of its markers
        for colour, xy in markers.items():
            label = labels[_cell(pyramid.stage, *xy)]
            if label != NO_AREA:
                marked[label] = marked.get(label, 0) | 1 << number(colour) + 1
        score = self._score(position, marked)
        open_numbers = {number(colour) for colour in set(self.seat.markers_in_hand) - set(markers)}
        best_open: dict[int, int] = {}
        for label, (shown, icons) in enumerate(zip(pyramid.area_colours, pyramid.area_icons, strict=True)):
            if shown in open_numbers and label not in marked:
                best_open[shown] = max(best_open.get(shown, 0), icons)
        return score + OPEN_MARKER_WEIGHT * sum(best_open.values())

    def _score(self, position: PyramidoPosition, marked: dict[int, int]) -> float:
        """The stage score of ``position`` as ``game.score`` gives it: from the record of
        its ``marked`` areas (label: mask of the markers' colours) while they alone score a
        stage (:class:`.marked_scores.MarkedScores`), the extra lines added, else through
        ``game.score``."""
        scores = self.marked_scores
        if scores is not None:
            pyramid = position.pyramid
            colours, icons = pyramid.area_colours, pyramid.area_icons
            record = tuple(
                field
                for label in sorted(marked)
                for field in (colours[label] + 1, icons[label], marked[label])
            )
            try:
                points = scores(record)
            except Unrecorded:
                pass
            else:
                extra = 0 if self.extras is None else self.extras(position, self._lines(position))
                return float(points + extra)
        return float(self.game.score(self.player, position).total)

    def _position(
        self, board: bytes, markers: Mapping[str, tuple[int, int]], cards: tuple[tuple[str, ...], ...]
    ) -> PyramidoPosition:
        """The position of the seat with ``board``, ``markers`` and unused ``cards``, as the
        game would score it if it ended now."""
        seat_pyramid = self.seat.pyramid
        pyramid = PyramidView(board, seat_pyramid.stage, seat_pyramid.colours, seat_pyramid.linked)
        return PyramidoPosition(pyramid, markers, cards, final=True)

    def _lines(self, position: PyramidoPosition) -> LazyBreakdown:
        """The lines of ``position``'s score before the extra ones, made if read."""
        return LazyBreakdown(partial(stage_lines, self.game, self.player, position))

    def _c_markers(self, markers: Mapping[str, tuple[int, int]]) -> tuple[dict[int, int], int]:
        """``markers`` as the C core takes them: colour number to the cell of its marker,
        and the mask of the colours (bit ``number + 1``) whose markers are still in hand.
        A game asks for few marker sets, many times: each is worked out once (the bot's
        ``_markers``), for its stage and the seat's markers in hand."""
        seat = self.seat
        key = (seat.pyramid.stage, seat.markers_in_hand, *markers.items())
        known = self.c_markers.get(key)
        if known is None:
            stage, number = seat.pyramid.stage - 1, self.colours.index
            cells = {number(colour) + 1: core.first_cell(stage, xy) for colour, xy in markers.items()}
            in_hand = set(seat.markers_in_hand) - set(markers)
            known = self.c_markers[key] = (
                {colour: cell for colour, cell in cells.items() if cell != NO_AREA},
                sum(1 << (number(colour) + 1) for colour in in_hand),
            )
        return known


_BATCHES: dict[str, Callable[[_Valuer, list[tuple[int, ...]]], list[float]]] = {
    "take": _Valuer._takes,
}

#: The values of a run of actions of one kind, from their numbers within the kind (an
#: action's index less the kind's offset): the kinds a decision offers by the dozen.
_BY_NUMBER: dict[str, Callable[[_Valuer, list[int]], list[float]]] = {
    "place": _Valuer._places,
    "cover": _Valuer._covers,
}

_BY_KIND: dict[str, Callable[[_Valuer, tuple[int, ...]], float]] = {
    "mark": _Valuer._mark,
    "keep_covers": _Valuer._keep_covers,
    "split": _Valuer._split,
    "fill": _Valuer._fill,
    "refill": _Valuer._refill,
}


#: The fields of a position (argument 0 of the extra lines' hook) that laying a domino or
#: a cover card changes on the board.
_BOARD_READS = frozenset({(0, "pyramid"), (0, "markers")})


def _c_weights(game: Game) -> tuple[float, float, float, float, float] | None:
    """The weights of :func:`pyramido.geometry.core.dominoes_values` that give this bot's values,
    when the stage score before extra lines is a linear one (``stage_weights``: the game
    plugin's, or with a house rule's Mino bonus of known weights); ``None`` otherwise."""
    linear = paths_of(game).stage_weights(game)
    if linear is None:
        return None
    per_icon, per_smallest_icon, per_largest_icon = linear
    return (
        float(per_icon),
        float(per_smallest_icon),
        OPEN_MARKER_WEIGHT,
        -UNTILEABLE_PENALTY,
        float(per_largest_icon),
    )


def _with_block(pyramid: PyramidView, x: int, y: int, colour: int, icons: int) -> bytes:
    board = bytearray(pyramid.board)
    board[block_index(pyramid.stage - 1, x, y)] = block_byte(colour + 1, icons)
    return bytes(board)


def _cell(stage: int, x: int, y: int) -> int:
    """The first quadrant cell (``cy * 18 + cx``) of block ``(x, y)`` of ``stage`` (1-4):
    where a marker on it stands."""
    return (2 * y + stage - 1) * CELLS + 2 * x + stage - 1
