"""The boxed dealer games (2 Plus 4, Imperial) on the table runtime: one adapter for the shared
core in :mod:`bot.games.boxed`, configured per game with data and the game's round factory."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.boxed.rules import BoxedGame, BoxedOptions, Phase
from bot.games.boxed.state import BoxedState, box_bets
from bot.games.boxed.views import BoxView
from bot.games.common import SeatId
from bot.games.round import Round
from bot.i18n import N_, Text, Words, joined
from bot.tables.adapter import (
    NO_CONTEXT,
    GameAdapter,
    GameInfo,
    Outcome,
    PrivateRow,
    PrivateRows,
    TableContext,
    dealer_outcome,
    dealer_status,
    own,
)
from bot.tables.config import ENGLISH, TableConfig, TableOptions, option
from bot.tables.rules_page import reflow
from render import SeatView, TableSnapshot

NewRound = Callable[[BoxedOptions], BoxedState]
RestoreRound = Callable[[Mapping[str, Any]], BoxedState]


@dataclass(frozen=True)
class BoxedTableOptions(TableOptions):
    smallest_chip: int = option(1, "the smallest chip (the minimum Bonus)", minimum=1)
    max_round_payout: int | None = option(
        None, "the most one player wins in a round (default: the max payout)", minimum=1)

    def round_cap(self, config: TableConfig) -> int:
        return config.max_payout if self.max_round_payout is None else self.max_round_payout


class BoxedAdapter(GameAdapter):
    """Drives a :class:`BoxedState`. Several players each play their own boxes at once."""

    def __init__(self, info: GameInfo, game: BoxedGame, rules_page: str, figures: Callable[[Words], str], *,
                 new_round: NewRound | None = None, restore_round: RestoreRound | None = None):
        """``game``: the boxed game's data; ``rules_page``: its rules page with the table's
        figures as ``{fields}`` (see :meth:`rules_text`) and ``figures``, the simulated figures;
        ``new_round``/``restore_round``: its own round type (Imperial's adds the Draw); the
        core's :class:`BoxedState` when not given."""
        super().__init__(info)
        self.boxed_game = game
        self._rules_page = rules_page
        self._figures = figures
        self._new_round: NewRound = new_round or (lambda options: BoxedState(game, options))
        self._restore_round: RestoreRound = restore_round or (
            lambda data: BoxedState.from_dict(data, game))

    def options(self, config: TableConfig) -> BoxedOptions:
        table = config.options_as(BoxedTableOptions)
        return BoxedOptions(min_ante=config.min_bet, max_ante=config.max_bet,
                            smallest_chip=table.smallest_chip, max_payout=config.max_payout,
                            max_round_payout=table.round_cap(config))

    def new_round(self, config: TableConfig, context: TableContext = NO_CONTEXT) -> BoxedState:
        return self._new_round(self.options(config))

    def load(self, data: Mapping[str, Any], config: TableConfig) -> BoxedState:
        return self._restore_round(data)

    # -- round facts -----------------------------------------------------------------------
    def outcome(self, round_: Round) -> Outcome | None:
        state = own(round_, BoxedState)
        view = state.public_view()
        after = None
        if view.exchange is not None:
            after = (Text("exchange: {hand} (qualifies)", hand=view.exchange.hand) if view.exchange.qualified
                     else Text("exchange: {hand} (still does not qualify)", hand=view.exchange.hand))
        seat_lines = {seat.seat: joined([Text("box {box}: {hand}", box=b.position, hand=b.hand)
                                         for b in seat.boxes if b.hand])
                      for seat in view.seats}
        return dealer_outcome(state.settlement, view.dealer_hand, view.dealer_qualified, seat_lines,
                              then=after)

    # -- presentation ----------------------------------------------------------------------
    def snapshot(self, round_: Round | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str, w: Words = ENGLISH) -> TableSnapshot:
        state = own(round_, BoxedState)
        if state is None:
            return TableSnapshot(title=title, footer=footer, dealer_status=w("Place your boxes"))
        view = state.public_view()
        seats = tuple(
            SeatView(name=w("{name} · box {box} ({kind})", name=names.get(seat.seat, str(seat.seat)),
                            box=box.position, kind=w(BOX_KINDS[box.kind])),
                     cards=box.cards, bet=w(box_bets(box)), status=_box_status(box, state, w),
                     active=box.on_turn)
            for seat in view.seats for box in seat.boxes
        )
        dealer = dealer_status(view.dealer_hand, view.dealer_qualified, w)
        if dealer and view.exchange is not None:
            dealer += " · " + w("after the exchange: {hand}", hand=view.exchange.hand)
        return TableSnapshot(title=title, dealer=view.dealer, seats=seats, footer=footer,
                             dealer_status=dealer)

    def private_cards(self, round_: Round, seat: SeatId, w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        state = own(round_, BoxedState)
        view = state.private_view(seat)
        if not view.boxes:
            return [], w("You have no boxes in this round.")
        rows = [PrivateRow(w("Box {box} ({kind})", box=box.position, kind=w(BOX_KINDS[box.kind])),
                           list(box.cards), w(box.hand or ""))
                for box in view.boxes if box.cards]
        hands = [w("box {box}: {hand}", box=box.position, hand=box.hand)
                 for box in view.boxes if box.cards and box.hand]
        hints = [" · ".join(hands)] if hands else []
        if view.current_box is not None:
            hints.append(w("deciding box {box}", box=view.current_box))
        if view.can_buy:
            hints.append(w("Buy costs {cost} (the BET is then placed for you)", cost=view.buy_cost)
                         if view.buy_forces_bet else w("Buy costs {cost}", cost=view.buy_cost))
        if view.can_bet:
            hints.append(w("Bet costs {cost}", cost=view.bet_cost))
        for box in view.boxes:
            if box.insurance_range is not None:
                low, high = box.insurance_range
                insure = self.info.vocabulary.command("insure", box=box.position, amount=...)
                hints.append(w("box {box} may be insured for {low}–{high} ({insurance})",
                               box=box.position, low=low, high=high, insurance=insure))
        if view.exchange_boxes:
            hints.append(w("boxes that may ask for the exchange: {boxes}",
                           boxes=", ".join(str(b) for b in view.exchange_boxes)))
        return rows, " · ".join(hints) or w("Your boxes")

    def phase_text(self, round_: Round | None, w: Words = ENGLISH) -> str:
        state = own(round_, BoxedState)
        if state is None:
            return w("Waiting for bets")
        return w(PHASE_TEXT[state.phase])

    def rules_text(self, config: TableConfig, w: Words = ENGLISH) -> str:
        """The rules page with this table's chip, Ante limits and caps, the game's pay tables
        and its figures."""
        options = config.options_as(BoxedTableOptions)
        return reflow(w(
            self._rules_page, chip=options.smallest_chip, antes=config.bets_in(w),
            max_payout=config.max_payout,
            max_round=options.round_cap(config), bet_table=self.boxed_game.bet_pays.table.text(w),
            bonus_table=self.boxed_game.bonus_pays.text(w), figures=self._figures(w),
            open_one=self.info.vocabulary.command("open", boxes=1), **self.info.vocabulary.references(),
        ))


BOX_KINDS = {"open": N_("open"), "blind": N_("blind"), "bonus": N_("bonus only")}
"""A box as its kind is shown: played open, blind, or holding only a bonus."""
PHASE_TEXT = {
    Phase.BETTING: N_("Betting window open"), Phase.DEALING: N_("Dealing"),
    Phase.DECISIONS: N_("Decisions: Buy, Bet or Fold each open box"),
    Phase.EXCHANGE: N_("Dealer does not qualify: pick boxes for the exchange, then Go on"),
    Phase.SETTLED: N_("Showdown"),
}


def _box_status(box: BoxView, state: BoxedState, w: Words) -> str:
    settlement = state.settlement
    status = w(box.status) if box.status else (w("deciding…") if box.on_turn else "")
    if box.hand:
        status = f"{w(box.hand)} · {status}" if status else w(box.hand)
    if settlement is not None and box.exchange:
        status += w(" · exchanged")
    return status
