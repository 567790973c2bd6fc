"""What the simulation frame needs from a game: see the package docstring for an example."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.poker.cards import Card
from bot.sim.recorder import Recorder


class SimGame(Protocol):
    """A rules engine plus an automatic strategy, played one round at a time."""

    name: str
    strategy: str
    """A sentence or two that tells a reader exactly which decisions the simulation makes."""
    bets: tuple[str, ...]
    events: tuple[str, ...]
    cards_needed: int | None
    """How many cards one round can use at most; ``None`` deals the whole shuffled deck."""

    def play_round(self, deck: Sequence[Card], record: Recorder) -> None:
        """Play one round from ``deck`` (top card first) and record its bets and events."""
        ...
