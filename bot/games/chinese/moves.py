"""Chinese Poker's moves as values (see :mod:`bot.games.moves`): each is one action a player
takes at the table's round (:class:`bot.games.chinese.table.ChineseTable`), its ``kind`` the
action's name. :meth:`ChineseTable.legal_moves` lists them and :meth:`ChineseTable.apply`
applies one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bot.poker import Card


@dataclass(frozen=True)
class Deal:
    """Deal a hand to every seated player with chips (two at least)."""

    kind: ClassVar[str] = "deal"


@dataclass(frozen=True)
class ChooseFront:
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "front"


@dataclass(frozen=True)
class ChooseMiddle:
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "middle"


@dataclass(frozen=True)
class AutoArrange:
    """Draft the auto-arrange's proposal (the player confirms it)."""

    kind: ClassVar[str] = "auto"


@dataclass(frozen=True)
class SetHand:
    """Front and middle at once; the hand is set unless it would foul (then it is a draft)."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    kind: ClassVar[str] = "set"


@dataclass(frozen=True)
class Confirm:
    """Set the drafted hand (refused, with the reason, when it would foul)."""

    kind: ClassVar[str] = "confirm"


@dataclass(frozen=True)
class ConfirmFoul:
    """Set the drafted hand even when it fouls."""

    kind: ClassVar[str] = "confirmfoul"


@dataclass(frozen=True)
class Declare:
    """Declare the automatic win the cards hold."""

    kind: ClassVar[str] = "declare"


ChineseMove = Deal | ChooseFront | ChooseMiddle | AutoArrange | SetHand | Confirm | ConfirmFoul | Declare
MOVE_TYPES: tuple[type[ChineseMove], ...] = (Deal, ChooseFront, ChooseMiddle, AutoArrange, SetHand, Confirm,
                                             ConfirmFoul, Declare)
