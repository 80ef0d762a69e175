"""What a front end shows at a time, composed the same way for every game from its
:class:`Look`: a decision's situation, every board at a glance, the final ranking.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .view import Json, View, who


def situation(view: View, seat: int, legal: Sequence[Json]) -> Group:
    """What a seat needs for its decision: its board with coordinates to answer by, the
    game's table when the decision draws on it, the domino in hand, what this game adds
    for this decision, the scores."""
    kind, look = view.kind, view.look
    assert kind is not None, "a situation is a decision's"
    parts: list[RenderableType] = [look.board(view, seat, True)]
    if kind in look.table_for:
        parts.append(look.table(view))
    hand = look.hand(view)
    if hand is not None:
        parts.append(hand)
    extra = look.extras.get(kind)
    if extra:
        parts.append(extra(view, seat, legal))
    parts.append(look.standing(view))
    return Group(*parts)


def boards(view: View) -> Columns:
    """Every player's board, named: the position at a glance."""
    return Columns(
        [Group(Text(who(p)), view.look.board(view, p, False)) for p in view.players],
        padding=(0, 2),
    )


def ranking_table(ranking: Sequence[Json], view: View) -> Table:
    """The final ranking, best first, with the tie-breaks of the game that decided it."""
    tiebreaks = view.look.tiebreaks
    table = Table(title="Final ranking", title_justify="left")
    for name in ("rank", "player", "points", *tiebreaks, ""):
        table.add_column(name, justify="right" if name not in ("player", "") else "left")
    for entry in ranking:
        values = [view.look.tiebreak_text(value) for value in entry["tiebreak"]]
        values += [""] * (len(tiebreaks) - len(values))  # the Legend has none
        note = "out of the game" if entry.get("out") else ("winner" if entry["rank"] == 1 else "")
        table.add_row(
            str(entry["rank"]),
            who(entry["player"]),
            str(entry["score"]),
            *values,
            note,
            style="bold" if entry["rank"] == 1 else "",
        )
    return table
