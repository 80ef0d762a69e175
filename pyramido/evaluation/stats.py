"""The statistics of a batch: means with 95% confidence intervals, win rates with Wilson
score intervals, and paired differences for ``compare``.

Intervals are the normal approximation (z = 1.96) with the sample standard deviation: with
the thousands of games these commands run, Student's t adds nothing (at 30 games it widens
the interval by 4%). A win rate's interval is Wilson's, which stays inside [0, 1] and is
honest near 0 and 1 where the normal one is not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # the 97.5% point of the standard normal


@dataclass(frozen=True)
class Estimate:
    """A mean and its 95% interval ``[low, high]``."""

    mean: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        """``mean`` and ``ci95`` (``null`` with no data: JSON has no NaN)."""
        return {"mean": _round(self.mean), "ci95": [_round(self.low), _round(self.high)]}

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0


def mean_ci(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of ``values`` with its 95% interval, ``z`` standard errors either side
    (a single value: an empty-width one)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean)
    half = z * standard_deviation(values) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half)


def standard_deviation(values: Sequence[float]) -> float:
    """The sample standard deviation (``n - 1``) of two values or more."""
    mean = math.fsum(values) / len(values)
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1))


def wilson(successes: int, n: int) -> Estimate:
    """A proportion with its 95% Wilson score interval."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At 0 or n successes the bound is exactly 0 or 1; rounding would leave 1e-17 there.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high)


def quantiles(values: Sequence[float]) -> dict[str, float]:
    """Minimum, quartiles and maximum (the score distribution in a summary)."""
    ordered = sorted(values)
    if not ordered:
        return {}

    def at(q: float) -> float:
        position = q * (len(ordered) - 1)
        low = math.floor(position)
        high = min(low + 1, len(ordered) - 1)
        return ordered[low] + (ordered[high] - ordered[low]) * (position - low)

    points = (("min", 0.0), ("p25", 0.25), ("median", 0.5), ("p75", 0.75), ("max", 1.0))
    return {name: float(f"{at(q):.6g}") for name, q in points}


def paired(base: Sequence[float], variant: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of the differences ``variant - base`` of paired values, with its interval."""
    return mean_ci([v - b for b, v in zip(base, variant, strict=True)], z)


def games_needed(differences: Sequence[float]) -> int | None:
    """The paired games a 95% interval needs to leave out 0, at the mean and spread of
    ``differences``: the smallest ``n`` with ``1.96 s / sqrt(n) < |mean|``. ``None`` when
    the mean is 0 (no number of games would tell it from 0) or there is one difference."""
    if len(differences) < 2:
        return None
    mean = math.fsum(differences) / len(differences)
    if mean == 0:
        return None
    return math.floor((Z95 * standard_deviation(differences) / abs(mean)) ** 2) + 1


def _round(value: float) -> float | None:
    """Six significant digits: the summary reads well and is the same on every machine."""
    return None if math.isnan(value) else float(f"{value:.6g}")
