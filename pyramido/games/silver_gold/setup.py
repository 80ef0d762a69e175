"""Silver & Gold's declaration and setup: what the plugin is, its action space, what a
ruleset must hold, and the deal (docs/rules.md §4.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.actions import ActionSpace, Field
from ...engine.hookspecs import hookimpl
from ...engine.plugin_info import PluginInfo
from ...errors import brief
from ..shared import check_options, declare_game
from . import hookspecs
from .cards import check_cards, load_cards, ruleset_cards
from .flow import OPENING
from .hooks import rules_of
from .keeping import keep_choices
from .shapes import SHAPE_TABLE
from .state import GAME, Seat, State, offer_sources
from .views import CELLS, ScoreCard

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.ruleset import Ruleset

CARD_NUMBER_LIMIT = 10**6  # card numbers are below it
#: The longest printed game: 4 players keep, then 28 expedition cards, each marked with up
#: to 25 cells and replacing up to 2 cards.
MAX_DECISIONS = 4 + 28 * 4 * (25 + 2)


def SLOTS(ruleset: Ruleset) -> int:  # the name the CLI imported when it was a constant
    """The pyramid cards in front of each player: the cards kept at setup (2 as printed)."""
    return int(rules_of(ruleset).draw_keep(ruleset).keep)


@hookimpl
def pyramido_plugin_info() -> PluginInfo:
    return declare_game(
        "silver-gold-pyramids-rules",
        "Silver & Gold Pyramids as printed, and a solo score attack (docs/rules.md §4).",
        id=GAME,
        name="Silver & Gold Pyramids",
        min_players=1,
        max_players=4,
        simultaneous=True,  # keeping cards, every marking
        hidden_information=True,  # the deck, the cards drawn, the marks being made
        chance=True,
        max_decisions=MAX_DECISIONS,
        hookspecs=(hookspecs,),
    )


@hookimpl
def pyramido_action_space(ruleset: Ruleset) -> ActionSpace:
    """The ``card`` fields have a value per card kept, the ``pair`` field per way to keep
    them (its name is the printed game's, who keeps a pair); the ``source`` field per
    place a replacement may come from (the deck and ``offer_size`` slots)."""
    draw, keep = rules_of(ruleset).draw_keep(ruleset)
    choices = keep_choices(draw, keep)
    labels = tuple("+".join(str(position + 1) for position in choice) for choice in choices)
    placements = max(len(table) for table in SHAPE_TABLE.values())
    sources = offer_sources(ruleset.params["offer_size"])
    return ActionSpace(
        [
            ("keep", [Field("pair", len(choices), labels)]),
            ("shape", [Field("card", keep), Field("placement", placements)]),
            ("cell", [Field("card", keep), Field("cell", CELLS)]),
            ("cross", [Field("card", keep), Field("cell", CELLS)]),
            ("pass", []),
            ("replace", [Field("source", len(sources), sources)]),
        ]
    )


@hookimpl
def pyramido_check_ruleset(ruleset: Ruleset) -> list[tuple[str, str]]:
    """The cards (unique numbers below :data:`CARD_NUMBER_LIMIT`, colours, entrance and tomb,
    shapes) and every count the rounds rely on."""
    problems: list[tuple[str, str]] = []
    colours = ruleset.colours
    cards = ruleset.components["pyramid_cards"]
    numbers = [c["number"] for c in cards]
    if sorted(numbers) != sorted(set(numbers)):
        problems.append(("$.components.pyramid_cards", "card numbers must be unique"))
    for i, card in enumerate(cards):
        where = f"$.components.pyramid_cards[{i}]"
        if card["number"] >= CARD_NUMBER_LIMIT:
            problems.append((f"{where}.number", f"card numbers are below {CARD_NUMBER_LIMIT}"))
        if card["colour"] not in colours:
            problems.append((f"{where}.colour", f"{brief(card['colour'])} is not in colours"))
        if [row.count("E") for row in card["rows"]] != [1, 0, 0, 0, 0] or card["rows"][4].count("T") != 1:
            problems.append((f"{where}.rows", "one E in the top row, one T in the bottom row"))
    for i, shape in enumerate(ruleset.components["expedition_cards"]):
        if shape not in SHAPE_TABLE:
            problems.append((f"$.components.expedition_cards[{i}]", f"unknown shape {brief(shape)}"))
    problems += _count_problems(ruleset)
    if not problems:
        problems += [("$.components.pyramid_cards", p) for p in check_cards(load_cards(ruleset))]
    return problems


def _count_problems(ruleset: Ruleset) -> list[tuple[str, str]]:
    """What setup and the rounds take: ``draw`` cards a player to deal, then the offer once
    each kept theirs; an expedition card a turn from the round's deck."""
    params, components = ruleset.params, ruleset.components
    players = ruleset.data["players"]["max"]
    draw, keep = rules_of(ruleset).draw_keep(ruleset)
    problems = []
    if keep > draw:
        problems.append(("$.rules.keep", f"a player keeps {keep} of the {draw} cards drawn"))
    offer = params["offer_size"]
    needed = max(draw * players, keep * players + offer)
    if len(components["pyramid_cards"]) < needed:
        problems.append(
            (
                "$.components.pyramid_cards",
                f"{players} players need {needed} cards ({draw} each, then an offer of {offer})",
            )
        )
    if params["expeditions_per_round"] > len(components["expedition_cards"]):
        problems.append(
            (
                "$.rules.expeditions_per_round",
                f"more than the {len(components['expedition_cards'])} expedition cards a round shuffles",
            )
        )
    return problems


@hookimpl
def pyramido_setup(game: Game) -> State:
    """Shuffle; each player draws ``draw`` pyramid cards (``pyramido_draw_keep``) and keeps
    ``keep`` of them, all at once."""
    check_options(game, ())
    params = game.ruleset.params
    cards = dict(ruleset_cards(game.ruleset))
    deck = sorted(cards)
    game.rng.shuffle(deck)
    draw, keep = rules_of(game).draw_keep(game.ruleset)
    score_card = ScoreCard(torches=(0,) * params["rounds"])
    state = State(
        cards=cards,
        deck=deck,
        offer=[],
        expeditions=[],
        seats=[
            Seat([None] * keep, score=score_card, shown_score=score_card) for _ in range(game.num_players)
        ],
        bonuses={colour: list(params["colour_bonuses"]) for colour in game.ruleset.colours},
    )
    game.state = state
    for seat in state.seats:
        seat.hand = [deck.pop() for _ in range(draw)]
    game.emit({"type": "deal", "deck": list(deck), "hands": [s.hand for s in state.seats]}, seen_by=())
    game.emit({"type": "setup", "deck_size": len(deck), "drawn": draw})
    for player, seat in enumerate(state.seats):
        game.emit({"type": "hand", "player": player, "cards": list(seat.hand)}, seen_by=(player,))
    OPENING.start(game, state, 0)  # everybody keeps at once: no seat's turn
    return state
