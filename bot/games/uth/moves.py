"""Ultimate Texas Hold'em's moves as values (see :mod:`bot.games.moves`): each is one action a
seat takes, its ``kind`` the action's name. :meth:`UTHState.legal_moves` lists them and
:meth:`UTHState.apply` applies one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class Ante:
    """An Ante of ``amount`` (its Blind goes with it)."""

    amount: int
    kind: ClassVar[str] = "ante"


@dataclass(frozen=True)
class Trips:
    amount: int
    kind: ClassVar[str] = "trips"


@dataclass(frozen=True)
class Rebet:
    """Last round's bets again (the caller keeps them: the round does not know them)."""

    ante: int
    trips: int
    kind: ClassVar[str] = "rebet"


@dataclass(frozen=True)
class Double:
    kind: ClassVar[str] = "double"


@dataclass(frozen=True)
class Undo:
    kind: ClassVar[str] = "undo"


@dataclass(frozen=True)
class Clear:
    kind: ClassVar[str] = "clear"


@dataclass(frozen=True)
class Raise:
    """Play ``times`` x the Ante."""

    times: int
    kind: ClassVar[str] = "raise"


@dataclass(frozen=True)
class Check:
    kind: ClassVar[str] = "check"


@dataclass(frozen=True)
class Fold:
    kind: ClassVar[str] = "fold"


UTHMove = Ante | Trips | Rebet | Double | Undo | Clear | Raise | Check | Fold
MOVE_TYPES: tuple[type[UTHMove], ...] = (Ante, Trips, Rebet, Double, Undo, Clear, Raise, Check, Fold)
