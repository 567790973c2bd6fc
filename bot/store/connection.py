"""Opening the SQLite file: pragmas and migrations."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import migrations
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


async def pipeline(*statements: Awaitable[Any]) -> list[Any]:
    """Wait once for several statements queued together on the connection's thread.

    aiosqlite runs calls one at a time, in the order they were queued, on its own thread, and
    each await is a thread round trip. gather() starts the calls in argument order, so they all
    queue before the first result comes back. Use it only inside a transaction: if one
    statement fails the later ones still run, and the rollback (queued after them) undoes all.
    """
    outcomes = await asyncio.gather(*statements, return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
    return outcomes
