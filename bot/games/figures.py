"""A simulated figure as the rules pages quote it: the value and its 95% confidence interval."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import SOURCE_LANGUAGE, Words, words


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
