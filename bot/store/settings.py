"""Per-guild economy settings: a row only for guilds that changed a default."""

from __future__ import annotations

import aiosqlite

from bot.shards import Shards
from bot.store.models import DEFAULT_SETTINGS, GuildSettings, StandingsPost

_SETTINGS = """starting_balance, daily_amount, daily_cooldown_seconds, language, timezone,
    standings_channel_id, standings_since"""
"""The columns of a :class:`GuildSettings`, in its order."""


async def read_settings(db: aiosqlite.Connection, guild_id: int) -> GuildSettings:
    query = f"SELECT {_SETTINGS} FROM guild_settings WHERE guild_id = ?"
    rows = list(await db.execute_fetchall(query, (guild_id,)))
    return GuildSettings(*rows[0]) if rows else DEFAULT_SETTINGS


async def write_settings(db: aiosqlite.Connection, guild_id: int, settings: GuildSettings) -> None:
    query = f"""
        INSERT INTO guild_settings (guild_id, {_SETTINGS})
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (guild_id) DO UPDATE SET
            starting_balance = excluded.starting_balance,
            daily_amount = excluded.daily_amount,
            daily_cooldown_seconds = excluded.daily_cooldown_seconds,
            language = excluded.language,
            timezone = excluded.timezone,
            standings_channel_id = excluded.standings_channel_id,
            standings_since = excluded.standings_since
    """
    params = (
        guild_id,
        settings.starting_balance,
        settings.daily_amount,
        settings.daily_cooldown_seconds,
        settings.language,
        settings.timezone,
        settings.standings_channel_id,
        settings.standings_since,
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


async def standings_guilds(db: aiosqlite.Connection, shards: Shards) -> list[tuple[int, GuildSettings]]:
    """The shards' guilds whose admin named a channel for the kept standings, with their settings."""
    owned, params = shards.sql_condition("guild_id")
    query = f"""
        SELECT guild_id, {_SETTINGS}
        FROM guild_settings WHERE standings_channel_id IS NOT NULL AND {owned} ORDER BY guild_id
    """
    return [(int(row[0]), GuildSettings(*row[1:])) for row in await db.execute_fetchall(query, params)]


async def claim_standings(db: aiosqlite.Connection, guild_id: int, period: str, channel_id: int,
                          now: float) -> bool:
    """Claim the post of ``period``'s final standings in ``channel_id``; True only the first time
    (a second process, or a restart, finds the claim and goes on with it)."""
    query = """
        INSERT INTO standings_posts (guild_id, period, channel_id, claimed_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (guild_id, period) DO NOTHING
    """
    cursor = await db.execute(query, (guild_id, period, channel_id, now))
    return cursor.rowcount == 1


async def note_standings_post(db: aiosqlite.Connection, guild_id: int, period: str,
                              message_id: int | None) -> None:
    """The claim is done: posted as ``message_id``, or (None) nothing to post or nowhere to post it."""
    await db.execute("UPDATE standings_posts SET message_id = ?, done = 1 WHERE guild_id = ? AND period = ?",
                     (message_id, guild_id, period))


async def standings_post(db: aiosqlite.Connection, guild_id: int, period: str) -> StandingsPost | None:
    """``period``'s claim (None: not claimed yet)."""
    rows = list(await db.execute_fetchall(
        "SELECT channel_id, message_id, done FROM standings_posts WHERE guild_id = ? AND period = ?",
        (guild_id, period)))
    if not rows:
        return None
    channel_id, message_id, done = rows[0]
    return StandingsPost(int(channel_id), None if message_id is None else int(message_id), bool(done))
