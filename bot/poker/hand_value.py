"""What a poker hand is worth: its category, a single comparable number, and its name.

Every hand value, whether it comes from five, six or seven cards or from a three-card Chinese
Poker front, is one ``int`` laid out as ``category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4
| r5``. ``r1..r5`` are the ranks (2..14) of the five cards that make the hand, most important
first: the pair before its kickers, the trips before the pair of a full house, a straight from
its top card down (the wheel is ``5 4 3 2 A``). Comparing two such numbers compares the hands as
poker does, because inside one category the cards are compared in exactly that order and suits
never enter. A missing card (a three-card front has only three) is rank 0, lower than any real
card: a front pair of aces with a king is worth less than any five-card A-A-K-x-y. Higher is
better.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from bot.poker.cards import RANK_NAMES, Card

CATEGORY_SHIFT = 20
RANK_BITS = 4


class Category(IntEnum):
    """The ten poker hand categories, weakest first, so ``<`` compares them."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10

    @property
    def label(self) -> str:
        """``"Three of a Kind"``: the category as people write it."""
        words = self.name.lower().split("_")
        return " ".join(word if word in ("of", "a") else word.capitalize() for word in words)


def pack_value(category: Category, ranks: Sequence[int]) -> int:
    """The comparable number for a hand: ``ranks`` are up to five ranks, most important first."""
    value = int(category)
    for position in range(5):
        value = (value << RANK_BITS) | (ranks[position] if position < len(ranks) else 0)
    return value


def value_category(value: int) -> Category:
    """The category stored in a packed hand value."""
    return Category(value >> CATEGORY_SHIFT)


def value_ranks(value: int) -> tuple[int, ...]:
    """The ranks stored in a packed hand value, most important first; missing cards are left out."""
    ranks = ((value >> shift) & 0xF for shift in (16, 12, 8, 4, 0))
    return tuple(rank for rank in ranks if rank)


def plural_rank(rank: int) -> str:
    """``"Sixes"``, ``"Aces"``: a rank named as a group."""
    name = RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


def describe_value(value: int) -> str:
    """A short name for the hand, like ``"Pair of Fours"`` or ``"Flush, Ace high"``."""
    category = value_category(value)
    ranks = value_ranks(value)
    top = ranks[0]
    if category is Category.ROYAL_FLUSH:
        return "Royal Flush"
    if category in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH):
        return f"{category.label}, {RANK_NAMES[top]} high"
    if category is Category.HIGH_CARD:
        return f"High Card, {RANK_NAMES[top]}"
    if category is Category.PAIR:
        return f"Pair of {plural_rank(top)}"
    if category is Category.TWO_PAIR:
        return f"Two Pair, {plural_rank(top)} and {plural_rank(ranks[2])}"
    if category is Category.FULL_HOUSE:
        return f"Full House, {plural_rank(top)} full of {plural_rank(ranks[3])}"
    return f"{category.label}, {plural_rank(top)}"


@dataclass(frozen=True, order=True)
class HandValue:
    """A hand's worth. Ordered and hashed by ``value`` only, so equal hands in other suits tie.

    ``best_five`` are the cards that make the hand, most important first (for a three-card front,
    the three cards). They do not take part in comparisons.
    """

    value: int
    best_five: tuple[Card, ...] = field(default=(), compare=False)

    @property
    def category(self) -> Category:
        return value_category(self.value)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks of ``best_five``, most important first."""
        return value_ranks(self.value)

    @property
    def name(self) -> str:
        """Same as :meth:`describe`."""
        return describe_value(self.value)

    def describe(self) -> str:
        """``"Full House, Kings full of Twos"``: the name shown to players."""
        return describe_value(self.value)

    def __str__(self) -> str:
        return describe_value(self.value)
