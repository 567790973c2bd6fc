"""Read the bot's SQLite file from the test, independently of the bot's own code.

The queries restate the invariants of ``../shared/DESIGN.md`` rather than calling the store:
per guild, wallets + table stacks + house + escrow == minted (the mint's balance is minus
everything minted); every account's balance equals its ledger credits minus debits; a finished
round has nothing left in its escrow, a settled round paid each player exactly ``returned -
wagered`` (into the wallet, or into the table stack at a game played from stacks) and a void
round returned every stake. WAL mode lets this run while the bot is running or killed.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@contextmanager
def reading(db_path: Path) -> Iterator[sqlite3.Connection]:
    db = sqlite3.connect(db_path, timeout=30)
    try:
        db.execute("BEGIN")  # one snapshot for every query below
        yield db
    finally:
        db.rollback()
        db.close()


def audit_problems(db_path: Path) -> list[str]:
    """Empty when the books balance in every guild."""
    problems = []
    with reading(db_path) as db:
        totals: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for guild_id, kind, total in db.execute(
                "SELECT guild_id, kind, SUM(balance) FROM accounts GROUP BY guild_id, kind"):
            totals[guild_id][kind] = total
        for guild_id, kinds in totals.items():
            held = kinds["wallet"] + kinds["stack"] + kinds["house"] + kinds["escrow"]
            if held != -kinds["mint"]:
                problems.append(f"guild {guild_id}: wallets+stacks+house+escrow {held} != minted "
                                f"{-kinds['mint']}")
        off = db.execute("""
            SELECT a.id, a.kind, a.account_key, a.balance,
                   COALESCE((SELECT SUM(amount) FROM ledger WHERE target_id = a.id), 0)
                 - COALESCE((SELECT SUM(amount) FROM ledger WHERE source_id = a.id), 0)
            FROM accounts a
        """).fetchall()
        problems += [f"account {kind}:{key} holds {balance} but its ledger says {ledger}"
                     for _, kind, key, balance, ledger in off if balance != ledger]
        negative = db.execute("SELECT kind, account_key, balance FROM accounts "
                              "WHERE balance < 0 AND kind NOT IN ('mint', 'house')").fetchall()
        problems += [f"account {kind}:{key} is negative: {balance}" for kind, key, balance in negative]
    return problems


@dataclass
class RoundRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    status: str
    created_at: float
    settled_at: float | None
    saved: dict[str, Any]
    players: dict[int, tuple[int, int]]  # user -> (wagered, returned), once settled
    escrow: int  # chips still in the round's escrow account
    wallet_nets: dict[int, int]  # user -> ledger net of this round for the wallet and table stacks


def rounds(db_path: Path) -> list[RoundRow]:
    with reading(db_path) as db:
        rows = db.execute("SELECT id, guild_id, channel_id, game, status, created_at, settled_at, state "
                          "FROM rounds ORDER BY id").fetchall()
        players: dict[int, dict[int, tuple[int, int]]] = defaultdict(dict)
        for round_id, user_id, wagered, returned in db.execute(
                "SELECT round_id, user_id, wagered, returned FROM round_players"):
            players[round_id][user_id] = (wagered, returned)
        escrows = {key: balance for key, balance in db.execute(
            "SELECT account_key, balance FROM accounts WHERE kind = 'escrow'")}
        nets: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for round_id, user, amount in db.execute("""
                SELECT l.round_id, w.account_key,
                       CASE WHEN l.target_id = w.id THEN l.amount ELSE -l.amount END
                FROM ledger l JOIN accounts w ON w.id IN (l.source_id, l.target_id)
                                              AND w.kind IN ('wallet', 'stack')
                WHERE l.round_id IS NOT NULL"""):
            nets[round_id][int(user.split(":")[-1])] += amount  # a stack's key is "table:user"
    return [RoundRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], json.loads(r[7]) if r[7] else {},
                     players.get(r[0], {}), escrows.get(f"round:{r[0]}", 0),
                     {user: net for user, net in nets.get(r[0], {}).items()})
            for r in rows]


def finished_round_problems(db_path: Path) -> list[str]:
    """Every settled round paid exactly its result; every void round returned every stake."""
    problems = []
    for row in rounds(db_path):
        if row.status == "open":
            continue
        if row.escrow:
            problems.append(f"round #{row.id} ({row.status}) left {row.escrow} chips in escrow")
        if row.status == "void":
            unreturned = {user: net for user, net in row.wallet_nets.items() if net}
            if unreturned:
                problems.append(f"void round #{row.id} did not return every stake: {unreturned}")
        else:
            expected = {user: returned - wagered for user, (wagered, returned) in row.players.items()}
            actual = {user: row.wallet_nets.get(user, 0) for user in set(expected) | set(row.wallet_nets)}
            if {u: n for u, n in actual.items() if n} != {u: n for u, n in expected.items() if n}:
                problems.append(f"settled round #{row.id}: wallets moved {actual}, result says {expected}")
    return problems


def actions(db_path: Path) -> list[tuple[int, int, int | None, int | None, str]]:
    """(round, seq, user, interaction id, label) of every saved action."""
    with reading(db_path) as db:
        return db.execute("SELECT round_id, seq, user_id, interaction_id, label FROM round_actions "
                          "ORDER BY round_id, seq").fetchall()


def wallet(db_path: Path, guild_id: int, user_id: int) -> int | None:
    with reading(db_path) as db:
        row = db.execute("SELECT balance FROM accounts WHERE guild_id = ? AND kind = 'wallet' "
                         "AND account_key = ?", (guild_id, str(user_id))).fetchone()
    return None if row is None else int(row[0])


def stacks(db_path: Path, guild_id: int, user_id: int) -> int:
    """Chips the user has in table stacks (games played from stacks), all tables together."""
    with reading(db_path) as db:
        row = db.execute("SELECT COALESCE(SUM(balance), 0) FROM accounts WHERE guild_id = ? AND "
                         "kind = 'stack' AND account_key LIKE ?", (guild_id, f"%:{user_id}")).fetchone()
    return int(row[0])


def open_tables(db_path: Path) -> int:
    with reading(db_path) as db:
        return int(db.execute("SELECT COUNT(*) FROM tables WHERE status = 'open'").fetchone()[0])
