"""The shared core of the boxed dealer games: 2 Plus 4 Poker, and later Imperial Poker.

A game is data (:class:`BoxedGame`: the dealer's cards, the qualifier, pay tables, the Buy and
exchange rules, how Antes are paid); a table's limits are :class:`BoxedOptions`; one round is a
:class:`BoxedState` driven by verify/can/act trios.

``rules``    hand classes, pay tables, the game and table data, :func:`settle_box`
``seat``     a player's boxes and their stages
``betting``  the betting window's rules for one player's boxes (pure functions)
``showdown`` the dealer's exchange and the settlement lines (pure functions)
``state``    :class:`BoxedState`, the round's state machine
``actions``  the frozen records of the round's history
``views``    the public (table) and private (one player's) views
"""

from bot.games.boxed.actions import (
    Action,
    Bet,
    Buy,
    ChooseOpenBoxes,
    ClearBets,
    CloseBetting,
    Deal,
    DealerExchange,
    DealerReveal,
    ExchangeConfirm,
    ExchangePick,
    Fold,
    GoOn,
    Insure,
    PlaceAnte,
    PlaceBonus,
    Rebet,
    Rejection,
    ShowBoxes,
    Showdown,
    UndoBet,
)
from bot.games.boxed.rules import (
    AK_HIGH_MIN,
    AntePay,
    BetPays,
    BoxedGame,
    BoxedOptions,
    BoxKind,
    BoxReturns,
    BoxShowdown,
    BoxStakes,
    BuyRule,
    DealerRule,
    ExchangeRule,
    HandClass,
    PayTable,
    Phase,
    PrimaryPays,
    cap_round,
    class_minimum,
    exchange_index,
    hand_class,
    insurance_limits,
    settle_box,
    shows_pair_of,
)
from bot.games.boxed.seat import Box, Seat, bet_name
from bot.games.boxed.state import BoxedState
from bot.games.boxed.views import (
    BoxView,
    ExchangeView,
    PrivateBoxView,
    PrivateView,
    PublicView,
    SeatView,
    hand_name,
)

__all__ = [
    "AK_HIGH_MIN",
    "Action",
    "AntePay",
    "Bet",
    "BetPays",
    "Box",
    "BoxKind",
    "BoxReturns",
    "BoxShowdown",
    "BoxStakes",
    "BoxView",
    "BoxedGame",
    "BoxedOptions",
    "BoxedState",
    "Buy",
    "BuyRule",
    "ChooseOpenBoxes",
    "ClearBets",
    "CloseBetting",
    "Deal",
    "DealerExchange",
    "DealerReveal",
    "DealerRule",
    "ExchangeConfirm",
    "ExchangePick",
    "ExchangeRule",
    "ExchangeView",
    "Fold",
    "GoOn",
    "HandClass",
    "Insure",
    "PayTable",
    "Phase",
    "PlaceAnte",
    "PlaceBonus",
    "PrimaryPays",
    "PrivateBoxView",
    "PrivateView",
    "PublicView",
    "Rebet",
    "Rejection",
    "Seat",
    "SeatView",
    "ShowBoxes",
    "Showdown",
    "UndoBet",
    "bet_name",
    "cap_round",
    "class_minimum",
    "exchange_index",
    "hand_class",
    "hand_name",
    "insurance_limits",
    "settle_box",
    "shows_pair_of",
]
