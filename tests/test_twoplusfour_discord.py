"""2 Plus 4 Poker played through discord.py against the fake Discord API, with fixed decks."""

from __future__ import annotations

import copy

import pytest

from bot.i18n import restored
from tests.conftest import FakeClock
from tests.harness.driver import DiscordHarness, FakeUser, Reply, assert_refused
from tests.harness.tables import TableDriver, decide_every_box, opened_table

DEALER_QUALIFIES = bytes(32)  # with the layouts below, the dealer's six hold Ace-King or better
TWO_PLAYERS_DEALER_MISSES = bytes([1]) + bytes(31)  # alice's 4 boxes and bob's 1: no Ace-King
TRIPS_FOR_ALICE = bytes([0, 2]) + bytes(30)  # one box: 6d Ah 6c Jh 6h, three of a kind


@pytest.fixture
async def tables(harness: DiscordHarness, clock: FakeClock) -> TableDriver:
    return await opened_table(harness, clock, "twoplusfour", min_bet=10, max_bet=500)




async def ante(harness: DiscordHarness, tables: TableDriver, user: FakeUser, box: int, amount: int) -> Reply:
    reply = await harness.slash(user, "twoplusfour ante", box=box, amount=amount)
    await tables.settle()
    return reply


async def test_one_player_with_open_and_blind_boxes_plays_a_whole_round(
    harness: DiscordHarness, tables: TableDriver
) -> None:
    harness.use_deck(DEALER_QUALIFIES)
    alice = harness.user("alice")
    for box, amount in ((1, 20), (2, 10), (3, 10), (4, 10)):
        await ante(harness, tables, alice, box, amount)
    await harness.slash(alice, "twoplusfour bonus", box=1, amount=5)
    # Boxes 1-2 are open; 3-4 blind, their BET (2 x Ante) staked with the Ante.
    assert await harness.wallet(alice) == 1000 - 50 - 2 * 20 - 5
    await tables.pass_time(31)
    assert "Decisions" in tables.phase()
    mine = await tables.press(alice, "My cards")
    assert mine.ephemeral and mine.files and "deciding box 1" in mine.text
    await decide_every_box(tables, [alice], exchange_box=1)
    result = tables.table().last_result
    assert result.settlement is not None and not result.voided
    bets = {line.bet for line in result.settlement.lines}
    assert {"box1 ante", "box1 bet", "box3 ante", "box3 bet", "box1 bonus"} <= bets
    assert await harness.wallet(alice) == 1000 + result.settlement.summary[alice.id].net
    (posted,) = tables.results()
    assert "qualifies" in posted["embeds"][0]["description"]
    await harness.audit_ok()


async def test_one_open_and_two_blind_boxes_play_a_whole_round(harness: DiscordHarness,
                                                                tables: TableDriver) -> None:
    harness.use_deck(DEALER_QUALIFIES)
    alice = harness.user("alice")
    for box in (1, 2, 3):
        await ante(harness, tables, alice, box, 10)
    assert await harness.wallet(alice) == 1000 - 30 - 20  # box 3 is blind: its BET is staked
    chosen = await harness.slash(alice, "twoplusfour open", boxes=1)
    await tables.settle()
    assert "1 open box" in chosen.text, chosen.text
    assert await harness.wallet(alice) == 1000 - 30 - 2 * 20  # box 2 turned blind too
    assert_refused(await harness.slash(alice, "twoplusfour open", boxes=3), "")
    await tables.pass_time(31)
    state = tables.table().round.state
    assert state.seats[alice.id].order == (1,)
    await decide_every_box(tables, [alice], exchange_box=1)
    result = tables.table().last_result
    assert result.settlement is not None and not result.voided
    assert {"box2 bet", "box3 bet"} <= {line.bet for line in result.settlement.lines}
    assert await harness.wallet(alice) == 1000 + result.settlement.summary[alice.id].net
    await harness.audit_ok()


async def test_a_larger_second_open_ante_is_played_first(harness: DiscordHarness,
                                                        tables: TableDriver) -> None:
    """RULES.md: the larger open box is always played first, so the second open box's Ante can
    never exceed the first's: box 2 with the larger Ante is not refused, it goes first."""
    harness.use_deck(DEALER_QUALIFIES)
    alice = harness.user("alice")
    await ante(harness, tables, alice, 1, 10)
    await ante(harness, tables, alice, 2, 30)
    await tables.pass_time(31)
    mine = await tables.press(alice, "My cards")
    assert "deciding box 2" in mine.text, mine.text
    await decide_every_box(tables, [alice], exchange_box=1)
    await harness.audit_ok()


async def test_insurance_above_the_table_cap_is_refused(harness: DiscordHarness,
                                                        tables: TableDriver) -> None:
    harness.use_deck(TRIPS_FOR_ALICE)
    admin, alice = harness.user("pit-boss", admin=True), harness.user("alice")
    configured = await harness.slash(admin, "table config", max_bet=100, max_payout=150)
    assert "updated" in configured.text and "150" in configured.text, configured.text
    await ante(harness, tables, alice, 1, 100)
    await tables.pass_time(31)
    before = await harness.wallet(alice)
    assert_refused(await harness.slash(alice, "twoplusfour bet", insurance=151), "150")
    assert await harness.wallet(alice) == before
    accepted = await harness.slash(alice, "twoplusfour bet", insurance=150)
    await tables.settle()
    assert "BET" in accepted.text.upper(), accepted.text
    result = tables.table().last_result  # alice was the only player: the round is settled
    assert result.settlement is not None
    staked = {line.bet: line.staked for line in result.settlement.lines}
    assert staked["box1 insurance"] == 150 and staked["box1 bet"] == 200
    assert await harness.wallet(alice) == 1000 + result.settlement.summary[alice.id].net
    await harness.audit_ok()


async def test_fold_after_a_buy_is_refused_when_the_dealer_shows_no_kings(
    harness: DiscordHarness, tables: TableDriver
) -> None:
    harness.use_deck(DEALER_QUALIFIES)  # one box: the dealer's four up-cards are 6c Kh 8h 7s
    alice = harness.user("alice")
    await ante(harness, tables, alice, 1, 10)
    await tables.pass_time(31)
    bought = await harness.slash(alice, "twoplusfour buy")
    await tables.settle()
    assert "buy" in bought.text.lower(), bought.text
    before = await harness.wallet(alice)
    assert_refused(await harness.slash(alice, "twoplusfour fold"), "")
    assert await harness.wallet(alice) == before
    assert tables.table().round.state.seats[alice.id].boxes[1].bet == 20  # the BET was forced
    await harness.audit_ok()


async def test_two_players_at_one_table_and_the_exchange(harness: DiscordHarness,
                                                         tables: TableDriver) -> None:
    harness.use_deck(TWO_PLAYERS_DEALER_MISSES)
    alice, bob = harness.user("alice"), harness.user("bob")
    for box, amount in ((1, 20), (2, 10), (3, 10), (4, 10)):
        await ante(harness, tables, alice, box, amount)
    joined = await tables.press(bob, "Box 1: Ante 10")
    assert "ANTE" in joined.text.upper(), joined.text
    await tables.pass_time(31)
    await decide_every_box(tables, [alice, bob], exchange_box=1)
    result = tables.table().last_result
    assert result.settlement is not None
    actions = [restored(a.label) for a in await harness.bot.store.round_actions(result.round_id)]
    assert actions.count("GO ON: exchange on box 1") == 2, actions
    exchanged = [line for line in result.settlement.lines if line.outcome == "exchange"]
    assert {line.bet for line in exchanged} == {"box1 ante"} and len(exchanged) == 2
    for player in (alice, bob):
        assert await harness.wallet(player) == 1000 + result.settlement.summary[player.id].net
    await harness.audit_ok()


async def test_bad_input_is_refused_and_changes_nothing(harness: DiscordHarness,
                                                        tables: TableDriver) -> None:
    harness.use_deck(DEALER_QUALIFIES)
    alice, bob = harness.user("alice"), harness.user("bob")
    await ante(harness, tables, alice, 1, 100)
    assert_refused(await ante(harness, tables, alice, 2, 10), "factor")
    assert_refused(await harness.slash(alice, "twoplusfour fold"), "")
    assert_refused(await harness.slash(alice, "twoplusfour insurance", box=1, amount=10), "")
    assert_refused(await ante(harness, tables, bob, 1, 0), "from 1")
    await ante(harness, tables, alice, 2, 50)
    await ante(harness, tables, alice, 3, 50)  # blind
    await tables.pass_time(31)
    # Acting on a blind box: it has no Buy, Fold or Bet of its own.
    state = tables.table().round.state
    assert state.current_box(alice.id) in (1, 2)
    assert_refused(await harness.slash(alice, "twoplusfour insurance", box=3, amount=10), "box 3")
    assert_refused(await harness.slash(bob, "twoplusfour bet"), "not seated")
    message = copy.deepcopy(tables.message())
    bet = tables.buttons()["Bet"]
    replies = await harness.deliver(harness.component_payload(alice, message, bet),
                                    harness.component_payload(alice, message, bet))
    await tables.settle()
    assert sum("BET" in r.text for r in replies) == 1, [r.text for r in replies]
    await harness.audit_ok()


async def test_rules_show_the_strategy_and_our_figures(harness: DiscordHarness,
                                                       tables: TableDriver) -> None:
    rules = await harness.slash(harness.user("alice"), "twoplusfour rules")
    assert rules.ephemeral
    assert "Strategy:" in rules.text and "95% CI" in rules.text and "Dealer qualifies" in rules.text
