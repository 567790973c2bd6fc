"""High card: the trivial game that proves the simulation frame against an exact answer (a test
fixture, not a game the bot offers; the frame's tests register it for the command line).

One card to the player, one to the dealer, an even-money bet of 1: the higher rank wins, equal
ranks push (suits do not count). Ties happen with probability 3/51 (the dealer's card is one of
the 3 remaining cards of the player's rank) and wins and losses split the rest evenly by
symmetry, so the exact RTP is 1.0.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.poker.cards import Card
from bot.sim.recorder import Recorder


class HighCardSim:
    name = "highcard"
    strategy = "Bet 1 unit on the player's card every round; there are no decisions."
    bets = ("even money",)
    events = ("tie", "player wins", "dealer wins")
    cards_needed = 2

    def play_round(self, deck: Sequence[Card], record: Recorder) -> None:
        # Card index // 4 orders by rank; compared directly to keep the hot loop cheap.
        player_rank, dealer_rank = deck[0] >> 2, deck[1] >> 2
        if player_rank > dealer_rank:
            record.bet("even money", 1, 2)
            record.event("player wins")
        elif player_rank < dealer_rank:
            record.bet("even money", 1, 0)
            record.event("dealer wins")
        else:
            record.bet("even money", 1, 1)
            record.event("tie")
