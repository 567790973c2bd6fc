"""Wallets, transfers, typed errors, settings and daily claims."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from decimal import Decimal
from typing import Any

import pytest

from bot.store import (
    MAX_AMOUNT,
    AccountRef,
    GuildSettings,
    InsufficientFunds,
    InvalidAmount,
    InvalidTransfer,
    Movement,
    Store,
    StoreError,
)
from tests.store_helpers import books, wallets

GUILD = 1
ALICE, BOB, CAROL = 11, 12, 13
HOUSE = AccountRef.house()
ESCROW = AccountRef.escrow("round:1")


@pytest.fixture
async def store(store_location: str) -> AsyncIterator[Store]:
    store = await Store.open(store_location)
    yield store
    await store.close()


async def assert_audit_ok(store: Store, guild_id: int = GUILD) -> None:
    report = await store.audit(guild_id)
    assert report.ok, report


# -- wallets and starting balance ------------------------------------------------------------

async def test_first_sight_mints_the_starting_balance_once(store: Store) -> None:
    assert await store.ensure_wallet(GUILD, ALICE) == 1000
    assert await store.ensure_wallet(GUILD, ALICE) == 1000
    rows = await store.ledger(GUILD, account=AccountRef.wallet(ALICE))
    assert [(r.source, r.amount, r.reason) for r in rows] == [
        (AccountRef.mint(), 1000, "starting balance")
    ]
    report = await store.audit(GUILD)
    assert (report.wallets, report.minted, report.ok) == (1000, 1000, True)


async def test_guilds_have_separate_economies(store: Store) -> None:
    await store.ensure_wallet(1, ALICE)
    await store.grant(2, ALICE, 5)
    assert await store.balance(1, AccountRef.wallet(ALICE)) == 1000
    assert await store.balance(2, AccountRef.wallet(ALICE)) == 1005
    assert [r.guild_id for r in await store.audit_all()] == [1, 2]
    assert all(r.ok for r in await store.audit_all())


async def test_balance_of_an_unseen_account_is_zero_and_creates_nothing(store: Store) -> None:
    assert await store.balance(GUILD, AccountRef.wallet(ALICE)) == 0
    assert await store.balance(GUILD, ESCROW) == 0
    assert await store.audit_all() == []


async def test_starting_balance_follows_the_guild_setting(store: Store) -> None:
    await store.update_guild_settings(GUILD, starting_balance=0)
    assert await store.ensure_wallet(GUILD, ALICE) == 0
    assert await store.ledger(GUILD) == []
    await store.update_guild_settings(GUILD, starting_balance=42)
    assert await store.ensure_wallet(GUILD, BOB) == 42
    await assert_audit_ok(store)


async def test_a_gift_to_a_new_member_comes_on_top_of_their_starting_balance(store: Store) -> None:
    assert await store.give(GUILD, ALICE, BOB, 100) == (900, 1100)
    await assert_audit_ok(store)


# -- settings -----------------------------------------------------------------------------------

async def test_settings_default_and_change_per_guild(store: Store) -> None:
    assert await store.guild_settings(GUILD) == GuildSettings(1000, 250, 86400)
    changed = await store.update_guild_settings(GUILD, daily_amount=10, daily_cooldown_seconds=60)
    assert changed == GuildSettings(1000, 10, 60)
    assert await store.guild_settings(GUILD) == changed
    assert await store.guild_settings(2) == GuildSettings(1000, 250, 86400)


@pytest.mark.parametrize(
    "changes",
    [
        {"starting_balance": -1},
        {"daily_amount": MAX_AMOUNT + 1},
        {"daily_amount": True},
        {"daily_amount": 2.5},
        {"daily_cooldown_seconds": 10**9},
        {"no_such_setting": 1},
    ],
)
async def test_invalid_settings_are_refused(store: Store, changes: dict[str, Any]) -> None:
    with pytest.raises(StoreError):
        await store.update_guild_settings(GUILD, **changes)
    assert await store.guild_settings(GUILD) == GuildSettings()


async def test_settings_survive_a_reopen(store_location: str) -> None:
    path = store_location
    store = await Store.open(path)
    await store.update_guild_settings(GUILD, starting_balance=7)
    await store.close()
    store = await Store.open(path)
    try:
        assert (await store.guild_settings(GUILD)).starting_balance == 7
        assert await store.ensure_wallet(GUILD, ALICE) == 7
    finally:
        await store.close()


# -- amounts ------------------------------------------------------------------------------------

BAD_AMOUNTS = ["10", 10.0, 1.5, True, False, None, Decimal(10), 0, -1, -MAX_AMOUNT, MAX_AMOUNT + 1]


@pytest.mark.parametrize("amount", BAD_AMOUNTS, ids=repr)
async def test_invalid_amounts_raise_and_change_nothing(store: Store, amount: Any) -> None:
    await store.ensure_wallet(GUILD, ALICE)
    await store.ensure_wallet(GUILD, BOB)
    accounts = [*wallets(ALICE, BOB), HOUSE, ESCROW]
    before = await books(store, GUILD, accounts)
    with pytest.raises(InvalidAmount):
        await store.grant(GUILD, ALICE, amount)
    with pytest.raises(InvalidAmount):
        await store.give(GUILD, ALICE, BOB, amount)
    good = Movement(AccountRef.wallet(ALICE), ESCROW, 5, "bet")
    with pytest.raises(InvalidAmount):
        await store.transfer(GUILD, [good, Movement(AccountRef.wallet(BOB), HOUSE, amount, "x")])
    assert await books(store, GUILD, accounts) == before


def test_invalid_amount_is_a_store_error_and_a_value_error() -> None:
    assert issubclass(InvalidAmount, StoreError) and issubclass(InvalidAmount, ValueError)
    assert issubclass(InsufficientFunds, StoreError)
    assert issubclass(InvalidTransfer, StoreError)


async def test_the_largest_amount_is_accepted(store: Store) -> None:
    assert await store.grant(GUILD, ALICE, MAX_AMOUNT) == MAX_AMOUNT + 1000
    await assert_audit_ok(store)


# -- overdrafts -------------------------------------------------------------------------------

async def test_an_overdraft_raises_with_the_figures_and_changes_nothing(store: Store) -> None:
    await store.give(GUILD, ALICE, BOB, 400)
    accounts = wallets(ALICE, BOB)
    before = await books(store, GUILD, accounts)
    with pytest.raises(InsufficientFunds) as caught:
        await store.give(GUILD, ALICE, BOB, 601)
    error = caught.value
    assert (error.account, error.balance, error.needed) == (AccountRef.wallet(ALICE), 600, 601)
    assert "you have 600" in str(error) and "need 601" in str(error)
    assert await books(store, GUILD, accounts) == before


async def test_a_transfer_whose_last_movement_overdraws_changes_nothing(store: Store) -> None:
    for user in (ALICE, BOB, CAROL):
        await store.ensure_wallet(GUILD, user)
    await store.transfer(GUILD, [Movement(AccountRef.mint(), HOUSE, 50, "bankroll")])
    accounts = [*wallets(ALICE, BOB, CAROL), HOUSE, ESCROW]
    before = await books(store, GUILD, accounts)
    movements = [
        Movement(AccountRef.wallet(ALICE), ESCROW, 100, "bet"),
        Movement(AccountRef.wallet(BOB), ESCROW, 100, "bet"),
        Movement(ESCROW, AccountRef.wallet(ALICE), 150, "win"),
        Movement(ESCROW, HOUSE, 50, "rake"),
        Movement(AccountRef.wallet(CAROL), HOUSE, 1001, "overdraw"),
    ]
    with pytest.raises(InsufficientFunds) as caught:
        await store.transfer(GUILD, movements)
    assert caught.value.account == AccountRef.wallet(CAROL)
    assert (caught.value.balance, caught.value.needed) == (1000, 1001)
    assert await books(store, GUILD, accounts) == before


async def test_a_new_member_who_overdraws_is_still_seen_with_their_starting_balance(
    store: Store,
) -> None:
    with pytest.raises(InsufficientFunds) as caught:
        await store.give(GUILD, ALICE, BOB, 1001)
    assert (caught.value.balance, caught.value.needed) == (1000, 1001)
    assert await store.balance(GUILD, AccountRef.wallet(ALICE)) == 1000
    await assert_audit_ok(store)


async def test_an_empty_escrow_cannot_pay_out(store: Store) -> None:
    await store.ensure_wallet(GUILD, ALICE)
    before = await books(store, GUILD, [AccountRef.wallet(ALICE), ESCROW])
    with pytest.raises(InsufficientFunds) as caught:
        await store.transfer(GUILD, [Movement(ESCROW, AccountRef.wallet(ALICE), 1, "win")])
    assert (caught.value.account, caught.value.balance, caught.value.needed) == (ESCROW, 0, 1)
    assert "escrow round:1" in str(caught.value)
    assert await books(store, GUILD, [AccountRef.wallet(ALICE), ESCROW]) == before


async def test_chips_may_pass_through_an_account_within_one_transfer(store: Store) -> None:
    # Escrow starts empty: only the end state of the transaction has to be covered.
    await store.transfer(GUILD, [
        Movement(AccountRef.wallet(ALICE), ESCROW, 100, "bet"),
        Movement(ESCROW, AccountRef.wallet(BOB), 70, "win"),
        Movement(ESCROW, HOUSE, 30, "rake"),
    ])
    assert [await store.balance(GUILD, ref) for ref in [*wallets(ALICE, BOB), ESCROW, HOUSE]] == [
        900, 1070, 0, 30,
    ]
    assert len(await store.ledger(GUILD, account=ESCROW)) == 3
    await assert_audit_ok(store)


async def test_only_the_mint_and_the_house_go_negative(store: Store) -> None:
    await store.grant(GUILD, ALICE, 250, reason="prize")
    assert await store.balance(GUILD, AccountRef.mint()) == -1250
    assert (await store.ledger(GUILD, limit=1))[0].reason == "prize"
    # The house is the casino's unlimited bank: it pays a winner even from zero.
    await store.transfer(GUILD, [Movement(HOUSE, AccountRef.wallet(ALICE), 7, "winnings")])
    assert await store.balance(GUILD, HOUSE) == -7
    with pytest.raises(InsufficientFunds):
        await store.transfer(GUILD, [Movement(AccountRef.escrow("r:1"), HOUSE, 1, "x")])
    await assert_audit_ok(store)


async def test_giving_to_oneself_is_refused(store: Store) -> None:
    await store.ensure_wallet(GUILD, ALICE)
    with pytest.raises(InvalidTransfer, match="yourself"):
        await store.give(GUILD, ALICE, ALICE, 10)
    with pytest.raises(InvalidTransfer):
        await store.transfer(GUILD, [Movement(HOUSE, HOUSE, 1, "loop")])
    assert await store.balance(GUILD, AccountRef.wallet(ALICE)) == 1000


async def test_the_largest_transfer_posts_whole_and_a_larger_one_is_refused(store: Store) -> None:
    # Worst case for the single posting statement: every movement between two new accounts.
    widest = [Movement(AccountRef.mint(), AccountRef.escrow(f"pot:{i}"), 1, "seed")
              for i in range(500)]
    widest += [Movement(AccountRef.escrow(f"pot:{i}"), AccountRef.escrow(f"side:{i}"), 1, "move")
               for i in range(500)]
    await store.transfer(GUILD, widest)
    assert await store.balance(GUILD, AccountRef.escrow("side:499")) == 1
    report = await store.audit(GUILD)
    assert report.ok and report.escrow == report.minted == 500
    with pytest.raises(InvalidTransfer):
        await store.transfer(GUILD, [*widest, widest[0]])


async def test_a_movement_without_a_reason_is_refused(store: Store) -> None:
    with pytest.raises(InvalidTransfer):
        await store.transfer(GUILD, [Movement(AccountRef.wallet(ALICE), HOUSE, 1, "")])


def test_account_refs_name_their_kind() -> None:
    assert AccountRef.wallet(5) == AccountRef("wallet", "5")
    assert AccountRef.house() == AccountRef("house", "")
    with pytest.raises(StoreError):
        AccountRef("bank", "")
    with pytest.raises(StoreError):
        AccountRef.escrow("")
    with pytest.raises(StoreError):
        AccountRef("wallet", "alice")
    with pytest.raises(StoreError):
        AccountRef("house", "second")


# -- concurrency ------------------------------------------------------------------------------

async def test_concurrent_transfers_lose_no_update(store: Store) -> None:
    users = [ALICE, BOB, CAROL, 14]
    for user in users:
        await store.ensure_wallet(GUILD, user)
    rng = random.Random(7)
    # Each job: (movements, effect on each wallet); many overdraw on purpose.
    jobs: list[tuple[list[Movement], dict[int, int]]] = []
    for index in range(300):
        giver, taker = rng.sample(users, 2)
        amount = rng.randint(1, 600)
        if index % 3:
            jobs.append(([Movement(AccountRef.wallet(giver), AccountRef.wallet(taker), amount,
                                   "give")], {giver: -amount, taker: amount}))
        else:  # via a fresh escrow, in one transaction: a bet and its payout
            escrow = AccountRef.escrow(f"round:{index}")
            jobs.append(([Movement(AccountRef.wallet(giver), escrow, amount, "bet"),
                          Movement(escrow, AccountRef.wallet(taker), amount, "win")],
                         {giver: -amount, taker: amount}))

    async def run(movements: list[Movement]) -> bool:
        try:
            await store.transfer(GUILD, movements)
        except InsufficientFunds:
            return False
        return True

    outcomes = await asyncio.gather(*(run(movements) for movements, _ in jobs))
    expected = dict.fromkeys(users, 1000)
    for (_, effect), succeeded in zip(jobs, outcomes, strict=True):
        if succeeded:
            for user, change in effect.items():
                expected[user] += change
    balances = {user: await store.balance(GUILD, AccountRef.wallet(user)) for user in users}
    assert balances == expected
    assert all(balance >= 0 for balance in balances.values())
    assert sum(balances.values()) == 4000
    assert 0 < outcomes.count(False) < len(jobs)  # both paths were exercised
    await assert_audit_ok(store)


async def test_concurrent_gives_and_grants_with_first_sight_wallets(store: Store) -> None:
    users = list(range(100, 110))

    async def give(index: int) -> None:
        giver, taker = users[index % 10], users[(index * 3 + 1) % 10]
        if giver != taker:
            try:
                await store.give(GUILD, giver, taker, 1 + index % 50)
            except InsufficientFunds:
                pass

    await asyncio.gather(*(give(i) for i in range(200)), *(store.grant(GUILD, u, 5) for u in users))
    balances = [await store.balance(GUILD, AccountRef.wallet(u)) for u in users]
    assert sum(balances) == 10 * 1005 and min(balances) >= 0
    starting = [r for r in await store.ledger(GUILD, limit=10_000) if r.reason == "starting balance"]
    assert len(starting) == 10  # each wallet minted its starting balance exactly once
    await assert_audit_ok(store)


# -- daily claims ---------------------------------------------------------------------------

async def test_daily_claim_honours_the_cooldown(store: Store) -> None:
    now = 1_800_000_000.0
    first = await store.claim_daily(GUILD, ALICE, now=now)
    assert (first.claimed, first.amount, first.balance) == (True, 250, 1250)
    assert first.next_claim_at == now + 86400
    early = await store.claim_daily(GUILD, ALICE, now=now + 86399)
    assert (early.claimed, early.amount, early.balance) == (False, 0, 1250)
    assert early.next_claim_at == now + 86400
    later = await store.claim_daily(GUILD, ALICE, now=now + 86400)
    assert (later.claimed, later.balance, later.next_claim_at) == (True, 1500, now + 2 * 86400)
    report = await store.audit(GUILD)
    assert report.ok and report.minted == 1500


async def test_daily_claim_follows_the_guild_settings(store: Store) -> None:
    await store.update_guild_settings(GUILD, daily_amount=5, daily_cooldown_seconds=60)
    assert (await store.claim_daily(GUILD, ALICE, now=0.0)).balance == 1005
    assert not (await store.claim_daily(GUILD, ALICE, now=59.0)).claimed
    assert (await store.claim_daily(GUILD, ALICE, now=60.0)).balance == 1010


async def test_concurrent_daily_claims_mint_once(store: Store) -> None:
    claims = await asyncio.gather(*(store.claim_daily(GUILD, ALICE, now=100.0) for _ in range(20)))
    assert sum(claim.claimed for claim in claims) == 1
    assert {claim.balance for claim in claims} == {1250}
    assert (await store.audit(GUILD)).minted == 1250


async def test_daily_claims_from_two_processes_mint_once(store_location: str) -> None:
    # Two Store objects are two connections, as two bot processes would be: the guard is in
    # the database (a conditional upsert), not only in one Store's lock.
    path = store_location
    first, second = await Store.open(path), await Store.open(path)
    try:
        claims = await asyncio.gather(
            *(store.claim_daily(GUILD, ALICE, now=100.0) for store in [first, second] * 5)
        )
        assert sum(claim.claimed for claim in claims) == 1
        report = await first.audit(GUILD)
        assert report.ok and report.minted == 1250
    finally:
        await first.close()
        await second.close()
