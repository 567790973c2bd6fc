"""Per-guild economy settings: a row only for guilds that changed a default."""

from __future__ import annotations

import aiosqlite

from bot.store.models import DEFAULT_SETTINGS, GuildSettings


async def read_settings(db: aiosqlite.Connection, guild_id: int) -> GuildSettings:
    query = """
        SELECT starting_balance, daily_amount, daily_cooldown_seconds, language, timezone
        FROM guild_settings WHERE guild_id = ?
    """
    rows = list(await db.execute_fetchall(query, (guild_id,)))
    return GuildSettings(*rows[0]) if rows else DEFAULT_SETTINGS


async def write_settings(db: aiosqlite.Connection, guild_id: int, settings: GuildSettings) -> None:
    query = """
        INSERT INTO guild_settings
            (guild_id, starting_balance, daily_amount, daily_cooldown_seconds, language, timezone)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (guild_id) DO UPDATE SET
            starting_balance = excluded.starting_balance,
            daily_amount = excluded.daily_amount,
            daily_cooldown_seconds = excluded.daily_cooldown_seconds,
            language = excluded.language,
            timezone = excluded.timezone
    """
    params = (
        guild_id,
        settings.starting_balance,
        settings.daily_amount,
        settings.daily_cooldown_seconds,
        settings.language,
        settings.timezone,
    )
    await db.execute(query, params)


async def mark_welcomed(db: aiosqlite.Connection, guild_id: int, now: float) -> bool:
    """Note that the server was welcomed; True only the first time (two racing calls: once)."""
    query = """
        INSERT INTO guild_welcomes (guild_id, welcomed_at) VALUES (?, ?)
        ON CONFLICT (guild_id) DO NOTHING
    """
    cursor = await db.execute(query, (guild_id, now))
    return cursor.rowcount == 1
