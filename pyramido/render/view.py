"""The only input of every picture: a :class:`View` (one seat's observation, the ruleset's
colours and rules, the events the seat has watched happen), and the :class:`Look` of its
game, found in ``LOOKS`` (each game's module registers its own).

No picture reads a game's state, so a seat is shown only what the rules let it see: which
events a seat watches is its game's ``Look.visible`` (Forgotten Treasures hides face-down
fronts and the other players' scoring choices in its observation; Silver & Gold hides the
marks the others are still making).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, Any, Final

from rich.console import RenderableType

if TYPE_CHECKING:
    from ..engine import Game

Json = Mapping[str, Any]

LEGEND: Final = "legend"  # the solo opponent's name in events and rankings


def who(player: int | str, viewer: int | None = None) -> str:
    """How a player is named: ``player 2``, ``player 0 (you)``, ``the Legend``."""
    if player == LEGEND:
        return "the Legend"
    return f"player {player}" + (" (you)" if player == viewer else "")


def game_events(game: Game) -> Iterator[dict[str, Any]]:
    """Every event of the game so far, setup first (public or not: see ``View.of``)."""
    return chain(game.setup_events, *(step["events"] for step in game.steps))


@dataclass(frozen=True)
class View:
    """What one seat (or a spectator) may see: the only input of every picture.

    ``events`` are those the seat has watched happen, in order (the game's :class:`Look`
    says which: never the setup's shuffled piles, nor the marks others are still making
    in secret); ``latest`` are those of them that the last step brought.
    """

    observation: Json
    colours: tuple[str, ...]
    rules: Json = field(default_factory=dict)
    events: tuple[Json, ...] = ()
    latest: tuple[Json, ...] = ()

    @classmethod
    def of(cls, game: Game, seat: int | None) -> View:
        """``seat``'s view (``None``: a spectator's), the one place pictures meet a game."""
        observation = game.observation(seat)
        events = LOOKS[observation["game"]].visible(tuple(game_events(game)), observation)
        last = {id(event) for event in game.steps[-1]["events"]} if game.steps else set()
        latest = tuple(event for event in events if id(event) in last)
        colours = tuple(game.ruleset.data["colours"])
        return cls(observation, colours, game.ruleset.params, events, latest)

    @property
    def look(self) -> Look:
        return LOOKS[self.observation["game"]]

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
        """A player as this seat names him: itself with ``(you)``."""
        return who(player, self.observation["viewer"])


Teller = Callable[[Json, View], str]  # the line telling an event, as a seat saw it


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
    visible: Callable[[Sequence[Json], Json], tuple[Json, ...]]  # the events a seat sees
    heading: Callable[[View], str]  # where the game is, over a prompt
    standing: Callable[[View], RenderableType]  # the scores under a situation
    label: Callable[[Json, View], str]  # an action in a long list of choices
    typed: str  # the shorthand prompts accept, as a prompt says it
    tellers: Mapping[str, Teller]  # the events news tell, by type
    news: Callable[[View], list[str]]  # lines for what a step did beside its action
    milestone: Callable[[View, bool], tuple[str, RenderableType] | None]  # bool: verbose
    results: Callable[[View], RenderableType]  # what the ranking follows
    holding: tuple[str, Callable[[Json], int]] | None = None  # score table: what ties go by


#: Each game's look, by the observation's ``game``: every game's module adds its own.
LOOKS: Final[dict[str, Look]] = {}
