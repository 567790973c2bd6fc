"""The Store on one SQLite file: the zero-setup default for one bot process.

One writer connection under an asyncio lock, so two coroutines never interleave statements on
it, a read-only connection beside it (WAL) for the slow reads, and a third that checkpoints the
WAL every second, so the writer never waits for the disk. aiosqlite costs a thread round trip
per call, which is why the hot path runs a whole transaction in one (:func:`in_one_trip`), and
the hot-path transactions that queue up meanwhile share the next trip (:func:`in_turn`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import aiosqlite

from bot.store.backend import Body, raise_refusal, refusals_explained
from bot.store.connection import (
    checkpoint,
    connect,
    connect_checkpointer,
    connect_reader,
    database_info,
    in_turn,
    read_on_own_connection,
    read_only_uri,
)
from bot.store.models import StoreError
from bot.workers import Worker

T = TypeVar("T")
log = logging.getLogger(__name__)

BODIES_PER_TRIP = 64
"""At most this many queued transactions share one trip, so other users of the lock (a
transaction of several trips, a read) still get their turn within a few milliseconds."""

CHECKPOINT_SECONDS = 1.0
"""How often the checkpoint connection copies the WAL into the database file."""
READS_NICENESS = 10
READS_APART = Worker("store reads", niceness=READS_NICENESS)
"""The process that runs every SQLite store's slowest reads (:meth:`SqliteBackend.read_apart`),
below the bot's CPU priority: a leaderboard may take a moment longer, a press may not."""

WRITER_CHECKPOINT_PAGES = 20_000
"""The writer checkpoints by itself only past this many WAL pages (about 80 MiB, SQLite's default
is 1,000): never while the checkpoint connection keeps up, and still if it cannot (a reader that
keeps the WAL pinned), so the WAL cannot grow without bound."""


@dataclass(frozen=True)
class _Queued:
    body: Body[Any]
    outcome: asyncio.Future[Any]


class SqliteBackend:
    name = "sqlite"

    def __init__(self, db: aiosqlite.Connection, reader: aiosqlite.Connection | None = None,
                 checkpointer: aiosqlite.Connection | None = None, *, location: str | None = None) -> None:
        self._db: aiosqlite.Connection | None = db
        self._location = location
        """The file's read-only URI, for reads apart (None in memory)."""
        self._lock = asyncio.Lock()
        self._reader = reader
        """Slow reads (the audit, histories, sittings) go here, beside the writer (None in memory)."""
        self._reader_lock = asyncio.Lock()
        self._queued: list[_Queued] = []
        self._writer: asyncio.Task[None] | None = None
        self._checkpointer = checkpointer
        self._checkpoints = (asyncio.create_task(self._checkpoint_every_second(), name="sqlite-checkpoints")
                             if checkpointer is not None else None)

    @classmethod
    async def open(cls, path: str | os.PathLike[str]) -> SqliteBackend:
        """Open (creating if needed) the database at ``path``; ``":memory:"`` for tests (one
        connection: there the slow reads queue with the writes)."""
        db = await connect(path)
        if os.fspath(path) == ":memory:":
            return cls(db)
        opened = [db]
        try:
            opened.append(await connect_reader(path))
            opened.append(await connect_checkpointer(path))
            await db.execute(f"PRAGMA wal_autocheckpoint = {WRITER_CHECKPOINT_PAGES}")
        except BaseException:
            for connection in reversed(opened):
                await connection.close()
            raise
        return cls(*opened, location=read_only_uri(path))

    async def close(self) -> None:
        checkpoints, self._checkpoints = self._checkpoints, None
        if checkpoints is not None:
            checkpoints.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await checkpoints
        async with self._lock, self._reader_lock:
            db, self._db = self._db, None
            reader, self._reader = self._reader, None
            checkpointer, self._checkpointer = self._checkpointer, None
            for connection in (checkpointer, reader, db):  # the writer last: it checkpoints at close
                if connection is not None:
                    await connection.close()

    async def _checkpoint_every_second(self) -> None:
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            checkpointer = self._checkpointer
            if checkpointer is None:
                return
            try:
                await checkpoint(checkpointer)
            except Exception:  # a full disk, say: the writer's own checkpoints remain
                log.exception("Checkpointing the database failed; trying again in a second")

    async def database_info(self) -> dict[str, int | str]:
        """journal_mode, foreign_keys, busy_timeout, synchronous and user_version (schema)."""
        async with self.reading() as db:
            return await database_info(db)

    def _connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("the store is closed")
        return self._db

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            db = self._connection()
            try:
                # IMMEDIATE takes the write lock now, so a read in the body cannot be made stale
                # by another process before the body's writes.
                await db.execute("BEGIN IMMEDIATE")
                yield db
                await db.commit()
            except BaseException as error:
                await db.rollback()
                # Still under the lock, so the balances a refusal quotes are the ones it saw.
                await raise_refusal(db, error)
                raise

    async def in_one_trip(self, body: Body[T]) -> T:
        """Queue the body for the writer task, which runs whatever has queued up in one trip.

        Alone, a body costs a trip as before. Under load (a burst of table settlements) the
        bodies that queued while a trip ran go together in the next: each trip's two loop turns
        and the lock's hand-over are paid once per group instead of once per body, which was
        half of the writer's time at 200 busy tables. Each body is still its own transaction,
        in the order they queued."""
        queued = _Queued(body, asyncio.get_running_loop().create_future())
        self._queued.append(queued)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_queued(), name="sqlite-store-writer")
        # A caller cancelled before its body's trip cancels the future: the writer skips it.
        result: T = await queued.outcome
        return result

    async def _write_queued(self) -> None:
        while self._queued:
            async with self._lock:  # one group per turn of the lock: others queue in between
                group = [q for q in self._queued[:BODIES_PER_TRIP] if not q.outcome.done()]
                del self._queued[:BODIES_PER_TRIP]
                if not group:
                    continue
                try:
                    outcomes = await in_turn(self._connection(), [q.body for q in group])
                except Exception as error:  # the store is closed: this group's callers hear it
                    outcomes = [(False, error)] * len(group)
                except BaseException:  # cancelled (the loop is ending): nobody waits forever
                    closing = StoreError("the store is closing")
                    for waiting in (*group, *self._queued):
                        _settle(waiting.outcome, False, closing)
                    self._queued.clear()
                    raise
                for waiting, (ok, value) in zip(group, outcomes, strict=True):
                    _settle(waiting.outcome, ok, value)

    @asynccontextmanager
    async def one_statement(self) -> AsyncIterator[aiosqlite.Connection]:
        """The hot path: a transfer posts in one thread round trip, with no BEGIN or COMMIT
        round trips around it (see money.post)."""
        async with self._lock:
            db = self._connection()
            async with refusals_explained(db):
                yield db

    @asynccontextmanager
    async def reading(self, *, snapshot: bool = False) -> AsyncIterator[aiosqlite.Connection]:
        """Reads hold the lock too, so none runs between the statements of a write on the one
        connection (it would see them uncommitted)."""
        async with self._lock:
            db = self._connection()
            if not snapshot:
                yield db
                return
            await db.execute("BEGIN")
            try:
                yield db
            finally:
                await db.rollback()

    @asynccontextmanager
    async def reading_aside(self, *, snapshot: bool = False) -> AsyncIterator[aiosqlite.Connection]:
        """On the read connection: it sees every committed write (WAL); a store in memory has
        only the one connection."""
        if self._reader is None and self._db is not None:
            async with self.reading(snapshot=snapshot) as db:
                yield db
            return
        async with self._reader_lock:
            reader = self._reader
            if reader is None:
                raise StoreError("the store is closed")
            if not snapshot:
                yield reader
                return
            await reader.execute("BEGIN")
            try:
                yield reader
            finally:
                await reader.rollback()

    async def read_apart(self, body: Body[T]) -> T:
        """``body(db)`` in one read snapshot, in the reads' worker process on a connection of its
        own. A leaderboard's read costs ~20 ms of CPU at 10^4 members; on the read connection's
        thread it ran at the bot's priority (and took the interpreter lock for every row), so ten
        boards a second took the cores from the tables' presses. At a lower priority the system
        gives those cores to the presses first."""
        if self._location is None:  # in memory: the one connection
            async with self.reading(snapshot=True) as db:
                return await body(db)
        if self._db is None:
            raise StoreError("the store is closed")
        return await READS_APART.run(read_on_own_connection, self._location, body)


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.done():  # its caller was cancelled meanwhile; the body's effect stands, unseen
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)
