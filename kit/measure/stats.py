"""Small-sample statistics for the scoreboard: the Wilson score interval for a proportion.

Sixty records is a small set, so every rate is reported with an interval. This module knows
nothing about what is being counted.
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for successes out of total; (0.0, 1.0) when total is 0."""
    if total < 0 or not 0 <= successes <= total:
        raise ValueError(f"need 0 <= successes <= total, got {successes} of {total}")
    if total == 0:
        return 0.0, 1.0
    p = successes / total
    denom = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == total else min(1.0, centre + half)
    return low, high
