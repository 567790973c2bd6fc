"""Accounts, chip movements, daily claims and the audit: the SQL behind the Store's money.

Every function takes the connection; writes run inside the caller's transaction, if any, so
several of them can be joined into one all-or-nothing step.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from typing import Any

import aiosqlite

from bot.store.dialect import INTEGRITY_ERRORS, is_postgres
from bot.store.migrations import OVERDRAFT_ERROR
from bot.store.models import (
    AccountRef,
    AuditReport,
    InsufficientFunds,
    LedgerRow,
    Movement,
    net_changes,
)
from bot.store.stats import stats_mismatches

log = logging.getLogger(__name__)

# Accounts that may go negative: the mint (minus all minted) and the house (unlimited bank).
UNLIMITED_KINDS = ("mint", "house")

STARTING_BALANCE_REASON = "starting balance"
DAILY_REASON = "daily claim"



class Overdrawn(Exception):
    """Internal: the posting was refused because an account could not cover its debit.

    It carries the movements so that the store can name the short account.
    """

    def __init__(self, guild_id: int, movements: Sequence[Movement]) -> None:
        super().__init__("a guarded debit failed")
        self.guild_id = guild_id
        self.movements = movements


async def create_wallet(db: aiosqlite.Connection, guild_id: int, user_id: int, now: float) -> bool:
    """Create the member's wallet if it does not exist; True if this call created it."""
    query = """
        INSERT INTO accounts (guild_id, kind, account_key, balance, created_at)
        VALUES (?, 'wallet', ?, 0, ?)
        ON CONFLICT (guild_id, kind, account_key) DO NOTHING
    """
    cursor = await db.execute(query, (guild_id, str(user_id), now))
    return cursor.rowcount == 1


async def post(
    db: aiosqlite.Connection,
    guild_id: int,
    movements: Sequence[Movement],
    *,
    round_id: int | None,
    now: float,
) -> None:
    """Apply already-validated movements as ONE statement (see migration 0002's posting view).

    Outside a transaction the statement is one by itself, committed in the same thread round
    trip; inside one it joins it. Each account gets a row with its net change over all the
    movements, then each movement a ledger row. Net changes because the statement is atomic:
    only its end state must be covered, so chips may pass through an account (wallet ->
    escrow -> winner). Raises Overdrawn, having changed nothing, if an account falls short.
    """
    if not movements:  # a round where every stake came back untouched moves nothing
        return
    changes = net_changes(movements)
    if is_postgres(db):
        query, params = _posting_call(guild_id, changes, movements, round_id, now)
    else:
        query, params = _posting_insert(guild_id, changes, movements, round_id, now)
    try:
        await db.execute(query, params)
    except INTEGRITY_ERRORS as error:
        if str(error) == OVERDRAFT_ERROR:
            raise Overdrawn(guild_id, movements) from None
        raise


def _posting_insert(guild_id: int, changes: dict[AccountRef, int], movements: Sequence[Movement],
                    round_id: int | None, now: float) -> tuple[str, list[Any]]:
    """SQLite: one INSERT into the posting view, a row per account and per movement."""
    params: list[Any] = []
    for ref, change in changes.items():
        params += (guild_id, ref.kind, ref.key, change, now)
    for m in movements:
        params += (guild_id, m.source.kind, m.source.key, m.target.kind, m.target.key,
                   m.amount, m.reason, round_id, now)
    return _posting_query(len(changes), len(movements)), params


POSTING_CALL = "SELECT post_movements(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"


def _posting_call(guild_id: int, changes: dict[AccountRef, int], movements: Sequence[Movement],
                  round_id: int | None, now: float) -> tuple[str, list[Any]]:
    """PostgreSQL: one call of the posting function (pg_schema), the accounts and movements as
    arrays; a movement names its accounts by their place in the accounts' arrays (from 1)."""
    place = {ref: index for index, ref in enumerate(changes, start=1)}
    params: list[Any] = [
        guild_id, [ref.kind for ref in changes], [ref.key for ref in changes], list(changes.values()),
        [place[m.source] for m in movements], [place[m.target] for m in movements],
        [m.amount for m in movements], [m.reason for m in movements], round_id, now,
    ]
    return POSTING_CALL, params


@functools.lru_cache(maxsize=256)
def _posting_query(change_rows: int, entry_rows: int) -> str:
    """The posting INSERT for so many rows; cached, as rounds repeat the same shapes."""
    change_row = "(?, ?, ?, ?, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ?)"
    entry_row = "(?, NULL, NULL, NULL, ?, ?, ?, ?, ?, ?, ?, ?)"
    query = """
        INSERT INTO posting (guild_id, kind, account_key, change, source_kind, source_key,
                             target_kind, target_key, amount, reason, round_id, created_at)
        VALUES
    """
    return query + ", ".join([change_row] * change_rows + [entry_row] * entry_rows)


async def explain_overdraft(db: aiosqlite.Connection, overdrawn: Overdrawn) -> InsufficientFunds:
    """After a refused posting, name the first account that could not cover its net debit."""
    guild_id = overdrawn.guild_id
    debits = [(ref, -change) for ref, change in net_changes(overdrawn.movements).items()
              if change < 0 and ref.kind not in UNLIMITED_KINDS]
    for ref, needed in debits:
        balance = await balance_of(db, guild_id, ref)
        if balance < needed:
            return InsufficientFunds(ref, balance, needed)
    # Unreachable while the store's lock is held from the posting to here; a safe answer.
    ref, needed = debits[0]
    return InsufficientFunds(ref, await balance_of(db, guild_id, ref), needed)


async def balance_of(db: aiosqlite.Connection, guild_id: int, ref: AccountRef) -> int:
    query = "SELECT balance FROM accounts WHERE guild_id = ? AND kind = ? AND account_key = ?"
    rows = list(await db.execute_fetchall(query, (guild_id, ref.kind, ref.key)))
    return int(rows[0][0]) if rows else 0


async def balances_of(
    db: aiosqlite.Connection, guild_id: int, refs: Sequence[AccountRef]
) -> list[int]:
    """Several balances in one query (0 for an account never seen), in the order asked."""
    if not refs:
        return []
    pairs = ", ".join(["(?, ?)"] * len(refs))
    query = f"""
        SELECT kind, account_key, balance FROM accounts
        WHERE guild_id = ? AND (kind, account_key) IN (VALUES {pairs})
    """
    params: list[Any] = [guild_id]
    for ref in refs:
        params += (ref.kind, ref.key)
    found = {AccountRef(kind, key): int(balance)
             for kind, key, balance in await db.execute_fetchall(query, params)}
    return [found.get(ref, 0) for ref in refs]


async def claim_daily_slot(
    db: aiosqlite.Connection, guild_id: int, user_id: int, now: float, cooldown: int
) -> bool:
    """Take today's claim if the cooldown has passed: one conditional upsert, so two claims
    racing (even from two processes) cannot both succeed."""
    query = """
        INSERT INTO daily_claims (guild_id, user_id, last_claimed_at)
        VALUES (:guild_id, :user_id, :now)
        ON CONFLICT (guild_id, user_id) DO UPDATE SET last_claimed_at = excluded.last_claimed_at
        WHERE daily_claims.last_claimed_at <= :now - :cooldown
    """
    params = {"guild_id": guild_id, "user_id": user_id, "now": now, "cooldown": cooldown}
    cursor = await db.execute(query, params)
    return cursor.rowcount == 1


async def last_daily_claim(db: aiosqlite.Connection, guild_id: int, user_id: int) -> float | None:
    query = "SELECT last_claimed_at FROM daily_claims WHERE guild_id = ? AND user_id = ?"
    rows = list(await db.execute_fetchall(query, (guild_id, user_id)))
    return float(rows[0][0]) if rows else None


async def audit(db: aiosqlite.Connection, guild_id: int) -> AuditReport:
    query = """
        SELECT kind, COALESCE(SUM(balance), 0) FROM accounts WHERE guild_id = ? GROUP BY kind
    """
    rows = await db.execute_fetchall(query, (guild_id,))
    totals = {str(kind): int(total) for kind, total in rows}
    report = AuditReport(
        guild_id=guild_id,
        wallets=totals.get("wallet", 0),
        house=totals.get("house", 0),
        escrow=totals.get("escrow", 0),
        minted=-totals.get("mint", 0),
        ledger_matches_balances=await _accounts_off_ledger(db, guild_id) == 0,
        stacks=totals.get("stack", 0),
        stats_off=await stats_mismatches(db, guild_id),
    )
    if not report.ok:
        log.error("audit failed for guild %s: %s", guild_id, report)
    return report


async def _accounts_off_ledger(db: aiosqlite.Connection, guild_id: int) -> int:
    """How many accounts' stored balances differ from their ledger's credits minus debits."""
    query = """
        WITH flows (account_id, amount) AS (
            SELECT target_id, amount FROM ledger WHERE guild_id = :guild_id
            UNION ALL
            SELECT source_id, -amount FROM ledger WHERE guild_id = :guild_id
        ),
        sums AS (SELECT account_id, SUM(amount) AS total FROM flows GROUP BY account_id)
        SELECT COUNT(*) FROM accounts AS a
        LEFT JOIN sums AS s ON s.account_id = a.id
        WHERE a.guild_id = :guild_id AND a.balance <> COALESCE(s.total, 0)
    """
    rows = list(await db.execute_fetchall(query, {"guild_id": guild_id}))
    return int(rows[0][0])


async def guild_ids(db: aiosqlite.Connection) -> list[int]:
    query = "SELECT DISTINCT guild_id FROM accounts ORDER BY guild_id"
    return [int(row[0]) for row in await db.execute_fetchall(query)]


async def read_ledger(
    db: aiosqlite.Connection,
    guild_id: int,
    *,
    round_id: int | None,
    account: AccountRef | None,
    limit: int,
) -> list[LedgerRow]:
    query = """
        SELECT l.id, s.kind, s.account_key, t.kind, t.account_key,
               l.amount, l.reason, l.round_id, l.created_at
        FROM ledger AS l
        JOIN accounts AS s ON s.id = l.source_id
        JOIN accounts AS t ON t.id = l.target_id
        WHERE l.guild_id = :guild_id
          AND (CAST(:round_id AS BIGINT) IS NULL OR l.round_id = :round_id)
          AND (CAST(:kind AS TEXT) IS NULL
               OR (s.kind = :kind AND s.account_key = :key)
               OR (t.kind = :kind AND t.account_key = :key))
        ORDER BY l.id DESC
        LIMIT :limit
    """
    params = {
        "guild_id": guild_id,
        "round_id": round_id,
        "kind": account.kind if account else None,
        "key": account.key if account else None,
        "limit": limit,
    }
    rows = await db.execute_fetchall(query, params)
    return [
        LedgerRow(
            id=row[0],
            source=AccountRef(row[1], row[2]),
            target=AccountRef(row[3], row[4]),
            amount=row[5],
            reason=row[6],
            round_id=row[7],
            created_at=row[8],
        )
        for row in rows
    ]
