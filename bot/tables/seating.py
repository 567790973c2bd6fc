"""Who sits at a table and, at a table played from stacks, the chips they brought: seating a
player (at most a few tables a server), buying in and topping up, reading the stacks, and
sending a stack home to its wallet when its owner leaves (at once between their rounds, else
when the round they are in ends).

No chips join or leave a stack (other than as stakes and settlement) during a round its owner
is in."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable

from bot.events import EventInfo
from bot.i18n import Command
from bot.store import InsufficientFunds, Store
from bot.tables.adapter import BuyInRequest
from bot.tables.chip_moves import short_of_chips
from bot.tables.config import MAX_CHIPS, PRACTICE_CHIPS
from bot.tables.errors import TableError
from bot.tables.table import BuyInResult, LeaveResult, Table

log = logging.getLogger(__name__)

MAX_TABLES_PER_PLAYER = 4  # per server: a player may sit at tables in up to 4 channels at once


class Seating:
    def __init__(self, store: Store, clock: Callable[[], float],
                 tables: Callable[[], Iterable[Table]]) -> None:
        self.store = store
        self.clock = clock
        self._tables = tables
        self._events: dict[int, EventInfo] = {}
        """The events of event tables, by id: their names and times never change."""

    async def seat(self, table: Table, user_id: int, name: str) -> None:
        if user_id in table.seats:
            return
        if table.config.event is not None:
            await self._check_entrant(table, user_id)
        seated = sum(1 for other in self._tables()
                     if other.guild_id == table.guild_id and user_id in other.seats)
        if seated >= MAX_TABLES_PER_PLAYER:
            raise TableError("You are already seated at {most} tables; leave one first with {leave}.",
                             most=MAX_TABLES_PER_PLAYER, leave=Command("table leave"))
        await self.store.seat_player(table.id, user_id, name, now=self.clock())
        table.seats[user_id] = table.names[user_id] = name
        table.leaving.discard(user_id)

    # -- events ------------------------------------------------------------------------------
    async def check_event_open(self, table: Table) -> None:
        """At an event's table, no new round and no chips brought before the event starts or
        once it is over (a round in play then finishes by its timers)."""
        if table.config.event is None:
            return
        event = await self._event(table)
        now = self.clock()
        if now >= event.spec.ends_at:
            raise TableError("{name} is over: this table deals no more rounds for it.", name=event.spec.name)
        if now < event.spec.starts_at:
            starts = f"<t:{int(event.spec.starts_at)}:R>"  # Discord's time, in each reader's zone: not prose
            raise TableError("{name} starts {when}: the cards come out then.", name=event.spec.name,
                             when=starts)

    async def _check_entrant(self, table: Table, user_id: int) -> None:
        event = await self._event(table)
        if not await self.store.event_entrant(event.id, user_id):
            raise TableError("This table plays for {name} with event stacks: join it first with {join}.",
                             name=event.spec.name, join=Command("event join"))

    async def _event(self, table: Table) -> EventInfo:
        event_id = table.config.event
        assert event_id is not None
        if event_id not in self._events:
            event = await self.store.event_by_id(table.guild_id, event_id)
            if event is None:
                raise TableError("This table's event is gone; an admin can close the table.")
            self._events[event_id] = event
        return self._events[event_id]

    # -- stacks ------------------------------------------------------------------------------
    async def buy_in(self, table: Table, user_id: int, name: str, amount: int) -> BuyInResult:
        """Bring chips from the wallet to the player's stack at this table (a first buy-in or a
        top-up), seating the player if needed. Refused during a round the player is in, above
        the wallet, or when the game's ``check_buy_in`` says no."""
        if not table.plays_from_stacks:
            raise TableError("{game} is played from your wallet: there is nothing to buy in.",
                             game=table.adapter.info.name)
        if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= MAX_CHIPS:
            raise TableError("A buy-in is a whole number of chips from 1 to {most}.", most=MAX_CHIPS)
        await self.check_event_open(table)
        async with table.lock:
            round_ = table.round
            if round_ is not None and user_id in round_.state.seats_in_play():
                raise TableError("You are playing round #{round}: chips can join your stack only "
                                 "between your rounds. Top up when it ends.", round=str(round_.id))
            request = await self._buy_in_request(table, user_id, amount)
            table.adapter.check_buy_in(table.config, request)  # RuleError: a friendly refusal
            await self.seat(table, user_id, name)
            try:
                wallet, stack = await self.store.buy_in(table.economy, table.id, user_id, amount,
                                                        now=self.clock())
            except InsufficientFunds as error:
                raise TableError(short_of_chips(table, error)) from None
            table.stacks[user_id] = stack
        return BuyInResult(table.id, user_id, amount, stack, wallet)

    async def refill(self, table: Table, user_id: int) -> int:
        """Top the player's practice chips at this practice table up to ``PRACTICE_CHIPS``
        (minted in the practice economy; nothing real moves); their count."""
        if not table.config.practice:
            raise TableError("Only a practice table refills chips; at this table you play with your "
                             "wallet (`{daily}`).", daily=Command("daily"))
        economy = table.economy
        have = await self.store.ensure_wallet(economy, user_id)
        if have >= PRACTICE_CHIPS:
            return have
        return await self.store.grant(economy, user_id, PRACTICE_CHIPS - have, reason="practice refill")

    async def _buy_in_request(self, table: Table, user_id: int, amount: int) -> BuyInRequest:
        wallet = await self.store.ensure_wallet(table.economy, user_id)
        if amount > wallet and table.config.practice:
            raise TableError("You have {wallet} practice chips: you can bring at most that to the "
                             "table. `{refill}` gives you {chips} again.", wallet=wallet,
                             refill=Command("table refill"), chips=PRACTICE_CHIPS)
        if amount > wallet and table.config.event is not None:
            raise TableError("You have {wallet} event chips: you can bring at most that to the table.",
                             wallet=wallet)
        if amount > wallet:
            raise TableError("Your wallet has {wallet} chips: you can bring at most that to the "
                             "table. Try {daily}.", wallet=wallet, daily=Command("daily"))
        records = {record.user_id: record for record in await self.store.seat_records(table.id)}
        seated = records.get(user_id)
        return BuyInRequest(user_id, amount, table.stacks.get(user_id, 0),
                            seated.bought_in if seated else 0, wallet)

    def stacks(self, table: Table) -> dict[int, int]:
        """Chips in each seated player's stack at a stack-funded table (0 for a seated player
        who has not bought in), in seating order; stakes in play are not counted."""
        return {user: table.stacks.get(user, 0) for user in table.seats}

    def stack_of(self, table: Table, user_id: int) -> int:
        return table.stacks.get(user_id, 0)

    async def refresh_stacks(self, table: Table) -> None:
        if table.plays_from_stacks:
            table.stacks = await self.store.table_stacks(table.economy, table.id)

    async def after_round(self, table: Table) -> None:
        """Between rounds: return the stacks of players who left during the round, and read
        every stack again (settlement and voids moved chips into them)."""
        if not table.plays_from_stacks:
            return
        paid = await self.store.cash_out_absent(table.economy, table.id, now=self.clock())
        if paid:
            log.info("Table %s returned the stacks of players who left: %s", table.id, paid)
        await self.refresh_stacks(table)

    async def cash_out_leaver(self, table: Table, user_id: int, result: LeaveResult) -> LeaveResult:
        round_ = table.round  # the leave may have finished the round
        if round_ is not None and user_id in round_.state.seats_in_play():
            return dataclasses.replace(result, stack_waits_for=round_.id)
        paid = await self.store.cash_out(table.economy, table.id, user_id, now=self.clock(),
                                         reason="left the table: stack returned")
        await self.refresh_stacks(table)
        return dataclasses.replace(result, stack_returned=paid)
