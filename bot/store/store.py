"""The Store: the one interface through which the bot reads and writes chips, rounds and settings.

This implementation is SQLite through aiosqlite with a single connection. Every operation holds
the Store's lock, so two coroutines never interleave statements on the shared connection, and
is all or nothing: a transfer is one statement (money.post), anything larger one transaction.
aiosqlite costs a thread round trip per call, which is why the hot path is a single call.

A PostgreSQL adapter would keep these method signatures and the models (models.py is free of
SQL), and swap the connection, the lock (for a pool) and the SQL modules; its posting would be
the same guarded UPDATEs inside a transaction, which costs nothing extra with a native driver.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import aiosqlite

from bot.store import money, posts, rounds, stacks, stats
from bot.store.connection import Body, connect, connect_reader, database_info, in_one_trip
from bot.store.models import (
    AccountRef,
    AuditReport,
    DailyClaim,
    GuildSettings,
    HistoryRow,
    InvalidTransfer,
    LeaderRow,
    LedgerRow,
    Movement,
    RoundHeader,
    RoundInfo,
    RoundMoney,
    StoreError,
    UnbalancedSettlement,
    validate_amount,
    validate_movements,
    validate_results,
    validate_settings,
)
from bot.store.settings import read_settings, write_settings
from bot.store.stack_store import StackStoreMixin
from bot.store.stats_models import (
    ALL_GAMES,
    SESSION_IDLE_SECONDS,
    WIN_RATE_MIN_ROUNDS,
    Board,
    Metric,
    Period,
    PlayedHand,
    Profile,
    SessionInfo,
    checked_zone_name,
    day_key,
    period_key,
    zone_of,
)
from bot.store.table_store import TableStoreMixin

T = TypeVar("T")
log = logging.getLogger(__name__)


class Store(TableStoreMixin, StackStoreMixin):
    """Chips, ledger, rounds and settings for every guild. Open with ``await Store.open(path)``."""

    def __init__(self, db: aiosqlite.Connection, reader: aiosqlite.Connection | None = None) -> None:
        self._db: aiosqlite.Connection | None = db
        self._lock = asyncio.Lock()
        self._reader = reader
        """Slow reads (leaderboards, ranks, histories) go here, beside the writer (None in memory)."""
        self._reader_lock = asyncio.Lock()
        # Wallets known to exist in committed data. They are never deleted, so this cache only
        # saves the "first sight" check on the hot path; it is filled only after a commit.
        self._known_wallets: set[tuple[int, str]] = set()
        self._settings_cache: dict[int, GuildSettings] = {}

    @classmethod
    async def open(cls, path: str | os.PathLike[str]) -> Store:
        """Open (creating if needed) the database at ``path``; ``":memory:"`` for tests (one
        connection: there the slow reads queue with the writes)."""
        db = await connect(path)
        if os.fspath(path) == ":memory:":
            return cls(db)
        try:
            reader = await connect_reader(path)
        except BaseException:
            await db.close()
            raise
        return cls(db, reader)

    async def close(self) -> None:
        """Wait for the operation in progress, then close; later calls raise StoreError."""
        async with self._lock, self._reader_lock:
            db, self._db = self._db, None
            reader, self._reader = self._reader, None
            if reader is not None:
                await reader.close()
            if db is not None:
                await db.close()

    async def database_info(self) -> dict[str, int | str]:
        """journal_mode, foreign_keys, busy_timeout, synchronous and user_version (schema)."""
        async with self._reading() as db:
            return await database_info(db)

    # -- transactions -------------------------------------------------------------------------

    def _connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("the store is closed")
        return self._db

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Hold the lock and one write transaction; commit on success, roll back on any error."""
        async with self._lock:
            db = self._connection()
            try:
                # IMMEDIATE takes the write lock now, so a read in the body cannot be made stale
                # by another process before the body's writes.
                await db.execute("BEGIN IMMEDIATE")
                yield db
                await db.commit()
            except money.Overdrawn as overdrawn:
                await db.rollback()
                # Still under the lock, so the balances read are the ones the debit saw.
                raise await money.explain_overdraft(db, overdrawn) from None
            except sqlite3.IntegrityError as error:
                await db.rollback()
                raise StoreError(f"the database refused the change: {error}") from error
            except BaseException:
                await db.rollback()
                raise

    async def _in_one_trip(self, body: Body[T]) -> T:
        """Like :meth:`_transaction`, with the whole body run in one trip to the database
        thread (:func:`in_one_trip`): for the hot paths, whose bodies only run statements."""
        async with self._lock:
            db = self._connection()
            try:
                return await in_one_trip(db, body)
            except money.Overdrawn as overdrawn:
                # Rolled back; still under the lock, so the balances read are the ones the debit saw.
                raise await money.explain_overdraft(db, overdrawn) from None
            except sqlite3.IntegrityError as error:
                raise StoreError(f"the database refused the change: {error}") from error

    @asynccontextmanager
    async def _one_statement(self) -> AsyncIterator[aiosqlite.Connection]:
        """Hold the lock for a write that is a single statement, hence its own transaction.

        This is the hot path: a transfer posts in one thread round trip, with no BEGIN or
        COMMIT round trips around it (see money.post).
        """
        async with self._lock:
            db = self._connection()
            try:
                yield db
            except money.Overdrawn as overdrawn:
                raise await money.explain_overdraft(db, overdrawn) from None
            except sqlite3.IntegrityError as error:
                raise StoreError(f"the database refused the change: {error}") from error

    @asynccontextmanager
    async def _reading(self, *, snapshot: bool = False) -> AsyncIterator[aiosqlite.Connection]:
        """Hold the lock for reads, so none runs between the statements of a write on the one
        connection (it would see them uncommitted). ``snapshot`` wraps several SELECTs in one
        transaction so they agree even if another process writes the file meanwhile."""
        async with self._lock:
            db = self._connection()
            if not snapshot:
                yield db
                return
            await db.execute("BEGIN")
            try:
                yield db
            finally:
                await db.rollback()

    @asynccontextmanager
    async def _reading_aside(self, *, snapshot: bool = False) -> AsyncIterator[aiosqlite.Connection]:
        """Like :meth:`_reading`, on the read connection: a slow read (a leaderboard over many
        rounds) neither waits for the writer's lock nor holds every table's writes up behind it.
        It sees every committed write (WAL); a store in memory has only the one connection."""
        if self._reader is None and self._db is not None:
            async with self._reading(snapshot=snapshot) as db:
                yield db
            return
        async with self._reader_lock:
            reader = self._reader
            if reader is None:
                raise StoreError("the store is closed")
            if not snapshot:
                yield reader
                return
            await reader.execute("BEGIN")
            try:
                yield reader
            finally:
                await reader.rollback()

    async def _settings(self, db: aiosqlite.Connection, guild_id: int) -> GuildSettings:
        settings = self._settings_cache.get(guild_id)
        if settings is None:
            settings = await read_settings(db, guild_id)
            self._settings_cache[guild_id] = settings
        return settings

    async def _ensure_wallets(
        self, guild_id: int, refs: Iterable[AccountRef], now: float | None = None
    ) -> None:
        """Create every unseen wallet among ``refs``, each with its starting balance minted.

        This is its own transaction, committed before the operation that needed it: a member
        is "seen" whether or not their first bet succeeds, and an InsufficientFunds then quotes
        the balance they really have. Known wallets cost nothing (no round trip).
        """
        known = self._known_wallets
        unseen = list(dict.fromkeys(
            ref for ref in refs if ref.kind == "wallet" and (guild_id, ref.key) not in known
        ))
        if not unseen:
            return
        now = time.time() if now is None else now
        async with self._transaction() as db:
            for wallet in unseen:
                if await money.create_wallet(db, guild_id, int(wallet.key), now):
                    await self._mint_starting_balance(db, guild_id, wallet, now)
        # Only after the commit: wallets are never deleted, so the cache can never go stale.
        self._known_wallets.update((guild_id, wallet.key) for wallet in unseen)

    async def _mint_starting_balance(
        self, db: aiosqlite.Connection, guild_id: int, wallet: AccountRef, now: float
    ) -> None:
        starting = (await self._settings(db, guild_id)).starting_balance
        if starting > 0:
            gift = Movement(AccountRef.mint(), wallet, starting, money.STARTING_BALANCE_REASON)
            await money.post(db, guild_id, [gift], round_id=None, now=now)

    async def _move(
        self,
        guild_id: int,
        movements: Sequence[Movement],
        *,
        round_id: int | None = None,
        read_back: Sequence[AccountRef] = (),
    ) -> list[int]:
        """Post validated movements (all or nothing); return the balances of ``read_back``."""
        await self._ensure_wallets(guild_id, [*_refs_of(movements), *read_back])
        async with self._one_statement() as db:
            await money.post(db, guild_id, movements, round_id=round_id, now=time.time())
            return await money.balances_of(db, guild_id, read_back)

    # -- settings -----------------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        cached = self._settings_cache.get(guild_id)
        if cached is not None:
            return cached
        async with self._reading() as db:
            return await self._settings(db, guild_id)

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        validate_settings(changes)
        if changes.get("timezone") is not None:
            changes["timezone"] = checked_zone_name(changes["timezone"])
        async with self._transaction() as db:
            before = await read_settings(db, guild_id)
            settings = dataclasses.replace(before, **changes)
            await write_settings(db, guild_id, settings)
            if settings.timezone != before.timezone:
                await self._recount_days(db, guild_id, settings.timezone)
        self._settings_cache[guild_id] = settings
        log.info("guild %s settings changed: %s", guild_id, changes)
        return settings

    async def _recount_days(self, db: aiosqlite.Connection, guild_id: int, timezone: str | None) -> None:
        """Count every settled round of the guild on its day in the new time zone."""
        zone = zone_of(timezone)
        days = [(day_key(settled_at, zone), round_id)
                for round_id, settled_at in await stats.settled_times(db, guild_id)]
        await stats.set_round_days(db, guild_id, days)
        await stats.recount_guild(db, guild_id)

    # -- money --------------------------------------------------------------------------------

    async def ensure_wallet(self, guild_id: int, user_id: int) -> int:
        """The member's balance, creating the wallet with the starting balance on first sight."""
        wallet = AccountRef.wallet(user_id)
        await self._ensure_wallets(guild_id, [wallet])
        async with self._reading() as db:
            return await money.balance_of(db, guild_id, wallet)

    async def balance(self, guild_id: int, account: AccountRef) -> int:
        """The account's balance; 0 for an account never seen (this does not create wallets)."""
        async with self._reading() as db:
            return await money.balance_of(db, guild_id, account)

    async def transfer(
        self, guild_id: int, movements: Sequence[Movement], *, round_id: int | None = None
    ) -> None:
        """Apply every movement or none. Raises InvalidAmount, InvalidTransfer or
        InsufficientFunds (naming the first short account) and then changes nothing."""
        checked = validate_movements(movements)
        if checked:
            await self._move(guild_id, checked, round_id=round_id)

    async def grant(
        self, guild_id: int, user_id: int, amount: int, *, reason: str = "admin grant"
    ) -> int:
        """Mint chips into a wallet; returns its new balance."""
        wallet = AccountRef.wallet(user_id)
        grant = validate_movements([Movement(AccountRef.mint(), wallet, amount, reason)])
        (balance,) = await self._move(guild_id, grant, read_back=[wallet])
        return balance

    async def give(
        self, guild_id: int, from_user: int, to_user: int, amount: int
    ) -> tuple[int, int]:
        """Move chips between two members; returns (giver's, receiver's) new balances."""
        validate_amount(amount)
        if from_user == to_user:
            raise InvalidTransfer("You can't give chips to yourself.")
        giver, receiver = AccountRef.wallet(from_user), AccountRef.wallet(to_user)
        gift = [Movement(giver, receiver, amount, "give")]
        giver_balance, receiver_balance = await self._move(
            guild_id, gift, read_back=[giver, receiver]
        )
        return giver_balance, receiver_balance

    async def claim_daily(self, guild_id: int, user_id: int, *, now: float) -> DailyClaim:
        """Mint the daily amount if the cooldown has passed; two racing claims mint once."""
        wallet = AccountRef.wallet(user_id)
        await self._ensure_wallets(guild_id, [wallet], now)
        async with self._transaction() as db:
            settings = await self._settings(db, guild_id)
            cooldown = settings.daily_cooldown_seconds
            claimed = await money.claim_daily_slot(db, guild_id, user_id, now, cooldown)
            if claimed and settings.daily_amount > 0:
                daily = Movement(
                    AccountRef.mint(), wallet, settings.daily_amount, money.DAILY_REASON
                )
                await money.post(db, guild_id, [daily], round_id=None, now=now)
            last = now if claimed else await money.last_daily_claim(db, guild_id, user_id)
            balance = await money.balance_of(db, guild_id, wallet)
        return DailyClaim(
            claimed=claimed,
            amount=settings.daily_amount if claimed else 0,
            balance=balance,
            next_claim_at=float(last if last is not None else now) + cooldown,
        )

    async def audit(self, guild_id: int) -> AuditReport:
        """Prove wallets + house + escrow == minted, every balance equals its ledger and every
        kept stats row equals a recount from the rounds. On the read connection: the recount
        takes seconds on a server with a million rounds, and every table keeps playing."""
        async with self._reading_aside(snapshot=True) as db:
            return await money.audit(db, guild_id)

    async def audit_all(self) -> list[AuditReport]:
        async with self._reading_aside(snapshot=True) as db:
            return [await money.audit(db, guild_id) for guild_id in await money.guild_ids(db)]

    async def ledger(
        self,
        guild_id: int,
        *,
        round_id: int | None = None,
        account: AccountRef | None = None,
        limit: int = 100,
    ) -> list[LedgerRow]:
        """Ledger rows, newest first, optionally only a round's or only one account's."""
        async with self._reading() as db:
            return await money.read_ledger(
                db, guild_id, round_id=round_id, account=account, limit=limit
            )

    # -- rounds -------------------------------------------------------------------------------

    async def start_round(self, guild_id: int, header: RoundHeader, *, now: float) -> int:
        """Open a round before the deal so bets can carry its game number; settle it with
        ``record_round(..., round_id=...)``."""
        async with self._transaction() as db:
            return await rounds.insert_round(db, guild_id, header, status="open", now=now)

    async def record_round(
        self,
        guild_id: int,
        header: RoundHeader,
        settled: RoundMoney,
        *,
        now: float,
        round_id: int | None = None,
        table_id: int | None = None,
        post: Mapping[str, Any] | None = None,
        hands: Mapping[int, PlayedHand] | None = None,
        names: Mapping[int, str] | None = None,
    ) -> int:
        """Record a settled round, its players' (wagered, returned) and its movements in one
        transaction; returns the game number. With ``round_id``, settles that open round.

        The same transaction counts the round in its players' stats (on today's date in the
        server's time zone), with each player's best poker hand from ``hands``, and stores the
        players' ``names`` as their round's interactions carried them.
        ``table_id`` counts the round as one more hand for each player still seated there and in
        the table's sitting, and with ``post`` puts the round's result message in the table's
        outbox (``pending_posts``).
        The movements must leave ``settled.empty_after`` (a round's escrow) at exactly zero;
        otherwise UnbalancedSettlement is raised and nothing is recorded."""
        validate_results(settled.results)
        checked = validate_movements(settled.movements)
        await self._ensure_wallets(guild_id, _refs_of(checked), now)
        empty_after = settled.empty_after
        day = day_key(now, zone_of((await self.guild_settings(guild_id)).timezone))

        async def body(db: Any) -> int:
            session_id = (None if table_id is None else
                          await stats.join_session(db, guild_id, table_id, now, SESSION_IDLE_SECONDS))
            if round_id is None:
                recorded = await rounds.insert_round(db, guild_id, header, status="settled", now=now,
                                                     day=day, session_id=session_id)
            else:
                recorded = round_id
                await rounds.settle_open_round(db, guild_id, round_id, header, now=now, day=day,
                                               session_id=session_id)
            await rounds.insert_players(db, recorded, settled.results, hands)
            await stats.count_round(db, recorded)
            if names:
                await stats.remember_names(db, guild_id, names, now)
            await money.post(db, guild_id, checked, round_id=recorded, now=now)
            if table_id is not None:
                await stacks.count_hands(db, table_id, list(settled.results))
                if post is not None:
                    await posts.add(db, recorded, table_id, post, now)
            left = await money.balances_of(db, guild_id, empty_after)
            if any(left):
                raise UnbalancedSettlement(dict(zip(empty_after, left, strict=True)))
            return recorded

        return await self._in_one_trip(body)

    async def get_round(self, guild_id: int, round_id: int) -> RoundInfo | None:
        async with self._reading(snapshot=True) as db:
            return await rounds.round_info(db, guild_id, round_id)

    async def leaderboard(
        self,
        guild_id: int,
        *,
        game: str | None = None,
        since: float | None = None,
        limit: int = 10,
    ) -> list[LeaderRow]:
        """Top members by net winnings over settled rounds; ties share a rank."""
        async with self._reading_aside() as db:
            return await rounds.leaderboard(
                db, guild_id, game=game, since=since, limit=max(0, limit)
            )

    async def rank_of(
        self,
        guild_id: int,
        user_id: int,
        *,
        game: str | None = None,
        since: float | None = None,
    ) -> LeaderRow | None:
        """The member's row on the same leaderboard, or None if they played no such round."""
        async with self._reading_aside() as db:
            return await rounds.rank_of(db, guild_id, user_id, game=game, since=since)

    async def history(
        self, guild_id: int, user_id: int, *, offset: int = 0, limit: int = 5
    ) -> tuple[list[HistoryRow], int]:
        """A page of the member's settled rounds, newest first, and how many there are."""
        async with self._reading_aside(snapshot=True) as db:
            return await rounds.history(
                db, guild_id, user_id, offset=max(0, offset), limit=max(0, limit)
            )


    # -- leaderboards and stats --------------------------------------------------------------

    async def board(
        self, guild_id: int, user_id: int, *, game: str | None = None, period: Period = "all",
        metric: Metric = "net", now: float, session_id: int | None = None, limit: int = 10,
    ) -> Board:
        """The top ``limit`` members of a leaderboard and ``user_id``'s rank with a neighbour on
        each side. ``period`` is the server's today, week or month around ``now``, all time, or
        the sitting ``session_id``. Reads the kept totals on the read connection."""
        zone = zone_of((await self.guild_settings(guild_id)).timezone)
        key = period_key(period, now, zone, session_id=session_id)
        async with self._reading_aside(snapshot=True) as db:
            return await stats.board(
                db, guild_id, user_id, game=game or ALL_GAMES, period=period, period_key=key,
                metric=metric, limit=max(0, limit), min_rounds=WIN_RATE_MIN_ROUNDS)

    async def profile(self, guild_id: int, user_id: int) -> Profile:
        """``/stats``: the member's record per game and overall, and their net per day."""
        async with self._reading_aside(snapshot=True) as db:
            return await stats.profile(db, guild_id, user_id)

    async def latest_session(self, table_id: int) -> int | None:
        """The table's newest sitting (running or over), None before its first round."""
        async with self._reading_aside() as db:
            return await stats.latest_session(db, table_id)

    async def end_sessions(self, *, now: float, table_id: int | None = None) -> list[int]:
        """End the sittings idle for 30 minutes (or every sitting of the closing ``table_id``)
        and return every ended sitting whose recap has not been posted."""
        async with self._transaction() as db:
            return await stats.end_sessions(db, now=now, idle_seconds=SESSION_IDLE_SECONDS,
                                            table_id=table_id)

    async def session(self, session_id: int) -> SessionInfo | None:
        async with self._reading_aside(snapshot=True) as db:
            return await stats.session_info(db, session_id)

    async def recap_posted(self, session_id: int) -> None:
        async with self._transaction() as db:
            await stats.mark_recap_posted(db, session_id)

    async def stats_mismatches(self, guild_id: int) -> int:
        """How many of the guild's kept stats rows differ from a recount from its rounds."""
        async with self._reading(snapshot=True) as db:
            return await stats.stats_mismatches(db, guild_id)


def _refs_of(movements: Iterable[Movement]) -> list[AccountRef]:
    return [ref for movement in movements for ref in (movement.source, movement.target)]
