"""The table runtime: one table per channel, shared by every game.

It serialises each table's actions behind a lock, asks the engine's round to make each one,
and saves the round after every accepted action (state, action row, chip movements and next
deadline in one transaction). On start-up it resumes every unfinished round or voids it with
every stake returned. It knows nothing of Discord: it reports changes to a ``Publisher``.

The rest is one concern a module: the table and its requests (:mod:`bot.tables.table`),
seats and table stacks (:mod:`bot.tables.seating`), timers (:mod:`bot.tables.timers`), the end
of a round, settled or voided (:mod:`bot.tables.settling`), where chips go
(:mod:`bot.tables.chip_moves`) and double clicks (:mod:`bot.tables.presses`).
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from bot.coach.requests import hint_request
from bot.coach.review import Decision
from bot.games.round import Round
from bot.i18n import N_, Command, Words, stored
from bot.poker.shuffle import commitment as commitment_of
from bot.poker.shuffle import deck_from_seed, new_seed
from bot.store import ActionRow, DuplicateAction, InsufficientFunds, OpenRound, RoundHeader, Store, TableRow
from bot.tables.adapter import GameAdapter, TableContext
from bot.tables.chip_moves import short_of_chips, stack_table, stakes
from bot.tables.config import ENGLISH, TableConfig
from bot.tables.controls import Control
from bot.tables.errors import AlreadyApplied, StaleAction, TableError
from bot.tables.play import Applied
from bot.tables.presses import last_presses, press_of, refuse_double_click, with_press_step
from bot.tables.results import result_from_payload
from bot.tables.seating import Seating
from bot.tables.settling import Settler
from bot.tables.table import (
    ActionRequest,
    ActionResult,
    ActiveRound,
    BuyInResult,
    LeaveResult,
    NullPublisher,
    Publisher,
    Table,
)
from bot.tables.timers import Timers, opening_seconds

log = logging.getLogger(__name__)

MAX_AUTOMATIC_PASSES = 10  # more than any game has streets


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
        self.seed_source = seed_source
        self._by_channel: dict[int, Table] = {}
        self._by_id: dict[int, Table] = {}
        self.timers = Timers(clock, self._on_deadline)
        self.seating = Seating(store, clock, self._by_id.values)
        self.settler = Settler(store, clock, publisher or NullPublisher(), self.timers, self.seating)

    @property
    def publisher(self) -> Publisher:
        """Where changes are shown (the Discord cog sets its own once it is loaded)."""
        return self.settler.publisher

    @publisher.setter
    def publisher(self, publisher: Publisher) -> None:
        self.settler.publisher = publisher

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
                await self.seating.after_round(table)
            else:  # a resumed round returns its leavers' stacks when it ends
                await self.seating.refresh_stacks(table)
        for orphan in open_rounds.values():  # a round whose table is gone: return the stakes
            await self.settler.void_orphan(orphan, N_("its table no longer exists"))

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
        self.timers.closing = True
        for table in list(self._by_id.values()):
            async with table.lock:
                self.timers.disarm(table)

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
            await self.settler.void(table, pending.id, N_("it could not be resumed after a restart"))
            return
        table.round = ActiveRound(pending.id, state, seed, pending.commitment, pending.seq,
                                  pending.deadline, state.deadline_kind(),
                                  state.phase_key(), pending.created_at,
                                  last_press=last_presses(await self.store.round_actions(pending.id)))
        log.info("Resumed round #%s at table %s (deadline %s)", pending.id, table.id,
                 pending.deadline)
        if state.is_over():
            # The last action was saved but the crash came before its settlement: settle now
            # (no timer would ever fire for a round that has nothing left to wait for).
            await self.settler.settle(table)
            return
        self.timers.arm(table)
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
                refunds = await self.settler.void(table, table.round.id, N_("the table was closed"),
                                          closing=True)
            self.timers.disarm(table)
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
            table.adapter.new_round(config)  # the engine validates its own options
            await self.store.update_table(table.id, config=config.to_dict())
            table.config = config
        self.publisher.table_changed(table)
        return config

    # -- seats and stacks (bot.tables.seating) ---------------------------------------------------
    async def join(self, guild_id: int, channel_id: int, user_id: int, name: str) -> Table:
        table = self._require(channel_id, guild_id)
        async with table.lock:
            await self.seating.seat(table, user_id, name)
        self.publisher.table_changed(table)
        return table

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
                applied = [Applied.made(moved) for moved in round_.state.leave(user_id)]
                await self._save_and_advance(table, applied, interaction_id=None)
                result = LeaveResult(hand_played_out=True)
            await self.store.unseat_player(table.id, user_id)
            table.seats.pop(user_id, None)
            if table.plays_from_stacks:
                result = await self.seating.cash_out_leaver(table, user_id, result)
        self.publisher.table_changed(table)
        return result

    async def buy_in(self, guild_id: int, channel_id: int, user_id: int, name: str,
                     amount: int) -> BuyInResult:
        """Bring chips from the wallet to the player's stack at this channel's table."""
        table = self._require(channel_id, guild_id)
        result = await self.seating.buy_in(table, user_id, name, amount)
        self.publisher.table_changed(table)
        return result

    async def refill(self, guild_id: int, channel_id: int, user_id: int) -> int:
        """Top the player's practice chips at this channel's practice table up again."""
        return await self.seating.refill(self._require(channel_id, guild_id), user_id)

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
        if request.action not in adapter.info.moves.opening:
            raise TableError("No round is running. {hint}", hint=adapter.terms(table.config).idle_hint)
        await self.seating.check_event_open(table)
        await self.seating.seat(table, request.user_id, request.user_name)
        state = await self._new_round_state(table)
        applied = with_press_step(
            adapter.actions.apply(state, request.user_id, request.action, request.arg, table.memory),
            request, seq=1)
        seed = self.seed_source()
        now = self.clock()
        deadline = now + opening_seconds(table.config, state)
        row = self._action_row(1, applied, request)
        try:
            header = RoundHeader(adapter.info.key, table.channel_id, commitment_of(seed), seed.hex(),
                                 state.to_dict())
            round_id = await self.store.open_table_round(
                table.economy, table.id, header, deadline=deadline, action=row,
                stakes=stakes(applied.flows), now=now, stack_table=stack_table(table))
        except InsufficientFunds as error:
            raise TableError(short_of_chips(table, error)) from None
        table.round = ActiveRound(round_id, state, seed, commitment_of(seed), 1, deadline,
                                  state.deadline_kind(), state.phase_key(), now,
                                  last_press={request.user_id: press_of(applied)})
        await self.seating.refresh_stacks(table)
        self.timers.arm(table)
        log.info("Round #%s opened at table %s by %s", round_id, table.id, request.user_id)
        return ActionResult(round_id, applied.label)

    async def _new_round_state(self, table: Table) -> Round:
        """The engine's state for a new round, given the table as it stands: its seats in
        seating order (which is clockwise), and at a table played from stacks their stacks
        and which of them are new here."""
        newcomers: frozenset[int] = frozenset()
        if table.plays_from_stacks:
            await self.seating.refresh_stacks(table)
            played = {r.user_id for r in await self.store.seat_records(table.id) if r.hands}
            newcomers = frozenset(user for user in table.seats if user not in played)
        context = TableContext(
            table_id=table.id,
            # table.seats keeps the order players sat down (reloaded by time after a restart).
            seats=tuple((user, table.stacks.get(user, 0)) for user in table.seats),
            memory=MappingProxyType(dict(table.memory)),
            newcomers=newcomers,
        )
        state: Round = table.adapter.new_round(table.config, context)
        return state

    async def _act_in_round(self, table: Table, request: ActionRequest) -> ActionResult:
        round_ = table.round
        assert round_ is not None
        adapter = table.adapter
        if request.user_id not in table.seats:
            if request.action not in adapter.info.moves.opening:
                raise TableError("You are not seated at this table: place an Ante when the "
                                 "betting window is open to join.")
            await self.seating.seat(table, request.user_id, request.user_name)
        refuse_double_click(round_, request)
        before = round_.state.to_dict()
        asked = hint_request(round_.state, request.user_id)  # what the seat sees, for its review
        applied = with_press_step(
            adapter.actions.apply(round_.state, request.user_id, request.action, request.arg, table.memory),
            request, seq=round_.seq + 1)
        decision = Decision.made_with(request.user_id, asked, applied.move)
        if decision is not None:
            round_.decisions.append(decision)
        try:
            await self._save_and_advance(table, [applied], interaction_id=request.interaction_id)
        except BaseException:
            round_.state = adapter.load(before, table.config)  # nothing was saved: undo in memory
            if decision is not None:
                round_.decisions.pop()
            raise
        round_.last_press[request.user_id] = press_of(applied)
        return ActionResult(round_.id, applied.label)

    async def fire_due(self) -> int:
        """Run every timer whose deadline has passed (tests call this after moving the clock)."""
        return await self.timers.fire_due(list(self._by_id.values()))

    async def _on_deadline(self, table: Table, round_id: int, deadline: float) -> None:
        async with table.lock:
            round_ = table.round
            if round_ is None or round_.id != round_id or round_.deadline != deadline:
                return  # the round moved on meanwhile
            before = round_.state.to_dict()
            try:
                expired = round_.state.expire(lambda: deck_from_seed(round_.seed))
                applied = [Applied.made(moved) for moved in expired]
                await self._save_and_advance(table, applied, interaction_id=None)
            except Exception:
                round_.state = table.adapter.load(before, table.config)
                log.exception("Timer of round #%s failed; voiding the round", round_id)
                await self.settler.void(table, round_id, N_("an internal error stopped it"))
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
        deadline, kind, phase = self.timers.next_deadline(table)
        try:
            await self.store.save_round_step(
                table.economy, round_.id, state=round_.state.to_dict(),
                deadline=deadline, actions=rows, stakes=stakes(flows), now=self.clock(),
                stack_table=stack_table(table),
            )
        except DuplicateAction:
            raise AlreadyApplied("That was already done (a double click or a repeated "
                                 "delivery); nothing more happened.") from None
        except InsufficientFunds as error:
            raise TableError(short_of_chips(table, error)) from None
        round_.seq += len(rows)
        if flows:
            await self.seating.refresh_stacks(table)
        round_.deadline, round_.deadline_kind, round_.phase = deadline, kind, phase
        if round_.state.is_over():
            await self.settler.settle(table)
        else:
            self.timers.arm(table)

    def _leavers_time_out(self, table: Table) -> list[Applied]:
        """Play absent players' decisions at once, street after street, as timeouts would."""
        round_ = table.round
        assert round_ is not None
        timed_out: list[Applied] = []
        for _ in range(MAX_AUTOMATIC_PASSES):
            this_pass = [item for seat in list(table.leaving)
                         for item in map(Applied.made, round_.state.leave(seat))]
            if not this_pass:
                break
            timed_out += this_pass
        return timed_out

    def _action_row(self, seq: int, applied: Applied, request: ActionRequest | None = None, *,
                    interaction_id: int | None = None) -> ActionRow:
        return ActionRow(
            seq=seq, user_id=applied.seat, step=applied.step,
            interaction_id=request.interaction_id if request else interaction_id,
            label=stored(applied.label), at=self.clock(),
        )

    # -- views -------------------------------------------------------------------------------
    def controls(self, table: Table, w: Words = ENGLISH) -> list[Control]:
        state = table.round.state if table.round else None
        adapter = table.adapter
        return adapter.actions.buttons(state, table.config, lambda: adapter.new_round(table.config), w)


def _memory_from_json(raw: Mapping[str, Any]) -> dict[Any, Any]:
    """Table memory as saved: seat ids come back as ints, other keys (a button) stay str."""
    return {int(key) if key.isdecimal() else key: value for key, value in raw.items()}
