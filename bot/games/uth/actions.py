"""The history of an Ultimate Texas Hold'em round: one small frozen record per action.

Every state-changing call on :class:`bot.games.uth.state.UTHState` returns one of these and
appends it to ``state.history``; the history is what the runtime saves, replays and renders.
Betting records carry ``flows``: the chips that the action moved between the player's wallet
and play (see :class:`bot.games.common.ChipFlow`). Records never hold a card that is still
hidden at the moment they are made, so the history may be shown to the table as it grows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bot.games.common import SeatId
from bot.games.records import (
    ActionRecord,
    ClearBets,
    CloseBetting,
    Deal,
    Fold,
    Raise,
    Rejection,
    SeatBet,
    Showdown,
    UndoBet,
    record_from_dict,
)
from bot.i18n import N_, Text
from bot.poker import Card

__all__ = ["ACTION_TYPES", "Action", "AnteBet", "Check", "ClearBets", "CloseBetting", "Deal", "DoubleBets",
           "Fold", "Raise", "Rebet", "Rejection", "Reveal", "Showdown", "TripsBet", "UndoBet",
           "action_from_dict"]


Action = ActionRecord
"""Every record of a round (``flows``: chips into play (+) or back to the wallet (-))."""


class AnteBet(Action, kind="ante"):
    """An Ante of ``amount`` chips and the Blind of the same size placed with it."""

    seat: SeatId
    amount: int

    @property
    def label(self) -> str:
        return Text("Ante {amount} + Blind {amount}", amount=self.amount)


class TripsBet(SeatBet, kind="trips"):
    title: ClassVar[str] = N_("Trips")


class Rebet(Action, kind="rebet"):
    """Last round's Ante (with its Blind) and Trips placed again in one step."""

    seat: SeatId
    ante: int
    trips: int


class DoubleBets(Action, kind="double"):
    """Every bet of the seat doubled, each capped at its table maximum: the chips added."""

    seat: SeatId
    ante: int
    trips: int


class Reveal(Action, kind="reveal"):
    """Board cards turned face up: ``street`` is "flop" or "turn and river"."""

    street: str
    cards: tuple[Card, ...]

    @property
    def label(self) -> str:
        cards = " ".join(str(card) for card in self.cards)
        return Text("{street}: {cards}", street=Text(self.street), cards=cards)


class Check(Action, kind="check"):
    """No Raise on ``street``; ``auto`` when the timer ran out (seed: "AUTO CHECKED")."""

    seat: SeatId
    street: str
    auto: bool

    @property
    def label(self) -> str:
        return Text("AUTO CHECKED") if self.auto else Text("CHECK")


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        AnteBet, TripsBet, Rebet, DoubleBets, UndoBet, ClearBets, CloseBetting, Deal, Reveal,
        Check, Raise, Fold, Showdown,
    )
}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    return record_from_dict(ACTION_TYPES, data)
