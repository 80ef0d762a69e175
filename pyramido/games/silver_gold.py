"""Silver & Gold Pyramids (Phil Walker-Harding): the rules as printed, with the project's
rulings (RULINGS.md section 4).

The module follows the rulebook: setup (keep 2 of 4 pyramid cards, the offer of 4); rounds
of expedition cards, 7 of the 8 used; for each card every player marks at once, the shape
or one single cell, with the symbols acting as they are marked (crosses chain extra
marks); completed cards are set aside and replaced in card-number order; colour bonuses;
the end scoring and the tie-break. One player plays a score attack ([ruling]).

A card is a 5x5 grid, cell (x, y) is bit ``y * 5 + x`` of a 25-bit mask; shape placements
come from the C core in one call (:func:`pyramido.core.sg_placements`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import core
from ..actions import Action, ActionSpace, Field
from ..engine import Decision
from ..hookspecs import hookimpl
from ..shapes import SHAPE_TABLE, SHAPES, placement_id, placement_mask
from .shared import check_options, rank, run_step

if TYPE_CHECKING:
    from ..engine import Game
    from ..ruleset import Ruleset

GAME = "silver-gold-pyramids"
CELLS = 25
SLOTS = 2  # pyramid cards in front of a player
SYMBOLS = ("red", "green", "torch", "skull", "potion", "cross")
GRID_CHARS = {".": None, "E": None, "T": None, "#": "wall", "r": "red", "g": "green", "t": "torch",
              "s": "skull", "p": "potion", "x": "cross"}  # fmt: skip
KEEP_PAIRS = tuple(itertools.combinations(range(4), 2))
CARD_NUMBER_LIMIT = 10**6  # above every card number: ranks a player who completed none last in a tie
OFFER_SOURCES = ("deck", "offer 1", "offer 2", "offer 3", "offer 4")


# --- components -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A pyramid card: number, colour, walls, entrance, tomb and symbol cells as masks."""

    number: int
    colour: int
    walls: int
    entrance: int
    tomb: int
    symbols: dict[str, int]

    @classmethod
    def from_data(cls, data: dict[str, Any], colours: list[str]) -> Card:
        masks = {name: 0 for name in ("wall", *SYMBOLS)}
        entrance = tomb = -1
        for y, row in enumerate(data["rows"]):
            for x, char in enumerate(row):
                cell = y * 5 + x
                if char == "E":
                    entrance = cell
                elif char == "T":
                    tomb = cell
                elif (kind := GRID_CHARS[char]) is not None:
                    masks[kind] |= 1 << cell
        return cls(
            number=int(data["number"]),
            colour=colours.index(data["colour"]),
            walls=masks.pop("wall"),
            entrance=entrance,
            tomb=tomb,
            symbols=masks,
        )


FULL = (1 << CELLS) - 1
_LEFT_COLUMN = sum(1 << (5 * row) for row in range(5))
_RIGHT_COLUMN = _LEFT_COLUMN << 4


def steps_to(blocked: int, sources: int, goal: int) -> int | None:
    """Cells to mark from ``sources`` (not counted) to reach ``goal``, moving side by side
    around ``blocked`` cells; ``None`` if it cannot be reached. A bit-parallel BFS."""
    seen, steps = sources, 0
    while not seen >> goal & 1:
        grown = seen | seen << 5 | seen >> 5 | (seen & ~_RIGHT_COLUMN) << 1 | (seen & ~_LEFT_COLUMN) >> 1
        grown &= FULL & ~blocked
        if grown == seen:
            return None
        seen, steps = grown, steps + 1
    return steps


def load_cards(ruleset: Ruleset) -> dict[int, Card]:
    colours = ruleset.data["colours"]
    return {c["number"]: Card.from_data(c, colours) for c in ruleset.components["pyramid_cards"]}


def check_cards(cards: dict[int, Card]) -> list[str]:
    """Every card: the entrance in the top row, the tomb in the bottom row and reachable."""
    problems = []
    for number, card in sorted(cards.items()):
        if not 0 <= card.entrance < 5:
            problems.append(f"card {number}: the entrance must be in the top row")
        elif not 20 <= card.tomb < 25:
            problems.append(f"card {number}: the tomb must be in the bottom row")
        elif not core.sg_reachable(card.walls, card.entrance) >> card.tomb & 1:
            problems.append(f"card {number}: the tomb cannot be reached from the entrance")
    return problems


# --- state ----------------------------------------------------------------------------------


@dataclass
class ScoreCard:
    red: int = 0
    green: int = 0
    torches: list[bool] = field(default_factory=lambda: [False] * 4)
    skulls: list[bool] = field(default_factory=lambda: [False] * 10)
    bonuses: list[dict[str, Any]] = field(default_factory=list)
    completed: list[int] = field(default_factory=list)  # card numbers, in order


@dataclass
class Seat:
    hand: list[int] = field(default_factory=list)  # the 4 drawn at setup, until 2 are kept
    cards: list[int | None] = field(default_factory=lambda: [None, None])  # card number per slot
    marks: dict[int, int] = field(default_factory=dict)  # card number -> marked cells
    score: ScoreCard = field(default_factory=ScoreCard)
    crosses: int = 0  # extra single marks still owed by crosses
    done: bool = False  # has marked for the current expedition card
    completed_now: list[int] = field(default_factory=list)


@dataclass
class State:
    cards: dict[int, Card]
    deck: list[int]  # top is the last item
    offer: list[int | None]
    expeditions: list[str]  # this round's expedition deck, top last
    seats: list[Seat]
    bonuses: dict[int, list[int]]  # colour -> bonuses still to claim, best first
    round: int = 0
    used: int = 0  # expedition cards used this round
    revealed: str | None = None
    replacing: list[tuple[int, int]] = field(default_factory=list)  # (card number, player) queue
    public: list[dict[str, Any]] = field(default_factory=list)  # seats as others see them


# --- action space and checks ------------------------------------------------------------------


@hookimpl
def pyramido_action_space(ruleset: Ruleset) -> ActionSpace | None:
    if ruleset.game != GAME:
        return None
    placements = max(len(table) for table in SHAPE_TABLE.values())
    return ActionSpace(
        [
            ("keep", [Field("pair", len(KEEP_PAIRS), tuple(f"{a + 1}+{b + 1}" for a, b in KEEP_PAIRS))]),
            ("shape", [Field("card", SLOTS), Field("placement", placements)]),
            ("cell", [Field("card", SLOTS), Field("cell", CELLS)]),
            ("cross", [Field("card", SLOTS), Field("cell", CELLS)]),
            ("pass", []),
            ("replace", [Field("source", len(OFFER_SOURCES), OFFER_SOURCES)]),
        ]
    )


@hookimpl
def pyramido_check_ruleset(ruleset: Ruleset) -> list[tuple[str, str]] | None:
    if ruleset.game != GAME:
        return None
    problems: list[tuple[str, str]] = []
    colours = ruleset.data["colours"]
    numbers = [c["number"] for c in ruleset.components["pyramid_cards"]]
    if sorted(numbers) != sorted(set(numbers)):
        problems.append(("$.components.pyramid_cards", "card numbers must be unique"))
    for i, card in enumerate(ruleset.components["pyramid_cards"]):
        if card["colour"] not in colours:
            problems.append(
                (f"$.components.pyramid_cards[{i}].colour", f"{card['colour']!r} is not in colours")
            )
        if [row.count("E") for row in card["rows"]] != [1, 0, 0, 0, 0] or card["rows"][4].count("T") != 1:
            problems.append(
                (f"$.components.pyramid_cards[{i}].rows", "one E in the top row, one T in the bottom row")
            )
    for i, shape in enumerate(ruleset.components["expedition_cards"]):
        if shape not in SHAPE_TABLE:
            problems.append((f"$.components.expedition_cards[{i}]", f"unknown shape {shape!r}"))
    if not problems:
        problems += [("$.components.pyramid_cards", p) for p in check_cards(load_cards(ruleset))]
    return problems


# --- setup ----------------------------------------------------------------------------------


@hookimpl
def pyramido_setup(game: Game) -> State | None:
    """Shuffle; each player draws 4 pyramid cards and keeps 2 (all at once)."""
    if game.ruleset.game != GAME:
        return None
    check_options(game, ())
    cards = load_cards(game.ruleset)
    deck = sorted(cards)
    game.rng.shuffle(deck)
    colours = game.ruleset.colours
    state = State(
        cards=cards,
        deck=deck,
        offer=[],
        expeditions=[],
        seats=[Seat() for _ in range(game.num_players)],
        bonuses={c: list(game.ruleset.params["colour_bonuses"]) for c in range(len(colours))},
    )
    game.state = state
    for seat in state.seats:
        seat.hand = [deck.pop() for _ in range(4)]
    game.emit({"type": "setup", "deck": list(deck), "hands": [s.hand for s in state.seats]})
    _snapshot(game)
    game.decision = Decision("keep", tuple(range(game.num_players)), 1)
    return state


def _keep(game: Game, player: int, values: tuple[int, ...]) -> None:
    state: State = game.state
    seat = state.seats[player]
    kept = [seat.hand[i] for i in KEEP_PAIRS[values[0]]]
    returned = [c for c in seat.hand if c not in kept]
    seat.cards = list(kept)
    for card in kept:
        seat.marks[card] = 0
    seat.hand = []
    state.deck.extend(returned)
    game.emit({"type": "keep", "player": player, "cards": kept, "returned": returned})
    waiting = tuple(p for p, s in enumerate(state.seats) if s.hand)
    if waiting:
        game.decision = Decision("keep", waiting, 1)
        return
    game.rng.shuffle(state.deck)
    state.offer = [state.deck.pop() if state.deck else None for _ in range(4)]
    game.emit({"type": "offer", "deck": list(state.deck), "offer": list(state.offer)})
    _start_round(game)


def _start_round(game: Game) -> None:
    """Shuffle all 8 expedition cards; 7 of them will be revealed."""
    state: State = game.state
    state.expeditions = list(game.ruleset.components["expedition_cards"])
    game.rng.shuffle(state.expeditions)
    state.used = 0
    game.emit({"type": "round_start", "round": state.round + 1, "expeditions": list(state.expeditions)})
    _reveal(game)


def _reveal(game: Game) -> None:
    state: State = game.state
    state.revealed = state.expeditions.pop()
    game.emit(
        {"type": "expedition", "round": state.round + 1, "card": state.used + 1, "shape": state.revealed}
    )
    for seat in state.seats:
        seat.done = False
        seat.completed_now = []
    _snapshot(game)
    _ask_marks(game)


def _ask_marks(game: Game) -> None:
    waiting = tuple(p for p, s in enumerate(game.state.seats) if not s.done)
    if waiting:
        game.decision = Decision("mark", waiting, game.state.round + 1)
    else:
        _after_marking(game)


# --- legal actions ----------------------------------------------------------------------------


@hookimpl
def pyramido_legal_actions(game: Game, player: int) -> list[int] | None:
    if game.ruleset.game != GAME:
        return None
    state: State = game.state
    seat = state.seats[player]
    space = game.space
    assert game.decision is not None
    kind = game.decision.kind
    if kind == "keep":
        return [space.index("keep", i) for i in range(len(KEEP_PAIRS))]
    if kind == "replace":
        return [space.index("replace", s) for s in _replace_sources(state)]
    if seat.crosses:
        return [space.index("cross", slot, cell) for slot, cell in _single_cells(state, seat)]
    assert state.revealed is not None
    legal = [
        space.index("shape", slot, placement_id(state.revealed, mask))
        for slot, mask in _shape_marks(state, seat)
    ]
    legal += [space.index("cell", slot, cell) for slot, cell in _single_cells(state, seat)]
    return sorted(legal) or [space.index("pass")]  # [ruling] pass only when nothing can be marked


def _shape_marks(state: State, seat: Seat) -> list[tuple[int, int]]:
    assert state.revealed is not None
    shape = SHAPES[state.revealed]
    out = []
    for slot, number in enumerate(seat.cards):
        if number is not None:
            card = state.cards[number]
            out += [
                (slot, m) for m in core.sg_placements(card.walls, seat.marks[number], card.entrance, shape)
            ]
    return out


def _single_cells(state: State, seat: Seat) -> list[tuple[int, int]]:
    out = []
    for slot, number in enumerate(seat.cards):
        if number is not None:
            card = state.cards[number]
            mask = core.sg_single_cells(card.walls, seat.marks[number], card.entrance)
            out += [(slot, cell) for cell in range(CELLS) if mask >> cell & 1]
    return out


def _replace_sources(state: State) -> list[int]:
    return ([0] if state.deck else []) + [i + 1 for i, c in enumerate(state.offer) if c is not None]


@hookimpl
def pyramido_explain_illegal(game: Game, player: int, action: Action) -> str | None:
    if game.ruleset.game != GAME:
        return None
    state: State = game.state
    seat = state.seats[player]
    assert game.decision is not None
    kind = game.decision.kind
    allowed = {"mark": ("cross",) if seat.crosses else ("shape", "cell", "pass")}.get(kind, (kind,))
    if action.kind not in allowed:
        return f"the decision is {kind!r}: the action must be {' or '.join(allowed)}"
    if action.kind == "replace":
        return f"{OFFER_SOURCES[action.values[0]]} has no card to take"
    if action.kind == "pass":
        return "a player must mark something when anything can be marked"
    slot = action.values[0]
    number = seat.cards[slot]
    if number is None:
        return f"there is no pyramid card in slot {slot + 1}"
    card, marked = state.cards[number], seat.marks[number]
    if action.kind == "shape":
        assert state.revealed is not None
        if action.values[1] >= len(SHAPE_TABLE[state.revealed]):
            shape, placement = state.revealed, action.values[1]
            return f"the expedition card shows a {shape}: placement {placement} is not one of its"
        return _explain_cells(card, marked, placement_mask(state.revealed, action.values[1]))
    return _explain_cells(card, marked, 1 << action.values[1])


def _explain_cells(card: Card, marked: int, cells: int) -> str:
    if cells & card.walls:
        return "walls cannot be marked"
    if cells & marked:
        return "a cell can be marked only once"
    if not marked:
        return "the first mark on a card must cover its entrance"
    return "a mark must touch (side by side) a cell already marked"


# --- applying actions -------------------------------------------------------------------------


@hookimpl
def pyramido_apply(game: Game, player: int, action: int) -> bool | None:
    if game.ruleset.game != GAME:
        return None
    return run_step(game, player, action, STEPS)


def _mark_shape(game: Game, player: int, values: tuple[int, ...]) -> None:
    state: State = game.state
    assert state.revealed is not None
    _mark(game, player, values[0], placement_mask(state.revealed, values[1]), "shape")


def _mark_cell(game: Game, player: int, values: tuple[int, ...]) -> None:
    _mark(game, player, values[0], 1 << values[1], "cell")


def _mark_cross(game: Game, player: int, values: tuple[int, ...]) -> None:
    game.state.seats[player].crosses -= 1
    _mark(game, player, values[0], 1 << values[1], "cross")


def _pass(game: Game, player: int, values: tuple[int, ...]) -> None:
    seat: Seat = game.state.seats[player]
    seat.crosses = 0
    seat.done = True
    game.emit({"type": "pass", "player": player})
    _ask_marks(game)


def _mark(game: Game, player: int, slot: int, cells: int, how: str) -> None:
    """Mark cells on one card; each symbol acts as it is marked (skulls before potions)."""
    state: State = game.state
    seat = state.seats[player]
    number = seat.cards[slot]
    assert number is not None
    card = state.cards[number]
    seat.marks[number] |= cells
    score = seat.score
    found = {name: bin(cells & mask).count("1") for name, mask in card.symbols.items()}
    cap = game.ruleset.params["gem_cap"]
    score.red = min(cap, score.red + found["red"])
    score.green = min(cap, score.green + found["green"])
    torch = bool(found["torch"]) and not score.torches[state.round]
    if torch:
        score.torches[state.round] = True
    for _ in range(found["skull"]):  # [ruling] skulls are ticked before potions act
        if False in score.skulls:
            score.skulls[score.skulls.index(False)] = True
    for _ in range(found["potion"]):
        for _ in range(2):  # erase the 2 worst ticked skulls
            if True in score.skulls:
                score.skulls[9 - score.skulls[::-1].index(True)] = False
    seat.crosses += found["cross"]
    tomb = bool(cells >> card.tomb & 1)
    if tomb:
        seat.completed_now.append(number)
    game.emit(
        {
            "type": "mark",
            "player": player,
            "how": how,
            "card": number,
            "marked": [c for c in range(CELLS) if cells >> c & 1],
            "symbols": {k: v for k, v in found.items() if v},
            "torch_ticked": torch,
            "tomb": tomb,
        }
    )
    if seat.crosses and not _single_cells(state, seat):
        game.emit({"type": "cross_lost", "player": player, "count": seat.crosses})  # nowhere to mark
        seat.crosses = 0
    if not seat.crosses:
        seat.done = True
    _ask_marks(game)


# --- completed cards, bonuses, rounds ----------------------------------------------------------


def _after_marking(game: Game) -> None:
    """Completed cards are set aside and replaced in ascending card number."""
    state: State = game.state
    game.emit({"type": "marks_revealed", "round": state.round + 1, "card": state.used + 1})
    completed = sorted((n, p) for p, s in enumerate(state.seats) for n in s.completed_now)
    for number, player in completed:
        seat = state.seats[player]
        seat.cards[seat.cards.index(number)] = None
        seat.score.completed.append(number)
        colour = game.ruleset.colours[state.cards[number].colour]
        game.emit({"type": "card_completed", "player": player, "card": number, "colour": colour})
    state.replacing = completed
    _next_replacement(game)


def _next_replacement(game: Game) -> None:
    state: State = game.state
    while state.replacing:
        _, player = state.replacing[0]
        if _replace_sources(state):
            game.decision = Decision("replace", (player,), state.round + 1)
            return
        state.replacing.pop(0)  # with an empty deck and offer, play goes on without
    _claim_bonuses(game)


def _replace(game: Game, player: int, values: tuple[int, ...]) -> None:
    state: State = game.state
    number, _ = state.replacing.pop(0)
    (source,) = values
    new: int | None = state.deck.pop() if source == 0 else state.offer[source - 1]
    assert new is not None
    if source:
        state.offer[source - 1] = None
    seat = state.seats[player]
    seat.cards[seat.cards.index(None)] = new
    seat.marks[new] = 0
    refill = [i for i, c in enumerate(state.offer) if c is None and state.deck]
    for i in refill:  # the offer is refilled to 4 at the end of the player's action
        state.offer[i] = state.deck.pop() if state.deck else None
    game.emit({"type": "replace", "player": player, "completed": number, "source": OFFER_SOURCES[source],
               "card": new, "offer": list(state.offer)})  # fmt: skip
    _next_replacement(game)


def _claim_bonuses(game: Game) -> None:
    """The 2nd, 4th, 6th card of a colour claims the best bonus left of that colour;
    simultaneous claims go by ascending number of the card just completed."""
    state: State = game.state
    colours = game.ruleset.colours
    just = sorted((n, p) for p, s in enumerate(state.seats) for n in s.completed_now)
    for number, player in just:
        seat = state.seats[player]
        colour = state.cards[number].colour
        count = sum(1 for n in seat.score.completed if state.cards[n].colour == colour)
        if count in game.ruleset.params["bonus_at"] and state.bonuses[colour]:
            points = state.bonuses[colour].pop(0)
            seat.score.bonuses.append({"colour": colours[colour], "points": points, "card": number})
            game.emit(
                {
                    "type": "bonus",
                    "player": player,
                    "colour": colours[colour],
                    "points": points,
                    "card": number,
                }
            )
    _next_expedition(game)


def _next_expedition(game: Game) -> None:
    state: State = game.state
    state.used += 1
    if state.used < game.ruleset.params["expeditions_per_round"]:
        _reveal(game)
        return
    game.emit({"type": "round_end", "round": state.round + 1, "unused": list(state.expeditions)})
    state.round += 1
    if state.round < game.ruleset.params["rounds"]:
        _start_round(game)
        return
    for p in range(game.num_players):
        game.emit({"type": "final_score", "player": p, **game.rules.score_stage(game, p)})
    game.decision = None
    game.emit({"type": "game_over", "ranking": game.rules.ranking(game)})


STEPS = {
    "keep": _keep,
    "shape": _mark_shape,
    "cell": _mark_cell,
    "cross": _mark_cross,
    "pass": _pass,
    "replace": _replace,
}


# --- scoring ----------------------------------------------------------------------------------


@hookimpl
def pyramido_score_stage(game: Game, player: int) -> dict[str, Any] | None:
    """End scoring: torches, colour bonuses, gem pairs and singles, the worst skull,
    completed cards (unfinished cards score nothing)."""
    if game.ruleset.game != GAME:
        return None
    params = game.ruleset.params
    score: ScoreCard = game.state.seats[player].score
    pairs = min(score.red, score.green)
    singles = score.red + score.green - 2 * pairs
    torches = sum(score.torches)
    ticked = [i for i, t in enumerate(score.skulls) if t]
    worst = params["skull_track"][ticked[-1]] if ticked else 0
    cards = params["card_points"] * len(score.completed)
    lines = [
        {"what": "torches", "count": torches, "points": params["torch_points"] * torches},
        {
            "what": "colour bonuses",
            "bonuses": score.bonuses,
            "points": sum(b["points"] for b in score.bonuses),
        },
        {
            "what": "gem pairs",
            "red": score.red,
            "green": score.green,
            "points": params["gem_pair_points"] * pairs,
        },
        {"what": "single gems", "count": singles, "points": singles},
        {"what": "worst skull", "ticked": len(ticked), "points": worst},
        {"what": "completed cards", "cards": list(score.completed), "points": cards},
    ]
    return {"total": sum(line["points"] for line in lines), "lines": lines}


@hookimpl
def pyramido_next_start_player(game: Game, stage_scores: list[int | None]) -> int | None:
    if game.ruleset.game != GAME:
        return None
    return 0  # everybody plays at once: there is no start player


@hookimpl
def pyramido_ranking(game: Game) -> list[dict[str, Any]] | None:
    """Most points; a tie goes to the player who completed the lowest-numbered card."""
    if game.ruleset.game != GAME:
        return None
    keys: dict[Any, tuple[int, ...]] = {}
    rows: dict[Any, dict[str, Any]] = {}
    for p, seat in enumerate(game.state.seats):
        total = game.rules.score_stage(game, p)["total"]
        lowest = min(seat.score.completed, default=None)
        keys[p] = (-total, CARD_NUMBER_LIMIT if lowest is None else lowest)
        rows[p] = {"player": p, "score": total, "tiebreak": [] if lowest is None else [lowest]}
    return rank(keys, rows)


# --- observation ----------------------------------------------------------------------------


def _seat_json(seat: Seat) -> dict[str, Any]:
    score = seat.score
    return {
        "cards": [
            None
            if n is None
            else {"number": n, "marked": [c for c in range(CELLS) if seat.marks[n] >> c & 1]}
            for n in seat.cards
        ],
        "score_card": {
            "red": score.red,
            "green": score.green,
            "torches": list(score.torches),
            "skulls": sum(score.skulls),
            "bonuses": list(score.bonuses),
            "completed": list(score.completed),
        },
        "crosses_owed": seat.crosses,
    }


def _snapshot(game: Game) -> None:
    """What the others see while everybody decides at once: the seats as they were."""
    game.state.public = [_seat_json(s) for s in game.state.seats]


@hookimpl
def pyramido_observation(game: Game, player: int | None) -> dict[str, Any] | None:
    """The deck order, the cards others drew at setup and their pending marks stay hidden."""
    if game.ruleset.game != GAME:
        return None
    state: State = game.state
    decision = game.decision
    colours = game.ruleset.colours
    simultaneous = decision is not None and decision.kind in ("keep", "mark")
    players = []
    for p, seat in enumerate(state.seats):
        view = _seat_json(seat) if p == player or not simultaneous else dict(state.public[p])
        view["player"] = p
        view["hand"] = list(seat.hand) if p == player else len(seat.hand)
        players.append(view)
    shown = {c["number"] for p in players for c in p["cards"] if c}
    shown |= {n for p in players for n in p["score_card"]["completed"]}
    shown |= {n for n in state.offer if n is not None}
    if player is not None:
        shown |= set(state.seats[player].hand)
    return {
        "game": GAME,
        "ruleset": game.ruleset.id,
        "viewer": player,
        "stage": state.round + 1,
        "round": state.round + 1,
        "expedition": {"shape": state.revealed, "used_this_round": state.used},
        "decision": None if decision is None else {"kind": decision.kind, "players": list(decision.players)},
        "deck_size": len(state.deck),
        "offer": list(state.offer),
        "bonuses_left": {colours[c]: list(v) for c, v in state.bonuses.items()},
        "cards": {str(n): _card_json(state.cards[n], colours) for n in sorted(shown)},
        "players": players,
    }


def _card_json(card: Card, colours: list[str]) -> dict[str, Any]:
    return {
        "number": card.number,
        "colour": colours[card.colour],
        "walls": [c for c in range(CELLS) if card.walls >> c & 1],
        "entrance": card.entrance,
        "tomb": card.tomb,
        "symbols": {
            name: [c for c in range(CELLS) if mask >> c & 1] for name, mask in card.symbols.items() if mask
        },
    }
