"""The bot tunes the garbage collector once, when it is ready (see bot.gc_tuning)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bot.gc_tuning import YOUNG_GENERATION_THRESHOLD, tune_for_latency


@pytest.fixture
def restored_gc() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_tuning_freezes_start_up_objects_and_collects_the_young_generation_less_often(
    restored_gc: None,
) -> None:
    survivor = [object() for _ in range(100)]
    tune_for_latency()
    assert gc.get_freeze_count() >= len(survivor)
    assert gc.get_threshold()[0] == YOUNG_GENERATION_THRESHOLD > 700
    cycle: list[object] = []
    cycle.append(cycle)
    del cycle
    assert gc.collect() >= 1  # cycles made after tuning are still collected


async def test_the_bot_tunes_once_when_ready(restored_gc: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot import client

    calls: list[None] = []
    monkeypatch.setattr(client, "tune_for_latency", lambda: calls.append(None))
    bot = client.CasinoBot(client.Config(token="t", db_path=":memory:"))
    await bot.on_ready()
    await bot.on_ready()  # a reconnect sends READY again
    assert len(calls) == 1
    await bot.close()
