"""Ultimate Texas Hold'em: the pure rules engine (seed ``ultimate-texas-holdem.de.txt``).

``rules``   options, pay tables, the phases and :func:`settle_hand` (one hand's settlement)
``state``   :class:`UTHState`, the round's state machine with its verify/can/act trios
``actions`` the frozen records of the round's history
``views``   the public (table) and private (one seat's) views
``sim``     the simulator plug-in and its basic strategy (imported only by the simulator)
"""

from bot.games.uth.rules import BLIND_PAYS, TRIPS_PAYS, Phase, UTHOptions, settle_hand
from bot.games.uth.state import UTHBets, UTHState

__all__ = ["BLIND_PAYS", "Phase", "TRIPS_PAYS", "UTHBets", "UTHOptions", "UTHState", "settle_hand"]
