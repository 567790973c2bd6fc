"""Three-card hands: their classes, one comparable value per hand, and how a player reads them.

Ranking (standard Three Card Poker): straight flush > three of a kind > straight > flush >
pair > high card. With three cards a straight is rarer than a flush, so it ranks above it.
A-2-3 is the lowest straight, A-K-Q the highest; suits never break ties.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from bot.poker import Card

RANK_NAMES = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
              9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
RANK_PLURALS = {rank: ("Sixes" if rank == 6 else f"{name}s") for rank, name in RANK_NAMES.items()}
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
    def label(self) -> str:
        return self.name.replace("_", " ").title()


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


def describe(cards: Sequence[Card]) -> str:
    """``"Pair of Kings"``, ``"Straight, Three high"``, ``"Queen high (Q-6-4)"``."""
    value = hand_value(cards)
    top = (value >> 8 & 15) + 1
    kind = hand_class(value)
    if kind is HandClass.THREE_OF_A_KIND:
        return f"Three {RANK_PLURALS[top]}"
    if kind is HandClass.PAIR:
        return f"Pair of {RANK_PLURALS[top]}"
    if kind in (HandClass.STRAIGHT, HandClass.STRAIGHT_FLUSH):
        return f"{kind.label}, {RANK_NAMES[top]} high"
    ranks = "-".join(RANK_CHARS[(value >> shift & 15) - 1] for shift in (8, 4, 0))
    return f"{kind.label}, {ranks}" if kind is HandClass.FLUSH else f"{RANK_NAMES[top]} high ({ranks})"
