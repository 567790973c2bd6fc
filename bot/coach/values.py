"""A hint's figures: each option's expected value, the best one, and how sure they are."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from bot.poker import Card, CardError, parse_cards

Method = Literal["exact", "sampled"]
Unit = Literal["ante", "point"]


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
    amount: int | None = None
    """Chips the move puts on a bet where the player names them (insurance)."""
    box: int | None = None
    """The box the move is for, where a player decides for several (the boxed games)."""
    cards: tuple[int, ...] | None = None
    """The cards the move gives up, where the player picks them (Imperial Poker's Draw)."""

    @property
    def name(self) -> str:
        """``"fold"``, ``"raise 4x"``, ``"insure 60 box1"``, ``"draw Kd 5s"``: the move as the
        command line names it."""
        return option_name(self.move, self.choice, self.amount, self.box, self.cards)

    def chips(self, ante: int) -> float:
        """The expected net result in chips, for a hand with ``ante`` chips on its Ante."""
        return float(self.ev) * ante


@dataclass(frozen=True)
class Hint:
    """Every option at one decision, best first."""

    options: tuple[OptionValue, ...]
    method: Method
    unit: Unit = "ante"
    """What the figures count: Antes, or Chinese Poker's points."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", tuple(sorted(self.options, key=lambda option: -option.ev)))

    @property
    def best(self) -> OptionValue:
        return self.options[0]

    def best_for(self, option: OptionValue) -> OptionValue:
        """The best option of ``option``'s choice: of its box's options where the hint holds
        several boxes' (a boxed game's exchange or blind boxes: one choice each), else of all."""
        boxes = {other.box for other in self.options if other.box is not None}
        if len(boxes) < 2:
            return self.best
        return next(other for other in self.options if other.box == option.box)

    def value_of(self, name: str) -> OptionValue:
        """The option named ``name``. An amount between two of the hint's amounts of the same
        move (insurance of 45 where the hint valued 30 and 60) is valued between them: each chip
        of such a bet settles alike, so its value is linear in the amount."""
        found = next((option for option in self.options if option.name == name), None)
        if found is not None:
            return found
        move, choice, amount, box, _ = parse_option(name)
        same = [option for option in self.options if option.amount is not None
                and (option.move, option.choice, option.box) == (move, choice, box)]
        ends = sorted(same, key=lambda option: option.amount or 0)
        if amount is None or len(ends) < 2 or not ends[0].amount < amount < ends[-1].amount:  # type: ignore[operator]
            raise KeyError(f"the hint has no option {name!r}")
        low, high = ends[0], ends[-1]
        assert low.amount is not None and high.amount is not None
        share = Fraction(amount - low.amount, high.amount - low.amount)
        ev = low.ev + (high.ev - low.ev) * share
        return OptionValue(move, ev, max(low.stderr, high.stderr), choice, amount, box)

    def to_json(self) -> dict[str, Any]:
        """The command line's answer: each option's EV in Antes (Chinese Poker: points, as
        ``unit`` says), the best move, the method, and the largest standard error of a sampled
        figure (0 when exact)."""
        options = [{"move": option.name, "ev": float(option.ev)} for option in self.options]
        return {"options": options,
                "best": self.best.name, "method": self.method,
                "stderr": max((option.stderr for option in self.options), default=0.0), "unit": self.unit}


def option_name(move: str, choice: int | None = None, amount: int | None = None,
                box: int | None = None, cards: Sequence[int] | None = None) -> str:
    """An option's name: the move's kind, a Raise's multiple (``"raise 2x"``), the chips of a bet
    the player sizes (``"bet+insure 60"``), the box it is for (``"insure 60 box2"``), the cards
    it gives up, in deck order (``"draw 5s Kd"``)."""
    parts = [move, f"{choice}x" if choice is not None else "", str(amount) if amount is not None else "",
             f"box{box}" if box is not None else "", *(str(Card(card)) for card in sorted(cards or ()))]
    return " ".join(part for part in parts if part)


class OptionParts(NamedTuple):
    move: str
    choice: int | None
    amount: int | None
    box: int | None
    cards: tuple[int, ...] = ()


def parse_option(name: str) -> OptionParts:
    """An option's name read back: the inverse of :func:`option_name`."""
    move, *rest = name.split(" ")
    choice = next((int(part[:-1]) for part in rest if part[:-1].isdecimal() and part.endswith("x")), None)
    amount = next((int(part) for part in rest if part.isdecimal()), None)
    box = next((int(part[3:]) for part in rest if part.startswith("box")), None)
    cards = tuple(int(card) for card in parse_cards(" ".join(part for part in rest if _is_card(part))))
    return OptionParts(move, choice, amount, box, cards)


def _is_card(part: str) -> bool:
    try:
        parse_cards(part)
    except CardError:
        return False
    return len(part) == 2


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

    names_more: bool = False
    """The function takes ``also``, one more option to value by name: a choice beyond those a
    hint lists (Imperial Poker's Draws of several cards), which a review asks for."""

    def run(self, also: str | None = None) -> Hint:
        """The hint; with ``also`` (where the function takes it), that option valued too."""
        if also is not None and self.names_more:
            return self.function(*self.args, also=also)
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
    simple_measured: Estimate | None = None
    """The simple strategy's figure from the simulator's long run, where it is far tighter than
    the sample's: with the gain it places the coach's return tighter than the sample can."""

    @property
    def anchored(self) -> Estimate | None:
        """The coach's return as the simple strategy's long-run figure plus the gain (their
        errors independent), where both are known."""
        if self.gain is None or self.simple_measured is None:
            return None
        stderr = (self.gain.stderr ** 2 + self.simple_measured.stderr ** 2) ** 0.5
        return Estimate(float(self.simple_measured.mean) + float(self.gain.mean), stderr, self.gain.samples)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "bet": f"{self.bets} per ante",
                "coach": 1 + float(self.coach.mean), "coach_method": self.coach.method,
                "coach_stderr": self.coach.stderr, "simple": 1 + float(self.simple.mean),
                "simple_method": self.simple.method, "simple_stderr": self.simple.stderr,
                "simple_strategy": self.simple_strategy, "samples": self.coach.samples,
                "gain": float(self.gain.mean) if self.gain else float(self.coach.mean - self.simple.mean),
                "gain_stderr": self.gain.stderr if self.gain else 0.0,
                **({"anchored": 1 + float(self.anchored.mean), "anchored_stderr": self.anchored.stderr}
                   if self.anchored else {})}
