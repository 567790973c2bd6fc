"""Three Card Poker played through discord.py against the fake Discord API."""

from __future__ import annotations

import pytest

from bot.i18n import restored
from render import TableSnapshot
from tests.conftest import FakeClock
from tests.harness.driver import DiscordHarness, assert_refused
from tests.harness.privacy import assert_only_these_cards_shown
from tests.harness.tables import TableDriver, opened_table


@pytest.fixture
async def tables(harness: DiscordHarness, clock: FakeClock) -> TableDriver:
    return await opened_table(harness, clock, "threecard", min_bet=10, max_bet=200, betting_seconds=30,
                              decision_seconds=30)



async def test_two_players_play_a_round_with_buttons_and_commands(
    harness: DiscordHarness, tables: TableDriver, snapshots: list[TableSnapshot],
) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    assert {"Ante 10", "Ante 50", "Rebet"} == set(tables.buttons()), "what a newcomer may press"
    placed = await tables.press(alice, "Ante 10")
    assert placed.ephemeral and "Ante 10" in placed.text
    await tables.press(alice, "Pair Plus 10")
    await tables.command(bob, "ante", amount=25)
    assert await harness.wallet(alice) == 980 and await harness.wallet(bob) == 975

    await tables.pass_time(31)
    assert "Play (= your Ante) or Fold" in tables.phase() and "commitment" in tables.phase()
    assert {"Play", "Fold", "My cards"} == set(tables.buttons())
    mine = await tables.press(alice, "My cards")
    assert mine.ephemeral and mine.files and mine.files[0]["filename"] == "my-cards.png"
    assert "Your hand:" in mine.text

    await tables.press(alice, "Play")
    assert await harness.wallet(alice) == 970, "Play, equal to the Ante, left the wallet"
    await tables.command(bob, "fold")
    assert tables.table().round is None, "everyone decided: the round settled"
    (result,) = tables.results()
    assert "Provably fair" in str(result["embeds"][0]["fields"])
    settled = tables.table().last_result
    for user in (alice, bob):
        assert await harness.wallet(user) == 1000 + settled.settlement.summary[user.id].net
    assert settled.settlement.summary[bob.id].net == -25
    await harness.audit_ok()
    assert_only_these_cards_shown(snapshots, ())


async def test_undecided_hands_are_auto_folded(harness: DiscordHarness, tables: TableDriver,
                                               snapshots: list[TableSnapshot]) -> None:
    await tables.players_ante(4)
    await tables.pass_time(31, times=2)
    (result,) = tables.results()
    nets = [field["name"].rsplit(": ", 1)[1] for field in result["embeds"][0]["fields"][:4]]
    assert nets == ["-10"] * 4, "every player auto-folded and lost the Ante, nothing more"
    actions = await harness.bot.store.round_actions(tables.table().last_result.round_id)
    assert [restored(a.label) for a in actions].count("AUTO FOLDED") == 4
    await harness.audit_ok()
    assert_only_these_cards_shown(snapshots, ())


async def test_rebet_repeats_last_rounds_bets(harness: DiscordHarness, tables: TableDriver) -> None:
    alice = harness.user("alice")
    assert_refused(await tables.press(alice, "Rebet"), "nothing to rebet")
    await tables.command(alice, "ante", amount=20)
    await tables.command(alice, "pairplus", amount=10)
    await tables.pass_time(31)
    await tables.command(alice, "fold")
    before = await harness.wallet(alice)
    rebet = await tables.press(alice, "Rebet")
    assert "Rebet: Ante 20 · Pair Plus 10" in rebet.text
    assert await harness.wallet(alice) == before - 30


async def test_bad_input_is_refused_and_changes_nothing(harness: DiscordHarness, tables: TableDriver) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    await harness.wallet(alice)
    assert_refused(await tables.command(alice, "pairplus", amount=10), "no round", "ante")
    assert_refused(await tables.command(alice, "ante", amount=500), "200")
    assert_refused(await tables.command(alice, "ante", amount=0), "from 1")
    assert_refused(await tables.command(alice, "play"), "no round")
    await tables.command(bob, "ante", amount=10)
    assert_refused(await tables.command(alice, "pairplus", amount=10), "Ante first")
    await tables.command(alice, "ante", amount=5)  # under the minimum: refused at the close
    await tables.pass_time(31)
    assert await harness.wallet(alice) == 1000, "the bet under the minimum came back"
    assert_refused(await tables.command(alice, "play"), "no hand")
    assert_refused(await tables.command(bob, "ante", amount=10), "bets are closed")
    await tables.command(bob, "play")
    await harness.audit_ok()


async def test_the_rules_page_names_every_pay(harness: DiscordHarness, tables: TableDriver) -> None:
    page = await tables.command(harness.user("reader"), "rules")
    assert page.ephemeral
    for fragment in ("queen high", "Straight Flush 40:1", "Three Of A Kind 30:1", "Straight 1:1",
                     "A-2-3 is the lowest straight"):
        assert fragment.lower() in page.text.lower(), fragment
