"""A simulated figure as the rules pages quote it: the value and its 95% confidence interval."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    """A rate measured by simulation and its 95% confidence interval."""

    value: float
    ci95: tuple[float, float]

    def percent(self) -> str:
        """``"96.34% (95% CI 96.06% to 96.62%)"``."""
        low, high = self.ci95
        return f"{self.value:.2%} (95% CI {low:.2%} to {high:.2%})"
