"""SQLite checkpoints beside the writer: a connection of their own copies the WAL into the
database file every second, so no settlement waits for the disk behind a commit that happened
to fill the WAL."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.store import Store, sqlite_backend
from bot.store.sqlite_backend import WRITER_CHECKPOINT_PAGES

GUILD = 1


async def test_the_writer_leaves_checkpoints_to_their_own_connection(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_backend, "CHECKPOINT_SECONDS", 0.02)
    copied: list[tuple[int, int]] = []
    real_checkpoint = sqlite_backend.checkpoint

    async def recorded(db: object) -> tuple[int, int]:
        assert db is not store._backend._db  # type: ignore[attr-defined]  # never the writer
        result = await real_checkpoint(db)  # type: ignore[arg-type]
        copied.append(result)
        return result

    monkeypatch.setattr(sqlite_backend, "checkpoint", recorded)
    store = await Store.open(tmp_path / "casino.sqlite3")
    try:
        async with store._backend.reading() as writer:  # type: ignore[attr-defined]
            (autocheckpoint,), = await writer.execute_fetchall("PRAGMA wal_autocheckpoint")
        assert autocheckpoint == WRITER_CHECKPOINT_PAGES
        for user in range(1, 21):
            await store.grant(GUILD, user, 100)
        for _ in range(200):  # until a checkpoint has copied a WAL holding those grants
            if any(frames > 0 and done == frames for frames, done in copied):
                break
            await asyncio.sleep(0.02)
        assert any(frames > 0 and done == frames for frames, done in copied), copied
    finally:
        await store.close()
    seen = len(copied)
    await asyncio.sleep(0.1)
    assert len(copied) == seen  # closing the store stopped them


async def test_a_failed_checkpoint_is_logged_and_the_next_one_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(sqlite_backend, "CHECKPOINT_SECONDS", 0.02)
    calls: list[str] = []
    real_checkpoint = sqlite_backend.checkpoint

    async def failing_once(db: object) -> tuple[int, int]:
        calls.append("call")
        if len(calls) == 1:
            raise OSError("disk full")
        return await real_checkpoint(db)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite_backend, "checkpoint", failing_once)
    store = await Store.open(tmp_path / "casino.sqlite3")
    try:
        with caplog.at_level(logging.ERROR, logger=sqlite_backend.__name__):
            for _ in range(200):
                if len(calls) >= 2:
                    break
                await asyncio.sleep(0.02)
        assert len(calls) >= 2
        assert "Checkpointing the database failed" in caplog.text
        assert await store.grant(GUILD, 1, 5) > 0  # the store works on
    finally:
        await store.close()
