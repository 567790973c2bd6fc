"""Rounds recorded with their movements, the leaderboard and history."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.store import (
    AccountRef,
    HistoryRow,
    InsufficientFunds,
    InvalidAmount,
    LeaderRow,
    Movement,
    RoundHeader,
    RoundMoney,
    Store,
    StoreError,
)

GUILD = 1
CHANNEL = 500
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14
HOUSE = AccountRef.house()
DAY = 86400.0


@pytest.fixture
async def store(store_location: str) -> AsyncIterator[Store]:
    store = await Store.open(store_location)
    await store.transfer(GUILD, [Movement(AccountRef.mint(), HOUSE, 1_000_000, "bankroll")])
    yield store
    await store.close()


def round_movements(escrow: AccountRef, results: dict[int, tuple[int, int]]) -> list[Movement]:
    """Bets into escrow, the house covering winnings or taking losses, payouts from escrow."""
    movements = [Movement(AccountRef.wallet(u), escrow, w, "bet") for u, (w, _) in results.items()]
    wagered = sum(w for w, _ in results.values())
    returned = sum(r for _, r in results.values())
    if returned > wagered:
        movements.append(Movement(HOUSE, escrow, returned - wagered, "house pays"))
    elif wagered > returned:
        movements.append(Movement(escrow, HOUSE, wagered - returned, "house wins"))
    movements += [Movement(escrow, AccountRef.wallet(u), r, "payout")
                  for u, (_, r) in results.items() if r]
    return movements


async def play(
    store: Store, results: dict[int, tuple[int, int]], *, game: str = "uth", now: float = 0.0,
    guild_id: int = GUILD,
) -> int:
    escrow = AccountRef.escrow(f"test:{game}:{now}:{sorted(results)}")
    return await store.record_round(
        guild_id, RoundHeader(game, CHANNEL), RoundMoney(results, round_movements(escrow, results)), now=now)


async def test_record_round_writes_round_players_and_movements_together(store: Store) -> None:
    escrow = AccountRef.escrow("table:500")
    results = {ALICE: (100, 250), BOB: (100, 0)}
    header = RoundHeader("uth", CHANNEL, "c0ffee", "5eed", {"board": ["As", "Kd"], "winner": ALICE})
    round_id = await store.record_round(
        GUILD, header, RoundMoney(results, round_movements(escrow, results)), now=1000.0)
    info = await store.get_round(GUILD, round_id)
    assert info is not None
    assert (info.status, info.game, info.channel_id, info.settled_at) == (
        "settled", "uth", CHANNEL, 1000.0,
    )
    assert (info.commitment, info.seed) == ("c0ffee", "5eed")
    assert info.state == {"board": ["As", "Kd"], "winner": ALICE}
    assert info.players == {ALICE: (100, 250), BOB: (100, 0)}
    rows = await store.ledger(GUILD, round_id=round_id)
    assert len(rows) == 4 and {row.round_id for row in rows} == {round_id}  # 2 bets, 2 out
    assert await store.balance(GUILD, AccountRef.wallet(ALICE)) == 1150
    assert await store.balance(GUILD, AccountRef.wallet(BOB)) == 900
    assert await store.balance(GUILD, escrow) == 0
    assert (await store.audit(GUILD)).ok
    assert await store.get_round(2, round_id) is None  # another guild cannot read it


async def test_game_numbers_increase(store: Store) -> None:
    first = await play(store, {ALICE: (10, 0)})
    second = await play(store, {ALICE: (10, 20)}, now=1.0)
    assert second > first


async def test_a_round_whose_movements_overdraw_records_nothing(store: Store) -> None:
    await store.ensure_wallet(GUILD, ALICE)
    escrow = AccountRef.escrow("round:x")
    movements = [
        Movement(AccountRef.wallet(ALICE), escrow, 500, "bet"),
        Movement(escrow, AccountRef.wallet(ALICE), 1500, "payout"),  # escrow only holds 500
    ]
    with pytest.raises(InsufficientFunds):
        await store.record_round(GUILD, RoundHeader("uth", CHANNEL),
                                 RoundMoney({ALICE: (500, 1500)}, movements), now=5.0)
    assert await store.leaderboard(GUILD) == []
    assert await store.history(GUILD, ALICE) == ([], 0)
    assert await store.ledger(GUILD, account=escrow) == []
    assert await store.balance(GUILD, AccountRef.wallet(ALICE)) == 1000
    assert (await store.audit(GUILD)).ok


@pytest.mark.parametrize("pair", [(-1, 0), (0, -5), (True, 0), (1.5, 0), (1, "2")])
async def test_invalid_results_are_refused(store: Store, pair: tuple[int, int]) -> None:
    with pytest.raises(InvalidAmount):
        await store.record_round(GUILD, RoundHeader("uth", CHANNEL), RoundMoney({ALICE: pair}, []),
                                 now=0.0)
    assert await store.history(GUILD, ALICE) == ([], 0)


async def test_an_open_round_takes_bets_then_settles_once(store: Store) -> None:
    round_id = await store.start_round(
        GUILD, RoundHeader("hcf", CHANNEL, commitment="hash", state={"phase": "betting"}), now=10.0)
    escrow = AccountRef.escrow(f"round:{round_id}")
    await store.transfer(GUILD, [Movement(AccountRef.wallet(ALICE), escrow, 50, "ante")],
                         round_id=round_id)
    opened = await store.get_round(GUILD, round_id)
    assert opened is not None and opened.status == "open" and opened.settled_at is None
    assert await store.leaderboard(GUILD) == []  # open rounds do not count yet
    payout = [Movement(escrow, AccountRef.wallet(ALICE), 50, "push")]
    settled_id = await store.record_round(
        GUILD, RoundHeader("hcf", CHANNEL, seed="seed", state={"result": "push"}),
        RoundMoney({ALICE: (50, 50)}, payout), now=20.0, round_id=round_id)
    assert settled_id == round_id
    info = await store.get_round(GUILD, round_id)
    assert info is not None
    assert (info.status, info.commitment, info.seed, info.settled_at) == (
        "settled", "hash", "seed", 20.0,
    )
    assert len(await store.ledger(GUILD, round_id=round_id)) == 2
    with pytest.raises(StoreError, match="not an open round"):
        await store.record_round(GUILD, RoundHeader("hcf", CHANNEL), RoundMoney({}, payout), now=30.0,
                                 round_id=round_id)
    assert await store.balance(GUILD, AccountRef.wallet(ALICE)) == 1000
    assert (await store.audit(GUILD)).ok


# -- leaderboard ----------------------------------------------------------------------------

async def seed_rounds(store: Store) -> None:
    await play(store, {ALICE: (100, 400)}, game="uth", now=1 * DAY)         # alice +300
    await play(store, {BOB: (100, 200), CAROL: (100, 0)}, game="hcf", now=2 * DAY)
    await play(store, {BOB: (50, 150)}, game="uth", now=8 * DAY)             # bob +100 +100
    await play(store, {CAROL: (10, 0), DAVE: (10, 210)}, game="hcf", now=9 * DAY)
    await play(store, {DAVE: (100, 0)}, game="uth", now=9.5 * DAY)           # dave +200 -100
    await play(store, {ALICE: (999, 0)}, game="uth", guild_id=2, now=9 * DAY)  # other guild


async def test_leaderboard_ranks_net_winnings(store: Store) -> None:
    await seed_rounds(store)
    assert await store.leaderboard(GUILD) == [
        LeaderRow(rank=1, user_id=ALICE, net=300, rounds=1),
        LeaderRow(rank=2, user_id=BOB, net=200, rounds=2),
        LeaderRow(rank=3, user_id=DAVE, net=100, rounds=2),
        LeaderRow(rank=4, user_id=CAROL, net=-110, rounds=2),
    ]
    assert [row.user_id for row in await store.leaderboard(GUILD, limit=2)] == [ALICE, BOB]


async def test_leaderboard_filters_by_game_and_since(store: Store) -> None:
    await seed_rounds(store)
    uth = await store.leaderboard(GUILD, game="uth")
    assert [(row.user_id, row.net) for row in uth] == [(ALICE, 300), (BOB, 100), (DAVE, -100)]
    week = await store.leaderboard(GUILD, since=7 * DAY)
    assert [(row.user_id, row.net) for row in week] == [(BOB, 100), (DAVE, 100), (CAROL, -10)]
    assert [row.rank for row in week] == [1, 1, 3]  # a tie shares its rank
    week_hcf = await store.leaderboard(GUILD, game="hcf", since=7 * DAY)
    assert [(row.user_id, row.net) for row in week_hcf] == [(DAVE, 200), (CAROL, -10)]
    assert await store.leaderboard(GUILD, game="chinese") == []


async def test_rank_of_gives_the_callers_own_row(store: Store) -> None:
    await seed_rounds(store)
    assert await store.rank_of(GUILD, CAROL) == LeaderRow(4, CAROL, -110, 2)
    assert await store.rank_of(GUILD, DAVE, since=7 * DAY) == LeaderRow(1, DAVE, 100, 2)
    assert await store.rank_of(GUILD, CAROL, game="uth") is None
    assert await store.rank_of(2, ALICE) == LeaderRow(1, ALICE, -999, 1)


# -- history --------------------------------------------------------------------------------

async def test_history_pages_newest_first_with_a_total(store: Store) -> None:
    ids = [await play(store, {ALICE: (10 + i, 2 * i)}, now=float(i)) for i in range(7)]
    await play(store, {BOB: (5, 0)}, now=100.0)
    first_page, total = await store.history(GUILD, ALICE, limit=5)
    assert total == 7
    assert [row.round_id for row in first_page] == ids[::-1][:5]
    assert first_page[0] == HistoryRow(
        round_id=ids[6], game="uth", channel_id=CHANNEL, wagered=16, returned=12, net=-4,
        settled_at=6.0,
    )
    second_page, total = await store.history(GUILD, ALICE, offset=5, limit=5)
    assert total == 7 and [row.round_id for row in second_page] == ids[1::-1]
    assert await store.history(GUILD, ALICE, offset=10) == ([], 7)
    assert await store.history(2, ALICE) == ([], 0)


async def test_a_leaderboard_is_read_beside_the_writer_and_sees_every_commit(store_location: str) -> None:
    """A slow read (a leaderboard, a rank, a history) runs on the read connection (SQLite) or
    another of the pool's (PostgreSQL): it neither waits for a write in progress nor holds every
    table's writes up behind it, and it sees what was committed the moment before."""
    on_file = await Store.open(store_location)
    try:
        await on_file.transfer(GUILD, [Movement(AccountRef.mint(), HOUSE, 1_000_000, "bankroll")])
        await play(on_file, {ALICE: (10, 30)})
        (top,) = await on_file.leaderboard(GUILD)
        assert (top.user_id, top.net) == (ALICE, 20), "the read connection sees the last commit"

        writing, release = asyncio.Event(), asyncio.Event()

        async def long_write() -> None:
            async with on_file._transaction():  # the writer's lock, held as a slow write would
                writing.set()
                await release.wait()

        writer = asyncio.create_task(long_write())
        await writing.wait()
        try:
            async with asyncio.timeout(2):
                board = await on_file.leaderboard(GUILD)
                assert await on_file.rank_of(GUILD, ALICE) == board[0]
                assert (await on_file.history(GUILD, ALICE))[1] == 1
        finally:
            release.set()
            await writer
    finally:
        await on_file.close()
    with pytest.raises(StoreError, match="closed"):
        await on_file.leaderboard(GUILD)
