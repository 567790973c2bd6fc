"""High Card Flush figures for ``/hcf rules``: the exact ones and what the simulator measured.

Exact (:mod:`bot.games.hcf.exact`, by counting every pair of seven-card hands): the DP's
qualification rate and both bonuses' return to player. Measured with
``python -m bot simulate hcf --rounds 1000000 --seed 1`` (the same seed gives the same report),
the house banking and the player following :data:`bot.games.hcf.sim.STRATEGY`; each figure with
its 95% confidence interval. ``tests/test_hcf_discord.py`` checks the exact constants against
:mod:`bot.games.hcf.exact`; ``tests/test_hcf_sim.py`` checks the simulator against them.

Against a player DP the same figures hold hand for hand, except that a hand the bank cannot
cover is dead (every stake returned) and the bank keeps what the players lose.
"""

from __future__ import annotations

from typing import Final

from bot.games.figures import Measured
from bot.games.hcf.sim import STRATEGY
from bot.i18n import SOURCE_LANGUAGE, Words, words

EXACT_DP_QUALIFIED: Final = 100_825_036 / 133_784_560
"""At least a 3-card 9-high flush: 100,825,036 of the C(52, 7) hands, 75.3637%."""
EXACT_FLUSH_RTP: Final = 0.927577
EXACT_STRAIGHT_FLUSH_RTP: Final = 0.900399

MEASURED_WITH: Final = "python -m bot simulate hcf --rounds 1000000 --seed 1"  # not prose
MEASURED_ROUNDS: Final = 1_000_000

MEASURED: Final[dict[str, tuple[float, float, float]]] = {
    # bet: (RTP, 95% CI low, high), chips back per chip staked, stake included
    "ante+raise": (0.981680, 0.979810, 0.983551),
    "straight flush": (0.895397, 0.885084, 0.905710),
    "flush": (0.928345, 0.921749, 0.934941),
    "dp qualified": (0.753154, 0.752309, 0.753999),
}
"""The rates measured in that run (the DP's qualification as a share of rounds)."""


COACH_WITH: Final = "python -m bot strategy hcf"  # not prose
COACH_HANDS: Final = 150_000
COACH_RETURNS: Final[dict[str, tuple[float, float]]] = {
    # Ante and Raise per chip of Ante, stake included: (return, standard error), on the same
    # 150,000 player hands (seed 1), each valued exactly against every bank hand. Hand by hand
    # the coach gains 0.3311% +- 0.0142% (95%) of the Ante over the strategy.
    "coach": (0.969858, 0.002515),
    "strategy": (0.966547, 0.002524),
}
"""The coach's best play (:mod:`bot.coach.hcf`) beside :data:`STRATEGY`, as that command printed."""


def _returned(name: str, w: Words) -> str:
    value, stderr = COACH_RETURNS[name]
    return Measured(value, (value - 1.96 * stderr, value + 1.96 * stderr)).percent(w)


def _measured(name: str, w: Words) -> str:
    value, low, high = MEASURED[name]
    return Measured(value, (low, high)).percent(w)


def summary(w: Words | None = None) -> str:
    """The figures as the rules page shows them, one line each, in the reader's language."""
    w = w or words(SOURCE_LANGUAGE)
    return "\n".join([
        w("Strategy: {strategy}", strategy=w(STRATEGY)),
        w("Measured over {rounds} simulated rounds against the house (`{command}`):", rounds=MEASURED_ROUNDS,
          command=MEASURED_WITH),
        w("- Ante+Raise, per chip staked: {rtp}", rtp=_measured("ante+raise", w)),
        w("- Straight Flush bonus: {rtp}; exactly {exact}", rtp=_measured("straight flush", w),  # not prose
          exact=w.percent(EXACT_STRAIGHT_FLUSH_RTP, 4)),
        w("- Flush bonus: {rtp}; exactly {exact}", rtp=_measured("flush", w),
          exact=w.percent(EXACT_FLUSH_RTP, 4)),
        w("- The bank qualifies: {rate} of hands; exactly {exact}",
          rate=_measured("dp qualified", w),  # not prose
          exact=w.percent(EXACT_DP_QUALIFIED, 4)),
        w("Ante and Raise per chip of Ante, over {hands} sampled hands, each valued exactly against "
          "every bank hand (`{command}`): the coach's best play {coach}; the strategy above {strategy}",
          hands=COACH_HANDS, command=COACH_WITH, coach=_returned("coach", w),
          strategy=_returned("strategy", w)),
    ])
