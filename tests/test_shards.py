"""Sharding: which guilds a process serves (SHARD_COUNT, SHARD_IDS), and that a process's
store recovers, ends and recaps only those guilds' tables when several share one database."""

from __future__ import annotations

import pytest

from bot.client import CasinoBot, ShardedCasinoBot, make_bot
from bot.config import Config, ConfigError, load_config
from bot.shards import EVERY_GUILD, Shards
from bot.store import ActionRow, RoundHeader, Stake, Store
from tests.stats_helpers import Seat, record

NOW = 1_800_000_000.0


def guild_on(shard: int, count: int, base: int = 820_000_000_000_000_001) -> int:
    """A guild id that Discord puts on ``shard`` of ``count``."""
    guild_id = base
    while (guild_id >> 22) % count != shard:
        guild_id += 1 << 22
    return guild_id


def config(**values: str) -> Config:
    return load_config({"DISCORD_TOKEN": "t", **values}, dotenv_path="/nonexistent")


def test_shards_come_from_the_environment() -> None:
    assert config().shards is None  # one unsharded connection, as before
    assert config(SHARD_COUNT="4").shards == Shards(4, (0, 1, 2, 3))
    assert config(SHARD_COUNT="4", SHARD_IDS="1,3").shards == Shards(4, (1, 3))
    assert config(SHARD_COUNT="8", SHARD_IDS="2-4, 7").shards == Shards(8, (2, 3, 4, 7))


@pytest.mark.parametrize(("values", "says"), [
    ({"SHARD_IDS": "0"}, "needs SHARD_COUNT"),
    ({"SHARD_COUNT": "0"}, "at least 1"),
    ({"SHARD_COUNT": "two"}, "whole number"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "between 0 and 1"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0,0"}, "twice"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "first"}, "numbers and ranges"),
])
def test_a_wrong_shard_setting_is_refused_with_what_to_do(values: dict[str, str], says: str) -> None:
    with pytest.raises(ConfigError, match=says):
        config(**values)


def test_a_guild_belongs_to_the_shard_discord_sends_it_to() -> None:
    shards = Shards(4, (1, 2))
    for guild_id in (guild_on(shard, 4) for shard in range(4)):
        assert shards.owns(guild_id) == (((guild_id >> 22) % 4) in (1, 2))
    assert all(EVERY_GUILD.owns(guild_on(shard, 4)) for shard in range(4))
    assert EVERY_GUILD.sql_condition("guild_id") == ("TRUE", [])


def test_a_practice_table_s_economy_is_served_by_its_guild_s_shard() -> None:
    """The runtime recovers, ends and recaps a practice table's rounds (kept under the guild's
    id negated) in the process that serves the guild: in Python and in SQL alike."""
    import sqlite3

    from bot.economies import practice_economy
    shards = Shards(4, (1, 2))
    condition, params = shards.sql_condition("guild_id")
    with sqlite3.connect(":memory:") as db:
        for guild_id in (guild_on(shard, 4) for shard in range(4)):
            practice = practice_economy(guild_id)
            assert shards.owns(practice) == shards.owns(guild_id)
            query = f"SELECT {condition} FROM (SELECT ? AS guild_id)"
            (owned,) = db.execute(query, [*params, practice]).fetchone()  # in the order written
            assert bool(owned) == shards.owns(guild_id)


def test_the_sharded_client_runs_only_this_process_s_shards() -> None:
    assert type(make_bot(config())) is CasinoBot
    bot = make_bot(config(SHARD_COUNT="4", SHARD_IDS="2,3"))
    assert isinstance(bot, ShardedCasinoBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])


async def busy_guild(store: Store, guild_id: int, channel: int) -> tuple[int, int]:
    """A table with a settled round in a sitting and a round still in play."""
    table = await store.create_table(guild_id, channel, "uth", {}, now=NOW)
    await record(store, guild_id, "uth", NOW, {7: Seat(10, 20)}, table_id=table.id)
    in_play = await store.open_table_round(
        guild_id, table.id, RoundHeader("uth", channel), deadline=None, now=NOW,
        action=ActionRow(1, 7, "ante", None, "Ante 10", NOW), stakes=[Stake(7, 10, "ante")])
    return table.id, in_play


async def test_each_process_recovers_and_recaps_only_its_own_guilds(store_location: str) -> None:
    first_guild, second_guild = guild_on(0, 2), guild_on(1, 2)
    everyone = await Store.open(store_location)
    try:
        first = await busy_guild(everyone, first_guild, 1)
        second = await busy_guild(everyone, second_guild, 2)
    finally:
        await everyone.close()
    stores = [await Store.open(store_location, shards=Shards(2, (shard,))) for shard in (0, 1)]
    try:
        for store, (table_id, in_play) in zip(stores, (first, second), strict=True):
            assert [row.id for row in await store.open_tables()] == [table_id]
            assert [row.id for row in await store.open_table_rounds()] == [in_play]
        # An hour later both sittings are idle: each process ends and recaps only its own.
        ended = [await store.end_sessions(now=NOW + 3600) for store in stores]
        assert [len(sittings) for sittings in ended] == [1, 1] and ended[0] != ended[1]
        for store, (sittings, guild_id) in zip(stores, zip(ended, (first_guild, second_guild),
                                                           strict=True), strict=True):
            sitting = await store.session(sittings[0])
            assert sitting is not None and sitting.guild_id == guild_id
    finally:
        for store in stores:
            await store.close()
