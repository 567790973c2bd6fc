"""Ultimate Texas Hold'em's moves as values (see :mod:`bot.games.moves`): each is one action a
seat takes, its ``kind`` the action's name. :meth:`UTHState.legal_moves` lists them and
:meth:`UTHState.apply` applies one. Ante, Undo, Clear and Fold are shared
(:mod:`bot.games.moves`)."""

from __future__ import annotations

# Moves the games share, listed here with the game's own (re-exported).
from bot.games.moves import Ante as Ante
from bot.games.moves import Clear as Clear
from bot.games.moves import Fold as Fold
from bot.games.moves import Move, MoveSet, Remembered, remembered_bets
from bot.games.moves import Undo as Undo


class Trips(Move, kind="trips"):
    amount: int


class Rebet(Remembered, kind="rebet", reports_bets=True):
    """Last round's bets again (the caller keeps them: the round does not know them)."""

    ante: int
    trips: int

    @classmethod
    def from_memory(cls, previous: object) -> Rebet:
        """From the table's memory of the seat: ``[ante, trips]``."""
        return cls(*remembered_bets(previous, 2))


class Double(Move, kind="double", reports_bets=True):
    """Double every bet of the seat, once a round, each up to its table maximum."""


class Raise(Move, kind="raise"):
    """Play ``times`` x the Ante."""

    times: int


class Check(Move, kind="check"):
    """Check: no Raise on this street."""


UTHMove = Ante | Trips | Rebet | Double | Undo | Clear | Raise | Check | Fold
MOVE_TYPES: tuple[type[UTHMove], ...] = (Ante, Trips, Rebet, Double, Undo, Clear, Raise, Check, Fold)
MOVES = MoveSet(MOVE_TYPES, frozenset({Ante.kind, Rebet.kind}))
