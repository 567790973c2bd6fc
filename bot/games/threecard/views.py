"""What the table may see of a Three Card Poker round.

Before the showdown nobody sees the dealer's cards, and a player's cards are that player's
alone (see ``state.seats[seat].cards`` for the seat's own view). At the showdown everything is
face up. A hidden card is ``None``: never present-but-flagged, so a renderer cannot leak it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.games.common import SeatId, Settlement
from bot.games.plain import PlainData
from bot.games.threecard.hands import describe
from bot.poker import Card

if TYPE_CHECKING:
    from bot.games.threecard.state import ThreeCardState


@dataclass(frozen=True)
class SeatView(PlainData):
    seat: SeatId
    ante: int
    pairplus: int
    play: int
    status: str
    """"", "PLAY", "FOLD" or "AUTO FOLDED"."""
    pending: bool
    cards: tuple[Card | None, ...]
    hand: str | None


@dataclass(frozen=True)
class PublicView(PlainData):
    phase: str
    dealer: tuple[Card | None, ...]
    dealer_hand: str | None
    dealer_qualified: bool | None
    seats: tuple[SeatView, ...]
    settlement: Settlement | None

    def face_up_cards(self) -> list[Card]:
        shown = [*self.dealer, *(card for seat in self.seats for card in seat.cards)]
        return [card for card in shown if card is not None]


def public_view(state: ThreeCardState) -> PublicView:
    shown = state.showdown
    seats = tuple(
        SeatView(player.seat, player.ante, player.pairplus, player.play, player.status, player.pending,
                 _face(player.cards, shown), describe(player.cards) if shown else None)
        for player in state.seats.values()
    )
    return PublicView(state.phase.label, _face(state.dealer, shown),
                      describe(state.dealer) if shown else None,
                      state.dealer_qualified, seats, state.settlement)


def _face(cards: tuple[Card, ...], shown: bool) -> tuple[Card | None, ...]:
    return cards if shown else tuple(None for _ in cards)
