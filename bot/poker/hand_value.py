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

from bot.i18n import N_, Text
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
    def label(self) -> Text:
        """``"Three of a Kind"``: the category as people write it (in German as the rule texts
        do: Drilling)."""
        return Text(CATEGORY_NAMES[self])


CATEGORY_NAMES = {
    Category.HIGH_CARD: N_("High Card"), Category.PAIR: N_("Pair"), Category.TWO_PAIR: N_("Two Pair"),
    Category.THREE_OF_A_KIND: N_("Three of a Kind"), Category.STRAIGHT: N_("Straight"),
    Category.FLUSH: N_("Flush"), Category.FULL_HOUSE: N_("Full House"),
    Category.FOUR_OF_A_KIND: N_("Four of a Kind"), Category.STRAIGHT_FLUSH: N_("Straight Flush"),
    Category.ROYAL_FLUSH: N_("Royal Flush"),
}
RANK_GROUPS = {
    2: N_("Twos"), 3: N_("Threes"), 4: N_("Fours"), 5: N_("Fives"), 6: N_("Sixes"), 7: N_("Sevens"),
    8: N_("Eights"), 9: N_("Nines"), 10: N_("Tens"), 11: N_("Jacks"), 12: N_("Queens"), 13: N_("Kings"),
    14: N_("Aces"),
}
"""Ranks named as a group ("a pair of Sixes"), one catalogue text each: German groups differ."""


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


def rank_name(rank: int) -> Text:
    """``"Ace"``: one rank, in the reader's language once put into words."""
    return Text(RANK_NAMES[rank])


def plural_rank(rank: int) -> Text:
    """``"Sixes"``, ``"Aces"``: a rank named as a group."""
    return Text(RANK_GROUPS[rank])


def describe_value(value: int) -> Text:
    """A short name for the hand, like ``"Pair of Fours"`` or ``"Flush, Ace high"``."""
    category = value_category(value)
    ranks = value_ranks(value)
    top = ranks[0]
    if category is Category.ROYAL_FLUSH:
        return category.label
    if category in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH):
        return Text("{hand}, {rank} high", hand=category.label, rank=rank_name(top))
    if category is Category.HIGH_CARD:
        return Text("High Card, {rank}", rank=rank_name(top))
    if category is Category.PAIR:
        return Text("Pair of {ranks}", ranks=plural_rank(top))
    if category is Category.TWO_PAIR:
        return Text("Two Pair, {high} and {low}", high=plural_rank(top), low=plural_rank(ranks[2]))
    if category is Category.FULL_HOUSE:
        return Text("Full House, {three} full of {two}", three=plural_rank(top), two=plural_rank(ranks[3]))
    return Text("{hand}, {ranks}", hand=category.label, ranks=plural_rank(top))


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
    def name(self) -> Text:
        """Same as :meth:`describe`."""
        return describe_value(self.value)

    def describe(self) -> Text:
        """``"Full House, Kings full of Twos"``: the name shown to players."""
        return describe_value(self.value)

    def __str__(self) -> str:
        return describe_value(self.value)
