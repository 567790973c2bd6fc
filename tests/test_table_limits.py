"""Ante limits as the seeds set them: Imperial and 2 Plus 4 have no maximum Ante unless an admin
sets one ("es gibt keinen Höchsteinsatz"), while their payout caps still hold; Ultimate Texas
Hold'em and High Card Flush always have one."""

from __future__ import annotations

import pytest

from bot.store import AccountRef
from tests.conftest import FakeClock
from tests.harness.driver import DiscordHarness
from tests.harness.fake_discord import CHANNEL_MESSAGE
from tests.harness.tables import EACH_BOXED_GAME, TableDriver
from tests.test_distinct_buttons import dealer_misses


@pytest.fixture
def tables(harness: DiscordHarness, clock: FakeClock) -> TableDriver:
    return TableDriver(harness, clock)


@pytest.mark.parametrize(("game", "name"), [("imperial", "Imperial Poker"),
                                            ("twoplusfour", "2 Plus 4 Poker")])
async def test_a_new_boxed_table_has_no_maximum_ante_and_an_admin_can_set_and_clear_one(
    harness: DiscordHarness, tables: TableDriver, game: str, name: str,
) -> None:
    admin, alice = harness.user("pit-boss", admin=True), harness.user("alice")
    opened = await harness.slash(admin, "table open", game=game, min_bet=10)
    await tables.settle()
    assert "Bets 10 and up (no maximum)" in opened.text
    assert tables.table().config.max_bet is None
    assert "bets 10 and up (no maximum)" in tables.message()["embeds"][0]["footer"]["text"]
    assert "Antes 10 and up (no maximum)" in (await harness.slash(alice, f"{game} rules")).text

    await harness.bot.store.grant(harness.guild_id, alice.id, 1_000_000, reason="high roller")
    placed = await harness.slash(alice, f"{game} ante", box=1, amount=100_000)
    assert placed.text.startswith("box 1: Ante 100,000 · round #"), placed.text
    await harness.slash(alice, f"{game} undo")

    await tables.pass_time(31)  # the window closes with no bets: the table is between rounds
    assert tables.table().round is None
    limited = await harness.slash(admin, "table config", max_bet=500)
    assert "10–500" in limited.text and tables.table().config.max_bet == 500
    refused = await harness.slash(alice, f"{game} ante", box=1, amount=501)
    assert refused.ephemeral and "over the table maximum of 500" in refused.text
    await harness.slash(alice, f"{game} undo")
    await tables.pass_time(31)
    cleared = await harness.slash(admin, "table config", max_bet=0)
    assert "10 and up (no maximum)" in cleared.text and tables.table().config.max_bet is None
    await harness.audit_ok()


@EACH_BOXED_GAME
async def test_without_a_maximum_ante_the_payout_cap_still_holds(
    harness: DiscordHarness, tables: TableDriver, game: str,
) -> None:
    """An Ante of 25,000 against a dealer who does not qualify wins 1:1, capped at the table's
    20,000 per box and bet (and per player per round)."""
    admin, alice = harness.user("pit-boss", admin=True), harness.user("alice")
    await harness.slash(admin, "table open", game=game, min_bet=10)
    await tables.settle()
    dealer = tables.table().adapter.boxed_game.dealer.cards
    seed = dealer_misses(dealer, boxes=1)
    harness.use_deck(seed)
    await harness.bot.store.grant(harness.guild_id, alice.id, 100_000, reason="high roller")
    await harness.slash(alice, f"{game} ante", box=1, amount=25_000)
    await tables.pass_time(31)
    await tables.press(alice, "Bet")
    while tables.table().round is not None:
        await tables.press(alice, "Go on")
    summary = tables.table().last_result.settlement.summary[alice.id]
    assert summary.net == 20_000, summary
    assert await harness.bot.store.balance(harness.guild_id, AccountRef.wallet(alice.id)) == 121_000
    await harness.audit_ok()


@pytest.mark.parametrize(("game", "name"), [("uth", "Ultimate Texas Hold'em"), ("hcf", "High Card Flush")])
async def test_games_with_a_maximum_ante_refuse_to_have_none(harness: DiscordHarness, tables: TableDriver,
                                                            game: str, name: str) -> None:
    admin = harness.user("pit-boss", admin=True)
    refused = await harness.slash(admin, "table open", game=game, max_bet=0)
    assert refused.type == CHANNEL_MESSAGE and refused.ephemeral
    assert f"{name} needs a maximum Ante" in refused.text
    opened = await harness.slash(admin, "table open", game=game)
    assert "Bets 10–1,000" in opened.text
    await tables.settle()
    kept = await harness.slash(admin, "table config", max_bet=0)
    assert f"{name} needs a maximum Ante" in kept.text and tables.table().config.max_bet == 1_000
