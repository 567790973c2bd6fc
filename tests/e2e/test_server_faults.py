"""Real servers misbehave, with the real process: a table of every game plays on (chaos players
press whatever their table shows) while the local Discord refuses the bot's permissions,
deletes a channel, rate-limits it, fails or stalls its requests, or drops and invalidates its
gateway session. After each fault: the books balance, every finished round's result is posted
exactly once in its channel and says what the store says, and the fault's own promises hold."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Awaitable, Callable

from tests.e2e import books
from tests.e2e.casino import TableClient
from tests.e2e.chaos import chaos_player, finish_every_round
from tests.e2e.world import World
from tests.harness.driver import FakeUser
from tests.harness.faults import Fault

PLAYERS_PER_TABLE = 3
Tables = dict[int, tuple[TableClient, str, list[FakeUser]]]
MISSING = "I'm missing"


async def open_every_game(world: World) -> Tables:
    await world.grant(100_000)
    players, games = world.casino.players, world.offered_games()
    tables: Tables = {}
    for index, channel in enumerate(world.channels[:len(games)]):
        seated = [players[(index + k) % len(players)] for k in range(PLAYERS_PER_TABLE)]
        tables[channel] = (await world.open_table(channel, games[index]), games[index], seated)
    return tables


async def play_through(world: World, tables: Tables, fault: Callable[[], Awaitable[None]],
                       heal: Callable[[], Awaitable[None]] | None = None, *, seconds: float,
                       seed: int) -> int:
    """Chaos players at every table; ``fault`` after a second of play, ``heal`` ``seconds``
    later (by default every injected fault ends), two more seconds of play, then every round
    driven to its end. Interactions sent."""
    rng = random.Random(seed)
    stop = asyncio.Event()
    chaos = [asyncio.create_task(chaos_player(world, table, game, seated, random.Random(rng.random()),
                                              stop)) for table, game, seated in tables.values()]
    try:
        await asyncio.sleep(1.0)
        await fault()
        await asyncio.sleep(seconds)
        if heal is None:
            world.fake.heal()
        else:
            await heal()
        await asyncio.sleep(2.0)
    finally:
        stop.set()
        sent = sum(await asyncio.gather(*chaos))
    await finish_every_round(world, {c: t for c, t in tables.items()
                                     if c not in world.fake.deleted_channels})
    return sent


def results_problems(world: World, channels: list[int], *, timeout_note: str = "") -> list[str]:
    """Each finished round at these channels is posted once, naming every player's net as the
    store has it."""
    problems = []
    for row in books.rounds(world.db):
        if row.channel_id not in channels or row.status == "open":
            continue
        posted = [message for message in world.fake.messages_in(row.channel_id)
                  for embed in message.get("embeds") or []
                  if re.match(rf"Round #{row.id} ·", embed.get("title") or "")]
        if len(posted) != 1:
            problems.append(f"round #{row.id} ({row.status}) posted {len(posted)} times{timeout_note}")
            continue
        fields = " ".join(field["name"] for field in posted[0]["embeds"][0].get("fields") or [])
        for user, (wagered, returned) in row.players.items():
            net = returned - wagered
            shown = ("+" if net > 0 else "") + f"{net:,}"
            if f": {shown}" not in fields:
                problems.append(f"round #{row.id}: <@{user}>'s {shown} is not in the posted result")
    return problems


async def all_posted(world: World, channels: list[int], timeout: float = 60.0) -> None:
    """Until every finished round at these channels is posted (retries wait out backoffs)."""
    async with asyncio.timeout(timeout):
        while results_problems(world, channels):  # noqa: ASYNC110 - the bot posts over HTTP
            await asyncio.sleep(0.25)


def answers_containing(world: World, text: str) -> int:
    return sum(text in str((callback.get("data") or {}).get("content") or "")
               for record in world.fake.interactions.values() for callback in record.callbacks)


def check(world: World, tables: Tables) -> None:
    assert world.books_problems() == []
    assert world.bot.unhandled_errors() == []
    assert world.unexpected_replies() == []
    assert results_problems(world, [c for c in tables if c not in world.fake.deleted_channels]) == []


# -- permissions -----------------------------------------------------------------------------------
async def test_a_lost_permission_pauses_tables_that_resume_by_themselves(world: World) -> None:
    tables = await open_every_game(world)
    denied = list(tables)[:3]
    before = world.fake.invalid_requests

    async def deny() -> None:
        for channel in denied:
            world.fake.deny(channel, "embed_links")

    async def allow() -> None:
        for channel in denied:
            world.fake.allow(channel)

    sent = await play_through(world, tables, deny, allow, seconds=6.0, seed=31)
    await all_posted(world, list(tables))
    check(world, tables)
    assert world.late_or_unanswered() == []
    log = world.bot.log_text()
    assert log.count("paused: This table is paused") >= 1 and "resumes" in log
    assert answers_containing(world, f"{MISSING} Embed Links") >= 1, "no player was told"
    # Backing off: a few refused requests a table, nothing like one per second per table.
    refused = world.fake.invalid_requests - before
    assert 1 <= refused <= 12 * len(denied), refused
    print(f"\npermissions: {sent} interactions, {refused} refused requests while {len(denied)} "
          f"tables could not post for 6 s")


# -- a deleted channel -------------------------------------------------------------------------------
async def test_a_deleted_channel_closes_its_table_with_every_stake_returned(world: World) -> None:
    tables = await open_every_game(world)
    gone = next(iter(tables))
    table = tables[gone][0]

    async def delete() -> None:
        await table.wait_for(lambda _, round_id: round_id > 0, timeout=20)  # a round in play
        world.fake.delete_channel(gone)

    await play_through(world, tables, delete, seconds=3.0, seed=32)
    await all_posted(world, [c for c in tables if c != gone])
    check(world, tables)
    assert books.open_tables(world.db) == len(tables) - 1
    rows = [row for row in books.rounds(world.db) if row.channel_id == gone]
    assert rows and all(row.status in ("settled", "void") for row in rows)
    assert any(row.status == "void" for row in rows), "the round in play was voided"
    assert "its channel" in world.bot.log_text() and "was deleted" in world.bot.log_text()
    later = [r for r in world.fake.requests if f"/channels/{gone}/" in r.path and r.status == 404]
    assert len(later) <= 2, "the bot kept writing to a deleted channel"


# -- rate limits -------------------------------------------------------------------------------------
async def test_rate_limits_per_route_and_global_are_waited_out(world: World) -> None:
    tables = await open_every_game(world)
    before = world.fake.invalid_requests

    async def limit() -> None:
        world.fake.inject(Fault.rate_limited(0.5, route="channels", method="PATCH", times=20,
                                             **Fault.for_seconds(6.0)))
        world.fake.inject(Fault.rate_limited(0.4, scope="global", route="channels", times=4,
                                             **Fault.for_seconds(6.0)))

    sent = await play_through(world, tables, limit, seconds=6.0, seed=33)
    await all_posted(world, list(tables))
    check(world, tables)
    assert world.late_or_unanswered() == [], "a rate limit delayed an interaction's answer"
    limited = world.fake.invalid_requests - before
    assert 1 <= limited <= 24, limited
    assert "We are being rate limited" in world.bot.log_text()
    print(f"\nrate limits: {sent} interactions, {limited} requests answered 429")


# -- outages -----------------------------------------------------------------------------------------
async def test_server_errors_and_slow_answers_on_sends_and_edits(world: World) -> None:
    tables = await open_every_game(world)

    async def outage() -> None:
        window = Fault.for_seconds(6.0)
        for status in (500, 502, 503, 504):
            world.fake.inject(Fault.server_error(status, route="channels", method="POST", times=2,
                                                 after=status in (502, 504), **window))
            world.fake.inject(Fault.server_error(status, route="channels", method="PATCH", times=3,
                                                 **window))
        world.fake.inject(Fault.slow(2.0, route="channels", **window))

    sent = await play_through(world, tables, outage, seconds=6.0, seed=34)
    await all_posted(world, list(tables))
    check(world, tables)
    assert world.late_or_unanswered() == [], "an outage of messages delayed an interaction's answer"
    failed = {status: world.fake.statuses[status] for status in (500, 502, 503, 504)}
    assert all(failed.values()), failed
    print(f"\noutage: {sent} interactions, answers {failed}, every result posted once")


# -- the gateway -------------------------------------------------------------------------------------
async def test_gateway_drops_with_and_without_resume_and_invalid_sessions(world: World) -> None:
    tables = await open_every_game(world)
    lost_windows: list[tuple[float, float]] = []

    async def misbehave() -> None:
        fake = world.fake
        for how in ("resume", "no-resume", "invalid-resumable", "invalid"):
            began = time.monotonic()
            if how in ("no-resume", "invalid"):
                fake.expect_new_session()
            if how == "resume":
                await fake.drop_connection("close")
            elif how == "no-resume":
                await fake.drop_connection("abort", resumable=False)
            else:
                await fake.invalidate_session(resumable=how == "invalid-resumable")
            if how in ("no-resume", "invalid"):
                await fake.wait_ready(timeout=30)
                lost_windows.append((began - 3.0, time.monotonic()))
            else:
                await fake.wait_connected(timeout=30)
            await asyncio.sleep(1.0)

    await play_through(world, tables, misbehave, seconds=0.0, seed=35)
    await all_posted(world, list(tables))
    check(world, tables)
    fake = world.fake
    assert len(fake.identifies) == 3, "identified at start, after the lost session and the invalid one"
    assert fake.invalid_sessions >= 3 and len(fake.resumes) >= 2
    # Every interaction that reached a live session was answered in time; only those sent into a
    # session Discord threw away may be lost, as on Discord.
    unanswered = [record.id for record in fake.interactions.values()
                  if (10062 in record.errors or not record.callbacks)
                  and not any(start <= fake.sent_at.get(record.id, 0) <= end
                              for start, end in lost_windows)]
    assert unanswered == []
