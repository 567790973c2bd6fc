"""Three Card Poker's moves as values (see :mod:`bot.games.moves`): each is one action a seat
takes, its ``kind`` the action's name. :meth:`ThreeCardState.legal_moves` lists them and
:meth:`ThreeCardState.apply` applies one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class Ante:
    amount: int
    kind: ClassVar[str] = "ante"


@dataclass(frozen=True)
class PairPlus:
    amount: int
    kind: ClassVar[str] = "pairplus"


@dataclass(frozen=True)
class Rebet:
    """Last round's bets again (the caller keeps them: the round does not know them)."""

    ante: int
    pairplus: int
    kind: ClassVar[str] = "rebet"


@dataclass(frozen=True)
class Undo:
    kind: ClassVar[str] = "undo"


@dataclass(frozen=True)
class Clear:
    kind: ClassVar[str] = "clear"


@dataclass(frozen=True)
class Play:
    kind: ClassVar[str] = "play"


@dataclass(frozen=True)
class Fold:
    kind: ClassVar[str] = "fold"


ThreeCardMove = Ante | PairPlus | Rebet | Undo | Clear | Play | Fold
MOVE_TYPES: tuple[type[ThreeCardMove], ...] = (Ante, PairPlus, Rebet, Undo, Clear, Play, Fold)
