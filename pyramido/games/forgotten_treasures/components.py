"""The provisional domino set of Pyramido: Forgotten Treasures (FT).

No public list of the 90 FT dominoes exists, so the project ships a set generated here from
:data:`SEED` to the facts the rulebook prints (5 colours with 36 blocks and 36 icons each,
2 icons per domino) and to the project's own choices for what it does not print (18
single-colour dominoes as in Pyramido, every colour pair present, icons spread over all four
quadrants). :func:`check_dominoes` states those constraints once, for the tests and for the
ruleset plugin, which may also check a real list with ``provisional=False``.

Dev tool: ``python -m pyramido.games.forgotten_treasures.components --seed N`` prints the YAML
``dominoes:`` list to paste under ``components:`` of the FT ruleset.
"""

from __future__ import annotations

import argparse
import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...geometry.rng import Rng

SEED = 2025
COLOURS = ("orange", "blue", "purple", "green", "red")
QUADRANTS = ("TL", "TR", "BL", "BR")  # as printed, y down; also the order quadrants are listed in
DOMINOES = 90
PER_COLOUR = 36  # blocks of each colour, and icons of each colour
ICONS_PER_DOMINO = 2
MAX_ICONS_PER_BLOCK = 2
SINGLE_COLOUR = 18  # as in Pyramido (2023); FT's own share is not printed
MAX_QUADRANT_SHARE = 0.35
TWO_ICON_SINGLES = 8  # one single-colour domino in 8 puts both icons on one block

Domino = dict[str, Any]
# A domino before its quadrants are drawn: (colour, icons) of block A, then of block B.
_Blocks = tuple[tuple[int, int], tuple[int, int]]


def generate_dominoes(seed: int = SEED) -> list[Domino]:
    """The 90 provisional dominoes drawn from ``seed``: the same seed gives the same list.

    Colours first (single-colour dominoes, then the colour pairs of the others), then how
    the 2 icons of each domino split between its blocks, then the shuffle that numbers them,
    then the quadrants, all drawn in that order from one :class:`~pyramido.geometry.rng.Rng`.
    """
    rng = Rng(seed)
    singles = _single_colour_counts(rng)
    pairs = _two_colour_pairs(rng, singles)
    blocks = _single_colour_blocks(rng, singles) + _two_colour_blocks(rng, pairs)
    rng.shuffle(blocks)
    while True:  # quadrants drawn independently are too uneven about once in 300 draws: redraw
        dominoes = [{"id": i, "a": _block(rng, *a), "b": _block(rng, *b)} for i, (a, b) in enumerate(blocks)]
        if not _quadrant_problems(dominoes):
            return dominoes


def _single_colour_counts(rng: Rng) -> list[int]:
    """Single-colour dominoes per colour, as even as 18 over 5 allows (3 or 4 each)."""
    counts = [SINGLE_COLOUR // len(COLOURS)] * len(COLOURS)
    extra = list(range(len(COLOURS)))
    rng.shuffle(extra)
    for colour in extra[: SINGLE_COLOUR % len(COLOURS)]:
        counts[colour] += 1
    return counts


def _two_colour_pairs(rng: Rng, singles: Sequence[int]) -> list[tuple[int, int]]:
    """The colour pair (low, high) of each two-colour domino: every pair once, then more.

    The blocks still owed to each colour are matched up by always serving a colour that
    owes the most, with a partner drawn in proportion to what the others owe: that never
    strands a colour with blocks left and nobody to pair them with, since the largest debt
    never exceeds the sum of the others' and the total stays even.
    """
    pairs = list(itertools.combinations(range(len(COLOURS)), 2))
    owed = [PER_COLOUR - 2 * count - (len(COLOURS) - 1) for count in singles]
    while any(owed):
        colour = owed.index(max(owed))
        partner = rng.choice([other for other, n in enumerate(owed) if other != colour for _ in range(n)])
        pairs.append((min(colour, partner), max(colour, partner)))
        owed[colour] -= 1
        owed[partner] -= 1
    return pairs


def _single_colour_blocks(rng: Rng, singles: Sequence[int]) -> list[_Blocks]:
    """Single-colour dominoes: icons 1 + 1, now and then 2 + 0 (either way round)."""
    blocks: list[_Blocks] = []
    for colour, count in enumerate(singles):
        for _ in range(count):
            first = 1 if rng.below(TWO_ICON_SINGLES) else 2 * rng.below(2)
            blocks.append(((colour, first), (colour, ICONS_PER_DOMINO - first)))
    return blocks


def _two_colour_blocks(rng: Rng, pairs: Sequence[tuple[int, int]]) -> list[_Blocks]:
    """Two-colour dominoes, each colour's icons matching its blocks.

    A colour with as many icons as blocks overall needs, over its two-colour dominoes, one
    icon per block on average; so dominoes of the same colour pair are taken two at a time
    and either both split 1 + 1 or split 2 + 0 and 0 + 2, which keeps every count exact
    while about half the dominoes carry both icons on one block, as in Pyramido. The blocks
    are then put in a random order (A left of B).
    """
    by_pair: dict[tuple[int, int], list[int]] = {}
    for index, pair in enumerate(pairs):
        by_pair.setdefault(pair, []).append(index)
    low_icons = [1] * len(pairs)
    for members in by_pair.values():
        rng.shuffle(members)
        for first, second in zip(members[::2], members[1::2], strict=False):
            if rng.below(2):
                low_icons[first], low_icons[second] = 2, 0
    blocks: list[_Blocks] = []
    for (low, high), icons in zip(pairs, low_icons, strict=True):
        ordered = ((low, icons), (high, ICONS_PER_DOMINO - icons))
        blocks.append(ordered if rng.below(2) else (ordered[1], ordered[0]))
    return blocks


def _block(rng: Rng, colour: int, icons: int) -> list[str]:
    """A block in the data format: its colour, then ``icons`` distinct random quadrants."""
    quadrants = list(QUADRANTS)
    rng.shuffle(quadrants)
    return [COLOURS[colour], *sorted(quadrants[:icons], key=QUADRANTS.index)]


def back_of(domino: Mapping[str, Any]) -> dict[str, list[Any]]:
    """The domino's back as FT prints it: each block's colour and icon count, no quadrants.

    >>> back_of({"id": 7, "a": ["orange", "TL"], "b": ["red", "BR"]})
    {'a': ['orange', 1], 'b': ['red', 1]}
    """
    return {side: [domino[side][0], len(domino[side]) - 1] for side in ("a", "b")}


def check_dominoes(
    dominoes: Sequence[Mapping[str, Any]], colours: Sequence[str] = COLOURS, *, provisional: bool = True
) -> list[str]:
    """Every way ``dominoes`` breaks the FT constraints, as readable problems (none: valid).

    ``colours`` are the ruleset's colour names. Always checked, the printed facts: 90
    dominoes with ids 0-89, blocks of those colours with 0-2 icons in distinct quadrants, 2
    icons per domino, 36 blocks and 36 icons of each colour. With ``provisional`` (the
    default), also this project's choices for a generated set, which a real list need not
    meet: 18 single-colour dominoes, every colour pair on some domino, all four quadrants
    used and none above 35% of the icons.
    """
    problems = _domino_problems(dominoes, colours)
    if problems:
        return problems  # the counts below assume well-formed dominoes
    problems += _count_problems(dominoes, colours)
    if provisional:
        problems += _provisional_problems(dominoes, colours)
    return problems


def _domino_problems(dominoes: Sequence[Mapping[str, Any]], colours: Sequence[str]) -> list[str]:
    """The shape of the list and of each domino and block."""
    problems = []
    ids = sorted(domino.get("id", -1) for domino in dominoes)
    if ids != list(range(DOMINOES)):
        problems.append(f"ids must be 0-{DOMINOES - 1}, each once ({len(dominoes)} dominoes given)")
    for domino in dominoes:
        name = f"domino {domino.get('id')}"
        blocks: list[list[Any]] = [domino.get(side) or [] for side in ("a", "b")]
        if not all(isinstance(block, list) and block for block in blocks):
            problems.append(f"{name}: needs blocks a and b as [colour, quadrants...]")
            continue
        for side, block in zip("ab", blocks, strict=True):
            problems += [f"{name}, block {side}: {problem}" for problem in _block_problems(block, colours)]
        icons = sum(len(block) - 1 for block in blocks)
        if icons != ICONS_PER_DOMINO:
            problems.append(f"{name}: {icons} icons, not {ICONS_PER_DOMINO}")
    return problems


def _block_problems(block: Sequence[Any], colours: Sequence[str]) -> list[str]:
    colour, *quadrants = block
    problems = []
    if colour not in colours:
        problems.append(f"colour {colour!r} is none of {', '.join(colours)}")
    if len(quadrants) > MAX_ICONS_PER_BLOCK:
        problems.append(f"{len(quadrants)} icons, at most {MAX_ICONS_PER_BLOCK}")
    if any(quadrant not in QUADRANTS for quadrant in quadrants) or len(set(quadrants)) != len(quadrants):
        problems.append(f"icon quadrants {quadrants} must be distinct, of {', '.join(QUADRANTS)}")
    return problems


def _count_problems(dominoes: Sequence[Mapping[str, Any]], colours: Sequence[str]) -> list[str]:
    """36 blocks and 36 icons of each colour."""
    blocks: Counter[str] = Counter()
    icons: Counter[str] = Counter()
    for domino in dominoes:
        for side in ("a", "b"):
            blocks[domino[side][0]] += 1
            icons[domino[side][0]] += len(domino[side]) - 1
    return [
        f"{colour}: {blocks[colour]} blocks and {icons[colour]} icons, not {PER_COLOUR} and {PER_COLOUR}"
        for colour in colours
        if blocks[colour] != PER_COLOUR or icons[colour] != PER_COLOUR
    ]


def _provisional_problems(dominoes: Sequence[Mapping[str, Any]], colours: Sequence[str]) -> list[str]:
    """The generator's own constraints: colour mix and quadrant spread."""
    problems = []
    colour_sets = {frozenset((domino["a"][0], domino["b"][0])) for domino in dominoes}
    singles = sum(domino["a"][0] == domino["b"][0] for domino in dominoes)
    if singles != SINGLE_COLOUR:
        problems.append(f"{singles} single-colour dominoes, not {SINGLE_COLOUR}")
    pairs = itertools.combinations(colours, 2)
    missing = [f"{a}+{b}" for a, b in pairs if frozenset((a, b)) not in colour_sets]
    if missing:
        problems.append(f"no domino of the colour pairs {', '.join(missing)}")
    return problems + _quadrant_problems(dominoes)


def _quadrant_problems(dominoes: Sequence[Mapping[str, Any]]) -> list[str]:
    """All four quadrants carry icons, none more than 35% of them."""
    quadrants = Counter(q for domino in dominoes for side in ("a", "b") for q in domino[side][1:])
    total = sum(quadrants.values())
    if len(quadrants) < len(QUADRANTS) or max(quadrants.values()) > MAX_QUADRANT_SHARE * total:
        spread = ", ".join(f"{q} {quadrants[q]}" for q in QUADRANTS)
        return [f"icon quadrants too uneven ({spread}): each used, none over {MAX_QUADRANT_SHARE:.0%}"]
    return []


def yaml_block(dominoes: Sequence[Mapping[str, Any]], seed: int) -> str:
    """The ``dominoes:`` YAML list, indented to sit under ``components:`` of a ruleset."""
    header = [
        "  # PROVISIONAL: no public list of the Forgotten Treasures dominoes exists. This one was",
        f"  # generated by `python -m pyramido.games.forgotten_treasures.components --seed {seed}` to the",
        "  # printed counts (36 blocks and 36 icons per colour, 2 icons per domino) and the",
        "  # project's choices (18 single-colour dominoes, every colour pair, icons in all quadrants).",
        "  # With the real components: replace the list by the real 90 dominoes, one per line as",
        "  # below (block A, then block B to its right, each [colour, icon quadrants...] with",
        "  # quadrants as printed: TL, TR, BL, BR), and set `provisional: false` at the top.",
        "  dominoes:",
    ]
    return "\n".join(header + [f"    - {_flow(domino)}" for domino in dominoes]) + "\n"


def _flow(domino: Mapping[str, Any]) -> str:
    """One domino as a YAML flow mapping, like ``{id: 0, a: [orange, TL], b: [red]}``."""
    return f"{{id: {domino['id']}, a: [{', '.join(domino['a'])}], b: [{', '.join(domino['b'])}]}}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Print a provisional Forgotten Treasures domino set (YAML).")
    parser.add_argument("--seed", type=int, default=SEED, help=f"generator seed (default {SEED})")
    seed = parser.parse_args(argv).seed
    dominoes = generate_dominoes(seed)
    problems = check_dominoes(dominoes)
    if problems:
        parser.exit(1, "\n".join(problems) + "\n")
    print(yaml_block(dominoes, seed), end="")


if __name__ == "__main__":
    main()
