"""Ultimate Texas Hold'em on the table runtime: the adapter around :mod:`bot.games.uth`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from bot.games.common import SeatId
from bot.games.round import Round
from bot.games.uth import BLIND_PAYS, TRIPS_PAYS, Phase, UTHOptions, UTHState, figures
from bot.games.uth.state import bets_said
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
from bot.tables.config import ENGLISH, TableConfig, TableOptions, option
from bot.tables.rules_page import UTH_RULES, reflow
from render import SeatView, TableSnapshot

DECISION_PHASES = (Phase.PREFLOP, Phase.FLOP, Phase.RIVER)
QUALIFIER_TEXT = {"pair_of_fours": N_("a pair of fours or better"), "pair": N_("any pair or better")}


@dataclass(frozen=True)
class UTHTableOptions(TableOptions):
    dealer_qualifier: Literal["pair_of_fours", "pair"] = option(
        "pair_of_fours", "what the dealer needs to qualify (RULES.md: a pair of fours by default)")


class UTHAdapter(GameAdapter):
    def options(self, config: TableConfig) -> UTHOptions:
        return UTHOptions(
            dealer_qualifier=config.options_as(UTHTableOptions).dealer_qualifier,
            min_bet=config.min_bet, max_bet=config.required_max_bet(self.info.name),
            max_payout=config.max_payout,
        )

    def new_round(self, config: TableConfig, context: TableContext = NO_CONTEXT) -> UTHState:
        return UTHState(self.options(config))

    def load(self, data: Mapping[str, Any], config: TableConfig) -> UTHState:
        return UTHState.from_dict(data)

    def outcome(self, round_: Round) -> Outcome | None:
        state = own(round_, UTHState)
        view = state.public_view()
        return dealer_outcome(state.settlement, view.dealer_hand, view.dealer_qualified,
                              {seat.seat: seat.hand or "" for seat in view.seats})

    # -- presentation ----------------------------------------------------------------------
    def snapshot(self, round_: Round | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str, w: Words = ENGLISH) -> TableSnapshot:
        state = own(round_, UTHState)
        if state is None:
            return TableSnapshot(title=title, footer=footer, dealer_status=w("Place your bets"))
        view = state.public_view()
        seats = tuple(
            SeatView(
                name=names.get(seat.seat, str(seat.seat)),
                cards=seat.hole,
                bet=w(bets_said(seat.ante, seat.trips, seat.play)),
                status=self._seat_status_text(seat.status, seat.pending, seat.hand, state, seat.seat, w),
                active=seat.pending,
            )
            for seat in view.seats
        )
        return TableSnapshot(title=title, dealer=view.dealer, community=view.board, seats=seats,
                             footer=footer, dealer_label=w("Dealer"),
                             dealer_status=dealer_status(view.dealer_hand, view.dealer_qualified, w),
                             board_label=w("Board"))

    def _seat_status_text(self, status: str, pending: bool, hand: str | None, state: UTHState,
                          seat: SeatId, w: Words) -> str:
        settled = settled_status(state.settlement, seat, hand, w)
        if settled is not None:
            return settled
        if pending:
            return w("deciding…")
        return w(status)

    def private_cards(self, round_: Round, seat: SeatId, w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        state = own(round_, UTHState)
        view = state.private_view(seat)
        if not view.hole:
            return [], w("You have no cards in this round.")
        line = w("Your hand: {hand}", hand=view.hand) if view.hand else w("Your hole cards")
        if view.raise_multiples:
            line += w(" · you may raise {multiples} your Ante",
                      multiples=w(" or ").join(f"{m}x" for m in view.raise_multiples))
        return [PrivateRow(w("Your cards"), [*view.hole, *view.board], w(view.hand or ""))], line

    def phase_text(self, round_: Round | None, w: Words = ENGLISH) -> str:
        state = own(round_, UTHState)
        if state is None:
            return w("Waiting for bets")
        return w(PHASE_TEXT[state.phase])

    def rules_text(self, config: TableConfig, w: Words = ENGLISH) -> str:
        qualifier = config.options_as(UTHTableOptions).dealer_qualifier
        text = w(
            UTH_RULES, bets=config.bets_in(w),
            qualifier=w(QUALIFIER_TEXT.get(qualifier, qualifier)),
            betting=config.betting_seconds, decision=config.decision_seconds,
            blind_table=BLIND_PAYS.text(w), trips_table=TRIPS_PAYS.text(w),
        )
        return f"{reflow(text)}\n{figures.summary(qualifier, w)}"


PHASE_TEXT = {
    Phase.BETTING: N_("Betting window open"), Phase.DEALING: N_("Dealing"),
    Phase.PREFLOP: N_("Pre-flop: Raise 4x/3x or Check"), Phase.FLOP: N_("Flop: Raise 2x or Check"),
    Phase.RIVER: N_("River: Raise 1x or Fold"), Phase.SETTLED: N_("Showdown"),
}
