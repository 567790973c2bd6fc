"""Accounts, chip movements, daily claims and the audit: the SQL behind the Store's money.

Every function takes the connection and runs inside the caller's transaction, so several of
them can be joined into one all-or-nothing step.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence
from typing import Any

import aiosqlite

from bot.store.connection import pipeline_outcomes, raise_first_error
from bot.store.models import (
    AccountRef,
    AuditReport,
    InsufficientFunds,
    LedgerRow,
    Movement,
    net_changes,
)

log = logging.getLogger(__name__)

STARTING_BALANCE_REASON = "starting balance"
DAILY_REASON = "daily claim"


class Overdrawn(Exception):
    """Internal: a guarded debit touched fewer rows than asked; the transaction must roll back.

    It carries the debits so that, after the rollback, the caller can name the short account.
    """

    def __init__(self, guild_id: int, debits: Sequence[tuple[AccountRef, int]]) -> None:
        super().__init__("a guarded debit failed")
        self.guild_id = guild_id
        self.debits = debits


async def create_wallet(db: aiosqlite.Connection, guild_id: int, user_id: int, now: float) -> bool:
    """Create the member's wallet if it does not exist; True if this call created it."""
    query = """
        INSERT INTO accounts (guild_id, kind, account_key, balance, created_at)
        VALUES (?, 'wallet', ?, 0, ?)
        ON CONFLICT (guild_id, kind, account_key) DO NOTHING
    """
    cursor = await db.execute(query, (guild_id, str(user_id), now))
    return cursor.rowcount == 1


async def apply_movements(
    db: aiosqlite.Connection,
    guild_id: int,
    movements: Sequence[Movement],
    *,
    round_id: int | None,
    now: float,
) -> None:
    """Apply already-validated movements: guarded debits, credits and ledger rows.

    The three statements are pipelined (one thread round trip in all). Raises Overdrawn when
    any account other than the mint would end below zero; the caller's transaction must then
    roll back, which also undoes the credits and ledger rows queued behind the debits.
    """
    changes = net_changes(movements)
    debits = [(ref, -change) for ref, change in changes.items()
              if change < 0 and ref.kind != "mint"]
    debited = {ref for ref, _ in debits}
    others = [(ref, change) for ref, change in changes.items() if ref not in debited]
    statements: list[Awaitable[Any]] = []
    if debits:
        statements.append(_debit(db, guild_id, debits))
    statements.append(_adjust(db, guild_id, others, now))
    statements.append(_write_ledger(db, guild_id, movements, round_id, now))
    outcomes = await pipeline_outcomes(*statements)
    # A short debit comes first: it also explains a later failure, such as ledger rows naming
    # an account that a failed debit did not find.
    debit = outcomes[0]
    if debits and not isinstance(debit, BaseException) and debit.rowcount != len(debits):
        raise Overdrawn(guild_id, debits)
    raise_first_error(outcomes)


def _debit(
    db: aiosqlite.Connection, guild_id: int, debits: Sequence[tuple[AccountRef, int]]
) -> Awaitable[aiosqlite.Cursor]:
    # One guarded UPDATE per account, never read-then-write: the WHERE clause is the check, and
    # the rowcount summed over the rows says whether every debit found its chips.
    query = """
        UPDATE accounts SET balance = balance - ?
        WHERE guild_id = ? AND kind = ? AND account_key = ? AND balance >= ?
    """
    rows = [(amount, guild_id, ref.kind, ref.key, amount) for ref, amount in debits]
    return db.executemany(query, rows)


def _adjust(
    db: aiosqlite.Connection, guild_id: int, changes: Sequence[tuple[AccountRef, int]], now: float
) -> Awaitable[aiosqlite.Cursor]:
    # Credits may create their account (a new escrow, the house's first rake); the mint's
    # change is negative and it alone is allowed below zero (the table CHECK enforces that).
    # Zero changes still run so that pass-through accounts exist for the ledger rows.
    query = """
        INSERT INTO accounts (guild_id, kind, account_key, balance, created_at)
        VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (guild_id, kind, account_key) DO UPDATE SET balance = balance + excluded.balance
    """
    rows = [(guild_id, ref.kind, ref.key, change, now) for ref, change in changes]
    return db.executemany(query, rows)


def _write_ledger(
    db: aiosqlite.Connection,
    guild_id: int,
    movements: Sequence[Movement],
    round_id: int | None,
    now: float,
) -> Awaitable[aiosqlite.Cursor]:
    query = """
        INSERT INTO ledger (guild_id, source_id, target_id, amount, reason, round_id, created_at)
        VALUES (
            ?,
            (SELECT id FROM accounts WHERE guild_id = ? AND kind = ? AND account_key = ?),
            (SELECT id FROM accounts WHERE guild_id = ? AND kind = ? AND account_key = ?),
            ?, ?, ?, ?
        )
    """
    rows = [
        (
            guild_id,
            guild_id, m.source.kind, m.source.key,
            guild_id, m.target.kind, m.target.key,
            m.amount, m.reason, round_id, now,
        )
        for m in movements
    ]
    return db.executemany(query, rows)


async def explain_overdraft(db: aiosqlite.Connection, overdrawn: Overdrawn) -> InsufficientFunds:
    """After the rollback, find the first account that is short and describe it."""
    for ref, needed in overdrawn.debits:
        balance = await balance_of(db, overdrawn.guild_id, ref)
        if balance < needed:
            return InsufficientFunds(ref, balance, needed)
    # Unreachable while the store holds its lock across the rollback; kept as a safe answer.
    ref, needed = overdrawn.debits[0]
    return InsufficientFunds(ref, await balance_of(db, overdrawn.guild_id, ref), needed)


async def balance_of(db: aiosqlite.Connection, guild_id: int, ref: AccountRef) -> int:
    query = "SELECT balance FROM accounts WHERE guild_id = ? AND kind = ? AND account_key = ?"
    rows = list(await db.execute_fetchall(query, (guild_id, ref.kind, ref.key)))
    return int(rows[0][0]) if rows else 0


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
          AND (:round_id IS NULL OR l.round_id = :round_id)
          AND (:kind IS NULL
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
