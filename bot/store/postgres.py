"""The Store on PostgreSQL (asyncpg): one database shared by several bot processes.

Chosen by ``CASINO_DB=postgresql://user:password@host/database``. A pool of connections replaces
SQLite's one writer under a lock: transactions of different tables run side by side, and every
write that must hold against a racing one is a guarded statement (a debit's ``UPDATE ... WHERE
balance >= ?``, a daily claim's conditional upsert, unique round actions), so two processes (or
two coroutines) never both win. The SQL modules run unchanged on :class:`PgConnection`, which
speaks the part of aiosqlite's interface they use.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

import asyncpg

from bot.store import migrations, pg_schema
from bot.store.backend import Body, raise_refusal, refusals_explained
from bot.store.dialect import POSTGRESQL
from bot.store.models import StoreError

log = logging.getLogger(__name__)
T = TypeVar("T")

POOL_SIZE = 10
# A commit returns once it is in the server's memory and on disk within a fraction of a second
# (wal_writer_delay), like SQLite's synchronous=NORMAL here: a crash of the database server (or
# its machine) can lose the last commits, which roll back whole; nothing is ever half done. It
# is what lets one process settle thousands of rounds a second, since every settlement of a
# server updates its house account. ``?synchronous_commit=on`` in CASINO_DB keeps every commit.
SESSION_SETTINGS = {"synchronous_commit": "off"}
# Deadlocks cannot happen between two postings (they lock accounts in one order), but a round's
# stats rows and a posting of another round may still cross; PostgreSQL then aborts one, which
# is run again from the start.
RETRIED_ERRORS = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)
ATTEMPTS = 5


def is_postgres_url(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


# A string literal (skipped whole), PostgreSQL's :: cast, a :name parameter, or a ? parameter.
_TOKEN = re.compile(r"'(?:[^']|'')*'|::|:([A-Za-z_]\w*)|\?")
_INDEXED_BY = re.compile(r"\s+INDEXED BY \w+")


@lru_cache(maxsize=1024)
def translate(sql: str) -> tuple[str, tuple[str, ...]]:
    """The statement with ``?`` and ``:name`` parameters numbered ``$1, $2...`` as PostgreSQL
    wants them, and the names in their numbers' order (empty for ``?`` parameters). SQLite's
    ``INDEXED BY`` hint goes: PostgreSQL's planner picks indexes from statistics."""
    names: list[str] = []
    positional = 0

    def number(match: re.Match[str]) -> str:
        nonlocal positional
        token = match.group(0)
        if token == "?":
            positional += 1
            return f"${positional}"
        name = match.group(1)
        if name is None:  # a literal or a cast
            return token
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    numbered = _TOKEN.sub(number, _INDEXED_BY.sub("", sql))
    if positional and names:
        raise ValueError("a statement mixes ? and :name parameters")
    return numbered, tuple(names)


def _arguments(names: tuple[str, ...], parameters: Iterable[Any] | Mapping[str, Any]) -> list[Any]:
    if isinstance(parameters, Mapping):
        return [parameters[name] for name in names]
    return list(parameters)


@dataclass(frozen=True)
class Cursor:
    """What a statement did, as much of sqlite3's cursor as the SQL modules read."""

    rowcount: int


def _rowcount(status: str) -> int:
    """The rows a command changed, from PostgreSQL's status line ("UPDATE 1", "INSERT 0 2")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PgConnection:
    """An asyncpg connection speaking aiosqlite's ``execute``, ``execute_fetchall`` and
    ``executemany`` to the store's SQL modules."""

    dialect = POSTGRESQL

    def __init__(self, connection: asyncpg.Connection) -> None:
        self.raw = connection

    async def execute(self, sql: str, parameters: Iterable[Any] | Mapping[str, Any] = ()) -> Cursor:
        """Run a statement for its effect; its rows are read with :meth:`execute_fetchall`."""
        statement, names = translate(sql)
        return Cursor(rowcount=_rowcount(await self.raw.execute(statement, *_arguments(names, parameters))))

    async def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] | Mapping[str, Any] = ()
    ) -> list[Any]:
        statement, names = translate(sql)
        return list(await self.raw.fetch(statement, *_arguments(names, parameters)))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        statement, _ = translate(sql)
        await self.raw.executemany(statement, [list(row) for row in rows])


def _numeric(text: str) -> int | Decimal:
    """PostgreSQL's SUM of BIGINTs is NUMERIC; chips are whole, so they come back as ints."""
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else value


async def _prepare_connection(connection: asyncpg.Connection) -> None:
    await connection.set_type_codec("numeric", encoder=str, decoder=_numeric, schema="pg_catalog",
                                    format="text")


async def _nothing_to_reset(connection: asyncpg.Connection) -> None:
    """The pool's reset between two users of a connection, a round trip every time by default
    (RESET ALL, UNLISTEN, CLOSE ALL): the store leaves no session state behind (no SET, LISTEN,
    open cursor or session lock; a transaction is always closed), so there is nothing to undo."""


class PostgresBackend:
    name = POSTGRESQL

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool: asyncpg.Pool | None = pool

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresBackend:
        """Connect to the server at ``url`` and bring its schema up to date."""
        settings = {name: value for name, value in SESSION_SETTINGS.items()
                    if name not in parse_qs(urlsplit(url).query)}
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, init=_prepare_connection,
                                         reset=_nothing_to_reset, server_settings=settings)
        try:
            async with pool.acquire() as connection:
                await migrate(connection)
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()  # waits for the connections in use to be released

    def _live_pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError("the store is closed")
        return self._pool

    async def database_info(self) -> dict[str, int | str]:
        async with self.reading() as db:
            version = await schema_version(db.raw)
            server = await db.raw.fetchval("SHOW server_version")
            isolation = await db.raw.fetchval("SHOW default_transaction_isolation")
        return {"user_version": version, "server_version": str(server), "isolation": str(isolation)}

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgConnection]:
        async with self._live_pool().acquire() as connection:
            db = PgConnection(connection)
            transaction = connection.transaction()
            await transaction.start()
            try:
                yield db
            except BaseException as error:
                await transaction.rollback()
                await raise_refusal(db, error)
                raise
            await transaction.commit()

    async def in_one_trip(self, body: Body[T]) -> T:
        """The body in one transaction; a deadlock or serialization failure runs it again (a
        body only runs statements, so running it again is safe)."""
        for attempt in range(1, ATTEMPTS + 1):
            try:
                async with self.transaction() as db:
                    return await body(db)
            except RETRIED_ERRORS:
                if attempt == ATTEMPTS:
                    raise
                log.warning("transaction aborted by the server (attempt %s), running it again", attempt)
        raise AssertionError("unreachable")

    @asynccontextmanager
    async def one_statement(self) -> AsyncIterator[PgConnection]:
        async with self._live_pool().acquire() as connection:
            db = PgConnection(connection)
            async with refusals_explained(db):
                yield db

    @asynccontextmanager
    async def reading(self, *, snapshot: bool = False) -> AsyncIterator[PgConnection]:
        async with self._live_pool().acquire() as connection:
            if not snapshot:
                yield PgConnection(connection)
                return
            async with connection.transaction(isolation="repeatable_read", readonly=True):
                yield PgConnection(connection)

    def reading_aside(self, *, snapshot: bool = False) -> Any:
        """The pool's connections already read beside the writes (MVCC: readers never wait
        for writers), so a slow read only takes one connection of the pool for its time."""
        return self.reading(snapshot=snapshot)

    async def read_apart(self, body: Body[T]) -> T:
        """The server runs the read in a process of its own already."""
        async with self.reading(snapshot=True) as db:
            return await body(db)


async def schema_version(connection: asyncpg.Connection) -> int:
    await connection.execute(pg_schema.SCHEMA_VERSION_TABLE)
    version = await connection.fetchval("SELECT version FROM schema_version")
    return int(version) if version is not None else 0


# Every process migrates at start; this lock lets one of them do it while the others wait.
MIGRATION_LOCK = 0x63617369  # "casi"


async def migrate(connection: asyncpg.Connection) -> None:
    """Apply every pending migration and the new version in one transaction."""
    latest = migrations.latest_version()
    if len(pg_schema.MIGRATIONS) != latest:
        raise StoreError("the PostgreSQL migrations do not match SQLite's (a migration is missing)")
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        current = await schema_version(connection)
        if current > latest:
            raise StoreError(
                f"the database schema is version {current}, newer than this code "
                f"(version {latest}); upgrade the bot"
            )
        if current == latest:
            return
        # A new database starts at the baseline (the whole schema of its version), then takes
        # every migration after it.
        first = current if current else pg_schema.BASELINE_VERSION - 1
        for script in pg_schema.MIGRATIONS[first:]:
            if script is None:
                raise StoreError(f"no PostgreSQL migration from version {current}")
            await connection.execute(script)
        await connection.execute(
            "INSERT INTO schema_version (one, version) VALUES (TRUE, $1) "
            "ON CONFLICT (one) DO UPDATE SET version = excluded.version", latest)
    log.info("database schema migrated from version %s to %s", current, latest)
