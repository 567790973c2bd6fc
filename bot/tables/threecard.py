"""Three Card Poker on the table runtime: the adapter around :mod:`bot.games.threecard`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.common import SeatId
from bot.games.round import Round
from bot.games.threecard.hands import describe
from bot.games.threecard.rules import ANTE_BONUS, PAIR_PLUS, Phase, ThreeCardOptions
from bot.games.threecard.sim import ANTE_PLAY_EDGE
from bot.games.threecard.state import ThreeCardState, bets_said
from bot.games.threecard.views import public_view
from bot.i18n import N_, Words
from bot.tables.adapter import (
    NO_CONTEXT,
    GameAdapter,
    Outcome,
    PrivateRow,
    PrivateRows,
    TableContext,
    dealer_outcome,
    dealer_status,
    own,
    settled_status,
)
from bot.tables.config import ENGLISH, TableConfig
from bot.tables.rules_page import THREE_CARD_FIGURES, THREE_CARD_RULES, reflow
from render import SeatView, TableSnapshot


class ThreeCardAdapter(GameAdapter):
    def options(self, config: TableConfig) -> ThreeCardOptions:
        return ThreeCardOptions(min_bet=config.min_bet, max_bet=config.required_max_bet(self.info.name),
                                max_payout=config.max_payout)

    def new_round(self, config: TableConfig, context: TableContext = NO_CONTEXT) -> ThreeCardState:
        return ThreeCardState(self.options(config))

    def load(self, data: Mapping[str, Any], config: TableConfig) -> ThreeCardState:
        return ThreeCardState.from_dict(data)

    def outcome(self, round_: Round) -> Outcome | None:
        state = own(round_, ThreeCardState)
        view = public_view(state)
        return dealer_outcome(state.settlement, view.dealer_hand, view.dealer_qualified,
                              {seat.seat: seat.hand or "" for seat in view.seats},
                              not_qualifying=N_("Dealer: {hand} (does not qualify: Ante pays 1:1)"))

    # -- presentation ----------------------------------------------------------------------
    def snapshot(self, round_: Round | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str, w: Words = ENGLISH) -> TableSnapshot:
        state = own(round_, ThreeCardState)
        if state is None:
            return TableSnapshot(title=title, footer=footer, dealer_status=w("Place your bets"))
        view = public_view(state)
        seats = tuple(
            SeatView(name=names.get(seat.seat, str(seat.seat)), cards=seat.cards,
                     bet=w(bets_said(seat.ante, seat.pairplus, seat.play)),
                     status=settled_status(state.settlement, seat.seat, seat.hand, w)
                     or (w("deciding…") if seat.pending else w(seat.status)),
                     active=seat.pending)
            for seat in view.seats
        )
        return TableSnapshot(title=title, dealer=view.dealer, seats=seats, footer=footer,
                             dealer_status=dealer_status(view.dealer_hand, view.dealer_qualified, w))

    def private_cards(self, round_: Round, seat: SeatId,
                      w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        state = own(round_, ThreeCardState)
        player = state.seats.get(seat)
        if player is None or not player.cards:
            return [], w("You have no cards in this round.")
        hand = describe(player.cards)
        line = (w("Your hand: {hand} · Play or Fold", hand=hand) if player.pending
                else w("Your hand: {hand}", hand=hand))
        return [PrivateRow(w("Your cards"), list(player.cards), w(hand))], line

    def phase_text(self, round_: Round | None, w: Words = ENGLISH) -> str:
        state = own(round_, ThreeCardState)
        if state is None:
            return w("Waiting for bets")
        return w(PHASE_TEXT[state.phase])

    def rules_text(self, config: TableConfig, w: Words = ENGLISH) -> str:
        rules = reflow(w(THREE_CARD_RULES, bets=config.bets_in(w), betting=config.betting_seconds,
                         decision=config.decision_seconds, bonus=ANTE_BONUS.text(w),
                         pair_plus=PAIR_PLUS.text(w)))
        figures = w(THREE_CARD_FIGURES, rtp=w.percent(1 - ANTE_PLAY_EDGE, 3),
                    edge=w.percent(ANTE_PLAY_EDGE, 3), command=STRATEGY_COMMAND)
        return f"{rules}\n{figures}"


STRATEGY_COMMAND = "python -m bot strategy threecard"  # not prose


PHASE_TEXT = {Phase.BETTING: N_("Betting window open"), Phase.DEALING: N_("Dealing"),
              Phase.DECIDING: N_("Play (= your Ante) or Fold"), Phase.SETTLED: N_("Showdown")}
