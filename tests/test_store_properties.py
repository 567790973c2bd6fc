"""Random sequences of store operations against a plain-Python model of the books.

After every step the store must agree with the model on every balance and on which error, if
any, the step raised, and the audit must hold.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store import (
    AccountRef,
    InsufficientFunds,
    InvalidAmount,
    InvalidTransfer,
    Movement,
    RoundHeader,
    RoundMoney,
    Store,
)
from bot.store.models import net_changes
from tests.conftest import BACKENDS
from tests.harness.postgres import Databases

GUILD = 1
USERS = (1, 2, 3, 4)
MINT = AccountRef.mint()
HOUSE = AccountRef.house()
ESCROWS = (AccountRef.escrow("table:1"), AccountRef.escrow("table:2"))
ACCOUNTS = (*[AccountRef.wallet(u) for u in USERS], HOUSE, *ESCROWS, MINT)
BAD_AMOUNTS = (0, -1, -500, 10**12 + 1, True, 2.0, "5", None)


@dataclass(frozen=True)
class Outcome:
    """What a step did: the error's type and, for an overdraft, its figures."""

    error: type[Exception] | None = None
    detail: tuple[Any, ...] = ()


@dataclass
class Books:
    """The model: what the store should hold after each step."""

    starting_balance: int = 1000
    daily_amount: int = 250
    cooldown: int = 86400
    balances: defaultdict[AccountRef, int] = field(default_factory=lambda: defaultdict(int))
    seen: set[int] = field(default_factory=set)
    last_claim: dict[int, float] = field(default_factory=dict)

    def see(self, refs: list[AccountRef]) -> None:
        for ref in refs:
            if ref.kind == "wallet" and int(ref.key) not in self.seen:
                self.seen.add(int(ref.key))
                self.balances[ref] += self.starting_balance
                self.balances[MINT] -= self.starting_balance

    def move(self, movements: list[Movement]) -> Outcome:
        """Validate, see wallets, then apply all or nothing: the store's documented order."""
        for movement in movements:
            if not valid_amount(movement.amount):
                return Outcome(InvalidAmount)
            if movement.source == movement.target:
                return Outcome(InvalidTransfer)
        self.see([ref for m in movements for ref in (m.source, m.target)])
        changes = net_changes(movements)
        for ref, change in changes.items():
            if change < 0 and ref not in (MINT, HOUSE) and self.balances[ref] < -change:
                return Outcome(InsufficientFunds, (ref, self.balances[ref], -change))
        for ref, change in changes.items():
            self.balances[ref] += change
        return Outcome()


def valid_amount(amount: Any) -> bool:
    return type(amount) is int and 1 <= amount <= 10**12


# -- operations: each applies itself to the store and to the model ----------------------------

amounts = st.one_of(st.integers(1, 1500), st.integers(1, 1500), st.sampled_from(BAD_AMOUNTS))
users = st.sampled_from(USERS)
accounts = st.sampled_from(ACCOUNTS)


@dataclass(frozen=True)
class Grant:
    user: int
    amount: Any

    async def run(
        self, store: Store, books: Books, clock: list[float]
    ) -> tuple[Outcome, Outcome]:
        expected = books.move([Movement(MINT, AccountRef.wallet(self.user), self.amount, "g")])
        return await outcome_of(store.grant(GUILD, self.user, self.amount)), expected


@dataclass(frozen=True)
class Give:
    giver: int
    taker: int
    amount: Any  # or "ALL" / "ALL+1": exactly the giver's balance, or one more

    async def run(
        self, store: Store, books: Books, clock: list[float]
    ) -> tuple[Outcome, Outcome]:
        amount = self.resolve(books)
        if not valid_amount(amount):
            expected = Outcome(InvalidAmount)
        elif self.giver == self.taker:
            expected = Outcome(InvalidTransfer)
        else:
            gift = Movement(AccountRef.wallet(self.giver), AccountRef.wallet(self.taker),
                            amount, "give")
            expected = books.move([gift])
        actual = await outcome_of(store.give(GUILD, self.giver, self.taker, amount))
        return actual, expected

    def resolve(self, books: Books) -> Any:
        if self.amount not in ("ALL", "ALL+1"):
            return self.amount
        wallet = AccountRef.wallet(self.giver)
        balance = books.balances[wallet] if self.giver in books.seen else books.starting_balance
        return balance + (self.amount == "ALL+1")


@dataclass(frozen=True)
class Transfer:
    legs: tuple[tuple[AccountRef, AccountRef, Any], ...]

    async def run(
        self, store: Store, books: Books, clock: list[float]
    ) -> tuple[Outcome, Outcome]:
        movements = [Movement(source, target, amount, "leg") for source, target, amount in self.legs]
        expected = books.move(movements)
        return await outcome_of(store.transfer(GUILD, movements)), expected


@dataclass(frozen=True)
class Daily:
    user: int
    wait: float

    async def run(
        self, store: Store, books: Books, clock: list[float]
    ) -> tuple[Outcome, Outcome]:
        clock[0] += self.wait
        now = clock[0]
        books.see([AccountRef.wallet(self.user)])
        last = books.last_claim.get(self.user)
        claimed = last is None or last <= now - books.cooldown
        if claimed:
            books.last_claim[self.user] = now
            books.balances[AccountRef.wallet(self.user)] += books.daily_amount
            books.balances[MINT] -= books.daily_amount
        claim = await store.claim_daily(GUILD, self.user, now=now)
        assert claim.claimed == claimed
        assert claim.amount == (books.daily_amount if claimed else 0)
        assert claim.next_claim_at == books.last_claim[self.user] + books.cooldown
        assert claim.balance == books.balances[AccountRef.wallet(self.user)]
        return Outcome(), Outcome()


@dataclass(frozen=True)
class Settle:
    """A round: bets into a fresh escrow, the house covering or collecting, payouts out."""

    results: tuple[tuple[int, int, int], ...]  # (user, wagered, returned)

    async def run(
        self, store: Store, books: Books, clock: list[float]
    ) -> tuple[Outcome, Outcome]:
        clock[0] += 1.0
        escrow = AccountRef.escrow(f"round:{clock[0]}")
        movements = [Movement(AccountRef.wallet(u), escrow, w, "bet") for u, w, _ in self.results]
        wagered = sum(w for _, w, _ in self.results)
        returned = sum(r for _, _, r in self.results)
        if returned > wagered:
            movements.append(Movement(HOUSE, escrow, returned - wagered, "house pays"))
        elif wagered > returned:
            movements.append(Movement(escrow, HOUSE, wagered - returned, "house wins"))
        movements += [Movement(escrow, AccountRef.wallet(u), r, "pay") for u, _, r in self.results
                      if r]
        expected = books.move(movements)
        recorded = store.record_round(
            GUILD, RoundHeader("uth", 9), RoundMoney({u: (w, r) for u, w, r in self.results}, movements),
            now=clock[0])
        return await outcome_of(recorded), expected


@dataclass(frozen=True)
class ChangeSettings:
    starting_balance: int
    daily_amount: int

    async def run(
        self, store: Store, books: Books, clock: list[float]
    ) -> tuple[Outcome, Outcome]:
        books.starting_balance, books.daily_amount = self.starting_balance, self.daily_amount
        await store.update_guild_settings(GUILD, starting_balance=self.starting_balance,
                                          daily_amount=self.daily_amount)
        return Outcome(), Outcome()


async def outcome_of(operation: Any) -> Outcome:
    try:
        await operation
    except InsufficientFunds as error:
        return Outcome(InsufficientFunds, (error.account, error.balance, error.needed))
    except (InvalidAmount, InvalidTransfer) as error:
        return Outcome(type(error))
    return Outcome()


operations = st.one_of(
    st.builds(Grant, users, amounts),
    st.builds(Give, users, users, st.one_of(amounts, st.sampled_from(["ALL", "ALL+1"]))),
    st.builds(Transfer, st.lists(st.tuples(accounts, accounts, amounts), min_size=1, max_size=5)
              .map(tuple)),
    st.builds(Daily, users, st.sampled_from([0.0, 3600.0, 86400.0])),
    st.builds(Settle, st.lists(st.tuples(users, st.integers(1, 600), st.integers(0, 1500)),
                               min_size=1, max_size=3, unique_by=lambda r: r[0]).map(tuple)),
    st.builds(ChangeSettings, st.integers(0, 2000), st.integers(0, 500)),
)


async def check_books(store: Store, books: Books) -> None:
    for ref in ACCOUNTS:
        assert await store.balance(GUILD, ref) == books.balances[ref], ref
    report = await store.audit(GUILD) if books.seen or books.balances else None
    if report is not None:
        assert report.ok, report
        assert report.minted == -books.balances[MINT]


async def run_sequence(databases: Databases, backend: str, steps: list[Any]) -> None:
    async with databases.store(backend) as (store, _):
        books, clock = Books(), [1_800_000_000.0]
        # A bankroll so the house can pay winners in some rounds.
        await store.transfer(GUILD, [Movement(MINT, HOUSE, 2000, "bankroll")])
        books.balances[HOUSE] += 2000
        books.balances[MINT] -= 2000
        for step in steps:
            actual, expected = await step.run(store, books, clock)
            assert actual == expected, step
            await check_books(store, books)


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operations, min_size=1, max_size=25))
def test_random_operations_keep_the_books(databases: Databases, backend: str, steps: list[Any]) -> None:
    asyncio.run(run_sequence(databases, backend, steps))
