"""The only input of every picture: a :class:`View` (one seat's observation, the ruleset's
colours and rules, the events the seat has watched happen), and the :class:`Look` of its
game; and the :class:`Shorthand` a person types in its game instead of a choice's number.
Each game's plugin registers its look and its shorthand (``pyramido_register_looks``,
``pyramido_register_shorthands``), so that the front ends hold no game of their own.

No picture reads a game's state, so a seat is shown only what the rules let it see: its
observation, and the events of its feed (``Game.events_for``, where each game says who
sees what: never a shuffled pile, nor the marks the others are still making).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from rich.console import RenderableType

from ..errors import PyramidoError

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.ruleset import Ruleset

Json = Mapping[str, Any]

LEGEND: Final = "legend"  # the solo opponent's name in events and rankings


def who(player: int | str, viewer: int | None = None) -> str:
    """How a player is named: ``player 2``, ``player 0 (you)``, ``the Legend``."""
    if player == LEGEND:
        return "the Legend"
    return f"player {player}" + (" (you)" if player == viewer else "")


@dataclass(frozen=True)
class View:
    """What one seat (or a spectator) may see: the only input of every picture.

    ``events`` are those the seat has watched happen, in order (its feed:
    ``Game.events_for``); ``latest`` are those of them that the last step brought.
    ``choices`` are the seat's legal actions (JSON) when a page draws them to be clicked
    on the board (``pyramido.svg.choices``), none otherwise; ``names`` are the players'
    names as a table calls them (none: ``player 0``...).
    """

    observation: Json
    colours: tuple[str, ...]
    rules: Json = field(default_factory=dict)
    events: tuple[Json, ...] = ()
    latest: tuple[Json, ...] = ()
    registered_look: Look | None = None  # the game's, as its plugin registered it
    registered_scene: Any = None  # the game's SVG picture (a pyramido.svg.Scene), likewise
    choices: tuple[Json, ...] = ()
    names: tuple[str, ...] = ()

    @classmethod
    def of(
        cls, game: Game, seat: int | None, *, choices: Sequence[Json] = (), names: Sequence[str] = ()
    ) -> View:
        """``seat``'s view (``None``: a spectator's), the one place pictures meet a game;
        ``choices`` and ``names`` as the fields say."""
        observation = game.observation(seat)
        events = tuple(game.events_for(seat))
        last = {id(event) for event in game.steps[-1]["events"]} if game.steps else set()
        latest = tuple(event for event in events if id(event) in last)
        colours = tuple(game.ruleset.data["colours"])
        look, scene = pictures(game.ruleset)
        return cls(
            observation,
            colours,
            game.ruleset.params,
            events,
            latest,
            look,
            scene,
            tuple(choices),
            tuple(names),
        )

    @property
    def look(self) -> Look:
        """The game's :class:`Look` (``pyramido_register_looks``)."""
        if self.registered_look is None:
            raise PyramidoError(
                f"no plugin registers a terminal look for the game {self.observation['game']!r}"
            )
        return self.registered_look

    @property
    def kind(self) -> str | None:
        """The decision being taken, if the game is not over."""
        decision = self.observation["decision"]
        return None if decision is None else str(decision["kind"])

    @property
    def legend(self) -> Json | None:
        """Solo: the Legend, the automaton a lone player plays against (no such key in Pyramido)."""
        legend: Json | None = self.observation.get("legend")
        return legend

    @property
    def players(self) -> range:
        """Every player's number (the Legend, who has no board, is not one)."""
        return range(len(self.observation["players"]))

    @property
    def contenders(self) -> list[tuple[int | str, Json]]:
        """Each player's number and seat, then the Legend's in solo: the rows of score tables."""
        rows: list[tuple[int | str, Json]] = [(p["player"], p) for p in self.observation["players"]]
        if self.legend:
            rows.append((LEGEND, self.legend))
        return rows

    def seat(self, player: int) -> Json:
        seat: Json = self.observation["players"][player]
        return seat

    def name(self, player: int | str) -> str:
        """A player as this seat names him (by the table's name for him, if it gave one):
        itself with ``(you)``."""
        viewer = self.observation["viewer"]
        if isinstance(player, int) and player < len(self.names):
            return self.names[player] + (" (you)" if player == viewer else "")
        return who(player, viewer)


def pictures(ruleset: Ruleset) -> tuple[Look | None, Any]:
    """The terminal :class:`Look` and the SVG scene that ``ruleset``'s plugins register for
    its game (``pyramido_register_looks``, ``pyramido_register_scenes``); ``None`` for
    either that none registers."""
    look = ruleset.registered("pyramido_register_looks").get(ruleset.game)
    scene = ruleset.registered("pyramido_register_scenes").get(ruleset.game)
    return (None if look is None else look.thing), (None if scene is None else scene.thing)


Teller = Callable[[Json, View], str]  # the line telling an event, as a seat saw it


@dataclass(frozen=True)
class Chronicle:
    """How a game's log tells its steps in the past tense (``pyramido.web.log``), each
    teller by event type: ``deeds`` tell the events that are a step's own action (a take,
    a placement: the step's sentence), ``events`` what followed (a refill, a stage scored,
    a player out), beside the look's news :attr:`Look.tellers`; ``actions`` are templates,
    by action kind, for the actions that no event tells (keeping one's cover cards, a
    secret activation, to its owner). A game without one is logged from its actions'
    words."""

    deeds: Mapping[str, Teller] = field(default_factory=dict)
    events: Mapping[str, Teller] = field(default_factory=dict)
    actions: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Look:
    """What one game shows differently; everything else is drawn the same for all. (The
    pyramid games, Pyramido and Forgotten Treasures, share most of theirs:
    ``pyramid_games.pyramid_look``.)"""

    marks: str  # the colour key's second line: what the marks of a board mean
    table: Callable[[View], RenderableType]  # the quarry, the exploration area or the offer
    table_for: frozenset[str]  # the decisions that draw on the table
    extras: Mapping[str, Callable[[View, int, Sequence[Json]], RenderableType]]  # by decision
    untold: frozenset[str]  # decisions whose choices play does not tell as bots take them:
    #                         secret ones (shown once everyone chose) and those news tell
    templates: Mapping[str, str]  # action wording, by kind
    context: Callable[[str, Mapping[str, Any], View, int], str]  # what an action acts on
    tiebreaks: tuple[str, ...]  # the ranking's tie-break columns
    board: Callable[[View, int, bool], RenderableType]  # a player's board; bool: coordinates
    heading: Callable[[View], str]  # where the game is, over a prompt
    standing: Callable[[View], RenderableType]  # the scores under a situation
    label: Callable[[Json, View], str]  # an action in a long list of choices
    tellers: Mapping[str, Teller]  # the events news tell, by type
    news: Callable[[View], list[str]]  # lines for what a step did beside its action
    milestone: Callable[[View, bool], tuple[str, RenderableType] | None]  # bool: verbose
    results: Callable[[View], RenderableType]  # what the ranking follows
    holding: tuple[str, Callable[[Json], int]] | None = None  # score table: what ties go by
    hand: Callable[[View], RenderableType | None] = lambda view: None  # a piece held, by a situation
    wording: Callable[[Mapping[str, Any]], Mapping[str, Any]] = lambda fields: {}  # template fields
    #: The tie-break values as the ranking table shows them (they are compared higher
    #: first, so a rule preferring a low number records it negated).
    tiebreak_text: Callable[[int], str] = str
    chronicle: Chronicle = Chronicle()  # the log's words


class BadEntry(ValueError):
    """A typed answer that names no action at all (a shorthand says why)."""


@dataclass(frozen=True)
class TypedForm:
    """One short form of an action: ``pattern`` (matched whole, in any case) and the
    action JSON that ``build`` makes of the match, as the seat sees the game (raising
    :class:`BadEntry` to say what is wrong: a card that does not exist, cells no shape
    covers). The game then judges the action like any other."""

    pattern: str
    build: Callable[[re.Match[str], View], dict[str, Any]]


@dataclass(frozen=True)
class TypedOnly:
    """Decisions with too many choices to number (Forgotten Treasures' activations: every
    area times every payment), answered by typing only."""

    kinds: frozenset[str]  # a decision offering an action of one of these kinds is one
    typed: str  # what may be typed, as an error message says it
    instructions: str  # shown instead of the numbered choices
    hint: Callable[[View, int], str]  # what 'hint' says (there is no number to point at)


@dataclass(frozen=True)
class Shorthand:
    """What a person may type in ``pyramido play`` instead of a choice's number, in one
    game: registered by its plugin (``pyramido_register_shorthands``: ``register(game_id,
    shorthand)``), so that the command line knows no game's actions."""

    forms: tuple[TypedForm, ...]  # tried in order
    typed: str  # the forms as a prompt names them: "'x y rot' (like '3 4 90')"
    typed_only: TypedOnly | None = None

    def parse(self, answer: str, view: View) -> dict[str, Any] | None:
        """The action JSON of the first form ``answer`` matches whole, or ``None``."""
        for form in self.forms:
            match = re.fullmatch(form.pattern, answer, re.IGNORECASE)
            if match:
                return form.build(match, view)
        return None

    def answers_typed_only(self, kinds: Sequence[str]) -> TypedOnly | None:
        """The typed-only decision that legal actions of ``kinds`` make, if they make one."""
        typed_only = self.typed_only
        return typed_only if typed_only is not None and typed_only.kinds.intersection(kinds) else None


#: A game whose plugin registers no shorthand: numbers and JSON only.
NO_SHORTHAND: Final = Shorthand(forms=(), typed="")


def shorthand(ruleset: Ruleset) -> Shorthand:
    """The shorthand the plugins of ``ruleset`` registered for its game."""
    found = ruleset.registered("pyramido_register_shorthands").get(ruleset.game)
    if found is None:
        return NO_SHORTHAND
    if not isinstance(found.thing, Shorthand):
        raise PyramidoError(
            f"plugin {found.plugin!r} registered {type(found.thing).__name__}, not a Shorthand"
        )
    return found.thing
