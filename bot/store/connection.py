"""Opening the SQLite file: pragmas and migrations."""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Coroutine, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiosqlite

from bot.store import migrations
from bot.store.backend import Body, T, raise_refusal
from bot.store.models import StoreError

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000
BUSY_TIMEOUT = f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}"

# WAL lets readers (an admin's sqlite3 shell, a backup) work while the bot writes; with WAL,
# synchronous=NORMAL still never corrupts the file and only an OS crash or power cut can lose
# the last commits, which roll back whole.
PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    BUSY_TIMEOUT,
    "PRAGMA foreign_keys = ON",
    "PRAGMA synchronous = NORMAL",
)


async def connect(path: str | os.PathLike[str]) -> aiosqlite.Connection:
    """Open the database, creating its directory if needed, and bring its schema up to date."""
    location = os.fspath(path)
    if location != ":memory:":
        Path(location).parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: no implicit transactions. The store begins and commits its own,
    # and a single statement outside one (a transfer's posting) commits by itself.
    db = await aiosqlite.connect(location, isolation_level=None)
    try:
        for pragma in PRAGMAS:
            await db.execute(pragma)
        await migrate(db)
    except BaseException:
        await db.close()
        raise
    return db


async def connect_checkpointer(path: str | os.PathLike[str]) -> aiosqlite.Connection:
    """A connection (and so a thread) of its own for checkpoints: copying the WAL's pages into
    the database file, the one write that waits for the disk (two fsyncs) under
    synchronous=NORMAL. Run by the writer, as SQLite does by default on the commit that fills
    the WAL to 1,000 pages, it held up every write queued behind that commit."""
    return await _connect_beside(os.fspath(path))


async def checkpoint(db: aiosqlite.Connection) -> tuple[int, int]:
    """Copy what the WAL holds into the database file without waiting for (or holding up) a
    reader or the writer (PASSIVE): returns (frames in the WAL, frames copied). Once every
    frame is copied and no reader needs the WAL, the next write starts it over."""
    rows = list(await db.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)"))
    _, frames, copied = rows[0]
    return int(frames), int(copied)


def read_only_uri(path: str | os.PathLike[str]) -> str:
    """The URI that opens the file at ``path`` for reading only."""
    return "file:" + quote(os.path.abspath(os.fspath(path))) + "?mode=ro"


QUERY_ONLY = "PRAGMA query_only = ON"


async def connect_reader(path: str | os.PathLike[str]) -> aiosqlite.Connection:
    """A second, read-only connection to the (already migrated) file at ``path``. In WAL mode its
    reads see every committed write and never wait for, or hold up, the writer."""
    return await _connect_beside(read_only_uri(path), QUERY_ONLY, uri=True)


def read_on_own_connection(uri: str, body: Body[T]) -> T:
    """``body(db)`` in one read transaction on a connection of its own to ``uri`` (from
    :func:`read_only_uri`), opened and closed here: the store's slow reads, run in a worker
    process (see ``SqliteBackend.read_apart``). Opening costs well under a millisecond next to
    the read, and nothing is left open in the worker when its store closes. Like the bodies of
    :func:`in_turn`, ``body`` awaits nothing but the connection it is given."""
    connection = sqlite3.connect(uri, uri=True, isolation_level=None)
    try:
        for pragma in (BUSY_TIMEOUT, QUERY_ONLY):
            connection.execute(pragma)
        connection.execute("BEGIN")  # one snapshot: the rows and the counts agree
        return _run_to_completion(body(ThreadSideConnection(connection)))
    finally:
        connection.close()


async def _connect_beside(location: str, *pragmas: str, uri: bool = False) -> aiosqlite.Connection:
    """Another connection to the writer's (already migrated) database, closed again if setting
    it up fails."""
    db = await aiosqlite.connect(location, uri=uri, isolation_level=None)
    try:
        for pragma in (BUSY_TIMEOUT, *pragmas):
            await db.execute(pragma)
    except BaseException:
        await db.close()
        raise
    return db


async def schema_version(db: aiosqlite.Connection) -> int:
    rows = list(await db.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def database_info(db: aiosqlite.Connection) -> dict[str, int | str]:
    """The connection's settings as SQLite reports them, for tests and an admin's look."""
    info: dict[str, int | str] = {}
    for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous", "user_version"):
        rows = list(await db.execute_fetchall(f"PRAGMA {name}"))
        info[name] = rows[0][0]
    return info


async def migrate(db: aiosqlite.Connection) -> None:
    """Apply every pending migration and the new user_version in one transaction."""
    # A migration may rebuild a table that others reference (SQLite's documented way to change
    # a constraint); that needs foreign keys off, which only takes effect outside a transaction.
    # They are checked as a whole before the commit instead, and switched back on after.
    await db.execute("PRAGMA foreign_keys = OFF")
    try:
        current, latest = await _apply_pending(db)
    finally:
        await db.execute("PRAGMA legacy_alter_table = OFF")
        await db.execute("PRAGMA foreign_keys = ON")
    if current < latest:
        log.info("database schema migrated from version %s to %s", current, latest)


async def _apply_pending(db: aiosqlite.Connection) -> tuple[int, int]:
    # IMMEDIATE takes the write lock before reading the version, so two processes opening the
    # same new file cannot both apply migration 1.
    await db.execute("BEGIN IMMEDIATE")
    try:
        current = await schema_version(db)
        latest = migrations.latest_version()
        if current > latest:
            raise StoreError(
                f"the database schema is version {current}, newer than this code "
                f"(version {latest}); upgrade the bot"
            )
        for statement in migrations.pending_statements(current):
            await db.execute(statement)
        if current < latest:
            broken = list(await db.execute_fetchall("PRAGMA foreign_key_check"))
            if broken:
                raise StoreError(f"a migration broke {len(broken)} foreign key(s): {broken[:3]}")
            await db.execute(f"PRAGMA user_version = {latest}")
        await db.commit()
    except BaseException:
        await db.rollback()
        raise
    return current, latest


class ThreadSideConnection:
    """aiosqlite's statement methods, answered at once on the database thread itself.

    The store's SQL functions are written against aiosqlite (``await db.execute(...)``). Given
    this object instead, every await they make completes without suspending, so a whole
    transaction of them runs as one plain call on the connection's thread (see
    :func:`in_one_trip`). Only the methods those functions use are here.
    """

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, parameters: Iterable[Any] | Mapping[str, Any] = ()) -> sqlite3.Cursor:
        return self._connection.execute(sql, _bound(parameters))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> sqlite3.Cursor:
        return self._connection.executemany(sql, rows)

    async def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] | Mapping[str, Any] = ()
    ) -> list[Any]:
        return self._connection.execute(sql, _bound(parameters)).fetchall()


def _bound(parameters: Iterable[Any] | Mapping[str, Any]) -> Sequence[Any] | Mapping[str, Any]:
    """Named parameters as they are; positional ones as a tuple (sqlite3 takes no iterator)."""
    return parameters if isinstance(parameters, Mapping) else tuple(parameters)


Outcome = tuple[bool, Any]
"""What one body of :func:`in_turn` came to: (True, its value) or (False, the error to raise)."""


async def in_turn(db: aiosqlite.Connection, bodies: Sequence[Body[Any]]) -> list[Outcome]:
    """Run each body as a transaction of its own, one after another, all in one trip to the
    database thread (the hot-path transactions that queued up together, see
    ``SqliteBackend.in_one_trip``).

    Each await on aiosqlite is a round trip through the event loop, and under load every trip
    waits behind all the other ready tasks while the caller holds the store's lock: a round step
    of BEGIN, three statements and COMMIT held it for five loop turns, so every table's step
    queued behind them. Here the thread runs BEGIN IMMEDIATE, a body and COMMIT back to back
    (ROLLBACK when anything raises), then the next body, and the loop waits once. A body must
    await nothing but the connection it is given.

    A body that fails is rolled back alone and the others go on; its error is already the one
    a caller should see (:func:`~bot.store.backend.raise_refusal`, with the balances as that
    body saw them). The loop turns a trip costs, on the way there and back, are paid once for
    the whole group: under load they were half of the writer's time.
    """
    def run(connection: sqlite3.Connection) -> list[Outcome]:
        return [_outcome(connection, body) for body in bodies]

    # aiosqlite's own queue for a callable (what its execute() uses); there is no public one.
    outcomes: list[Outcome] = await db._execute(run, db._conn)  # type: ignore[no-untyped-call]  # noqa: SLF001
    return outcomes


def _outcome(connection: sqlite3.Connection, body: Body[Any]) -> Outcome:
    try:
        return True, _one_transaction(connection, body)
    except Exception as error:  # noqa: BLE001 - handed to the body's caller, raised there
        return False, _refusal_of(connection, error)


def _one_transaction(connection: sqlite3.Connection, body: Body[T]) -> T:
    connection.execute("BEGIN IMMEDIATE")
    try:
        result = _run_to_completion(body(ThreadSideConnection(connection)))
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return result


def _refusal_of(connection: sqlite3.Connection, error: Exception) -> Exception:
    """The error a caller should see for ``error`` (rolled back already), on the thread."""
    try:
        _run_to_completion(raise_refusal(ThreadSideConnection(connection), error))
    except Exception as explained:  # noqa: BLE001 - raise_refusal's way of answering
        return explained
    return error


def _run_to_completion(coroutine: Coroutine[Any, Any, T]) -> T:
    try:
        coroutine.send(None)
    except StopIteration as finished:
        result: T = finished.value
        return result
    coroutine.close()
    raise RuntimeError("a one-trip store body awaited something other than its connection")
