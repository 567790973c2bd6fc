"""The history of a Three Card Poker round: one small frozen record per action.

Betting records carry ``flows`` (chips from the wallet into play, or back); no record holds a
card while it is hidden, so the history may be shown to the table as it grows. Records every
game shares (Undo, Clear, the window's close, Fold, the deal, the showdown) come from
:mod:`bot.games.records`.
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
    SeatBet,
    Showdown,
    UndoBet,
    record_from_dict,
)
from bot.games.threecard.rules import BET_NAMES
from bot.i18n import N_, Text


class PlaceBet(ActionRecord, kind="bet"):
    """``amount`` chips added to the seat's ``bet``: ``"ante"`` or ``"pairplus"``."""

    seat: SeatId
    bet: str
    amount: int

    @property
    def label(self) -> str:
        return Text("{bet} {amount}", bet=Text(BET_NAMES[self.bet]), amount=self.amount)


class Rebet(ActionRecord, kind="rebet"):
    """Last round's Ante and Pair Plus placed again in one step."""

    seat: SeatId
    ante: int
    pairplus: int


class Play(SeatBet, kind="play"):
    """The hand played: a Play bet equal to the Ante."""

    title: ClassVar[str] = N_("PLAY")


ACTION_TYPES: dict[str, type[ActionRecord]] = {
    cls.kind: cls
    for cls in (PlaceBet, Rebet, UndoBet, ClearBets, CloseBetting, Deal, Play, Fold, Showdown)
}


def action_from_dict(data: Mapping[str, Any]) -> ActionRecord:
    return record_from_dict(ACTION_TYPES, data)
