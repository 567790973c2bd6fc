"""``python -m bot db copy``: a whole database from SQLite into PostgreSQL and back, verified by
the audit and by equal rows on both sides; the copy goes on working where the original left off."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot import dbtool
from bot.events import EventSpec
from bot.store import AccountRef, ActionRow, RoundHeader, Stake, Store, StoreError
from bot.store.copy import TABLES, copy_database
from bot.store.stats_models import ReviewedDecision
from tests.harness.postgres import Databases, PostgresServer
from tests.stats_helpers import Seat, record

GUILD, OTHER_GUILD = 42, 43
ANN, BEN = 101, 102
NOW = 1_800_000_000.0
IN_PLAY, VOIDED = 5, 6  # after three rounds here and one at the other server
REVIEWED = 3  # the last of the three


async def busy_database(store: Store) -> None:
    """A server's life in small: its welcome, settings, gifts, a daily claim, settled rounds at a table in a
    sitting (names, hands), a table played from stacks, a round still in play and a void one."""
    await store.update_guild_settings(GUILD, language="de", timezone="Europe/Berlin",
                                      standings_channel_id=3, standings_since=NOW)
    assert await store.first_welcome(GUILD, now=NOW)
    assert await store.claim_standings(GUILD, "w2026-11-23", 3, now=NOW)
    await store.standings_posted(GUILD, "w2026-11-23", 77)
    await store.give(GUILD, ANN, BEN, 100)
    await store.claim_daily(GUILD, ANN, now=NOW)
    table = await store.create_table(GUILD, 1, "uth", {"min_bet": 10}, now=NOW)
    await store.seat_player(table.id, ANN, "Ann", now=NOW)
    for step in range(3):
        settled = await record(store, GUILD, "uth", NOW + 60 * step, {ANN: Seat(10, 30 * (step % 2), 7000),
                                                                     BEN: Seat(20, 20)},
                               table_id=table.id, names={ANN: "Ann 🎲", BEN: "בן"})
    assert settled == REVIEWED
    await store.add_reviews(GUILD, settled, [ReviewedDecision(ANN, "uth", "check", "raise 2x", -0.25, 0.1, 10,
                                                              "exact", False, 3.5)])
    await record(store, OTHER_GUILD, "hcf", NOW, {ANN: Seat(5, 0)})
    pot = await store.create_table(GUILD, 2, "hcf", {}, now=NOW)
    await store.seat_player(pot.id, BEN, "Ben", now=NOW)
    await store.buy_in(GUILD, pot.id, BEN, 200, now=NOW)
    header = RoundHeader("uth", 1, "commitment", "seed", {"phase": "betting"})
    in_play = await store.open_table_round(
        GUILD, table.id, header, deadline=NOW + 30, now=NOW,
        action=ActionRow(1, ANN, "ante", 9001, "Ante 10", NOW), stakes=[Stake(ANN, 10, "ante")])
    await store.save_round_step(GUILD, in_play, state={"phase": "preflop"}, deadline=NOW + 60,
                                actions=[ActionRow(2, ANN, "trips", 9002, "Trips 5", NOW)],
                                stakes=[Stake(ANN, 5, "trips")], now=NOW)
    voided = await store.open_table_round(
        GUILD, pot.id, RoundHeader("hcf", 2, "c", "s", {}), deadline=None, now=NOW,
        action=ActionRow(1, BEN, "ante", 9003, "Ante 20", NOW), stakes=[Stake(BEN, 20, "ante")],
        stack_table=pot.id)
    await store.void_round(GUILD, voided, reason="test", now=NOW, post=(pot.id, {"voided": True}))
    assert (in_play, voided) == (IN_PLAY, VOIDED)
    spec = EventSpec("Game night", 3, ("uth",), NOW, NOW + 3600, 500, fee=10)
    night = await store.create_event(GUILD, spec, now=NOW)
    for member in (ANN, BEN):
        await store.join_event(GUILD, night.id, member, now=NOW)
    assert await store.end_event(GUILD, night.id, now=NOW + 3600) is not None


async def what_players_see(location: str) -> tuple[object, ...]:
    store = await Store.open(location)
    try:
        return (await store.guild_settings(GUILD),
                await store.balance(GUILD, AccountRef.wallet(ANN)),
                await store.table_stacks(GUILD, 2),
                await store.history(GUILD, ANN, limit=10),
                await store.profile(GUILD, ANN),
                await store.board(GUILD, BEN, period="week", metric="best_win", now=NOW),
                await store.get_round(GUILD, VOIDED),
                [row.id for row in await store.open_table_rounds()],
                await store.round_actions(IN_PLAY),
                await store.ledger(GUILD, limit=1000),
                await store.round_review(REVIEWED, ANN),
                await store.coach_stats(GUILD, ANN, "2020-01-01"),
                await store.standings_post(GUILD, "w2026-11-23"),
                await store.guild_events(GUILD),
                await store.event_result(GUILD, 1))
    finally:
        await store.close()


async def test_a_database_moves_to_postgresql_and_back_with_every_row(
    databases: Databases, postgres: PostgresServer
) -> None:
    sqlite_path = await databases.new("sqlite")
    original = await Store.open(sqlite_path)
    await busy_database(original)
    await original.close()
    seen = await what_players_see(sqlite_path)
    voided, in_play, actions = seen[6], seen[7], seen[8]
    assert voided is not None and voided.status == "void" and in_play == [IN_PLAY] and len(actions) == 2

    url = await postgres.new_database()
    report = await copy_database(sqlite_path, url)
    assert report.ok, report
    assert {table for table, rows in report.rows.items() if rows == 0} == set()  # every table used
    assert {audit.guild_id for audit in report.audits} == {GUILD, OTHER_GUILD}
    assert await what_players_see(url) == seen

    back = await databases.new("sqlite")
    returned = await copy_database(url, back)
    assert returned.ok and returned.rows == report.rows
    assert await what_players_see(back) == seen

    # The copy goes on where the original stopped: new ids follow the copied ones.
    copied = await Store.open(url)
    try:
        next_round = await record(copied, GUILD, "uth", NOW + 600, {BEN: Seat(10, 0)})
        assert next_round == report.rows["rounds"] + 1
        table = await copied.create_table(GUILD, 3, "uth", {}, now=NOW)
        assert table.id == report.rows["tables"] + 1
        assert all(audit.ok for audit in await copied.audit_all())
    finally:
        await copied.close()


async def test_a_copy_into_a_database_that_holds_rows_is_refused_and_changes_nothing(
    databases: Databases
) -> None:
    source, target = await databases.new("sqlite"), await databases.new("postgresql")
    for location in (source, target):
        store = await Store.open(location)
        await store.grant(GUILD, ANN, 5)
        await store.close()
    with pytest.raises(StoreError, match="not empty"):
        await copy_database(source, target)
    store = await Store.open(target)
    try:
        assert await store.balance(GUILD, AccountRef.wallet(ANN)) == 1005
        assert len(await store.ledger(GUILD)) == 2
    finally:
        await store.close()


async def test_the_copy_names_every_column_of_every_table(databases: Databases) -> None:
    """A migration that adds a table or a column must add it to the copy too."""
    sqlite_path, url = await databases.new("sqlite"), await databases.new("postgresql")
    for location in (sqlite_path, url):
        await (await Store.open(location)).close()
    with sqlite3.connect(sqlite_path) as raw:
        names = [row[0] for row in raw.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence'")]
        in_sqlite = {name: {row[1] for row in raw.execute(f"PRAGMA table_info({name})")} for name in names}
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch("SELECT table_name, column_name FROM information_schema.columns "
                                      "WHERE table_schema = 'public' AND table_name IN "
                                      "(SELECT table_name FROM information_schema.tables "
                                      "WHERE table_schema = 'public' AND table_type = 'BASE TABLE' "
                                      "AND table_name <> 'schema_version')")
    finally:
        await connection.close()
    in_postgres: dict[str, set[str]] = {}
    for row in rows:
        in_postgres.setdefault(row["table_name"], set()).add(row["column_name"])
    copied = {table: set(columns) for table, (columns, _) in TABLES.items()}
    assert copied == in_sqlite == in_postgres


def test_the_command_prints_the_verified_copy(tmp_path: Path, postgres: PostgresServer,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    source = str(tmp_path / "casino.sqlite3")

    async def prepare() -> str:
        store = await Store.open(source)
        await store.grant(GUILD, ANN, 50)
        await store.close()
        return await postgres.new_database()

    url = asyncio.run(prepare())
    assert dbtool.main(["copy", source, url]) == 0
    printed = capsys.readouterr().out
    assert "accounts: 2 rows" in printed and f"guild {GUILD}: audit ok" in printed
    assert "copy verified" in printed
    assert dbtool.main(["copy", source, url]) == 2  # a second copy into it is refused
    assert "not empty" in capsys.readouterr().err
