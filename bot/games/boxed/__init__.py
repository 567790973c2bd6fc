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

from bot.games.boxed.rules import (
    BoxedGame,
    BoxedOptions,
    BoxStakes,
    BuyRule,
    DealerRule,
    ExchangeRule,
    HandClass,
    PayTable,
    Phase,
    PrimaryPays,
    exchange_index,
    hand_class,
    shows_pair_of,
)
from bot.games.boxed.seat import Box
from bot.games.boxed.state import BoxedState
from bot.games.boxed.views import PrivateView, PublicView

__all__ = [
    "Box", "BoxStakes", "BoxedGame", "BoxedOptions",
    "BoxedState", "BuyRule", "DealerRule", "ExchangeRule", "HandClass", "PayTable", "Phase",
    "PrimaryPays", "PrivateView", "PublicView", "exchange_index",
    "hand_class", "shows_pair_of",
]
