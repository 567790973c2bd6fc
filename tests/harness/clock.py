"""The bot's clock in tests and in-process benchmarks."""

from __future__ import annotations


class FakeClock:
    """Starts at a fixed time and moves only when told."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
