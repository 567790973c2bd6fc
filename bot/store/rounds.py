"""Rounds, their players' results, the leaderboard and history: the SQL behind them.

Functions take the connection and run inside the caller's transaction where they write.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import aiosqlite

from bot.store.dialect import next_settled_seq
from bot.store.models import HistoryRow, LeaderRow, RoundHeader, RoundInfo, StoreError
from bot.store.stats_models import PlayedHand


async def insert_round(
    db: aiosqlite.Connection, guild_id: int, header: RoundHeader, *, status: str, now: float,
    day: str | None = None, session_id: int | None = None,
) -> int:
    """Create a round and return its game number (a settled one counts on ``day``, the local
    date, and in the table's sitting ``session_id``; its place in settlement order comes from
    :func:`take_settlement_place` once it is counted)."""
    query = """
        INSERT INTO rounds (guild_id, channel_id, game, status, commitment, seed,
                            created_at, settled_at, state, day, session_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        RETURNING id
    """
    settled_at = now if status == "settled" else None
    params = (guild_id, header.channel_id, header.game, status, header.commitment, header.seed, now,
              settled_at, _json(header.state), day, session_id)
    (row,) = await db.execute_fetchall(query, params)
    return int(row[0])


async def settle_open_round(
    db: aiosqlite.Connection, guild_id: int, round_id: int, header: RoundHeader, *, now: float,
    day: str, session_id: int | None,
) -> None:
    """Mark an open round settled with ``header``'s proof and final state (its game and channel
    are the round's already); refuses a round that is unknown, elsewhere or already done."""
    query = """
        UPDATE rounds
        SET status = 'settled', settled_at = ?, commitment = COALESCE(?, commitment),
            seed = COALESCE(?, seed), state = ?, day = ?, session_id = ?
        WHERE id = ? AND guild_id = ? AND status = 'open'
    """
    params = (now, header.commitment, header.seed, _json(header.state), day, session_id, round_id,
              guild_id)
    cursor = await db.execute(query, params)
    if cursor.rowcount != 1:
        raise StoreError("round {round_id} is not an open round of this server", round_id=str(round_id))


async def take_settlement_place(db: aiosqlite.Connection, round_id: int) -> None:
    """Give the settled round its place in settlement order, the order its players' streaks
    run in: after it has counted in their stats, whose rows it now holds locked until it commits.
    A round of another process sharing a player waits for those rows and so takes a later place.
    Taken before counting, two processes' rounds could count in the other order than their
    places (the first held up, the second counting and committing past it), and the kept streaks
    would differ from a recount."""
    await db.execute(f"UPDATE rounds SET settled_seq = {next_settled_seq(db)} WHERE id = ?", (round_id,))


async def insert_players(
    db: aiosqlite.Connection, round_id: int, results: Mapping[int, tuple[int, int]],
    hands: Mapping[int, PlayedHand] | None = None,
) -> None:
    query = """
        INSERT INTO round_players (round_id, user_id, wagered, returned, hand_value, hand)
        VALUES (?, ?, ?, ?, ?, ?)
    """
    held = hands or {}
    rows = [(round_id, user_id, wagered, returned, *_hand_columns(held.get(user_id)))
            for user_id, (wagered, returned) in results.items()]
    await db.executemany(query, rows)


async def economy_of(db: aiosqlite.Connection, round_id: int) -> int | None:
    """The economy (guild, practice or event) round ``round_id`` was played in."""
    rows = list(await db.execute_fetchall("SELECT guild_id FROM rounds WHERE id = ?", (round_id,)))
    return int(rows[0][0]) if rows else None


async def round_info(db: aiosqlite.Connection, guild_id: int, round_id: int) -> RoundInfo | None:
    query = """
        SELECT id, guild_id, channel_id, game, status, commitment, seed, created_at, settled_at,
               state
        FROM rounds WHERE id = ? AND guild_id = ?
    """
    found = list(await db.execute_fetchall(query, (round_id, guild_id)))
    if not found:
        return None
    (id_, guild, channel_id, game, status, commitment, seed, created_at, settled_at, state) = found[0]
    players_query = """
        SELECT user_id, wagered, returned FROM round_players WHERE round_id = ? ORDER BY user_id
    """
    players = {
        user_id: (wagered, returned)
        for user_id, wagered, returned in await db.execute_fetchall(players_query, (round_id,))
    }
    return RoundInfo(
        id=id_, guild_id=guild, channel_id=channel_id, game=game, status=status,
        commitment=commitment, seed=seed, created_at=created_at, settled_at=settled_at,
        state=json.loads(state) if state is not None else None, players=players,
    )


# Net winnings per user over settled rounds, ranked with ties sharing a rank (1, 2, 2, 4).
RANKED_QUERY = """
    WITH totals AS (
        SELECT rp.user_id, SUM(rp.returned - rp.wagered) AS net, COUNT(*) AS rounds
        FROM rounds AS r
        JOIN round_players AS rp ON rp.round_id = r.id
        WHERE r.guild_id = :guild_id AND r.status = 'settled'
          AND (CAST(:game AS TEXT) IS NULL OR r.game = :game)
          AND (CAST(:since AS DOUBLE PRECISION) IS NULL OR r.settled_at >= :since)
        GROUP BY rp.user_id
    ),
    ranked AS (
        SELECT RANK() OVER (ORDER BY net DESC) AS rank, user_id, net, rounds FROM totals
    )
"""


async def leaderboard(
    db: aiosqlite.Connection, guild_id: int, *, game: str | None, since: float | None, limit: int
) -> list[LeaderRow]:
    query = RANKED_QUERY + """
        SELECT rank, user_id, net, rounds FROM ranked ORDER BY rank, user_id LIMIT :limit
    """
    params = {"guild_id": guild_id, "game": game, "since": since, "limit": limit}
    return [LeaderRow(*row) for row in await db.execute_fetchall(query, params)]


async def rank_of(
    db: aiosqlite.Connection,
    guild_id: int,
    user_id: int,
    *,
    game: str | None,
    since: float | None,
) -> LeaderRow | None:
    query = RANKED_QUERY + """
        SELECT rank, user_id, net, rounds FROM ranked WHERE user_id = :user_id
    """
    params = {"guild_id": guild_id, "game": game, "since": since, "user_id": user_id}
    rows = list(await db.execute_fetchall(query, params))
    return LeaderRow(*rows[0]) if rows else None


async def history(
    db: aiosqlite.Connection, guild_id: int, user_id: int, *, offset: int, limit: int
) -> tuple[list[HistoryRow], int]:
    query = """
        SELECT r.id, r.game, r.channel_id, rp.wagered, rp.returned,
               rp.returned - rp.wagered, r.settled_at
        FROM round_players AS rp
        JOIN rounds AS r ON r.id = rp.round_id
        WHERE rp.user_id = ? AND r.guild_id = ? AND r.status = 'settled'
        ORDER BY r.settled_at DESC, r.id DESC
        LIMIT ? OFFSET ?
    """
    page = await db.execute_fetchall(query, (user_id, guild_id, limit, offset))
    count_query = """
        SELECT COUNT(*)
        FROM round_players AS rp
        JOIN rounds AS r ON r.id = rp.round_id
        WHERE rp.user_id = ? AND r.guild_id = ? AND r.status = 'settled'
    """
    (total,) = await db.execute_fetchall(count_query, (user_id, guild_id))
    return [HistoryRow(*row) for row in page], int(total[0])


def _hand_columns(hand: PlayedHand | None) -> tuple[int | None, str | None]:
    return (hand.value, hand.cards) if hand is not None else (None, None)


def _json(value: Mapping[str, Any] | None) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"), sort_keys=True)
