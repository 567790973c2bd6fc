"""The table runtime with a game played from table stacks (the "Pot" test game), no Discord.

Buy-ins and top-ups, stakes from stacks, a pooled winner-takes-all settlement with a rake or
the house paying in, voids, leaving mid-round and between rounds, closing, restarts, the
context a round opens with, and random sequences that must conserve every chip.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.catalog import declared
from bot.games.common import RuleError
from bot.store import AccountRef, Store, round_escrow
from bot.tables.actions import Amount
from bot.tables.config import TableConfig
from bot.tables.errors import TableError
from bot.tables.runtime import TableRuntime
from bot.tables.table import ActionRequest, LeaveResult, Table
from tests.conftest import FakeClock, RecordingPublisher, restarted_runtime, shut_down
from tests.stack_game import PotAdapter, PotOptions
from tests.store_helpers import overwrite_round_state

GUILD, CHANNEL, UTH_CHANNEL = 31, 41, 42
ALICE, BOB, CAROL = 501, 502, 503
START = 1000  # every wallet's starting balance



def make_runtime(store: Store, clock: FakeClock, publisher: RecordingPublisher) -> TableRuntime:
    return TableRuntime(store, {"pot": PotAdapter(), "uth": declared("uth").new_adapter()}, clock=clock,
                        publisher=publisher, seed_source=lambda: bytes(32))



@pytest.fixture
async def runtime(store: Store, clock: FakeClock,
                  publisher: RecordingPublisher) -> AsyncIterator[TableRuntime]:
    table_runtime = make_runtime(store, clock, publisher)
    await table_runtime.start()
    try:
        yield table_runtime
    finally:
        await table_runtime.stop()


async def open_pot(runtime: TableRuntime, stacks: dict[int, int] | None = None, **options: str) -> Table:
    """A pot table with ``options``, its players seated by buying in ``stacks`` in that order."""
    config = TableConfig("pot", options=PotOptions.from_dict(options))
    table = await runtime.open_table(GUILD, CHANNEL, config)
    for user, amount in (stacks or {}).items():
        await buy_in(runtime, user, amount)
    return table


def ante(user: int, amount: int, **extra: Any) -> ActionRequest:
    return ActionRequest(GUILD, CHANNEL, user, f"user{user}", "ante", Amount(amount), **extra)


async def buy_in(runtime: TableRuntime, user: int, amount: int) -> None:
    await runtime.buy_in(GUILD, CHANNEL, user, f"user{user}", amount)


async def wallet(store: Store, user: int) -> int:
    return await store.ensure_wallet(GUILD, user)


async def chips_everywhere(store: Store) -> tuple[int, int, int, int]:
    """(wallets, stacks, house, escrow) after checking the audit."""
    report = await store.audit(GUILD)
    assert report.ok, report
    return report.wallets, report.stacks, report.house, report.escrow


async def showdown(runtime: TableRuntime, clock: FakeClock) -> None:
    clock.advance(31)
    assert await runtime.fire_due() == 1


async def test_a_buy_in_seats_the_player_and_fills_the_stack(runtime: TableRuntime,
                                                             store: Store) -> None:
    table = await open_pot(runtime)
    result = await runtime.buy_in(GUILD, CHANNEL, ALICE, "alice", 300)
    assert (result.amount, result.stack, result.wallet) == (300, 300, START - 300)
    assert table.seats == {ALICE: "alice"}
    await runtime.buy_in(GUILD, CHANNEL, ALICE, "alice", 50)
    assert runtime.seating.stacks(table) == {ALICE: 350} and runtime.seating.stack_of(table, ALICE) == 350
    assert await chips_everywhere(store) == (START - 350, 350, 0, 0)
    reasons = [row.reason for row in await store.ledger(GUILD, account=AccountRef.wallet(ALICE))]
    assert reasons == ["buy-in", "buy-in", "starting balance"]


async def test_bad_buy_ins_are_refused_and_change_nothing(runtime: TableRuntime,
                                                          store: Store) -> None:
    table = await open_pot(runtime, first_buy_in="100")
    await runtime.open_table(GUILD, UTH_CHANNEL, TableConfig("uth"))
    with pytest.raises(TableError, match="played from your wallet"):
        await runtime.buy_in(GUILD, UTH_CHANNEL, ALICE, "alice", 10)
    for bad in (0, -5, True):
        with pytest.raises(TableError, match="whole number"):
            await runtime.buy_in(GUILD, CHANNEL, ALICE, "alice", bad)
    with pytest.raises(TableError, match="wallet has 1,000"):
        await runtime.buy_in(GUILD, CHANNEL, ALICE, "alice", START + 1)
    with pytest.raises(RuleError, match="at least 100"):  # the game's own check
        await runtime.buy_in(GUILD, CHANNEL, ALICE, "alice", 99)
    assert table.seats == {} and runtime.seating.stacks(table) == {}
    assert await chips_everywhere(store) == (START, 0, 0, 0)
    await runtime.buy_in(GUILD, CHANNEL, ALICE, "alice", 100)
    await runtime.buy_in(GUILD, CHANNEL, ALICE, "alice", 5)  # a short top-up after a full buy
    assert runtime.seating.stack_of(table, ALICE) == 105


async def test_winner_takes_the_pot_the_house_gets_only_the_rake(
    runtime: TableRuntime, store: Store, clock: FakeClock, publisher: RecordingPublisher
) -> None:
    table = await open_pot(runtime, {ALICE: 200, BOB: 100}, rake="3")
    first = await runtime.act(ante(ALICE, 50))
    await runtime.act(ante(BOB, 30))
    assert runtime.seating.stacks(table) == {ALICE: 150, BOB: 70}, "stakes leave the stacks"
    assert await store.balance(GUILD, round_escrow(first.round_id)) == 80
    assert await wallet(store, ALICE) == START - 200, "the wallet is not touched by play"
    await showdown(runtime, clock)
    (result,) = publisher.results
    assert result.settlement is not None and result.settlement.house_net == 3
    assert runtime.seating.stacks(table) == {ALICE: 150 + 77, BOB: 70}
    assert await chips_everywhere(store) == (2 * START - 300, 297, 3, 0)
    assert await store.balance(GUILD, round_escrow(first.round_id)) == 0
    moves = {(row.source.kind, row.target.kind, row.amount, row.reason)
             for row in await store.ledger(GUILD, round_id=first.round_id)}
    assert moves == {("stack", "escrow", 50, "bet pot"), ("stack", "escrow", 30, "bet pot"),
                     ("escrow", "stack", 77, "pot win"),
                     ("escrow", "house", 3, "to the house (rake or house bank)")}
    board = {row.user_id: row.net for row in await store.leaderboard(GUILD)}
    assert board == {ALICE: 27, BOB: -30}, "round results count, buy-ins do not"


async def test_the_house_pays_into_the_escrow_when_it_banks_and_loses(
    runtime: TableRuntime, store: Store, clock: FakeClock
) -> None:
    table = await open_pot(runtime, {ALICE: 100}, house_adds="40")
    round_id = (await runtime.act(ante(ALICE, 10))).round_id
    await showdown(runtime, clock)
    assert runtime.seating.stacks(table) == {ALICE: 90 + 50}
    assert await chips_everywhere(store) == (START - 100, 140, -40, 0)
    first_move = (await store.ledger(GUILD, round_id=round_id))[1]  # newest first
    assert (first_move.source, first_move.reason) == (AccountRef.house(), "house bank pays")


async def test_a_stake_above_the_stack_is_refused_with_a_top_up_hint(
    runtime: TableRuntime, store: Store
) -> None:
    table = await open_pot(runtime, {ALICE: 20})
    with pytest.raises(TableError, match="stack at this table has 20 chips .* /pot buyin <amount>"):
        await runtime.act(ante(ALICE, 21))
    assert table.round is None
    await runtime.act(ante(ALICE, 20))
    with pytest.raises(TableError, match="has 0 chips and this needs 1"):
        await runtime.act(ante(ALICE, 1))
    with pytest.raises(TableError, match="has 0 chips"):  # never bought in
        await runtime.act(ante(BOB, 5))
    assert await chips_everywhere(store) == (START - 20, 0, 0, 20)


async def test_no_chips_join_a_stack_during_a_round_its_owner_is_in(
    runtime: TableRuntime, store: Store, clock: FakeClock
) -> None:
    table = await open_pot(runtime, {ALICE: 100, BOB: 100})
    round_id = (await runtime.act(ante(ALICE, 10))).round_id
    with pytest.raises(TableError, match=f"playing round #{round_id}"):
        await buy_in(runtime, ALICE, 10)
    await buy_in(runtime, BOB, 10)  # Bob is not in this round: he may top up
    await buy_in(runtime, CAROL, 10)
    assert runtime.seating.stacks(table) == {ALICE: 90, BOB: 110, CAROL: 10}
    await showdown(runtime, clock)
    await buy_in(runtime, ALICE, 10)
    assert runtime.seating.stack_of(table, ALICE) == 110


async def test_leaving_between_rounds_returns_the_whole_stack_at_once(
    runtime: TableRuntime, store: Store
) -> None:
    table = await open_pot(runtime, {ALICE: 120})
    left = await runtime.leave(GUILD, CHANNEL, ALICE)
    assert left == LeaveResult(stack_returned=120)
    assert await wallet(store, ALICE) == START and runtime.seating.stacks(table) == {}
    assert await chips_everywhere(store) == (START, 0, 0, 0)
    with pytest.raises(TableError, match="not seated"):
        await runtime.leave(GUILD, CHANNEL, ALICE)


async def test_leaving_mid_round_returns_the_stack_when_the_round_settles(
    runtime: TableRuntime, store: Store, clock: FakeClock
) -> None:
    table = await open_pot(runtime, {ALICE: 100, BOB: 100})
    await runtime.act(ante(ALICE, 60))
    await runtime.act(ante(BOB, 10))
    left = await runtime.leave(GUILD, CHANNEL, ALICE)
    assert left.stack_waits_for is not None and left.stack_returned == 0
    assert await wallet(store, ALICE) == START - 100, "nothing leaves the stack mid-round"
    assert await store.balance(GUILD, AccountRef.stack(table.id, ALICE)) == 40
    await showdown(runtime, clock)
    assert await wallet(store, ALICE) == START - 100 + 40 + 70, "stack and winnings, at once"
    assert runtime.seating.stacks(table) == {BOB: 90}
    assert await chips_everywhere(store) == (2 * START - 90, 90, 0, 0)
    leaver_rows = await store.ledger(GUILD, account=AccountRef.stack(table.id, ALICE), limit=1)
    assert leaver_rows[0].reason == "left the table: stack returned"


async def test_closing_mid_round_returns_stakes_and_stacks_to_the_wallets(
    runtime: TableRuntime, store: Store, publisher: RecordingPublisher
) -> None:
    table = await open_pot(runtime, {ALICE: 100, BOB: 50})
    await runtime.act(ante(ALICE, 30))
    await runtime.leave(GUILD, CHANNEL, ALICE)  # in play: her stack waits for the round
    returned = await runtime.close_table(GUILD, CHANNEL)
    assert returned == {ALICE: 100, BOB: 50} and publisher.closed == [returned]
    assert publisher.results[-1].voided
    assert await wallet(store, ALICE) == START and await wallet(store, BOB) == START
    assert await chips_everywhere(store) == (2 * START, 0, 0, 0)
    assert runtime.table_in(CHANNEL) is None and table.stacks == {}


async def test_a_settlement_that_does_not_empty_the_escrow_is_voided_instead(
    runtime: TableRuntime, store: Store, clock: FakeClock, publisher: RecordingPublisher
) -> None:
    table = await open_pot(runtime, {ALICE: 100, BOB: 100}, misreport="5")
    round_id = (await runtime.act(ante(ALICE, 20))).round_id
    await runtime.act(ante(BOB, 10))
    await showdown(runtime, clock)
    (result,) = publisher.results
    assert result.voided and "did not add up" in result.headline
    info = await store.get_round(GUILD, round_id)
    assert info is not None and info.status == "void" and not info.players
    assert runtime.seating.stacks(table) == {ALICE: 100, BOB: 100} and table.round is None
    assert await chips_everywhere(store) == (2 * START - 200, 200, 0, 0)


async def test_a_round_opens_with_the_seats_stacks_memory_and_newcomers(
    runtime: TableRuntime, store: Store, clock: FakeClock
) -> None:
    table = await open_pot(runtime, {BOB: 100, ALICE: 80})
    await runtime.act(ante(ALICE, 30))
    assert table.round is not None
    state = table.round.state
    assert state.context_seats == [[BOB, 100], [ALICE, 80]], "seating order, stacks before stakes"
    assert state.newcomers == [ALICE, BOB] and state.context_memory == {}
    await showdown(runtime, clock)
    await buy_in(runtime, CAROL, 10)
    await runtime.act(ante(BOB, 5))
    state = table.round.state
    assert state.context_seats == [[BOB, 100], [ALICE, 80], [CAROL, 10]]
    assert state.newcomers == [BOB, CAROL], "Alice finished a hand; Bob did not play one"
    assert state.context_memory == {"button": ALICE, "rounds": 1}


async def test_stacks_and_leavers_survive_a_restart_mid_round(
    store: Store, store_location: str, clock: FakeClock, runtime: TableRuntime
) -> None:
    table = await open_pot(runtime, {ALICE: 100, BOB: 100}, rake="2")
    await runtime.act(ante(ALICE, 40))
    await runtime.act(ante(BOB, 10))
    await runtime.leave(GUILD, CHANNEL, BOB)
    await shut_down(runtime, store)

    async with restarted_runtime(store_location, make_runtime, clock) as (restarted, reopened, publisher):
        again = restarted.table_in(CHANNEL)
        assert again is not None and again.round is not None and again.id == table.id
        assert restarted.seating.stacks(again) == {ALICE: 60}
        assert again.round.state.context_memory == {}
        await showdown(restarted, clock)
        assert restarted.seating.stacks(again) == {ALICE: 60 + 48}
        assert await wallet(reopened, BOB) == START - 10, "Bob's stack came home as it ended"
        assert (await reopened.audit(GUILD)).ok
        await restarted.act(ante(ALICE, 1))
        assert again.round is not None
        assert again.round.state.context_memory == {"button": ALICE, "rounds": 1}


async def test_table_memory_with_named_keys_survives_a_restart(
    store: Store, store_location: str, clock: FakeClock, runtime: TableRuntime
) -> None:
    await open_pot(runtime, {ALICE: 100})
    await runtime.act(ante(ALICE, 10))
    await showdown(runtime, clock)
    await shut_down(runtime, store)

    async with restarted_runtime(store_location, make_runtime, clock) as (restarted, reopened, _):
        await restarted.act(ante(ALICE, 1))
        again = restarted.table_in(CHANNEL)
        assert again is not None and again.round is not None
        assert again.round.state.context_memory == {"button": ALICE, "rounds": 1}
        assert again.round.state.context_seats == [[ALICE, 100]]
        assert again.round.state.newcomers == []


async def test_after_a_restart_a_lost_round_is_voided_back_into_the_stacks(
    store: Store, store_location: str, clock: FakeClock, runtime: TableRuntime
) -> None:
    table = await open_pot(runtime, {ALICE: 100, BOB: 100})
    round_id = (await runtime.act(ante(ALICE, 25))).round_id
    await runtime.leave(GUILD, CHANNEL, ALICE)
    await shut_down(runtime, store)
    await overwrite_round_state(store_location, round_id, {"x": 1})  # a state this code cannot read

    async with restarted_runtime(store_location, make_runtime, clock) as (restarted, reopened, _):
        again = restarted.table_in(CHANNEL)
        assert again is not None and again.round is None
        assert restarted.seating.stacks(again) == {BOB: 100}
        assert await wallet(reopened, ALICE) == START, "her stake went to her stack, then home"
        assert await reopened.balance(GUILD, AccountRef.stack(table.id, ALICE)) == 0
        report = await reopened.audit(GUILD)
        assert report.ok and report.escrow == 0 and report.stacks == 100


async def test_a_round_whose_table_was_closed_returns_its_stakes_to_the_wallets(
    store: Store, clock: FakeClock, runtime: TableRuntime
) -> None:
    table = await open_pot(runtime, {ALICE: 100})
    await runtime.act(ante(ALICE, 30))
    await runtime.stop()
    await store.close_table(table.id, now=clock())  # closed behind the round's back
    assert await wallet(store, ALICE) == START - 30
    restarted = make_runtime(store, clock, RecordingPublisher())
    try:
        await restarted.start()
        assert restarted.table_in(CHANNEL) is None
        assert await wallet(store, ALICE) == START
        assert await chips_everywhere(store) == (START, 0, 0, 0)
    finally:
        await restarted.stop()


async def test_a_stack_left_behind_by_a_crash_between_leave_and_cash_out_is_returned_at_start(
    store: Store, store_location: str, clock: FakeClock, runtime: TableRuntime
) -> None:
    table = await open_pot(runtime, {ALICE: 70})
    await store.unseat_player(table.id, ALICE)  # the leave's first step, then the crash
    await runtime.stop()
    restarted = make_runtime(store, clock, RecordingPublisher())
    try:
        await restarted.start()
        assert await wallet(store, ALICE) == START
        again = restarted.table_in(CHANNEL)
        assert again is not None and restarted.seating.stacks(again) == {}
    finally:
        await restarted.stop()


async def test_wallet_games_keep_playing_from_wallets(runtime: TableRuntime, store: Store,
                                                      clock: FakeClock) -> None:
    await runtime.open_table(GUILD, UTH_CHANNEL, TableConfig("uth"))
    request = ActionRequest(GUILD, UTH_CHANNEL, ALICE, "alice", "ante", Amount(10))
    await runtime.act(request)
    assert await wallet(store, ALICE) == START - 20
    table = runtime.table_in(UTH_CHANNEL)
    assert table is not None and not table.plays_from_stacks and table.stacks == {}
    assert (await store.audit(GUILD)).stacks == 0


# -- random sequences ---------------------------------------------------------------------------

PLAYERS = (ALICE, BOB, CAROL)
# Every player starts by buying in (0: not), so that most sequences get to play rounds.
openings = st.tuples(*(st.integers(0, 400) for _ in PLAYERS)).map(
    lambda amounts: [("buyin", user, amount) for user, amount in zip(PLAYERS, amounts,
                                                                      strict=True) if amount])
# Antes and timers come up most, so that rounds open and settle; a close is rarer.
KINDS = ("ante", "ante", "ante", "ante", "buyin", "buyin", "leave", "showdown", "timer",
         "timer", "close")
steps = st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(PLAYERS),
                           st.integers(1, 150)), min_size=8, max_size=30)


async def run_steps(plan: list[tuple[str, int, int]], rake: int, house_adds: int) -> None:
    store = await Store.open(":memory:")
    clock = FakeClock()
    runtime = make_runtime(store, clock, RecordingPublisher())
    await runtime.start()
    options = PotOptions(rake=rake, house_adds=house_adds)
    try:
        for user in PLAYERS:
            await store.ensure_wallet(GUILD, user)
        await runtime.open_table(GUILD, CHANNEL, TableConfig("pot", options=options))
        for kind, user, amount in plan:
            await run_step(runtime, clock, kind, user, amount, options)
            report = await store.audit(GUILD)
            assert report.ok, report
            table = runtime.table_in(CHANNEL)
            assert table is not None
            if table.round is None:
                assert report.escrow == 0
            assert report.wallets + report.stacks + report.house + report.escrow == 3 * START
            assert runtime.seating.stacks(table) == {
                user: await store.balance(GUILD, AccountRef.stack(table.id, user))
                for user in table.seats}
        await runtime.close_table(GUILD, CHANNEL)
        report = await store.audit(GUILD)
        assert report.ok and report.stacks == 0 and report.escrow == 0
        assert report.wallets + report.house == 3 * START
    finally:
        await runtime.stop()
        await store.close()


async def run_step(runtime: TableRuntime, clock: FakeClock, kind: str, user: int, amount: int,
                   options: PotOptions) -> None:
    try:
        if kind == "buyin":
            await runtime.buy_in(GUILD, CHANNEL, user, f"user{user}", amount)
        elif kind == "ante":
            await runtime.act(ante(user, 1 + amount % 50))
        elif kind == "leave":
            await runtime.leave(GUILD, CHANNEL, user)
        elif kind == "showdown":
            await runtime.act(ActionRequest(GUILD, CHANNEL, user, f"user{user}", "showdown"))
        elif kind == "timer":
            clock.advance(31)
            await runtime.fire_due()
        else:  # close (everything goes home) and open a fresh table
            await runtime.close_table(GUILD, CHANNEL)
            await runtime.open_table(GUILD, CHANNEL, TableConfig("pot", options=options))
    except (TableError, RuleError):
        pass  # refusals are part of the sequence; the books must still hold


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opening=openings, plan=steps, rake=st.integers(0, 5), house_adds=st.integers(0, 5))
def test_random_buy_ins_rounds_and_cash_outs_conserve_every_chip(
    opening: list[tuple[str, int, int]], plan: list[tuple[str, int, int]], rake: int,
    house_adds: int
) -> None:
    asyncio.run(run_steps(opening + plan, rake, house_adds))
