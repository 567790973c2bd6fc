"""Three Card Poker in the simulator, and the exact figures it is checked against.

Every round the seat bets an Ante of 1 and Pair Plus of 1 and follows the standard strategy:
play (Play = Ante) with queen-six-four or better, fold below. Cards come in the engine's
dealing order: the seat's three, then the dealer's three. Rounds settle through the engine's
own :func:`bot.games.threecard.rules.settle_hand`.

The exact figures enumerate every deal: Pair Plus over the C(52,3) = 22,100 hands; the Ante
and Play over every player hand and every dealer hand from the other 49 cards (22,100 x
18,424). The dealer hands are counted by value with sorted lists and inclusion-exclusion (all
hands, minus those sharing a card with the player's), not one by one.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from typing import Final

from bot.games.threecard.hands import HAND_SIZE, QUEEN_HIGH, hand_class, hand_value
from bot.games.threecard.rules import ANTE_BONUS, PAIR_PLUS, ThreeCardOptions, dealer_qualifies, settle_hand
from bot.poker import Card
from bot.sim.recorder import Recorder

ANTE: Final = 1
PAIR_PLUS_BET: Final = 1
PLAY_FROM: Final = hand_value([Card("Qc"), Card("6d"), Card("4h")])
"""The weakest hand the standard strategy plays: queen-six-four."""
STRATEGY: Final = ("Ante 1 and Pair Plus 1 a round; play (Play = Ante) with Q-6-4 or better, "
                   "fold below. The last bet reports the Ante and Play's net per Ante.")
DEALER_HANDS: Final = comb(52 - HAND_SIZE, HAND_SIZE)


def plays(value: int) -> bool:
    """The standard strategy: play queen-six-four or better."""
    return value >= PLAY_FROM


def exact_pair_plus_rtp() -> Fraction:
    """Pair Plus's return over all 22,100 hands: 1 - 512/22,100 = 97.683% with the standard
    table (1, 4, 6, 30, 40 to 1)."""
    hands = list(combinations(range(52), HAND_SIZE))
    returned = sum(PAIR_PLUS.returned(hand_class(hand_value(hand)), 1) for hand in hands)
    return Fraction(returned, len(hands))


ANTE_PLAY_EDGE: Final = 0.0337298
""":func:`exact_ante_play_edge`, rounded (it takes seconds to count): the house edge per chip of
Ante of the best play, which is the standard strategy (``python -m bot strategy threecard``)."""


def exact_ante_play_edge() -> Fraction:
    """The house's edge on the Ante and Play under :func:`plays`, per chip of Ante: about 3.37%."""
    total = 0
    for hand in combinations(range(52), HAND_SIZE):
        total += _net_against_every_dealer(hand)
    return -Fraction(total, comb(52, HAND_SIZE) * DEALER_HANDS)


def _net_against_every_dealer(hand: tuple[int, ...]) -> int:
    """The player's net (in Antes) over the 18,424 dealer hands the other cards make."""
    value = hand_value(hand)
    if not plays(value):
        return -DEALER_HANDS
    bonus = ANTE_BONUS.winnings(hand_class(value), 1)
    unqualified = _dealer_hands_below(QUEEN_HIGH, hand)
    below = max(_dealer_hands_below(value, hand) - unqualified, 0)
    ties = _dealer_hands_below(value + 1, hand) - unqualified - below if dealer_qualifies(value) else 0
    above = DEALER_HANDS - unqualified - below - ties
    # Not qualified: Ante 1:1, Play pushes; qualified: both win or both lose; ties push (0).
    return unqualified + 2 * below - 2 * above + bonus * DEALER_HANDS


def _dealer_hands_below(value: int, hand: tuple[int, ...]) -> int:
    """Dealer hands worth less than ``value`` among those sharing no card with ``hand``."""
    count = bisect_left(_values()[()], value)
    for size, sign in ((1, -1), (2, 1), (3, -1)):
        for cards in combinations(hand, size):
            count += sign * bisect_left(_values()[cards], value)
    return count


@cache
def _values() -> dict[tuple[int, ...], list[int]]:
    """Sorted hand values: of every hand (key ``()``), of the hands holding a card, two cards,
    three cards (keys are those cards in ascending order)."""
    holding: dict[tuple[int, ...], list[int]] = {}
    for hand in combinations(range(52), HAND_SIZE):
        value = hand_value(hand)
        for size in range(HAND_SIZE + 1):
            for cards in combinations(hand, size):
                holding.setdefault(cards, []).append(value)
    for values in holding.values():
        values.sort()
    return holding


class ThreeCardSim:
    """The simulator's view of Three Card Poker (see the module docstring)."""

    name = "threecard"
    strategy = STRATEGY
    bets = ("ante", "play", "pairplus", "ante+play per ante", "total")
    events = ("played", "folded", "dealer qualified", "player won", "tie", "dealer won",
              "ante bonus paid", "pair plus paid")
    cards_needed = 2 * HAND_SIZE

    def __init__(self, options: ThreeCardOptions | None = None) -> None:
        self.options = options or ThreeCardOptions(min_bet=1, max_bet=1)

    def play_round(self, deck: Sequence[Card], record: Recorder) -> None:
        player, dealer = hand_value(deck[:HAND_SIZE]), hand_value(deck[HAND_SIZE:2 * HAND_SIZE])
        played = plays(player)
        ante, play, pair_plus = settle_hand(ANTE, PAIR_PLUS_BET, played, player, dealer, self.options)
        event = record.event
        event("played" if played else "folded")
        if dealer_qualifies(dealer):
            event("dealer qualified")
            if played:
                event(_RESULTS[(player > dealer) - (player < dealer)])
        if played and ANTE_BONUS.odds(hand_class(player)):
            event("ante bonus paid")
        if pair_plus:
            event("pair plus paid")
        staked = ANTE * (2 if played else 1)
        record.bet("ante", ANTE, ante)
        if played:
            record.bet("play", ANTE, play)
        record.bet("pairplus", PAIR_PLUS_BET, pair_plus)
        record.bet("ante+play per ante", ANTE, ANTE + ante + play - staked)
        record.bet("total", staked + PAIR_PLUS_BET, ante + play + pair_plus)


_RESULTS: Final = {1: "player won", 0: "tie", -1: "dealer won"}
