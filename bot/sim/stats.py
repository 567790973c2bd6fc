"""The RTP estimate and its confidence interval, from running sums only."""

from __future__ import annotations

import math

Z_95 = 1.959963984540054
"""Two-sided 95% quantile of the standard normal distribution."""


def ratio_ci95(
    rounds: int,
    sum_w: float,
    sum_r: float,
    sum_ww: float,
    sum_rr: float,
    sum_wr: float,
) -> tuple[float, float] | None:
    """95% confidence interval of RTP = sum(r) / sum(w) over ``rounds`` rounds.

    ``w_i`` and ``r_i`` are the chips wagered and returned in round ``i`` (0 and 0 when the bet
    was not made), so the RTP is a ratio estimator. By the delta method its variance is

        Var(R) = n / ((n - 1) * W**2) * sum_i (r_i - R * w_i)**2        with W = sum_i w_i

    and the residual sum expands to ``sum_rr - 2 R sum_wr + R**2 sum_ww``, so only the five
    running sums are needed. When every round wagers the same amount this is the usual
    ``stdev(r_i / w) / sqrt(n)``. The interval is ``R -+ 1.96 * sqrt(Var(R))``; ``None`` when
    it cannot be estimated (fewer than two rounds or nothing wagered).
    """
    if rounds < 2 or sum_w == 0:
        return None
    # Multiplied out over W**2 so that integer sums give an exact numerator: no cancellation.
    residual_numerator = (
        sum_rr * sum_w * sum_w - 2 * sum_r * sum_w * sum_wr + sum_r * sum_r * sum_ww
    )
    variance = max(residual_numerator, 0) * rounds / ((rounds - 1) * float(sum_w) ** 4)
    rtp = sum_r / sum_w
    half_width = Z_95 * math.sqrt(variance)
    return (rtp - half_width, rtp + half_width)
