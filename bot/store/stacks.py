"""Table stacks: the SQL behind players' chips brought to a table.

A stack is an account of kind ``stack`` keyed ``"table_id:user_id"``. Chips come in from the
member's wallet (a buy-in or a top-up), go into a round's escrow as stakes and come back from it
at settlement, and return to the wallet when the player leaves or the table closes. Every one of
those is a ledger movement; functions here take the connection and run inside the caller's
transaction.
"""

from __future__ import annotations

from typing import Any

import aiosqlite

from bot.store import money
from bot.store.models import AccountRef, Movement
from bot.store.table_models import SeatRecord

BUY_IN_REASON = "buy-in"
CASH_OUT_REASON = "cash-out"


def key_range(table_id: int) -> tuple[str, str]:
    """Keys of one table's stacks sort from "T:" up to (not including) "T;": a range that the
    accounts' UNIQUE (guild_id, kind, account_key) index answers directly (';' follows ':')."""
    return f"{table_id}:", f"{table_id};"


async def table_stacks(db: aiosqlite.Connection, guild_id: int, table_id: int) -> dict[int, int]:
    """Every stack ever opened at the table (zero balances included), by member."""
    query = """
        SELECT account_key, balance FROM accounts
        WHERE guild_id = ? AND kind = 'stack' AND account_key >= ? AND account_key < ?
    """
    low, high = key_range(table_id)
    rows = await db.execute_fetchall(query, (guild_id, low, high))
    return {int(key.partition(":")[2]): int(balance) for key, balance in rows}


async def buy_in(db: aiosqlite.Connection, guild_id: int, table_id: int, user_id: int,
                 amount: int, now: float) -> None:
    """Move ``amount`` from the wallet to the stack and count it on the seat (if seated)."""
    movement = Movement(AccountRef.wallet(user_id), AccountRef.stack(table_id, user_id), amount,
                        BUY_IN_REASON)
    await money.post(db, guild_id, [movement], round_id=None, now=now)
    query = """
        UPDATE table_seats SET bought_in = bought_in + ? WHERE table_id = ? AND user_id = ?
    """
    await db.execute(query, (amount, table_id, user_id))


async def cash_out(db: aiosqlite.Connection, guild_id: int, table_id: int,
                   user_ids: list[int] | None, now: float, reason: str) -> dict[int, int]:
    """Move whole stacks back to their wallets: the listed members', or all (``None``).

    The balances are read and moved in the caller's transaction, which holds the write lock, so
    nothing can change a stack in between.
    """
    stacks = await table_stacks(db, guild_id, table_id)
    chosen = stacks if user_ids is None else {u: stacks.get(u, 0) for u in user_ids}
    paid = {user: amount for user, amount in chosen.items() if amount > 0}
    movements = [Movement(AccountRef.stack(table_id, user), AccountRef.wallet(user), amount, reason)
                 for user, amount in paid.items()]
    if movements:
        await money.post(db, guild_id, movements, round_id=None, now=now)
    return paid


async def absent_owners(db: aiosqlite.Connection, guild_id: int, table_id: int) -> list[int]:
    """Members with chips in a stack at the table but no seat there (they left mid-round)."""
    seated = {record.user_id for record in await seat_records(db, table_id)}
    return [user for user, amount in (await table_stacks(db, guild_id, table_id)).items()
            if amount > 0 and user not in seated]


async def seat_records(db: aiosqlite.Connection, table_id: int) -> list[SeatRecord]:
    query = """
        SELECT user_id, name, joined_at, bought_in, hands FROM table_seats
        WHERE table_id = ? ORDER BY joined_at, user_id
    """
    rows = await db.execute_fetchall(query, (table_id,))
    return [SeatRecord(int(r[0]), str(r[1]), float(r[2]), int(r[3]), int(r[4])) for r in rows]


async def count_hands(db: aiosqlite.Connection, table_id: int, user_ids: list[int]) -> None:
    """One more finished round for each of these members still seated at the table."""
    if not user_ids:
        return
    marks = ", ".join("?" * len(user_ids))
    query = f"UPDATE table_seats SET hands = hands + 1 WHERE table_id = ? AND user_id IN ({marks})"
    params: list[Any] = [table_id, *user_ids]
    await db.execute(query, params)


async def table_guild(db: aiosqlite.Connection, table_id: int) -> int | None:
    rows = list(await db.execute_fetchall("SELECT guild_id FROM tables WHERE id = ?", (table_id,)))
    return int(rows[0][0]) if rows else None
