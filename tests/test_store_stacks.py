"""Table stacks in the store: buy-ins, top-ups, stakes from stacks, settlement, cash-outs.

Every movement is a ledger row, a stack never goes below zero, a refused step changes nothing,
and the audit counts the chips sitting in stacks.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import (
    AccountRef,
    ActionRow,
    InsufficientFunds,
    InvalidAmount,
    InvalidTransfer,
    Movement,
    RoundHeader,
    RoundMoney,
    Stake,
    Store,
    StoreError,
    UnbalancedSettlement,
    migrations,
    round_escrow,
)
from bot.store import store as store_module
from bot.store.models import GuildSettings
from tests.store_helpers import books

GUILD, CHANNEL = 7, 70
ALICE, BOB = 1001, 1002
NOW = 1_800_000_000.0



async def open_table(store: Store, *players: int) -> int:
    table = await store.create_table(GUILD, CHANNEL, "hcf", {"game": "hcf"}, now=NOW)
    for user in players:
        await store.seat_player(table.id, user, f"user{user}", now=NOW)
    return table.id


async def table_with_stacks(store: Store, stacks: dict[int, int]) -> int:
    """A table whose players are seated and bought in for ``stacks``, in that order."""
    table_id = await open_table(store, *stacks)
    for user, amount in stacks.items():
        await store.buy_in(GUILD, table_id, user, amount, now=NOW)
    return table_id


def stack(table_id: int, user: int) -> AccountRef:
    return AccountRef.stack(table_id, user)


def action(seq: int = 1) -> ActionRow:
    return ActionRow(seq=seq, user_id=None, step=f"step{seq}", interaction_id=None, label="x",
                     at=NOW)


async def open_round(store: Store, table_id: int, stakes: dict[int, int]) -> int:
    return await store.open_table_round(
        GUILD, table_id, RoundHeader("hcf", CHANNEL, "c", "00", {}), deadline=None, action=action(),
        stakes=[Stake(user, amount, "bet ante") for user, amount in stakes.items()], now=NOW,
        stack_table=table_id,
    )


async def test_stack_accounts_are_keyed_by_table_and_member() -> None:
    ref = AccountRef.stack(12, ALICE)
    assert (ref.kind, ref.key, ref.table_id, ref.user_id) == ("stack", f"12:{ALICE}", 12, ALICE)
    assert ref.describe() == f"<@{ALICE}>'s stack at table 12"
    assert AccountRef.wallet(ALICE).table_id is None
    for bad in ("", "12", "12:", ":5", "a:5", "12:5:6"):
        with pytest.raises(InvalidTransfer):
            AccountRef("stack", bad)


async def test_a_buy_in_moves_wallet_chips_to_the_stack_with_a_ledger_row(store: Store) -> None:
    table_id = await open_table(store, ALICE)
    wallet, stack_after = await store.buy_in(GUILD, table_id, ALICE, 300, now=NOW)
    assert (wallet, stack_after) == (700, 300)
    newest = (await store.ledger(GUILD, limit=1))[0]
    assert (newest.source, newest.target, newest.amount, newest.reason, newest.round_id) == (
        AccountRef.wallet(ALICE), stack(table_id, ALICE), 300, "buy-in", None)
    report = await store.audit(GUILD)
    assert report.ok and (report.wallets, report.stacks, report.minted) == (700, 300, 1000)


async def test_a_top_up_adds_to_the_stack_and_the_seat_counts_what_was_brought(store: Store) -> None:
    table_id = await table_with_stacks(store, {ALICE: 200})
    assert await store.buy_in(GUILD, table_id, ALICE, 50, now=NOW) == (750, 250)
    (record,) = await store.seat_records(table_id)
    assert (record.user_id, record.bought_in, record.hands) == (ALICE, 250, 0)
    await store.unseat_player(table_id, ALICE)
    await store.seat_player(table_id, ALICE, "again", now=NOW + 1)
    (record,) = await store.seat_records(table_id)
    assert record.bought_in == 0, "a new visit starts counting again"
    assert await store.table_stacks(GUILD, table_id) == {ALICE: 250}


async def test_a_buy_in_over_the_wallet_changes_nothing(store: Store) -> None:
    table_id = await open_table(store, ALICE)
    await store.ensure_wallet(GUILD, ALICE)
    accounts = [AccountRef.wallet(ALICE), stack(table_id, ALICE)]
    before = await books(store, GUILD, accounts)
    with pytest.raises(InsufficientFunds) as refused:
        await store.buy_in(GUILD, table_id, ALICE, 1001, now=NOW)
    assert refused.value.account == AccountRef.wallet(ALICE)
    assert (refused.value.balance, refused.value.needed) == (1000, 1001)
    for bad in (0, -5, True, 2.5):
        with pytest.raises(InvalidAmount):
            await store.buy_in(GUILD, table_id, ALICE, bad, now=NOW)  # type: ignore[arg-type]
    assert await books(store, GUILD, accounts) == before
    (record,) = await store.seat_records(table_id)
    assert record.bought_in == 0


async def test_stakes_from_a_stack_cannot_overdraw_it(store: Store) -> None:
    table_id = await open_table(store, ALICE, BOB)
    await store.buy_in(GUILD, table_id, ALICE, 100, now=NOW)
    accounts = [AccountRef.wallet(ALICE), stack(table_id, ALICE), stack(table_id, BOB)]
    before = await books(store, GUILD, accounts)
    with pytest.raises(InsufficientFunds) as refused:
        await open_round(store, table_id, {ALICE: 101})
    assert refused.value.account == stack(table_id, ALICE)
    assert "stack at this table" in str(refused.value)
    with pytest.raises(InsufficientFunds):  # Bob never bought in: his stack is empty
        await open_round(store, table_id, {BOB: 1})
    assert await books(store, GUILD, accounts) == before
    assert await store.open_table_rounds() == [], "the refused round was never created"


async def test_a_step_stakes_from_the_stack_and_an_undo_goes_back_to_it(store: Store) -> None:
    table_id = await table_with_stacks(store, {ALICE: 100})
    round_id = await open_round(store, table_id, {ALICE: 10})
    await store.save_round_step(GUILD, round_id, state={}, deadline=None, actions=[action(2)],
                                stakes=[Stake(ALICE, 30, "bet raise")], now=NOW,
                                stack_table=table_id)
    await store.save_round_step(GUILD, round_id, state={}, deadline=None, actions=[action(3)],
                                stakes=[Stake(ALICE, -30, "bet raise returned")], now=NOW,
                                stack_table=table_id)
    assert await store.balance(GUILD, stack(table_id, ALICE)) == 90
    assert await store.balance(GUILD, round_escrow(round_id)) == 10
    assert await store.balance(GUILD, AccountRef.wallet(ALICE)) == 900, "the wallet is untouched"


async def test_a_void_returns_stakes_to_the_stacks_not_the_wallets(store: Store) -> None:
    table_id = await table_with_stacks(store, {ALICE: 100, BOB: 200})
    round_id = await open_round(store, table_id, {ALICE: 40, BOB: 60})
    refunds = await store.void_round(GUILD, round_id, reason="crash", now=NOW)
    assert refunds == {ALICE: 40, BOB: 60}
    assert await store.table_stacks(GUILD, table_id) == {ALICE: 100, BOB: 200}
    report = await store.audit(GUILD)
    assert report.ok and report.escrow == 0 and report.stacks == 300


async def test_a_settlement_that_leaves_chips_in_escrow_records_nothing(store: Store) -> None:
    table_id = await table_with_stacks(store, {ALICE: 100, BOB: 100})
    round_id = await open_round(store, table_id, {ALICE: 50, BOB: 50})
    escrow = round_escrow(round_id)
    short = [Movement(escrow, stack(table_id, ALICE), 95, "pot win")]
    accounts = [escrow, stack(table_id, ALICE), AccountRef.house()]
    before = await books(store, GUILD, accounts)
    with pytest.raises(UnbalancedSettlement) as refused:
        await store.record_round(GUILD, RoundHeader("hcf", CHANNEL),
                                 RoundMoney({ALICE: (50, 95)}, short, [escrow]), now=NOW,
                                 round_id=round_id, table_id=table_id)
    assert refused.value.left == {escrow: 5}
    assert await books(store, GUILD, accounts) == before
    info = await store.get_round(GUILD, round_id)
    assert info is not None and info.status == "open" and not info.players
    whole = [*short, Movement(escrow, AccountRef.house(), 5, "rake")]
    await store.record_round(GUILD, RoundHeader("hcf", CHANNEL),
                             RoundMoney({ALICE: (50, 95), BOB: (50, 0)}, whole, [escrow]), now=NOW,
                             round_id=round_id, table_id=table_id)
    assert await store.table_stacks(GUILD, table_id) == {ALICE: 145, BOB: 50}
    assert [r.hands for r in await store.seat_records(table_id)] == [1, 1]
    report = await store.audit(GUILD)
    assert report.ok and report.escrow == 0 and report.house == 5


async def test_buy_ins_and_cash_outs_are_neither_wins_nor_losses(store: Store) -> None:
    table_id = await table_with_stacks(store, {ALICE: 100, BOB: 100})
    assert await store.leaderboard(GUILD) == []
    round_id = await open_round(store, table_id, {ALICE: 30, BOB: 30})
    escrow = round_escrow(round_id)
    pot = [Movement(escrow, stack(table_id, ALICE), 60, "pot")]
    await store.record_round(GUILD, RoundHeader("hcf", CHANNEL),
                             RoundMoney({ALICE: (30, 60), BOB: (30, 0)}, pot, [escrow]), now=NOW,
                             round_id=round_id)
    assert await store.cash_out(GUILD, table_id, ALICE, now=NOW) == 130
    assert await store.cash_out(GUILD, table_id, ALICE, now=NOW) == 0, "nothing left to return"
    board = {row.user_id: row.net for row in await store.leaderboard(GUILD)}
    assert board == {ALICE: 30, BOB: -30}
    rows, total = await store.history(GUILD, ALICE)
    assert total == 1 and rows[0].net == 30
    assert await store.balance(GUILD, AccountRef.wallet(ALICE)) == 1030


async def test_only_the_stacks_of_players_who_left_are_cashed_out_between_rounds(store: Store) -> None:
    table_id = await table_with_stacks(store, {ALICE: 100, BOB: 200})
    await store.unseat_player(table_id, BOB)
    assert await store.cash_out_absent(GUILD, table_id, now=NOW) == {BOB: 200}
    assert await store.cash_out_absent(GUILD, table_id, now=NOW) == {}
    assert await store.table_stacks(GUILD, table_id) == {ALICE: 100, BOB: 0}
    newest = (await store.ledger(GUILD, account=stack(table_id, BOB), limit=1))[0]
    assert newest.reason == "left the table: stack returned"


async def test_closing_the_table_returns_every_stack_at_once(store: Store) -> None:
    table_id = await table_with_stacks(store, {ALICE: 100, BOB: 250})
    assert await store.close_table(table_id, now=NOW) == {ALICE: 100, BOB: 250}
    assert await store.table_stacks(GUILD, table_id) == {ALICE: 0, BOB: 0}
    assert await store.balance(GUILD, AccountRef.wallet(BOB)) == 1000
    report = await store.audit(GUILD)
    assert report.ok and report.stacks == 0 and report.wallets == 2000


async def test_stacks_of_two_tables_and_two_guilds_stay_apart(store: Store) -> None:
    first = await open_table(store, ALICE)
    second = (await store.create_table(GUILD, CHANNEL + 1, "hcf", {}, now=NOW)).id
    other_guild = (await store.create_table(GUILD + 1, CHANNEL + 2, "hcf", {}, now=NOW)).id
    await store.buy_in(GUILD, first, ALICE, 10, now=NOW)
    await store.buy_in(GUILD, second, ALICE, 20, now=NOW)
    await store.buy_in(GUILD + 1, other_guild, ALICE, 30, now=NOW)
    assert await store.table_stacks(GUILD, first) == {ALICE: 10}
    assert await store.table_stacks(GUILD, second) == {ALICE: 20}
    assert await store.table_stacks(GUILD + 1, other_guild) == {ALICE: 30}
    assert await store.close_table(first, now=NOW) == {ALICE: 10}
    assert await store.table_stacks(GUILD, second) == {ALICE: 20}
    assert (await store.audit(GUILD)).stacks == 20
    assert (await store.audit(GUILD + 1)).stacks == 30


async def test_the_database_refuses_a_negative_stack_even_past_the_guard(store: Store) -> None:
    await table_with_stacks(store, {ALICE: 10})
    with pytest.raises(StoreError, match="refused"):
        async with store._transaction() as db:
            await db.execute("UPDATE accounts SET balance = -1 WHERE kind = 'stack'")
    assert (await store.audit(GUILD)).stacks == 10


async def _defaults() -> GuildSettings:
    return GuildSettings()


async def test_a_version_3_database_upgrades_with_its_books_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.sqlite3"
    with monkeypatch.context() as patched:
        patched.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:3])
        # This guild never changed a setting; today's query would name a column v3 lacks.
        patched.setattr(store_module, "read_settings", lambda db, guild_id: _defaults())
        old = await Store.open(path)
        await old.grant(GUILD, ALICE, 500)
        await old.give(GUILD, ALICE, BOB, 200)
        table = await old.create_table(GUILD, CHANNEL, "uth", {}, now=NOW)
        await old.seat_player(table.id, ALICE, "alice", now=NOW)
        before = await old.ledger(GUILD)
        await old.close()
        with sqlite3.connect(path) as raw, pytest.raises(sqlite3.IntegrityError):
            raw.execute("INSERT INTO accounts (guild_id, kind, account_key, created_at) "
                        "VALUES (1, 'stack', '1:1', 0)")
    upgraded = await Store.open(path)
    try:
        assert (await upgraded.database_info())["user_version"] == migrations.latest_version()
        assert (await upgraded.database_info())["foreign_keys"] == 1
        assert await upgraded.ledger(GUILD) == before
        assert await upgraded.balance(GUILD, AccountRef.wallet(ALICE)) == 1300
        (record,) = await upgraded.seat_records(table.id)
        assert (record.user_id, record.bought_in, record.hands) == (ALICE, 0, 0)
        await upgraded.buy_in(GUILD, table.id, ALICE, 300, now=NOW)
        report = await upgraded.audit(GUILD)
        assert report.ok and report.stacks == 300 and report.minted == 2500
        with pytest.raises(StoreError, match="FOREIGN KEY"):
            # The ledger still points at the rebuilt accounts table, and checks it.
            async with upgraded._transaction() as db:
                await db.execute(
                    "INSERT INTO ledger (guild_id, source_id, target_id, amount, reason, created_at) "
                    "VALUES (?, 999999, 1, 1, 'x', 0)", (GUILD,))
    finally:
        await upgraded.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
        assert "accounts_0003" not in names
