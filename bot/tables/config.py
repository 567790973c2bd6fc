"""A table's configuration: limits, timers and game options, validated in one place."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

MAX_CHIPS = 10**12
TIMER_RANGE = (10, 600)  # seconds: long enough to read, short enough to keep a table moving


class ConfigError(ValueError):
    """A configuration value an admin can fix; the message says which and why."""


@dataclass(frozen=True)
class TableConfig:
    """What an admin sets when opening a table (and may change between rounds)."""

    game: str
    min_bet: int = 10
    max_bet: int | None = 1_000
    """The largest Ante; None for no maximum (Imperial and 2 Plus 4: "es gibt keinen
    Höchsteinsatz"; a game that needs one refuses None when it reads the config)."""
    max_payout: int = 100_000
    betting_seconds: int = 30
    decision_seconds: int = 30
    options: Mapping[str, str] = field(default_factory=dict)

    def validated(self) -> TableConfig:
        _check_range("min_bet", self.min_bet, 1, MAX_CHIPS)
        if self.max_bet is not None:
            _check_range("max_bet", self.max_bet, self.min_bet, MAX_CHIPS)
        _check_range("max_payout", self.max_payout, self.max_bet or self.min_bet, MAX_CHIPS)
        _check_range("betting_seconds", self.betting_seconds, *TIMER_RANGE)
        _check_range("decision_seconds", self.decision_seconds, *TIMER_RANGE)
        return self

    @property
    def bets_text(self) -> str:
        """``"10–1,000"``, or ``"10 and up (no maximum)"``: the Ante limits as players read them."""
        if self.max_bet is None:
            return f"{self.min_bet:,} and up (no maximum)"
        return f"{self.min_bet:,}–{self.max_bet:,}"

    def required_max_bet(self, game_name: str) -> int:
        """The maximum Ante of a game that must have one; ConfigError when none is set."""
        if self.max_bet is None:
            raise ConfigError(f"{game_name} needs a maximum Ante: set max_bet.")
        return self.max_bet

    def with_changes(self, **changes: Any) -> TableConfig:
        options = {**self.options, **changes.pop("options", {})}
        return dataclasses.replace(self, options=options, **changes).validated()

    def to_dict(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "options": dict(self.options)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableConfig:
        known = {f.name for f in dataclasses.fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in known})


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(f"{name} must be a whole number from {low:,} to {high:,} (got {value!r}).")
