"""Ultimate Texas Hold'em played through discord.py against the fake Discord API."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from bot.client import CasinoBot
from bot.config import Config
from bot.i18n import restored
from render import TableSnapshot
from tests.conftest import FakeClock
from tests.harness.driver import DiscordHarness, assert_refused
from tests.harness.privacy import assert_only_these_cards_shown
from tests.harness.tables import TableDriver, opened_table


@pytest.fixture
async def tables(harness: DiscordHarness, clock: FakeClock) -> TableDriver:
    return await opened_table(harness, clock, "uth", min_bet=10, max_bet=200, betting_seconds=30,
                              decision_seconds=30)



async def test_two_players_play_a_whole_round_with_buttons_and_commands(
    harness: DiscordHarness, tables: TableDriver, snapshots: list[TableSnapshot]
) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    assert "Waiting for bets" in tables.phase()
    placed = await tables.press(alice, "Ante 10")
    assert placed.ephemeral and "ANTE" in placed.text.upper()
    await tables.command(bob, "ante", amount=25)
    await tables.command(bob, "trips", amount=10)
    assert "Bets close" in tables.phase() and "\U0001f7e2" in tables.phase()
    assert await harness.wallet(alice) == 980 and await harness.wallet(bob) == 940

    await tables.pass_time(31)
    assert "Pre-flop" in tables.phase() and "commitment" in tables.phase()
    assert {"Raise 4x", "Raise 3x", "Check", "My cards"} <= set(tables.buttons())
    mine = await tables.press(alice, "My cards")
    assert mine.ephemeral and mine.files and mine.files[0]["filename"] == "my-cards.png"
    table = tables.table()
    hole = {str(c) for c in table.round.state.seats[alice.id].hole}
    assert hole <= set(mine.text.split()) or "Your hole cards" in mine.text

    await tables.press(alice, "Raise 4x")
    await tables.command(bob, "check")
    assert "Flop" in tables.phase()
    await tables.press(bob, "Raise 2x")
    assert tables.table().round is None, "everyone decided: the round settled"
    (result,) = tables.results()
    assert "Provably fair" in str(result["embeds"][0]["fields"])
    settlement = tables.table().last_result.settlement
    for user in (alice, bob):
        assert await harness.wallet(user) == 1000 + settlement.summary[user.id].net
    await harness.audit_ok()
    assert_only_these_cards_shown(snapshots, table.last_result.snapshot_state.board)


async def test_five_players_time_out_to_the_showdown(harness: DiscordHarness, tables: TableDriver,
                                                     snapshots: list[TableSnapshot]) -> None:
    await tables.players_ante(5)
    await tables.pass_time(31, times=2)
    assert "Flop" in tables.phase()
    await tables.pass_time(31)
    assert "River" in tables.phase()
    await tables.pass_time(31)
    (result,) = tables.results()
    nets = [field["name"].rsplit(": ", 1)[1] for field in result["embeds"][0]["fields"][:5]]
    assert nets == ["-20"] * 5, "every player auto-folded on the river and lost Ante and Blind"
    actions = await harness.bot.store.round_actions(tables.table().last_result.round_id)
    labels = [restored(a.label) for a in actions]
    assert labels.count("AUTO CHECKED") == 10 and labels.count("AUTO FOLDED") == 5
    await harness.audit_ok()
    assert_only_these_cards_shown(snapshots, tables.table().last_result.snapshot_state.board)


async def test_eight_players_are_shown_over_two_pictures_a_phone_can_read(
        harness: DiscordHarness, tables: TableDriver, snapshots: list[TableSnapshot]) -> None:
    """Six seats a picture: one tall picture would be shrunk on a phone until it could not be
    read. Each picture is an embed's image, the table's text in the first."""
    await tables.players_ante(8)
    message = tables.message()
    images = [embed.get("image", {}).get("url") for embed in message["embeds"]]
    assert images == ["attachment://table.png", "attachment://table-2.png"]
    assert [file["filename"] for file in message["attachments"]] == ["table.png", "table-2.png"]
    assert "Seated" in str(message["embeds"][0]) and "fields" not in message["embeds"][1]
    pages = snapshots[-2:]
    assert [len(page.seats) for page in pages] == [6, 2]
    assert pages[0].title.endswith("(1/2)") and pages[1].title.endswith("(2/2)")
    assert not pages[1].dealer and not pages[1].community and pages[0].footer == ""
    await tables.pass_time(31, times=4)
    (result,) = tables.results()
    assert [file["filename"] for file in result["attachments"]] == ["result.png", "result-2.png"]
    await harness.audit_ok()
    assert_only_these_cards_shown(snapshots, tables.table().last_result.snapshot_state.board)


async def test_bad_bets_are_refused_and_change_nothing(harness: DiscordHarness,
                                                       tables: TableDriver) -> None:
    alice, bob, carol = harness.user("alice"), harness.user("bob"), harness.user("carol")
    await harness.wallet(alice)  # both hold the old starting balance of 1,000
    await harness.wallet(bob)
    assert_refused(await tables.command(alice, "ante", amount=500), "200")
    assert_refused(await tables.command(alice, "ante", amount=0), "from 1")
    assert_refused(await tables.command(alice, "ante", amount=-3), "from 1")
    await harness.bot.store.update_guild_settings(harness.guild_id, starting_balance=15)
    assert_refused(await tables.command(carol, "ante", amount=10), "enough chips")
    assert await harness.wallet(carol) == 15
    assert_refused(await tables.command(alice, "check"), "no round")
    await tables.command(alice, "ante", amount=5)  # under the minimum: refused at the close
    await tables.command(bob, "ante", amount=10)
    await tables.pass_time(31)
    assert await harness.wallet(alice) == 1000, "the bet under the minimum came back"
    outsider = harness.user("outsider")
    assert_refused(await tables.command(outsider, "check"), "not seated")
    assert_refused(await tables.command(alice, "check"), "no hand")
    assert_refused(await tables.command(bob, "ante", amount=10), "bets are closed")
    assert_refused(await tables.command(bob, "fold"), "river")
    await harness.audit_ok()


async def test_double_click_and_stale_and_foreign_buttons(harness: DiscordHarness,
                                                          tables: TableDriver) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    await tables.press(alice, "Ante 10")
    await tables.press(bob, "Ante 10")
    await tables.pass_time(31)
    raise_button = tables.buttons()["Raise 4x"]
    message = copy.deepcopy(tables.message())
    replies = await harness.deliver(harness.component_payload(alice, message, raise_button),
                                    harness.component_payload(alice, message, raise_button))
    await tables.settle()
    assert sorted(r.ephemeral for r in replies) == [True, True]
    assert sum("RAISE 4x" in r.text for r in replies) == 1
    assert await harness.wallet(alice) == 1000 - 20 - 40
    await tables.pass_time(31)
    await tables.pass_time(31)
    await tables.pass_time(31)
    assert tables.table().round is None
    stale = await harness.click(bob, message, tables_button(message, "Check"))
    assert_refused(stale, "over")
    other_channel = dict(message, channel_id=str(harness.channel_id + 1))
    assert_refused(await harness.click(bob, other_channel, raise_button), "closed")
    await harness.audit_ok()


def tables_button(message: dict[str, Any], label: str) -> str:
    from tests.harness.driver import walk_components

    return next(c["custom_id"] for c in walk_components(message["components"])
                if c.get("label") == label)


async def test_a_restart_mid_round_then_old_buttons_still_work(
    harness: DiscordHarness, tables: TableDriver, clock: FakeClock, tmp_path: Path
) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    await tables.press(alice, "Ante 10")
    await tables.press(bob, "Ante 50")
    await tables.pass_time(31)
    before = copy.deepcopy(tables.message())
    round_id = tables.table().round.id
    await harness.bot.close()  # the process stops mid-round

    bot = CasinoBot(Config(token="fake-token", db_path=str(tmp_path / "casino.sqlite3")))
    bot.clock = clock
    await bot.login("fake-token")
    harness.bot = bot
    restarted = TableDriver(harness, clock)
    table = restarted.table()
    assert table.round is not None and table.round.id == round_id
    reply = await harness.click(alice, before, tables_button(before, "Raise 3x"))
    assert "RAISE 3x" in reply.text
    await restarted.pass_time(31)
    await restarted.pass_time(31)
    await restarted.pass_time(31)
    assert restarted.table().round is None
    settlement = restarted.table().last_result.settlement
    assert await harness.wallet(alice) == 1000 + settlement.summary[alice.id].net
    await harness.audit_ok()


async def test_table_admin_commands(harness: DiscordHarness, tables: TableDriver) -> None:
    admin, alice = harness.user("admin", admin=True), harness.user("alice")
    assert_refused(await harness.slash(alice, "table close"), "manage channels")
    assert_refused(await harness.slash(admin, "table open", game="uth"), "already has a table")
    shown = await harness.slash(admin, "table config", dealer_qualifier="pair", min_bet=20)
    assert "updated" in shown.text and "pair" in shown.text
    rules = await harness.slash(alice, "uth rules")
    assert rules.ephemeral and "any pair or better" in rules.text
    await tables.press(alice, "Ante 20")
    assert_refused(await harness.slash(admin, "table config", min_bet=30), "between rounds")
    closed = await harness.slash(admin, "table close")
    assert f"<@{alice.id}> 40 chips" in closed.text
    assert await harness.wallet(alice) == 1000
    await harness.audit_ok()


async def test_round_command_shows_a_verified_record(harness: DiscordHarness,
                                                      tables: TableDriver) -> None:
    alice = harness.user("alice")
    await tables.press(alice, "Ante 10")
    await tables.pass_time(31)
    round_id = tables.table().round.id
    assert_refused(await harness.slash(alice, "round", number=round_id), "still being played")
    for _ in range(3):
        await tables.pass_time(31)
    record = await harness.slash(alice, "round", number=round_id)
    assert record.ephemeral
    assert "re-creates every dealt card" in record.text and "AUTO FOLDED" in record.text
    assert_refused(await harness.slash(alice, "round", number=99999), "no round")
    await harness.audit_ok()


async def test_a_round_record_reads_in_the_language_of_whoever_opens_it(harness: DiscordHarness,
                                                                     tables: TableDriver) -> None:
    """The headline and the log are kept as catalogue texts with their values: a German reader
    of a round played at an English table reads them in German, an English reader in English."""
    alice, anna = harness.user("alice"), harness.user("anna", locale="de")
    await tables.press(alice, "Ante 10")
    await tables.pass_time(31)
    round_id = tables.table().round.id
    for _ in range(3):
        await tables.pass_time(31)
    german = (await harness.slash(anna, "round", number=round_id)).text
    english = (await harness.slash(alice, "round", number=round_id)).text
    assert re.search(r"\nDealer: .+ \((qualifiziert|qualifiziert sich nicht)\)\n", german), german
    assert "Dealer: Einsätze geschlossen" in german and "Dealer: Austeilen" in german, german
    assert "alice: AUTOM. GEPASST" in german and "close betting" not in german
    assert re.search(r"\nDealer: .+ \((qualifies|does not qualify)\)\n", english), english
    assert "dealer: close betting" in english and "alice: AUTO FOLDED" in english, english
