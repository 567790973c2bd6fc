"""Chinese Poker on the table runtime, without Discord: the button rule, the deal as soon as a
hand opens, a restart in the middle of a hand, the dealt cards against the revealed seed, the
showdown picture, and random hands that must conserve every chip and never touch the house."""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import render
from bot.catalog import declared
from bot.games.chinese import Phase, auto_arrange
from bot.poker import verify
from bot.store import AccountRef, Store
from bot.tables.actions import NO_ARG, ActionArg, CardList, HandParts
from bot.tables.chinese import ChineseTableOptions
from bot.tables.config import TableConfig
from bot.tables.runtime import TableRuntime
from bot.tables.table import ActionRequest, Table
from tests.conftest import FakeClock

GUILD, CHANNEL = 61, 71
ALICE, BOB, CAROL, DAVE = 601, 602, 603, 604
NAMES = {ALICE: "alice", BOB: "bob", CAROL: "carol", DAVE: "dave"}


# -- the runtime ----------------------------------------------------------------------------------
def make_runtime(store: Store, clock: FakeClock, seed: bytes = bytes(32)) -> TableRuntime:
    return TableRuntime(store, {"chinese": declared("chinese").new_adapter()}, clock=clock,
                        seed_source=lambda: seed)


async def open_table(runtime: TableRuntime, *, point_value: int = 10, on_timeout: str = "auto-set") -> Table:
    return await runtime.open_table(GUILD, CHANNEL, TableConfig(
        "chinese", decision_seconds=60,
        options=ChineseTableOptions(point_value=point_value, on_timeout=on_timeout)))  # type: ignore[arg-type]


async def act(runtime: TableRuntime, user: int, action: str, arg: ActionArg = NO_ARG) -> None:
    await runtime.act(ActionRequest(GUILD, CHANNEL, user, NAMES[user], action, arg))


async def deal(runtime: TableRuntime, table: Table, user: int) -> None:
    """Deal; the runtime deals at once (the opening window is 0 s), by its timer."""
    await act(runtime, user, "deal")
    assert table.round is not None and table.round.deadline == runtime.clock()
    await runtime.fire_due()
    assert table.round.state.phase is Phase.SETTING


async def house(store: Store) -> int:
    return await store.balance(GUILD, AccountRef.house())


async def test_a_hand_survives_a_restart_with_its_drafts_and_timer(store: Store, clock: FakeClock) -> None:
    runtime = make_runtime(store, clock)
    await runtime.start()
    table = await open_table(runtime)
    for user in (ALICE, BOB, CAROL):
        await runtime.buy_in(GUILD, CHANNEL, user, NAMES[user], 200)
    await deal(runtime, table, ALICE)
    hand = table.round.state.hand
    proposal = auto_arrange(hand.hand_of(ALICE)).arrangement
    await act(runtime, ALICE, "front", CardList(tuple(proposal.front)))
    await act(runtime, BOB, "auto")
    await act(runtime, BOB, "confirm")
    deadline, round_id = table.round.deadline, table.round.id
    await runtime.stop()

    restarted = make_runtime(store, clock)
    await restarted.start()
    again = restarted.table_in(CHANNEL)
    assert again is not None and again.round is not None and again.round.id == round_id
    assert again.round.deadline == deadline
    resumed = again.round.state.hand
    assert resumed.players[ALICE].front == tuple(sorted(proposal.front, reverse=True))
    assert resumed.players[BOB].is_set and resumed.pending_seats() == (ALICE, CAROL)
    clock.advance(61)
    await restarted.fire_due()
    assert again.round is None and again.last_result is not None and not again.last_result.voided
    assert sum(restarted.seating.stacks(again).values()) == 600
    assert (await store.audit(GUILD)).ok and await house(store) == 0
    await restarted.stop()


async def test_a_hand_opened_but_not_dealt_when_the_bot_stopped_is_dealt_on_restart(
        store: Store, clock: FakeClock) -> None:
    runtime = make_runtime(store, clock)
    await runtime.start()
    table = await open_table(runtime)
    for user in (ALICE, BOB):
        await runtime.buy_in(GUILD, CHANNEL, user, NAMES[user], 200)
    await runtime.stop()  # no timer runs from here: the deal never happened
    restarted = make_runtime(store, clock)
    await restarted.start()
    assert table.round is None
    await restarted.act(ActionRequest(GUILD, CHANNEL, ALICE, "alice", "deal"))
    again = restarted.table_in(CHANNEL)
    assert again is not None and again.round is not None and again.round.state.phase is Phase.DEALING
    await restarted.stop()  # between the opening and the deal

    third = make_runtime(store, clock)
    await third.start()
    resumed = third.table_in(CHANNEL)
    assert resumed is not None and resumed.round is not None
    await third.fire_due()
    assert resumed.round.state.phase is Phase.SETTING
    await third.stop()


async def test_the_dealt_cards_are_the_revealed_seeds_deck(store: Store, clock: FakeClock) -> None:
    seed = bytes(range(32))
    runtime = make_runtime(store, clock, seed)
    await runtime.start()
    table = await open_table(runtime)
    for user in (ALICE, BOB):
        await runtime.buy_in(GUILD, CHANNEL, user, NAMES[user], 200)
    await deal(runtime, table, ALICE)
    clock.advance(61)
    await runtime.fire_due()
    result = table.last_result
    assert result is not None
    info = await store.get_round(GUILD, result.round_id)
    assert info is not None and info.state is not None
    dealt = info.state["dealt"]
    assert len(dealt) == 52 and verify(info.seed, info.commitment, dealt)
    await runtime.stop()


async def test_the_showdown_picture_draws_every_hand(store: Store, clock: FakeClock) -> None:
    runtime = make_runtime(store, clock)
    await runtime.start()
    table = await open_table(runtime, on_timeout="foul")
    for user in (ALICE, BOB, CAROL):
        await runtime.buy_in(GUILD, CHANNEL, user, NAMES[user], 200)
    await deal(runtime, table, ALICE)
    await act(runtime, ALICE, "auto")
    await act(runtime, ALICE, "confirm")
    await act(runtime, BOB, "auto")
    await act(runtime, BOB, "confirm")
    clock.advance(61)  # carol's hand is fouled
    await runtime.fire_due()
    result = table.last_result
    assert result is not None
    adapter = declared("chinese").new_adapter()
    picture = adapter.showdown_snapshot(result.snapshot_state, table.config, NAMES, "t", "f")
    assert [hand.name for hand in picture.hands] == ["alice (button)", "bob", "carol"]
    assert [len(hand.rows) for hand in picture.hands] == [3, 3, 1]  # carol's 13 cards, not set
    assert picture.hands[2].note == "FOULED: The hand was not set in time."
    assert sum("beats" in line or "push" in line for line in picture.lines) == 3  # every pair
    assert any(" paid " in line for line in picture.lines)
    png = render.showdown_png(picture)
    assert png.startswith(b"\x89PNG")
    await runtime.stop()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_random_hands_conserve_every_chip_and_never_touch_the_house(seed: int, players: int) -> None:
    asyncio.run(play_random_hands(random.Random(seed), players))


async def play_random_hands(rnd: random.Random, players: int) -> None:
    """Three hands (or until one player is left with chips), each player setting their hand
    by the auto-arrange, a fouled hand, a named legal hand, or the timer."""
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "casino.sqlite3")
        clock = FakeClock()
        runtime = TableRuntime(store, {"chinese": declared("chinese").new_adapter()}, clock=clock,
                               seed_source=lambda: rnd.randbytes(32))
        try:
            await runtime.start()
            table = await open_table(runtime, on_timeout=rnd.choice(["auto-set", "foul"]))
            seated = [ALICE, BOB, CAROL, DAVE][:players]
            for user in seated:
                await runtime.buy_in(GUILD, CHANNEL, user, NAMES[user], rnd.choice([200, 350]))
            total = sum(runtime.seating.stacks(table).values())
            for _ in range(3):
                with_chips = [user for user in seated if runtime.seating.stack_of(table, user) > 0]
                if len(with_chips) < 2:
                    break
                await deal(runtime, table, with_chips[0])
                for user in list(table.round.state.hand.pending_seats()):
                    await set_at_random(runtime, table, user, rnd)
                if table.round is not None:
                    clock.advance(61)
                    await runtime.fire_due()
                assert table.round is None
                assert sum(runtime.seating.stacks(table).values()) == total
                assert (await store.audit(GUILD)).ok and await house(store) == 0
        finally:
            await runtime.stop()
            await store.close()


async def set_at_random(runtime: TableRuntime, table: Table, user: int, rnd: random.Random) -> None:
    cards = list(table.round.state.hand.hand_of(user))
    choice = rnd.choice(["auto", "foul", "timer", "set"])
    if choice == "auto":
        await act(runtime, user, "auto")
        await act(runtime, user, "confirm")
    elif choice == "foul":
        rnd.shuffle(cards)
        await act(runtime, user, "set", HandParts(tuple(cards[:3]), tuple(cards[3:8])))
        if table.round is not None and user in table.round.state.hand.pending_seats():  # fouled: a draft
            await act(runtime, user, "confirmfoul")
    elif choice == "set":
        best = auto_arrange(cards).arrangement
        await act(runtime, user, "set", HandParts(tuple(best.front), tuple(best.middle)))
