"""The history of a High Card Flush round: one small frozen record per action.

Every state-changing call on :class:`bot.games.hcf.state.HCFState` returns one of these and
appends it to ``state.history``. Betting records carry ``flows``: the chips the action moved
between the player's table stack and play (:class:`bot.games.common.ChipFlow`); the deal's
flow is the DP's whole stack going into play as the bank. Records never hold a card that is
still hidden when they are made: the deal names only who got cards, and the DP's hand appears
in the showdown record, when it is revealed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bot.games.common import SeatId
from bot.games.hcf.banking import RAKE_BET
from bot.games.records import (
    ActionRecord,
    ClearBets,
    CloseBetting,
    Fold,
    Raise,
    SeatBet,
    SeatEvent,
    record_from_dict,
)
from bot.i18n import N_, Text, joined
from bot.poker import Card

__all__ = ["ACTION_TYPES", "Action", "AnteBet", "BankAccepted", "BankDeclined", "BonusBet", "ClearBets",
           "CloseBetting", "Deal", "Fold", "HandOpened", "HouseBanks", "Raise", "Showdown",
           "action_from_dict"]


Action = ActionRecord
"""Every record of a hand (``flows``: chips into play (+) or back to the stack (-))."""


class AnteBet(SeatBet, kind="ante"):
    """The seat's Ante set to ``amount`` (the flows add or take back the difference; the first
    Ante of a raked player also stakes the rake)."""

    title: ClassVar[str] = N_("Ante")

    @property
    def label(self) -> str:
        """``"Ante 10 + rake 2"``: a raked player's first Ante stakes the rake with it."""
        rake = sum(flow.amount for flow in self.flows if flow.bet == RAKE_BET)
        return joined([super().label, Text("rake {amount}", amount=rake)], " + ") if rake else super().label


class BonusBet(Action, kind="bonus"):
    """The seat's ``bonus`` (``"straight_flush"`` or ``"flush"``) set to ``amount``."""

    seat: SeatId
    bonus: str
    amount: int

    @property
    def label(self) -> str:
        if self.bonus == "straight_flush":
            return Text("Straight Flush bonus {amount}", amount=self.amount)
        return Text("Flush bonus {amount}", amount=self.amount)


class Deal(Action, kind="deal"):
    """Seven hidden cards to each of ``seats`` in order, then seven to the bank's hand;
    ``banker`` is the DP (its flow: the whole stack into play as the bank) or ``None``."""

    seats: tuple[SeatId, ...]
    banker: SeatId | None


class Showdown(Action, kind="showdown"):
    """The bank's hand revealed and every hand settled (see ``state.result``)."""

    cards: tuple[Card, ...]
    dp_qualified: bool
    dead: tuple[SeatId, ...]
    house_net: int

    @property
    def label(self) -> str:
        cards = " ".join(str(card) for card in self.cards)
        if self.dp_qualified:
            return Text("bank shows {cards}: qualifies", cards=cards)
        return Text("bank shows {cards}: does not qualify", cards=cards)


class HandOpened(SeatEvent, kind="hand_opened"):
    """A seated player opened the hand (the table's "Deal next hand")."""

    text: ClassVar[str] = N_("opens the hand")


class BankAccepted(SeatEvent, kind="bank_accepted"):
    """The seat accepted the designated player (DP) role: it banks this hand."""

    text: ClassVar[str] = N_("accepts the bank")


class BankDeclined(Action, kind="bank_declined"):
    """The seat declined the DP role: by answering (``how`` ``"declined"``), by letting the
    timer run out or leaving (``"timeout"``), or by betting before its turn (``"bet"``)."""

    seat: SeatId
    how: str

    @property
    def label(self) -> str:
        return Text({"timeout": N_("AUTO DECLINED the bank"), "bet": N_("bets, so declines the bank")}.get(
            self.how, N_("declines the bank")))


class HouseBanks(Action, kind="house_banks"):
    """Nobody banks this hand, so the house does, with unlimited funds. ``reason``:
    ``"declined"`` (every qualifying player declined) or ``"nobody qualifies"``."""

    reason: str

    @property
    def label(self) -> str:
        return Text("the house banks ({reason})", reason=self.reason)


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (AnteBet, BonusBet, ClearBets, CloseBetting, Deal, Raise, Fold, Showdown,
                              HandOpened, BankAccepted, BankDeclined, HouseBanks)
}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    return record_from_dict(ACTION_TYPES, data)
