"""The boxed games' moves as values (see :mod:`bot.games.moves`): each is one action a seat
takes, its ``kind`` the action's name. :meth:`BoxedState.legal_moves` lists them and
:meth:`BoxedState.apply` applies one; Imperial Poker adds its Draw
(:class:`bot.games.imperial.moves.DrawCards`). Undo, Clear and Fold are shared."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from bot.games.common import RuleError
from bot.games.moves import Clear as Clear
from bot.games.moves import Fold as Fold
from bot.games.moves import Remembered
from bot.games.moves import Undo as Undo


@dataclass(frozen=True)
class BoxAnte:
    box: int
    amount: int
    kind: ClassVar[str] = "ante"


@dataclass(frozen=True)
class BoxBonus:
    box: int
    amount: int
    kind: ClassVar[str] = "bonus"


@dataclass(frozen=True)
class Rebet(Remembered):
    """Last round's boxes again, ``box -> (ante, bonus)``."""

    previous: Mapping[int, tuple[int, int]]
    kind: ClassVar[str] = "rebet"
    reports_bets: ClassVar[bool] = True

    @classmethod
    def from_memory(cls, previous: object) -> Rebet:
        """From the table's memory of the seat: ``{"1": [ante, bonus]}`` (through JSON)."""
        if not isinstance(previous, Mapping) or not previous:
            raise RuleError("There is nothing to rebet: you had no boxes last round.")
        return cls({int(box): (int(ante), int(bonus)) for box, (ante, bonus) in previous.items()})


@dataclass(frozen=True)
class OpenBoxes:
    """Play only ``times`` boxes open (the rest with an Ante blind)."""

    times: int
    kind: ClassVar[str] = "open"


@dataclass(frozen=True)
class Buy:
    kind: ClassVar[str] = "buy"


@dataclass(frozen=True)
class Bet:
    """The BET on the open box on turn, with ``insurance`` chips of insurance bought first."""

    insurance: int = 0
    kind: ClassVar[str] = "bet"


@dataclass(frozen=True)
class Insure:
    box: int
    amount: int
    kind: ClassVar[str] = "insure"


@dataclass(frozen=True)
class GoOn:
    kind: ClassVar[str] = "goon"


@dataclass(frozen=True)
class PickExchange:
    """Ask for the dealer's exchange with ``box`` (a second pick takes it back)."""

    box: int
    kind: ClassVar[str] = "exchange"


BoxedMove = (BoxAnte | BoxBonus | Rebet | OpenBoxes | Undo | Clear | Buy | Bet | Fold | Insure | PickExchange
             | GoOn)
MOVE_TYPES: tuple[type[BoxedMove], ...] = (BoxAnte, BoxBonus, Rebet, OpenBoxes, Undo, Clear, Buy, Bet, Fold,
                                           Insure, PickExchange, GoOn)
