"""The geometry of the games, under the rules: the C core behind Python calls (``core``),
its pure-Python twin, the oracle of the differential tests (``reference``), the board's
layout and constants (``board``) and the games' random generator (``rng``). It knows no
game, no plugin and no ruleset.
"""
