"""Ultimate Texas Hold'em: the pure rules engine (seed ``ultimate-texas-holdem.de.txt``).

``rules``   options, pay tables, the phases and :func:`settle_hand` (one hand's settlement)
``state``   :class:`UTHState`, the round's state machine with its verify/can/act trios
``actions`` the frozen records of the round's history
``views``   the public (table) and private (one seat's) views
``sim``     the simulator plug-in and its basic strategy (imported only by the simulator)
"""

from bot.games.uth.actions import (
    Action,
    AnteBet,
    Check,
    ClearBets,
    CloseBetting,
    Deal,
    DoubleBets,
    Fold,
    Raise,
    Rebet,
    Rejection,
    Reveal,
    Showdown,
    TripsBet,
    UndoBet,
)
from bot.games.uth.rules import (
    BLIND_PAYS,
    RAISE_MULTIPLES,
    TRIPS_PAYS,
    HandReturns,
    PayTable,
    Phase,
    UTHOptions,
    dealer_qualifies,
    settle_hand,
    settlement_lines,
)
from bot.games.uth.state import UTHBets, UTHSeat, UTHState
from bot.games.uth.views import PrivateView, PublicView, SeatView, hand_name

__all__ = [
    "BLIND_PAYS",
    "RAISE_MULTIPLES",
    "TRIPS_PAYS",
    "Action",
    "AnteBet",
    "Check",
    "ClearBets",
    "CloseBetting",
    "Deal",
    "DoubleBets",
    "Fold",
    "HandReturns",
    "PayTable",
    "Phase",
    "PrivateView",
    "PublicView",
    "Raise",
    "Rebet",
    "Rejection",
    "Reveal",
    "SeatView",
    "Showdown",
    "TripsBet",
    "UTHBets",
    "UTHOptions",
    "UTHSeat",
    "UTHState",
    "UndoBet",
    "dealer_qualifies",
    "hand_name",
    "settle_hand",
    "settlement_lines",
]
