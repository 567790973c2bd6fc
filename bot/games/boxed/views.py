"""What each person may see of a boxed-game round: the table's view and one player's view.

Privacy rules (this product's, on top of the seeds):

* the dealer's face-down cards are hidden until the dealer reveals (every decision made);
  the face-up ones are seen by all from the deal;
* a player's box cards are private to that player until the dealer reveals, when every box
  is turned (the showdown); a Buy's card likewise;
* even its own player sees an open box's cards only when that box's turn comes, and the blind
  and bonus-only boxes only after the last open-box decision (seed point 17: "werden
  offengelegt, nachdem der Spieler seine endgültige Entscheidung auf dem 'offenen' Feld
  getroffen hat").

A hidden card is ``None`` in a view: never present-but-flagged, so a renderer cannot leak it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.games.boxed.actions import DealerExchange
from bot.games.boxed.rules import HandClass, Phase, hand_class
from bot.games.common import SeatId, Settlement
from bot.games.plain import PlainData
from bot.i18n import Text
from bot.poker import Card, describe_value, evaluate_rank

if TYPE_CHECKING:
    from bot.games.boxed.seat import Box, Seat
    from bot.games.boxed.state import BoxedState


def hand_name(cards: Sequence[Card]) -> str:
    """``"Full House, Kings full of Twos"``, or ``"Ace-King"`` for the lowest paying hand."""
    value = evaluate_rank(cards)
    return Text("Ace-King") if hand_class(value) is HandClass.ACE_KING else describe_value(value)


@dataclass(frozen=True)
class BoxFace(PlainData):
    """What every view of a box shows: its stakes, its last decision, and its cards and hand
    (``None`` while hidden from the viewer)."""

    position: int
    kind: str
    """``"open"``, ``"blind"`` or ``"bonus"`` (a bonus without an Ante)."""
    ante: int
    bet: int
    bonus: int
    insurance: int
    fees: int
    """Chips paid as a price: a Buy."""
    status: str
    """The last decision: "", "BUY", "BUY + BET", "BET", "BET + INSURANCE", "FOLD", ..."""
    folded: bool
    cards: tuple[Card | None, ...]
    hand: str | None
    """The best hand of the cards shown (five or six)."""


@dataclass(frozen=True)
class BoxView(BoxFace):
    """One box as the table sees it. ``cards`` are ``None`` until the showdown."""

    on_turn: bool
    exchange: bool
    """The box asked for the dealer's exchange (shown once its player pressed "Go on")."""


@dataclass(frozen=True)
class SeatView(PlainData):
    seat: SeatId
    pending: bool
    step: str
    """``"box"`` (deciding ``current_box``), ``"blind"`` (insuring blind boxes), ``"done"``."""
    current_box: int | None
    boxes: tuple[BoxView, ...]


@dataclass(frozen=True)
class ExchangeView(PlainData):
    """The dealer's exchange: ``replaced[i]`` gave way to ``drawn[i]``; the new hand."""

    replaced: tuple[Card, ...]
    drawn: tuple[Card, ...]
    hand: str
    qualified: bool


@dataclass(frozen=True)
class PublicView(PlainData):
    """The table right now. ``dealer`` has a slot per dealer card once dealt, ``None`` face
    down; after an exchange it shows the new card in the old one's place."""

    game: str
    phase: str
    dealer: tuple[Card | None, ...]
    dealer_hand: str | None
    """The dealer's hand as revealed (it settles insurance and the boxes that kept their Ante)."""
    dealer_qualified: bool | None
    exchange: ExchangeView | None
    seats: tuple[SeatView, ...]
    settlement: Settlement | None

    def face_up_cards(self) -> list[Card]:
        """Every card this view shows."""
        shown: list[Card | None] = [*self.dealer]
        if self.exchange is not None:
            shown += [*self.exchange.replaced, *self.exchange.drawn]
        for seat in self.seats:
            for box in seat.boxes:
                shown += box.cards
        return [card for card in shown if card is not None]


@dataclass(frozen=True)
class PrivateBoxView(BoxFace):
    """One of the player's own boxes: its cards once the player may see them."""

    stage: str
    first_five: str | None
    """The hand of the first five cards, on which the bonus is paid."""
    insurance_range: tuple[int, int] | None
    """``(least, most)`` insurance the player may buy on this box right now."""
    exchange: bool


@dataclass(frozen=True)
class PrivateView(PlainData):
    """One player's view: their own boxes and what they may do now (the buttons to enable)."""

    seat: SeatId
    phase: str
    step: str
    pending: bool
    current_box: int | None
    dealer: tuple[Card | None, ...]
    boxes: tuple[PrivateBoxView, ...]
    can_buy: bool
    buy_cost: int
    buy_forces_bet: bool
    """A Buy now places the BET automatically too (2 Plus 4: no pair of kings showing)."""
    can_bet: bool
    bet_cost: int
    can_fold: bool
    can_go_on: bool
    exchange_boxes: tuple[int, ...]
    """Boxes that may be clicked for the dealer's exchange now."""


def public_view(state: BoxedState) -> PublicView:
    qualified = state.dealer_qualified()
    pending = set(state.pending_seats())
    seats = tuple(_seat_view(state, player, player.seat in pending) for player in state.seats.values())
    return PublicView(
        game=state.game.name,
        phase=state.phase.label,
        dealer=_dealer_cards(state),
        dealer_hand=hand_name(state.dealer_dealt) if state.revealed else None,
        dealer_qualified=qualified,
        exchange=_exchange_view(state),
        seats=seats,
        settlement=state.settlement,
    )


def private_view(state: BoxedState, seat: SeatId) -> PrivateView:
    player = state.seats.get(seat)
    boxes = () if player is None else tuple(
        _private_box(state, seat, box) for _, box in sorted(player.boxes.items())
    )
    exchanging = state.phase is Phase.EXCHANGE and seat in state.pending_seats()
    exchange = state.exchange_boxes(seat) if exchanging else ()
    return PrivateView(
        seat=seat,
        phase=state.phase.label,
        step=player.step if player is not None else "",
        pending=seat in state.pending_seats(),
        current_box=state.current_box(seat),
        dealer=_dealer_cards(state),
        boxes=boxes,
        can_buy=state.can_buy(seat),
        buy_cost=state.buy_cost(seat),
        buy_forces_bet=state.can_buy(seat) and state.buy_forces_bet(),
        can_bet=state.can_bet(seat),
        bet_cost=state.bet_cost(seat),
        can_fold=state.can_fold(seat),
        can_go_on=state.can_go_on(seat),
        exchange_boxes=exchange,
    )


def _dealer_cards(state: BoxedState) -> tuple[Card | None, ...]:
    if not state.dealer:
        return ()
    hidden = len(state.dealer) - state.game.dealer.face_up
    return tuple(card if state.revealed or index >= hidden else None
                 for index, card in enumerate(state.dealer))


def _exchange_view(state: BoxedState) -> ExchangeView | None:
    for action in reversed(state.history):
        if isinstance(action, DealerExchange):
            return ExchangeView(action.replaced, action.drawn, hand_name(state.dealer), action.qualified)
    return None


def _seat_view(state: BoxedState, player: Seat, pending: bool) -> SeatView:
    current = state.current_box(player.seat)
    boxes = tuple(
        BoxView(**_face(box, state.revealed), on_turn=position == current,
                exchange=box.exchange and player.confirmed)
        for position, box in sorted(player.boxes.items())
    )
    return SeatView(player.seat, pending, player.step, current, boxes)


def _private_box(state: BoxedState, seat: SeatId, box: Box) -> PrivateBoxView:
    visible = bool(box.cards) and (state.revealed or box.stage != "waiting")
    size = state.game.box_cards
    return PrivateBoxView(
        **_face(box, visible),
        stage=box.stage,
        first_five=hand_name(box.dealt or box.cards[:size]) if visible else None,
        insurance_range=state.insurance_range(seat, box.position),
        exchange=box.exchange,
    )


def _face(box: Box, visible: bool) -> dict[str, Any]:
    """The :class:`BoxFace` fields of ``box``; its cards and hand only when ``visible``."""
    return {
        "position": box.position, "kind": box.kind, "ante": box.ante, "bet": box.bet, "bonus": box.bonus,
        "insurance": box.insurance, "fees": box.fee_total, "status": box.status, "folded": box.folded,
        "cards": tuple(box.cards) if visible else (None,) * len(box.cards),
        "hand": hand_name(box.cards) if visible else None,
    }
