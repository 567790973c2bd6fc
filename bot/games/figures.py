"""A simulated figure as the rules pages quote it: the value and its 95% confidence interval."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import N_, SOURCE_LANGUAGE, Words, words


@dataclass(frozen=True)
class Measured:
    """A rate measured by simulation and its 95% confidence interval."""

    value: float
    ci95: tuple[float, float]

    def percent(self, w: Words | None = None) -> str:
        """``"96.34% (95% CI 96.06% to 96.62%)"``, in the reader's language."""
        w = w or words(SOURCE_LANGUAGE)
        low, high = self.ci95
        return w("{value} (95% CI {low} to {high})", value=w.percent(self.value), low=w.percent(low),
                 high=w.percent(high))


def anchored(long_run: Measured, gain: tuple[float, float]) -> Measured:
    """A strategy's return placed by another's ``long_run`` plus its mean ``gain`` over it
    (mean, standard error) on the same deals, their errors independent; with its 95% interval."""
    low, high = long_run.ci95
    stderr = (((high - low) / (2 * 1.96)) ** 2 + gain[1] ** 2) ** 0.5
    value = long_run.value + gain[0]
    return Measured(value, (value - 1.96 * stderr, value + 1.96 * stderr))


EXACT_DEALS = N_("each valued exactly over the unseen cards")
"""How a boxed game's coach figure valued its deals, where every option is counted exactly."""
SAMPLED_DRAWS = N_("each valued over every dealer hand, the Draws of several cards over random draws")
"""The same, where the Draws of several cards are sampled (Imperial Poker)."""


def coach_summary(w: Words, coach: Measured, gain: tuple[float, float], deals: int, command: str,
                  valued: str = EXACT_DEALS) -> str:
    """A boxed game's line for the coach's best play: its return (anchored) and its gain over the
    strategy above, deal by deal; ``valued`` says how each deal was valued."""
    return w("**The best play**, as the coach's hints give it (insurance and the exchange included), "
             "per Ante: {rtp}; it gains {gain} ± {error} of the Ante over the strategy above, deal by "
             "deal over {deals} sampled deals, {valued} (`{command}`).",
             rtp=coach.percent(w), gain=w.percent(gain[0], 2), error=w.percent(1.96 * gain[1], 2),
             deals=deals, valued=w(valued), command=command)


def boxed_figures(w: Words, strategy: str, rounds: int, seed: int, main_game: str, rtp: dict[str, Measured],
                  exact_bonus: float, dealer_qualifies: Measured) -> list[str]:
    """A boxed game's figures as its rules page shows them, one line each: ``main_game`` is the
    game's own line for the Ante+BET return per chip staked (what it includes differs)."""
    return [
        w("Strategy: {strategy}", strategy=w(strategy)),
        w("Measured over {rounds} simulated rounds (seed {seed}):", rounds=rounds, seed=str(seed)),
        main_game,
        w("- Ante+BET, per Ante: {rtp}", rtp=rtp["ante+bet per ante"].percent(w)),
        w("- Bonus: {rtp}; exactly {exact}", rtp=rtp["bonus"].percent(w), exact=w.percent(exact_bonus)),
        w("- Insurance (1 Ante whenever offered): {rtp}", rtp=rtp["insurance"].percent(w)),
        w("- Dealer qualifies: {rate} of rounds", rate=dealer_qualifies.percent(w)),
    ]
