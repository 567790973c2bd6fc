"""Events (game nights): the SQL behind them. Functions take the connection and run inside the
caller's transaction where they write."""

from __future__ import annotations

from typing import Any

import aiosqlite

from bot.economies import event_economy
from bot.events import REBUY_REASON, EventEntry, EventInfo, EventMoment, EventSpec
from bot.shards import Shards
from bot.store.stats_models import PlayedHand

_EVENT = """id, guild_id, name, channel_id, games, starts_at, ends_at, stack, fee, split, rebuys,
    entries_open, created_at, ended_at"""


def name_key(name: str) -> str:
    """What makes two names the same event's: case and surrounding spaces do not count."""
    return " ".join(name.split()).casefold()


async def insert_event(db: aiosqlite.Connection, guild_id: int, spec: EventSpec, now: float) -> EventInfo:
    query = """
        INSERT INTO events (guild_id, name, name_key, channel_id, games, starts_at, ends_at, stack, fee,
                            split, rebuys, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
    """
    name = " ".join(spec.name.split())
    params = (guild_id, name, name_key(name), spec.channel_id, ",".join(spec.games),
              spec.starts_at, spec.ends_at, spec.stack, spec.fee, "/".join(map(str, spec.split)),
              int(spec.rebuys), now)
    ((event_id,),) = await db.execute_fetchall(query, params)
    found = await event_by_id(db, guild_id, int(event_id))
    assert found is not None
    return found


async def name_taken(db: aiosqlite.Connection, guild_id: int, name: str) -> bool:
    rows = await db.execute_fetchall("SELECT 1 FROM events WHERE guild_id = ? AND name_key = ?",
                                     (guild_id, name_key(name)))
    return bool(list(rows))


async def event_by_id(db: aiosqlite.Connection, guild_id: int, event_id: int) -> EventInfo | None:
    rows = list(await db.execute_fetchall(f"SELECT {_EVENT} FROM events WHERE id = ? AND guild_id = ?",
                                          (event_id, guild_id)))
    return _event(rows[0]) if rows else None


async def event_by_name(db: aiosqlite.Connection, guild_id: int, name: str) -> EventInfo | None:
    rows = list(await db.execute_fetchall(f"SELECT {_EVENT} FROM events WHERE guild_id = ? AND name_key = ?",
                                          (guild_id, name_key(name))))
    return _event(rows[0]) if rows else None


async def guild_events(db: aiosqlite.Connection, guild_id: int) -> list[EventInfo]:
    """The guild's events, newest first."""
    rows = await db.execute_fetchall(f"SELECT {_EVENT} FROM events WHERE guild_id = ? ORDER BY id DESC",
                                     (guild_id,))
    return [_event(row) for row in rows]


async def events_to_end(db: aiosqlite.Connection, now: float, shards: Shards) -> list[EventInfo]:
    """The shards' guilds' events whose end has come and that are not ended yet."""
    owned, params = shards.sql_condition("guild_id")
    query = f"""SELECT {_EVENT} FROM events WHERE ended_at IS NULL AND ends_at <= ? AND {owned}
                ORDER BY ends_at, id"""
    rows = await db.execute_fetchall(query, (now, *params))
    return [_event(row) for row in rows]


async def economies_of(db: aiosqlite.Connection, guild_id: int) -> list[int]:
    rows = await db.execute_fetchall("SELECT id FROM events WHERE guild_id = ? ORDER BY id", (guild_id,))
    return [event_economy(int(row[0])) for row in rows]


def _event(row: Any) -> EventInfo:
    (id_, guild_id, name, channel_id, games, starts_at, ends_at, stack, fee, split, rebuys, entries_open,
     created_at, ended_at) = row
    spec = EventSpec(name=name, channel_id=int(channel_id), games=tuple(games.split(",")),
                     starts_at=float(starts_at), ends_at=float(ends_at), stack=int(stack), fee=int(fee),
                     split=tuple(int(share) for share in split.split("/")), rebuys=bool(rebuys))
    return EventInfo(id=int(id_), guild_id=int(guild_id), spec=spec, entries_open=bool(entries_open),
                     created_at=float(created_at), ended_at=None if ended_at is None else float(ended_at))


async def set_entries_open(db: aiosqlite.Connection, event_id: int, is_open: bool) -> None:
    await db.execute("UPDATE events SET entries_open = ? WHERE id = ?", (int(is_open), event_id))


async def add_entry(db: aiosqlite.Connection, event_id: int, user_id: int, now: float) -> bool:
    """Enter the member; False if they had entered already (two racing joins: one entry)."""
    cursor = await db.execute("""
        INSERT INTO event_entries (event_id, user_id, joined_at, buys) VALUES (?, ?, ?, 1)
        ON CONFLICT (event_id, user_id) DO NOTHING
    """, (event_id, user_id, now))
    return cursor.rowcount == 1


async def is_entrant(db: aiosqlite.Connection, event_id: int, user_id: int) -> bool:
    rows = await db.execute_fetchall("SELECT 1 FROM event_entries WHERE event_id = ? AND user_id = ?",
                                     (event_id, user_id))
    return bool(list(rows))


async def add_buy(db: aiosqlite.Connection, event_id: int, user_id: int, buys: int) -> bool:
    """One more stack for the member who had ``buys``; False if another rebuy came first."""
    cursor = await db.execute(
        "UPDATE event_entries SET buys = buys + 1 WHERE event_id = ? AND user_id = ? AND buys = ?",
        (event_id, user_id, buys))
    return cursor.rowcount == 1


async def entries(db: aiosqlite.Connection, event_id: int) -> list[EventEntry]:
    """The event's entries in the order the members joined."""
    rows = await db.execute_fetchall("""
        SELECT user_id, joined_at, buys, final_stack, prize FROM event_entries WHERE event_id = ?
        ORDER BY joined_at, user_id
    """, (event_id,))
    return [EventEntry(int(user), float(joined), int(buys), None if final is None else int(final), int(prize))
            for user, joined, buys, final, prize in rows]


async def stacks_of(db: aiosqlite.Connection, economy: int) -> dict[int, int]:
    """Each member's event chips: their wallet in the event's economy and the stacks they
    brought to its tables."""
    rows = await db.execute_fetchall("""
        SELECT kind, account_key, balance FROM accounts
        WHERE guild_id = ? AND kind IN ('wallet', 'stack')
    """, (economy,))
    held: dict[int, int] = {}
    for kind, key, balance in rows:
        user = int(key if kind == "wallet" else key.split(":")[1])
        held[user] = held.get(user, 0) + int(balance)
    return held


async def mark_ended(db: aiosqlite.Connection, event_id: int, now: float) -> bool:
    """End the event; False if it had been ended already (by another process or a retry)."""
    cursor = await db.execute("UPDATE events SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
                              (now, event_id))
    return cursor.rowcount == 1


async def keep_results(db: aiosqlite.Connection, event_id: int, finals: dict[int, int],
                       prizes: dict[int, int]) -> None:
    await db.executemany(
        "UPDATE event_entries SET final_stack = ?, prize = ? WHERE event_id = ? AND user_id = ?",
        [(finals.get(user, 0), prizes.get(user, 0), event_id, user) for user in finals])


async def open_rounds(db: aiosqlite.Connection, economy: int) -> int:
    ((count,),) = await db.execute_fetchall(
        "SELECT COUNT(*) FROM rounds WHERE guild_id = ? AND status = 'open'", (economy,))
    return int(count)


async def settled_results(db: aiosqlite.Connection, economy: int) -> int:
    """The entrants' net over the economy's settled rounds, as the rounds recorded it."""
    ((total,),) = await db.execute_fetchall("""
        SELECT COALESCE(SUM(rp.returned - rp.wagered), 0)
        FROM rounds AS r JOIN round_players AS rp ON rp.round_id = r.id
        WHERE r.guild_id = ? AND r.status = 'settled'
    """, (economy,))
    return int(total)


async def podiums_to_post(db: aiosqlite.Connection, shards: Shards) -> list[EventInfo]:
    """The shards' guilds' ended events whose podium is still to be posted."""
    owned, params = shards.sql_condition("guild_id")
    rows = await db.execute_fetchall(
        f"SELECT {_EVENT} FROM events WHERE ended_at IS NOT NULL AND podium_done = 0 AND {owned} "
        "ORDER BY id", params)
    return [_event(row) for row in rows]


async def podium_posted(db: aiosqlite.Connection, event_id: int, message_id: int | None) -> None:
    await db.execute("UPDATE events SET podium_done = 1, podium_message_id = ? WHERE id = ?",
                     (message_id, event_id))


Rebuys = list[tuple[int, float]]


async def timeline(db: aiosqlite.Connection, economy: int) -> tuple[list[EventMoment], Rebuys]:
    """The event's settled rounds, each player's net and best hand, in settlement order (with
    when), and its rebuys: (member, when)."""
    rounds = [EventMoment(int(round_id), float(at), int(user), int(net), _hand(value, cards))
              for round_id, at, user, net, value, cards in await db.execute_fetchall("""
                  SELECT r.id, r.settled_at, rp.user_id, rp.returned - rp.wagered, rp.hand_value, rp.hand
                  FROM rounds AS r JOIN round_players AS rp ON rp.round_id = r.id
                  WHERE r.guild_id = ? AND r.status = 'settled' ORDER BY r.settled_seq, rp.user_id
              """, (economy,))]
    rebuys = [(int(key), float(at)) for key, at in await db.execute_fetchall("""
        SELECT a.account_key, l.created_at FROM ledger AS l JOIN accounts AS a ON a.id = l.target_id
        WHERE l.guild_id = ? AND l.reason = ? ORDER BY l.id
    """, (economy, REBUY_REASON))]
    return rounds, rebuys


def _hand(value: int | None, cards: str | None) -> PlayedHand | None:
    return PlayedHand(int(value), cards) if value is not None and cards else None
