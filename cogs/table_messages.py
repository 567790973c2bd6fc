"""The public side of tables: one message per table, edited in place, and the results.

The runtime reports changes synchronously; this publisher coalesces them. Each table has one
worker task: a burst of twenty clicks becomes one edit, and edits are spaced at least
``EDIT_INTERVAL`` apart so a busy table never trips Discord's per-channel rate limits; a pacer
shared by all tables keeps them together under Discord's global limit. Images are drawn in a
thread, off the event loop.

When Discord does not take a message the worker keeps it and tries again, waiting longer after
each failure (``RETRY_FIRST`` doubling up to ``RETRY_MAX``), so a table that keeps failing
never floods Discord with refused requests:

* 403 (the bot lost a permission or its view of the channel): the table is paused (no new
  round starts; the round in play goes on by its timers) until a message gets through; a
  press that shows the permissions are back tries at once.
* 404 Unknown Channel (the channel was deleted): the table is closed, every stake returned.
* 5xx, timeouts, lost connections: retried, the table carries on.

A round's result leaves the queue (and the store's outbox) only once it is posted, so it is
late at worst, never lost; its nonce makes Discord drop a copy if a retried post had got
through after all.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import random
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

import render
from bot.tables.results import RoundResult
from bot.tables.runtime import Table
from bot.tables.stack_view import seated_with_stacks, with_stacks
from cogs.common import EMBED_COLOUR, chips, relative_time, signed_chips
from cogs.discord_limits import InvalidRequests, RequestPacer
from cogs.table_button import table_view

if TYPE_CHECKING:
    from bot.client import CasinoBot

log = logging.getLogger(__name__)

EDIT_INTERVAL = 1.0
"""Seconds between two edits of one table message (Discord allows about 5 per 5 s)."""
RETRY_FIRST = 1.0
RETRY_MAX = 300.0
"""Seconds before trying a refused or failed update again: doubling from the first to the most."""
RETRY_NOW_SPACING = 5.0
"""A paused table tries at once when a press shows its permissions are back, at most this often."""
UNKNOWN_CHANNEL, UNKNOWN_MESSAGE = 10003, 10008
OUTAGES = (discord.DiscordServerError, aiohttp.ClientError, asyncio.TimeoutError, OSError,
           discord.RateLimited)
PAUSED = ("This table is paused: Discord refuses my messages in this channel ({detail}). An "
          "admin must check my permissions here; the table goes on by itself once I can post "
          "again, and nobody loses chips.")
FLUSH_TIMEOUT = 10.0
WINDOW_COLOURS = ((0.5, "\U0001f7e2", "green"), (0.2, "\U0001f7e1", "yellow"),
                  (0.0, "\U0001f534", "red"))


# One drawing thread: images never block the event loop, and at most one competes with it for
# the interpreter at a time, so a burst of table edits cannot starve button handling.
RENDER_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")


async def render_off_loop(draw: Callable[[Any], bytes], snapshot: Any) -> bytes:
    return await asyncio.get_running_loop().run_in_executor(RENDER_POOL, draw, snapshot)


def window_colour(table: Table, now: float) -> tuple[str, str]:
    """The betting window's light: green, then yellow, then red as time runs out."""
    round_ = table.round
    if round_ is None or round_.deadline is None:
        return WINDOW_COLOURS[0][1:]
    total = max(1.0, float(table.config.betting_seconds))
    left = max(0.0, round_.deadline - now) / total
    for threshold, emoji, name in WINDOW_COLOURS:
        if left > threshold:
            return emoji, name
    return WINDOW_COLOURS[-1][1:]


def next_colour_change(table: Table, now: float) -> float | None:
    """When the light changes next (so the message is edited then), or None."""
    round_ = table.round
    if round_ is None or round_.deadline is None or round_.deadline_kind != "betting":
        return None
    total = float(table.config.betting_seconds)
    for threshold, _, _ in WINDOW_COLOURS[:-1]:
        at = round_.deadline - threshold * total
        if at > now:
            return at
    return None


@dataclass
class _Worker:
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    results: list[RoundResult] = field(default_factory=list)
    closed: dict[int, int] | None = None
    task: asyncio.Task[None] | None = None
    wake_handle: asyncio.TimerHandle | None = None
    busy: bool = False
    failures: int = 0
    """Attempts that failed in a row: the next retry waits ``RETRY_FIRST * 2**(failures-1)``."""
    retry: asyncio.Event = field(default_factory=asyncio.Event)
    """Set to cut a wait before a retry short (the permissions are back)."""
    retried_at: float = 0.0
    finished: bool = False
    """Closed and said so, or its channel is gone: nothing more to publish."""


class ChannelGone(Exception):
    """The table's channel no longer exists (Discord's Unknown Channel)."""


class TableMessages:
    """Implements the runtime's Publisher with Discord messages."""

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot
        self._workers: dict[int, _Worker] = {}
        self.edit_interval = EDIT_INTERVAL  # tests set 0 to see every change at once
        self.retry_first = RETRY_FIRST  # tests make it short
        self.edits = 0  # for tests and benchmarks: how many table edits were sent
        self.pacer = RequestPacer()
        self.invalid_requests = InvalidRequests()

    # -- Publisher ---------------------------------------------------------------------------
    def table_changed(self, table: Table) -> None:
        self._worker(table).dirty.set()

    def round_finished(self, table: Table, result: RoundResult) -> None:
        worker = self._worker(table)
        worker.results.append(result)
        worker.dirty.set()

    def table_closed(self, table: Table, refunds: Mapping[int, int]) -> None:
        worker = self._worker(table)
        worker.closed = dict(refunds)
        worker.dirty.set()

    # -- workers -----------------------------------------------------------------------------
    def _worker(self, table: Table) -> _Worker:
        worker = self._workers.get(table.id)
        if worker is None:
            worker = self._workers[table.id] = _Worker()
        if worker.task is None or worker.task.done():
            worker.task = asyncio.create_task(self._run(table, worker), name=f"table-{table.id}-messages")
        return worker

    async def _run(self, table: Table, worker: _Worker) -> None:
        while not worker.finished:
            await worker.dirty.wait()
            worker.dirty.clear()
            worker.busy = True
            try:
                delay = await self._attempt(table, worker)
            finally:
                worker.busy = False
            if worker.finished:
                break
            if delay is None:  # published: the next edit comes no sooner than the interval
                await asyncio.sleep(self.edit_interval)
                continue
            worker.retry.clear()  # refused or failed: try again later, sooner if told to
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(delay):
                    await worker.retry.wait()
            worker.dirty.set()
        self._workers.pop(table.id, None)

    async def _attempt(self, table: Table, worker: _Worker) -> float | None:
        """Publish what is pending. None when it all went through, else seconds to wait
        before the next try."""
        try:
            await self._publish(table, worker)
        except ChannelGone:
            await self._channel_gone(table, worker)
            return None
        except discord.Forbidden as error:
            self.invalid_requests.note()
            self.bot.tables.pause(table, PAUSED.format(detail=error.text or "Missing Permissions"))
            return self._backoff(table, worker, error)
        except OUTAGES as error:
            return self._backoff(table, worker, error)
        except discord.HTTPException as error:
            if error.status == 429:  # still limited after discord.py's own five tries
                self.invalid_requests.note()
            else:  # a request Discord will never take: our bug
                log.exception("Discord refused an update of table %s", table.id)
            return self._backoff(table, worker, error)
        worker.failures = 0
        if table.paused is not None:
            self.bot.tables.unpause(table)
        return None

    def _backoff(self, table: Table, worker: _Worker, error: Exception) -> float:
        worker.failures += 1
        delay = min(self.retry_first * 2.0 ** (worker.failures - 1), RETRY_MAX)
        if self.invalid_requests.over_budget:
            delay = RETRY_MAX
        log.warning("Table %s could not be updated (%s: %s); try %d again in %.0f s", table.id,
                    type(error).__name__, error, worker.failures + 1, delay)
        return delay * random.uniform(0.9, 1.1)  # tables that failed together retry apart

    async def _publish(self, table: Table, worker: _Worker) -> None:
        while worker.results:
            result = worker.results[0]
            await self._post_result(table, result)
            worker.results.pop(0)
            await self.bot.store.mark_posted(result.round_id)
        if worker.closed is not None:
            await self._post_closed(table, worker.closed)
            worker.finished = True
            return
        await self._update_table_message(table)
        self._schedule_colour_change(table, worker)

    def retry_now(self, table: Table) -> None:
        """A press shows the bot may post here again: end a paused table's wait."""
        worker = self._workers.get(table.id)
        now = time.monotonic()
        if worker is None or worker.finished or now - worker.retried_at < RETRY_NOW_SPACING:
            return
        worker.retried_at = now
        worker.retry.set()

    async def channel_deleted(self, channel_id: int) -> None:
        """Discord said the channel is gone (CHANNEL_DELETE): close its table."""
        table = self.bot.tables.table_in(channel_id)
        if table is not None:
            await self._channel_gone(table, self._worker(table))

    async def _channel_gone(self, table: Table, worker: _Worker) -> None:
        """Close the table with every stake returned and forget its unposted messages: there is
        nowhere to post them (``/round`` still shows every round)."""
        if worker.finished:
            return
        worker.finished = True
        if self.bot.tables.table_by_id(table.id) is not None:
            refunds = await self.bot.tables.close_table(table.guild_id, table.channel_id)
            log.warning("Table %s closed: its channel %s was deleted; returned %s", table.id,
                        table.channel_id, refunds)
        worker.results.clear()
        await self.bot.store.drop_posts(table.id)
        worker.retry.set()
        worker.dirty.set()  # a waiting worker wakes up to stop

    async def _send(self, request: Any) -> Any:
        """One channel request, in its turn under the global limit; a deleted channel raises
        :class:`ChannelGone`, a deleted message ``discord.NotFound``."""
        await self.pacer.wait()
        try:
            return await request
        except discord.NotFound as error:
            if error.code == UNKNOWN_CHANNEL:
                raise ChannelGone from error
            raise

    def _schedule_colour_change(self, table: Table, worker: _Worker) -> None:
        if worker.wake_handle is not None:
            worker.wake_handle.cancel()
        at = next_colour_change(table, self.bot.clock())
        if at is not None:
            delay = max(0.0, at - self.bot.clock())
            worker.wake_handle = asyncio.get_running_loop().call_later(delay, worker.dirty.set)

    def _pending(self) -> bool:
        """Work that is about to be sent (not what waits to retry after Discord refused it)."""
        return any(w.busy or w.dirty.is_set() or (w.results and not w.failures)
                   for w in self._workers.values())

    async def flush(self) -> None:
        """Wait until every pending change has been sent (tests; clean shutdown)."""
        try:
            async with asyncio.timeout(FLUSH_TIMEOUT):
                while self._pending():  # noqa: ASYNC110 - several workers, no one event to await
                    await asyncio.sleep(0.01)
        except TimeoutError:
            log.warning("Table messages still pending after %.1f s", FLUSH_TIMEOUT)

    async def stop(self) -> None:
        await self.flush()
        for worker in self._workers.values():
            if worker.wake_handle is not None:
                worker.wake_handle.cancel()
            if worker.task is not None:
                worker.task.cancel()
        self._workers.clear()

    # -- messages ----------------------------------------------------------------------------
    async def _update_table_message(self, table: Table) -> None:
        embed, snapshot = self.table_embed(table), self.table_snapshot(table)
        png = await render_off_loop(render.table_scene_png, snapshot)
        file = discord.File(io.BytesIO(png), filename="table.png")
        embed.set_image(url="attachment://table.png")
        view = table_view(table, self.bot.tables.controls(table))
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        self.edits += 1
        if table.message_id is not None:
            try:
                await self._send(channel.get_partial_message(table.message_id).edit(
                    embed=embed, attachments=[file], view=view))
                return
            except discord.NotFound:
                log.info("Table %s message was deleted; posting a new one", table.id)
                file.reset()
        message = await self._send(channel.send(embed=embed, file=file, view=view))
        table.message_id = message.id
        await self.bot.store.update_table(table.id, message_id=message.id)

    def table_snapshot(self, table: Table) -> render.TableSnapshot:
        round_ = table.round
        state = round_.state if round_ else None
        title = table.adapter.display_name + (f" · Round #{round_.id}" if round_ else "")
        footer = (f"Round #{round_.id} · shuffle commitment {round_.commitment}" if round_
                  else f"Bets {table.config.bets_text}")
        snapshot = table.adapter.snapshot(state, table.config, table.seats, title, footer)
        if not table.plays_from_stacks:
            return snapshot
        return with_stacks(snapshot, table.seats, self.bot.tables.stacks(table),
                           waiting_status="Next round" if round_ else "Seated")

    def table_embed(self, table: Table) -> discord.Embed:
        adapter, round_ = table.adapter, table.round
        now = self.bot.clock()
        lines = [f"**{adapter.phase_text(round_.state if round_ else None)}**"]
        if round_ is not None and round_.deadline is not None:
            if round_.deadline_kind == "betting":
                emoji, _ = window_colour(table, now)
                lines.append(f"{emoji} Bets close {relative_time(round_.deadline)}")
            else:
                lines.append(f"\u23f3 Decide {relative_time(round_.deadline)}")
        if round_ is None:
            lines.append(adapter.idle_hint())
        note = adapter.table_note(table.config)  # a player-banked game's bank and rake terms
        if note is not None:
            lines.append(note)
        if round_ is not None and adapter.needs_seed(round_.state):
            lines.append(f"Shuffle commitment: `{round_.commitment}`")
        embed = discord.Embed(title=adapter.display_name, description="\n".join(lines),
                              colour=EMBED_COLOUR)
        seated = ", ".join(table.seats.values()) or "nobody yet"
        if table.plays_from_stacks and table.seats:
            seated = seated_with_stacks(table.seats, self.bot.tables.stacks(table))
        embed.add_field(name="Seated", value=seated[:1024], inline=False)
        stakes = adapter.stakes_text(table.config)
        embed.set_footer(text=f"Table {table.id} · {stakes} · /{adapter.command} rules")
        return embed

    async def _post_result(self, table: Table, result: RoundResult) -> None:
        """Post the result; a nonce per round makes Discord return the first copy when a
        retried post had gone through after all (``enforce_nonce``)."""
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        nonce = f"result{result.round_id}"  # Discord takes up to 25 characters
        embed = result_embed(table, result)
        if result.snapshot_state is None or result.settlement is None:
            await self._send(channel.send(embed=embed, nonce=nonce))
            return
        png = await self._result_picture(table, result)
        embed.set_image(url="attachment://result.png")
        file = discord.File(io.BytesIO(png), filename="result.png")
        try:
            await self._send(channel.send(embed=embed, file=file, nonce=nonce))
        except discord.HTTPException as error:
            if error.status in (403, 404) or error.status >= 500:
                raise
            # Discord will never take this one (our bug): say the result in words, not never.
            log.exception("Discord refused the result of round #%s; posting it as text", result.round_id)
            await self._send(channel.send(
                f"Round #{result.round_id}: {result.headline} (see `/round {result.round_id}`)",
                nonce=nonce))

    async def _result_picture(self, table: Table, result: RoundResult) -> bytes:
        title = f"{table.adapter.display_name} · Round #{result.round_id} · Result"
        footer = f"Round #{result.round_id} · seed {result.seed_hex}"
        # A game whose hands show in parts (Chinese Poker) draws its own showdown picture.
        picture = table.adapter.showdown_snapshot(result.snapshot_state, table.config,
                                                  result.names, title, footer)
        if picture is not None:
            png = await render_off_loop(render.showdown_png, picture)
        else:
            snapshot = table.adapter.snapshot(result.snapshot_state, table.config, result.names,
                                              title, footer)
            png = await render_off_loop(render.table_scene_png, snapshot)
        return png

    async def _post_closed(self, table: Table, refunds: Mapping[int, int]) -> None:
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        text = "The table is closed."
        if refunds:
            returned = ("Stacks went back to the wallets" if table.plays_from_stacks
                        else "Stakes of the round in play were returned")
            text += f" {returned}: " + ", ".join(
                f"<@{user}> {chips(amount)}" for user, amount in refunds.items())
        if table.message_id is not None:
            try:
                await self._send(channel.get_partial_message(table.message_id).edit(
                    content=text, embed=None, attachments=[], view=None))
                return
            except discord.NotFound:
                pass
        await self._send(channel.send(text))


def result_embed(table: Table, result: RoundResult) -> discord.Embed:
    embed = discord.Embed(title=f"Round #{result.round_id} · {table.adapter.display_name}",
                          description=result.headline, colour=EMBED_COLOUR,
                          timestamp=discord.utils.utcnow())
    if result.settlement is not None:
        for seat, summary in result.settlement.summary.items():
            name = result.names.get(seat, str(seat))
            hand = result.seat_lines.get(seat, "")
            bets = ", ".join(f"{line.bet} {line.staked:,}→{line.returned:,}"
                             for line in result.settlement.lines_of(seat))
            embed.add_field(name=f"{name}: {signed_chips(summary.net)}",
                            value=f"{hand}\n{bets}"[:1024] or "-", inline=False)
    if result.seed_hex:
        embed.add_field(name="Provably fair", value=(
            f"Seed `{result.seed_hex}`\nCommitment `{result.commitment}`\n"
            f"Check it with `/round {result.round_id}`."), inline=False)
    embed.set_footer(text=time.strftime("Settled %H:%M:%S UTC", time.gmtime()))
    return embed
