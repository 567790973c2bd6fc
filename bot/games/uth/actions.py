"""The history of an Ultimate Texas Hold'em round: one small frozen record per action.

Every state-changing call on :class:`bot.games.uth.state.UTHState` returns one of these and
appends it to ``state.history``; the history is what the runtime saves, replays and renders.
Betting records carry ``flows``: the chips that the action moved between the player's wallet
and play (see :class:`bot.games.common.ChipFlow`). Records never hold a card that is still
hidden at the moment they are made, so the history may be shown to the table as it grows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from bot.games.common import ChipFlow, SeatId
from bot.games.records import ActionRecord, FieldCodec, record_from_dict
from bot.games.records import Rejection as Rejection  # re-exported: the engines name it from here
from bot.poker import Card


@dataclass(frozen=True, kw_only=True)
class Action(ActionRecord):
    """Base of every record. ``flows``: chips into play (+) or back to the wallet (-)."""

    encode_field: ClassVar[FieldCodec] = staticmethod(lambda name, value: _encode(name, value))

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Action:
        return record_from_dict(ACTION_TYPES, data, _decode)


@dataclass(frozen=True, kw_only=True)
class AnteBet(Action):
    """An Ante of ``amount`` chips and the Blind of the same size placed with it."""

    kind: ClassVar[str] = "ante"
    seat: SeatId
    amount: int

    @property
    def label(self) -> str:
        return f"Ante {self.amount} + Blind {self.amount}"


@dataclass(frozen=True, kw_only=True)
class TripsBet(Action):
    kind: ClassVar[str] = "trips"
    seat: SeatId
    amount: int

    @property
    def label(self) -> str:
        return f"Trips {self.amount}"


@dataclass(frozen=True, kw_only=True)
class Rebet(Action):
    """Last round's Ante (with its Blind) and Trips placed again in one step."""

    kind: ClassVar[str] = "rebet"
    seat: SeatId
    ante: int
    trips: int


@dataclass(frozen=True, kw_only=True)
class DoubleBets(Action):
    """Every bet of the seat doubled, each capped at its table maximum: the chips added."""

    kind: ClassVar[str] = "double"
    seat: SeatId
    ante: int
    trips: int


@dataclass(frozen=True, kw_only=True)
class UndoBet(Action):
    """The seat's most recent placement (``undone`` names its kind) taken back."""

    kind: ClassVar[str] = "undo"
    seat: SeatId
    undone: str


@dataclass(frozen=True, kw_only=True)
class ClearBets(Action):
    """All of the seat's bets taken back at once."""

    kind: ClassVar[str] = "clear"
    seat: SeatId


@dataclass(frozen=True, kw_only=True)
class CloseBetting(Action):
    """The window closed: ``seats`` play the round, ``rejected`` bets were refunded."""

    kind: ClassVar[str] = "close_betting"
    seats: tuple[SeatId, ...]
    rejected: tuple[Rejection, ...]


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """Two cards to each seat in ``seats`` and to the dealer, five to the board; all hidden."""

    kind: ClassVar[str] = "deal"
    seats: tuple[SeatId, ...]


@dataclass(frozen=True, kw_only=True)
class Reveal(Action):
    """Board cards turned face up: ``street`` is "flop" or "turn and river"."""

    kind: ClassVar[str] = "reveal"
    street: str
    cards: tuple[Card, ...]

    @property
    def label(self) -> str:
        return f"{self.street}: {' '.join(str(card) for card in self.cards)}"


@dataclass(frozen=True, kw_only=True)
class Check(Action):
    """No Raise on ``street``; ``auto`` when the timer ran out (seed: "AUTO CHECKED")."""

    kind: ClassVar[str] = "check"
    seat: SeatId
    street: str
    auto: bool

    @property
    def label(self) -> str:
        return "AUTO CHECKED" if self.auto else "CHECK"


@dataclass(frozen=True, kw_only=True)
class Raise(Action):
    """A Play bet of ``multiple`` x Ante (``amount`` chips) placed on ``street``."""

    kind: ClassVar[str] = "raise"
    seat: SeatId
    street: str
    multiple: int
    amount: int

    @property
    def label(self) -> str:
        return f"RAISE {self.multiple}x"


@dataclass(frozen=True, kw_only=True)
class Fold(Action):
    """Out on the river, Ante and Blind lost; ``auto`` when the timer ran out ("AUTO FOLDED")."""

    kind: ClassVar[str] = "fold"
    seat: SeatId
    auto: bool

    @property
    def label(self) -> str:
        return "AUTO FOLDED" if self.auto else "FOLD"


@dataclass(frozen=True, kw_only=True)
class Showdown(Action):
    """All cards face up and every bet settled (see ``state.settlement``)."""

    kind: ClassVar[str] = "showdown"
    dealer_qualified: bool
    house_net: int


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        AnteBet, TripsBet, Rebet, DoubleBets, UndoBet, ClearBets, CloseBetting, Deal, Reveal,
        Check, Raise, Fold, Showdown,
    )
}


def _encode(name: str, value: Any) -> Any:
    if name == "flows":
        return [flow.to_dict() for flow in value]
    if name == "cards":
        return [str(card) for card in value]
    if name == "rejected":
        return [rejection._asdict() for rejection in value]
    if name == "seats":
        return list(value)
    return value


def _decode(name: str, value: Any) -> Any:
    if name == "flows":
        return tuple(ChipFlow.from_dict(flow) for flow in value)
    if name == "cards":
        return tuple(Card(card) for card in value)
    if name == "rejected":
        return tuple(Rejection.from_dict(item) for item in value)
    if name == "seats":
        return tuple(int(seat) for seat in value)
    return value
