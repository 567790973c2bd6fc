"""Imperial Poker as data on the boxed core (seed ``imperial-poker.de.txt``, RULES.md "Imperial
Poker"). What Imperial shares with 2 Plus 4 is the core's; what differs is :data:`IMPERIAL`, the
BET's payout with a second combination (:class:`ImperialPays`) and the Draw (:class:`DrawRule`),
which :class:`bot.games.imperial.state.ImperialState` adds to the core's state machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.boxed import (
    BoxedGame,
    BuyRule,
    DealerRule,
    ExchangeRule,
    HandClass,
    PayTable,
)
from bot.games.imperial.reading import hand_value, read_hand
from bot.poker import Card

BET_PAYS = PayTable.of("BET", {
    HandClass.IMPERIAL_FLUSH: 1000, HandClass.ROYAL_FLUSH: 100, HandClass.STRAIGHT_FLUSH: 50,
    HandClass.FOUR_OF_A_KIND: 20, HandClass.FULL_HOUSE: 7, HandClass.FLUSH: 5, HandClass.STRAIGHT: 4,
    HandClass.THREE_OF_A_KIND: 3, HandClass.TWO_PAIR: 2, HandClass.PAIR: 1, HandClass.ACE_KING: 1,
}, miss="push")
"""Seed, Table 2, column "BET": paid for the primary and again for the second combination when
the box beats a qualified dealer. A box that does is always Ace-King or better."""

BONUS_PAYS = PayTable.of("Bonus", {
    HandClass.ROYAL_FLUSH: 1000, HandClass.STRAIGHT_FLUSH: 500, HandClass.FOUR_OF_A_KIND: 200,
    HandClass.FULL_HOUSE: 70, HandClass.FLUSH: 50, HandClass.STRAIGHT: 40,
    HandClass.THREE_OF_A_KIND: 25,
}, miss="lose")
"""Seed, Table 2, column "Bonus Wette" (the "AA+" bonus): on the box's five cards as dealt
("einen Drilling oder höher in seiner Originalhand"), whatever happens later. Five cards can
never be an Imperial Flush, so the column has no such row ("-")."""


@dataclass(frozen=True)
class ImperialPays:
    """The BET's winnings: the primary combination per ``table`` plus the best second
    combination per ``table`` (seed point 13, Table 1; :func:`read_hand`). The Imperial Flush is
    one combination, 1000:1. The core caps the sum at the table's max payout per box and bet."""

    table: PayTable[HandClass]

    def winnings(self, cards: Sequence[Card], value: int, stake: int) -> int:
        reading = read_hand(cards)
        return self.table.winnings(reading.primary, stake) + self.table.winnings(reading.second, stake)


@dataclass(frozen=True)
class DrawRule:
    """The Draw (seed points 8-9, RULES.md): exchange any number of cards, ``first_cost_antes``
    (1 Ante); after a one-card Draw another one-card Draw may follow, the k-th successive Draw
    costing k Antes (``cost_step_antes`` more each time: 1, 2, 3, ...). After a Buy or a Draw of
    several cards: only Bet or Fold; no Buy after a Draw."""

    first_cost_antes: int = 1
    cost_step_antes: int = 1
    repeat_cards: int = 1

    def cost_antes(self, number: int) -> int:
        """Antes the ``number``-th successive Draw on a box costs (1 for the first)."""
        return self.first_cost_antes + (number - 1) * self.cost_step_antes


DRAW = DrawRule()

IMPERIAL = BoxedGame(
    name="imperial",
    display_name="Imperial Poker",  # a name, the same in every language: not prose
    # "Beim Austeilen, legt der Dealer seine letzte Karte offen"; qualifies "mit einem Ass-König".
    dealer=DealerRule(cards=5, face_up=1, qualifier=HandClass.ACE_KING),
    bet_pays=ImperialPays(BET_PAYS),
    bonus_pays=BONUS_PAYS,
    # On the open boxes (the blind ones may only take a bonus and insurance, point 19); the Ante
    # is the fee and is not paid after it (point 16); a same-rank card repeats the exchange for
    # free while the dealer still does not qualify, at most 3 exchanges in all (point 16-17).
    exchange=ExchangeRule(boxes="open", pays_ante_on_win=False, max_exchanges=3,
                          repeat_on_same_rank=True),
    # A sixth card for 1 Ante; afterwards always Bet or Fold (point 9).
    buy=BuyRule(cost_antes=1, free_choice_pair=None),
    bonus_needs_ante=True,  # "nur bei der Box gesetzt werden, wo ein Ante ... platziert wurde"
    larger_open_box_first=False,  # the boxes are played in turn, by position
    open_ante_on_win="push",  # point 12: "wird die ANTE an den Spieler zurückerstattet"
    blind_ante_on_win="even",  # point 19: "für seine BET und 1:1 für seinen ANTE bezahlt"
    hand_value=hand_value,  # the Imperial Flush beats a dealer's royal flush
)


__all__ = ["BET_PAYS", "BONUS_PAYS", "DRAW", "IMPERIAL", "DrawRule", "ImperialPays"]
