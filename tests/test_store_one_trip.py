"""One-trip transactions: the hot paths' whole transaction runs in one call on the database
thread, and still commits all or nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.store.connection import connect, in_one_trip


@pytest.fixture
async def db(tmp_path: Path) -> Any:
    connection = await connect(tmp_path / "trip.sqlite3")
    await connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT UNIQUE)")
    yield connection
    await connection.close()


async def texts(db: aiosqlite.Connection) -> list[str]:
    return [row[0] for row in await db.execute_fetchall("SELECT text FROM notes ORDER BY id")]


async def test_a_body_commits_as_a_whole_and_returns_its_value(db: aiosqlite.Connection) -> None:
    async def body(connection: Any) -> int:
        await connection.execute("INSERT INTO notes (text) VALUES (?)", ("a",))
        await connection.executemany("INSERT INTO notes (text) VALUES (?)", [("b",), ("c",)])
        cursor = await connection.execute("UPDATE notes SET text = text || '!' WHERE text != ?", ("a",))
        rows = await connection.execute_fetchall("SELECT COUNT(*) FROM notes")
        return int(cursor.rowcount) * 10 + int(rows[0][0])

    assert await in_one_trip(db, body) == 23
    assert await texts(db) == ["a", "b!", "c!"]
    assert not db.in_transaction


async def test_a_failing_statement_rolls_back_everything_before_it(db: aiosqlite.Connection) -> None:
    async def body(connection: Any) -> None:
        await connection.execute("INSERT INTO notes (text) VALUES (?)", ("kept?",))
        await connection.execute("INSERT INTO notes (text) VALUES (?)", ("kept?",))  # UNIQUE

    with pytest.raises(Exception, match="UNIQUE"):
        await in_one_trip(db, body)
    assert await texts(db) == []
    assert not db.in_transaction


async def test_an_error_raised_by_the_body_itself_rolls_back(db: aiosqlite.Connection) -> None:
    async def body(connection: Any) -> None:
        await connection.execute("INSERT INTO notes (text) VALUES (?)", ("x",))
        raise LookupError("the body changed its mind")

    with pytest.raises(LookupError):
        await in_one_trip(db, body)
    assert await texts(db) == []


async def test_a_body_that_awaits_anything_else_is_refused_and_rolled_back(
    db: aiosqlite.Connection,
) -> None:
    async def body(connection: Any) -> None:
        await connection.execute("INSERT INTO notes (text) VALUES (?)", ("x",))
        await asyncio.sleep(0)  # would suspend: not allowed on the database thread

    with pytest.raises(RuntimeError, match="awaited something other"):
        await in_one_trip(db, body)
    assert await texts(db) == []
    assert not db.in_transaction
