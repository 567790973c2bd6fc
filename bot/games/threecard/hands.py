"""Three-card hands: their classes, one comparable value per hand, and how a player reads them.

Ranking (standard Three Card Poker): straight flush > three of a kind > straight > flush >
pair > high card. With three cards a straight is rarer than a flush, so it ranks above it.
A-2-3 is the lowest straight, A-K-Q the highest; suits never break ties.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from bot.i18n import N_, Text
from bot.poker import Card
from bot.poker.hand_value import plural_rank, rank_name

RANK_CHARS = "23456789TJQKA"
HAND_SIZE = 3


class HandClass(IntEnum):
    """The six classes of a three-card hand, weakest first, so ``<`` compares them."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5

    @property
    def label(self) -> Text:
        return Text(CLASS_NAMES[self])


CLASS_NAMES = {HandClass.HIGH_CARD: N_("High Card"), HandClass.PAIR: N_("Pair"), HandClass.FLUSH: N_("Flush"),
               HandClass.STRAIGHT: N_("Straight"), HandClass.THREE_OF_A_KIND: N_("Three of a Kind"),
               HandClass.STRAIGHT_FLUSH: N_("Straight Flush")}


CLASS_SHIFT = 12
"""A hand's value is ``class << 12`` plus its three ranks, most important first, 4 bits each."""


def hand_value(cards: Sequence[int]) -> int:
    """One int per hand: a higher value is a better hand, equal values tie. ``cards`` are three
    :class:`Card` (or their indexes)."""
    first, second, third = sorted((card >> 2 for card in cards), reverse=True)
    suited = cards[0] & 3 == cards[1] & 3 == cards[2] & 3
    if first == second == third:
        hand_class, ranks = HandClass.THREE_OF_A_KIND, (first, first, first)
    elif first == second or second == third:
        pair, kicker = (first, third) if first == second else (second, first)
        hand_class, ranks = HandClass.PAIR, (pair, pair, kicker)
    else:
        if first - third == 2:
            top = first
        elif (first, second, third) == (12, 1, 0):  # A-2-3: the ace plays low, three high
            top = 1
        else:
            top = None
        if top is not None:
            hand_class = HandClass.STRAIGHT_FLUSH if suited else HandClass.STRAIGHT
            ranks = (top, top - 1, top - 2)
        else:
            hand_class = HandClass.FLUSH if suited else HandClass.HIGH_CARD
            ranks = (first, second, third)
    return (hand_class << CLASS_SHIFT) | (ranks[0] + 1 << 8) | (ranks[1] + 1 << 4) | (ranks[2] + 1)


def hand_class(value: int) -> HandClass:
    return HandClass(value >> CLASS_SHIFT)


QUEEN_HIGH = hand_value([Card("Qh"), Card("3c"), Card("2d")])
"""The lowest hand with which the dealer qualifies (queen high); every better value does."""


def describe(cards: Sequence[Card]) -> Text:
    """``"Pair of Kings"``, ``"Straight, Three high"``, ``"Queen high (Q-6-4)"``: the poker
    names, in the reader's language once put into words."""
    value = hand_value(cards)
    top = (value >> 8 & 15) + 1
    kind = hand_class(value)
    if kind is HandClass.THREE_OF_A_KIND:
        return Text("Three {ranks}", ranks=plural_rank(top))
    if kind is HandClass.PAIR:
        return Text("Pair of {ranks}", ranks=plural_rank(top))
    if kind in (HandClass.STRAIGHT, HandClass.STRAIGHT_FLUSH):
        return Text("{hand}, {rank} high", hand=kind.label, rank=rank_name(top))
    ranks = "-".join(RANK_CHARS[(value >> shift & 15) - 1] for shift in (8, 4, 0))
    if kind is HandClass.FLUSH:
        return Text("{hand}, {ranks}", hand=kind.label, ranks=ranks)
    return Text("{rank} high ({ranks})", rank=rank_name(top), ranks=ranks)
