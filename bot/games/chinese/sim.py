"""Chinese Poker in the simulator: four players, each set by the auto-arrange, scored by the
engine's own :func:`bot.games.chinese.scoring.score_hands`.

Chinese Poker has no house and no bets: points pass between the players, so every hand sums to
zero. The report shows each seat's points as a "bet" of 1 unit that returns 1 plus the points
won (its RTP is 1 + the seat's mean points a hand; by symmetry every seat's interval holds 1),
and how often the showdown's notable events happen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.chinese.arrange import auto_arrange
from bot.games.chinese.hands import NaturalKind
from bot.games.chinese.scoring import Matchup, PlayerHand, score_hands
from bot.poker import Card
from bot.sim.recorder import Recorder

SEATS: Final = 4
HAND_SIZE: Final = 13
STRATEGY: Final = (
    "Four players, each hand set by the bot's auto-arrange (the best legal arrangement by "
    "expected points against one random opponent) and declaring every automatic win it holds. "
    "Each seat's points count as a 1-unit bet returning 1 + the points won."
)


class ChineseSim:
    name = "chinese"
    strategy = STRATEGY
    bets = tuple(f"points, seat {seat + 1}" for seat in range(SEATS))
    events = ("automatic win declared", "dragon", "sweep (a pair of players)",
              "super bonus (all three swept)", "royalty scored")
    cards_needed = SEATS * HAND_SIZE

    def play_round(self, deck: Sequence[Card], record: Recorder) -> None:
        hands = {}
        for seat in range(SEATS):
            cards = tuple(Card(card) for card in deck[seat * HAND_SIZE:(seat + 1) * HAND_SIZE])
            proposal = auto_arrange(cards)
            hands[seat] = PlayerHand(cards, proposal.arrangement,
                                     declare_natural=proposal.natural is not None)
            if proposal.natural is not None:
                record.event("automatic win declared")
                if proposal.natural.kind is NaturalKind.DRAGON:
                    record.event("dragon")
        showdown = score_hands(hands)
        for seat, points in showdown.points.items():
            record.bet(f"points, seat {seat + 1}", 1, 1 + points)
        for pair in showdown.pairs:
            if pair.matchup is Matchup.PLAY and abs(sum(pair.segments)) == 3:
                record.event("sweep (a pair of players)")
            if any(pair.royalties):
                record.event("royalty scored")
        if showdown.super_bonus:
            record.event("super bonus (all three swept)")
