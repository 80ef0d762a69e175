"""Headless evaluation: batches of seeded games (``simulate``), a house rule against its
base (``compare``), bots rated against each other (``tournament``), on local worker
processes or a Ray cluster (docs/evaluation.md).

>>> from pyramido.evaluation import Simulation, simulate
>>> summary = simulate(Simulation("pyramido", players=2, games=20, bots=("greedy", "random")))
>>> summary["games"]
20
"""

from .compare import compare
from .config import Simulation
from .run import simulate
from .tournament import tournament

__all__ = ["Simulation", "compare", "simulate", "tournament"]
