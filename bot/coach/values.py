"""A hint's figures: each option's expected value, the best one, and how sure they are."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

Method = Literal["exact", "sampled"]


@dataclass(frozen=True)
class OptionValue:
    """One option at a decision: its move (``"play"``, ``"raise 4x"``), the hand's expected net
    result with it in Antes (exact as a fraction, or a sampled mean), and that mean's standard
    error (0 when exact)."""

    move: str
    ev: Fraction | float
    stderr: float = 0.0
    choice: int | None = None
    """The move's value where it has several (a Raise's multiple)."""

    @property
    def name(self) -> str:
        """``"fold"``, ``"raise 4x"``: the move as the command line names it."""
        return self.move if self.choice is None else f"{self.move} {self.choice}x"

    def chips(self, ante: int) -> float:
        """The expected net result in chips, for a hand with ``ante`` chips on its Ante."""
        return float(self.ev) * ante


@dataclass(frozen=True)
class Hint:
    """Every option at one decision, best first."""

    options: tuple[OptionValue, ...]
    method: Method

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", tuple(sorted(self.options, key=lambda option: -option.ev)))

    @property
    def best(self) -> OptionValue:
        return self.options[0]

    def value_of(self, name: str) -> OptionValue:
        return next(option for option in self.options if option.name == name)

    def to_json(self) -> dict[str, Any]:
        """The command line's answer: each option's EV in Antes, the best move, the method, and
        the standard error of a sampled figure (0 when exact)."""
        return {"options": [{"move": option.name, "ev": float(option.ev)} for option in self.options],
                "best": self.best.name, "method": self.method,
                "stderr": max((option.stderr for option in self.options), default=0.0)}


@dataclass(frozen=True)
class HintRequest:
    """A hint to compute: the coach's function for the game and what the seat can see, as plain
    values a worker process can take (never another player's cards or the deck)."""

    function: Callable[..., Hint]
    args: tuple[Any, ...]
    ante: int
    """The hand's Ante in chips: what one Ante of the hint's figures is worth here."""
    moves: frozenset[str]
    """The kinds of the engine's moves the hint values (``{"raise", "fold"}``): the seat's
    decision is made with one of them."""

    def run(self) -> Hint:
        return self.function(*self.args)


@dataclass(frozen=True)
class Estimate:
    """A mean net result in Antes: exact (a fraction, ``stderr`` 0), or sampled over ``samples``
    draws with its standard error."""

    mean: Fraction | float
    stderr: float = 0.0
    samples: int = 0

    @property
    def method(self) -> Method:
        return "sampled" if self.samples else "exact"

    @classmethod
    def of_samples(cls, values: list[float]) -> Estimate:
        """The mean of ``values`` with its standard error (the sample's deviation / sqrt(n))."""
        count = len(values)
        mean = sum(values) / count
        variance = sum((value - mean) ** 2 for value in values) / (count - 1)
        return cls(mean, (variance / count) ** 0.5, count)


@dataclass(frozen=True)
class StrategyReturn:
    """What the coach's best play returns at a game, beside the documented simple strategy's:
    each a mean net result per Ante of the bets the coach values (``bets``)."""

    game: str
    bets: str
    coach: Estimate
    simple: Estimate
    simple_strategy: str
    how: str
    """How the figures were found, in a few words ("every deal enumerated")."""
    gain: Estimate | None = None
    """The coach's gain over the simple strategy where both were sampled on the same hands: the
    mean of the hand-by-hand differences, far tighter than either figure."""

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "bet": f"{self.bets} per ante",
                "coach": 1 + float(self.coach.mean), "coach_method": self.coach.method,
                "coach_stderr": self.coach.stderr, "simple": 1 + float(self.simple.mean),
                "simple_method": self.simple.method, "simple_stderr": self.simple.stderr,
                "simple_strategy": self.simple_strategy, "samples": self.coach.samples,
                "gain": float(self.gain.mean) if self.gain else float(self.coach.mean - self.simple.mean),
                "gain_stderr": self.gain.stderr if self.gain else 0.0}
