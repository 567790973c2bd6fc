"""Imperial Poker: the boxed core (:mod:`bot.games.boxed`) configured with this game's data, and
the Draw added to its state machine.

``reading``  the primary and second combination and the Imperial Flush: :func:`combinations`
``rules``    :data:`IMPERIAL` (the game as data), its pay tables, the BET's payout and the Draw rule
``state``    :class:`ImperialState` (the core's round plus Draw), ``new_round``, ``restore_round``
``figures``  the simulated strategy and the figures it measured, for ``/imperial rules``
``sim``      the simulator plug-in (imported only by the simulator)
"""

from bot.games.imperial.reading import (
    IMPERIAL_FLUSH_VALUE,
    Reading,
    combinations,
    hand_text,
    hand_value,
    is_imperial_flush,
    read_hand,
)
from bot.games.imperial.rules import BET_PAYS, BONUS_PAYS, DRAW, IMPERIAL, DrawRule, ImperialPays
from bot.games.imperial.state import Draw, ImperialPrivateView, ImperialState, new_round, restore_round

__all__ = [
    "BET_PAYS",
    "BONUS_PAYS",
    "DRAW",
    "IMPERIAL",
    "IMPERIAL_FLUSH_VALUE",
    "Draw",
    "DrawRule",
    "ImperialPays",
    "ImperialPrivateView",
    "ImperialState",
    "Reading",
    "combinations",
    "hand_text",
    "hand_value",
    "is_imperial_flush",
    "new_round",
    "read_hand",
    "restore_round",
]
