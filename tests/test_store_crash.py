"""Crash safety: a writer killed with SIGKILL mid-run leaves books that still balance.

The writer (tests/store_helpers.py) settles rounds in several guilds as fast as it can; each
round is a multi-movement bet transaction and a settlement recorded with its round. Whatever
instant the kill lands on, reopening must find every guild's audit intact.
"""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.store import Store
from tests.store_helpers import CRASH_GUILDS

ROOT = Path(__file__).resolve().parent.parent


async def run_writer_until_killed(path: Path, delay: float) -> None:
    writer = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.store_helpers", "crash-writer", str(path),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert writer.stdout is not None
        line = await asyncio.wait_for(writer.stdout.readline(), timeout=30)
        await asyncio.sleep(delay)
    finally:
        if writer.returncode is None:
            writer.send_signal(signal.SIGKILL)
        _, errors = await writer.communicate()
    assert line.strip() == b"started", errors.decode()
    # It was still writing when it died, not stopped by an error of its own.
    assert writer.returncode == -signal.SIGKILL, errors.decode()


def ledger_rows(path: Path) -> int:
    with sqlite3.connect(path) as raw:
        return int(raw.execute("SELECT COUNT(*) FROM ledger").fetchone()[0])


def integrity(path: Path) -> str:
    with sqlite3.connect(path) as raw:
        return str(raw.execute("PRAGMA integrity_check").fetchone()[0])


@pytest.mark.slow
async def test_books_balance_after_the_writer_is_killed_at_any_moment(tmp_path: Path) -> None:
    path = tmp_path / "casino.sqlite3"
    rows_before = 0
    # The same file each time, so later runs also start from a WAL left by a killed process.
    for delay in (0.0, 0.01, 0.03, 0.07, 0.15, 0.3):
        await run_writer_until_killed(path, delay)
        store = await Store.open(path)
        try:
            reports = await store.audit_all()
        finally:
            await store.close()
        assert [report.guild_id for report in reports] == list(CRASH_GUILDS)
        assert all(report.ok for report in reports), reports
        assert integrity(path) == "ok"
        rows_after = ledger_rows(path)
        assert rows_after > rows_before  # the writer really wrote before it died
        rows_before = rows_after
