"""2 Plus 4 Poker: the boxed core (:mod:`bot.games.boxed`) configured with this game's data.

``rules``    :data:`TWO_PLUS_FOUR` (the game as data), its two pay tables, ``new_round`` and
             ``restore_round``
``figures``  the simulated strategy and the figures it measured, for ``/twoplusfour rules``
``sim``      the simulator plug-in (imported only by the simulator)
"""

from bot.games.twoplusfour.rules import BET_PAYS, BONUS_PAYS, TWO_PLUS_FOUR, new_round, restore_round

__all__ = ["BET_PAYS", "BONUS_PAYS", "TWO_PLUS_FOUR", "new_round", "restore_round"]
