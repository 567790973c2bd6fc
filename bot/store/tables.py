"""Tables, seats and the saved steps of rounds in play: the SQL behind the table runtime.

Functions take the connection and run inside the caller's transaction where they write.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import aiosqlite

from bot.shards import Shards
from bot.store.dialect import INTEGRITY_ERRORS, with_void_reason
from bot.store.models import AccountRef, StoreError
from bot.store.table_models import ActionRow, DuplicateAction, OpenRound, TableExists, TableRow


def _json(value: Mapping[str, Any] | None) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"))


async def insert_table(db: aiosqlite.Connection, guild_id: int, channel_id: int, game: str,
                       config: Mapping[str, Any], now: float) -> TableRow:
    query = """
        INSERT INTO tables (guild_id, channel_id, game, config, status, created_at)
        VALUES (?, ?, ?, ?, 'open', ?)
        RETURNING id
    """
    try:
        (row,) = await db.execute_fetchall(query, (guild_id, channel_id, game, _json(config), now))
    except INTEGRITY_ERRORS:
        raise TableExists("This channel already has an open table.") from None
    return TableRow(int(row[0]), guild_id, channel_id, game, dict(config), None, {})


async def close_table(db: aiosqlite.Connection, table_id: int, now: float) -> None:
    await db.execute("UPDATE tables SET status = 'closed', closed_at = ? WHERE id = ?",
                     (now, table_id))
    await db.execute("DELETE FROM table_seats WHERE table_id = ?", (table_id,))


async def update_table(db: aiosqlite.Connection, table_id: int, *,
                       config: Mapping[str, Any] | None, message_id: int | None,
                       memory: Mapping[str, Any] | None) -> None:
    if config is not None:
        await db.execute("UPDATE tables SET config = ? WHERE id = ?", (_json(config), table_id))
    if message_id is not None:
        await db.execute("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))
    if memory is not None:
        await db.execute("UPDATE tables SET memory = ? WHERE id = ?", (_json(memory), table_id))


async def open_tables(db: aiosqlite.Connection, shards: Shards) -> list[TableRow]:
    owned, params = shards.sql_condition("guild_id")
    query = f"""
        SELECT id, guild_id, channel_id, game, config, message_id, memory
        FROM tables WHERE status = 'open' AND {owned} ORDER BY id
    """
    rows = await db.execute_fetchall(query, params)
    return [TableRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], json.loads(r[6]))
            for r in rows]


async def seat_player(db: aiosqlite.Connection, table_id: int, user_id: int, name: str,
                      now: float) -> None:
    query = """
        INSERT INTO table_seats (table_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (table_id, user_id) DO UPDATE SET name = excluded.name
    """
    await db.execute(query, (table_id, user_id, name, now))


async def unseat_player(db: aiosqlite.Connection, table_id: int, user_id: int) -> None:
    await db.execute("DELETE FROM table_seats WHERE table_id = ? AND user_id = ?",
                     (table_id, user_id))


async def table_seats(db: aiosqlite.Connection, table_id: int) -> list[tuple[int, str]]:
    query = "SELECT user_id, name FROM table_seats WHERE table_id = ? ORDER BY joined_at, user_id"
    return [(int(row[0]), str(row[1])) for row in await db.execute_fetchall(query, (table_id,))]


async def attach_round_to_table(db: aiosqlite.Connection, round_id: int, table_id: int,
                                deadline: float | None) -> None:
    await db.execute("UPDATE rounds SET table_id = ?, deadline = ? WHERE id = ?",
                     (table_id, deadline, round_id))


async def save_round_state(db: aiosqlite.Connection, guild_id: int, round_id: int,
                           state: Mapping[str, Any], deadline: float | None) -> None:
    query = """
        UPDATE rounds SET state = ?, deadline = ?
        WHERE id = ? AND guild_id = ? AND status = 'open'
    """
    cursor = await db.execute(query, (_json(state), deadline, round_id, guild_id))
    if cursor.rowcount != 1:
        raise StoreError("round #{round_id} is not open any more", round_id=str(round_id))


async def insert_actions(db: aiosqlite.Connection, round_id: int,
                         actions: Sequence[ActionRow]) -> None:
    query = """
        INSERT INTO round_actions (round_id, seq, user_id, step, interaction_id, label, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
    """
    rows = [(round_id, a.seq, a.user_id, a.step, a.interaction_id, a.label, a.at) for a in actions]
    try:
        await db.executemany(query, rows)
    except INTEGRITY_ERRORS as error:
        raise DuplicateAction(f"action already applied: {error}") from None


async def open_table_rounds(db: aiosqlite.Connection, shards: Shards) -> list[OpenRound]:
    # The table's guild says whose shard a round is (its own guild_id may be another economy's).
    owned, params = shards.sql_condition("t.guild_id")
    query = f"""
        SELECT r.id, r.guild_id, r.table_id, r.channel_id, r.game, r.state, r.seed,
               r.commitment, r.deadline, r.created_at,
               (SELECT COALESCE(MAX(seq), 0) FROM round_actions a WHERE a.round_id = r.id)
        FROM rounds r JOIN tables t ON t.id = r.table_id
        WHERE r.status = 'open' AND {owned} ORDER BY r.id
    """
    rows = await db.execute_fetchall(query, params)
    return [
        OpenRound(id=r[0], guild_id=r[1], table_id=r[2], channel_id=r[3], game=r[4],
                  state=json.loads(r[5]) if r[5] else {}, seed=r[6] or "", commitment=r[7] or "",
                  deadline=r[8], created_at=r[9], seq=r[10])
        for r in rows
    ]


async def saved_interaction_ids(db: aiosqlite.Connection) -> set[int]:
    query = "SELECT interaction_id FROM round_actions WHERE interaction_id IS NOT NULL"
    return {int(row[0]) for row in await db.execute_fetchall(query)}


async def round_actions(db: aiosqlite.Connection, round_id: int) -> list[ActionRow]:
    query = """
        SELECT seq, user_id, step, interaction_id, label, created_at
        FROM round_actions WHERE round_id = ? ORDER BY seq
    """
    rows = await db.execute_fetchall(query, (round_id,))
    return [ActionRow(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]


async def escrow_contributions(db: aiosqlite.Connection, guild_id: int,
                               round_id: int) -> dict[AccountRef, int]:
    """Per wallet or table stack, chips still in this round's escrow: what it put in minus what
    came back to it."""
    query = """
        SELECT w.kind, w.account_key,
               SUM(CASE WHEN l.target_id = w.id THEN -l.amount ELSE l.amount END)
        FROM ledger l
        JOIN accounts w ON w.id IN (l.source_id, l.target_id) AND w.kind IN ('wallet', 'stack')
        JOIN accounts e ON e.id IN (l.source_id, l.target_id) AND e.kind = 'escrow'
                       AND e.account_key = ?
        WHERE l.round_id = ? AND l.guild_id = ?
        GROUP BY w.kind, w.account_key
    """
    rows = await db.execute_fetchall(query, (round_escrow_key(round_id), round_id, guild_id))
    return {AccountRef(kind, key): int(net) for kind, key, net in rows if net}


def round_escrow_key(round_id: int) -> str:
    """Chips in play in a round wait in this escrow account until it settles or is voided."""
    return f"round:{round_id}"


async def mark_void(db: aiosqlite.Connection, guild_id: int, round_id: int, now: float,
                    reason: str) -> None:
    query = f"""
        UPDATE rounds SET status = 'void', settled_at = ?, deadline = NULL,
            state = {with_void_reason(db)}
        WHERE id = ? AND guild_id = ? AND status = 'open'
    """
    await db.execute(query, (now, reason, round_id, guild_id))
