"""The Bonus bet of the boxed games: it pays on the box's first five cards alone, whatever the
player does afterwards, so its return to player is known exactly from the pay table."""

from __future__ import annotations

from math import comb
from typing import Final

from bot.games.boxed.rules import BoxedGame, HandClass

FIVE_CARD_HANDS: Final = comb(52, 5)
"""2,598,960."""

FIVE_CARD_CLASS_COUNTS: Final[dict[HandClass, int]] = {
    HandClass.ROYAL_FLUSH: 4,  # one a suit
    HandClass.STRAIGHT_FLUSH: 10 * 4 - 4,  # ten rank runs a suit, less the royals
    HandClass.FOUR_OF_A_KIND: 13 * 48,  # the rank, then any fifth card
    HandClass.FULL_HOUSE: 13 * comb(4, 3) * 12 * comb(4, 2),
    HandClass.FLUSH: 4 * comb(13, 5) - 40,  # five ranks of a suit, less the straight flushes
    HandClass.STRAIGHT: 10 * 4**5 - 40,  # ten rank runs in any suits, less the straight flushes
    HandClass.THREE_OF_A_KIND: 13 * comb(4, 3) * comb(12, 2) * 4 * 4,  # two odd kickers
}
"""How many of the five-card hands are in each class a bonus pays."""


def exact_bonus_rtp(game: BoxedGame) -> float:
    """The pay table weighted by the counts (both games today: 2,519,708 / 2,598,960 =
    0.969506, house edge 3.049%)."""
    returned = sum(count * game.bonus_pays.returned(cls, 1) for cls, count in FIVE_CARD_CLASS_COUNTS.items())
    return returned / FIVE_CARD_HANDS
