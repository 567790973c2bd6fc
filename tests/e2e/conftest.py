"""Fixtures and options of the end-to-end suite.

Every test here is marked ``e2e`` (deselect with ``-m "not e2e"``). The crash test kills the
bot ``--crash-runs N`` times (default 20, the CI suite); run a longer one with
``pytest tests/e2e --crash-runs 200`` or, from anywhere, ``E2E_CRASH_RUNS=200 make test``.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.world import World

DEFAULT_CRASH_RUNS = 20


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--crash-runs", type=int, default=None,
                     help=f"SIGKILLs in the e2e crash test (default {DEFAULT_CRASH_RUNS}, "
                          "or E2E_CRASH_RUNS)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: the real bot process against the local Discord")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture
def crash_runs(request: pytest.FixtureRequest) -> int:
    option = request.config.getoption("--crash-runs", default=None)
    if option is None:
        option = int(os.environ.get("E2E_CRASH_RUNS", DEFAULT_CRASH_RUNS))
    return int(option)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    world = await World.start(tmp_path)
    try:
        yield world
    finally:
        await world.close()
