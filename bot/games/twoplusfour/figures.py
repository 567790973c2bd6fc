"""The 2 Plus 4 strategy and what the simulator measured with it, for ``/twoplusfour rules``.

No analysis of 2 Plus 4 Poker is published; these are this project's own figures. They come from
``python -m bot simulate twoplusfour --rounds 4000000 --seed 1`` (the same seed gives the same
report), playing :data:`STRATEGY` through :mod:`bot.games.twoplusfour.sim`, which settles every
round with the engine's own settlement function. Each RTP carries its 95% confidence interval
(:func:`bot.sim.stats.ratio_ci95`; the dealer's qualification rate a binomial one). The bonus
does not depend on the player's choices, so its RTP is also known exactly (:data:`EXACT_BONUS_RTP`)
and the measured interval contains it. Re-measure after any change to the pay tables or the
strategy; ``tests/test_twoplusfour_sim.py`` checks that these constants still describe the
registered simulator.
"""

from __future__ import annotations

from typing import Final

from bot.games.figures import Measured, anchored, boxed_figures, coach_summary
from bot.i18n import N_, SOURCE_LANGUAGE, Words, words

STRATEGY: Final = N_(
    "One open box, Ante 1 and Bonus 1 each round. Bet a straight or better. Buy with three of a "
    "kind; with two pair Buy if the dealer's face-up cards show a pair, else Bet. Buy with four "
    "to a flush, or with an open-ended straight draw (without a pair only when the face-up cards "
    "show no pair). Bet a pair that beats the dealer's face-up cards (any pair when they show "
    "none, else a higher pair); fold the rest. After a Buy that leaves the choice (face-up pair "
    "of kings or better), Bet only if the six cards beat the face-up cards. 'Beats the face-up "
    "cards': a better category, or the same one with higher pair/trips ranks, kickers ignored. "
    "Insurance: the minimum (1 Ante) whenever it is offered. Exchange: when the dealer does not "
    "qualify, exchange if the exact average over the unseen cards beats the Ante's sure 1:1."
)
"""The simulated player's decisions, exactly as :mod:`bot.games.twoplusfour.sim` makes them."""


MEASURED_ROUNDS: Final = 4_000_000
MEASURED_SEED: Final = 1
MEASURED_WITH: Final = "python -m bot simulate twoplusfour --rounds 4000000 --seed 1"  # not prose

RTP: Final[dict[str, Measured]] = {
    # Chips back per chip staked on the main game: Ante, Buy and BET together.
    "ante+bet": Measured(0.982070, (0.980676, 0.983464)),
    # The same result per Ante: 1 minus the house edge as it is usually quoted (per initial bet).
    "ante+bet per ante": Measured(0.963395, (0.960556, 0.966233)),
    "bonus": Measured(0.971386, (0.964654, 0.978117)),
    # Per chip of insurance, bought (1 Ante) on every box where it is offered.
    "insurance": Measured(0.540645, (0.536535, 0.544756)),
}

DEALER_QUALIFIES: Final = Measured(0.738597, (0.738166, 0.739027))
"""Share of rounds in which the dealer's six cards, as dealt, hold Ace-King or better."""

DECISIONS: Final[dict[str, float]] = {
    "bet": 0.373227,
    "buy": 0.100381,
    "fold": 0.526392,
    "bet forced by the buy": 0.092513,
    "insured": 0.043040,
    "exchange": 0.010082,
}
"""How often the strategy made each choice, per round (same run)."""

EXACT_BONUS_RTP: Final = 2_519_708 / 2_598_960
"""The bonus pays on the first five cards alone: 2,519,708 / 2,598,960 = 96.95% exactly."""


COACH_WITH: Final = "python -m bot strategy twoplusfour"  # not prose
COACH_DEALS: Final = 100_000
COACH_GAIN: Final = (0.025622, 0.000375)
"""The coach's best play (:mod:`bot.coach.twoplusfour`: Buy, Bet, insurance and Fold, the
exchange where it pays) against :data:`STRATEGY` (its insurance aside), per Ante: the mean of
the deal-by-deal differences and its standard error, over ``COACH_DEALS`` deals (seed 1), each
valued exactly over the unseen cards, as that command printed (1,151 s on two cores). The
coach's return is the strategy's measured ``"ante+bet per ante"`` plus this gain: 98.90% +- 0.29%
(95%), a house edge of 1.10% of the Ante. The same run's direct figures, each +- 1.07%: the
coach 98.07%, the strategy 95.51% (its exact values on those deals; the simulator's 96.34% is
within their error)."""


def coach_return() -> Measured:
    """The coach's return per Ante with its 95% interval: the strategy's long-run figure plus
    the gain, their errors independent."""
    return anchored(RTP["ante+bet per ante"], COACH_GAIN)


def summary(w: Words | None = None) -> str:
    """The figures as the rules page shows them, one line each, in the reader's language."""
    w = w or words(SOURCE_LANGUAGE)
    main_game = w("- Ante+BET (Buy included), per chip staked: {rtp}", rtp=RTP["ante+bet"].percent(w))
    coach = coach_summary(w, coach_return(), COACH_GAIN, COACH_DEALS, COACH_WITH)
    return "\n".join([*boxed_figures(w, STRATEGY, MEASURED_ROUNDS, MEASURED_SEED, main_game, RTP,
                                     EXACT_BONUS_RTP, DEALER_QUALIFIES), coach])
