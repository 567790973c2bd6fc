"""Real servers misbehave, through the harness: the bot's permissions checked when a table
opens, a permission lost mid-play (the table pauses, players are told, the round finishes by
its timers, the result waits and is posted once the bot may post again), a deleted channel
(the table closes with every stake returned), Discord failing or rate-limiting the table's
requests (retried with backoff, nothing posted twice or lost), and a result that waits across a
restart."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from bot.client import CasinoBot
from bot.config import Config
from bot.store import AccountRef
from tests.conftest import FakeClock
from tests.harness.driver import DiscordHarness, FakeUser
from tests.harness.fake_discord import CHANNEL_MESSAGE, FakeDiscord
from tests.harness.faults import Fault
from tests.harness.tables import TableDriver

TABLE_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "attach_files",
                     "read_message_history")
NAMES = {"view_channel": "View Channel", "send_messages": "Send Messages",
         "embed_links": "Embed Links", "attach_files": "Attach Files",
         "read_message_history": "Read Message History",
         "send_messages_in_threads": "Send Messages in Threads"}


@pytest.fixture
def tables(harness: DiscordHarness, clock: FakeClock) -> TableDriver:
    driver = TableDriver(harness, clock)
    driver.messages.retry_first = 0.02  # the backoff's first wait, short for the tests
    return driver


async def open_uth(harness: DiscordHarness, tables: TableDriver) -> None:
    admin = harness.user("pit-boss", admin=True)
    opened = await harness.slash(admin, "table open", game="uth", betting_seconds=30,
                                 decision_seconds=30)
    assert "table open" in opened.text, opened.text
    await tables.settle()


def channel_requests(fake: FakeDiscord, status: int) -> int:
    return sum(1 for r in fake.requests if r.path.startswith("/api/v10/channels/") and r.status == status)


async def play_to_the_end(tables: TableDriver) -> None:
    for _ in range(5):
        if tables.table().round is None:
            return
        await tables.pass_time(31)
    assert tables.table().round is None, "the round never ended"


async def wallet(harness: DiscordHarness, user: FakeUser) -> int:
    return await harness.bot.store.balance(harness.guild_id, AccountRef.wallet(user.id))


# -- opening a table ---------------------------------------------------------------------------
@pytest.mark.parametrize("permission", TABLE_PERMISSIONS)
async def test_a_table_opens_only_where_the_bot_has_every_permission_it_needs(
    harness: DiscordHarness, tables: TableDriver, permission: str,
) -> None:
    admin = harness.user("pit-boss", admin=True)
    harness.fake.deny(harness.channel_id, permission)
    refused = await harness.slash(admin, "table open", game="uth")
    assert refused.type == CHANNEL_MESSAGE and refused.ephemeral
    assert f"I'm missing {NAMES[permission]} here" in refused.text, refused.text
    assert harness.bot.tables.table_in(harness.channel_id) is None
    harness.fake.allow(harness.channel_id)
    assert "table open" in (await harness.slash(admin, "table open", game="uth")).text


async def test_in_a_thread_the_bot_needs_send_messages_in_threads(harness: DiscordHarness,
                                                                  tables: TableDriver) -> None:
    admin = harness.user("pit-boss", admin=True)
    thread = 820000000000000001
    harness.threads.add(thread)
    harness.fake.deny(thread, "send_messages_in_threads", "attach_files")
    payload = harness.command_payload(admin, "table open", channel_id=thread, game="uth")
    (refused,) = await harness.deliver(payload)
    assert "I'm missing Send Messages in Threads and Attach Files here" in refused.text, refused.text
    harness.fake.allow(thread)
    (opened,) = await harness.deliver(harness.command_payload(admin, "table open", channel_id=thread,
                                                              game="uth"))
    assert "table open" in opened.text and harness.bot.tables.table_in(thread) is not None


async def test_a_german_admin_reads_what_is_missing_in_german_names(harness: DiscordHarness,
                                                                    tables: TableDriver) -> None:
    admin = harness.user("pit-boss", admin=True, locale="de")
    harness.fake.deny(harness.channel_id, "embed_links", "attach_files")
    refused = await harness.slash(admin, "table open", game="uth")
    assert refused.ephemeral and refused.text == (
        "Ich kann in diesem Kanal keinen Tisch führen: Mir fehlt hier Links einbetten und Dateien "
        "anhängen. Ein Admin kann sie mir in den Kanaleinstellungen (Kanal bearbeiten → "
        "Berechtigungen) oder meiner Rolle geben. Eröffne den Tisch dann noch einmal.")


# -- a permission lost mid-play ------------------------------------------------------------------
async def test_a_lost_permission_pauses_the_table_the_round_finishes_and_the_result_waits(
    harness: DiscordHarness, tables: TableDriver,
) -> None:
    await open_uth(harness, tables)
    alice, bob = harness.user("alice"), harness.user("bob")
    await tables.press(alice, "Ante 10")
    await tables.press(bob, "Ante 10")
    before_denial = tables.message()
    harness.fake.deny(harness.channel_id, "embed_links")
    await tables.pass_time(31)  # the deal: the table message cannot be updated
    assert tables.table().paused is not None

    # A press still acts, and says privately what is wrong and who must fix it.
    pressed = await harness.click(alice, before_denial, tables.buttons()["Ante 10"])
    assert pressed.ephemeral, pressed.text
    raised = await harness.slash(alice, "uth raise", multiple=4)
    assert raised.text.startswith("RAISE 4x · round #"), raised.text
    assert "I'm missing Embed Links in this channel" in raised.text and "An admin" in raised.text

    await play_to_the_end(tables)  # bob never decides: the timers finish the round
    result = tables.table().last_result
    assert result is not None and result.settlement is not None
    assert tables.results() == [], "nothing could be posted yet"
    assert [round_id for round_id, _ in await harness.bot.store.pending_posts(tables.table().id)] == [
        result.round_id]
    for player in (alice, bob):  # the chips moved as the round says, nobody lost any to the fault
        assert await wallet(harness, player) == 1000 + result.settlement.summary[player.id].net
    await harness.audit_ok()
    record = await harness.slash(alice, "round", number=result.round_id)  # /round has it already
    assert record.ephemeral and f"Round #{result.round_id}" in record.text
    assert "re-creates every dealt card" in record.text, record.text

    # No new round while the bot cannot post; the refusal names what is missing.
    refused = await harness.slash(bob, "uth ante", amount=10)
    assert refused.ephemeral and "I'm missing Embed Links" in refused.text, refused.text
    assert tables.table().round is None

    # Retries back off: a handful of refused requests, not one per second.
    assert 1 <= channel_requests(harness.fake, 403) <= 10

    # The permission comes back: the next press shows it, the table posts the result and resumes.
    harness.fake.allow(harness.channel_id)
    back = await harness.slash(bob, "uth ante", amount=10)
    await tables.settle()
    assert back.text.startswith("Ante 10"), back.text
    assert tables.table().paused is None and tables.table().round is not None
    (posted,) = tables.results()
    assert f"Round #{result.round_id}" in posted["embeds"][0]["title"]
    assert await harness.bot.store.pending_posts(tables.table().id) == []
    await harness.audit_ok()


async def test_a_result_that_could_not_be_posted_is_posted_after_a_restart(
    harness: DiscordHarness, tables: TableDriver, clock: FakeClock, tmp_path: Path,
) -> None:
    await open_uth(harness, tables)
    alice = harness.user("alice")
    await tables.press(alice, "Ante 10")
    harness.fake.deny(harness.channel_id, "attach_files")
    await play_to_the_end(tables)
    round_id = tables.table().last_result.round_id
    await harness.bot.close()  # stopped with the result still unposted
    harness.fake.allow(harness.channel_id)

    bot = CasinoBot(Config(token="fake-token", db_path=str(tmp_path / "casino.sqlite3")))
    bot.clock = clock
    await bot.login("fake-token")
    harness.bot = bot
    restarted = TableDriver(harness, clock)
    await restarted.settle()
    (posted,) = restarted.results()
    assert f"Round #{round_id}" in posted["embeds"][0]["title"]
    assert await bot.store.pending_posts(restarted.table().id) == []


# -- a deleted channel ---------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["a request answers Unknown Channel", "Discord says so"])
async def test_a_deleted_channel_closes_its_table_with_every_stake_returned(
    harness: DiscordHarness, tables: TableDriver, how: str,
) -> None:
    await open_uth(harness, tables)
    alice, bob = harness.user("alice"), harness.user("bob")
    await tables.press(alice, "Ante 10")
    await tables.command(bob, "trips", amount=10)  # rejected without an Ante: bob has no bet
    await tables.press(bob, "Ante 50")
    assert await wallet(harness, bob) == 900
    harness.fake.delete_channel(harness.channel_id)
    cog: Any = harness.bot.get_cog("Tables")
    if how == "Discord says so":
        await cog.messages.channel_deleted(harness.channel_id)
    else:
        await tables.pass_time(31)  # the deal's table update meets Unknown Channel
    await tables.settle()
    assert harness.bot.tables.table_in(harness.channel_id) is None
    assert await wallet(harness, alice) == 1000 and await wallet(harness, bob) == 1000
    (row,) = [r for r in await harness.bot.store.open_tables()] or [None]  # noqa: C416
    assert row is None
    await harness.audit_ok()


# -- Discord failing -----------------------------------------------------------------------------
async def eventually(condition: Any, seconds: float = 10.0) -> None:
    """Wait (in real time: the publisher's retries wait in real time) until ``condition()``,
    which may be a coroutine function, holds."""
    for _ in range(int(seconds / 0.02)):
        held = condition()
        if asyncio.iscoroutine(held):
            held = await held
        if held:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("it never happened")


async def nothing_waits(harness: DiscordHarness, tables: TableDriver) -> bool:
    return await harness.bot.store.pending_posts(tables.table().id) == []


@pytest.mark.parametrize("status", [502, 503])  # retried inside discord.py / raised at once
async def test_a_result_posted_during_an_outage_is_posted_once_when_discord_is_back(
    harness: DiscordHarness, tables: TableDriver, status: int,
) -> None:
    await open_uth(harness, tables)
    alice = harness.user("alice")
    await tables.press(alice, "Ante 10")
    # The result's post fails twice: once after Discord had already posted it.
    harness.fake.inject(Fault.server_error(status, route="channels", method="POST", times=1,
                                           after=True))
    harness.fake.inject(Fault.server_error(status, route="channels", method="POST", times=1))
    await play_to_the_end(tables)
    await eventually(lambda: nothing_waits(harness, tables))
    assert not any(fault.active() for fault in harness.fake.faults)
    round_id = tables.table().last_result.round_id
    results = [m for m in tables.results() if f"Round #{round_id}" in m["embeds"][0]["title"]]
    assert len(results) == 1, "posted exactly once (the nonce made Discord drop the repeat)"


async def test_rate_limits_are_waited_out_and_interactions_still_answered(
    harness: DiscordHarness, tables: TableDriver,
) -> None:
    await open_uth(harness, tables)
    alice = harness.user("alice")
    harness.fake.inject(Fault.rate_limited(0.3, route="channels", method="PATCH", times=2))
    harness.fake.inject(Fault.rate_limited(0.2, scope="global", route="channels", times=1))
    answered = await tables.press(alice, "Ante 10")
    assert answered.text.startswith("Ante 10"), answered.text
    await play_to_the_end(tables)
    await tables.settle()
    assert harness.fake.statuses[429] == 3
    assert len(tables.results()) == 1
    assert "Ante 10" in tables.buttons(), "the table message caught up"


def test_the_readme_invite_asks_for_every_permission_a_table_needs() -> None:
    import re

    import discord

    from cogs.channel_access import TABLE_PERMISSIONS as NEEDED
    from cogs.channel_access import THREAD_PERMISSIONS as NEEDED_IN_THREADS

    readme = (Path(__file__).parent.parent / "README.md").read_text()
    match = re.search(r"Permission integer: `(\d+)`", readme)
    assert match is not None
    invite = discord.Permissions(int(match.group(1)))
    for flag, name in (*NEEDED, *NEEDED_IN_THREADS):
        assert getattr(invite, flag), f"the invite link lacks {name}"
        assert name in readme


async def test_a_hung_edit_is_given_up_and_the_table_moves_on_within_the_bots_time_limit(
    harness: DiscordHarness, tables: TableDriver,
) -> None:
    """An edit Discord never answers in time no longer holds the table's message still for
    aiohttp's five minutes: past the bot's own limit it is given up and tried again."""
    tables.messages.request_timeout = 0.3
    await open_uth(harness, tables)
    hung = harness.fake.inject(Fault(504, 0, "504: Gateway Timeout", method="PATCH", route="channels",
                                     times=1, delay=5.0))
    started = time.monotonic()
    await tables.press(harness.user("alice"), "Ante 10")
    await eventually(lambda: "Betting window open" in tables.message()["embeds"][0]["description"])
    assert hung.hits == 1 and time.monotonic() - started < hung.delay, "moved on before the hung answer"
    edits = [request for request in harness.fake.requests
             if request.method == "PATCH" and request.path.startswith("/api/v10/channels/")]
    assert len(edits) >= 2, "the hung edit was tried again"


@pytest.mark.parametrize("status", [500, 503])  # retried inside discord.py / by the publisher
async def test_a_table_post_whose_answer_was_lost_leaves_one_table_message(
    harness: DiscordHarness, tables: TableDriver, status: int,
) -> None:
    """Discord made the table's message but the answer was lost: the post is retried with the
    same nonce, and Discord returns the message it made instead of a second, dead one."""
    lost = harness.fake.inject(Fault.server_error(status, route="channels", method="POST", times=1,
                                                  after=True))
    await open_uth(harness, tables)
    await eventually(lambda: tables.table().message_id is not None)
    assert lost.hits == 1
    posted = [message for message in harness.fake.messages.values()
              if any(file["filename"] == "table.png" for file in message.get("attachments") or [])]
    assert [int(message["id"]) for message in posted] == [tables.table().message_id]
    await tables.press(harness.user("alice"), "Ante 10")
    assert "Betting window open" in tables.message()["embeds"][0]["description"]
