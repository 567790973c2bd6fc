"""Three Card Poker on the table runtime: the adapter around :mod:`bot.games.threecard`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.common import SeatId
from bot.games.threecard import moves
from bot.games.threecard.hands import describe
from bot.games.threecard.rules import ANTE_BONUS, BET_NAMES, PAIR_PLUS, Phase, ThreeCardOptions
from bot.games.threecard.state import ThreeCardState
from bot.games.threecard.views import public_view
from bot.i18n import N_, Text, Words
from bot.poker import Card
from bot.tables.adapter import (
    Applied,
    HouseGameAdapter,
    Outcome,
    PrivateRow,
    PrivateRows,
    bet_list,
    settled_status,
)
from bot.tables.config import ENGLISH, TableConfig
from bot.tables.rules_page import reflow
from render import SeatView, TableSnapshot


class ThreeCardAdapter(HouseGameAdapter):
    state_type = ThreeCardState
    starts_round_actions = frozenset({"ante", "rebet"})
    move_types = moves.MOVE_TYPES

    def options(self, config: TableConfig) -> ThreeCardOptions:
        return ThreeCardOptions(min_bet=config.min_bet, max_bet=config.required_max_bet(self.display_name),
                                max_payout=config.max_payout)

    def new_state(self, config: TableConfig) -> ThreeCardState:
        return ThreeCardState(self.options(config))

    # -- actions ---------------------------------------------------------------------------
    def bets_in_place(self, state: ThreeCardState, seat: SeatId) -> Text:
        player = state.seats.get(seat)
        return _bets_text(player.ante, player.pairplus, player.play) if player else Text("")

    def on_deadline(self, state: ThreeCardState, deck: Callable[[], Sequence[Card]]) -> list[Applied]:
        if state.phase is Phase.BETTING:
            return self.close_window(state, deck)
        return [self._timed_out(state, seat) for seat in state.pending_seats()]

    def leave(self, state: ThreeCardState, seat: SeatId) -> list[Applied]:
        taken_back = self.take_back_bets(state, seat)
        if taken_back is not None:
            return taken_back
        return [self._timed_out(state, seat)] if seat in state.pending_seats() else []

    def _timed_out(self, state: ThreeCardState, seat: SeatId) -> Applied:
        return Applied(seat, state.fold(seat, auto=True).label, (), f"decide:{seat}")

    # -- round facts -----------------------------------------------------------------------
    def outcome(self, state: ThreeCardState) -> Outcome | None:
        if state.settlement is None or not state.settlement.lines:
            return None
        view = public_view(state)
        headline = (Text("Dealer: {hand} (qualifies)", hand=view.dealer_hand) if view.dealer_qualified
                    else Text("Dealer: {hand} (does not qualify: Ante pays 1:1)", hand=view.dealer_hand))
        return Outcome(state.settlement, headline, {seat.seat: seat.hand or "" for seat in view.seats})

    def final_view(self, state: ThreeCardState) -> dict[str, Any]:
        return public_view(state).to_dict()

    def memory(self, state: ThreeCardState) -> dict[SeatId, Any]:
        return {seat: list(bets) for seat in state.seats
                if (bets := state.bets_of(seat)) is not None and bets.ante > 0}

    # -- presentation ----------------------------------------------------------------------
    def final_hands(self, state: ThreeCardState) -> dict[SeatId, list[Sequence[Card]]]:
        return {seat: [player.cards] for seat, player in state.seats.items() if player.cards}

    def snapshot(self, state: ThreeCardState | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str, w: Words = ENGLISH) -> TableSnapshot:
        if state is None:
            return TableSnapshot(title=title, footer=footer, dealer_status=w("Place your bets"))
        view = public_view(state)
        seats = tuple(
            SeatView(name=names.get(seat.seat, str(seat.seat)), cards=seat.cards,
                     bet=w(_bets_text(seat.ante, seat.pairplus, seat.play)),
                     status=settled_status(state.settlement, seat.seat, seat.hand, w)
                     or (w("deciding…") if seat.pending else w(seat.status)),
                     active=seat.pending)
            for seat in view.seats
        )
        dealer_status = ""
        if view.dealer_hand:
            dealer_status = (w("{hand} · qualifies", hand=view.dealer_hand) if view.dealer_qualified
                             else w("{hand} · does not qualify", hand=view.dealer_hand))
        return TableSnapshot(title=title, dealer=view.dealer, seats=seats, footer=footer,
                             dealer_status=dealer_status)

    def private_cards(self, state: ThreeCardState, seat: SeatId,
                      w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        player = state.seats.get(seat)
        if player is None or not player.cards:
            return [], w("You have no cards in this round.")
        hand = describe(player.cards)
        line = (w("Your hand: {hand} · Play or Fold", hand=hand) if player.pending
                else w("Your hand: {hand}", hand=hand))
        return [PrivateRow(w("Your cards"), list(player.cards), w(hand))], line

    def phase_text(self, state: ThreeCardState | None, w: Words = ENGLISH) -> str:
        if state is None:
            return w("Waiting for bets")
        return w(PHASE_TEXT[state.phase])

    def rules_text(self, config: TableConfig, w: Words = ENGLISH) -> str:
        return reflow(w(RULES, bets=config.bets_in(w), betting=config.betting_seconds,
                        decision=config.decision_seconds, bonus=ANTE_BONUS.text(w),
                        pair_plus=PAIR_PLUS.text(w)))


PHASE_TEXT = {Phase.BETTING: N_("Betting window open"), Phase.DEALING: N_("Dealing"),
              Phase.DECIDING: N_("Play (= your Ante) or Fold"), Phase.SETTLED: N_("Showdown")}
RULES = N_("""\
**Three Card Poker**: your three cards against the dealer's three.
**Bets** ({bets}): an Ante, and the optional Pair Plus once your Ante stands. Betting window:
{betting} s. Undo, Clear, Rebet (last round's bets). Bets below the minimum are returned when
the window closes.
**Decision** ({decision} s): Play (a bet equal to your Ante) or Fold (the Ante is lost). No
decision in time: AUTO FOLDED.
**Hands**, best first: straight flush, three of a kind, straight, flush, pair, high card.
A-2-3 is the lowest straight, A-K-Q the highest.
**Dealer qualifies** with queen high or better. Not qualified: Ante 1:1, Play pushes.
Qualified: your hand better -> Ante and Play 1:1; dealer better -> both lost; tie -> push.
**Ante bonus** on a played hand, whatever the dealer holds: {bonus}.
**Pair Plus**, on your three cards alone (also after a fold): {pair_plus}; otherwise lost.
""")


def _bets_text(ante: int, pairplus: int, play: int) -> Text:
    return bet_list((BET_NAMES["ante"], ante), (BET_NAMES["pairplus"], pairplus), (BET_NAMES["play"], play))
