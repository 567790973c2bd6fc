"""Helpers for the store tests, and the writer process the crash test kills.

``python -m tests.crash_writer rounds PATH`` opens the store at PATH and settles rounds in
several guilds as fast as it can, printing ``started`` once its first round has committed, until
it is killed.
"""

from __future__ import annotations

import json
import random
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.store import (
    AccountRef,
    AuditReport,
    InsufficientFunds,
    Movement,
    RoundHeader,
    RoundMoney,
    Store,
)

CRASH_GUILDS = (101, 102, 103)
CRASH_PLAYERS = tuple(range(1, 9))


@dataclass(frozen=True)
class Books:
    """Everything a failed operation must leave unchanged."""

    audit: AuditReport
    balances: dict[AccountRef, int]
    ledger_rows: int


async def books(store: Store, guild_id: int, accounts: list[AccountRef]) -> Books:
    return Books(
        audit=await store.audit(guild_id),
        balances={ref: await store.balance(guild_id, ref) for ref in accounts},
        ledger_rows=len(await store.ledger(guild_id, limit=1_000_000)),
    )


def wallets(*user_ids: int) -> list[AccountRef]:
    return [AccountRef.wallet(user_id) for user_id in user_ids]


def settle_movements(
    escrow: AccountRef, bets: dict[int, int], payouts: dict[int, int], house_cut: int
) -> list[Movement]:
    """A whole round in one list: every bet into escrow, then escrow out to winners and house."""
    movements = [Movement(AccountRef.wallet(u), escrow, a, "bet") for u, a in bets.items() if a]
    movements += [Movement(escrow, AccountRef.wallet(u), a, "win") for u, a in payouts.items() if a]
    if house_cut:
        movements.append(Movement(escrow, AccountRef.house(), house_cut, "house"))
    return movements


async def crash_writer(path: str) -> None:
    store = await Store.open(path)
    rng = random.Random()
    for guild_id in CRASH_GUILDS:
        for user_id in CRASH_PLAYERS:
            await store.ensure_wallet(guild_id, user_id)
    started = False
    index = 0
    while True:
        index += 1
        guild_id = rng.choice(CRASH_GUILDS)
        if await settle_random_round(store, guild_id, index, rng) and not started:
            print("started", flush=True)
            started = True
        if index % 7 == 0:
            await store.grant(guild_id, rng.choice(CRASH_PLAYERS), 500, reason="top-up")


async def settle_random_round(
    store: Store, guild_id: int, index: int, rng: random.Random
) -> bool:
    """Bets, then a settlement recorded with its round: two transactions, like a real table.
    False if a player could not cover the bet (the round is skipped)."""
    players = rng.sample(CRASH_PLAYERS, 3)
    escrow = AccountRef.escrow(f"round:{guild_id}:{index}")
    bets = {user_id: rng.randint(1, 20) for user_id in players}
    try:
        await store.transfer(
            guild_id, [Movement(AccountRef.wallet(u), escrow, a, "bet") for u, a in bets.items()]
        )
    except InsufficientFunds:  # a broke player: skip the round, as a table would refuse it
        return False
    pot = sum(bets.values())
    winner = rng.choice(players)
    cut = pot // 10
    movements = [Movement(escrow, AccountRef.wallet(winner), pot - cut, "win")]
    if cut:
        movements.append(Movement(escrow, AccountRef.house(), cut, "rake"))
    results = {u: (bets[u], pot - cut if u == winner else 0) for u in players}
    await store.record_round(guild_id, RoundHeader("crash", guild_id, state={"index": index}),
                             RoundMoney(results, movements), now=float(index))
    return True



async def overwrite_round_state(location: str, round_id: int, state: dict[str, object]) -> None:
    """Save a state this code cannot read into a round, on either backend, as a bot of another
    version (or a damaged disk) might have left it."""
    store = await Store.open(location)
    try:
        async with store._transaction() as db:
            await db.execute("UPDATE rounds SET state = ? WHERE id = ?", (json.dumps(state), round_id))
    finally:
        await store.close()


async def scalar(location: str | Path, query: str) -> Any:
    """The first column of the first row ``query`` reads from the database at ``location``."""
    store = await Store.open(location)
    try:
        async with store._reading() as db:
            (row,) = await db.execute_fetchall(query)
            return row[0]
    finally:
        await store.close()


def sqlite_integrity(location: str | Path) -> str:
    """SQLite's own check of its file ("ok"); PostgreSQL keeps its files to itself."""
    with sqlite3.connect(location) as raw:
        return str(raw.execute("PRAGMA integrity_check").fetchone()[0])
