"""Two bot processes, each with one of two shards, over one PostgreSQL database: Discord routes
each guild to its shard's process, both play rounds at once, one is SIGKILLed mid-round and
restarted (its round resumes; the other process never notices), and the books balance."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bot.store import Store
from tests.e2e.casino import UNEXPECTED, Casino, TableClient, new_guild
from tests.e2e.games import SCRIPTS
from tests.e2e.local_discord import LocalDiscord
from tests.e2e.process import BotProcess
from tests.harness.driver import FakeUser
from tests.harness.postgres import PostgresServer

SHARD_COUNT = 2
GAMES = ("uth", "imperial", "twoplusfour")
PLAYERS = 3


async def open_table(casino: Casino, channel_id: int, game: str) -> TableClient:
    answer = await casino.slash(casino.admin, channel_id, "table open", game=game,
                                **SCRIPTS[game].open_options)
    assert answer.ok and "table open" in answer.text, answer.text
    table = casino.table(channel_id)
    await table.wait_for(lambda controls, _: bool(controls), timeout=10)
    return table


async def grant(casino: Casino, amount: int) -> None:
    for player in casino.players:
        answer = await casino.slash(casino.admin, casino.guild.channel_ids[0], "chips grant",
                                    member=player, amount=amount)
        assert answer.ok and "granted" in answer.text, answer.text


async def round_status(url: str, guild_id: int, round_id: int) -> str:
    store = await Store.open(url)
    try:
        info = await store.get_round(guild_id, round_id)
    finally:
        await store.close()
    assert info is not None
    return info.status


async def finish_round(url: str, casino: Casino, table: TableClient, round_id: int,
                       players: list[FakeUser], *, timeout: float = 60.0) -> str:
    """Press the round's finishing buttons for every player until it is settled or void."""
    async with asyncio.timeout(timeout):
        while (status := await round_status(url, casino.guild.id, round_id)) == "open":
            message = table.message()
            controls = table.controls(message)
            for label in SCRIPTS["uth"].finishing_labels:
                if label in controls and message is not None:
                    for player in players:
                        await casino.fake.deliver(casino.component_payload(player, message, controls[label]))
            await asyncio.sleep(0.3)
    return status


async def test_two_processes_share_one_postgresql_each_with_its_shards_guilds(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    url = await postgres.new_database("casino_shards")
    fake = LocalDiscord()
    await fake.start()
    casinos = [Casino(fake, new_guild(fake, len(GAMES) + 1, PLAYERS, name=f"shard{shard}",
                                      shard=(shard, SHARD_COUNT)))
               for shard in range(SHARD_COUNT)]
    processes = [BotProcess(fake, tmp_path / f"process-{shard}", database=url,
                            shards=(shard, SHARD_COUNT), probe=False)
                 for shard in range(SHARD_COUNT)]
    try:
        for process in processes:
            process.workdir.mkdir()
            await process.start()
        # Each shard identified once, with its own guild only.
        assert sorted(session.shard for session in fake.sessions) == [(0, 2), (1, 2)]

        tables: list[dict[str, TableClient]] = []
        for casino in casinos:
            await grant(casino, 100_000)
            tables.append({game: await open_table(casino, channel, game)
                           for game, channel in zip(GAMES, casino.guild.channel_ids, strict=False)})

        # Rounds of several games in both guilds at once, each served by its own process.
        rng = random.Random(18)
        played = await asyncio.gather(*(
            SCRIPTS[game].play_round(table, casino.players, random.Random(rng.random()))
            for casino, by_game in zip(casinos, tables, strict=True) for game, table in by_game.items()))
        assert len(played) == len(GAMES) * SHARD_COUNT

        # Process 0 dies mid-round (antes in escrow); process 1 plays on meanwhile.
        first, second = casinos
        uth = tables[0]["uth"]
        betting = await uth.wait_for(lambda controls, _: "Ante 10" in controls, timeout=10)
        for player in first.players:
            answer = await uth.press(player, "Ante 10", betting)
            assert answer.ok and UNEXPECTED not in answer.text, answer.text
        shown = await uth.wait_for(lambda _, shown_round: shown_round > 0, timeout=10)
        interrupted = uth.round_id(shown)
        await processes[0].kill()
        assert await round_status(url, first.guild.id, interrupted) == "open"
        meanwhile = await SCRIPTS["imperial"].play_round(tables[1]["imperial"], second.players,
                                                         random.Random(7))
        assert await round_status(url, second.guild.id, meanwhile.round_id) == "settled"

        await processes[0].start()
        assert await finish_round(url, first, uth, interrupted, first.players) == "settled"
        after = await SCRIPTS["twoplusfour"].play_round(tables[1]["twoplusfour"], second.players,
                                                        random.Random(8))
        assert await round_status(url, second.guild.id, after.round_id) == "settled"

        # The second process never noticed: one gateway session, one start, all along.
        assert [session.shard for session in fake.sessions].count((1, 2)) == 1
        assert processes[1].starts == 1 and processes[1].running
        assert [session.shard for session in fake.sessions].count((0, 2)) == 2

        store = await Store.open(url)
        try:
            reports = await store.audit_all()
        finally:
            await store.close()
        assert sorted(report.guild_id for report in reports) == sorted(c.guild.id for c in casinos)
        assert all(report.ok and report.escrow == 0 for report in reports), reports
        for process in processes:
            assert process.unhandled_errors() == []
        assert [f"serving shards [{shard}] of 2" in process.log_text()
                for shard, process in enumerate(processes)] == [True, True]
    finally:
        for process in processes:
            if process.running:
                await process.stop()
        await fake.stop()
        await postgres.drop_database(url)
