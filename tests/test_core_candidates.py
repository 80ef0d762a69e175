"""Candidate positions valued in one call (``placement_values``, ``position_value``, and
a whole decision's: ``dominoes_values``, ``block_values``, and its ways of marking as
records: ``dominoes_marks``, ``block_marks``).

The C core and the reference agree on reachable boards with legal placements and on any
arguments at all (same values, or the same error with the same message); and the greedy
Pyramido bot, which values positions through them when the game plugin alone scores a
stage, plays exactly the moves it plays through ``game.score`` (the path a house rule that
scores sends it down).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_core_differential import SETTINGS, agree, arbitrary_boards, random_board, reachable_boards

from pyramido.bots import make_bot, play_out
from pyramido.engine.game import Game
from pyramido.engine.ruleset import load_ruleset
from pyramido.games.pyramido.bot import _Kept, _Valuer
from pyramido.games.pyramido.hooks import paths_of
from pyramido.geometry import core
from pyramido.geometry.board import BOARD_SIZE

NO_OP_SCORING = """
from pyramido.plugin import PluginInfo, hookimpl

@hookimpl
def pyramido_plugin_info():
    return PluginInfo("no-own-score", ("pyramido",), "leaves a stage's score to the game")

@hookimpl
def pyramido_score_stage(game, player, position):
    return None
"""

block_bytes = st.integers(1, 7).flatmap(
    lambda colour: st.integers(0, 15).map(lambda icons: colour | icons << 4)
)
marker_sets = st.dictionaries(st.integers(1, 7), st.integers(0, 18 * 18 - 1), max_size=7)
open_masks = st.integers(0, 127).map(lambda bits: bits << 1)
flags = st.booleans()
weights = st.tuples(*[st.floats(-1e6, 1e6, allow_nan=False)] * core.VALUE_WEIGHTS)


def _top_stage(board: bytes) -> int:
    return max((s for s in range(4) if any(board[s * 81 : s * 81 + 81])), default=0)


@settings(max_examples=400, **SETTINGS)
@given(
    reachable_boards, block_bytes, block_bytes, marker_sets, open_masks, st.booleans(), weights, st.booleans()
)
def test_legal_placements_agree(
    board: bytes, a: int, b: int, markers: Any, open_colours: int, must: bool, w: Any, linked: bool
) -> None:
    stage = _top_stage(board)
    placements = core.placements(board, stage)
    agree("placement_values", board, stage, a, b, placements, markers, open_colours, must, w, linked=linked)
    agree("position_value", board, markers, open_colours, w, linked=linked)


dominoes = st.lists(st.tuples(block_bytes, block_bytes), min_size=1, max_size=3)
spaces = st.tuples(st.integers(0, 8), st.integers(0, 8))
blocks = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), block_bytes), max_size=6)


@settings(max_examples=200, **SETTINGS)
@given(reachable_boards, dominoes, marker_sets, open_masks, st.booleans(), weights, st.booleans())
def test_a_decision_in_one_call_agrees(
    board: bytes, pairs: Any, markers: Any, open_colours: int, must: bool, w: Any, linked: bool
) -> None:
    """Every domino's values are its ``placement_values``; a block laid on any space (empty
    or not) agrees with the reference."""
    stage = _top_stage(board)
    placements = core.placements(board, stage)
    got = agree(
        "dominoes_values", board, stage, pairs, placements, markers, open_colours, must, w, linked=linked
    )
    if got[0] == "ok":
        assert got[2] == [
            core.placement_values(
                board, stage, a, b, placements, markers, open_colours, must, w, linked=linked
            )
            for a, b in pairs
        ]
    marks = agree(
        "dominoes_marks", board, stage, pairs, placements, markers, open_colours, must, linked=linked
    )
    if got[0] == "ok":
        assert marks[0] == "ok"
        assert _values_of_marks(marks[2], len(pairs), len(placements), w) == got[2]
    cover = [
        (x, y, byte) for (x, y), byte in zip(core_spaces(board, stage), (0x17, 0x26, 0x41), strict=False)
    ]
    values = agree("block_values", board, stage, cover, markers, open_colours, must, w, linked=linked)
    marks = agree("block_marks", board, stage, cover, markers, open_colours, must, linked=linked)
    if values[0] == "ok":
        assert marks[0] == "ok"
        assert _values_of_marks(marks[2], 1, len(cover), w) == [values[2]]


@settings(max_examples=300, **SETTINGS)
@given(arbitrary_boards, st.integers(0, 3), dominoes, marker_sets, open_masks, st.booleans(), st.booleans())
def test_marks_on_arbitrary_boards_agree(
    board: bytes, stage: int, pairs: Any, markers: Any, open_colours: int, must: bool, linked: bool
) -> None:
    """Any well-formed or malformed board, any stage: the legal placements when there are
    some (the same records), else a few placements (the same error)."""
    try:
        placements = core.placements(board, stage)
    except core.CoreError:
        placements = [0, 161, 322]
    agree("dominoes_marks", board, stage, pairs, placements, markers, open_colours, must, linked=linked)
    cover = [
        (x, y, byte) for (x, y), byte in zip(core_spaces(board, stage), (0x17, 0x26, 0x41), strict=False)
    ]
    agree("block_marks", board, stage, cover, markers, open_colours, must, linked=linked)


def _values_of_marks(marks: list[core.Marking], m: int, n: int, w: Any) -> list[list[float]]:
    """``dominoes_values`` worked out from the records of ``dominoes_marks``: the linear
    value of each way, the best of each candidate's ways."""
    best: dict[int, float] = {}
    for mark in marks:
        icons = mark.marked[1::3]
        value = w[0] * sum(icons) + w[1] * min(icons, default=0) + w[2] * mark.open_icons
        value += w[4] * max(icons, default=0)
        value += w[3] if mark.untileable else 0.0
        best[mark.candidate] = max(best.get(mark.candidate, value), value)
    return [[best[j * n + k] for k in range(n)] for j in range(m)]


def test_many_decisions_agree() -> None:
    """The C relabels each candidate only around its new blocks (the areas it covers or
    joins): many reachable boards, every placement of two dominoes and blocks laid on
    filled spaces, with markers and open colours, against the reference's whole labelling."""
    rng = random.Random(5)
    for _ in range(300):
        board = random_board(random.Random(rng.randrange(2**64)))
        stage = _top_stage(board)
        placements = core.placements(board, stage)
        pairs = [(rng.randint(1, 7) | rng.randrange(16) << 4, rng.randint(1, 7) | rng.randrange(16) << 4)]
        markers = {c: rng.randrange(18 * 18) for c in rng.sample(range(1, 8), rng.randint(0, 4))}
        open_colours, must, w = rng.randrange(128) << 1, rng.random() < 0.5, (1.0, 1.0, 0.5, -12.0, 0.0)
        for linked in (False, True):
            agree(
                "dominoes_values",
                board,
                stage,
                pairs,
                placements,
                markers,
                open_colours,
                must,
                w,
                linked=linked,
            )
            agree(
                "dominoes_marks", board, stage, pairs, placements, markers, open_colours, must, linked=linked
            )
            filled = [(k % 9, k // 9) for k in range(81) if board[stage * 81 + k]]
            laid = [(x, y, rng.randint(1, 7) | 1 << rng.randrange(4) << 4) for x, y in filled[-4:]]
            agree("block_values", board, stage, laid, markers, open_colours, True, w, linked=linked)
            agree("block_marks", board, stage, laid, markers, open_colours, True, linked=linked)


def core_spaces(board: bytes, stage: int) -> list[tuple[int, int]]:
    """A few filled spaces of the stage, then empty ones (where cover cards and fills go)."""
    filled = [(i % 9, i // 9) for i in range(81) if board[stage * 81 + i]]
    empty = [(i % 9, i // 9) for i in range(81) if not board[stage * 81 + i]]
    return filled[-2:] + empty[:1]


hashable = st.one_of(st.none(), st.booleans(), st.integers(-2, 400), st.floats(), st.text(max_size=2))
anything = st.one_of(hashable, st.just([1, 2]))


@settings(max_examples=600, **SETTINGS)
@given(
    st.one_of(reachable_boards, st.binary(min_size=BOARD_SIZE, max_size=BOARD_SIZE), anything),
    st.one_of(st.integers(-1, 4), anything),
    st.one_of(block_bytes, st.integers(-1, 300), anything),
    st.one_of(block_bytes, anything),
    st.one_of(st.lists(st.integers(0, 330), max_size=6), st.lists(anything, max_size=2), anything),
    st.one_of(marker_sets, st.dictionaries(hashable, anything, max_size=2), anything),
    st.one_of(open_masks, st.integers(-3, 600), anything),
    st.one_of(st.booleans(), anything),
    st.one_of(weights, st.tuples(*[anything] * core.VALUE_WEIGHTS), anything),
    st.one_of(st.booleans(), anything),
)
def test_any_arguments_agree(
    board: Any,
    stage: Any,
    a: Any,
    b: Any,
    placements: Any,
    markers: Any,
    open_colours: Any,
    must: Any,
    w: Any,
    linked: Any,
) -> None:
    agree("placement_values", board, stage, a, b, placements, markers, open_colours, must, w, linked=linked)
    agree("position_value", board, markers, open_colours, w, linked=linked)


@settings(max_examples=300, **SETTINGS)
@given(
    st.one_of(reachable_boards, st.binary(min_size=BOARD_SIZE, max_size=BOARD_SIZE), anything),
    st.one_of(st.integers(-1, 4), anything),
    st.one_of(dominoes, st.lists(st.tuples(st.integers(-1, 300), anything), max_size=2), anything),
    st.one_of(
        blocks,
        st.lists(st.tuples(st.integers(-1, 9), st.integers(-1, 9), st.integers(-1, 300)), max_size=2),
        anything,
    ),
    st.one_of(st.lists(st.integers(0, 330), max_size=6), anything),
    st.one_of(marker_sets, st.dictionaries(hashable, anything, max_size=2), anything),
    st.one_of(open_masks, st.integers(-3, 600), anything),
    st.one_of(st.booleans(), anything),
    st.one_of(weights, anything),
    st.one_of(st.booleans(), anything),
)
def test_a_decision_with_any_arguments_agrees(
    board: Any,
    stage: Any,
    pairs: Any,
    laid: Any,
    placements: Any,
    markers: Any,
    open_colours: Any,
    must: Any,
    w: Any,
    linked: Any,
) -> None:
    agree("dominoes_values", board, stage, pairs, placements, markers, open_colours, must, w, linked=linked)
    agree("dominoes_marks", board, stage, pairs, placements, markers, open_colours, must, linked=linked)
    agree("block_values", board, stage, laid, markers, open_colours, must, w, linked=linked)
    agree("block_marks", board, stage, laid, markers, open_colours, must, linked=linked)


def test_errors_name_what_is_wrong() -> None:
    board = bytes(BOARD_SIZE)
    first = core.placements(board, 0)
    good = (board, 0, 0x11, 0x02, first, {}, 0b110, True, (1.0, 1.0, 0.5, -12.0, 0.0))
    assert core.placement_values(*good) == [2.0] * 4
    cases = {
        "block a 0x10 is not a coloured block byte": (0x10, 0x02),
        "block b 0x0a is not a coloured block byte": (0x11, 0x0A),
    }
    for message, (a, b) in cases.items():
        try:
            core.placement_values(board, 0, a, b, first, {}, 0, False, (1.0, 1.0, 0.5, -12.0, 0.0))
        except core.CoreError as error:
            assert message in str(error)
        else:
            raise AssertionError(message)
    for args, message in [
        ((board, 0, 0x11, 0x02, [4 * 4 * 9 * 4], {}, 0, False, good[8]), "placement 576 is not in 0..323"),
        ((board, 0, 0x11, 0x02, [(4 * 9 + 8) * 4], {}, 0, False, good[8]), "off the lattice at (9, 4)"),
        ((board, 0, 0x11, 0x02, first, {8: 0}, 0, False, good[8]), "marker colour 8 is not an int in 1..7"),
        ((board, 0, 0x11, 0x02, first, {1: 324}, 0, False, good[8]), "the cell 324 of marker 1"),
        ((board, 0, 0x11, 0x02, first, {}, 1, False, good[8]), "open colours 1 are not a mask"),
        ((board, 0, 0x11, 0x02, first, {}, 0, 1, good[8]), "must_mark 1 is not a bool"),
        ((board, 0, 0x11, 0x02, first, {}, 0, False, (1.0, float("nan"), 0.0, 0.0, 0.0)), "5 finite numbers"),
        ((board, 1, 0x11, 0x02, first, {}, 0, False, good[8]), "stage has no box"),
    ]:
        try:
            core.placement_values(*args)
        except core.CoreError as error:
            assert message in str(error), (message, str(error))
        else:
            raise AssertionError(message)


def _stage_weights(game: Game) -> Any:
    return paths_of(game).stage_weights(game)


def _moves(ruleset: Any, seed: int, players: int) -> list[tuple[int, int]]:
    game = Game(ruleset, players, seed)
    play_out(game, [make_bot("greedy", p, game.ruleset) for p in range(players)])
    return [(step["player"], step["index"]) for step in game.steps]


@pytest.mark.parametrize(
    ("ruleset", "linear"),
    [
        ("pyramido", (1, 1, 0)),
        ("pyramido-no-mino", (1, 0, 0)),
        ("pyramido-literal-areas", (1, 1, 0)),  # areas linked through supports: the C's mode
        ("pyramido-optional-marking", (1, 1, 0)),  # marking is no scoring hook
        ("pyramido-largest-mino", (1, 0, 1)),  # its Mino bonus's fast form: the largest area
    ],
)
def test_greedy_plays_the_same_moves_through_game_score(tmp_path: Path, ruleset: str, linear: Any) -> None:
    """A house rule that implements ``pyramido_score_stage`` (answering nothing) may score
    anything: the bot then values every position through ``game.score``, and must choose
    as through C (its weights)."""
    plugin = tmp_path / "no_extra_points.py"
    plugin.write_text(NO_OP_SCORING, encoding="utf-8")
    through_c = load_ruleset(ruleset)
    through_hooks = load_ruleset(ruleset, extra_plugins=(str(plugin),))
    assert _stage_weights(Game(through_c, 2, 0)) == linear
    assert _stage_weights(Game(through_hooks, 2, 0)) is None
    assert paths_of(Game(through_hooks, 2, 0)).marked_points is None
    for seed, players in [(1, 2), (2, 3), (3, 4)]:
        assert _moves(through_c, seed, players) == _moves(through_hooks, seed, players)


def test_a_scoring_house_rule_is_asked(tmp_path: Path) -> None:
    """A plugin that gives the Mino bonus with no fast form of it turns the C valuation
    off, and the records of marked areas on: the bonus asked of the hook, the areas
    scored by their weight."""
    game = Game(_reading_mino(tmp_path, "0"), 2, 0)
    paths = paths_of(game)
    assert _stage_weights(game) is None
    assert paths.marked_points is not None
    assert paths.area_weight(game) == 1
    assert paths.mino_weights(game) is None


def test_a_mino_bonus_answered_first_keeps_its_fast_form(tmp_path: Path) -> None:
    """``pyramido-largest-mino`` answers the Mino bonus before the game (a ``firstresult``
    hook) and registers its fast form: the C valuation is kept. A plugin answering the
    bonus before it sends the name back to the hook."""
    game = Game("pyramido-largest-mino", 2, 0)
    assert "mino_weights" in game.rules.paths.printed
    assert paths_of(game).mino_weights(game) == (0, 1)
    _reading_mino(tmp_path, "0")
    after = load_ruleset("pyramido-largest-mino", extra_plugins=(str(tmp_path / "reading_mino.py"),))
    assert "mino_weights" not in after.rules.paths.printed
    assert _stage_weights(Game(after, 2, 0)) is None


def test_greedy_values_from_marked_records_are_game_scores(tmp_path: Path) -> None:
    """Under a house rule that gives the Mino bonus (no fast form of it), the greedy bot
    values each take and cover decision from the C core's records of marked areas, the
    hook asked once per record: at every such decision of a few games, exactly the values
    it gives through ``game.score``."""
    ruleset = _reading_mino(tmp_path, "0")
    checked = {"take": 0, "cover": 0}
    for seed in range(2):
        game = Game(ruleset, 4, seed)
        bots = [make_bot("greedy", p, ruleset) for p in range(4)]
        while game.decision is not None:
            for player in game.decision.players:
                legal = game.legal_indices(player)
                if game.decision.kind in checked and len(legal) > 1:
                    through_records = _Valuer(game, player, _kept_for(game))
                    through_score = _Valuer(game, player, _kept_for(game))
                    through_score.__dict__["marked_scores"] = None  # its cached attribute
                    assert through_records.values(legal) == through_score.values(legal)
                    assert through_records.marked_scores is not None and through_records.marked_scores.known
                    checked[game.decision.kind] += 1
                game.apply_index(bots[player].choose(game, player), player)
    assert all(checked.values()), checked


def _kept_for(game: Game) -> _Kept:
    """A new bot's kept values, for ``game``'s ruleset."""
    kept = _Kept()
    kept.follow(game)
    return kept


def _reading_mino(tmp_path: Path, read: str) -> Any:
    """Pyramido with :data:`READING_MINO`'s bonus, reading ``read`` (no fast form of it)."""
    plugin = tmp_path / "reading_mino.py"
    plugin.write_text(READING_MINO.replace("READ", read), encoding="utf-8")
    return load_ruleset("pyramido", extra_plugins=(str(plugin),))


READING_MINO = """
from pyramido.plugin import PluginInfo, ScoreLine, hookimpl

@hookimpl
def pyramido_plugin_info():
    return PluginInfo("reading-mino", ("pyramido",), "a Mino bonus that reads more")

@hookimpl
def pyramido_mino_bonus(game, player, marked):
    if not marked:
        return []
    largest = max(marked, key=lambda area: area.icons)
    points = largest.icons + READ
    return [ScoreLine("mino_bonus", "Mino bonus", points, {})]
"""


@pytest.mark.parametrize(
    "read",
    [
        "0",  # the areas' icons alone: kept from decision to decision
        "len(game.state.seats[player].covers_left)",  # the game as it stands: kept for one decision
        "len(largest.cells) % 2",  # what a record does not say: through game.score
    ],
)
def test_a_mino_bonus_reading_more_is_played_exactly(tmp_path: Path, read: str) -> None:
    """Whatever a house rule's Mino bonus reads, the greedy bot chooses as through
    ``game.score``."""
    through_records = _reading_mino(tmp_path, read)
    no_own_score = tmp_path / "no_own_score.py"
    no_own_score.write_text(NO_OP_SCORING, encoding="utf-8")
    plugin = tmp_path / "reading_mino.py"
    through_score = load_ruleset("pyramido", extra_plugins=(str(plugin), str(no_own_score)))
    assert paths_of(Game(through_records, 2, 0)).marked_points is not None
    for seed, players in [(1, 2), (2, 4)]:
        assert _moves(through_records, seed, players) == _moves(through_score, seed, players)
