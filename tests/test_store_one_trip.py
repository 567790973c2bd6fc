"""One-trip transactions on SQLite: the hot paths' transactions run whole on the database
thread, several that queued up together share one trip, and each still commits all or nothing
on its own."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.store import AccountRef, InsufficientFunds, Movement, Store, money
from bot.store import connection as connection_module
from bot.store.connection import connect, in_turn
from bot.store.models import StoreError
from bot.store.sqlite_backend import BODIES_PER_TRIP, SqliteBackend


@pytest.fixture
async def db(tmp_path: Path) -> Any:
    connection = await connect(tmp_path / "trip.sqlite3")
    await connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT UNIQUE)")
    yield connection
    await connection.close()


async def texts(db: aiosqlite.Connection) -> list[str]:
    return [row[0] for row in await db.execute_fetchall("SELECT text FROM notes ORDER BY id")]


def note(text: str) -> Any:
    async def body(connection: Any) -> str:
        await connection.execute("INSERT INTO notes (text) VALUES (?)", (text,))
        return text
    return body


async def test_a_body_commits_as_a_whole_and_returns_its_value(db: aiosqlite.Connection) -> None:
    async def body(connection: Any) -> int:
        await connection.execute("INSERT INTO notes (text) VALUES (?)", ("a",))
        await connection.executemany("INSERT INTO notes (text) VALUES (?)", [("b",), ("c",)])
        cursor = await connection.execute("UPDATE notes SET text = text || '!' WHERE text != ?", ("a",))
        rows = await connection.execute_fetchall("SELECT COUNT(*) FROM notes")
        return int(cursor.rowcount) * 10 + int(rows[0][0])

    assert await in_turn(db, [body]) == [(True, 23)]
    assert await texts(db) == ["a", "b!", "c!"]
    assert not db.in_transaction


async def test_a_failing_statement_rolls_back_its_own_body_only(db: aiosqlite.Connection) -> None:
    async def twice(connection: Any) -> None:
        await connection.execute("INSERT INTO notes (text) VALUES (?)", ("kept?",))
        await connection.execute("INSERT INTO notes (text) VALUES (?)", ("kept?",))  # UNIQUE

    (first, (ok, error), last) = await in_turn(db, [note("before"), twice, note("after")])
    assert first == (True, "before") and last == (True, "after")
    assert not ok and isinstance(error, StoreError) and "UNIQUE" in str(error)
    assert await texts(db) == ["before", "after"]
    assert not db.in_transaction


async def test_an_error_raised_by_the_body_itself_rolls_back(db: aiosqlite.Connection) -> None:
    async def body(connection: Any) -> None:
        await connection.execute("INSERT INTO notes (text) VALUES (?)", ("x",))
        raise LookupError("the body changed its mind")

    [(ok, error)] = await in_turn(db, [body])
    assert not ok and isinstance(error, LookupError)
    assert await texts(db) == []


async def test_a_body_that_awaits_anything_else_is_refused_and_rolled_back(
    db: aiosqlite.Connection,
) -> None:
    async def body(connection: Any) -> None:
        await connection.execute("INSERT INTO notes (text) VALUES (?)", ("x",))
        await asyncio.sleep(0)  # would suspend: not allowed on the database thread

    [(ok, error)] = await in_turn(db, [body])
    assert not ok and isinstance(error, RuntimeError) and "awaited something other" in str(error)
    assert await texts(db) == []
    assert not db.in_transaction


# -- the backend's queue -----------------------------------------------------------------------


@pytest.fixture
async def backend(tmp_path: Path) -> Any:
    opened = await SqliteBackend.open(tmp_path / "queue.sqlite3")
    async with opened.transaction() as db:
        await db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT UNIQUE)")
    yield opened
    await opened.close()


def count_trips(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of bodies of each trip to the database thread, in order."""
    trips: list[int] = []
    real = connection_module.in_turn

    async def counted(db: Any, bodies: Any) -> Any:
        trips.append(len(bodies))
        return await real(db, bodies)

    monkeypatch.setattr("bot.store.sqlite_backend.in_turn", counted)
    return trips


async def backend_texts(backend: SqliteBackend) -> list[str]:
    async with backend.reading() as db:
        return await texts(db)


async def test_bodies_queued_together_share_trips_in_their_order(
    backend: SqliteBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    trips = count_trips(monkeypatch)
    names = [f"n{index:03}" for index in range(BODIES_PER_TRIP + 36)]
    results = await asyncio.gather(*(backend.in_one_trip(note(name)) for name in names))
    assert results == names
    assert await backend_texts(backend) == names
    # All queued before the writer's first turn: full trips, then the rest.
    assert trips == [BODIES_PER_TRIP, len(names) - BODIES_PER_TRIP]


async def test_a_refused_body_raises_for_its_caller_alone(backend: SqliteBackend) -> None:
    results = await asyncio.gather(backend.in_one_trip(note("one")), backend.in_one_trip(note("one")),
                                   backend.in_one_trip(note("two")), return_exceptions=True)
    assert results[0] == "one" and results[2] == "two"
    assert isinstance(results[1], StoreError) and "UNIQUE" in str(results[1])
    assert await backend_texts(backend) == ["one", "two"]


async def test_a_caller_cancelled_before_its_trip_never_runs_its_body(backend: SqliteBackend) -> None:
    first = asyncio.create_task(backend.in_one_trip(note("first")))
    cancelled = asyncio.create_task(backend.in_one_trip(note("cancelled")))
    last = asyncio.create_task(backend.in_one_trip(note("last")))
    await asyncio.sleep(0)  # all three queued; the writer has not taken them yet
    cancelled.cancel()
    assert await first == "first" and await last == "last"
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    assert await backend_texts(backend) == ["first", "last"]


async def test_bodies_queued_when_the_store_closes_are_told_so(backend: SqliteBackend) -> None:
    running = asyncio.create_task(backend.in_one_trip(note("in time")))
    await asyncio.sleep(0)
    closing = asyncio.create_task(backend.close())
    await asyncio.sleep(0)  # close() waits for the lock behind the trip in flight
    late = asyncio.create_task(backend.in_one_trip(note("too late")))
    assert await running == "in time"
    await closing
    with pytest.raises(StoreError, match="closed"):
        await late


async def test_a_short_debit_in_a_group_names_the_balance_its_body_saw(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "casino.sqlite3")
    wallet, pot = AccountRef.wallet(7), AccountRef.escrow("pot")
    try:
        balance = await store.grant(1, 7, 100)  # on top of a new wallet's starting chips

        def bet(amount: int) -> Any:
            async def body(db: Any) -> None:  # what a round step's bet does in its trip
                await money.post(db, 1, [Movement(wallet, pot, amount, "bet")], round_id=None, now=0.0)
            return body

        first, second = balance - 30, 60
        results = await asyncio.gather(*(store._in_one_trip(bet(amount)) for amount in (first, second, 20)),
                                       return_exceptions=True)
        assert results[0] is None and results[2] is None
        refusal = results[1]
        assert isinstance(refusal, InsufficientFunds)
        assert (refusal.account, refusal.balance, refusal.needed) == (wallet, 30, 60)
        assert await store.balance(1, wallet) == 10
    finally:
        await store.close()
