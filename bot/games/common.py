"""Types every rules engine shares: the refusal error, chip flows and the settlement.

A table runtime drives an engine with player decisions and moves chips from what the engine
returns, never from its own arithmetic:

* every betting action returns :class:`ChipFlow` records: chips that leave a player's wallet
  and go into play (positive ``amount``) or come back out of play (negative ``amount``: an
  Undo, a bet rejected when the betting window closes);
* the end of a round returns a :class:`Settlement`: one :class:`SettlementLine` per bet with
  the chips staked on it and the chips handed back (stake plus winnings, 0 when lost).

Seats are identified by the caller's player id (a Discord user id, an ``int``). Everything
here converts to and from plain JSON-able dicts so that a round can be saved after every
action and resumed after a crash.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Concatenate, NamedTuple, ParamSpec, TypeVar

from bot.i18n import Refusal

SeatId = int
"""The caller's player id for a seat (a Discord user id)."""

P = TypeVar("P", bound=Hashable)
"""A player as an engine's pure helpers name them (a seat id at a table, a name in a worked example)."""


S = TypeVar("S")
Params = ParamSpec("Params")


class NamedStep(IntEnum):
    """A phase or a segment: ordered by value, saved and shown by its lower-case name."""

    @property
    def label(self) -> str:
        """``"betting"``: the name rounds are saved with and timers key on."""
        return self.name.lower()


def verify_saved(data: Mapping[str, Any], game: str, what: str, version: int = 1) -> None:
    """Refuse ``data`` (``ValueError``) unless ``game``'s engine saved it in format ``version``:
    a round is never restored from another game's state or an unknown format. ``what`` names
    it in the message ("Three Card Poker round")."""
    if data.get("game") != game or data.get("version") != version:
        raise ValueError(f"not a saved {what} (game {game!r}, version {version})")


class RuleError(Refusal):
    """An action the rules do not allow now: a reason a player can read, a catalogue text with
    its values (``RuleError("Bets are {low} to {high}.", low=10, high=500)``)."""


CommandNamed = tuple[str, Mapping[str, Any]]
"""An action whose command a text names, with the options it shows."""


class TableWordsError(RuleError):
    """A refusal that names the table's own commands or buttons, which the rules do not know:
    each ``{name}`` of ``commands`` is filled in by the table with its command for that action
    (``{"buyin": ("buyin", {"amount": 200})}`` reads "/chinese buyin amount:200"; an option of
    ``...`` is a blank to fill in), each of ``buttons`` with that action's button label."""

    def __init__(self, message: str, /, *, commands: Mapping[str, CommandNamed] | None = None,
                 buttons: Mapping[str, str] | None = None, **values: Any) -> None:
        self.commands, self.buttons = dict(commands or {}), dict(buttons or {})
        super().__init__(message, **dict.fromkeys((*self.commands, *self.buttons), "\u2026"), **values)


class OptionError(Refusal, ValueError):
    """Options a round cannot be played with (an admin's table settings): a catalogue text the
    admin reads in their language."""


def allowed(verify: Callable[..., None], *args: Any, **kwargs: Any) -> bool:
    """True when ``verify(*args, **kwargs)`` passes: the rules allow that action now."""
    try:
        verify(*args, **kwargs)
    except RuleError:
        return False
    return True


def permits(verify: Callable[Concatenate[S, Params], None]) -> Callable[Concatenate[S, Params], bool]:
    """``can_x = permits(verify_x)`` in a state class: ``can_x(...)`` is True when
    ``verify_x(...)`` would pass (pokerkit's verify/can/act trio, the ``can`` written once)."""

    name = verify.__name__  # looked up on the instance: a subclass's own verify_x counts

    def can(self: S, /, *args: Params.args, **kwargs: Params.kwargs) -> bool:
        return allowed(getattr(self, name), *args, **kwargs)

    can.__doc__ = f"Whether ``{verify.__name__}`` passes: the rules allow it now."  # not prose
    return can


def clockwise_turn(
    seated: Sequence[P],
    previous: P | None,
    previous_order: Sequence[P] = (),
    passed_over: Collection[P] = (),
) -> tuple[P, ...]:
    """Everyone ``seated`` (clockwise) in turn order, the turn going on from ``previous``.

    The one rule for a role that moves round the table (High Card Flush's bank offer, Chinese
    Poker's button): the seat after ``previous`` first, ``previous`` last while still seated.
    When ``previous`` has left, the turn goes on from their place in ``previous_order`` (the
    clockwise order they sat in): it starts at the first player who sat after them then, is
    still seated and is not ``passed_over`` (a newcomer who may have come back to another
    place). With no ``previous``, or nobody to go on from, it starts at the first seat.
    """
    seats = tuple(seated)
    if len(set(seats)) != len(seats):
        raise ValueError("a seat appears twice in the clockwise order")
    start = None
    if previous is not None and previous in seats:
        start = seats.index(previous) + 1
    elif previous is not None and previous in previous_order:
        at = list(previous_order).index(previous)
        after = [*previous_order[at + 1:], *previous_order[:at]]
        successor = next((seat for seat in after if seat in seats and seat not in passed_over), None)
        start = None if successor is None else seats.index(successor)
    if start is None:
        return seats
    return seats[start:] + seats[:start]


class ChipFlow(NamedTuple):
    """Chips moving between a player's wallet and play, for one bet.

    ``amount`` > 0: from the wallet into play (the bet is staked before any card is dealt).
    ``amount`` < 0: out of play back to the wallet (Undo, a rejected bet, a bet withdrawn).
    """

    seat: SeatId
    bet: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "bet": self.bet, "amount": self.amount}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChipFlow:
        return cls(int(data["seat"]), str(data["bet"]), int(data["amount"]))


def chips_of(flows: Iterable[ChipFlow], seat: SeatId) -> int:
    """Net chips ``seat`` puts into play through ``flows`` (negative: chips coming back)."""
    return sum(flow.amount for flow in flows if flow.seat == seat)


class SettlementLine(NamedTuple):
    """How one bet of one seat ended.

    ``staked`` is what was in play on the bet, ``returned`` everything handed back to the
    player (stake plus winnings; equal to ``staked`` on a push, 0 when lost). ``outcome`` is a
    short word: ``"win"``, ``"push"``, ``"lose"`` or ``"fold"``.
    """

    seat: SeatId
    bet: str
    staked: int
    returned: int
    outcome: str

    @property
    def net(self) -> int:
        """The player's gain on this bet (negative when lost)."""
        return self.returned - self.staked

    def to_dict(self) -> dict[str, Any]:
        return self._asdict()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SettlementLine:
        return cls(
            int(data["seat"]), str(data["bet"]), int(data["staked"]), int(data["returned"]),
            str(data["outcome"]),
        )


def hand_lines(seat: SeatId, rows: Iterable[tuple[str, int, int]], *, folded: bool,
               side_bets: Collection[str]) -> tuple[SettlementLine, ...]:
    """One hand's settlement lines from ``(bet, staked, returned)`` rows, in their order; a
    row with nothing staked is left out. A folded hand's bets read "fold", except its
    ``side_bets`` (settled on the hand alone, win or lose as they fall)."""
    lines = []
    for bet, staked, back in rows:
        if staked == 0:
            continue
        if folded and bet not in side_bets:
            outcome = "fold"
        elif back > staked:
            outcome = "win"
        else:
            outcome = "push" if back == staked else "lose"
        lines.append(SettlementLine(seat, bet, staked, back, outcome))
    return tuple(lines)


@dataclass(frozen=True)
class SeatSummary:
    """One seat's round in three numbers: chips in play, chips handed back, and the net."""

    seat: SeatId
    staked: int
    returned: int

    @property
    def net(self) -> int:
        return self.returned - self.staked

    @property
    def outcome(self) -> str:
        """``"win"``, ``"push"`` or ``"lose"``, by the net over all the seat's bets."""
        if self.net > 0:
            return "win"
        return "push" if self.net == 0 else "lose"


@dataclass(frozen=True)
class Settlement:
    """Every bet's result for a round, in a fixed order (seat order, then bet order).

    The runtime moves ``returned`` of each line from escrow to the player's wallet and the
    rest of the escrow (``house_net``, negative when the house pays out more) to the house.
    """

    lines: tuple[SettlementLine, ...]

    @property
    def summary(self) -> dict[SeatId, SeatSummary]:
        """Per seat, in the order seats first appear in ``lines``."""
        staked: dict[SeatId, int] = {}
        returned: dict[SeatId, int] = {}
        for line in self.lines:
            staked[line.seat] = staked.get(line.seat, 0) + line.staked
            returned[line.seat] = returned.get(line.seat, 0) + line.returned
        return {seat: SeatSummary(seat, staked[seat], returned[seat]) for seat in staked}

    @property
    def total_staked(self) -> int:
        return sum(line.staked for line in self.lines)

    @property
    def total_returned(self) -> int:
        return sum(line.returned for line in self.lines)

    @property
    def house_net(self) -> int:
        """What the house keeps (negative: what it pays out beyond the stakes)."""
        return self.total_staked - self.total_returned

    def lines_of(self, seat: SeatId) -> tuple[SettlementLine, ...]:
        return tuple(line for line in self.lines if line.seat == seat)

    def to_dict(self) -> dict[str, Any]:
        return {"lines": [line.to_dict() for line in self.lines]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settlement:
        return cls(tuple(SettlementLine.from_dict(line) for line in data["lines"]))
