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
* 5xx, timeouts, lost connections: retried, the table carries on. Every request has a time
  limit of the bot's own (``REQUEST_TIMEOUT``): a hung edit is given up and tried again instead
  of holding the table's message still for aiohttp's five minutes.

A round's result leaves the queue (and the store's outbox) only once it is posted, so it is
late at worst, never lost; its nonce makes Discord drop a copy if a retried post had got
through after all. A table's first post carries a nonce for the same reason: a post whose
answer was lost leaves one table message, never a second, dead one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

import render
from bot.i18n import N_, Command, Text, Words
from bot.tables.adapter import GameAdapter, TableTerms, bet_name
from bot.tables.config import TableConfig
from bot.tables.results import RoundResult
from bot.tables.stack_view import seated_with_stacks, with_stacks
from bot.tables.table import Table
from cogs.coaching import review_view
from cogs.common import (
    EMBED_COLOUR,
    ENGLISH,
    chips,
    guild_words,
    picture_files,
    practice_mark,
    relative_time,
    signed_chips,
)
from cogs.discord_limits import InvalidRequests, RequestPacer
from cogs.drawing import TABLE_PICTURES
from cogs.table_button import table_view
from render import showdown_pages, table_pages

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
PAUSED = N_("This table is paused: Discord refuses my messages in this channel ({detail}). An "
            "admin must check my permissions here; the table goes on by itself once I can post "
            "again, and nobody loses chips.")
FLUSH_TIMEOUT = 10.0
REQUEST_TIMEOUT = 15.0
"""Seconds one request to Discord may take (a picture's upload included) before it is given up
and retried with the backoff; Discord answers in well under a second when it is well."""
COMMITMENT_SHOWN = 16
"""Hex digits of the shuffle commitment on the table picture (the message text has all 64)."""
WINDOW_COLOURS = ((0.5, "\U0001f7e2", "green"), (0.2, "\U0001f7e1", "yellow"),
                  (0.0, "\U0001f534", "red"))


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
    post_nonce: str | None = None
    """The nonce of the table message's post until Discord has answered it: every retry of that
    post sends the same one, so Discord returns the message a lost answer had made."""
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
        self.request_timeout = REQUEST_TIMEOUT
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
        if result.decisions:
            self.bot.dispatch("round_reviewable", table, result)  # the coach's review (cogs.coaching)

    def table_closed(self, table: Table, refunds: Mapping[int, int]) -> None:
        worker = self._worker(table)
        worker.closed = dict(refunds)
        worker.dirty.set()
        self.bot.dispatch("table_sitting_over")  # its recap (cogs.standings)

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
            self.bot.tables.pause(table, Text(PAUSED, detail=error.text or Text("Missing Permissions")))
            return self._backoff(table, worker, error)
        except OUTAGES as error:
            return self._backoff(table, worker, error)
        except discord.HTTPException as error:
            if error.status == 429:  # still limited after discord.py's own five tries
                self.invalid_requests.note()
            else:  # a request Discord will never take: our bug
                log.exception("Discord refused an update of table %s", table.id)
            return self._backoff(table, worker, error)
        except Exception as error:  # our bug drawing the message: keep the worker, try later
            log.exception("Could not draw the message of table %s", table.id)
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
        await self._update_table_message(table, worker)
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
        """One channel request, in its turn under the global limit and within the bot's own time
        limit (``TimeoutError`` past it, retried as an outage); a deleted channel raises
        :class:`ChannelGone`, a deleted message ``discord.NotFound``."""
        await self.pacer.wait()
        try:
            async with asyncio.timeout(self.request_timeout):
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

    def pending_for(self, table_id: int) -> bool:
        """Whether the table's message has a change not sent yet."""
        worker = self._workers.get(table_id)
        return worker is not None and (worker.busy or worker.dirty.is_set())

    def _pending(self) -> bool:
        """Work that is about to be sent (not what waits to retry after Discord refused it)."""
        return any(w.busy or w.dirty.is_set() or (w.results and not w.failures)
                   for w in self._workers.values())

    async def flush(self) -> None:
        """Wait until every pending change has been sent (tests; clean shutdown)."""
        if not await self.wait_sent(FLUSH_TIMEOUT):
            log.warning("Table messages still pending after %.1f s", FLUSH_TIMEOUT)

    async def wait_sent(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until every pending change has been sent; whether it
        was (a benchmark of hundreds of tables waits longer than a shutdown may)."""
        try:
            async with asyncio.timeout(timeout):
                while self._pending():  # noqa: ASYNC110 - several workers, no one event to await
                    await asyncio.sleep(0.01)
        except TimeoutError:
            return False
        return True

    async def stop(self) -> None:
        await self.flush()
        for worker in self._workers.values():
            if worker.wake_handle is not None:
                worker.wake_handle.cancel()
            if worker.task is not None:
                worker.task.cancel()
        self._workers.clear()

    # -- messages ----------------------------------------------------------------------------
    async def _update_table_message(self, table: Table, worker: _Worker) -> None:
        w = await guild_words(self.bot, table.guild_id)
        embed, snapshot = self.table_embed(table, w), self.table_snapshot(table, w)
        embeds, files = picture_files(embed, await table_pictures(snapshot), "table")
        view = table_view(table, self.bot.tables.controls(table, w))
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        self.edits += 1
        if table.message_id is not None:
            try:
                await self._send(channel.get_partial_message(table.message_id).edit(
                    embeds=embeds, attachments=files, view=view))
                return
            except discord.NotFound:
                log.info("Table %s message was deleted; posting a new one", table.id)
                for file in files:
                    file.reset()
        if worker.post_nonce is None:  # Discord takes up to 25 characters
            worker.post_nonce = f"table{table.id}-{secrets.token_hex(4)}"
        message = await self._send(channel.send(embeds=embeds, files=files, view=view,
                                                nonce=worker.post_nonce))
        worker.post_nonce = None
        table.message_id = message.id
        await self.bot.store.update_table(table.id, message_id=message.id)

    def table_snapshot(self, table: Table, w: Words = ENGLISH) -> render.TableSnapshot:
        round_ = table.round
        state = round_.state if round_ else None
        if round_ is None:
            title = table_name(table, w)
            footer = w("Bets {limits}", limits=table.config.bets_in(w))
        else:
            title = w("{game} · Round #{round}", game=table_name(table, w), round=str(round_.id))
            # The picture shows the commitment's start (a phone reads one line of it); the
            # message's text carries the whole of it while cards are hidden.
            footer = w("Round #{round} · shuffle commitment {commitment}", round=str(round_.id),
                       commitment=round_.commitment[:COMMITMENT_SHOWN] + "\u2026")
        snapshot = table.adapter.snapshot(state, table.config, table.seats, title, footer, w)
        if not table.plays_from_stacks:
            return snapshot
        return with_stacks(snapshot, table.seats, self.bot.tables.seating.stacks(table),
                           waiting_status=w("Next round") if round_ else w("Seated"), w=w)

    def table_embed(self, table: Table, w: Words = ENGLISH) -> discord.Embed:
        adapter, round_ = table.adapter, table.round
        now = self.bot.clock()
        lines = [f"**{adapter.phase_text(round_.state if round_ else None, w)}**"]
        if round_ is not None and round_.deadline is not None and round_.deadline_kind != "now":
            if round_.deadline_kind == "betting":
                emoji, _ = window_colour(table, now)
                lines.append(w("{light} Bets close {when}", light=emoji, when=relative_time(round_.deadline)))
            else:
                lines.append(w("\u23f3 Decide {when}", when=relative_time(round_.deadline)))
        terms = table_terms(adapter, table.config)
        if round_ is None:
            lines.append(w(terms.idle_hint))
        if terms.note is not None:  # a player-banked game's bank and rake terms
            lines.append(w(terms.note))
        if round_ is not None and round_.state.cards_out():
            lines.append(w("Shuffle commitment: `{commitment}`", commitment=round_.commitment))
        if table.config.practice:
            lines.insert(0, practice_mark(w))
        if table.config.event_name:
            lines.insert(0, w("🏆 **{event}** · bets come from event stacks", event=table.config.event_name))
        embed = discord.Embed(title=table_name(table, w), description="\n".join(lines),
                              colour=EMBED_COLOUR)
        seated = ", ".join(table.seats.values()) or w("nobody yet")
        if table.plays_from_stacks and table.seats:
            seated = seated_with_stacks(table.seats, self.bot.tables.seating.stacks(table), w)
        embed.add_field(name=w("Seated"), value=seated[:1024], inline=False)
        embed.set_footer(text=w("Table {table} · {stakes} · {rules}", table=str(table.id),
                                stakes=w(terms.stakes),
                                rules=adapter.info.vocabulary.command("rules")))
        return embed

    async def _post_result(self, table: Table, result: RoundResult) -> None:
        """Post the result; a nonce per round makes Discord return the first copy when a
        retried post had gone through after all (``enforce_nonce``)."""
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        nonce = f"result{result.round_id}"  # Discord takes up to 25 characters
        w = await guild_words(self.bot, table.guild_id)
        embed = result_embed(table, result, w)
        if result.snapshot_state is None or result.settlement is None:
            await self._send(channel.send(embed=embed, nonce=nonce))
            return
        embeds, files = picture_files(embed, await self._result_pictures(table, result, w), "result")
        review = review_view(result, w)
        try:
            await self._send(channel.send(embeds=embeds, files=files, nonce=nonce, view=review)
                             if review is not None else channel.send(embeds=embeds, files=files, nonce=nonce))
        except discord.HTTPException as error:
            if error.status in (403, 404) or error.status >= 500:
                raise
            # Discord will never take this one (our bug): say the result in words, not never.
            log.exception("Discord refused the result of round #%s; posting it as text", result.round_id)
            await self._send(channel.send(
                w("Round #{round}: {headline} (see `{command}`)", round=str(result.round_id),
                  headline=result.headline, command=Command("round", number=result.round_id)), nonce=nonce))

    async def _result_pictures(self, table: Table, result: RoundResult, w: Words) -> list[bytes]:
        title = w("{game} · Round #{round} · Result", game=table_name(table, w),
                  round=str(result.round_id))
        footer = w("Round #{round} · seed {seed}", round=str(result.round_id), seed=result.seed_hex)
        # A game whose hands show in parts (Chinese Poker) draws its own showdown picture.
        picture = table.adapter.showdown_snapshot(result.snapshot_state, table.config,
                                                  result.names, title, footer, w)
        if picture is not None:
            return [await TABLE_PICTURES.draw(render.showdown_png, page) for page in showdown_pages(picture)]
        snapshot = table.adapter.snapshot(result.snapshot_state, table.config, result.names,
                                          title, footer, w)
        return await table_pictures(snapshot)

    async def _post_closed(self, table: Table, refunds: Mapping[int, int]) -> None:
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        w = await guild_words(self.bot, table.guild_id)
        text = w("The table is closed.")
        if refunds:
            returned = ", ".join(f"<@{user}> {chips(amount, w)}" for user, amount in refunds.items())
            text += " " + (w("Stacks went back to the wallets: {returned}", returned=returned)
                           if table.plays_from_stacks
                           else w("Stakes of the round in play were returned: {returned}", returned=returned))
        if table.message_id is not None:
            try:
                await self._send(channel.get_partial_message(table.message_id).edit(
                    content=text, embed=None, attachments=[], view=None))
                return
            except discord.NotFound:
                pass
        await self._send(channel.send(text))


async def table_pictures(snapshot: render.TableSnapshot) -> list[bytes]:
    """The table's pictures (more than one for a table of more than six seats), drawn off the
    event loop."""
    return [await TABLE_PICTURES.draw(render.table_scene_png, page) for page in table_pages(snapshot)]


@lru_cache(maxsize=1024)
def table_terms(adapter: GameAdapter, config: TableConfig) -> TableTerms:
    """The table's terms, worked out once per game and configuration (every redraw shows them)."""
    return adapter.terms(config)


def table_name(table: Table, w: Words) -> str:
    """The game's name as the table's messages and pictures title it: "(practice)" added at a
    practice table, the event's name at an event's table."""
    if table.config.practice:
        return w("{game} (practice)", game=table.adapter.info.name)
    if table.config.event_name:
        return w("{game} · {event}", game=table.adapter.info.name, event=table.config.event_name)
    return table.adapter.info.name


def result_embed(table: Table, result: RoundResult, w: Words = ENGLISH) -> discord.Embed:
    embed = discord.Embed(title=w("Round #{round} · {game}", round=str(result.round_id),
                                  game=table_name(table, w)),
                          description=w(result.headline), colour=EMBED_COLOUR,
                          timestamp=discord.utils.utcnow())
    if result.settlement is not None:
        for seat, summary in result.settlement.summary.items():
            name = result.names.get(seat, str(seat))
            hand = w(result.seat_lines.get(seat, ""))
            bets = ", ".join(w("{bet} {staked}→{returned}", bet=bet_name(line.bet),
                               staked=line.staked, returned=line.returned)
                             for line in result.settlement.lines_of(seat))
            embed.add_field(name=f"{name}: {signed_chips(summary.net, w)}",
                            value=f"{hand}\n{bets}"[:1024] or "-", inline=False)
    if result.seed_hex:
        embed.add_field(name=w("Provably fair"), value=w(
            "Seed `{seed}`\nCommitment `{commitment}`\nCheck it with `{command}`.", seed=result.seed_hex,
            commitment=result.commitment, command=Command("round", number=result.round_id)), inline=False)
    embed.set_footer(text=w("Settled {time} UTC", time=time.strftime("%H:%M:%S", time.gmtime())))
    return embed

