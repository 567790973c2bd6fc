"""The end of a round: settled through the ledger in one transaction (its result kept in the
store's outbox until it is posted), or voided with every stake returned. Either way the table
is ready for its next round: the timer disarmed, the round's memory kept, the stacks of players
who left sent home."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from bot.games.common import Settlement
from bot.i18n import N_, Text, stored
from bot.store import (
    AccountRef,
    OpenRound,
    RoundHeader,
    RoundMoney,
    Store,
    UnbalancedSettlement,
    round_escrow,
)
from bot.tables.adapter import played_hands
from bot.tables.chip_moves import stack_settlement_movements, wallet_settlement_movements
from bot.tables.results import RoundResult, result_payload
from bot.tables.seating import Seating
from bot.tables.table import ActiveRound, Publisher, Table
from bot.tables.timers import Timers

log = logging.getLogger(__name__)


class Settler:
    def __init__(self, store: Store, clock: Callable[[], float], publisher: Publisher, timers: Timers,
                 seating: Seating) -> None:
        self.store = store
        self.clock = clock
        self.publisher = publisher
        self.timers = timers
        self.seating = seating

    async def settle(self, table: Table) -> None:
        round_ = table.round
        assert round_ is not None
        adapter = table.adapter
        outcome = adapter.outcome(round_.state)
        names = {seat: table.names.get(seat, f"player {seat}")
                 for seat in round_.state.seats_in_play()}
        memory = round_.state.memory() or table.memory  # what the table remembers after this round
        if outcome is None:
            result = RoundResult(round_.id, None, Text("No bets were placed."), {}, round_.seed.hex(),
                                 round_.commitment, names, round_.state, voided=True)
            await self.store.void_round(table.economy, round_.id, reason="no bets",
                                        now=self.clock(), post=self._post(table, result))
            table.memory = memory
            await self.store.update_table(table.id, memory=memory_row(memory))
        else:
            settlement = outcome.settlement
            record = {
                "game": adapter.info.key, "config": table.config.to_dict(), "names": {
                    str(seat): name for seat, name in names.items()},
                "dealt": [str(card) for card in round_.state.dealt_cards()],
                "headline": stored(outcome.headline), "record": round_.state.record(),
                "settlement": settlement.to_dict(),
            }
            result = RoundResult(round_.id, settlement, outcome.headline, outcome.seat_lines,
                                 round_.seed.hex(), round_.commitment, names, round_.state,
                                 decisions=tuple(round_.decisions))
            try:
                await self._record_settlement(table, round_, settlement, record, result, memory)
                table.memory = memory  # saved with the round
            except UnbalancedSettlement:
                log.exception("Round #%s at table %s does not balance; voiding it", round_.id,
                              table.id)
                await self.void(table, round_.id, N_("its settlement did not add up"))
                return
        table.last_result = result
        table.round = None
        table.leaving.clear()
        self.timers.disarm(table)
        await self.seating.after_round(table)
        log.info("Round #%s at table %s settled", result.round_id, table.id)
        self.publisher.round_finished(table, result)

    async def _record_settlement(self, table: Table, round_: ActiveRound, settlement: Settlement,
                                 record: Mapping[str, Any], result: RoundResult,
                                 memory: Mapping[Any, Any]) -> None:
        """Settle the round in one transaction, the table's ``memory`` after it included. From
        stacks the escrow must end empty: a settlement that does not account for every staked
        chip raises UnbalancedSettlement and records nothing."""
        empty_after: tuple[AccountRef, ...] = ()
        if table.plays_from_stacks:
            movements = stack_settlement_movements(table.id, round_.id, settlement)
            empty_after = (round_escrow(round_.id),)
        else:
            movements = wallet_settlement_movements(round_.id, settlement)
        header = RoundHeader(table.adapter.info.key, table.channel_id, seed=round_.seed.hex(), state=record)
        results = {seat: (s.staked, s.returned) for seat, s in settlement.summary.items()}
        await self.store.record_round(
            table.economy, header, RoundMoney(results, movements, empty_after), now=self.clock(),
            round_id=round_.id, table_id=table.id, post=result_payload(table.adapter, result),
            hands=played_hands(round_.state),
            names={seat: table.names[seat] for seat in results if seat in table.names},
            memory=memory_row(memory))

    async def void(self, table: Table, round_id: int, reason: str, *,
                    closing: bool = False) -> dict[int, int]:
        """Void the round with every stake returned (to wallets, or to stacks, which are then
        cashed out for players who left, unless the table is closing and returns them all)."""
        in_play = table.round if table.round and table.round.id == round_id else None
        headline = Text("Round #{round} was voided because {reason}; every stake was returned.",
                        round=str(round_id), reason=Text(reason))
        result = RoundResult(round_id, None, headline, {},
                             in_play.seed.hex() if in_play else "",
                             in_play.commitment if in_play else "",
                             dict(table.seats), in_play.state if in_play else None, voided=True)
        refunds = await self.store.void_round(table.economy, round_id, reason=reason,
                                              now=self.clock(), post=self._post(table, result))
        log.warning("Round #%s at table %s voided (%s); refunds %s", round_id, table.id,
                    reason, refunds)
        table.round = None
        self.timers.disarm(table)
        if not closing:
            await self.seating.after_round(table)
        table.last_result = result
        self.publisher.round_finished(table, result)
        return refunds

    @staticmethod
    def _post(table: Table, result: RoundResult) -> tuple[int, dict[str, Any]]:
        """The result as the store's outbox keeps it until it is posted."""
        return table.id, result_payload(table.adapter, result)

    async def void_orphan(self, pending: OpenRound, reason: str) -> None:
        refunds = await self.store.void_round(pending.guild_id, pending.id, reason=reason,
                                              now=self.clock())
        # Stakes from stacks went back to the stacks; a closed table has no seats, so every
        # stack there belongs to someone absent and goes home to the wallet.
        paid = await self.store.cash_out_absent(pending.guild_id, pending.table_id,
                                                now=self.clock())
        log.warning("Round #%s voided (%s); refunds %s; stacks returned %s", pending.id, reason,
                    refunds, paid)


def memory_row(memory: Mapping[Any, Any]) -> dict[str, Any]:
    """What a table remembers between rounds, as the store keeps it (keys as text)."""
    return {str(key): value for key, value in memory.items()}
