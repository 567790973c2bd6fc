"""Ultimate Texas Hold'em's moves as values (see :mod:`bot.games.moves`): each is one action a
seat takes, its ``kind`` the action's name. :meth:`UTHState.legal_moves` lists them and
:meth:`UTHState.apply` applies one. Ante, Undo, Clear and Fold are shared
(:mod:`bot.games.moves`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

# Moves the games share, listed here with the game's own (re-exported).
from bot.games.moves import Ante as Ante
from bot.games.moves import Clear as Clear
from bot.games.moves import Fold as Fold
from bot.games.moves import Remembered, remembered_bets
from bot.games.moves import Undo as Undo


@dataclass(frozen=True)
class Trips:
    amount: int
    kind: ClassVar[str] = "trips"


@dataclass(frozen=True)
class Rebet(Remembered):
    """Last round's bets again (the caller keeps them: the round does not know them)."""

    ante: int
    trips: int
    kind: ClassVar[str] = "rebet"
    reports_bets: ClassVar[bool] = True

    @classmethod
    def from_memory(cls, previous: object) -> Rebet:
        """From the table's memory of the seat: ``[ante, trips]``."""
        return cls(*remembered_bets(previous, 2))


@dataclass(frozen=True)
class Double:
    kind: ClassVar[str] = "double"
    reports_bets: ClassVar[bool] = True


@dataclass(frozen=True)
class Raise:
    """Play ``times`` x the Ante."""

    times: int
    kind: ClassVar[str] = "raise"


@dataclass(frozen=True)
class Check:
    kind: ClassVar[str] = "check"


UTHMove = Ante | Trips | Rebet | Double | Undo | Clear | Raise | Check | Fold
MOVE_TYPES: tuple[type[UTHMove], ...] = (Ante, Trips, Rebet, Double, Undo, Clear, Raise, Check, Fold)
