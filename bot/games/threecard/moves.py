"""Three Card Poker's moves as values (see :mod:`bot.games.moves`): each is one action a seat
takes, its ``kind`` the action's name. :meth:`ThreeCardState.legal_moves` lists them and
:meth:`ThreeCardState.apply` applies one. Ante, Undo, Clear and Fold are shared
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
class PairPlus:
    amount: int
    kind: ClassVar[str] = "pairplus"


@dataclass(frozen=True)
class Rebet(Remembered):
    """Last round's bets again (the caller keeps them: the round does not know them)."""

    ante: int
    pairplus: int
    kind: ClassVar[str] = "rebet"
    reports_bets: ClassVar[bool] = True

    @classmethod
    def from_memory(cls, previous: object) -> Rebet:
        """From the table's memory of the seat: ``[ante, pairplus]``."""
        return cls(*remembered_bets(previous, 2))


@dataclass(frozen=True)
class Play:
    kind: ClassVar[str] = "play"


ThreeCardMove = Ante | PairPlus | Rebet | Undo | Clear | Play | Fold
MOVE_TYPES: tuple[type[ThreeCardMove], ...] = (Ante, PairPlus, Rebet, Undo, Clear, Play, Fold)
