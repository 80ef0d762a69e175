"""``compare --until-significant``: a group-sequential test with a hard budget of games.

The budget (``--games``) is looked at :data:`LOOKS` times, after each fifth of it. At look
``k``, over its ``n_k`` paired games, the chosen statistic's paired differences give
Student's ``t = mean / (s / sqrt(n_k))``; the comparison stops, significant, as soon as
``|t|`` reaches the look's critical value ``c_k``, and otherwise plays on until the budget
is spent (then it is not significant).

The error rate: the critical values spend the 5% error rate over the looks as O'Brien and
Fleming's boundary does (Lan and DeMets's spending function ``alpha(t) = 2 - 2 Phi(1.96 /
sqrt(t))`` at ``t = k / LOOKS``): look ``k`` may spend ``alpha(t_k) - alpha(t_(k-1))``, and
``c_k`` is Student's two-sided quantile of that level (``n_k - 1`` degrees of freedom). By
the union bound, the chance that a rule which changes nothing stops "significant" is at
most 5% (a little less: the looks are correlated; :func:`error_rate` measures it). Early
looks spend almost nothing, so stopping there takes a difference far beyond chance; the
last look asks ``|t| >= 2.3`` or so where one fixed test asks 1.96: the price of looking.

The interval reported at the stop is the repeated confidence interval ``mean +- c_k s /
sqrt(n_k)``: it holds the true difference at every look at once with at least 95% chance,
and leaves out 0 exactly when the test stops.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from ..errors import ArgumentError
from .stats import Z95, standard_deviation

LOOKS = 5
ALPHA = 0.05
#: The fewest paired games a look may have: fewer estimate the spread too poorly.
MIN_LOOK_GAMES = 10
MIN_BUDGET = LOOKS * MIN_LOOK_GAMES


@dataclass(frozen=True)
class Look:
    """Look ``number`` (from 1), after ``games`` paired games: stop when ``|t| >= critical``."""

    number: int
    games: int
    critical: float

    def to_json(self) -> dict[str, Any]:
        return {"look": self.number, "games": self.games, "critical_t": round(self.critical, 4)}


def check_budget(budget: int) -> None:
    """A budget too small for :data:`LOOKS` looks of :data:`MIN_LOOK_GAMES`, or no scipy
    (Student's quantiles), is refused before any game is played."""
    if budget < MIN_BUDGET:
        raise ArgumentError(
            f"--until-significant needs a budget (--games) of at least {MIN_BUDGET} games "
            f"({LOOKS} looks of {MIN_LOOK_GAMES} or more), not {budget}"
        )
    try:
        import scipy.stats  # noqa: F401
    except ImportError:
        raise ArgumentError("--until-significant needs scipy: pip install 'pyramido[sim]'") from None


def spent(fraction: float) -> float:
    """The error rate spent by the time ``fraction`` of the budget is played (O'Brien-Fleming type)."""
    return 2 - 2 * NormalDist().cdf(Z95 / math.sqrt(fraction))


def schedule(budget: int) -> list[Look]:
    """The looks of a budget of ``budget`` paired games."""
    from scipy.stats import t as student

    looks = []
    for k in range(1, LOOKS + 1):
        games = math.ceil(k * budget / LOOKS)
        level = spent(k / LOOKS) - spent((k - 1) / LOOKS) if k > 1 else spent(1 / LOOKS)
        looks.append(Look(k, games, float(student.isf(level / 2, games - 1))))
    return looks


def stops(differences: list[float], look: Look) -> bool:
    """Whether the paired ``differences`` at ``look`` are beyond its critical value (with
    no spread at all: whether they are not all 0)."""
    mean = math.fsum(differences) / len(differences)
    spread = standard_deviation(differences)
    if spread == 0:
        return mean != 0
    return abs(mean) / (spread / math.sqrt(len(differences))) >= look.critical


def error_rate(budget: int = 100, paths: int = 4000, seed: int = 0) -> float:
    """The share of ``paths`` comparisons of a rule that changes nothing (paired
    differences drawn from a normal law of mean 0) that stop as significant."""
    generator = random.Random(seed)
    looks = schedule(budget)
    stopped = 0
    for _ in range(paths):
        differences = [generator.gauss(0.0, 1.0) for _ in range(budget)]
        stopped += any(stops(differences[: look.games], look) for look in looks)
    return stopped / paths
