"""High Card Flush's moves as values (see :mod:`bot.games.moves`): each is one action a seat
takes at the table's hand (:class:`bot.games.hcf.HCFRound`), its ``kind`` the action's name.
:meth:`HCFRound.legal_moves` lists them and :meth:`HCFRound.apply` applies one. Ante, Clear and
Fold are shared."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bot.games.moves import Ante as Ante
from bot.games.moves import Clear as Clear
from bot.games.moves import Fold as Fold
from bot.games.moves import Remembered, remembered_bets


@dataclass(frozen=True)
class OpenHand:
    """Deal the next hand: open it (the bank is offered first)."""

    kind: ClassVar[str] = "start"


@dataclass(frozen=True)
class PlaceBonuses:
    """The Straight Flush and Flush bonuses (None: that bonus is left as it is)."""

    straight_flush: int | None = None
    flush: int | None = None
    kind: ClassVar[str] = "bonus"


@dataclass(frozen=True)
class Rebet(Remembered):
    """Last hand's Ante and bonuses again."""

    ante: int
    straight_flush: int = 0
    flush: int = 0
    kind: ClassVar[str] = "rebet"
    reports_bets: ClassVar[bool] = True

    @classmethod
    def from_memory(cls, previous: object) -> Rebet:
        """From the table's memory of the seat: ``[ante, straight_flush, flush]``."""
        return cls(*remembered_bets(previous, 3))


@dataclass(frozen=True)
class Accept:
    """Bank this hand (the seat the bank is offered to)."""

    kind: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Decline:
    kind: ClassVar[str] = "decline"


@dataclass(frozen=True)
class Raise:
    """Raise ``times`` x the Ante (1x up to what the seat's flush allows)."""

    times: int
    kind: ClassVar[str] = "raise"


HCFMove = OpenHand | Ante | PlaceBonuses | Rebet | Clear | Accept | Decline | Raise | Fold
MOVE_TYPES: tuple[type[HCFMove], ...] = (OpenHand, Ante, PlaceBonuses, Rebet, Clear, Accept, Decline, Raise,
                                         Fold)
