"""What each person may see of a round: the table's public view and a seat's private view.

Privacy rules (this product's, on top of the seed): before the showdown nobody sees the
dealer's hole cards or a board card that has not been turned, and a player's hole cards are
private to that player. At the showdown (phase ``settled`` after a deal) everything is face up.
A hidden card is ``None`` in a view: never present-but-flagged, so a renderer cannot leak it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.games.common import SeatId, Settlement
from bot.games.plain import PlainData
from bot.games.uth.actions import Showdown
from bot.games.uth.rules import RAISE_MULTIPLES, Phase
from bot.poker import Card, HandValue, evaluate

if TYPE_CHECKING:
    from bot.games.uth.state import UTHSeat, UTHState


def hand_name(value: HandValue) -> str:
    """``"Full House, Kings full of Twos"``: a hand as a player reads it."""
    return value.describe()


@dataclass(frozen=True)
class SeatView(PlainData):
    """One seat as the table sees it. ``hole`` is ``(None, None)`` until the showdown."""

    seat: SeatId
    ante: int
    blind: int
    trips: int
    play: int
    status: str
    """The last decision: "", "CHECK", "AUTO CHECKED", "RAISE 4x", "FOLD", "AUTO FOLDED"."""
    pending: bool
    hole: tuple[Card | None, ...]
    hand: str | None
    best_five: tuple[Card, ...]


@dataclass(frozen=True)
class PublicView(PlainData):
    """The table's state right now. ``board`` has five slots once dealt, ``None`` face down."""

    phase: str
    board: tuple[Card | None, ...]
    dealer: tuple[Card | None, ...]
    dealer_hand: str | None
    dealer_best_five: tuple[Card, ...]
    dealer_qualified: bool | None
    seats: tuple[SeatView, ...]
    settlement: Settlement | None

    def face_up_cards(self) -> list[Card]:
        """Every card this view shows."""
        shown = [*self.board, *self.dealer, *self.dealer_best_five]
        for seat in self.seats:
            shown += [*seat.hole, *seat.best_five]
        return [card for card in shown if card is not None]


@dataclass(frozen=True)
class PrivateView(PlainData):
    """One seat's own view: its hole cards, the face-up board and what it may do now."""

    seat: SeatId
    phase: str
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    hand: str | None
    """The best hand from the cards this player sees, once there are five of them."""
    raise_multiples: tuple[int, ...]
    can_check: bool
    can_fold: bool


def public_view(state: UTHState) -> PublicView:
    showdown = state.phase is Phase.SETTLED and bool(state.dealer)
    board: tuple[Card | None, ...] = ()
    if state.board:
        board = tuple(card if index < state.revealed else None for index, card in enumerate(state.board))
    dealer: tuple[Card | None, ...] = ()
    dealer_hand: str | None = None
    dealer_best: tuple[Card, ...] = ()
    qualified: bool | None = None
    if state.dealer:
        dealer = state.dealer if showdown else (None, None)
    if showdown:
        value = evaluate(state.dealer + state.board)
        dealer_hand, dealer_best = hand_name(value), tuple(value.best_five)
        qualified = next(
            (action.dealer_qualified for action in state.history if isinstance(action, Showdown)), None
        )
    pending = set(state.pending_seats())
    seats = tuple(_seat_view(state, player, showdown, player.seat in pending)
                  for player in state.seats.values())
    return PublicView(
        phase=state.phase.label,
        board=board,
        dealer=dealer,
        dealer_hand=dealer_hand,
        dealer_best_five=dealer_best,
        dealer_qualified=qualified,
        seats=seats,
        settlement=state.settlement,
    )


def private_view(state: UTHState, seat: SeatId) -> PrivateView:
    player = state.seats.get(seat)
    hole = player.hole if player else ()
    board = tuple(state.board[: state.revealed])
    hand = hand_name(evaluate(hole + board)) if hole and len(hole) + len(board) >= 5 else None
    multiples = tuple(
        multiple for multiple in RAISE_MULTIPLES.get(state.phase, ()) if state.can_raise_bet(seat, multiple)
    )
    return PrivateView(
        seat=seat,
        phase=state.phase.label,
        hole=hole,
        board=board,
        hand=hand,
        raise_multiples=multiples,
        can_check=state.can_check(seat),
        can_fold=state.can_fold(seat),
    )


def _seat_view(state: UTHState, player: UTHSeat, showdown: bool, pending: bool) -> SeatView:
    hole: tuple[Card | None, ...] = ()
    hand: str | None = None
    best: tuple[Card, ...] = ()
    if player.hole:
        hole = player.hole if showdown else (None, None)
    if showdown:
        value = evaluate(player.hole + state.board)
        hand, best = hand_name(value), tuple(value.best_five)
    return SeatView(
        seat=player.seat,
        ante=player.ante,
        blind=player.blind,
        trips=player.trips,
        play=player.play,
        status=player.status,
        pending=pending,
        hole=hole,
        hand=hand,
        best_five=best,
    )
