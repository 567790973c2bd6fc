"""Table stacks through discord.py and the fake Discord: /pot buyin, leave and stack replies,
refusals, and the table message showing every seat's stack."""

from __future__ import annotations

import pytest

from bot.client import EXTENSIONS
from bot.tables.config import TableConfig
from tests.conftest import FakeClock
from tests.harness.driver import DiscordHarness, Reply
from tests.harness.fake_discord import CHANNEL_MESSAGE
from tests.harness.tables import TableDriver


@pytest.fixture
def extensions() -> tuple[str, ...]:
    return (*EXTENSIONS, "tests.pot_cog")


@pytest.fixture
async def tables(harness: DiscordHarness, clock: FakeClock) -> TableDriver:
    driver = TableDriver(harness, clock)
    await harness.bot.tables.open_table(harness.guild_id, harness.channel_id, TableConfig("pot"))
    await driver.settle()
    return driver


def private(reply: Reply, *fragments: str) -> None:
    assert reply.type == CHANNEL_MESSAGE and reply.ephemeral, reply.text
    for fragment in fragments:
        assert fragment in reply.text, f"{fragment!r} not in {reply.text!r}"


async def test_buy_in_top_up_and_leave_through_slash_commands(harness: DiscordHarness,
                                                               tables: TableDriver) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    private(await harness.slash(alice, "pot buyin", amount=300),
            "You brought 300 chips to the table. Your stack: 300 chips; your wallet: 700 chips.")
    private(await harness.slash(bob, "pot buyin", amount=100), "Your stack: 100 chips")
    private(await harness.slash(alice, "pot buyin", amount=50), "Your stack: 350 chips")
    await tables.settle()
    seated = [f["value"] for f in tables.message()["embeds"][0]["fields"] if f["name"] == "Seated"]
    assert seated == ["alice (350), bob (100)"]
    private(await harness.slash(alice, "pot stack"), "Your stack at this table: 350 chips.")
    audit = await harness.slash(harness.user("boss", admin=True), "audit")
    fields = {f["name"]: f["value"] for f in audit.followups[0]["embeds"][0]["fields"]}
    assert "Books balance" in audit.text
    assert (fields["Wallets"], fields["Table stacks"], fields["Minted"]) == ("1,550", "450", "2,000")
    private(await harness.slash(alice, "pot leave"), "Your stack of 350 chips went back")
    assert await harness.bot.store.ensure_wallet(harness.guild_id, alice.id) == 1000
    private(await harness.slash(alice, "pot stack"), "0 chips", "You are not seated here.")
    assert (await harness.bot.store.audit(harness.guild_id)).ok


async def test_bad_buy_ins_get_a_private_reason(harness: DiscordHarness,
                                                tables: TableDriver) -> None:
    alice = harness.user("alice")
    private(await harness.slash(alice, "pot buyin", amount=5000), "Your wallet has 1,000 chips")
    private(await harness.slash(alice, "pot ante", amount=10), "Your stack at this table has 0")
    await harness.slash(alice, "pot buyin", amount=40)
    await harness.slash(alice, "pot ante", amount=10)
    private(await harness.slash(alice, "pot buyin", amount=10), "You are playing round #")
    other = harness.channel_id + 1
    payload = harness.command_payload(alice, "pot buyin", channel_id=other, amount=10)
    (reply,) = await harness.deliver(payload)
    private(reply, "There is no Pot table in this channel.")
    assert harness.bot.tables.seating.stack_of(tables.table(), alice.id) == 30


async def test_the_table_picture_shows_every_seats_stack(harness: DiscordHarness,
                                                         tables: TableDriver) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    await harness.slash(alice, "pot buyin", amount=200)
    await harness.slash(bob, "pot buyin", amount=60)
    snapshot = tables.messages.table_snapshot(tables.table())
    assert [(s.name, s.stack, s.status) for s in snapshot.seats] == [
        ("alice", "200 chips", "Seated"), ("bob", "60 chips", "Seated")]
    await harness.slash(alice, "pot ante", amount=25)
    snapshot = tables.messages.table_snapshot(tables.table())
    assert [(s.name, s.stack, s.bet, s.status) for s in snapshot.seats] == [
        ("alice", "175 chips", "Pot 25", ""), ("bob", "60 chips", "", "Next round")]
