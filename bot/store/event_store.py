"""The Store's events (game nights): entries, rebuys, the end's prizes and the events' books.

Every chip an event moves is a ledger entry: a stack (first or rebuy) is minted in the event's
economy, the entry fee moves wallet -> the guild's escrow 'event:<id>' in the same transaction,
and at the end that escrow is paid out to the top places, again in one transaction with the
end itself, so an end is all or nothing and happens once however many processes try.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any

import aiosqlite

from bot.events import (
    FEE_REASON,
    PRIZE_REASON,
    REBUY_REASON,
    STACK_REASON,
    EventAudit,
    EventEntry,
    EventError,
    EventInfo,
    EventResult,
    EventSpec,
    EventTimeline,
    pool_key,
    prizes,
)
from bot.shards import Shards
from bot.store import events, money, stats
from bot.store.models import AccountRef, GuildSettings, Movement, validate_movements
from bot.store.settings import write_settings

EVENT_ECONOMY_SETTINGS = GuildSettings(starting_balance=0, daily_amount=0)
"""An event's economy mints nothing by itself: a wallet there gets its chips from the entry."""


class RoundsInPlayError(EventError):
    """The event's end waits for its rounds in play to finish by their timers."""


class EventStoreMixin:
    """Mixed into :class:`bot.store.Store` (which provides the transactions and wallets)."""

    # Provided by Store (declared here so the mixin type-checks on its own).
    shards: Shards
    _settings_cache: dict[int, GuildSettings]
    _transaction: Callable[[], AbstractAsyncContextManager[aiosqlite.Connection]]
    _reading: Callable[..., AbstractAsyncContextManager[aiosqlite.Connection]]
    _ensure_wallets: Callable[[int, Iterable[AccountRef], float | None], Awaitable[None]]

    async def create_event(self, guild_id: int, spec: EventSpec, *, now: float) -> EventInfo:
        """Start an event (refused: a spec no event can run on, or a name the guild has used)."""
        spec.check(now)
        async with self._transaction() as db:
            if await events.name_taken(db, guild_id, spec.name):
                raise EventError("There is already an event named {name} here.", name=spec.name.strip())
            event = await events.insert_event(db, guild_id, spec, now)
            await write_settings(db, event.economy, EVENT_ECONOMY_SETTINGS)
        self._settings_cache[event.economy] = EVENT_ECONOMY_SETTINGS
        return event

    async def event_named(self, guild_id: int, name: str) -> EventInfo | None:
        async with self._reading() as db:
            return await events.event_by_name(db, guild_id, name)

    async def event_by_id(self, guild_id: int, event_id: int) -> EventInfo | None:
        async with self._reading() as db:
            return await events.event_by_id(db, guild_id, event_id)

    async def guild_events(self, guild_id: int) -> list[EventInfo]:
        """The guild's events, newest first."""
        async with self._reading() as db:
            return await events.guild_events(db, guild_id)

    async def set_event_entries(self, guild_id: int, event_id: int, *, is_open: bool) -> EventInfo:
        async with self._transaction() as db:
            event = await self._live_event(db, guild_id, event_id)
            await events.set_entries_open(db, event.id, is_open)
            found = await events.event_by_id(db, guild_id, event.id)
        assert found is not None
        return found

    async def join_event(self, guild_id: int, event_id: int, user_id: int, *, now: float) -> EventEntry:
        """Enter the member: the entry fee leaves their wallet for the prize pool and the
        event's stack is minted in its economy, in one transaction. Refused (nothing moved) when
        the event is over, its entries are closed, the member entered already or the wallet is
        short of the fee."""
        event = await self._event_or_refuse(guild_id, event_id)
        wallet = AccountRef.wallet(user_id)
        await self._ensure_wallets(guild_id, [wallet], now)
        await self._ensure_wallets(event.economy, [wallet], now)  # created empty: the entry mints
        async with self._transaction() as db:
            event = await self._live_event(db, guild_id, event.id, now=now)
            if not event.entries_open:
                raise EventError("Entries to {name} are closed.", name=event.spec.name)
            if not await events.add_entry(db, event.id, user_id, now):
                raise EventError("You have already joined {name}.", name=event.spec.name)
            await self._give_stack(db, guild_id, event, user_id, now, STACK_REASON)
            (entry,) = [entry for entry in await events.entries(db, event.id) if entry.user_id == user_id]
        return entry

    async def rebuy_event(self, guild_id: int, event_id: int, user_id: int, *, now: float,
                          empty_below: int = 1) -> EventEntry:
        """A new stack at the entry fee for an entrant whose event chips (wallet and table
        stacks) are fewer than ``empty_below`` (the least bet they could still make), where the
        admin allowed rebuys."""
        event = await self._event_or_refuse(guild_id, event_id)
        await self._ensure_wallets(guild_id, [AccountRef.wallet(user_id)], now)
        async with self._transaction() as db:
            event = await self._live_event(db, guild_id, event.id, now=now)
            if not event.spec.rebuys:
                raise EventError("{name} allows no rebuys.", name=event.spec.name)
            entered = await events.entries(db, event.id)
            entry = next((entry for entry in entered if entry.user_id == user_id), None)
            if entry is None:
                raise EventError("You have not joined {name}.", name=event.spec.name)
            held = (await events.stacks_of(db, event.economy)).get(user_id, 0)
            if held >= max(1, empty_below):
                raise EventError("You can rebuy once your event stack is empty: it has {stack} chips.",
                             stack=held)
            if not await events.add_buy(db, event.id, user_id, entry.buys):
                raise EventError("You have already rebought.")
            await self._give_stack(db, guild_id, event, user_id, now, REBUY_REASON)
        return EventEntry(entry.user_id, entry.joined_at, entry.buys + 1)

    async def _give_stack(self, db: Any, guild_id: int, event: EventInfo, user_id: int, now: float,
                          reason: str) -> None:
        if event.spec.fee:
            fee = Movement(AccountRef.wallet(user_id), AccountRef.escrow(pool_key(event.id)), event.spec.fee,
                           FEE_REASON)
            await money.post(db, guild_id, validate_movements([fee]), round_id=None, now=now)
        stack = Movement(AccountRef.mint(), AccountRef.wallet(user_id), event.spec.stack, reason)
        await money.post(db, event.economy, validate_movements([stack]), round_id=None, now=now)

    async def event_entrant(self, event_id: int, user_id: int) -> bool:
        async with self._reading() as db:
            return await events.is_entrant(db, event_id, user_id)

    async def event_stacks(self, guild_id: int, event_id: int) -> dict[int, int]:
        """Each entrant's event chips now (wallet and table stacks), entrants without chips too."""
        async with self._reading(snapshot=True) as db:
            event = await events.event_by_id(db, guild_id, event_id)
            if event is None:
                return {}
            held = await events.stacks_of(db, event.economy)
            return {entry.user_id: held.get(entry.user_id, 0) for entry in await events.entries(db, event.id)}

    async def podiums_to_post(self) -> list[EventInfo]:
        """This process's guilds' ended events whose podium is still to be posted."""
        async with self._reading() as db:
            return await events.podiums_to_post(db, self.shards)

    async def podium_posted(self, event_id: int, message_id: int | None) -> None:
        """The event's podium is done: its message (None: nowhere to post it)."""
        async with self._transaction() as db:
            await events.podium_posted(db, event_id, message_id)

    async def event_timeline(self, guild_id: int, event_id: int) -> EventTimeline | None:
        """An event's rounds and rebuys in order, with its entrants' names, for its podium."""
        async with self._reading(snapshot=True) as db:
            event = await events.event_by_id(db, guild_id, event_id)
            if event is None:
                return None
            rounds, rebuys = await events.timeline(db, event.economy)
            entered = await events.entries(db, event.id)
            # Its tables keep the names their rounds carried in its economy; the guild's are older.
            names = {entry.user_id: await stats.member_name(db, event.economy, entry.user_id)
                     or await stats.member_name(db, guild_id, entry.user_id) for entry in entered}
            return EventTimeline(event, entered, rounds, rebuys,
                                 {user: name for user, name in names.items() if name is not None})

    async def events_to_end(self, *, now: float) -> list[EventInfo]:
        """This process's guilds' events whose end has come and that are not ended yet."""
        async with self._reading() as db:
            return await events.events_to_end(db, now, self.shards)

    async def end_event(self, guild_id: int, event_id: int, *, now: float) -> EventResult | None:
        """End the event once: keep every entrant's final stack and pay the prize pool to the top
        places (:func:`bot.events.prizes`), in one transaction. None if it had ended already.
        Raises RoundsInPlayError (nothing changed) while a round of its tables is unsettled."""
        async with self._transaction() as db:
            event = await events.event_by_id(db, guild_id, event_id)
            if event is None or event.ended_at is not None:
                return None
            if await events.open_rounds(db, event.economy):
                raise RoundsInPlayError("{name} still has rounds in play.", name=event.spec.name)
            if not await events.mark_ended(db, event.id, now):
                return None
            entered = await events.entries(db, event.id)
            held = await events.stacks_of(db, event.economy)
            finals = {entry.user_id: held.get(entry.user_id, 0) for entry in entered}
            pool_account = AccountRef.escrow(pool_key(event.id))
            (pool,) = await money.balances_of(db, guild_id, [pool_account])
            standings = [(entry.user_id, finals[entry.user_id]) for entry in entered]
            won = prizes(pool, event.spec.split, standings)
            payouts = [Movement(pool_account, AccountRef.wallet(user), amount, PRIZE_REASON)
                       for user, amount in won.items()]
            if payouts:
                await money.post(db, guild_id, validate_movements(payouts), round_id=None, now=now)
            await events.keep_results(db, event.id, finals, won)
            return await self._result(db, guild_id, event.id, pool)

    async def event_result(self, guild_id: int, event_id: int) -> EventResult | None:
        """An ended event's places and prizes (None: unknown or not ended)."""
        async with self._reading(snapshot=True) as db:
            event = await events.event_by_id(db, guild_id, event_id)
            if event is None or event.ended_at is None:
                return None
            paid = sum(entry.prize for entry in await events.entries(db, event.id))
            return await self._result(db, guild_id, event.id, paid)

    async def _result(self, db: Any, guild_id: int, event_id: int, pool: int) -> EventResult:
        event = await events.event_by_id(db, guild_id, event_id)
        assert event is not None
        entered = await events.entries(db, event_id)
        order = {entry.user_id: index for index, entry in enumerate(entered)}
        ranked = sorted(entered, key=lambda entry: (-(entry.final_stack or 0), order[entry.user_id]))
        return EventResult(event, ranked, pool)

    async def event_audit(self, guild_id: int, event_id: int) -> EventAudit | None:
        """The event's own books (None: no such event)."""
        async with self._reading(snapshot=True) as db:
            event = await events.event_by_id(db, guild_id, event_id)
            if event is None:
                return None
            report = await money.audit(db, event.economy)
            (minted,) = await money.balances_of(db, event.economy, [AccountRef.mint()])
            held = await events.stacks_of(db, event.economy)
            results = await events.settled_results(db, event.economy)
            return EventAudit(event_id=event.id, given=-minted, results=results, stacks=sum(held.values()),
                              in_play=report.escrow, economy_ok=report.ok)

    async def _event_or_refuse(self, guild_id: int, event_id: int) -> EventInfo:
        async with self._reading() as db:
            return await self._live_event(db, guild_id, event_id)

    @staticmethod
    async def _live_event(db: Any, guild_id: int, event_id: int, *, now: float | None = None) -> EventInfo:
        event = await events.event_by_id(db, guild_id, event_id)
        if event is None:
            raise EventError("There is no such event here.")
        if event.ended_at is not None or (now is not None and now >= event.spec.ends_at):
            raise EventError("{name} is over.", name=event.spec.name)
        return event
