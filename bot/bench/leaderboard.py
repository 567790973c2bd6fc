"""``python -m bot bench leaderboard``: leaderboards and /stats at a million rounds.

Builds a database of ``--rounds`` settled rounds (default 10^6) over ``--players`` members
(default 10^4) in one guild, spread over the last year, by the store's bulk path
(:mod:`bot.store.bulk`: rounds, players and ledger rows in bulk, the totals by the migration's
own recount), checked by the store's audit (books and totals). Then it times, as the store reads
them (apart from the tables' work), the leaderboard with the caller's rank for every period and metric, and
/stats; and the press latency of the latency benchmark's tables on that database without and
with 10 /leaderboard commands a second.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import tempfile
import time
from pathlib import Path

from bot.bench import latency
from bot.poker import evaluate
from bot.store import Store
from bot.store.bulk import BulkHistory
from bot.store.stats_models import METRICS, PERIODS, day_key, zone_of
from tests.harness.clock import FakeClock
from tests.harness.driver import DiscordHarness

GUILD_ID = DiscordHarness.guild_id  # the guild whose tables the latency run plays
GAMES = ("uth", "twoplusfour", "imperial", "hcf", "chinese", "threecard")
YEAR = 365 * 86400
SAMPLE_HANDS = ("As Ks Qs Js Ts", "9h 9d 9s 4c 4d", "Ah Kh 8h 5h 2h", "7c 7d 2s 2h Kc", "Qs Qd 8c 5h 3d")


def build(path: Path, rounds: int, players: int, now: float, seed: int = 17) -> None:
    """Write the database: migrated by the store, filled by its bulk path, totals by the recount."""
    asyncio.run(_migrate(path))
    rng = random.Random(seed)
    hands = [(evaluate(cards).value, cards) for cards in SAMPLE_HANDS]
    zone = zone_of(None)
    with BulkHistory(path, GUILD_ID, range(1, players + 1), 1_000_000, now) as bulk:
        for number in range(1, rounds + 1):
            settled_at = now - YEAR + YEAR * number / rounds
            seats = []
            for user in rng.sample(range(1, players + 1), rng.choice((1, 1, 2, 3))):
                wagered = rng.choice((10, 20, 50, 100))
                returned = rng.choice((0, 0, wagered, 2 * wagered, 3 * wagered))
                hand = hands[rng.randrange(len(hands))] if rng.random() < 0.3 else (None, None)
                seats.append((user, wagered, returned, *hand))
            bulk.add_round(number, GAMES[number % len(GAMES)], settled_at, day_key(settled_at, zone), seats)


async def _migrate(path: Path) -> None:
    store = await Store.open(path)
    await store.close()


async def time_reads(path: Path, players: int, now: float, samples: int) -> None:
    store = await Store.open(path)
    rng = random.Random(5)
    try:
        # The reads' worker process starts at the first read (once, ~0.5 s): not a query's time.
        await store.board(GUILD_ID, 1, now=now)
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


def time_presses(path: Path, tables: int, rate: float, repeat: int, settings: latency.Settings) -> None:
    """The presses' latency without and with ``rate`` leaderboards a second, ``repeat`` runs of
    each taken in turns, then the best p99 of each. A run's p99 moves by 100 ms and more on a
    shared machine, and a neighbour's burst only ever makes a run slower, never faster."""
    best: dict[float, float] = {}
    for _ in range(max(1, repeat)):
        for per_second in (0.0, rate):  # each run on its own copy of the built database
            figures = asyncio.run(latency.run(tables, settings, database=path,
                                              leaderboards_per_second=per_second))
            p99 = latency.percentile(figures.latencies, 0.99)
            best[per_second] = min(p99, best.get(per_second, p99))
            print(f"presses at {tables} tables with {per_second:g} /leaderboard a second: "
                  f"p50 {latency.percentile(figures.latencies, 0.5):.1f} ms, p99 {p99:.1f} ms "
                  f"({len(figures.latencies):,} presses, {figures.late} late, "
                  f"{figures.leaderboards} leaderboards answered)", flush=True)
    if repeat > 1:
        without, with_boards = best[0.0], best[rate]
        print(f"best p99 of {repeat} runs: {without:.1f} ms without, {with_boards:.1f} ms with "
              f"{rate:g} /leaderboard a second ({(with_boards / without - 1) * 100:+.0f}%; goal: within 10%)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench leaderboard", description=__doc__)
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=200, help="timed reads per query (default 200)")
    parser.add_argument("--tables", type=int, default=200, help="tables for the press latency (default 200)")
    parser.add_argument("--rate", type=float, default=10.0, help="/leaderboard commands a second")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of the press latency at each rate, taken in turns (default 1)")
    parser.add_argument("--press-rounds", type=int, default=latency.Settings.rounds,
                        help=f"measured rounds of each press run (default {latency.Settings.rounds})")
    parser.add_argument("--spread", type=float, default=latency.DEFAULT_SPREAD,
                        help="seconds over which a phase's presses arrive (default %(default)s)")
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
            settings = latency.Settings(rounds=args.press_rounds, spread=args.spread)
            time_presses(path, args.tables, args.rate, args.repeat, settings)
    return 0
