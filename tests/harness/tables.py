"""Helpers for table tests through the Discord harness: the table message, its buttons, time."""

from __future__ import annotations

from typing import Any

import pytest

from bot.catalog import GAMES
from bot.games.boxed.rules import Phase
from bot.tables.boxed import BoxedTableOptions
from tests.harness.driver import DiscordHarness, FakeUser, Reply, walk_components

EACH_BOXED_GAME = pytest.mark.parametrize(
    "game", [game.key for game in GAMES if game.options is BoxedTableOptions])
"""Runs a test once for each declared boxed game (its ``game`` argument is the key)."""


class TableDriver:
    """Plays at the table in the harness's default channel."""

    def __init__(self, harness: DiscordHarness, clock: Any, game: str = "uth") -> None:
        self.h = harness
        self.clock = clock
        self.game = game
        """What ``open`` opens and whose commands ``command`` runs."""
        cog = harness.bot.get_cog("Tables")
        assert cog is not None, "the tables extension did not load"
        self.messages = cog.messages
        self.messages.edit_interval = 0.0

    @property
    def runtime(self) -> Any:
        return self.h.bot.tables

    def table(self, channel_id: int | None = None) -> Any:
        table = self.runtime.table_in(channel_id or self.h.channel_id)
        assert table is not None, "no table in the channel"
        return table

    def round_state(self) -> Any:
        """The engine state of the round in play (tests read it; players see the messages)."""
        round_ = self.table().round
        assert round_ is not None, "no round in play"
        return round_.state

    async def open(self, admin: FakeUser, **options: Any) -> Reply:
        reply = await self.h.slash(admin, "table open", game=self.game, **options)
        await self.settle()
        return reply

    async def settle(self) -> None:
        """Let the table message catch up with every change."""
        await self.messages.flush()

    def message(self, channel_id: int | None = None) -> dict[str, Any]:
        table = self.table(channel_id)
        assert table.message_id is not None, "the table message was never posted"
        return self.h.fake.messages[table.message_id]

    def buttons(self) -> dict[str, str]:
        return {c["label"]: c["custom_id"] for c in walk_components(self.message()["components"])
                if c.get("type") == 2}

    async def press(self, user: FakeUser, label: str) -> Reply:
        await self.settle()
        buttons = self.buttons()
        assert label in buttons, f"no button {label!r}; the table shows {list(buttons)}"
        reply = await self.h.click(user, self.message(), buttons[label])
        await self.settle()
        return reply

    async def command(self, user: FakeUser, name: str, **options: Any) -> Reply:
        reply = await self.h.slash(user, f"{self.game} {name}", **options)
        await self.settle()
        return reply

    async def pass_time(self, seconds: float, *, times: int = 1) -> None:
        """``seconds`` pass ``times`` times over, each firing the timers that fell due."""
        for _ in range(times):
            self.clock.advance(seconds)
            await self.runtime.fire_due()
            await self.settle()

    async def players_ante(self, count: int) -> list[FakeUser]:
        """``count`` players (p0, p1, ...), each pressing Ante 10 in turn: the players."""
        players = [self.h.user(f"p{index}") for index in range(count)]
        for player in players:
            await self.press(player, "Ante 10")
        return players

    def results(self) -> list[dict[str, Any]]:
        """Result messages posted in the channel, oldest first."""
        return [m for m in self.h.fake.messages.values()
                if any("Round #" in (e.get("title") or "") for e in m.get("embeds") or [])
                and m.get("attachments") and m["attachments"][0]["filename"] == "result.png"]

    def phase(self) -> str:
        embeds = self.message()["embeds"]
        return embeds[0]["description"] if embeds else ""


async def opened_table(harness: DiscordHarness, clock: Any, game: str, **options: Any) -> TableDriver:
    """A ``game`` table opened in the harness's channel by an admin's ``/table open`` with
    ``options``: its driver."""
    driver = TableDriver(harness, clock, game)
    opened = await driver.open(harness.user("pit-boss", admin=True), **options)
    assert not opened.ephemeral and "table open" in opened.text, opened.text
    return driver


async def decide_every_box(tables: TableDriver, players: list[FakeUser], *,
                           exchange_box: int | None = None) -> None:
    """A boxed round played to its end with buttons: each player on turn Bets every open box
    and Goes on past insurance; in the exchange, asks for ``exchange_box`` when it may, then
    Goes on."""
    for _ in range(40):
        round_ = tables.table().round
        if round_ is None:
            return
        state = round_.state
        pending = set(state.pending_seats())
        player = next((player for player in players if player.id in pending), None)
        if player is None:
            return
        view = state.private_view(player.id)
        if state.phase is Phase.EXCHANGE:
            if exchange_box in view.exchange_boxes and not any(box.exchange for box in view.boxes):
                await tables.press(player, f"Exchange box {exchange_box}")
            await tables.press(player, "Go on")
        elif view.can_bet:
            await tables.press(player, "Bet")
        else:
            await tables.press(player, "Go on")
    raise AssertionError("the round never finished")
