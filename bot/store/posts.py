"""The outbox of a table's public messages Discord has not taken yet (see migration 5).

A round's result is written here in the transaction that settles or voids the round and
deleted once it is posted, so a result the bot could not post (missing permissions, Discord
down, a restart in between) is posted later, never dropped. Functions take the connection and
run inside the caller's transaction where they write.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import aiosqlite

from bot.shards import Shards


async def add(db: aiosqlite.Connection, round_id: int, table_id: int, payload: Mapping[str, Any],
              now: float) -> None:
    query = """
        INSERT INTO table_posts (round_id, table_id, payload, created_at) VALUES (?, ?, ?, ?)
    """
    await db.execute(query, (round_id, table_id, json.dumps(payload, separators=(",", ":")), now))


async def remove(db: aiosqlite.Connection, round_id: int) -> None:
    await db.execute("DELETE FROM table_posts WHERE round_id = ?", (round_id,))


async def remove_for_table(db: aiosqlite.Connection, table_id: int) -> int:
    cursor = await db.execute("DELETE FROM table_posts WHERE table_id = ?", (table_id,))
    return cursor.rowcount


async def pending(db: aiosqlite.Connection, table_id: int) -> list[tuple[int, dict[str, Any]]]:
    """The table's messages still to post, oldest round first."""
    query = "SELECT round_id, payload FROM table_posts WHERE table_id = ? ORDER BY round_id"
    rows = await db.execute_fetchall(query, (table_id,))
    return [(int(row[0]), json.loads(row[1])) for row in rows]


async def orphaned(db: aiosqlite.Connection, shards: Shards) -> list[int]:
    """Rounds of the shards' guilds whose post waits for a table that is closed: nobody will
    post them."""
    owned, params = shards.sql_condition("t.guild_id")
    query = f"""
        SELECT p.round_id FROM table_posts p JOIN tables t ON t.id = p.table_id
        WHERE t.status = 'closed' AND {owned} ORDER BY p.round_id
    """
    return [int(row[0]) for row in await db.execute_fetchall(query, params)]
