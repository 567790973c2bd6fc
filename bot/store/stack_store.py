"""The table stacks' part of the Store: buy-ins, cash-outs and reading stacks.

Chips never join or leave a stack in the middle of a round the player is in: the table runtime
enforces that (it holds the table's lock and knows who is in play); the store makes each
movement all or nothing, with its ledger row, and never lets a stack go below zero.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from contextlib import AbstractAsyncContextManager

import aiosqlite

from bot.store import money, stacks
from bot.store.models import AccountRef, validate_amount
from bot.store.table_models import SeatRecord


class StackStoreMixin:
    """Methods mixed into :class:`bot.store.Store`; they use its lock and transactions."""

    # Provided by Store (declared here so the mixin type-checks on its own).
    _transaction: Callable[[], AbstractAsyncContextManager[aiosqlite.Connection]]
    _reading: Callable[..., AbstractAsyncContextManager[aiosqlite.Connection]]
    _ensure_wallets: Callable[[int, Iterable[AccountRef]], Awaitable[None]]

    async def buy_in(self, guild_id: int, table_id: int, user_id: int, amount: int, *,
                     now: float) -> tuple[int, int]:
        """Bring ``amount`` chips from the member's wallet to their stack at the table (a first
        buy-in or a top-up); returns the (wallet, stack) balances after. Raises InvalidAmount,
        or InsufficientFunds naming the wallet, and then changes nothing."""
        validate_amount(amount)
        wallet, stack = AccountRef.wallet(user_id), AccountRef.stack(table_id, user_id)
        await self._ensure_wallets(guild_id, [wallet])
        async with self._transaction() as db:
            await stacks.buy_in(db, guild_id, table_id, user_id, amount, now)
            wallet_after, stack_after = await money.balances_of(db, guild_id, [wallet, stack])
        return wallet_after, stack_after

    async def cash_out(self, guild_id: int, table_id: int, user_id: int, *, now: float,
                       reason: str = stacks.CASH_OUT_REASON) -> int:
        """Move the member's whole stack at the table back to their wallet; returns the chips
        moved (0 when the stack was empty or never opened)."""
        async with self._transaction() as db:
            paid = await stacks.cash_out(db, guild_id, table_id, [user_id], now, reason)
        return paid.get(user_id, 0)

    async def cash_out_absent(self, guild_id: int, table_id: int, *, now: float) -> dict[int, int]:
        """Return to their wallets the stacks of members no longer seated at the table (they
        left during a round they were in); returns what each got back."""
        async with self._transaction() as db:
            absent = await stacks.absent_owners(db, guild_id, table_id)
            if not absent:
                return {}
            return await stacks.cash_out(db, guild_id, table_id, absent, now,
                                         "left the table: stack returned")

    async def table_stacks(self, guild_id: int, table_id: int) -> dict[int, int]:
        """Every stack opened at the table, by member (zero balances included)."""
        async with self._reading() as db:
            return await stacks.table_stacks(db, guild_id, table_id)

    async def seat_records(self, table_id: int) -> list[SeatRecord]:
        """The table's seats in the order players sat down, with their per-visit counters."""
        async with self._reading() as db:
            return await stacks.seat_records(db, table_id)
