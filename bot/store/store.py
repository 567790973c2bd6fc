"""The Store: the one interface through which the bot reads and writes chips, rounds and settings.

Every operation is all or nothing: a transfer is one statement (money.post), anything larger one
transaction. The operations are written once; the database behind them is a backend
(:mod:`bot.store.backend`): one SQLite file by default, or a PostgreSQL server shared by several
bot processes, each serving its own shards' guilds. Nothing here assumes one process owns the
whole database: guarded debits and conditional upserts hold even when processes race.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import os
import time
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, TypeVar

from bot.economies import is_event_economy, practice_economy
from bot.shards import EVERY_GUILD, Shards
from bot.store import events, money, posts, reviews, rounds, stacks, stats, tables
from bot.store import settings as settings_rows
from bot.store.backend import Backend, Body
from bot.store.event_store import EventStoreMixin
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
    StandingsPost,
    UnbalancedSettlement,
    validate_amount,
    validate_movements,
    validate_results,
    validate_settings,
)
from bot.store.postgres import PostgresBackend, is_postgres_url
from bot.store.settings import read_settings, write_settings
from bot.store.sqlite_backend import SqliteBackend
from bot.store.stack_store import StackStoreMixin
from bot.store.stats_models import (
    ALL_GAMES,
    SESSION_IDLE_SECONDS,
    WIN_RATE_MIN_ROUNDS,
    Board,
    CoachStats,
    Metric,
    Period,
    PlayedHand,
    Profile,
    ReviewedDecision,
    SessionInfo,
    checked_zone_name,
    day_key,
    period_key,
    zone_of,
)
from bot.store.table_store import TableStoreMixin

T = TypeVar("T")
log = logging.getLogger(__name__)


class Store(TableStoreMixin, StackStoreMixin, EventStoreMixin):
    """Chips, ledger, rounds and settings for every guild. Open with ``await Store.open(location)``."""

    def __init__(self, backend: Backend, shards: Shards = EVERY_GUILD) -> None:
        self._backend = backend
        self.shards = shards
        """The guilds this process serves: what it recovers, ends and recaps (a scan over every
        table of the database would take other processes' tables)."""
        # Wallets known to exist in committed data. They are never deleted, so this cache only
        # saves the "first sight" check on the hot path; it is filled only after a commit.
        self._known_wallets: set[tuple[int, str]] = set()
        # Only the process that owns a guild's shard changes its settings, so this cannot go
        # stale even when several processes share one PostgreSQL database.
        self._settings_cache: dict[int, GuildSettings] = {}

    @classmethod
    async def open(cls, location: str | os.PathLike[str], *, shards: Shards = EVERY_GUILD) -> Store:
        """Open (creating and migrating if needed) the database at ``location``: a SQLite file's
        path (or ``sqlite:///path``, or ``":memory:"`` for tests), or a PostgreSQL URL
        (``postgresql://user:password@host/database``). ``shards``: the guilds this process
        serves (every guild unless the bot is sharded across processes)."""
        text = os.fspath(location)
        if is_postgres_url(text):
            return cls(await PostgresBackend.open(text), shards)
        # sqlite:///relative/path and sqlite:////absolute/path, as SQLAlchemy writes them.
        return cls(await SqliteBackend.open(text.removeprefix("sqlite:///")), shards)

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._backend.name

    async def close(self) -> None:
        """Wait for the operation in progress, then close; later calls raise StoreError."""
        await self._backend.close()

    async def database_info(self) -> dict[str, int | str]:
        """What the database reports of its settings and the schema version (``user_version``)."""
        return await self._backend.database_info()

    # -- transactions -------------------------------------------------------------------------

    def _transaction(self) -> AbstractAsyncContextManager[Any]:
        """One write transaction; commit on success, roll back on any error."""
        return self._backend.transaction()

    async def _in_one_trip(self, body: Body[T]) -> T:
        """Like :meth:`_transaction`, with the whole body run in as few trips to the database as
        the backend can manage: for the hot paths, whose bodies only run statements."""
        return await self._backend.in_one_trip(body)

    def _one_statement(self) -> AbstractAsyncContextManager[Any]:
        """A write that is a single statement, hence its own transaction: the hot path of a
        transfer (see money.post)."""
        return self._backend.one_statement()

    def _reading(self, *, snapshot: bool = False) -> AbstractAsyncContextManager[Any]:
        """Reads; ``snapshot`` wraps several SELECTs in one transaction so they agree."""
        return self._backend.reading(snapshot=snapshot)

    def _reading_aside(self, *, snapshot: bool = False) -> AbstractAsyncContextManager[Any]:
        """Slow reads (the audit, a history): they neither wait for the tables' writes nor
        hold them up."""
        return self._backend.reading_aside(snapshot=snapshot)

    async def _settings(self, db: Any, guild_id: int) -> GuildSettings:
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
            # All the wallets first, in one order, then the mint's one row: two processes
            # (or two PostgreSQL connections) seeing the same new members never deadlock.
            created = [wallet for wallet in sorted(unseen, key=lambda ref: int(ref.key))
                       if await money.create_wallet(db, guild_id, int(wallet.key), now)]
            for wallet in created:
                await self._mint_starting_balance(db, guild_id, wallet, now)
        # Only after the commit: wallets are never deleted, so the cache can never go stale.
        self._known_wallets.update((guild_id, wallet.key) for wallet in unseen)

    async def _mint_starting_balance(
        self, db: Any, guild_id: int, wallet: AccountRef, now: float
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

    async def first_welcome(self, guild_id: int, *, now: float) -> bool:
        """True the first time it is asked for a server (its welcome is then to be posted),
        False ever after."""
        async with self._transaction() as db:
            return await settings_rows.mark_welcomed(db, guild_id, now)

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

    async def standings_guilds(self) -> list[tuple[int, GuildSettings]]:
        """This process's guilds that keep standings in a channel, with their settings."""
        async with self._reading() as db:
            return await settings_rows.standings_guilds(db, self.shards)

    async def claim_standings(self, guild_id: int, period_key: str, channel_id: int, *, now: float) -> bool:
        """Claim a period's final standings for posting in ``channel_id``: True the first time."""
        async with self._transaction() as db:
            return await settings_rows.claim_standings(db, guild_id, period_key, channel_id, now)

    async def standings_posted(self, guild_id: int, period_key: str, message_id: int | None) -> None:
        """The period's claim is done: its post (None: nothing posted)."""
        async with self._transaction() as db:
            await settings_rows.note_standings_post(db, guild_id, period_key, message_id)

    async def standings_post(self, guild_id: int, period_key: str) -> StandingsPost | None:
        """A period's claim: where its standings go and whether they went (None: not claimed)."""
        async with self._reading() as db:
            return await settings_rows.standings_post(db, guild_id, period_key)

    async def _recount_days(self, db: Any, guild_id: int, timezone: str | None) -> None:
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
        """Prove wallets + house + escrow + event chips == minted, every balance equals its
        ledger and every kept stats row equals a recount from the guild's rounds (and its events'
        economies, likewise). On the read connection: the recount takes minutes on a server
        with a million rounds (6 on 2 cores), and every table keeps playing meanwhile."""
        async with self._reading_aside(snapshot=True) as db:
            return await self._audit_with_events(db, guild_id)

    async def audit_all(self) -> list[AuditReport]:
        """Every guild's audit (its events' economies in it) and every practice economy's."""
        async with self._reading_aside(snapshot=True) as db:
            return [await self._audit_with_events(db, guild_id) for guild_id in await money.guild_ids(db)
                    if not is_event_economy(guild_id)]

    @staticmethod
    async def _audit_with_events(db: Any, guild_id: int) -> AuditReport:
        report = await money.audit(db, guild_id)
        for economy in await events.economies_of(db, guild_id):
            report = report.with_event(await money.audit(db, economy))
        return report

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
        memory: Mapping[str, Any] | None = None,
    ) -> int:
        """Record a settled round, its players' (wagered, returned) and its movements in one
        transaction; returns the game number. With ``round_id``, settles that open round.

        The same transaction counts the round in its players' stats (on today's date in the
        server's time zone), with each player's best poker hand from ``hands``, and stores the
        players' ``names`` as their round's interactions carried them.
        ``table_id`` counts the round as one more hand for each player still seated there and in
        the table's sitting, and with ``post`` puts the round's result message in the table's
        outbox (``pending_posts``), and with ``memory`` keeps what the table remembers after the
        round (one trip to the database a settlement, not two).
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
            await rounds.take_settlement_place(db, recorded)
            if names:
                await stats.remember_names(db, guild_id, names, now)
            await money.post(db, guild_id, checked, round_id=recorded, now=now)
            if table_id is not None:
                await stacks.count_hands(db, table_id, list(settled.results))
                if post is not None:
                    await posts.add(db, recorded, table_id, post, now)
                if memory is not None:
                    await tables.update_table(db, table_id, config=None, message_id=None, memory=memory)
            left = await money.balances_of(db, guild_id, empty_after)
            if any(left):
                raise UnbalancedSettlement(dict(zip(empty_after, left, strict=True)))
            return recorded

        return await self._in_one_trip(body)

    async def get_round(self, guild_id: int, round_id: int) -> RoundInfo | None:
        async with self._reading(snapshot=True) as db:
            return await rounds.round_info(db, guild_id, round_id)

    async def server_round(self, guild_id: int, round_id: int) -> RoundInfo | None:
        """Round ``round_id`` if it was played on this server: at its tables, its practice
        tables or its events' tables (each an economy of its own; the numbers are shared)."""
        async with self._reading(snapshot=True) as db:
            economy = await rounds.economy_of(db, round_id)
            if economy is None:
                return None
            ours = economy in (guild_id, practice_economy(guild_id)) or (
                is_event_economy(economy) and economy in await events.economies_of(db, guild_id))
            return await rounds.round_info(db, economy, round_id) if ours else None

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
        the sitting ``session_id``. Reads the kept totals apart from the tables' work."""
        zone = zone_of((await self.guild_settings(guild_id)).timezone)
        key = period_key(period, now, zone, session_id=session_id)
        return await self._backend.read_apart(functools.partial(
            stats.board, guild_id=guild_id, user_id=user_id, game=game or ALL_GAMES, period=period,
            period_key=key, metric=metric, limit=max(0, limit), min_rounds=WIN_RATE_MIN_ROUNDS))

    async def profile(self, guild_id: int, user_id: int) -> Profile:
        """``/stats``: the member's record per game and overall, and their net per day."""
        return await self._backend.read_apart(functools.partial(stats.profile, guild_id=guild_id,
                                                                user_id=user_id))

    async def add_reviews(self, guild_id: int, round_id: int, decisions: Sequence[ReviewedDecision]) -> None:
        """Keep the coach's review of a round's decisions (kept once if stored again)."""
        await self.add_round_reviews([(guild_id, round_id, decisions)])

    async def add_round_reviews(self, rounds: Sequence[tuple[int, int, Sequence[ReviewedDecision]]]) -> None:
        """Keep the reviews of several rounds ``(guild, round, decisions)`` in one transaction:
        the coach stores what it worked out in one go, not once per round of a burst."""
        async with self._transaction() as db:
            for guild_id, round_id, decisions in rounds:
                await reviews.add(db, guild_id, round_id, decisions)

    async def round_review(self, round_id: int, user_id: int) -> list[ReviewedDecision]:
        """The member's reviewed decisions in the round, in order (empty: none kept)."""
        async with self._reading() as db:
            return await reviews.of_round(db, round_id, user_id)

    async def coach_stats(self, guild_id: int, user_id: int, since_day: str) -> list[CoachStats]:
        """Per game, the member's reviewed decisions in all and from ``since_day`` on."""
        async with self._reading_aside() as db:
            return await reviews.stats(db, guild_id, user_id, since_day)

    async def latest_session(self, table_id: int) -> int | None:
        """The table's newest sitting (running or over), None before its first round."""
        async with self._reading_aside() as db:
            return await stats.latest_session(db, table_id)

    async def end_sessions(self, *, now: float, table_id: int | None = None) -> list[int]:
        """End the sittings idle for 30 minutes (or every sitting of the closing ``table_id``)
        and return every ended sitting whose recap has not been posted."""
        async with self._transaction() as db:
            return await stats.end_sessions(db, now=now, idle_seconds=SESSION_IDLE_SECONDS,
                                            shards=self.shards, table_id=table_id)

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
