"""The table runtime's part of the Store: tables, seats, rounds in play and their steps.

Each round step (the engine state after an accepted action, the action rows that dedupe it,
the chips it moved and the next deadline) is ONE transaction, so a crash leaves the round
either before or after the step, never in between.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

import aiosqlite

from bot.shards import Shards
from bot.store import money, posts, rounds, stacks, tables
from bot.store.backend import Body
from bot.store.models import AccountRef, Movement, RoundHeader, validate_movements
from bot.store.table_models import ActionRow, OpenRound, Stake, TableRow


def round_escrow(round_id: int) -> AccountRef:
    """The escrow account holding a round's chips in play."""
    return AccountRef.escrow(tables.round_escrow_key(round_id))


def stake_movements(round_id: int, stakes: Sequence[Stake], *,
                    stack_table: int | None = None) -> list[Movement]:
    """Stakes as movements between wallets and the round's escrow or, with ``stack_table``,
    between the players' stacks at that table and the escrow."""
    escrow = round_escrow(round_id)
    movements = []
    for stake in stakes:
        source = (AccountRef.wallet(stake.user_id) if stack_table is None
                  else AccountRef.stack(stack_table, stake.user_id))
        if stake.amount > 0:
            movements.append(Movement(source, escrow, stake.amount, stake.reason))
        elif stake.amount < 0:
            movements.append(Movement(escrow, source, -stake.amount, stake.reason))
    return movements


class TableStoreMixin:
    """Methods mixed into :class:`bot.store.Store`; they use its lock and transactions."""

    # Provided by Store (declared here so the mixin type-checks on its own).
    _transaction: Callable[[], AbstractAsyncContextManager[aiosqlite.Connection]]
    _reading: Callable[..., AbstractAsyncContextManager[aiosqlite.Connection]]
    _ensure_wallets: Callable[[int, Iterable[AccountRef]], Awaitable[None]]
    _in_one_trip: Callable[[Body[Any]], Awaitable[Any]]
    _reading_aside: Callable[..., AbstractAsyncContextManager[aiosqlite.Connection]]
    shards: Shards

    async def create_table(self, guild_id: int, channel_id: int, game: str,
                           config: Mapping[str, Any], *, now: float) -> TableRow:
        async with self._transaction() as db:
            return await tables.insert_table(db, guild_id, channel_id, game, config, now)

    async def close_table(self, table_id: int, *, now: float, economy: int | None = None) -> dict[int, int]:
        """Close the table and, in the same transaction, return every stack at it to its
        owner's wallet; returns those cash-outs (empty for a table played from wallets).
        ``economy``: whose chips the stacks are, when not the table's guild's (a practice table)."""
        async with self._transaction() as db:
            guild_id = economy if economy is not None else await stacks.table_guild(db, table_id)
            paid: dict[int, int] = {}
            if guild_id is not None:
                paid = await stacks.cash_out(db, guild_id, table_id, None, now,
                                             "table closed: stack returned")
            await tables.close_table(db, table_id, now)
        return paid

    async def update_table(self, table_id: int, *, config: Mapping[str, Any] | None = None,
                           message_id: int | None = None,
                           memory: Mapping[str, Any] | None = None) -> None:
        # One trip: every settlement saves the table's memory, so this is on the hot path.
        await self._in_one_trip(lambda db: tables.update_table(
            db, table_id, config=config, message_id=message_id, memory=memory))

    async def open_tables(self) -> list[TableRow]:
        """The open tables of this process's guilds (its shards')."""
        async with self._reading() as db:
            return await tables.open_tables(db, self.shards)

    async def seat_player(self, table_id: int, user_id: int, name: str, *, now: float) -> None:
        await self._in_one_trip(lambda db: tables.seat_player(db, table_id, user_id, name, now))

    async def unseat_player(self, table_id: int, user_id: int) -> None:
        await self._in_one_trip(lambda db: tables.unseat_player(db, table_id, user_id))

    async def table_seats(self, table_id: int) -> list[tuple[int, str]]:
        async with self._reading() as db:
            return await tables.table_seats(db, table_id)

    async def open_table_round(
        self, guild_id: int, table_id: int, header: RoundHeader, *, deadline: float | None,
        action: ActionRow, stakes: Sequence[Stake], now: float, stack_table: int | None = None,
    ) -> int:
        """Create a round with its first action and the chips it staked; returns its number.
        With ``stack_table`` the stakes come from the players' stacks at that table."""
        if stack_table is None:
            await self._ensure_wallets(guild_id, [AccountRef.wallet(s.user_id) for s in stakes])

        async def body(db: Any) -> int:
            round_id = await rounds.insert_round(db, guild_id, header, status="open", now=now)
            await tables.attach_round_to_table(db, round_id, table_id, deadline)
            await tables.insert_actions(db, round_id, [action])
            movements = validate_movements(
                stake_movements(round_id, stakes, stack_table=stack_table))
            if movements:
                await money.post(db, guild_id, movements, round_id=round_id, now=now)
            return round_id

        opened: int = await self._in_one_trip(body)
        return opened

    async def save_round_step(
        self, guild_id: int, round_id: int, *, state: Mapping[str, Any],
        deadline: float | None, actions: Sequence[ActionRow], stakes: Sequence[Stake],
        now: float, stack_table: int | None = None,
    ) -> None:
        """Save accepted actions, the chips they moved and the new state: all or nothing.
        Raises DuplicateAction (nothing saved) for a repeated interaction or step. With
        ``stack_table`` the stakes come from (and go back to) the players' stacks there."""
        movements = validate_movements(stake_movements(round_id, stakes, stack_table=stack_table))
        if stack_table is None:
            await self._ensure_wallets(guild_id, [AccountRef.wallet(s.user_id) for s in stakes])

        async def body(db: Any) -> None:
            if actions:
                await tables.insert_actions(db, round_id, actions)
            await tables.save_round_state(db, guild_id, round_id, state, deadline)
            if movements:
                await money.post(db, guild_id, movements, round_id=round_id, now=now)

        await self._in_one_trip(body)

    async def void_round(self, guild_id: int, round_id: int, *, reason: str, now: float,
                         post: tuple[int, Mapping[str, Any]] | None = None) -> dict[int, int]:
        """Return every chip still in the round's escrow to the wallet or table stack that
        staked it, and mark the round void. Returns the refunds per member. ``post`` (table
        id, payload) puts the message that says so in that table's outbox."""
        async with self._transaction() as db:
            if post is not None:
                await posts.add(db, round_id, post[0], post[1], now)
            staked = await tables.escrow_contributions(db, guild_id, round_id)
            escrow = round_escrow(round_id)
            movements = [Movement(escrow, account, amount, "round voided: stake returned")
                         for account, amount in staked.items() if amount > 0]
            if movements:
                await money.post(db, guild_id, movements, round_id=round_id, now=now)
            await tables.mark_void(db, guild_id, round_id, now, reason)
        refunds: dict[int, int] = {}
        for account, amount in staked.items():
            user = account.user_id
            assert user is not None  # only wallets and stacks stake
            refunds[user] = refunds.get(user, 0) + amount
        return refunds

    # -- the outbox of public messages --------------------------------------------------------
    async def pending_posts(self, table_id: int) -> list[tuple[int, dict[str, Any]]]:
        """The table's result messages not posted yet, oldest round first: (round id, payload)."""
        async with self._reading() as db:
            return await posts.pending(db, table_id)

    async def mark_posted(self, round_id: int) -> None:
        await self._in_one_trip(lambda db: posts.remove(db, round_id))

    async def drop_posts(self, table_id: int) -> int:
        """Forget the table's unposted messages (its channel is gone); how many there were."""
        async with self._transaction() as db:
            return await posts.remove_for_table(db, table_id)

    async def drop_orphaned_posts(self) -> list[int]:
        """Forget posts waiting for this process's guilds' tables that are closed; the rounds
        they were for."""
        async with self._transaction() as db:
            rounds_ = await posts.orphaned(db, self.shards)
            for round_id in rounds_:
                await posts.remove(db, round_id)
            return rounds_

    async def open_table_rounds(self) -> list[OpenRound]:
        """The unfinished rounds at this process's guilds' tables."""
        async with self._reading() as db:
            return await tables.open_table_rounds(db, self.shards)

    async def saved_interaction_ids(self) -> set[int]:
        """The Discord interaction of every action ever saved (for load checks: was an action
        that a player was told is stale applied all the same?)."""
        async with self._reading_aside() as db:
            return await tables.saved_interaction_ids(db)

    async def round_actions(self, round_id: int) -> list[ActionRow]:
        async with self._reading() as db:
            return await tables.round_actions(db, round_id)
