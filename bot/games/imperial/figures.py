"""The Imperial Poker strategy and what the simulator measured with it, for ``/imperial rules``.

No analysis of Imperial Poker is published; these are this project's own figures. They come
from ``python -m bot simulate imperial --rounds 8000000 --seed 1`` (the same seed gives the same
report), playing :data:`STRATEGY` through :mod:`bot.games.imperial.sim`, which settles every
round with the engine's own settlement function. Each RTP carries its 95% confidence interval
(:func:`bot.sim.stats.ratio_ci95`; the dealer's qualification rate a binomial one). The bonus
does not depend on the player's choices, so its RTP is also known exactly (:data:`EXACT_BONUS_RTP`)
and the measured interval contains it. Re-measure after any change to the pay tables or the
strategy; ``tests/test_imperial_sim.py`` checks that these constants still describe the
registered simulator.

The operator calls Imperial Poker a game "ohne Hausvorteil" (without house edge). This strategy
does not show that: it loses :data:`HOUSE_EDGE_PER_ANTE` of the Ante a round, and the interval
excludes zero. The coach's best play (:data:`COACH_GAIN`, :func:`coach_return`) is what a
better player gets.
"""

from __future__ import annotations

from typing import Final

from bot.games.figures import SAMPLED_DRAWS, Measured, anchored, boxed_figures, coach_summary
from bot.i18n import N_, SOURCE_LANGUAGE, Words, words

STRATEGY: Final = N_(
    "One open box, Ante 1 and Bonus 1 each round; the dealer's face-up card is not used. "
    "Bet a full house or better and two pair. Buy with a straight or a flush. Three of a kind: "
    "Bet if an ace and a king are beside it, else draw the other two cards. A pair: Buy if a "
    "sixth card could make a flush or a straight; else Bet sevens or better, or any pair beside "
    "an ace and a king; else keep the pair and draw three. No pair: four to a straight flush "
    "draws the fifth card, and draws it again while the next Draw costs at most 3 Antes (2 when "
    "only one rank completes it and it is not a royal); four to a flush, or a sixth card of two "
    "or more ranks making a straight: Buy; an ace and a king: keep them and draw three; three "
    "suited cards from ten to ace: draw the other two; an ace, else a king: keep it and draw four; "
    "fold the rest. After a Buy or Draws: Bet a pair or better, fold the rest. Insurance: the "
    "minimum (1 Ante) whenever it is offered. Exchange: when the dealer does not qualify, "
    "exchange if the exact average over the unseen cards (free repeats included) beats the "
    "Ante's sure 1:1."
)
"""The simulated player's decisions, exactly as :mod:`bot.games.imperial.sim` makes them."""


MEASURED_ROUNDS: Final = 8_000_000
MEASURED_SEED: Final = 1
MEASURED_WITH: Final = "python -m bot simulate imperial --rounds 8000000 --seed 1"  # not prose

RTP: Final[dict[str, Measured]] = {
    # Chips back per chip staked on the main game: Ante, Buy, Draws and BET together.
    "ante+bet": Measured(0.988839, (0.98806, 0.98962)),
    # The same result per Ante: 1 minus the house edge as it is usually quoted (per initial bet).
    "ante+bet per ante": Measured(0.967557, (0.96529, 0.96982)),
    "bonus": Measured(0.964962, (0.96027, 0.96966)),
    # Per chip of insurance, bought (1 Ante) on every box where it is offered.
    "insurance": Measured(0.872786, (0.87025, 0.87532)),
}

DEALER_QUALIFIES: Final = Measured(0.563167, (0.562823, 0.563511))
"""Share of rounds in which the dealer's five cards, as dealt, hold Ace-King or better."""

HOUSE_EDGE_PER_ANTE: Final = Measured(0.032443, (0.03018, 0.03471))
"""What the strategy loses per Ante and round (1 - the per-Ante RTP): the operator's "no house
edge" would be 0, which the interval excludes."""

DECISIONS: Final[dict[str, float]] = {
    "bet": 0.674509,
    "fold": 0.325491,
    "buy": 0.096751,
    "draw": 0.458177,
    "repeated draw": 0.001294,
    "insured": 0.072512,
    "exchange": 0.013684,
    "second combination paid": 0.043119,
}
"""How often the strategy made each choice, per round (same run)."""

EXACT_BONUS_RTP: Final = 2_519_708 / 2_598_960
"""The bonus pays on the five cards dealt alone, with 2 Plus 4's column: 2,519,708 / 2,598,960
= 96.95% exactly."""


COACH_WITH: Final = "python -m bot strategy imperial"  # not prose
COACH_DEALS: Final = 8_000
COACH_GAIN: Final = (0.017443, 0.001973)
"""The coach's best play (:mod:`bot.coach.imperial_strategy`: its opening hint's best option, a
one-card Draw with the coach's drawing again, then Bet or Fold, the exchange where it pays)
against :data:`STRATEGY`, per Ante: the mean of the deal-by-deal differences and its standard
error, over ``COACH_DEALS`` deals (seed 1). That command printed 0.015469 +- 0.002029 (7,145 s on
two cores) while a one-card Draw's figure left drawing again out; on the same deals and draws,
drawing again changes the coach's value on 13 deals (each from the Buy to a one-card Draw, none
lower), by +0.001974 per deal on average, and with those 13 deals' differences (their
covariance with the rest read from each deal's two values) the standard error becomes 0.001973
(a 30-minute run over the 8,000 deals, 2026-11-29). The coach's return is the strategy's
measured ``"ante+bet per ante"`` (8,000,000 rounds) plus this gain: 98.50% +- 0.45% (95%), a
house edge of 1.50% of the Ante. The first run's direct figures, each +- 3.0%: the coach 96.92%
(97.12% with drawing again), the strategy 95.37% (the simulator's 96.76% is within their
error)."""


def coach_return() -> Measured:
    """The coach's return per Ante with its 95% interval: the strategy's long-run figure plus
    the gain, their errors independent."""
    return anchored(RTP["ante+bet per ante"], COACH_GAIN)


def summary(w: Words | None = None) -> str:
    """The figures as the rules page shows them, one line each, in the reader's language."""
    w = w or words(SOURCE_LANGUAGE)
    main_game = w("- Ante+BET (Buy and Draws included), per chip staked: {rtp}",
                  rtp=RTP["ante+bet"].percent(w))
    return "\n".join([
        *boxed_figures(w, STRATEGY, MEASURED_ROUNDS, MEASURED_SEED, main_game, RTP, EXACT_BONUS_RTP,
                       DEALER_QUALIFIES),
        w("- \"Without house edge\", as the operator says? Not with this strategy: it loses {edge} of the "
          "Ante a round.", edge=HOUSE_EDGE_PER_ANTE.percent(w)),
        coach_summary(w, coach_return(), COACH_GAIN, COACH_DEALS, COACH_WITH, SAMPLED_DRAWS),
    ])
