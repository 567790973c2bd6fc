"""Opening the store: directory creation, pragmas, numbered migrations in one transaction."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import AccountRef, Movement, Store, StoreError, migrations
from bot.store.migrations import MIGRATIONS, split_statements
from tests.harness.postgres import Databases

SHIPPED = len(MIGRATIONS)


def raw_user_version(path: Path) -> int:
    with sqlite3.connect(path) as raw:
        return int(raw.execute("PRAGMA user_version").fetchone()[0])


def raw_tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as raw:
        rows = raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in rows}


async def test_fresh_database_gets_the_latest_schema_in_a_new_directory(tmp_path: Path) -> None:
    path = tmp_path / "not" / "yet" / "casino.sqlite3"
    store = await Store.open(path)
    try:
        info = await store.database_info()
    finally:
        await store.close()
    assert path.exists()
    assert info["user_version"] == migrations.latest_version() >= 1
    assert info["journal_mode"] == "wal"
    assert info["foreign_keys"] == 1
    assert info["busy_timeout"] == 5000
    assert info["synchronous"] == 1  # NORMAL
    assert {"accounts", "ledger", "rounds", "round_players", "guild_settings"} <= raw_tables(path)


async def test_reopening_keeps_data_and_applies_nothing_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "casino.sqlite3"
    store = await Store.open(path)
    await store.grant(1, 7, 500)
    await store.close()
    # A second migration that would fail if run twice (the table exists) and counts its runs.
    second = "CREATE TABLE migration_runs (n INTEGER);\nINSERT INTO migration_runs VALUES (1);\n"
    monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, second))
    for _ in range(3):
        store = await Store.open(path)
        assert await store.balance(1, AccountRef.wallet(7)) == 1500
        await store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT COUNT(*) FROM migration_runs").fetchone()[0] == 1
    assert raw_user_version(path) == SHIPPED + 1


async def test_a_failing_migration_leaves_the_previous_schema_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "casino.sqlite3"
    await (await Store.open(path)).close()
    broken = "CREATE TABLE half_done (x INTEGER);\nTHIS IS NOT SQL;\n"
    monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, broken))
    with pytest.raises(sqlite3.OperationalError):
        await Store.open(path)
    assert raw_user_version(path) == SHIPPED
    assert "half_done" not in raw_tables(path)


async def test_every_migration_applies_in_one_transaction_on_a_fresh_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "casino.sqlite3"
    monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, "NOT SQL;"))
    with pytest.raises(sqlite3.OperationalError):
        await Store.open(path)
    # The shipped migrations were fine, but they share the failed transaction: nothing remains.
    assert raw_user_version(path) == 0
    assert "accounts" not in raw_tables(path)


async def test_a_database_from_newer_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "casino.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA user_version = 99")
    with pytest.raises(StoreError, match="newer"):
        await Store.open(path)


async def test_foreign_keys_are_enforced() -> None:
    store = await Store.open(":memory:")
    try:
        await store.grant(1, 7, 100)
        bet = Movement(AccountRef.wallet(7), AccountRef.escrow("round:1"), 10, "bet")
        with pytest.raises(StoreError):
            await store.transfer(1, [bet], round_id=424242)  # no such round
        assert await store.balance(1, AccountRef.wallet(7)) == 1100
        assert (await store.audit(1)).ok
    finally:
        await store.close()


async def test_a_closed_store_refuses_work_and_closing_twice_is_harmless() -> None:
    store = await Store.open(":memory:")
    await store.close()
    await store.close()
    with pytest.raises(StoreError, match="closed"):
        await store.ensure_wallet(1, 7)


def test_split_statements_keeps_comments_and_trigger_bodies_whole() -> None:
    script = """
        -- a comment; with a semicolon
        CREATE TABLE t (x INTEGER);
        CREATE TRIGGER t_insert AFTER INSERT ON t BEGIN
            UPDATE t SET x = x + 1;
        END;
    """
    statements = split_statements(script)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    assert all(split_statements(script) for script in MIGRATIONS)  # the shipped ones split


async def test_a_sqlite_url_names_the_file_as_sqlalchemy_writes_it(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for location, file in [("sqlite:///relative.sqlite3", tmp_path / "relative.sqlite3"),
                           (f"sqlite:///{tmp_path}/absolute.sqlite3", tmp_path / "absolute.sqlite3")]:
        store = await Store.open(location)
        try:
            assert store.backend == "sqlite"
            await store.grant(1, 2, 3)
        finally:
            await store.close()
        assert raw_user_version(file) == SHIPPED


async def test_postgresql_starts_at_the_same_schema_version(databases: Databases) -> None:
    url = await databases.new("postgresql")
    store = await Store.open(url)
    try:
        info = await store.database_info()
        assert store.backend == "postgresql" and info["user_version"] == SHIPPED
    finally:
        await store.close()
        await databases.discard(url)
