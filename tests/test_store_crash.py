"""Crash safety: a writer killed with SIGKILL mid-run leaves books that still balance.

The writer (tests/store_helpers.py) settles rounds in several guilds as fast as it can; each
round is a multi-movement bet transaction and a settlement recorded with its round. Whatever
instant the kill lands on, reopening must find every guild's audit intact.
"""

from __future__ import annotations

import pytest

from bot.store import Store
from tests.crash_writer import run_writer_until_killed
from tests.store_helpers import CRASH_GUILDS, scalar, sqlite_integrity


@pytest.mark.slow
async def test_books_balance_after_the_writer_is_killed_at_any_moment(store_location: str) -> None:
    path = store_location
    rows_before = 0
    # The same database each time, so later runs also start from what a killed process left
    # (SQLite: its WAL; PostgreSQL: a connection that vanished mid-transaction).
    for delay in (0.0, 0.01, 0.03, 0.07, 0.15, 0.3):
        await run_writer_until_killed("rounds", path, delay)
        store = await Store.open(path)
        try:
            reports = await store.audit_all()
        finally:
            await store.close()
        assert [report.guild_id for report in reports] == list(CRASH_GUILDS)
        assert all(report.ok for report in reports), reports
        if store.backend == "sqlite":
            assert sqlite_integrity(path) == "ok"
        rows_after = await scalar(path, "SELECT COUNT(*) FROM ledger")
        assert rows_after > rows_before  # the writer really wrote before it died
        rows_before = rows_after
