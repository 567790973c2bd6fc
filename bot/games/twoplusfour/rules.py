"""2 Plus 4 Poker as data on the boxed core (seed ``two-plus-four-poker.de.txt``, RULES.md
"2 Plus 4 Poker"). Everything that makes it 2 Plus 4 and not Imperial is in :data:`TWO_PLUS_FOUR`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.boxed import (
    BoxedGame,
    BoxedOptions,
    BoxedState,
    BuyRule,
    DealerRule,
    ExchangeRule,
    HandClass,
    PayTable,
    PrimaryPays,
)

BET_PAYS = PayTable.of("BET", {
    HandClass.ROYAL_FLUSH: 100, HandClass.STRAIGHT_FLUSH: 50, HandClass.FOUR_OF_A_KIND: 20,
    HandClass.FULL_HOUSE: 7, HandClass.FLUSH: 5, HandClass.STRAIGHT: 4, HandClass.THREE_OF_A_KIND: 3,
    HandClass.TWO_PAIR: 2, HandClass.PAIR: 1, HandClass.ACE_KING: 1,
}, miss="push")
"""Seed, Table 1, column "Wette": paid when the box beats a qualified dealer. A box that does
is always Ace-King or better, so the miss rule never applies."""

BONUS_PAYS = PayTable.of("Bonus", {
    HandClass.ROYAL_FLUSH: 1000, HandClass.STRAIGHT_FLUSH: 500, HandClass.FOUR_OF_A_KIND: 200,
    HandClass.FULL_HOUSE: 70, HandClass.FLUSH: 50, HandClass.STRAIGHT: 40,
    HandClass.THREE_OF_A_KIND: 25,
}, miss="lose")
"""Seed, Table 1, column "Bonus Wette": on the box's first five cards ("an seine erste Hand
ausgeteilt"), three of a kind or better, whatever happens later."""

TWO_PLUS_FOUR = BoxedGame(
    name="twoplusfour",
    display_name="2 Plus 4 Poker",
    # "erhält der Dealer ... sechs [Karten] ... Die ersten beiden Karten werden verdeckt
    # ausgegeben und die letzten vier Karten nach oben gedreht"; qualifies "mit einem Ass-König".
    dealer=DealerRule(cards=6, face_up=4, qualifier=HandClass.ACE_KING),
    bet_pays=PrimaryPays(BET_PAYS),
    bonus_pays=BONUS_PAYS,
    # Exchange on any box with an Ante in play (blind ones too, point 17), once; a win after it
    # still pays the Ante 1:1 (point 15).
    exchange=ExchangeRule(boxes="any", pays_ante_on_win=True, max_exchanges=1),
    # Buy for 1 Ante; Bet or Fold afterwards only if the face-up cards show a pair of kings or
    # better, otherwise the BET is placed with the Buy (point 9).
    buy=BuyRule(cost_antes=1, free_choice_pair=13),
    bonus_needs_ante=False,  # "Zusätzlich zu dieser Basiswette auf die Box (oder anstatt)"
    larger_open_box_first=True,  # "Die größere Wette wird immer zuerst gespielt"
    open_ante_on_win="even",  # point 12: "wird der Pflichteinsatz 1:1 ausgezahlt"
    blind_ante_on_win="even",
)


def new_round(options: BoxedOptions | None = None) -> BoxedState:
    """A fresh 2 Plus 4 round with the table's limits (RULES.md defaults when ``None``)."""
    return BoxedState(TWO_PLUS_FOUR, options or BoxedOptions())


def restore_round(data: Mapping[str, Any]) -> BoxedState:
    """A 2 Plus 4 round saved with :meth:`BoxedState.to_dict`."""
    return BoxedState.from_dict(data, TWO_PLUS_FOUR)
