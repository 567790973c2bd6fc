"""Chinese Poker's moves as values (see :mod:`bot.games.moves`): each is one action a player
takes at the table's round (:class:`bot.games.chinese.table.ChineseTable`), its ``kind`` the
action's name. :meth:`ChineseTable.legal_moves` lists them and :meth:`ChineseTable.apply`
applies one."""

from __future__ import annotations

from bot.games.moves import Move, MoveSet
from bot.poker import Card


class Deal(Move, kind="deal"):
    """Deal a hand to every seated player with chips (two at least)."""


class ChooseFront(Move, kind="front"):
    cards: tuple[Card, ...]


class ChooseMiddle(Move, kind="middle"):
    cards: tuple[Card, ...]


class AutoArrange(Move, kind="auto"):
    """Draft the auto-arrange's proposal (the player confirms it)."""


class SetHand(Move, kind="set"):
    """Front and middle at once; the hand is set unless it would foul (then it is a draft)."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]


class Confirm(Move, kind="confirm"):
    """Set the drafted hand (refused, with the reason, when it would foul)."""


class ConfirmFoul(Move, kind="confirmfoul"):
    """Set the drafted hand even when it fouls."""


class Declare(Move, kind="declare"):
    """Declare the automatic win the cards hold."""


ChineseMove = Deal | ChooseFront | ChooseMiddle | AutoArrange | SetHand | Confirm | ConfirmFoul | Declare
MOVE_TYPES: tuple[type[ChineseMove], ...] = (Deal, ChooseFront, ChooseMiddle, AutoArrange, SetHand, Confirm,
                                             ConfirmFoul, Declare)
MOVES = MoveSet(MOVE_TYPES, frozenset({Deal.kind}))
