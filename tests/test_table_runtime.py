"""The table runtime with UTH, no Discord: rounds, timers, dedupe, stale actions, restarts."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.catalog import declared
from bot.games.common import RuleError
from bot.i18n import restored
from bot.poker.shuffle import deck_from_seed, verify
from bot.store import AccountRef, Store
from bot.tables.config import TableConfig
from bot.tables.errors import AlreadyApplied, StaleAction, TableError
from bot.tables.runtime import TableRuntime
from bot.tables.table import ActionRequest
from bot.tables.uth import UTHTableOptions
from tests.conftest import FakeClock, RecordingPublisher, restarted_runtime, shut_down
from tests.store_helpers import overwrite_round_state

GUILD, CHANNEL = 11, 22
ALICE, BOB = 101, 202
SEED = bytes(range(32))



def make_runtime(store: Store, clock: FakeClock, publisher: RecordingPublisher) -> TableRuntime:
    return TableRuntime(store, {"uth": declared("uth").new_adapter()}, clock=clock, publisher=publisher,
                        seed_source=lambda: SEED)



@pytest.fixture
async def runtime(
    store: Store, clock: FakeClock, publisher: RecordingPublisher
) -> AsyncIterator[TableRuntime]:
    table_runtime = make_runtime(store, clock, publisher)
    await table_runtime.start()
    await table_runtime.open_table(GUILD, CHANNEL, TableConfig("uth", min_bet=10, max_bet=500))
    try:
        yield table_runtime
    finally:
        await table_runtime.stop()


UTH = declared("uth").new_adapter()


def request(user: int, action: str, arg: str = "", **extra: object) -> ActionRequest:
    """A request with its argument as a button carries it, read by the game (``"10"``)."""
    return ActionRequest(GUILD, CHANNEL, user, f"user{user}", action, UTH.actions.read_arg(action, arg),
                         **extra)  # type: ignore[arg-type]


async def wallet(store: Store, user: int) -> int:
    return await store.ensure_wallet(GUILD, user)


async def audit_ok(store: Store) -> None:
    report = await store.audit(GUILD)
    assert report.ok, report


async def play_to_showdown(runtime: TableRuntime, clock: FakeClock) -> None:
    """Close the window, then let every street time out (checks, then the river fold)."""
    for _ in range(4):
        clock.advance(61)
        await runtime.fire_due()


async def both_ante_to_pre_flop(runtime: TableRuntime, clock: FakeClock) -> None:
    """Alice and Bob ante 10 each and the betting window closes: the pre-flop decision is on."""
    await runtime.act(request(ALICE, "ante", "10"))
    await runtime.act(request(BOB, "ante", "10"))
    clock.advance(31)
    await runtime.fire_due()


async def test_a_round_from_first_ante_to_settlement(runtime: TableRuntime, store: Store,
                                                     clock: FakeClock, publisher: RecordingPublisher) -> None:
    result = await runtime.act(request(ALICE, "ante", "20"))
    await runtime.act(request(BOB, "ante", "10"))
    await runtime.act(request(BOB, "trips", "10"))
    assert await wallet(store, ALICE) == 1000 - 40, "Ante and Blind leave the wallet at once"
    assert await wallet(store, BOB) == 1000 - 30
    table = runtime.table_in(CHANNEL)
    assert table is not None and table.round is not None and table.round.id == result.round_id
    clock.advance(31)
    assert await runtime.fire_due() == 1
    assert table.adapter.phase_text(table.round.state).startswith("Pre-flop")
    await runtime.act(request(ALICE, "raise", "4"))
    await runtime.act(request(BOB, "check"))
    assert table.adapter.phase_text(table.round.state).startswith("Flop")
    await runtime.act(request(BOB, "check"))
    await runtime.act(request(BOB, "raise", "1"))
    assert table.round is None, "the round settled when the last decision came in"
    (finished,) = publisher.results
    assert finished.settlement is not None and not finished.voided
    for seat, summary in finished.settlement.summary.items():
        assert await wallet(store, seat) == 1000 + summary.net
    await audit_ok(store)
    info = await store.get_round(GUILD, result.round_id)
    assert info is not None and info.status == "settled" and info.seed == SEED.hex()
    dealt = info.state["dealt"]
    assert dealt == [str(card) for card in deck_from_seed(SEED)[: len(dealt)]]
    assert verify(info.seed, info.commitment, dealt)


async def test_timeouts_auto_check_then_auto_fold(runtime: TableRuntime, store: Store,
                                                  clock: FakeClock, publisher: RecordingPublisher) -> None:
    await runtime.act(request(ALICE, "ante", "10"))
    await play_to_showdown(runtime, clock)
    (finished,) = publisher.results
    labels = [restored(action.label) for action in await store.round_actions(finished.round_id)]
    assert labels.count("AUTO CHECKED") == 2 and labels.count("AUTO FOLDED") == 1
    assert await wallet(store, ALICE) == 1000 - 20
    await audit_ok(store)


async def test_the_same_interaction_twice_acts_once(runtime: TableRuntime, store: Store,
                                                    clock: FakeClock) -> None:
    await both_ante_to_pre_flop(runtime, clock)
    await runtime.act(request(ALICE, "raise", "4", interaction_id=555))
    with pytest.raises(AlreadyApplied):
        await runtime.act(request(ALICE, "raise", "4", interaction_id=555))
    assert await wallet(store, ALICE) == 1000 - 20 - 40
    await audit_ok(store)


async def test_a_double_click_on_one_rendering_acts_once(runtime: TableRuntime, store: Store) -> None:
    first = await runtime.act(request(ALICE, "ante", "10"))
    click = dict(round_id=first.round_id, version=1)
    await runtime.act(request(ALICE, "ante", "10", interaction_id=1, **click))
    with pytest.raises(AlreadyApplied):
        await runtime.act(request(ALICE, "ante", "10", interaction_id=2, **click))
    assert await wallet(store, ALICE) == 1000 - 40
    await audit_ok(store)


async def test_a_second_decision_on_one_street_is_refused(runtime: TableRuntime, clock: FakeClock) -> None:
    await both_ante_to_pre_flop(runtime, clock)
    await runtime.act(request(ALICE, "check"))
    with pytest.raises(RuleError):
        await runtime.act(request(ALICE, "raise", "4"))


async def test_buttons_of_a_finished_round_are_stale(runtime: TableRuntime, clock: FakeClock) -> None:
    first = await runtime.act(request(ALICE, "ante", "10"))
    await play_to_showdown(runtime, clock)
    with pytest.raises(StaleAction, match=f"round #{first.round_id}"):
        await runtime.act(request(ALICE, "check", round_id=first.round_id, version=3))
    second = await runtime.act(request(ALICE, "ante", "10", round_id=0, version=0))
    assert second.round_id > first.round_id
    clock.advance(31)
    await runtime.fire_due()
    with pytest.raises(StaleAction, match="being played"):
        await runtime.act(request(BOB, "ante", "10", round_id=0, version=0))


async def test_not_seated_players_cannot_decide(runtime: TableRuntime, clock: FakeClock) -> None:
    await runtime.act(request(ALICE, "ante", "10"))
    clock.advance(31)
    await runtime.fire_due()
    with pytest.raises(TableError, match="not seated"):
        await runtime.act(request(BOB, "check"))


async def test_a_bet_over_the_balance_changes_nothing(runtime: TableRuntime, store: Store) -> None:
    await store.update_guild_settings(GUILD, starting_balance=30)
    with pytest.raises(TableError, match="enough chips"):
        await runtime.act(request(ALICE, "ante", "20"))
    table = runtime.table_in(CHANNEL)
    assert table is not None and table.round is None
    assert await wallet(store, ALICE) == 30
    await audit_ok(store)


async def test_a_crash_after_the_last_action_is_saved_but_before_settlement_settles_on_restart(
        store: Store, store_location: str, clock: FakeClock, runtime: TableRuntime,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The last decision is saved with the round's state; the process dies before the
    settlement is recorded. Nothing is left to wait for, so no timer would ever fire: the
    restart settles the round at once (found by the SIGKILL test)."""
    await both_ante_to_pre_flop(runtime, clock)
    await runtime.act(request(ALICE, "raise", "4"))

    async def killed(table: object) -> None:
        raise KeyboardInterrupt  # the process stops here, before the settlement's transaction

    monkeypatch.setattr(runtime.settler, "settle", killed)
    with pytest.raises(KeyboardInterrupt):
        await runtime.act(request(BOB, "raise", "4"))
    monkeypatch.undo()
    await shut_down(runtime, store)

    async with restarted_runtime(store_location, make_runtime, clock) as (restarted, reopened, publisher):
        (finished,) = publisher.results
        assert finished.settlement is not None and not finished.voided
        table = restarted.table_in(CHANNEL)
        assert table is not None and table.round is None, "the round is settled, not left open"
        for seat, summary in finished.settlement.summary.items():
            assert await wallet(reopened, seat) == 1000 + summary.net
        report = await reopened.audit(GUILD)
        assert report.ok and report.escrow == 0


async def test_a_restart_mid_round_resumes_it(store: Store, store_location: str, clock: FakeClock,
                                              runtime: TableRuntime) -> None:
    await both_ante_to_pre_flop(runtime, clock)
    await runtime.act(request(ALICE, "raise", "3"))
    await shut_down(runtime, store)

    async with restarted_runtime(store_location, make_runtime, clock) as (restarted, reopened, publisher):
        table = restarted.table_in(CHANNEL)
        assert table is not None and table.round is not None
        assert table.adapter.phase_text(table.round.state).startswith("Pre-flop")
        assert table.round.deadline is not None, "the timer is re-armed"
        with pytest.raises(RuleError):
            await restarted.act(request(ALICE, "check"))  # already raised before the crash
        await play_to_showdown(restarted, clock)
        (finished,) = publisher.results
        assert finished.settlement is not None
        for seat, summary in finished.settlement.summary.items():
            assert await wallet(reopened, seat) == 1000 + summary.net
        report = await reopened.audit(GUILD)
        assert report.ok and report.escrow == 0


async def test_an_unresumable_round_is_voided_with_stakes_returned(
    store: Store, store_location: str, clock: FakeClock, runtime: TableRuntime
) -> None:
    result = await runtime.act(request(ALICE, "ante", "25"))
    await runtime.act(request(BOB, "ante", "10"))
    await runtime.act(request(BOB, "trips", "15"))
    await shut_down(runtime, store)
    # A state this code cannot read.
    await overwrite_round_state(store_location, result.round_id, {"phase": "mystery"})

    async with restarted_runtime(store_location, make_runtime, clock) as (restarted, reopened, publisher):
        assert [r.voided for r in publisher.results] == [True]
        assert await wallet(reopened, ALICE) == 1000 and await wallet(reopened, BOB) == 1000
        info = await reopened.get_round(GUILD, result.round_id)
        assert info is not None and info.status == "void"
        report = await reopened.audit(GUILD)
        assert report.ok and report.escrow == 0


async def test_closing_a_table_mid_round_refunds_everyone(runtime: TableRuntime, store: Store,
                                                          publisher: RecordingPublisher,
                                                          clock: FakeClock) -> None:
    await both_ante_to_pre_flop(runtime, clock)
    await runtime.act(request(ALICE, "raise", "4"))
    refunds = await runtime.close_table(GUILD, CHANNEL)
    assert refunds == {ALICE: 60, BOB: 20}
    assert await wallet(store, ALICE) == 1000 and await wallet(store, BOB) == 1000
    assert runtime.table_in(CHANNEL) is None and publisher.closed == [refunds]
    await audit_ok(store)


async def test_leaving_mid_round_plays_the_hand_by_timeouts(runtime: TableRuntime, store: Store,
                                                            clock: FakeClock,
                                                            publisher: RecordingPublisher) -> None:
    await both_ante_to_pre_flop(runtime, clock)
    await runtime.leave(GUILD, CHANNEL, BOB)
    await runtime.act(request(ALICE, "check"))
    await runtime.act(request(ALICE, "check"))
    await runtime.act(request(ALICE, "fold"))
    (finished,) = publisher.results
    logged = await store.round_actions(finished.round_id)
    bob_actions = [restored(a.label) for a in logged if a.user_id == BOB]
    assert bob_actions[-3:] == ["AUTO CHECKED", "AUTO CHECKED", "AUTO FOLDED"]
    assert await wallet(store, BOB) == 1000 - 20
    await audit_ok(store)


async def test_leaving_during_betting_takes_the_bets_back(runtime: TableRuntime, store: Store) -> None:
    await runtime.act(request(ALICE, "ante", "10"))
    await runtime.act(request(BOB, "ante", "30"))
    await runtime.leave(GUILD, CHANNEL, BOB)
    assert await wallet(store, BOB) == 1000
    await audit_ok(store)


async def test_config_changes_only_between_rounds(runtime: TableRuntime) -> None:
    config = await runtime.configure(GUILD, CHANNEL, min_bet=20, options={"dealer_qualifier": "pair"})
    assert config.min_bet == 20 and config.options_as(UTHTableOptions).dealer_qualifier == "pair"
    await runtime.act(request(ALICE, "ante", "20"))
    with pytest.raises(TableError, match="between rounds"):
        await runtime.configure(GUILD, CHANNEL, min_bet=30)


async def test_a_player_sits_at_most_at_four_tables(runtime: TableRuntime) -> None:
    for channel in (23, 24, 25):
        await runtime.open_table(GUILD, channel, TableConfig("uth"))
        await runtime.join(GUILD, channel, ALICE, "alice")
    await runtime.join(GUILD, CHANNEL, ALICE, "alice")
    await runtime.open_table(GUILD, 26, TableConfig("uth"))
    with pytest.raises(TableError, match="4 tables"):
        await runtime.join(GUILD, 26, ALICE, "alice")
    assert AccountRef.wallet(ALICE).user_id == ALICE


async def test_a_double_click_on_the_idle_tables_ante_button_acts_once(runtime: TableRuntime,
                                                                         store: Store) -> None:
    click = dict(round_id=0, version=0)
    await runtime.act(request(ALICE, "ante", "10", interaction_id=1, **click))
    with pytest.raises(AlreadyApplied):
        await runtime.act(request(ALICE, "ante", "10", interaction_id=2, **click))
    await runtime.act(request(BOB, "ante", "10", interaction_id=3, **click))
    assert await wallet(store, ALICE) == 1000 - 20 and await wallet(store, BOB) == 1000 - 20
    await audit_ok(store)
