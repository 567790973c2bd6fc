"""The history of a boxed-game round: one small frozen record per action.

Every state-changing call on :class:`bot.games.boxed.state.BoxedState` returns one of these and
appends it to ``state.history``. Records that move chips carry ``flows`` (see
:class:`bot.games.common.ChipFlow`; bet names like ``"box1 ante"``). A record never holds a
card that is hidden at the moment it is made (a bought card, a player's box), so the history
may be shown to the table as it grows; the dealer's cards appear in it once they are face up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bot.games.common import SeatId
from bot.games.records import (
    ActionRecord,
    ClearBets,
    CloseBetting,
    Rejection,
    SeatBet,
    UndoBet,
    record_from_dict,
)
from bot.i18n import N_, Text
from bot.poker import Card

__all__ = ["ACTION_TYPES", "Action", "Bet", "Buy", "ChooseOpenBoxes", "ClearBets", "CloseBetting", "Deal",
           "DealerExchange", "DealerReveal", "ExchangeConfirm", "ExchangePick", "Fold", "GoOn", "Insure",
           "PlaceAnte", "PlaceBonus", "Rebet", "Rejection", "ShowBoxes", "Showdown", "UndoBet",
           "action_from_dict"]


Action = ActionRecord
"""Every record of a round (``flows``: chips into play (+) or back to the wallet (-))."""


# ------------------------------------------------------------------------------- betting


class BoxBet(SeatBet):
    """``amount`` chips on the ``title`` bet of the seat's ``box``."""

    box: int

    @property
    def label(self) -> str:
        return Text("box {box}: {action}", box=self.box, action=super().label)


class PlaceAnte(BoxBet, kind="ante"):
    """``amount`` chips added to the Ante of ``box`` (and the BET of every box this makes blind)."""

    title: ClassVar[str] = N_("Ante")


class PlaceBonus(BoxBet, kind="bonus"):
    title: ClassVar[str] = N_("Bonus")


class Rebet(Action, kind="rebet"):
    """Last round's boxes placed again in one step: ``bets`` are ``(box, ante, bonus)``."""

    seat: SeatId
    bets: tuple[tuple[int, int, int], ...]


class ChooseOpenBoxes(Action, kind="open_boxes"):
    """The seat plays ``count`` boxes open; the other boxes with an Ante are blind (their BET
    goes into play, or comes back to a box that turns open)."""

    seat: SeatId
    count: int

    @property
    def label(self) -> str:
        if self.count > 1:
            return Text("plays {count} open boxes", count=self.count)
        return Text("plays 1 open box")


class Deal(Action, kind="deal"):
    """Cards to every box of ``seats`` (hidden) and to the dealer; ``dealer_up`` face up."""

    seats: tuple[SeatId, ...]
    dealer_up: tuple[Card, ...]


# ----------------------------------------------------------------------------- decisions


class Buy(Action, kind="buy"):
    """A sixth card bought for ``cost`` chips; ``forced_bet`` > 0 when the BET was placed with it."""

    seat: SeatId
    box: int
    cost: int
    forced_bet: int

    @property
    def label(self) -> str:
        if self.forced_bet:
            return Text("box {box}: BUY (BET placed automatically)", box=self.box)
        return Text("box {box}: BUY", box=self.box)


class Bet(Action, kind="bet"):
    """The BET (``amount`` = 2 x Ante) placed on an open box, with ``insurance`` bought first."""

    seat: SeatId
    box: int
    amount: int
    insurance: int

    @property
    def label(self) -> str:
        if self.insurance:
            return Text("box {box}: BET {amount} + Insurance {insurance}", box=self.box, amount=self.amount,
                        insurance=self.insurance)
        return Text("box {box}: BET {amount}", box=self.box, amount=self.amount)


class Fold(Action, kind="fold"):
    """An open box given up, its Ante lost; ``auto`` when the timer ran out."""

    seat: SeatId
    box: int
    auto: bool

    @property
    def label(self) -> str:
        action = Text("AUTO FOLDED") if self.auto else Text("FOLD")
        return Text("box {box}: {action}", box=self.box, action=action)


class Insure(BoxBet, kind="insure"):
    """Insurance bought on a box whose BET was placed automatically (after a Buy, or blind)."""

    title: ClassVar[str] = N_("Insurance")


class GoOn(Action, kind="go_on"):
    """"Go on": done with ``box`` (0: the blind boxes' insurance); ``auto`` on a timeout."""

    seat: SeatId
    box: int
    auto: bool

    @property
    def label(self) -> str:
        action = Text("AUTO GO ON") if self.auto else Text("GO ON")
        return Text("box {box}: {action}", box=self.box, action=action) if self.box else Text(
            "blind boxes: {action}", action=action)


class ShowBoxes(Action, kind="show_boxes"):
    """The seat's blind (and bonus-only) ``boxes`` turned for their player, after the last
    open-box decision; still hidden from the table."""

    seat: SeatId
    boxes: tuple[int, ...]

    @property
    def label(self) -> str:
        return Text("blind boxes turned: {boxes}", boxes=", ".join(str(box) for box in self.boxes))


class DealerReveal(Action, kind="dealer_reveal"):
    """Every decision made: the dealer's ``cards`` face up, and whether the dealer qualified."""

    cards: tuple[Card, ...]
    qualified: bool

    @property
    def label(self) -> str:
        cards = " ".join(str(card) for card in self.cards)
        return (Text("dealer: {cards} (qualifies)", cards=cards) if self.qualified
                else Text("dealer: {cards} (does not qualify)", cards=cards))


# ------------------------------------------------------------------------------ exchange


class ExchangePick(Action, kind="exchange_pick"):
    """A click on a box in the exchange phase: ``picked`` True requests, False cancels."""

    seat: SeatId
    box: int
    picked: bool

    @property
    def label(self) -> str:
        return (Text("box {box}: exchange requested", box=self.box) if self.picked
                else Text("box {box}: exchange cancelled", box=self.box))


class ExchangeConfirm(Action, kind="exchange_confirm"):
    """"Go on" in the exchange phase: ``boxes`` give their Ante to exchange (empty: none)."""

    seat: SeatId
    boxes: tuple[int, ...]
    auto: bool

    @property
    def label(self) -> str:
        prefix = Text("AUTO GO ON") if self.auto else Text("GO ON")
        if not self.boxes:
            return Text("{action}: no exchange", action=prefix)
        return Text("{action}: exchange on box {boxes}", action=prefix,
                    boxes=", ".join(str(box) for box in self.boxes))


class DealerExchange(Action, kind="dealer_exchange"):
    """The dealer's highest card replaced: ``replaced[i]`` gave way to ``drawn[i]`` (more than
    one only with free repeats); ``boxes`` are the ``(seat, box)`` pairs that asked for it."""

    replaced: tuple[Card, ...]
    drawn: tuple[Card, ...]
    boxes: tuple[tuple[int, int], ...]
    qualified: bool

    @property
    def label(self) -> str:
        swaps = ", ".join(f"{old} -> {new}" for old, new in zip(self.replaced, self.drawn, strict=True))
        return (Text("dealer exchange {swaps} (qualifies)", swaps=swaps) if self.qualified
                else Text("dealer exchange {swaps} (still does not qualify)", swaps=swaps))


class Showdown(Action, kind="showdown"):
    """Every bet settled (see ``state.settlement``)."""

    house_net: int


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        PlaceAnte, PlaceBonus, Rebet, ChooseOpenBoxes, UndoBet, ClearBets, CloseBetting, Deal, Buy, Bet, Fold,
        Insure, GoOn, ShowBoxes, DealerReveal, ExchangePick, ExchangeConfirm, DealerExchange,
        Showdown,
    )
}

_CARD_FIELDS = frozenset({"dealer_up", "cards", "replaced", "drawn"})


def action_from_dict(data: Mapping[str, Any]) -> Action:
    return record_from_dict(ACTION_TYPES, data)
