"""Opening the SQLite file: pragmas and migrations."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.migrations import LATEST_VERSION, pending_statements
from bot.store.models import StoreError

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000

# WAL lets readers (an admin's sqlite3 shell, a backup) work while the bot writes; with WAL,
# synchronous=NORMAL still never corrupts the file and only an OS crash or power cut can lose
# the last commits, which roll back whole.
PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
    "PRAGMA foreign_keys = ON",
    "PRAGMA synchronous = NORMAL",
)


async def connect(path: str | os.PathLike[str]) -> aiosqlite.Connection:
    """Open the database, creating its directory if needed, and bring its schema up to date."""
    location = os.fspath(path)
    if location != ":memory:" and not location.startswith("file:"):
        Path(location).parent.mkdir(parents=True, exist_ok=True)
    # The sqlite3 module opens a transaction (BEGIN IMMEDIATE, so it takes the write lock at
    # once) just before the first INSERT/UPDATE/DELETE while none is open, inside the same
    # thread call as that statement. That lets the store pipeline a transaction's statements
    # without a separate round trip for BEGIN, and safely: if that BEGIN fails, its statement
    # fails with it, and whatever runs after is inside a transaction the store rolls back.
    db = await aiosqlite.connect(location, isolation_level="IMMEDIATE")
    try:
        for pragma in PRAGMAS:
            await db.execute(pragma)
        await migrate(db)
    except BaseException:
        await db.close()
        raise
    return db


async def schema_version(db: aiosqlite.Connection) -> int:
    rows = list(await db.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def migrate(db: aiosqlite.Connection) -> None:
    """Apply every pending migration and the new user_version in one transaction."""
    # IMMEDIATE takes the write lock before reading the version, so two processes opening the
    # same new file cannot both apply migration 1.
    await db.execute("BEGIN IMMEDIATE")
    try:
        current = await schema_version(db)
        if current > LATEST_VERSION:
            raise StoreError(
                f"the database schema is version {current}, newer than this code "
                f"(version {LATEST_VERSION}); upgrade the bot"
            )
        for statement in pending_statements(current):
            await db.execute(statement)
        if current < LATEST_VERSION:
            await db.execute(f"PRAGMA user_version = {LATEST_VERSION}")
        await db.commit()
    except BaseException:
        await db.rollback()
        raise
    if current < LATEST_VERSION:
        log.info("database schema migrated from version %s to %s", current, LATEST_VERSION)


async def pipeline(*statements: Awaitable[Any]) -> list[Any]:
    """Wait once for several statements queued together on the connection's thread.

    aiosqlite runs calls one at a time, in the order they were queued, on its own thread, and
    each await is a thread round trip. gather() starts the calls in argument order, so they all
    queue before the first result comes back: one round trip's wait instead of one each.
    Use it only inside the store's transaction: if one statement fails the later ones still
    run, and the store's rollback (queued after them) undoes them all.
    """
    results = await asyncio.gather(*statements, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results
