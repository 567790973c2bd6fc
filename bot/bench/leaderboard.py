"""``python -m bot bench leaderboard``: leaderboards and /stats at a million rounds.

Builds a database of ``--rounds`` settled rounds (default 10^6) over ``--players`` members
(default 10^4) in one guild, spread over the last year, by a bulk path: rounds, players and
their ledger rows written straight into the store's tables, then the stats filled by the
migration's own recount (``player_stats_recount``) and the whole checked by the store's audit
(books and stats). Then it times, on the store's read connection, the leaderboard with the
caller's rank for every period and metric, and /stats; and the press latency of the latency
benchmark's tables on that database without and with 10 /leaderboard commands a second.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.bench import latency
from bot.poker import evaluate
from bot.store import Store
from bot.store.stats_models import METRICS, PERIODS, day_key, zone_of
from tests.harness.clock import FakeClock
from tests.harness.driver import DiscordHarness

GUILD_ID = DiscordHarness.guild_id  # the guild whose tables the latency run plays
GAMES = ("uth", "twoplusfour", "imperial", "hcf", "chinese", "threecard")
YEAR = 365 * 86400
SAMPLE_HANDS = ("As Ks Qs Js Ts", "9h 9d 9s 4c 4d", "Ah Kh 8h 5h 2h", "7c 7d 2s 2h Kc", "Qs Qd 8c 5h 3d")


def build(path: Path, rounds: int, players: int, now: float, seed: int = 17) -> None:
    """Write the database: migrated by the store, filled in bulk, stats by the recount."""
    asyncio.run(_migrate(path))
    rng = random.Random(seed)
    hands = [(evaluate(cards).value, cards) for cards in SAMPLE_HANDS]
    zone = zone_of(None)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = OFF")
    db.execute("BEGIN")
    starting = 1_000_000
    balances = dict.fromkeys(range(1, players + 1), starting)
    rows_rounds: list[tuple[Any, ...]] = []
    rows_players: list[tuple[Any, ...]] = []
    rows_ledger: list[tuple[int, int, int, float]] = []
    for number in range(1, rounds + 1):
        settled_at = now - YEAR + YEAR * number / rounds
        rows_rounds.append((number, GUILD_ID, 1, GAMES[number % len(GAMES)], settled_at, settled_at,
                            day_key(settled_at, zone), number))
        for user in rng.sample(range(1, players + 1), rng.choice((1, 1, 2, 3))):
            wagered = rng.choice((10, 20, 50, 100))
            returned = rng.choice((0, 0, wagered, 2 * wagered, 3 * wagered))
            hand = hands[rng.randrange(len(hands))] if rng.random() < 0.3 else (None, None)
            rows_players.append((number, user, wagered, returned, *hand))
            if returned != wagered:
                rows_ledger.append((number, user, returned - wagered, settled_at))
                balances[user] += returned - wagered
        if number % 100_000 == 0:
            _flush(db, rows_rounds, rows_players, rows_ledger)
    _flush(db, rows_rounds, rows_players, rows_ledger)
    _accounts(db, balances, starting, now)
    db.execute("INSERT INTO player_stats SELECT * FROM player_stats_recount")
    db.execute("COMMIT")
    db.close()


async def _migrate(path: Path) -> None:
    store = await Store.open(path)
    await store.close()


def _flush(db: sqlite3.Connection, rounds: list[tuple[Any, ...]], players: list[tuple[Any, ...]],
           ledger: list[tuple[int, int, int, float]]) -> None:
    db.executemany("INSERT INTO rounds (id, guild_id, channel_id, game, status, created_at, settled_at, "
                   "day, settled_seq) VALUES (?, ?, ?, ?, 'settled', ?, ?, ?, ?)", rounds)
    db.executemany("INSERT INTO round_players (round_id, user_id, wagered, returned, hand_value, hand) "
                   "VALUES (?, ?, ?, ?, ?, ?)", players)
    # Wallet w is account id w + 2 (1: the mint, 2: the house); a win moves house -> wallet.
    db.executemany(
        "INSERT INTO ledger (guild_id, source_id, target_id, amount, reason, round_id, created_at) "
        "VALUES (?, ?, ?, ?, 'bench', ?, ?)",
        [(GUILD_ID, 2 if net > 0 else user + 2, user + 2 if net > 0 else 2, abs(net), round_id, at)
         for round_id, user, net, at in ledger])
    rounds.clear()
    players.clear()
    ledger.clear()


def _accounts(db: sqlite3.Connection, balances: dict[int, int], starting: int, now: float) -> None:
    minted = starting * len(balances)
    house = minted - sum(balances.values())
    db.execute("INSERT INTO accounts (id, guild_id, kind, account_key, balance, created_at) "
               "VALUES (1, ?, 'mint', '', ?, ?), (2, ?, 'house', '', ?, ?)",
               (GUILD_ID, -minted, now, GUILD_ID, house, now))
    db.executemany("INSERT INTO accounts (id, guild_id, kind, account_key, balance, created_at) "
                   "VALUES (?, ?, 'wallet', ?, ?, ?)",
                   [(user + 2, GUILD_ID, str(user), balance, now) for user, balance in balances.items()])
    db.executemany("INSERT INTO ledger (guild_id, source_id, target_id, amount, reason, created_at) "
                   "VALUES (?, 1, ?, ?, 'starting balance', ?)",
                   [(GUILD_ID, user + 2, starting, now) for user in balances])


async def time_reads(path: Path, players: int, now: float, samples: int) -> None:
    store = await Store.open(path)
    rng = random.Random(5)
    try:
        print(f"{'period':>8} {'metric':>9} {'p50 ms':>8} {'p99 ms':>8}  (leaderboard + own rank, one read)")
        for period in PERIODS:
            session = None
            if period == "session":
                continue  # a sitting is one table's few hundred rounds; the bulk rounds have none
            for metric in METRICS:
                times = []
                for _ in range(samples):
                    started = time.perf_counter()
                    await store.board(GUILD_ID, rng.randint(1, players), period=period, metric=metric,
                                      now=now, session_id=session)
                    times.append(time.perf_counter() - started)
                print(f"{period:>8} {metric:>9} {latency.percentile(times, 0.5):8.2f} "
                      f"{latency.percentile(times, 0.99):8.2f}")
        times = []
        for _ in range(samples):
            started = time.perf_counter()
            await store.profile(GUILD_ID, rng.randint(1, players))
            times.append(time.perf_counter() - started)
        print(f"{'/stats':>18} {latency.percentile(times, 0.5):8.2f} {latency.percentile(times, 0.99):8.2f}"
              "  (profile: per game, best hands, daily net)")
    finally:
        await store.close()


async def audit(path: Path) -> bool:
    store = await Store.open(path)
    try:
        started = time.perf_counter()
        report = await store.audit(GUILD_ID)
        print(f"audit (books and a full stats recount): {'ok' if report.ok else 'FAILED'} "
              f"in {time.perf_counter() - started:.1f} s; stats rows off: {report.stats_off}")
        return report.ok
    finally:
        await store.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench leaderboard", description=__doc__)
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=200, help="timed reads per query (default 200)")
    parser.add_argument("--tables", type=int, default=200, help="tables for the press latency (default 200)")
    parser.add_argument("--rate", type=float, default=10.0, help="/leaderboard commands a second")
    parser.add_argument("--skip-audit", action="store_true", help="skip the (slow) full recount")
    parser.add_argument("--database", type=Path, help="a database this benchmark built before (kept)")
    args = parser.parse_args(argv)
    now = FakeClock().now
    with tempfile.TemporaryDirectory(prefix="leaderboard-bench-") as folder:
        path = Path(folder) / "casino.sqlite3"
        if args.database:
            shutil.copy(args.database, path)
        else:
            started = time.perf_counter()
            build(path, args.rounds, args.players, now)
            size = path.stat().st_size / 2**20
            print(f"built {args.rounds:,} rounds over {args.players:,} players in "
                  f"{time.perf_counter() - started:.0f} s ({size:,.0f} MiB)")
        if not args.skip_audit and not asyncio.run(audit(path)):
            return 1
        asyncio.run(time_reads(path, args.players, now, args.samples))
        if args.tables:
            for rate in (0.0, args.rate):
                copy = Path(folder) / f"run-{rate}.sqlite3"
                shutil.copy(path, copy)
                figures = asyncio.run(latency.run(args.tables, latency.Settings(), database=copy,
                                                  leaderboards_per_second=rate))
                print(f"presses at {args.tables} tables with {rate:g} /leaderboard a second: "
                      f"p50 {latency.percentile(figures.latencies, 0.5):.1f} ms, "
                      f"p99 {latency.percentile(figures.latencies, 0.99):.1f} ms "
                      f"({len(figures.latencies):,} presses, {figures.late} late, "
                      f"{figures.leaderboards} leaderboards answered)")
    return 0
