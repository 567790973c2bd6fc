"""The table runtime: one table per channel, shared by every game.

It serialises each table's actions behind a lock, saves the round after every accepted action
(state, action row, chip movements and next deadline in one transaction), runs the timers,
settles through the ledger, and on start-up resumes every unfinished round or voids it with
every stake returned. It knows nothing of Discord: it reports changes to a ``Publisher``.

Games whose adapter declares ``funding = "stack"`` are played from table stacks: players bring
chips with :meth:`TableRuntime.buy_in`, stakes move between their stack and the round's escrow,
and a stack goes back to the wallet when its owner leaves between rounds, when the round they
left during ends, or when the table closes. No chips join or leave a stack (other than as
stakes and settlement) during a round its owner is in.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from bot.games.common import ChipFlow, SeatId, Settlement
from bot.games.round import DeadlineKind, Round
from bot.i18n import N_, Command, Text, Words, stored
from bot.poker.shuffle import commitment as commitment_of
from bot.poker.shuffle import deck_from_seed, new_seed
from bot.store import (
    AccountRef,
    ActionRow,
    DuplicateAction,
    InsufficientFunds,
    Movement,
    OpenRound,
    RoundHeader,
    RoundMoney,
    Stake,
    Store,
    TableRow,
    UnbalancedSettlement,
    round_escrow,
)
from bot.tables.actions import NO_ARG, ActionArg
from bot.tables.adapter import (
    Applied,
    BuyInRequest,
    GameAdapter,
    TableContext,
    played_hands,
)
from bot.tables.config import ENGLISH, MAX_CHIPS, PRACTICE_CHIPS, TableConfig, practice_economy
from bot.tables.controls import Control
from bot.tables.errors import AlreadyApplied, StaleAction, TableError
from bot.tables.results import RoundResult, result_from_payload, result_payload

log = logging.getLogger(__name__)

RECENT_INTERACTIONS = 500
MAX_AUTOMATIC_PASSES = 10  # more than any game has streets
MAX_TABLES_PER_PLAYER = 4  # per server: a player may sit at tables in up to 4 channels at once


class Publisher(Protocol):
    """Where the runtime reports what players should see; the Discord cog implements it."""

    def table_changed(self, table: Table) -> None: ...

    def round_finished(self, table: Table, result: RoundResult) -> None: ...

    def table_closed(self, table: Table, refunds: Mapping[int, int]) -> None: ...


class NullPublisher:
    def table_changed(self, table: Table) -> None:
        pass

    def round_finished(self, table: Table, result: RoundResult) -> None:
        pass

    def table_closed(self, table: Table, refunds: Mapping[int, int]) -> None:
        pass


@dataclass
class ActiveRound:
    id: int
    state: Round
    """The engine's round (:class:`bot.games.round.Round`)."""
    seed: bytes
    commitment: str
    seq: int = 0
    """Actions saved so far; buttons carry it so a double click on one rendering acts once."""
    deadline: float | None = None
    deadline_kind: DeadlineKind | None = None
    phase: Hashable = None
    """The adapter's phase key when the deadline was set: a new key starts a new timer."""
    started_at: float = 0.0
    last_press: dict[int, str | None] = field(default_factory=dict)
    """Per player, the saved step of their latest action when it came from a button press
    (None when it did not): a press of that same button again is a double click."""


@dataclass
class Table:
    id: int
    guild_id: int
    channel_id: int
    config: TableConfig
    adapter: GameAdapter
    message_id: int | None = None
    seats: dict[int, str] = field(default_factory=dict)
    """Seated players (user id -> display name) in the order they sat down."""
    names: dict[int, str] = field(default_factory=dict)
    """Everyone who sat here since start-up, so a player who left still has a name."""
    round: ActiveRound | None = None
    memory: dict[SeatId, Any] = field(default_factory=dict)
    leaving: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    last_result: RoundResult | None = None
    recent_interactions: dict[int, None] = field(default_factory=dict)
    """Interaction ids accepted lately (insertion-ordered, capped), so a repeated delivery is
    recognised before the engine sees it; the database's UNIQUE constraint backs this up."""
    stacks: dict[int, int] = field(default_factory=dict)
    """Stack-funded tables: chips in each member's stack here (stakes in play are not in it),
    as last read from the store; players who left keep an entry until it is cashed out."""
    paused: str | None = None
    """Why the table's messages cannot reach its channel (the publisher says): no new round
    starts until they can; a round in play goes on by its timers."""

    @property
    def plays_from_stacks(self) -> bool:
        return self.adapter.info.plays_from_stacks

    @property
    def economy(self) -> int:
        """Whose chips this table plays with: the server's, or a practice table's own
        (:func:`~bot.tables.config.practice_economy`). Every chip the table moves is in it."""
        return practice_economy(self.guild_id) if self.config.practice else self.guild_id

    def remember_interaction(self, interaction_id: int | None) -> None:
        if interaction_id is None:
            return
        self.recent_interactions[interaction_id] = None
        while len(self.recent_interactions) > RECENT_INTERACTIONS:
            del self.recent_interactions[next(iter(self.recent_interactions))]

    @property
    def version(self) -> int:
        return self.round.seq if self.round else 0

    @property
    def round_id(self) -> int:
        return self.round.id if self.round else 0


@dataclass(frozen=True)
class ActionRequest:
    """One player action, from a slash command (``round_id`` None) or a button."""

    guild_id: int
    channel_id: int
    user_id: int
    user_name: str
    action: str
    arg: ActionArg = NO_ARG
    round_id: int | None = None
    version: int | None = None
    interaction_id: int | None = None


@dataclass(frozen=True)
class ActionResult:
    round_id: int
    label: str


@dataclass(frozen=True)
class BuyInResult:
    table_id: int
    user_id: int
    amount: int
    stack: int
    """The player's stack at the table after the buy-in."""
    wallet: int
    """The player's wallet after the buy-in."""


@dataclass(frozen=True)
class LeaveResult:
    """What standing up did; the cog tells the player in their language."""

    hand_played_out: bool = False
    """A dealt hand stays in the round, played by the timeout rules."""
    stack_waits_for: int | None = None
    """The round whose end returns the stack to the wallet (a stack-funded table, mid-hand)."""
    stack_returned: int = 0
    """Chips of the stack that went back to the wallet now."""


class TableRuntime:
    def __init__(
        self,
        store: Store,
        adapters: Mapping[str, GameAdapter],
        *,
        clock: Callable[[], float] = time.time,
        publisher: Publisher | None = None,
        seed_source: Callable[[], bytes] = new_seed,
    ) -> None:
        self.store = store
        self.adapters = dict(adapters)
        self.clock = clock
        self.publisher: Publisher = publisher or NullPublisher()
        self.seed_source = seed_source
        self._by_channel: dict[int, Table] = {}
        self._by_id: dict[int, Table] = {}
        self._closing = False

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Load open tables; resume each unfinished round (timers re-armed) or void it."""
        open_rounds = {row.table_id: row for row in await self.store.open_table_rounds()}
        for row in await self.store.open_tables():
            table = self._register(row)
            table.seats = dict(await self.store.table_seats(row.id))
            table.names.update(table.seats)
        # Results from before the restart first: a round voided below adds its own.
        await self._repost_pending_results()
        for table in list(self._by_id.values()):
            pending = open_rounds.pop(table.id, None)
            if pending is not None:
                await self._resume(table, pending)
            if table.round is None:
                await self._after_round_stacks(table)
            else:  # a resumed round returns its leavers' stacks when it ends
                await self._refresh_stacks(table)
        for orphan in open_rounds.values():  # a round whose table is gone: return the stakes
            await self._void_orphan(orphan, N_("its table no longer exists"))

    async def _repost_pending_results(self) -> None:
        """Results that were settled but never posted (Discord refused or was down, or the
        bot stopped first) go to the publisher again; those of closed tables are forgotten
        (``/round`` still shows the round)."""
        dropped = await self.store.drop_orphaned_posts()
        if dropped:
            log.info("Results of rounds %s wait for closed tables; not posted", dropped)
        for table in self._by_id.values():
            for _, payload in await self.store.pending_posts(table.id):
                result = result_from_payload(table.adapter, table.config, payload)
                table.last_result = result
                self.publisher.round_finished(table, result)

    async def stop(self) -> None:
        """Cancel timers after any action in progress has been saved."""
        self._closing = True
        for table in list(self._by_id.values()):
            async with table.lock:
                self._disarm(table)

    def _register(self, row: TableRow) -> Table:
        adapter = self.adapters.get(row.game)
        if adapter is None:
            raise TableError("No game called {game} is installed.", game=row.game)
        config = TableConfig.from_dict(row.config, adapter.info.options)
        table = Table(row.id, row.guild_id, row.channel_id, config, adapter, row.message_id,
                      memory=_memory_from_json(row.memory))
        self._by_channel[row.channel_id] = table
        self._by_id[row.id] = table
        return table

    async def _resume(self, table: Table, pending: OpenRound) -> None:
        try:
            state = table.adapter.load(pending.state, table.config)
            seed = bytes.fromhex(pending.seed)
        except Exception:
            log.exception("Round #%s at table %s cannot be resumed; voiding it", pending.id, table.id)
            await self._void(table, pending.id, N_("it could not be resumed after a restart"))
            return
        table.round = ActiveRound(pending.id, state, seed, pending.commitment, pending.seq,
                                  pending.deadline, state.deadline_kind(),
                                  state.phase_key(), pending.created_at,
                                  last_press=_last_presses(await self.store.round_actions(pending.id)))
        log.info("Resumed round #%s at table %s (deadline %s)", pending.id, table.id,
                 pending.deadline)
        if state.is_over():
            # The last action was saved but the crash came before its settlement: settle now
            # (no timer would ever fire for a round that has nothing left to wait for).
            await self._settle(table)
            return
        self._arm(table)
        self.publisher.table_changed(table)

    # -- the table's channel -------------------------------------------------------------------
    def pause(self, table: Table, reason: str) -> None:
        """The table's messages cannot reach its channel: start no new round until
        :meth:`unpause` (the round in play finishes or voids by its timers)."""
        if table.paused is None:
            log.warning("Table %s paused: %s", table.id, reason)
        table.paused = reason

    def unpause(self, table: Table) -> None:
        if table.paused is not None:
            log.info("Table %s resumes: its messages reach the channel again", table.id)
        table.paused = None

    # -- lookup ------------------------------------------------------------------------------
    def table_in(self, channel_id: int) -> Table | None:
        return self._by_channel.get(channel_id)

    def table_by_id(self, table_id: int) -> Table | None:
        return self._by_id.get(table_id)

    def tables(self) -> list[Table]:
        return list(self._by_id.values())

    def _require(self, channel_id: int, guild_id: int) -> Table:
        table = self._by_channel.get(channel_id)
        if table is None or table.guild_id != guild_id:
            raise TableError("There is no table in this channel. An admin can open one with {open}.",
                             open=Command("table open"))
        return table

    # -- admin -------------------------------------------------------------------------------
    async def open_table(self, guild_id: int, channel_id: int, config: TableConfig) -> Table:
        if config.game not in self.adapters:
            raise TableError("Unknown game {game}.", game=config.game)
        if channel_id in self._by_channel:
            raise TableError("This channel already has a table. Close it first with {close}.",
                             close=Command("table close"))
        options = config.options_as(self.adapters[config.game].info.options)  # the game's own type
        config = dataclasses.replace(config, options=options).validated()
        row = await self.store.create_table(guild_id, channel_id, config.game, config.to_dict(),
                                            now=self.clock())
        table = self._register(row)
        self.publisher.table_changed(table)
        return table

    async def close_table(self, guild_id: int, channel_id: int) -> dict[int, int]:
        """Close the table, voiding a round in play with every stake returned. Returns what
        went back to each wallet: the voided stakes, or at a stack-funded table every whole
        stack (the voided stakes return to the stacks first)."""
        table = self._require(channel_id, guild_id)
        async with table.lock:
            refunds: dict[int, int] = {}
            if table.round is not None:
                refunds = await self._void(table, table.round.id, N_("the table was closed"),
                                           closing=True)
            self._disarm(table)
            cashed_out = await self.store.close_table(table.id, now=self.clock(), economy=table.economy)
            await self.store.end_sessions(now=self.clock(), table_id=table.id)  # recap it now
            if table.plays_from_stacks:  # the voided stakes went back to the stacks first
                refunds = cashed_out
                table.stacks.clear()
            del self._by_channel[channel_id]
            del self._by_id[table.id]
        self.publisher.table_closed(table, refunds)
        return refunds

    async def configure(self, guild_id: int, channel_id: int, **changes: Any) -> TableConfig:
        table = self._require(channel_id, guild_id)
        async with table.lock:
            if table.round is not None:
                raise TableError("Round #{round} is in play; change the table between rounds.",
                                 round=str(table.round.id))
            config = table.config.with_changes(**changes)
            table.adapter.new_state(config)  # the engine validates its own options
            await self.store.update_table(table.id, config=config.to_dict())
            table.config = config
        self.publisher.table_changed(table)
        return config

    # -- seats -------------------------------------------------------------------------------
    async def join(self, guild_id: int, channel_id: int, user_id: int, name: str) -> Table:
        table = self._require(channel_id, guild_id)
        async with table.lock:
            await self._seat(table, user_id, name)
        self.publisher.table_changed(table)
        return table

    async def _seat(self, table: Table, user_id: int, name: str) -> None:
        if user_id in table.seats:
            return
        seated = sum(1 for other in self._by_id.values()
                     if other.guild_id == table.guild_id and user_id in other.seats)
        if seated >= MAX_TABLES_PER_PLAYER:
            raise TableError("You are already seated at {most} tables; leave one first with {leave}.",
                             most=MAX_TABLES_PER_PLAYER, leave=Command("table leave"))
        await self.store.seat_player(table.id, user_id, name, now=self.clock())
        table.seats[user_id] = table.names[user_id] = name
        table.leaving.discard(user_id)

    async def leave(self, guild_id: int, channel_id: int, user_id: int) -> LeaveResult:
        """Stand up. Mid-round, bets not yet dealt come back; a dealt hand is played by the
        timeout rules (AUTO CHECKED / AUTO FOLDED). At a stack-funded table the whole stack
        goes back to the wallet at once, or when the round the player is in ends."""
        table = self._require(channel_id, guild_id)
        async with table.lock:
            if user_id not in table.seats:
                raise TableError("You are not seated at this table.")
            result = LeaveResult()
            round_ = table.round
            if round_ is not None and user_id in round_.state.seats_in_play():
                table.leaving.add(user_id)
                applied = table.adapter.leave(round_.state, user_id)
                await self._save_and_advance(table, applied, interaction_id=None)
                result = LeaveResult(hand_played_out=True)
            await self.store.unseat_player(table.id, user_id)
            table.seats.pop(user_id, None)
            if table.plays_from_stacks:
                result = await self._cash_out_leaver(table, user_id, result)
        self.publisher.table_changed(table)
        return result

    async def _cash_out_leaver(self, table: Table, user_id: int, result: LeaveResult) -> LeaveResult:
        round_ = table.round  # the leave may have finished the round
        if round_ is not None and user_id in round_.state.seats_in_play():
            return dataclasses.replace(result, stack_waits_for=round_.id)
        paid = await self.store.cash_out(table.economy, table.id, user_id, now=self.clock(),
                                         reason="left the table: stack returned")
        await self._refresh_stacks(table)
        return dataclasses.replace(result, stack_returned=paid)

    # -- stacks ------------------------------------------------------------------------------
    async def buy_in(self, guild_id: int, channel_id: int, user_id: int, name: str,
                     amount: int) -> BuyInResult:
        """Bring chips from the wallet to the player's stack at this channel's table (a first
        buy-in or a top-up), seating the player if needed. Refused during a round the player
        is in, above the wallet, or when the game's ``check_buy_in`` says no."""
        table = self._require(channel_id, guild_id)
        if not table.plays_from_stacks:
            raise TableError("{game} is played from your wallet: there is nothing to buy in.",
                             game=table.adapter.display_name)
        if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= MAX_CHIPS:
            raise TableError("A buy-in is a whole number of chips from 1 to {most}.", most=MAX_CHIPS)
        async with table.lock:
            round_ = table.round
            if round_ is not None and user_id in round_.state.seats_in_play():
                raise TableError("You are playing round #{round}: chips can join your stack only "
                                 "between your rounds. Top up when it ends.", round=str(round_.id))
            request = await self._buy_in_request(table, user_id, amount)
            table.adapter.check_buy_in(table.config, request)  # RuleError: a friendly refusal
            await self._seat(table, user_id, name)
            try:
                wallet, stack = await self.store.buy_in(table.economy, table.id, user_id, amount,
                                                        now=self.clock())
            except InsufficientFunds as error:
                raise TableError(_short_of_chips(table, error)) from None
            table.stacks[user_id] = stack
        self.publisher.table_changed(table)
        return BuyInResult(table.id, user_id, amount, stack, wallet)

    async def refill(self, guild_id: int, channel_id: int, user_id: int) -> int:
        """Top the player's practice chips at this channel's practice table up to
        ``PRACTICE_CHIPS`` (minted in the practice economy; nothing real moves); their count."""
        table = self._require(channel_id, guild_id)
        if not table.config.practice:
            raise TableError("Only a practice table refills chips; at this table you play with your "
                             "wallet (`{daily}`).", daily=Command("daily"))
        economy = table.economy
        have = await self.store.ensure_wallet(economy, user_id)
        if have >= PRACTICE_CHIPS:
            return have
        return await self.store.grant(economy, user_id, PRACTICE_CHIPS - have, reason="practice refill")

    async def _buy_in_request(self, table: Table, user_id: int, amount: int) -> BuyInRequest:
        wallet = await self.store.ensure_wallet(table.economy, user_id)
        if amount > wallet and table.config.practice:
            raise TableError("You have {wallet} practice chips: you can bring at most that to the "
                             "table. `{refill}` gives you {chips} again.", wallet=wallet,
                             refill=Command("table refill"), chips=PRACTICE_CHIPS)
        if amount > wallet:
            raise TableError("Your wallet has {wallet} chips: you can bring at most that to the "
                             "table. Try {daily}.", wallet=wallet, daily=Command("daily"))
        records = {record.user_id: record for record in await self.store.seat_records(table.id)}
        seated = records.get(user_id)
        return BuyInRequest(user_id, amount, table.stacks.get(user_id, 0),
                            seated.bought_in if seated else 0, wallet)

    def stacks(self, table: Table) -> dict[int, int]:
        """Chips in each seated player's stack at a stack-funded table (0 for a seated player
        who has not bought in), in seating order; stakes in play are not counted."""
        return {user: table.stacks.get(user, 0) for user in table.seats}

    def stack_of(self, table: Table, user_id: int) -> int:
        return table.stacks.get(user_id, 0)

    async def _refresh_stacks(self, table: Table) -> None:
        if table.plays_from_stacks:
            table.stacks = await self.store.table_stacks(table.economy, table.id)

    async def _after_round_stacks(self, table: Table) -> None:
        """Between rounds: return the stacks of players who left during the round, and read
        every stack again (settlement and voids moved chips into them)."""
        if not table.plays_from_stacks:
            return
        paid = await self.store.cash_out_absent(table.economy, table.id, now=self.clock())
        if paid:
            log.info("Table %s returned the stacks of players who left: %s", table.id, paid)
        await self._refresh_stacks(table)

    # -- actions -----------------------------------------------------------------------------
    async def act(self, request: ActionRequest) -> ActionResult:
        table = self._require(request.channel_id, request.guild_id)
        async with table.lock:
            if request.interaction_id in table.recent_interactions:
                raise AlreadyApplied("That was already done; nothing more happened.")
            self._check_fresh(table, request)
            if request.user_id in table.seats and request.user_name:
                # A rename shows on the table at once and on leaderboards from this round on.
                table.seats[request.user_id] = table.names[request.user_id] = request.user_name
            if table.round is None:
                result = await self._start_round(table, request)
            else:
                result = await self._act_in_round(table, request)
            table.remember_interaction(request.interaction_id)
        self.publisher.table_changed(table)
        return result

    def _check_fresh(self, table: Table, request: ActionRequest) -> None:
        if request.round_id is None:
            return  # a slash command always means the round in play now
        current = table.round_id
        if request.round_id == current:
            return
        if request.round_id == 0 and table.round is not None:
            # A "next round" button pressed while the betting window is already open joins it.
            if table.round.state.deadline_kind() == "betting":
                return
            raise StaleAction("Round #{round} is being played; the next one can start when it ends.",
                              round=str(current))
        raise StaleAction("That button belongs to round #{round}, which is over.",
                          round=str(request.round_id))

    async def _start_round(self, table: Table, request: ActionRequest) -> ActionResult:
        adapter = table.adapter
        if table.paused is not None:
            raise TableError("No new round can start here: {reason}", reason=table.paused)
        if request.action not in adapter.starts_round_actions:
            raise TableError("No round is running. {hint}", hint=adapter.idle_hint(table.config))
        await self._seat(table, request.user_id, request.user_name)
        state = await self._new_round_state(table)
        applied = _with_press_step(
            adapter.apply(state, request.user_id, request.action, request.arg, table.memory),
            request, seq=1)
        seed = self.seed_source()
        now = self.clock()
        deadline = now + _opening_seconds(table)
        row = self._action_row(1, applied, request)
        try:
            header = RoundHeader(adapter.game, table.channel_id, commitment_of(seed), seed.hex(),
                                 state.to_dict())
            round_id = await self.store.open_table_round(
                table.economy, table.id, header, deadline=deadline, action=row,
                stakes=_stakes(applied.flows), now=now, stack_table=_stack_table(table))
        except InsufficientFunds as error:
            raise TableError(_short_of_chips(table, error)) from None
        table.round = ActiveRound(round_id, state, seed, commitment_of(seed), 1, deadline,
                                  state.deadline_kind(), state.phase_key(), now,
                                  last_press={request.user_id: _press_of(applied)})
        await self._refresh_stacks(table)
        self._arm(table)
        log.info("Round #%s opened at table %s by %s", round_id, table.id, request.user_id)
        return ActionResult(round_id, applied.label)

    async def _new_round_state(self, table: Table) -> Round:
        """The engine's state for a new round, given the table as it stands: its seats in
        seating order (which is clockwise), and at a table played from stacks their stacks
        and which of them are new here."""
        newcomers: frozenset[int] = frozenset()
        if table.plays_from_stacks:
            await self._refresh_stacks(table)
            played = {r.user_id for r in await self.store.seat_records(table.id) if r.hands}
            newcomers = frozenset(user for user in table.seats if user not in played)
        context = TableContext(
            table_id=table.id,
            # table.seats keeps the order players sat down (reloaded by time after a restart).
            seats=tuple((user, table.stacks.get(user, 0)) for user in table.seats),
            memory=MappingProxyType(dict(table.memory)),
            newcomers=newcomers,
        )
        state: Round = table.adapter.new_round_state(table.config, context)
        return state

    async def _act_in_round(self, table: Table, request: ActionRequest) -> ActionResult:
        round_ = table.round
        assert round_ is not None
        adapter = table.adapter
        if request.user_id not in table.seats:
            if request.action not in adapter.starts_round_actions:
                raise TableError("You are not seated at this table: place an Ante when the "
                                 "betting window is open to join.")
            await self._seat(table, request.user_id, request.user_name)
        _refuse_double_click(round_, request)
        before = round_.state.to_dict()
        applied = _with_press_step(
            adapter.apply(round_.state, request.user_id, request.action, request.arg, table.memory),
            request, seq=round_.seq + 1)
        try:
            await self._save_and_advance(table, [applied], interaction_id=request.interaction_id)
        except BaseException:
            round_.state = adapter.load(before, table.config)  # nothing was saved: undo in memory
            raise
        round_.last_press[request.user_id] = _press_of(applied)
        return ActionResult(round_.id, applied.label)

    async def fire_due(self) -> int:
        """Run every timer whose deadline has passed (tests call this after moving the clock)."""
        fired = 0
        for table in list(self._by_id.values()):
            round_ = table.round
            if round_ is not None and round_.deadline is not None and round_.deadline <= self.clock():
                await self._on_deadline(table, round_.id, round_.deadline)
                fired += 1
        return fired

    async def _on_deadline(self, table: Table, round_id: int, deadline: float) -> None:
        async with table.lock:
            round_ = table.round
            if round_ is None or round_.id != round_id or round_.deadline != deadline:
                return  # the round moved on meanwhile
            before = round_.state.to_dict()
            try:
                applied = table.adapter.on_deadline(round_.state, lambda: deck_from_seed(round_.seed))
                await self._save_and_advance(table, applied, interaction_id=None)
            except Exception:
                round_.state = table.adapter.load(before, table.config)
                log.exception("Timer of round #%s failed; voiding the round", round_id)
                await self._void(table, round_id, N_("an internal error stopped it"))
        self.publisher.table_changed(table)

    # -- saving and advancing ----------------------------------------------------------------
    async def _save_and_advance(self, table: Table, applied: Sequence[Applied], *,
                                interaction_id: int | None) -> None:
        """Save the accepted actions with their chips; then play out leavers, settle or re-arm."""
        round_ = table.round
        assert round_ is not None
        applied = [*applied, *self._leavers_time_out(table)]
        rows = [self._action_row(round_.seq + index + 1, item,
                                 interaction_id=interaction_id if index == 0 else None)
                for index, item in enumerate(applied)]
        flows = [flow for item in applied for flow in item.flows]
        deadline, kind, phase = self._next_deadline(table)
        try:
            await self.store.save_round_step(
                table.economy, round_.id, state=round_.state.to_dict(),
                deadline=deadline, actions=rows, stakes=_stakes(flows), now=self.clock(),
                stack_table=_stack_table(table),
            )
        except DuplicateAction:
            raise AlreadyApplied("That was already done (a double click or a repeated "
                                 "delivery); nothing more happened.") from None
        except InsufficientFunds as error:
            raise TableError(_short_of_chips(table, error)) from None
        round_.seq += len(rows)
        if flows:
            await self._refresh_stacks(table)
        round_.deadline, round_.deadline_kind, round_.phase = deadline, kind, phase
        if round_.state.is_over():
            await self._settle(table)
        else:
            self._arm(table)

    def _leavers_time_out(self, table: Table) -> list[Applied]:
        """Play absent players' decisions at once, street after street, as timeouts would."""
        round_ = table.round
        assert round_ is not None
        timed_out: list[Applied] = []
        for _ in range(MAX_AUTOMATIC_PASSES):
            this_pass = [item for seat in list(table.leaving)
                         for item in table.adapter.leave(round_.state, seat)]
            if not this_pass:
                break
            timed_out += this_pass
        return timed_out

    def _next_deadline(self, table: Table) -> tuple[float | None, DeadlineKind | None, Hashable]:
        """Keep the deadline while the phase lasts; a new phase starts a new timer."""
        round_ = table.round
        assert round_ is not None
        kind = round_.state.deadline_kind()
        phase = round_.state.phase_key()
        if kind is None:
            return None, None, phase
        if phase == round_.phase and round_.deadline is not None:
            return round_.deadline, kind, phase
        seconds = table.config.betting_seconds if kind == "betting" else table.config.decision_seconds
        return self.clock() + seconds, kind, phase

    async def _settle(self, table: Table) -> None:
        round_ = table.round
        assert round_ is not None
        adapter = table.adapter
        outcome = adapter.outcome(round_.state)
        names = {seat: table.names.get(seat, f"player {seat}")
                 for seat in round_.state.seats_in_play()}
        if outcome is None:
            result = RoundResult(round_.id, None, Text("No bets were placed."), {}, round_.seed.hex(),
                                 round_.commitment, names, round_.state, voided=True)
            await self.store.void_round(table.economy, round_.id, reason="no bets",
                                        now=self.clock(), post=self._post(table, result))
        else:
            settlement = outcome.settlement
            record = {
                "game": adapter.game, "config": table.config.to_dict(), "names": {
                    str(seat): name for seat, name in names.items()},
                "dealt": [str(card) for card in round_.state.dealt_cards()],
                "headline": stored(outcome.headline), "record": adapter.record(round_.state),
                "settlement": settlement.to_dict(),
            }
            result = RoundResult(round_.id, settlement, outcome.headline, outcome.seat_lines,
                                 round_.seed.hex(), round_.commitment, names, round_.state)
            try:
                await self._record_settlement(table, round_, settlement, record, result)
            except UnbalancedSettlement:
                log.exception("Round #%s at table %s does not balance; voiding it", round_.id,
                              table.id)
                await self._void(table, round_.id, N_("its settlement did not add up"))
                return
        table.memory = adapter.memory(round_.state) or table.memory
        await self.store.update_table(table.id, memory={str(k): v for k, v in table.memory.items()})
        table.last_result = result
        table.round = None
        table.leaving.clear()
        self._disarm(table)
        await self._after_round_stacks(table)
        log.info("Round #%s at table %s settled", result.round_id, table.id)
        self.publisher.round_finished(table, result)

    async def _record_settlement(self, table: Table, round_: ActiveRound, settlement: Settlement,
                                 record: Mapping[str, Any], result: RoundResult) -> None:
        """Settle the round in one transaction. From stacks the escrow must end empty: a
        settlement that does not account for every staked chip raises UnbalancedSettlement
        and records nothing."""
        empty_after: tuple[AccountRef, ...] = ()
        if table.plays_from_stacks:
            movements = _stack_settlement_movements(table.id, round_.id, settlement)
            empty_after = (round_escrow(round_.id),)
        else:
            movements = self._settlement_movements(round_.id, settlement)
        header = RoundHeader(table.adapter.game, table.channel_id, seed=round_.seed.hex(), state=record)
        results = {seat: (s.staked, s.returned) for seat, s in settlement.summary.items()}
        await self.store.record_round(
            table.economy, header, RoundMoney(results, movements, empty_after), now=self.clock(),
            round_id=round_.id, table_id=table.id, post=result_payload(table.adapter, result),
            hands=played_hands(table.adapter, round_.state),
            names={seat: table.names[seat] for seat in results if seat in table.names})

    async def _void(self, table: Table, round_id: int, reason: str, *,
                    closing: bool = False) -> dict[int, int]:
        """Void the round with every stake returned (to wallets, or to stacks, which are then
        cashed out for players who left, unless the table is closing and returns them all)."""
        in_play = table.round if table.round and table.round.id == round_id else None
        headline = Text("Round #{round} was voided because {reason}; every stake was returned.",
                        round=str(round_id), reason=Text(reason))
        result = RoundResult(round_id, None, headline, {},
                             in_play.seed.hex() if in_play else "",
                             in_play.commitment if in_play else "",
                             dict(table.seats), in_play.state if in_play else None, voided=True)
        refunds = await self.store.void_round(table.economy, round_id, reason=reason,
                                              now=self.clock(), post=self._post(table, result))
        log.warning("Round #%s at table %s voided (%s); refunds %s", round_id, table.id,
                    reason, refunds)
        table.round = None
        self._disarm(table)
        if not closing:
            await self._after_round_stacks(table)
        table.last_result = result
        self.publisher.round_finished(table, result)
        return refunds

    @staticmethod
    def _post(table: Table, result: RoundResult) -> tuple[int, dict[str, Any]]:
        """The result as the store's outbox keeps it until it is posted."""
        return table.id, result_payload(table.adapter, result)

    async def _void_orphan(self, pending: OpenRound, reason: str) -> None:
        refunds = await self.store.void_round(pending.guild_id, pending.id, reason=reason,
                                              now=self.clock())
        # Stakes from stacks went back to the stacks; a closed table has no seats, so every
        # stack there belongs to someone absent and goes home to the wallet.
        paid = await self.store.cash_out_absent(pending.guild_id, pending.table_id,
                                                now=self.clock())
        log.warning("Round #%s voided (%s); refunds %s; stacks returned %s", pending.id, reason,
                    refunds, paid)

    # -- chips -------------------------------------------------------------------------------
    def _settlement_movements(self, round_id: int, settlement: Settlement) -> list[Movement]:
        """Per seat: the stake back from escrow (up to what was staked), winnings from the
        house, losses from escrow to the house."""
        escrow, house = round_escrow(round_id), AccountRef.house()
        movements = []
        for seat, summary in settlement.summary.items():
            wallet = AccountRef.wallet(seat)
            back = min(summary.staked, summary.returned)
            if back:
                movements.append(Movement(escrow, wallet, back, "stake returned"))
            if summary.returned > summary.staked:
                movements.append(Movement(house, wallet, summary.returned - summary.staked, "winnings"))
            if summary.staked > summary.returned:
                movements.append(Movement(escrow, house, summary.staked - summary.returned, "lost bets"))
        return movements

    def _action_row(self, seq: int, applied: Applied, request: ActionRequest | None = None, *,
                    interaction_id: int | None = None) -> ActionRow:
        return ActionRow(
            seq=seq, user_id=applied.seat, step=applied.step,
            interaction_id=request.interaction_id if request else interaction_id,
            label=stored(applied.label), at=self.clock(),
        )

    # -- timers ------------------------------------------------------------------------------
    def _arm(self, table: Table) -> None:
        self._disarm(table)
        round_ = table.round
        if self._closing or round_ is None or round_.deadline is None:
            return
        table.timer = asyncio.create_task(self._wait_and_fire(table, round_.id, round_.deadline),
                                          name=f"table-{table.id}-timer")

    def _disarm(self, table: Table) -> None:
        timer, table.timer = table.timer, None
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def _wait_and_fire(self, table: Table, round_id: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self.clock()))
        try:
            await self._on_deadline(table, round_id, deadline)
        except Exception:
            log.exception("Timer for table %s failed", table.id)

    # -- views -------------------------------------------------------------------------------
    def controls(self, table: Table, w: Words = ENGLISH) -> list[Control]:
        state = table.round.state if table.round else None
        return table.adapter.controls(state, table.config, w)



PRESS = "press:"


def _button_of(request: ActionRequest) -> str | None:
    """Which button a request comes from: the player, the button's action and argument, and the
    round and rendering it was drawn for. None for a slash command."""
    if request.version is None:
        return None
    return (f"{PRESS}{request.user_id}:{request.action}:{request.arg.encode()}:"
            f"r{request.round_id}v{request.version}")


def _with_press_step(applied: Applied, request: ActionRequest, *, seq: int) -> Applied:
    """A button action without a step of its own (a bet, an undo) is saved with the button and
    its place in the round, so that after a restart the player's latest press is known again."""
    button = _button_of(request)
    if applied.step is not None or button is None:
        return applied
    return Applied(applied.seat, applied.label, applied.flows, f"{button}#{seq}")


def _refuse_double_click(round_: ActiveRound, request: ActionRequest) -> None:
    """Only the same button pressed twice in a row is one press (a double click): "Box 1: Ante"
    then "Box 2: Ante", Ante 10 then Ante 50, or Ante 10, Ante 50, Ante 10 are all separate
    actions, even within one rendering of the table."""
    button = _button_of(request)
    latest = round_.last_press.get(request.user_id)
    if button is not None and latest is not None and latest.startswith(button + "#"):
        raise AlreadyApplied("That was already done (a double click or a repeated delivery); "
                             "nothing more happened.")


def _press_of(applied: Applied) -> str | None:
    return applied.step if applied.step is not None and applied.step.startswith(PRESS) else None


def _last_presses(rows: Sequence[ActionRow]) -> dict[int, str | None]:
    """Each player's latest saved action, as a press step or None (the order rows were saved)."""
    latest: dict[int, str | None] = {}
    for row in rows:
        if row.user_id is not None:
            latest[row.user_id] = row.step if row.step and row.step.startswith(PRESS) else None
    return latest


def _stack_settlement_movements(table_id: int, round_id: int,
                                settlement: Settlement) -> list[Movement]:
    """From stacks: the house first pays what it lost into the escrow (it banked and lost),
    then every line's ``returned`` goes to its seat's stack, and what is left (rake, or the
    house bank's win) goes to the house. Chips pass between players through the escrow."""
    escrow, house = round_escrow(round_id), AccountRef.house()
    movements = []
    house_net = settlement.house_net
    if house_net < 0:
        movements.append(Movement(house, escrow, -house_net, "house bank pays"))
    for line in settlement.lines:
        if line.returned:
            movements.append(Movement(escrow, AccountRef.stack(table_id, line.seat), line.returned,
                                      f"{line.bet} {line.outcome}"))
    if house_net > 0:
        movements.append(Movement(escrow, house, house_net, "to the house (rake or house bank)"))
    return movements


def _opening_seconds(table: Table) -> float:
    return table.adapter.opening_seconds(table.config)


def _stack_table(table: Table) -> int | None:
    """The table whose stacks fund the stakes, or None when they come from wallets."""
    return table.id if table.plays_from_stacks else None


def _memory_from_json(raw: Mapping[str, Any]) -> dict[Any, Any]:
    """Table memory as saved: seat ids come back as ints, other keys (a button) stay str."""
    return {int(key) if key.isdecimal() else key: value for key, value in raw.items()}


def _stakes(flows: Sequence[ChipFlow]) -> list[Stake]:
    """An engine's chip flows as stakes: into the round's escrow (+) or back out (-)."""
    return [Stake(flow.seat, flow.amount, f"bet {flow.bet}" if flow.amount > 0
                  else f"bet {flow.bet} returned") for flow in flows if flow.amount]


def _short_of_chips(table: Table, error: InsufficientFunds) -> Text:
    if error.account.kind == "stack":
        return Text("Your stack at this table has {balance} chips and this needs {needed}. Top up "
                    "between your rounds with {buyin}.", balance=error.balance, needed=error.needed,
                    buyin=table.adapter.vocabulary.command("buyin", amount=...))
    if table.config.practice:
        return Text("You don't have enough practice chips for that: you have {balance} and this needs "
                    "{needed}. `{refill}` gives you {chips} again.", balance=error.balance,
                    needed=error.needed, refill=Command("table refill"), chips=PRACTICE_CHIPS)
    return Text("You don't have enough chips for that: your wallet has {balance} and this needs "
                "{needed}. Try {daily}.", balance=error.balance, needed=error.needed, daily=Command("daily"))
