"""Leaderboards, profiles, sittings and members' names: the SQL behind them.

player_stats is kept by :data:`COUNT_ROUND` in the transaction that records a round (see
migrations.MIGRATION_0007_STATS); reads take one period's rows and never scan rounds.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from typing import Any

import aiosqlite

from bot.shards import Shards
from bot.store.dialect import PERIOD_OF_ROUND_PG, is_postgres
from bot.store.migrations import PERIOD_OF_ROUND
from bot.store.stats_models import (
    ALL_GAMES,
    Board,
    BoardRow,
    GameStats,
    Metric,
    Period,
    PlayedHand,
    Profile,
    SessionInfo,
    SessionRound,
)

# Each player of each round as one row per (every game or this game) x (all, day, week, month,
# sitting), and which of them count (settled rounds; a round outside a sitting has no sitting
# row): the rows a round adds to player_stats, as counting one round and recounting all see them.
_ROWS_OF_ROUNDS = """FROM rounds AS r JOIN round_players AS rp ON rp.round_id = r.id,
         (SELECT 0 AS flag UNION ALL SELECT 1) AS every,
         (SELECT 'a' AS kind UNION ALL SELECT 'd' UNION ALL SELECT 'w' UNION ALL SELECT 'm'
          UNION ALL SELECT 's') AS periods"""
_SETTLED_ROWS = "r.status = 'settled' AND (periods.kind <> 's' OR r.session_id IS NOT NULL)"

# One row per (every game or this game) x (all, day, week, month, sitting) for each player of
# round :round_id, added to what is there. Both databases evaluate every SET expression against
# the row as it was, so streak + 1 in best_streak is the streak this round makes. Columns of the
# row as it was are named with the table (PostgreSQL would find a bare name ambiguous beside
# excluded's); the rows go in the players' order, so two rounds lock shared rows in one order.
COUNT_ROUND = """
    INSERT INTO player_stats (guild_id, game, period, user_id, rounds, wins, net, wagered,
                              best_win, best_win_round, best_hand, best_hand_round, streak,
                              best_streak)
    SELECT r.guild_id, CASE WHEN every.flag = 1 THEN '*' ELSE r.game END, {period},
           rp.user_id, 1, CAST(rp.returned > rp.wagered AS INTEGER), rp.returned - rp.wagered,
           rp.wagered, CASE WHEN rp.returned > rp.wagered THEN rp.returned - rp.wagered ELSE 0 END,
           CASE WHEN rp.returned > rp.wagered THEN r.id END,
           rp.hand_value, CASE WHEN rp.hand_value IS NOT NULL THEN r.id END,
           CAST(rp.returned > rp.wagered AS INTEGER), CAST(rp.returned > rp.wagered AS INTEGER)
    {rows_of_rounds}
    WHERE r.id = :round_id AND {settled_rows}
    ORDER BY rp.user_id, every.flag, periods.kind
    ON CONFLICT (guild_id, game, period, user_id) DO UPDATE SET
        rounds = player_stats.rounds + 1,
        wins = player_stats.wins + excluded.wins,
        net = player_stats.net + excluded.net,
        wagered = player_stats.wagered + excluded.wagered,
        best_win_round = CASE WHEN excluded.best_win > player_stats.best_win
                              THEN excluded.best_win_round ELSE player_stats.best_win_round END,
        best_win = CASE WHEN excluded.best_win > player_stats.best_win THEN excluded.best_win
                        ELSE player_stats.best_win END,
        best_hand_round = CASE WHEN excluded.best_hand > COALESCE(player_stats.best_hand, -1)
                               THEN excluded.best_hand_round ELSE player_stats.best_hand_round END,
        best_hand = CASE WHEN excluded.best_hand > COALESCE(player_stats.best_hand, -1)
                         THEN excluded.best_hand ELSE player_stats.best_hand END,
        streak = CASE WHEN excluded.net > 0 THEN player_stats.streak + 1
                      WHEN excluded.net < 0 THEN 0 ELSE player_stats.streak END,
        best_streak = CASE WHEN excluded.net > 0 AND player_stats.streak + 1 > player_stats.best_streak
                           THEN player_stats.streak + 1 ELSE player_stats.best_streak END
"""


# Formatted once per dialect, not on every settlement (this runs in each round's transaction).
_COUNT_ROUND_FOR = {postgres: COUNT_ROUND.format(period=period, rows_of_rounds=_ROWS_OF_ROUNDS,
                                                  settled_rows=_SETTLED_ROWS)
                    for postgres, period in ((False, PERIOD_OF_ROUND), (True, PERIOD_OF_ROUND_PG))}


async def count_round(db: aiosqlite.Connection, round_id: int) -> None:
    await db.execute(_COUNT_ROUND_FOR[is_postgres(db)], {"round_id": round_id})


STATS_COLUMNS = """guild_id, game, period, user_id, rounds, wins, net, wagered, best_win,
    best_win_round, best_hand, best_hand_round, streak, best_streak"""

# Guild :g's player_stats rows counted again from its rounds: the rows of the
# player_stats_recount view (migration 0007), in SQL both databases speak, with the guild chosen
# before anything is counted. The view counts every guild and then filters (its window
# functions keep the filter out): on a database of a million rounds, minutes for any guild.
RECOUNT = """
WITH spread AS (
    SELECT CASE WHEN every.flag = 1 THEN '*' ELSE r.game END AS game,
           {period} AS period, rp.user_id, r.id AS round_id, r.settled_seq,
           rp.wagered, rp.returned - rp.wagered AS net, rp.hand_value
    {rows_of_rounds}
    WHERE r.guild_id = :g AND {settled_rows}
),
marked AS (
    SELECT *,
        SUM(CAST(net < 0 AS INTEGER)) OVER (member ROWS UNBOUNDED PRECEDING) AS run,
        MAX(net) OVER (member ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS top_net,
        MAX(net) OVER (member ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS net_before,
        MAX(hand_value) OVER (member ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
            AS top_hand,
        MAX(hand_value) OVER (member ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS hand_before
    FROM spread
    WINDOW member AS (PARTITION BY game, period, user_id ORDER BY settled_seq)
),
ordered AS MATERIALIZED (
    -- The best win's and the best hand's round: the first round (in settlement order) to reach
    -- the member's best, found in the one sort the streaks need.
    SELECT game, period, user_id, wagered, net, hand_value, run,
        CASE WHEN net = top_net AND (net_before IS NULL OR net > net_before) THEN round_id END
            AS top_round,
        CASE WHEN hand_value = top_hand AND (hand_before IS NULL OR hand_value > hand_before)
             THEN round_id END AS hand_round
    FROM marked
),
runs AS (
    SELECT game, period, user_id, run, SUM(CAST(net > 0 AS INTEGER)) AS run_wins,
           ROW_NUMBER() OVER (PARTITION BY game, period, user_id ORDER BY run DESC) AS newest
    FROM ordered GROUP BY game, period, user_id, run
),
streaks AS (
    SELECT game, period, user_id, MAX(CASE WHEN newest = 1 THEN run_wins END) AS streak,
           MAX(run_wins) AS best_streak
    FROM runs GROUP BY game, period, user_id
),
totals AS (
    SELECT game, period, user_id, COUNT(*) AS rounds, SUM(CAST(net > 0 AS INTEGER)) AS wins,
           SUM(net) AS net, SUM(wagered) AS wagered,
           CASE WHEN MAX(net) > 0 THEN MAX(net) ELSE 0 END AS best_win,
           CASE WHEN MAX(net) > 0 THEN MIN(top_round) END AS best_win_round,
           MAX(hand_value) AS best_hand,
           CASE WHEN MAX(hand_value) IS NOT NULL THEN MIN(hand_round) END AS best_hand_round
    FROM ordered GROUP BY game, period, user_id
)
SELECT CAST(:g AS BIGINT) AS guild_id, t.game, {period_key} AS period, t.user_id,
       CAST(t.rounds AS BIGINT) AS rounds, CAST(t.wins AS BIGINT) AS wins,
       CAST(t.net AS BIGINT) AS net, CAST(t.wagered AS BIGINT) AS wagered,
       CAST(t.best_win AS BIGINT) AS best_win, t.best_win_round, t.best_hand, t.best_hand_round,
       CAST(s.streak AS BIGINT) AS streak, CAST(s.best_streak AS BIGINT) AS best_streak
FROM totals AS t JOIN streaks AS s USING (game, period, user_id)
"""

# PostgreSQL compares the period as player_stats keeps it (COLLATE "C", bytewise).
_PERIOD_KEY_PG = 'CAST(t.period AS TEXT) COLLATE "C"'
_RECOUNT_FOR = {postgres: RECOUNT.format(period=period, period_key=key, rows_of_rounds=_ROWS_OF_ROUNDS,
                                          settled_rows=_SETTLED_ROWS)
                for postgres, period, key in ((False, PERIOD_OF_ROUND, "t.period"),
                                              (True, PERIOD_OF_ROUND_PG, _PERIOD_KEY_PG))}


# What each metric ranks by, as an ascending sort key (best first), and which rows it ranks.
# Ties on the first key share a rank; the second key and the id order them. Never user input.
_ORDER: Mapping[str, tuple[str, str, str]] = {
    "net": ("-s.net", "s.rounds", "TRUE"),
    "best_win": ("-s.best_win", "s.best_win_round", "s.best_win > 0"),
    "rounds": ("-s.rounds", "-s.net", "TRUE"),
    "win_rate": ("-CAST(s.wins AS DOUBLE PRECISION) / s.rounds", "-s.rounds", "s.rounds >= :min_rounds"),
}
_PERIOD_ROWS = """
    FROM player_stats AS s
    WHERE s.guild_id = :guild_id AND s.game = :game AND s.period = :period
"""
_FIRST, _SECOND, _NAME, _RANKED = 6, 7, 8, 9  # the columns after a row's totals


def _board_queries(metric: Metric) -> dict[str, str]:
    """A board without ranking every row of the period: the top by the sort (the database keeps
    only the best ``limit`` while it reads), the caller, the members just before and after them,
    and one counting pass for places and ranks; names are joined to the few rows found. Two
    window sorts over 10^4 members cost 17 ms a board; this costs a few ms of the CPU that the
    tables' presses share."""
    first, second, ranked = _ORDER[metric]
    columns = f"s.user_id, s.rounds, s.wins, s.net, s.best_win, s.best_win_round, {first}, {second}"
    key, mine = f"({first}, {second}, s.user_id)", "(:first, :second, :user_id)"

    def named(query: str) -> str:
        return f"""SELECT found.*, n.name FROM ({query}) AS found
                   LEFT JOIN member_names AS n ON n.guild_id = :guild_id AND n.user_id = found.user_id"""

    return {
        "top": named(f"SELECT {columns} {_PERIOD_ROWS} AND {ranked} "
                     f"ORDER BY {first}, {second}, s.user_id LIMIT :limit") + " ORDER BY 7, 8, 1",
        "me": f"""SELECT {columns}, n.name, {ranked} FROM player_stats AS s
                   LEFT JOIN member_names AS n ON n.guild_id = s.guild_id AND n.user_id = s.user_id
                   WHERE s.guild_id = :guild_id AND s.game = :game AND s.period = :period
                     AND s.user_id = :user_id""",
        "neighbours": named(f"""
            SELECT * FROM (SELECT {columns} {_PERIOD_ROWS} AND {ranked} AND {key} < {mine}
                           ORDER BY {first} DESC, {second} DESC, s.user_id DESC LIMIT 1) AS above
            UNION ALL
            SELECT * FROM (SELECT {columns} {_PERIOD_ROWS} AND {ranked} AND {key} > {mine}
                           ORDER BY {first}, {second}, s.user_id LIMIT 1) AS below"""),
        "counts": f"""
            SELECT COUNT(*), COUNT(*) FILTER (WHERE {key} < {mine}),
                   COUNT(*) FILTER (WHERE {first} < :first),
                   COUNT(*) FILTER (WHERE {first} < :above),
                   COUNT(*) FILTER (WHERE {first} < :below)
            {_PERIOD_ROWS} AND {ranked}
        """,
    }


async def board(
    db: aiosqlite.Connection, guild_id: int, user_id: int, *, game: str, period: Period,
    period_key: str, metric: Metric, limit: int, min_rounds: int,
) -> Board:
    """One board; read it in one snapshot, so the places and ranks agree with the rows."""
    queries = _board_queries(metric)
    params: dict[str, Any] = {"guild_id": guild_id, "game": game, "period": period_key,
                              "user_id": user_id, "limit": limit, "min_rounds": min_rounds,
                              "first": None, "second": None, "above": None, "below": None}
    top = _top_rows(list(await db.execute_fetchall(queries["top"], params)))
    me = list(await db.execute_fetchall(queries["me"], params))
    board = Board(game=game, period=period, metric=metric, top=top, around=[], own=None,
                  own_rounds=int(me[0][1]) if me else 0, ranked=0, min_rounds=min_rounds)
    if not me or not me[0][_RANKED]:  # never played here, or too few rounds (or wins) to be ranked
        (ranked, *_), = await db.execute_fetchall(queries["counts"], params)
        return dataclasses.replace(board, ranked=int(ranked))
    own = me[0]
    params.update(first=own[_FIRST], second=own[_SECOND])
    above = below = None
    for row in await db.execute_fetchall(queries["neighbours"], params):
        if _sort_key(row) < _sort_key(own):
            above = row
        else:
            below = row
    params.update(above=above[_FIRST] if above else None, below=below[_FIRST] if below else None)
    (ranked, before, better, above_better, below_better), = await db.execute_fetchall(
        queries["counts"], params)
    place = int(before) + 1
    own_row = _board_row(own, rank=int(better) + 1, place=place)
    around = [own_row]
    if above:
        around.insert(0, _board_row(above, rank=int(above_better) + 1, place=place - 1))
    if below:
        around.append(_board_row(below, rank=int(below_better) + 1, place=place + 1))
    return dataclasses.replace(board, own=own_row, ranked=int(ranked),
                               around=[row for row in around if row.place > limit])


def _sort_key(row: Any) -> tuple[Any, ...]:
    return row[_FIRST], row[_SECOND], row[0]


def _top_rows(rows: list[Any]) -> list[BoardRow]:
    """The best rows in order, each with its place and its rank: a row tied with the one above
    it (same sort value) shares that row's rank, since every better row is above both."""
    top: list[BoardRow] = []
    for place, row in enumerate(rows, start=1):
        tied = bool(top) and rows[place - 2][_FIRST] == row[_FIRST]
        top.append(_board_row(row, rank=top[-1].rank if tied else place, place=place))
    return top


def _board_row(row: Any, *, rank: int, place: int) -> BoardRow:
    user_id, rounds, wins, net, best_win, best_win_round = row[:_FIRST]
    name = row[_NAME]
    return BoardRow(user_id=user_id, rounds=rounds, wins=wins, net=net, best_win=best_win,
                    best_win_round=best_win_round, rank=rank, place=place, name=name)


async def profile(db: aiosqlite.Connection, guild_id: int, user_id: int) -> Profile:
    # INDEXED BY: without statistics SQLite would walk the guild's primary key (every member).
    query = """
        SELECT s.game, s.rounds, s.wins, s.net, s.best_win, s.best_win_round,
               won.hand_value, won.hand, s.best_hand_round, best.hand_value, best.hand,
               s.streak, s.best_streak
        FROM player_stats AS s INDEXED BY player_stats_by_member
        LEFT JOIN round_players AS won ON won.round_id = s.best_win_round AND won.user_id = s.user_id
        LEFT JOIN round_players AS best ON best.round_id = s.best_hand_round
                                       AND best.user_id = s.user_id
        WHERE s.guild_id = ? AND s.user_id = ? AND s.period = 'all'
        ORDER BY s.rounds DESC, s.game
    """
    every = [_game_stats(row) for row in await db.execute_fetchall(query, (guild_id, user_id))]
    daily_query = """
        SELECT substr(period, 2), net FROM player_stats INDEXED BY player_stats_by_member
        WHERE guild_id = ? AND user_id = ? AND game = ? AND period >= 'd' AND period < 'e'
        ORDER BY period
    """
    daily = [(dt.date.fromisoformat(day), int(net))
             for day, net in await db.execute_fetchall(daily_query, (guild_id, user_id, ALL_GAMES))]
    return Profile(
        user_id=user_id, name=await member_name(db, guild_id, user_id),
        overall=next((stats for stats in every if stats.game == ALL_GAMES), None),
        games=[stats for stats in every if stats.game != ALL_GAMES], daily_net=daily,
    )


def _game_stats(row: Any) -> GameStats:
    (game, rounds, wins, net, best_win, best_win_round, won_value, won_cards, best_hand_round,
     best_value, best_cards, streak, best_streak) = row
    return GameStats(
        game=game, rounds=rounds, wins=wins, net=net, best_win=best_win,
        best_win_round=best_win_round, best_win_hand=_hand(won_value, won_cards),
        best_hand=_hand(best_value, best_cards), best_hand_round=best_hand_round,
        streak=streak, best_streak=best_streak,
    )


def _hand(value: int | None, cards: str | None) -> PlayedHand | None:
    return PlayedHand(value, cards) if value is not None and cards else None


async def member_name(db: aiosqlite.Connection, guild_id: int, user_id: int) -> str | None:
    query = "SELECT name FROM member_names WHERE guild_id = ? AND user_id = ?"
    rows = list(await db.execute_fetchall(query, (guild_id, user_id)))
    return str(rows[0][0]) if rows else None


async def remember_names(db: aiosqlite.Connection, guild_id: int, names: Mapping[int, str],
                         now: float) -> None:
    """Store each member's name as the interactions of their round carried it."""
    query = """
        INSERT INTO member_names (guild_id, user_id, name, updated_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name,
            updated_at = excluded.updated_at
        WHERE member_names.name <> excluded.name
    """
    await db.executemany(query, [(guild_id, user, name, now) for user, name in names.items()])


# -- sittings ---------------------------------------------------------------------------------

async def join_session(db: aiosqlite.Connection, guild_id: int, table_id: int, now: float,
                       idle_seconds: float) -> int:
    """The sitting a round settled now at the table belongs to: the running one, unless it has
    been idle too long (then it ends and a new one starts)."""
    query = """
        SELECT id, last_round_at FROM table_sessions
        WHERE table_id = ? AND ended_at IS NULL AND recap_posted = 0
        ORDER BY id DESC LIMIT 1
    """
    rows = list(await db.execute_fetchall(query, (table_id,)))
    if rows:
        session_id, last_round_at = rows[0]
        if now - last_round_at <= idle_seconds:
            await db.execute("UPDATE table_sessions SET last_round_at = ? WHERE id = ?",
                             (max(now, last_round_at), session_id))
            return int(session_id)
        await db.execute("UPDATE table_sessions SET ended_at = ? WHERE id = ?",
                         (last_round_at + idle_seconds, session_id))
    (row,) = await db.execute_fetchall(
        "INSERT INTO table_sessions (guild_id, table_id, started_at, last_round_at) VALUES (?, ?, ?, ?)"
        " RETURNING id", (guild_id, table_id, now, now))
    return int(row[0])


async def latest_session(db: aiosqlite.Connection, table_id: int) -> int | None:
    rows = list(await db.execute_fetchall(
        "SELECT MAX(id) FROM table_sessions WHERE table_id = ?", (table_id,)))
    return int(rows[0][0]) if rows and rows[0][0] is not None else None


async def end_sessions(db: aiosqlite.Connection, *, now: float, idle_seconds: float, shards: Shards,
                       table_id: int | None = None) -> list[int]:
    """End the sittings of the shards' guilds idle since ``now - idle_seconds`` (with
    ``table_id``: that table's, idle or not) and return every ended sitting of theirs whose recap
    is still to be posted (another process posts its own guilds' recaps). A sitting is its
    table's guild's (its own guild_id may be another economy's: a practice table's, an event's)."""
    tables_owned, params = shards.sql_condition("guild_id")
    owned = f"table_id IN (SELECT id FROM tables WHERE {tables_owned})"
    if table_id is None:
        await db.execute(f"""
            UPDATE table_sessions SET ended_at = last_round_at + ?
            WHERE recap_posted = 0 AND ended_at IS NULL AND last_round_at < ? AND {owned}
        """, (idle_seconds, now - idle_seconds, *params))
    else:
        await db.execute("""
            UPDATE table_sessions SET ended_at = ? WHERE recap_posted = 0 AND ended_at IS NULL
              AND table_id = ?
        """, (now, table_id))
    rows = await db.execute_fetchall(f"""
        SELECT id FROM table_sessions WHERE recap_posted = 0 AND ended_at IS NOT NULL AND {owned}
        ORDER BY id
    """, params)
    return [int(row[0]) for row in rows]


async def mark_recap_posted(db: aiosqlite.Connection, session_id: int) -> None:
    await db.execute("UPDATE table_sessions SET recap_posted = 1 WHERE id = ?", (session_id,))


async def session_info(db: aiosqlite.Connection, session_id: int) -> SessionInfo | None:
    query = """
        SELECT s.id, s.guild_id, s.table_id, t.channel_id, t.game, s.started_at, s.last_round_at
        FROM table_sessions AS s JOIN tables AS t ON t.id = s.table_id WHERE s.id = ?
    """
    found = list(await db.execute_fetchall(query, (session_id,)))
    if not found:
        return None
    id_, guild_id, table_id, channel_id, game, started_at, last_round_at = found[0]
    rounds_query = """
        SELECT r.id, rp.user_id, rp.returned - rp.wagered, rp.hand_value, rp.hand
        FROM rounds AS r JOIN round_players AS rp ON rp.round_id = r.id
        WHERE r.session_id = ? AND r.status = 'settled'
        ORDER BY r.settled_at, r.id, rp.user_id
    """
    played = [SessionRound(round_id, user_id, net, _hand(value, cards))
              for round_id, user_id, net, value, cards in await db.execute_fetchall(
                  rounds_query, (session_id,))]
    users = sorted({row.user_id for row in played})
    names_query = f"""
        SELECT user_id, name FROM member_names
        WHERE guild_id = ? AND user_id IN ({", ".join("?" * len(users))})
    """
    names = ({int(user): str(name) for user, name in await db.execute_fetchall(
        names_query, (guild_id, *users))} if users else {})
    return SessionInfo(id=id_, guild_id=guild_id, table_id=table_id, channel_id=channel_id, game=game,
                       started_at=started_at, last_round_at=last_round_at, rounds=played, names=names)


# -- upkeep -----------------------------------------------------------------------------------

async def recount_guild(db: aiosqlite.Connection, guild_id: int) -> None:
    """Rebuild a guild's stats from its rounds (after its time zone changed)."""
    await db.execute("DELETE FROM player_stats WHERE guild_id = ?", (guild_id,))
    await db.execute(f"INSERT INTO player_stats ({STATS_COLUMNS}) {_RECOUNT_FOR[is_postgres(db)]}",
                     {"g": guild_id})


async def set_round_days(db: aiosqlite.Connection, guild_id: int,
                         days: list[tuple[str, int]]) -> None:
    await db.executemany("UPDATE rounds SET day = ? WHERE id = ? AND guild_id = ?",
                         [(day, round_id, guild_id) for day, round_id in days])


async def settled_times(db: aiosqlite.Connection, guild_id: int) -> list[tuple[int, float]]:
    return [(int(i), float(t)) for i, t in await db.execute_fetchall(
        "SELECT id, settled_at FROM rounds WHERE guild_id = ? AND status = 'settled'", (guild_id,))]


async def stats_mismatches(db: aiosqlite.Connection, guild_id: int) -> int:
    """Rows of the guild's stats that differ from a recount from its rounds, either way (a row
    kept with other values counts twice: the kept one and the recounted one).

    One recount, each of its rows looked up in player_stats by key: with R recounted rows, K
    kept ones and M of them equal, R - M are missing or differ and K - M are extra or differ."""
    query = f"""
        WITH recounted AS ({_RECOUNT_FOR[is_postgres(db)]})
        SELECT COUNT(*), SUM(CASE WHEN EXISTS (
                   SELECT 1 FROM player_stats AS k
                   WHERE k.guild_id = :g AND k.game = r.game AND k.period = r.period
                     AND k.user_id = r.user_id AND k.rounds = r.rounds AND k.wins = r.wins
                     AND k.net = r.net AND k.wagered = r.wagered AND k.best_win = r.best_win
                     AND k.streak = r.streak AND k.best_streak = r.best_streak
                     AND {_same("best_win_round")} AND {_same("best_hand")}
                     AND {_same("best_hand_round")}) THEN 1 ELSE 0 END),
               (SELECT COUNT(*) FROM player_stats WHERE guild_id = :g)
        FROM recounted AS r
    """
    ((recounted, equal, kept),) = await db.execute_fetchall(query, {"g": guild_id})
    return int(recounted) - int(equal or 0) + int(kept) - int(equal or 0)


def _same(column: str) -> str:
    """Kept and recounted ``column`` equal, both NULL counting as equal."""
    return f"(k.{column} = r.{column} OR (k.{column} IS NULL AND r.{column} IS NULL))"
