"""Ultimate Texas Hold'em on the table runtime: the adapter around :mod:`bot.games.uth`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.games.common import SeatId
from bot.games.uth import BLIND_PAYS, TRIPS_PAYS, Phase, UTHOptions, UTHState, moves
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
from bot.tables.config import ENGLISH, TableConfig, TableOptions, option
from bot.tables.rules_page import reflow
from render import SeatView, TableSnapshot

DECISION_PHASES = (Phase.PREFLOP, Phase.FLOP, Phase.RIVER)
QUALIFIER_TEXT = {"pair_of_fours": N_("a pair of fours or better"), "pair": N_("any pair or better")}


@dataclass(frozen=True)
class UTHTableOptions(TableOptions):
    dealer_qualifier: Literal["pair_of_fours", "pair"] = option(
        "pair_of_fours", "what the dealer needs to qualify (RULES.md: a pair of fours by default)")


class UTHAdapter(HouseGameAdapter):
    state_type = UTHState
    starts_round_actions = frozenset({"ante", "rebet"})
    move_types = moves.MOVE_TYPES

    def options(self, config: TableConfig) -> UTHOptions:
        return UTHOptions(
            dealer_qualifier=config.options_as(UTHTableOptions).dealer_qualifier,
            min_bet=config.min_bet, max_bet=config.required_max_bet(self.display_name),
            max_payout=config.max_payout,
        )

    def new_state(self, config: TableConfig) -> UTHState:
        return UTHState(self.options(config))

    # -- actions ---------------------------------------------------------------------------
    def bets_in_place(self, state: UTHState, seat: SeatId) -> Text:
        player = state.seats.get(seat)
        return _bets_text(player.ante, player.trips, player.play) if player else Text("")

    def on_deadline(self, state: UTHState, deck: Callable[[], Sequence[Card]]) -> list[Applied]:
        if state.phase is Phase.BETTING:
            return self.close_window(state, deck)
        phase = state.phase
        return [
            Applied(seat, record.label, tuple(record.flows), f"decide:{phase.label}:{seat}")
            for seat in state.pending_seats()
            for record in [state.timeout(seat)]
        ]

    def leave(self, state: UTHState, seat: SeatId) -> list[Applied]:
        taken_back = self.take_back_bets(state, seat)
        if taken_back is not None:
            return taken_back
        if state.phase in DECISION_PHASES and seat in state.pending_seats():
            phase = state.phase
            record = state.timeout(seat)
            return [Applied(seat, record.label, tuple(record.flows), f"decide:{phase.label}:{seat}")]
        return []

    # -- round facts -----------------------------------------------------------------------
    def outcome(self, state: UTHState) -> Outcome | None:
        if state.settlement is None or not state.settlement.lines:
            return None
        view = state.public_view()
        headline = (Text("Dealer: {hand} (qualifies)", hand=view.dealer_hand) if view.dealer_qualified
                    else Text("Dealer: {hand} (does not qualify)", hand=view.dealer_hand))
        seat_lines = {seat.seat: seat.hand or "" for seat in view.seats}
        return Outcome(state.settlement, headline, seat_lines)

    def memory(self, state: UTHState) -> dict[SeatId, Any]:
        remembered: dict[SeatId, Any] = {}
        for seat in state.seats:
            bets = state.bets_of(seat)
            if bets is not None and bets.ante > 0:
                remembered[seat] = list(bets)
        return remembered

    # -- presentation ----------------------------------------------------------------------
    def final_hands(self, state: UTHState) -> dict[SeatId, list[Sequence[Card]]]:
        return {seat: [player.hole + state.board] for seat, player in state.seats.items() if player.hole}

    def snapshot(self, state: UTHState | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str, w: Words = ENGLISH) -> TableSnapshot:
        if state is None:
            return TableSnapshot(title=title, footer=footer, dealer_status=w("Place your bets"))
        view = state.public_view()
        seats = tuple(
            SeatView(
                name=names.get(seat.seat, str(seat.seat)),
                cards=seat.hole,
                bet=w(_bets_text(seat.ante, seat.trips, seat.play)),
                status=self._seat_status_text(seat.status, seat.pending, seat.hand, state, seat.seat, w),
                active=seat.pending,
            )
            for seat in view.seats
        )
        dealer_status = ""
        if view.dealer_hand:
            dealer_status = (w("{hand} · qualifies", hand=view.dealer_hand) if view.dealer_qualified
                             else w("{hand} · does not qualify", hand=view.dealer_hand))
        return TableSnapshot(title=title, dealer=view.dealer, community=view.board, seats=seats,
                             footer=footer, dealer_status=dealer_status, dealer_label=w("Dealer"),
                             board_label=w("Board"))

    def _seat_status_text(self, status: str, pending: bool, hand: str | None, state: UTHState,
                          seat: SeatId, w: Words) -> str:
        settled = settled_status(state.settlement, seat, hand, w)
        if settled is not None:
            return settled
        if pending:
            return w("deciding…")
        return w(status)

    def private_cards(self, state: UTHState, seat: SeatId, w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        view = state.private_view(seat)
        if not view.hole:
            return [], w("You have no cards in this round.")
        line = w("Your hand: {hand}", hand=view.hand) if view.hand else w("Your hole cards")
        if view.raise_multiples:
            line += w(" · you may raise {multiples} your Ante",
                      multiples=w(" or ").join(f"{m}x" for m in view.raise_multiples))
        return [PrivateRow(w("Your cards"), [*view.hole, *view.board], w(view.hand or ""))], line

    def phase_text(self, state: UTHState | None, w: Words = ENGLISH) -> str:
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
        return reflow(text)


PHASE_TEXT = {
    Phase.BETTING: N_("Betting window open"), Phase.DEALING: N_("Dealing"),
    Phase.PREFLOP: N_("Pre-flop: Raise 4x/3x or Check"), Phase.FLOP: N_("Flop: Raise 2x or Check"),
    Phase.RIVER: N_("River: Raise 1x or Fold"), Phase.SETTLED: N_("Showdown"),
}

UTH_RULES = N_("""\
**Ultimate Texas Hold'em** — you against the dealer; best five of your two cards and the five
on the board.
**Bets** ({bets}): Ante, with an equal Blind placed automatically; optional
Trips. Betting window: {betting} s (green, then yellow, then red). Undo, Rebet (last round's
bets), Double (once). Bets below the minimum are returned when the window closes.
**Decisions** ({decision} s each): pre-flop Raise 4x or 3x the Ante, or Check; on the flop
Raise 2x or Check; on the river Raise 1x or Fold. One raise per hand. Missing a decision:
pre-flop/flop AUTO CHECKED, river AUTO FOLDED (Ante, Blind and Play lost).
**Dealer qualifies** with {qualifier}. Qualified: you beat the dealer -> Ante and Play 1:1,
Blind per table; dealer better -> all lost; tie -> push. Not qualified: Ante pushes; Play 1:1
and Blind per table if you win, lost if the dealer wins, push on a tie.
**Blind** (when you beat the dealer): {blind_table}; below that push.
**Trips** (on your own hand, whatever happens against the dealer, also after a fold):
{trips_table}; otherwise lost.
Payouts are whole chips, rounded down (3:2 on an odd bet).
""")


def _bets_text(ante: int, trips: int, play: int) -> Text:
    """``"Ante 20 · Blind 20 · Trips 10"``: the seat's bets in the seeds' own names."""
    return bet_list((N_("Ante"), ante), (N_("Blind"), ante), (N_("Trips"), trips), (N_("Play"), play))
