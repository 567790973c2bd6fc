"""The store's slowest reads (leaderboards, /stats) run apart from the tables' work: on SQLite in
a worker process of lower priority, on PostgreSQL in the server's own process."""

from __future__ import annotations

import functools
import os
import signal
from typing import Any

import pytest

from bot.store import Store, StoreError
from bot.store.sqlite_backend import READS_APART, READS_NICENESS
from tests.conftest import only_sqlite

GUILD = 1


async def process_of_reader(db: Any) -> tuple[int, int]:
    """Where a read apart runs: its process and that process's CPU priority."""
    await db.execute_fetchall("SELECT 1")
    return os.getpid(), os.nice(0)


async def wallets_seen(db: Any, guild_id: int) -> int:
    (count,), = await db.execute_fetchall("SELECT COUNT(*) FROM accounts WHERE guild_id = ?", (guild_id,))
    return int(count)


@only_sqlite()
async def test_on_sqlite_a_read_apart_runs_in_a_worker_process_below_the_bots_priority(store: Store) -> None:
    pid, niceness = await store._backend.read_apart(process_of_reader)
    assert pid != os.getpid()
    assert niceness == min(os.nice(0) + READS_NICENESS, 19)


async def test_a_read_apart_sees_every_committed_write(store: Store) -> None:
    before = await store._backend.read_apart(functools.partial(wallets_seen, guild_id=GUILD))
    await store.grant(GUILD, 42, 100)
    assert await store._backend.read_apart(functools.partial(wallets_seen, guild_id=GUILD)) > before


async def test_a_board_and_a_profile_are_read_apart(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    await store.grant(GUILD, 42, 100)
    asked: list[str] = []
    read_apart = store._backend.read_apart

    async def watched(body: Any) -> Any:
        asked.append(body.func.__name__)
        return await read_apart(body)

    monkeypatch.setattr(store._backend, "read_apart", watched)
    board = await store.board(GUILD, 42, now=0.0)
    profile = await store.profile(GUILD, 42)
    assert asked == ["board", "profile"]
    assert board.top == [] and profile.overall is None  # a grant is not a round


@only_sqlite()
async def test_a_closed_store_reads_nothing_apart(store_location: str) -> None:
    store = await Store.open(store_location)
    await store.close()
    with pytest.raises(StoreError):
        await store.board(GUILD, 42, now=0.0)


@only_sqlite()
async def test_reads_apart_go_on_after_their_worker_died(store: Store) -> None:
    worker, _ = await store._backend.read_apart(process_of_reader)
    os.kill(worker, signal.SIGKILL)
    # On a thread, or in a new worker if the pool saw the death before this read was asked for.
    answered_by, _ = await store._backend.read_apart(process_of_reader)
    assert answered_by != worker
    next_by, _ = await store._backend.read_apart(process_of_reader)
    assert next_by not in (worker, os.getpid())
    assert next_by == await READS_APART.run(os.getpid)  # one worker for every store's reads
