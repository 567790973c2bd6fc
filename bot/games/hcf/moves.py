"""High Card Flush's moves as values (see :mod:`bot.games.moves`): each is one action a seat
takes at the table's hand (:class:`bot.games.hcf.HCFRound`), its ``kind`` the action's name.
:meth:`HCFRound.legal_moves` lists them and :meth:`HCFRound.apply` applies one. Ante, Clear and
Fold are shared."""

from __future__ import annotations

from bot.games.moves import Ante as Ante
from bot.games.moves import Clear as Clear
from bot.games.moves import Fold as Fold
from bot.games.moves import Move, MoveSet, Remembered, remembered_bets


class OpenHand(Move, kind="start"):
    """Deal the next hand: open it (the bank is offered first)."""


class PlaceBonuses(Move, kind="bonus"):
    """The Straight Flush and Flush bonuses (None: that bonus is left as it is)."""

    straight_flush: int | None = None
    flush: int | None = None


class Rebet(Remembered, kind="rebet", reports_bets=True):
    """Last hand's Ante and bonuses again."""

    ante: int
    straight_flush: int = 0
    flush: int = 0

    @classmethod
    def from_memory(cls, previous: object) -> Rebet:
        """From the table's memory of the seat: ``[ante, straight_flush, flush]``."""
        return cls(*remembered_bets(previous, 3))


class Accept(Move, kind="accept"):
    """Bank this hand (the seat the bank is offered to)."""


class Decline(Move, kind="decline"):
    """Decline the bank this hand."""


class Raise(Move, kind="raise"):
    """Raise ``times`` x the Ante (1x up to what the seat's flush allows)."""

    times: int


HCFMove = OpenHand | Ante | PlaceBonuses | Rebet | Clear | Accept | Decline | Raise | Fold
MOVE_TYPES: tuple[type[HCFMove], ...] = (OpenHand, Ante, PlaceBonuses, Rebet, Clear, Accept, Decline, Raise,
                                         Fold)
MOVES = MoveSet(MOVE_TYPES, frozenset({OpenHand.kind, Ante.kind, Rebet.kind}))
