"""Moving a whole database between backends: ``python -m bot db copy SOURCE TARGET``.

Every table is copied row for row, ids included, into an empty database at the same schema
version, in one transaction on the target (a failed copy leaves it empty). Then the copy is
verified: each guild's audit on the target (books, ledger and stats totals) must pass and equal
the source's, and every table must hold the same rows on both sides (a digest of each table's
rows in key order). The bot must not be running on either database meanwhile.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.store.dialect import is_postgres
from bot.store.models import AuditReport, StoreError
from bot.store.store import Store

log = logging.getLogger(__name__)

BATCH = 5000

# Every table of the schema (version 11), parents before children, with its columns and key.
TABLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "guild_settings": (("guild_id", "starting_balance", "daily_amount", "daily_cooldown_seconds",
                        "language", "timezone", "standings_channel_id", "standings_since"), ("guild_id",)),
    "accounts": (("id", "guild_id", "kind", "account_key", "balance", "created_at"), ("id",)),
    "tables": (("id", "guild_id", "channel_id", "game", "config", "status", "message_id", "memory",
                "created_at", "closed_at"), ("id",)),
    "rounds": (("id", "guild_id", "channel_id", "game", "status", "commitment", "seed", "created_at",
                "settled_at", "state", "table_id", "deadline", "day", "session_id", "settled_seq"),
               ("id",)),
    "round_players": (("round_id", "user_id", "wagered", "returned", "hand_value", "hand"),
                      ("round_id", "user_id")),
    "ledger": (("id", "guild_id", "source_id", "target_id", "amount", "reason", "round_id",
                "created_at"), ("id",)),
    "daily_claims": (("guild_id", "user_id", "last_claimed_at"), ("guild_id", "user_id")),
    "table_seats": (("table_id", "user_id", "name", "joined_at", "bought_in", "hands"),
                    ("table_id", "user_id")),
    "round_actions": (("round_id", "seq", "user_id", "step", "interaction_id", "label", "created_at"),
                      ("round_id", "seq")),
    "table_posts": (("round_id", "table_id", "payload", "created_at"), ("round_id",)),
    "table_sessions": (("id", "guild_id", "table_id", "started_at", "last_round_at", "ended_at",
                        "recap_posted"), ("id",)),
    "member_names": (("guild_id", "user_id", "name", "updated_at"), ("guild_id", "user_id")),
    "guild_welcomes": (("guild_id", "welcomed_at"), ("guild_id",)),
    "player_stats": (("guild_id", "game", "period", "user_id", "rounds", "wins", "net", "wagered",
                      "best_win", "best_win_round", "best_hand", "best_hand_round", "streak",
                      "best_streak"), ("guild_id", "game", "period", "user_id")),
    "decisions": (("round_id", "user_id", "seq", "guild_id", "game", "made", "best", "made_ev", "best_ev",
                   "ante", "method", "played_best", "given_up"), ("round_id", "user_id", "seq")),
    "standings_posts": (("guild_id", "period", "channel_id", "claimed_at", "message_id", "done"),
                        ("guild_id", "period")),
    "events": (("id", "guild_id", "name", "name_key", "channel_id", "games",
                "starts_at", "ends_at", "stack", "fee", "split", "rebuys", "entries_open", "created_at",
                "ended_at", "podium_message_id", "podium_done"), ("id",)),
    "event_entries": (("event_id", "user_id", "joined_at", "buys", "final_stack", "prize"),
                      ("event_id", "user_id")),
}
# Tables whose ids a database hands out: PostgreSQL's identity sequences must go on from the
# copied ids (SQLite's AUTOINCREMENT follows inserted ids by itself).
IDENTITIES = ("accounts", "tables", "rounds", "ledger", "table_sessions", "events")


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)
    audits: list[AuditReport] = field(default_factory=list)
    differing_tables: list[str] = field(default_factory=list)
    audits_equal: bool = False

    @property
    def ok(self) -> bool:
        return (self.audits_equal and not self.differing_tables
                and all(report.ok for report in self.audits))


async def copy_database(source: str, target: str) -> CopyReport:
    """Copy every row at ``source`` into the empty database at ``target``, then verify it."""
    reader, writer = await Store.open(source), await Store.open(target)
    try:
        report = CopyReport()
        async with reader._reading_aside(snapshot=True) as src:
            async with writer._transaction() as dst:
                if await _holds_rows(dst):
                    raise StoreError("the target database is not empty; copy into a new one")
                for table, (columns, key) in TABLES.items():
                    report.rows[table] = await _copy_table(src, dst, table, columns, key)
                if is_postgres(dst):
                    await _continue_identities(dst)
        source_audits = await reader.audit_all()
        report.audits = await writer.audit_all()
        report.audits_equal = source_audits == report.audits
        report.differing_tables = [table for table in TABLES
                                   if await _digest(reader, table) != await _digest(writer, table)]
        return report
    finally:
        await reader.close()
        await writer.close()


async def _holds_rows(db: Any) -> bool:
    for table in ("accounts", "rounds", "tables", "guild_settings"):
        rows = await db.execute_fetchall(f"SELECT 1 FROM {table} LIMIT 1")  # noqa: S608 - our names
        if rows:
            return True
    return False


async def _copy_table(src: Any, dst: Any, table: str, columns: Sequence[str], key: Sequence[str]) -> int:
    copied = 0
    query = f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(key)}"
    async for batch in _batches(src, query):
        if is_postgres(dst):  # COPY: the fastest way in, a few seconds for a million rows
            await dst.raw.copy_records_to_table(table, records=batch, columns=list(columns))
        else:
            marks = ", ".join("?" * len(columns))
            await dst.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", batch)
        copied += len(batch)
    log.info("copied %s rows of %s", copied, table)
    return copied


async def _batches(db: Any, query: str) -> AsyncIterator[list[tuple[Any, ...]]]:
    """The rows of ``query`` in batches, streamed (a table may not fit in memory)."""
    if is_postgres(db):
        batch: list[tuple[Any, ...]] = []
        async for record in db.raw.cursor(query, prefetch=BATCH):
            batch.append(tuple(record))
            if len(batch) == BATCH:
                yield batch
                batch = []
        if batch:
            yield batch
        return
    async with db.execute(query) as cursor:
        while rows := await cursor.fetchmany(BATCH):
            yield [tuple(row) for row in rows]


async def _continue_identities(db: Any) -> None:
    for table in IDENTITIES:
        await db.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                         f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")
    await db.execute("SELECT setval('rounds_settled_seq', "
                     "COALESCE((SELECT MAX(settled_seq) FROM rounds), 0) + 1, false)")


async def _digest(store: Store, table: str) -> tuple[int, int]:
    """The rows of ``table`` as a set: how many, and the sum of their hashes. Independent of
    the order rows come in (the backends sort text differently), and of nothing else."""
    columns, _ = TABLES[table]
    count = total = 0
    async with store._reading_aside(snapshot=True) as db:
        async for batch in _batches(db, f"SELECT {', '.join(columns)} FROM {table}"):
            for row in batch:
                count += 1
                total += int.from_bytes(hashlib.sha256(repr(row).encode()).digest(), "big")
    return count, total % 2**256
