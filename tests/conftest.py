"""Shared fixtures: the bot logged in against a fake Discord on loopback, a store, the clock
(:class:`FakeClock`, re-exported for the tests that import it from here)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import discord.http
import pytest

import render
from bot.client import EXTENSIONS, CasinoBot
from bot.config import Config
from bot.store import Store
from bot.tables.results import RoundResult
from bot.tables.runtime import TableRuntime
from bot.tables.table import Table
from cogs.drawing import Drawer
from render import TableSnapshot
from tests.discord_api.contract import ContractViolation
from tests.harness.clock import FakeClock
from tests.harness.driver import DiscordHarness
from tests.harness.fake_discord import FakeDiscord
from tests.harness.postgres import Databases, PostgresServer

# The databases the store runs on; a test that takes ``store`` or ``store_location`` runs on each.
BACKENDS = ("sqlite", "postgresql")


class RecordingPublisher:
    """The runtime's publisher in tests without Discord: what it was told, in order."""

    def __init__(self) -> None:
        self.changed: list[int] = []
        self.results: list[RoundResult] = []
        self.closed: list[dict[int, int]] = []

    def table_changed(self, table: Table) -> None:
        self.changed.append(table.id)

    def round_finished(self, table: Table, result: RoundResult) -> None:
        self.results.append(result)

    def table_closed(self, table: Table, refunds: dict[int, int]) -> None:  # type: ignore[override]
        self.closed.append(dict(refunds))


async def shut_down(runtime: TableRuntime, store: Store) -> None:
    """The bot goes down mid-game: its runtime stops and the store closes, as in a restart."""
    await runtime.stop()
    await store.close()


RuntimeMaker = Callable[[Store, FakeClock, RecordingPublisher], TableRuntime]


@asynccontextmanager
async def restarted_runtime(
    location: str, make_runtime: RuntimeMaker, clock: FakeClock
) -> AsyncIterator[tuple[TableRuntime, Store, RecordingPublisher]]:
    """The bot back after a crash or a restart: the store reopened from the database at
    ``location``, a new runtime started on it that publishes to a new recorder; both shut down
    when the block ends."""
    reopened = await Store.open(location)
    publisher = RecordingPublisher()
    restarted = make_runtime(reopened, clock, publisher)
    try:
        await restarted.start()
        yield restarted, reopened, publisher
    finally:
        await shut_down(restarted, reopened)


@pytest.fixture(autouse=True)
def discord_contract_holds() -> Iterator[None]:
    """Fail any test whose bot sent Discord a request Discord would refuse. The fakes answer
    such a request with Discord's 400; this makes the test fail with the route and the field,
    whatever the bot did with the 400 (autouse: set up first, so it checks after every other
    fixture has shut its bot down)."""
    FakeDiscord.created.clear()
    yield
    fakes, FakeDiscord.created = FakeDiscord.created, []
    raise_for_violations(fakes)


def raise_for_violations(fakes: list[FakeDiscord]) -> None:
    violations = [violation for fake in fakes for violation in fake.violations]
    if violations:
        raise ContractViolation(violations)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(scope="session")
def databases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Databases]:
    """Fresh databases of either backend; the PostgreSQL server (a real one, see
    tests.harness.postgres) starts at the first one asked for and stops with the session."""
    with contextlib.ExitStack() as stack:
        yield Databases(tmp_path_factory, stack)


@pytest.fixture(scope="session")
def postgres(databases: Databases) -> PostgresServer:
    return databases.server


@pytest.fixture(params=BACKENDS)
async def store_location(request: pytest.FixtureRequest, databases: Databases) -> AsyncIterator[str]:
    """Where a fresh store lives: a SQLite file of its own, or a new database on the test
    session's PostgreSQL server (dropped after the test)."""
    location = await databases.new(request.param)
    try:
        yield location
    finally:
        await databases.discard(location)


def only_sqlite() -> Any:
    """For a test that opens the SQLite file itself (its pragmas, an old schema, a raw edit)."""
    return pytest.mark.parametrize("store_location", ["sqlite"], indirect=True)


@pytest.fixture
async def store(store_location: str) -> AsyncIterator[Store]:
    """A fresh store on a database of its own, closed after the test."""
    opened = await Store.open(store_location)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
def publisher() -> RecordingPublisher:
    return RecordingPublisher()


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    base = await fake.start()
    original = discord.http.Route.BASE
    discord.http.Route.BASE = base
    try:
        yield fake
    finally:
        discord.http.Route.BASE = original
        await fake.stop()


@pytest.fixture
def extensions() -> tuple[str, ...]:
    """The extensions the harness's bot loads; a test module overrides it to add its own."""
    return EXTENSIONS


@pytest.fixture
async def harness(
    fake_discord: FakeDiscord, tmp_path: Path, clock: FakeClock, extensions: tuple[str, ...]
) -> AsyncIterator[DiscordHarness]:
    config = Config(token="fake-token", db_path=str(tmp_path / "casino.sqlite3"))
    bot = CasinoBot(config, extensions=extensions)
    bot.clock = clock
    await bot.login("fake-token")
    assert not bot.failed_extensions, f"extensions failed to load: {bot.failed_extensions}"
    driver = DiscordHarness(bot=bot, fake=fake_discord)
    try:
        yield driver
    finally:
        await bot.close()
        if driver.bot is not bot:  # a test restarted the bot: close the one it left running
            await driver.bot.close()


@pytest.fixture
def snapshots(monkeypatch: pytest.MonkeyPatch) -> list[TableSnapshot]:
    """Every snapshot handed to render for a public table image, to check what it reveals
    (:func:`tests.harness.privacy.assert_only_these_cards_shown`)."""
    seen: list[TableSnapshot] = []
    draw = Drawer.draw

    async def recording(self: Drawer, function: Callable[..., Any], *args: Any) -> Any:
        if function is render.table_scene_png:
            seen.append(args[0])
        return await draw(self, function, *args)

    monkeypatch.setattr(Drawer, "draw", recording)
    return seen
