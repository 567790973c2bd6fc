"""Three Card Poker's moves as values (see :mod:`bot.games.moves`): each is one action a seat
takes, its ``kind`` the action's name. :meth:`ThreeCardState.legal_moves` lists them and
:meth:`ThreeCardState.apply` applies one. Ante, Undo, Clear and Fold are shared
(:mod:`bot.games.moves`)."""

from __future__ import annotations

# Moves the games share, listed here with the game's own (re-exported).
from bot.games.moves import Ante as Ante
from bot.games.moves import Clear as Clear
from bot.games.moves import Fold as Fold
from bot.games.moves import Move, MoveSet, Remembered, remembered_bets
from bot.games.moves import Undo as Undo


class PairPlus(Move, kind="pairplus"):
    amount: int


class Rebet(Remembered, kind="rebet", reports_bets=True):
    """Last round's bets again (the caller keeps them: the round does not know them)."""

    ante: int
    pairplus: int

    @classmethod
    def from_memory(cls, previous: object) -> Rebet:
        """From the table's memory of the seat: ``[ante, pairplus]``."""
        return cls(*remembered_bets(previous, 2))


class Play(Move, kind="play"):
    """Play the hand: a Play bet equal to the Ante."""


ThreeCardMove = Ante | PairPlus | Rebet | Undo | Clear | Play | Fold
MOVE_TYPES: tuple[type[ThreeCardMove], ...] = (Ante, PairPlus, Rebet, Undo, Clear, Play, Fold)
MOVES = MoveSet(MOVE_TYPES, frozenset({Ante.kind, Rebet.kind}))
