"""Game nights' books (#38): entries, rebuys, the end's prizes, and no chip created or lost.

The prize split is worked through by hand; the store's events run on both databases; a property
test drives random sequences of event operations and holds the guild's and the events' audits
and every wallet to what fees and prizes alone may change."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.economies import event_economy, is_event_economy, is_practice_economy, practice_economy
from bot.events import DEFAULT_SPLIT, EventError, EventSpec, parse_split, prizes
from bot.store import AccountRef, InsufficientFunds, Movement, RoundHeader, Store, round_escrow
from bot.store.event_store import RoundsInPlayError
from tests.harness.postgres import Databases
from tests.stats_helpers import Seat, record

GUILD = 1_180_000_000_000_000_000 + 12_345  # a snowflake-sized id: its shard is in its high bits
ANN, BEN, CAT, DAN = 101, 102, 103, 104
START = dt.datetime(2026, 11, 27, 19, tzinfo=dt.UTC).timestamp()
HOUR = 3600.0
NIGHT = EventSpec(name="Friday Night", channel_id=55, games=("uth", "hcf"), starts_at=START,
                  ends_at=START + 3 * HOUR, stack=1000, fee=100, rebuys=True)


# -- the prize split, worked by hand -------------------------------------------------------------

def test_the_pool_goes_50_30_20_to_the_three_biggest_stacks() -> None:
    standings = [(ANN, 800), (BEN, 2500), (CAT, 0), (DAN, 1200)]
    assert prizes(400, DEFAULT_SPLIT, standings) == {BEN: 200, DAN: 120, ANN: 80}


def test_rounding_leftovers_go_to_first_place_and_the_whole_pool_is_paid() -> None:
    assert prizes(101, DEFAULT_SPLIT, [(ANN, 3), (BEN, 2), (CAT, 1)]) == {ANN: 51, BEN: 30, CAT: 20}


def test_tied_stacks_share_their_places_prizes_earlier_joiner_first_for_an_odd_chip() -> None:
    # Ben and Cat tie for second: they share second's and third's 50 chips; Ann wins first.
    assert prizes(100, DEFAULT_SPLIT, [(ANN, 9), (BEN, 5), (CAT, 5), (DAN, 1)]) == {ANN: 50, BEN: 25, CAT: 25}
    # Three tie for first on 101 chips: 34, 34, 33, the odd chips to the earlier joiners.
    assert prizes(101, DEFAULT_SPLIT, [(BEN, 7), (ANN, 7), (CAT, 7)]) == {BEN: 34, ANN: 34, CAT: 33}
    # Four tie for third: third's 20 shared by four, Dan not left out for having joined last.
    assert prizes(100, DEFAULT_SPLIT, [(ANN, 9), (BEN, 8), (CAT, 1), (DAN, 1)]) == {
        ANN: 50, BEN: 30, CAT: 10, DAN: 10}


def test_fewer_finishers_than_paid_places_scale_the_shares_up_to_the_whole_pool() -> None:
    assert prizes(100, DEFAULT_SPLIT, [(ANN, 5), (BEN, 10)]) == {BEN: 63, ANN: 37}  # 50:30 of 100
    assert prizes(100, DEFAULT_SPLIT, [(ANN, 5)]) == {ANN: 100}
    assert prizes(0, DEFAULT_SPLIT, [(ANN, 5)]) == {}
    assert prizes(100, DEFAULT_SPLIT, []) == {}


SPLITS = st.sampled_from([(100,), (60, 40), DEFAULT_SPLIT, (40, 25, 15, 10, 10)])


@given(pool=st.integers(0, 10**12), split=SPLITS,
       stacks=st.lists(st.integers(0, 10**6), max_size=12))
def test_the_whole_pool_is_paid_and_a_bigger_stack_never_wins_less(pool: int, split: tuple[int, ...],
                                                                    stacks: list[int]) -> None:
    standings = list(enumerate(stacks))
    won = prizes(pool, split, standings)
    assert sum(won.values()) == (pool if standings else 0)
    for member, stack in standings:
        for other, other_stack in standings:
            if stack > other_stack:
                assert won.get(member, 0) >= won.get(other, 0)


def test_a_split_is_percentages_that_add_up_to_100_and_never_rise() -> None:
    assert parse_split("60/30/10") == (60, 30, 10) and parse_split("100") == (100,)
    assert parse_split("50, 30, 20") == DEFAULT_SPLIT
    eleven_places = "/".join(["10"] * 10 + ["0"])
    for wrong in ("50/30", "50/30/30", "20/30/50", "abc", "", "0/100", "-10/110", eleven_places):
        with pytest.raises(EventError):
            parse_split(wrong)


@pytest.mark.parametrize(("change", "now"), [
    ({"ends_at": START - 1}, START),  # an end in the past
    ({"ends_at": START + HOUR, "starts_at": START + 2 * HOUR}, START - HOUR),  # ends before it starts
    ({"stack": 0}, START), ({"stack": -5}, START), ({"stack": 10**13}, START),
    ({"fee": -1}, START), ({"name": "   "}, START), ({"name": "x" * 41}, START), ({"games": ()}, START),
    ({"ends_at": START + 40 * 86400}, START),
])
def test_a_spec_no_event_can_run_on_is_refused(change: dict[str, object], now: float) -> None:
    with pytest.raises(EventError):
        dataclasses.replace(NIGHT, **change).check(now)  # type: ignore[arg-type]


def test_an_events_economy_is_no_guilds_and_no_practice_tables() -> None:
    first_guild = 41_771_983_423_143_936  # Discord's own, among the first ids ever made
    assert event_economy(1) == -(2**40 + 1) and event_economy(2**40 - 1) > -first_guild
    assert is_event_economy(event_economy(1)) and not is_practice_economy(event_economy(7))
    assert is_practice_economy(practice_economy(GUILD))
    assert not is_event_economy(practice_economy(first_guild))
    with pytest.raises(ValueError):
        event_economy(0)


# -- the store -----------------------------------------------------------------------------------

async def open_store(location: str) -> Store:
    store = await Store.open(location)
    for member in (ANN, BEN, CAT, DAN):
        await store.grant(GUILD, member, 500)  # 1,000 starting chips + 500
    return store


async def wallets(store: Store) -> dict[int, int]:
    return {member: await store.balance(GUILD, AccountRef.wallet(member)) for member in (ANN, BEN, CAT, DAN)}


async def test_an_event_night_from_entries_to_prizes(store_location: str) -> None:
    store = await open_store(store_location)
    try:
        before = await wallets(store)
        event = await store.create_event(GUILD, NIGHT, now=START - HOUR)
        with pytest.raises(EventError, match="already an event named"):
            await store.create_event(GUILD, dataclasses.replace(NIGHT, name="  friday   NIGHT "), now=START)
        for member in (ANN, BEN, CAT):
            entry = await store.join_event(GUILD, event.id, member, now=START)
            assert entry.buys == 1
        with pytest.raises(EventError, match="already joined"):
            await store.join_event(GUILD, event.id, ANN, now=START + 1)
        assert await store.event_stacks(GUILD, event.id) == {ANN: 1000, BEN: 1000, CAT: 1000}
        assert await store.balance(GUILD, AccountRef.wallet(ANN)) == before[ANN] - 100

        # Rounds in the event's economy: Ann wins 600 from the house, Ben loses his whole stack.
        economy = event.economy
        await record(store, economy, "uth", START + 60, {ANN: Seat(200, 800), BEN: Seat(1000, 0)})
        with pytest.raises(EventError, match="rebuy once your event stack is empty"):
            await store.rebuy_event(GUILD, event.id, ANN, now=START + 70)
        with pytest.raises(EventError, match="not joined"):
            await store.rebuy_event(GUILD, event.id, DAN, now=START + 70)
        rebought = await store.rebuy_event(GUILD, event.id, BEN, now=START + 70)
        assert rebought.buys == 2
        await record(store, economy, "hcf", START + 120, {BEN: Seat(100, 250), CAT: Seat(100, 0)})
        assert await store.event_stacks(GUILD, event.id) == {ANN: 1600, BEN: 1150, CAT: 900}
        audit = await store.event_audit(GUILD, event.id)
        assert audit is not None and audit.ok and audit.given == 4000
        assert audit.results == 600 - 1000 + 150 - 100
        guild_audit = await store.audit(GUILD)
        assert guild_audit.ok and guild_audit.escrow == 400 and guild_audit.event_minted == 4000

        # An open round holds the end back; once it is settled the end pays 400 as 200/120/80.
        opened = await store.start_round(economy, RoundHeader("uth", 1), now=START + 3 * HOUR - 5)
        await store.transfer(economy, [Movement(AccountRef.wallet(ANN), round_escrow(opened), 100, "ante")],
                             round_id=opened)
        in_play = await store.event_audit(GUILD, event.id)
        assert in_play is not None and in_play.ok and in_play.in_play == 100 and in_play.stacks == 3550
        assert await store.events_to_end(now=START + 3 * HOUR) == [await store.event_by_id(GUILD, event.id)]
        with pytest.raises(RoundsInPlayError):
            await store.end_event(GUILD, event.id, now=START + 3 * HOUR)
        await store.void_round(economy, opened, reason="test", now=START + 3 * HOUR + 1)
        result = await store.end_event(GUILD, event.id, now=START + 3 * HOUR + 2)
        assert result is not None and result.pool == 400
        assert [(entry.user_id, entry.final_stack, entry.prize) for entry in result.entries] == [
            (ANN, 1600, 200), (BEN, 1150, 120), (CAT, 900, 80)]
        assert await store.end_event(GUILD, event.id, now=START + 3 * HOUR + 3) is None, "ended once"
        assert await store.events_to_end(now=START + 4 * HOUR) == []
        kept = await store.event_result(GUILD, event.id)
        assert kept is not None and kept.entries == result.entries
        assert kept.prizes == {ANN: 200, BEN: 120, CAT: 80}

        # Wallets changed by fees and prizes only; the books balance.
        after = await wallets(store)
        assert {member: after[member] - before[member] for member in after} == {
            ANN: -100 + 200, BEN: -200 + 120, CAT: -100 + 80, DAN: 0}
        final = await store.audit(GUILD)
        assert final.ok and final.escrow == 0 and final.event_chips == 4000
        with pytest.raises(EventError, match="is over"):
            await store.join_event(GUILD, event.id, DAN, now=START + 4 * HOUR)
    finally:
        await store.close()


async def test_refused_entries_move_nothing(store_location: str) -> None:
    store = await open_store(store_location)
    try:
        dear = dataclasses.replace(NIGHT, fee=10_000, rebuys=False)
        rich = await store.create_event(GUILD, dear, now=START)
        before = await wallets(store)
        with pytest.raises(InsufficientFunds):
            await store.join_event(GUILD, rich.id, ANN, now=START)
        assert await store.event_stacks(GUILD, rich.id) == {}
        closed = await store.create_event(GUILD, dataclasses.replace(NIGHT, name="Closed", fee=0), now=START)
        await store.set_event_entries(GUILD, closed.id, is_open=False)
        with pytest.raises(EventError, match="closed"):
            await store.join_event(GUILD, closed.id, BEN, now=START)
        free = await store.create_event(GUILD, dataclasses.replace(NIGHT, name="Free", fee=0, rebuys=False),
                                        now=START)
        await store.join_event(GUILD, free.id, CAT, now=START)
        lost = Movement(AccountRef.wallet(CAT), AccountRef.house(), 1000, "lost")
        await store.transfer(free.economy, [lost])
        with pytest.raises(EventError, match="no rebuys"):
            await store.rebuy_event(GUILD, free.id, CAT, now=START)
        with pytest.raises(EventError, match="no such event"):
            await store.join_event(GUILD, 9999, CAT, now=START)
        assert await wallets(store) == before
        assert (await store.audit(GUILD)).ok
        result = await store.end_event(GUILD, free.id, now=START + 5 * HOUR)
        assert result is not None and result.pool == 0 and result.prizes == {}
    finally:
        await store.close()


# -- no sequence of event operations creates or loses a chip -----------------------------------------

MEMBERS = st.sampled_from([ANN, BEN, CAT, DAN])
operations = st.lists(st.one_of(
    st.tuples(st.just("join"), MEMBERS),
    st.tuples(st.just("rebuy"), MEMBERS),
    st.tuples(st.just("play"), MEMBERS, st.integers(1, 1500), st.sampled_from([0, 1, 2, 3])),
    st.tuples(st.just("end"),),
), max_size=25)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=operations, fee=st.sampled_from([0, 1, 99, 250]), split=SPLITS)
async def test_no_sequence_of_event_operations_creates_or_loses_a_chip(
    databases: Databases, backend: str, steps: list[tuple], fee: int, split: tuple[int, ...]
) -> None:
    async with databases.store(backend) as (store, _):
        for member in (ANN, BEN, CAT, DAN):
            await store.ensure_wallet(GUILD, member)
        event = await store.create_event(GUILD, dataclasses.replace(NIGHT, fee=fee, split=split), now=START)
        before = await wallets(store)
        fees = {member: 0 for member in before}
        now = START
        for step in steps:
            now += 10
            try:
                await _apply(store, event.id, event.economy, step, now, fees, fee)
            except (EventError, InsufficientFunds):
                pass
        audit = await store.audit(GUILD)
        assert audit.ok, audit
        books = await store.event_audit(GUILD, event.id)
        assert books is not None and books.ok, books
        ended = await store.event_result(GUILD, event.id)
        after = await wallets(store)
        (pool,) = [await store.balance(GUILD, AccountRef.escrow(f"event:{event.id}"))]
        prizes_paid = ended.prizes if ended else {}
        for member in before:
            assert after[member] == before[member] - fees[member] + prizes_paid.get(member, 0)
        assert pool + sum(prizes_paid.values()) == sum(fees.values())
        if ended is not None:
            assert pool == 0, "an ended event's pool is paid out whole"


async def _apply(store: Store, event_id: int, economy: int, step: tuple, now: float, fees: dict[int, int],
                 fee: int) -> None:
    kind, *args = step
    if kind == "join":
        await store.join_event(GUILD, event_id, args[0], now=now)
        fees[args[0]] += fee
    elif kind == "rebuy":
        await store.rebuy_event(GUILD, event_id, args[0], now=now)
        fees[args[0]] += fee
    elif kind == "play":  # a round against the event's house: lost, push, won, won double
        member, bet, multiple = args
        if (await store.event_stacks(GUILD, event_id)).get(member, 0) >= bet:
            await record(store, economy, "uth", now, {member: Seat(bet, bet * multiple)})
    else:
        await store.end_event(GUILD, event_id, now=now)
