"""The coach: its Hint under a player's own cards at a decision (and ``/<game> hint``), what each
option is worth, privately; and after a round its review (**Review my play** on the result),
each decision the player made beside the best option at that moment, kept for ``/stats``. The
figures come from :mod:`bot.coach`, computed in a worker process below the bot's priority,
from what the player could see.

The extension is :mod:`cogs.coach`; the code lives here, where the other cogs import it from:
an extension's module is executed anew when it loads, and a class of it imported elsewhere
would be another copy (``isinstance`` of the loaded cog against it fails)."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import datetime as dt
import logging
import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import catalog
from bot.coach.requests import COACHED_GAMES, POINTS, hint_request
from bot.coach.review import INSURED_BET, Decision, Reviewed, review_rounds
from bot.coach.values import Hint, HintRequest, parse_option
from bot.errors import UserError
from bot.i18n import N_, Command, Words
from bot.poker import Card
from bot.store.stats_models import CoachStats, ReviewedDecision
from bot.tables.results import RoundResult
from bot.tables.table import Table
from bot.tables.wording import Vocabulary
from bot.workers import Worker
from cogs.common import answer, game_table, guarded, reader

if TYPE_CHECKING:
    from bot.client import CasinoBot

log = logging.getLogger(__name__)

COACH = Worker("coach", niceness=15, idle=True)
"""Hints wait behind nothing a table waits on: the coach's worker runs only on a core the tables
leave idle (at nice 10, and still at 15, it took a share of the cores the bot and its drawing
worker need when 200 tables settle at once: the presses' p99 doubled with 5 hints a second)."""
REVIEWS = Worker("reviews", niceness=19, idle=True)
"""Reviews have their own worker, idle too: a busy bot's rounds (hundreds of decisions each) never
queue before a hint a player is waiting for."""
REVIEW_GATHER_SECONDS = 2.0
"""Rounds that end within this long are reviewed in one job and stored in one transaction: when
many tables settle at once, one trip to the worker and one write instead of one per round (a
press in that second waited behind each of them: 200 tables' p99 doubled)."""
REVIEW_JOB_DECISIONS = 24
"""About the most decisions one review job values (whole rounds: a round is never split). The
hints and the reviews share the cores the tables leave idle, half and half while both work: a
small job keeps a hint asked meanwhile from waiting long behind it."""
REVIEWS_YIELD_SECONDS = 10.0
"""Before each review job, how long the reviews wait for the hints being worked out: a player
waits on a hint, nobody waits on a review until they press Review. Past it, one job goes ahead:
hints asked without pause slow the reviews down but never stop them."""
REVIEWS_PENDING_MOST = 400
"""Rounds whose review may wait at once; past it a round goes unreviewed (a bot that finishes
rounds faster than its spare core reviews them would otherwise queue without end)."""
HINT_PATIENCE_SECONDS = 30.0
"""How long a player's Hint waits for the coach before it says the coach is busy. The coach
runs on a core the tables leave idle: a machine busy with other work may leave it none for a
while, and a player should not watch "thinking" for the 15 minutes Discord allows."""
HINT = N_("\U0001f4a1 Hint")
REVIEW = N_("\U0001f50d Review my play")


class HintsAsked:
    """Hints being worked out or lately given, by what was asked: the same decision asked again
    (a second press, the command after the button) waits for the same work instead of queueing
    another behind it in the coach's one worker."""

    def __init__(self, kept: int = 256) -> None:
        self._kept = kept
        self._hints: OrderedDict[tuple[Any, ...], asyncio.Future[Hint]] = OrderedDict()

    async def hint(self, asked: HintRequest) -> Hint:
        key = (asked.function.__module__, asked.function.__qualname__, asked.args)
        future = self._hints.get(key)
        if future is None or future.cancelled() or (future.done() and future.exception() is not None):
            future = self._hints[key] = asyncio.ensure_future(COACH.run(asked.function, *asked.args))
            if len(self._hints) > self._kept:
                self._hints.popitem(last=False)
        else:
            self._hints.move_to_end(key)
        return await asyncio.shield(future)

    async def settled(self, timeout: float) -> None:
        """Once no hint of this event loop is being worked out, or after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while pending := [future for future in self._hints.values()
                          if not future.done() and future.get_loop() is loop]:
            left = deadline - loop.time()
            if left <= 0:
                return
            await asyncio.wait(pending, timeout=left)


HINTS = HintsAsked()


def offers_hints(table: Table, user_id: int) -> bool:
    """Whether ``user_id`` may ask for a hint now: the table allows them, the coach knows the
    game, and the player has a decision to make."""
    round_ = table.round
    return (table.config.hints and table.adapter.info.key in COACHED_GAMES and round_ is not None
            and hint_request(round_.state, user_id) is not None)


class HintButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=(
    r"hint:(?P<table>\d+):(?P<round>\d+)"
)):
    """The Hint button under a player's cards: its custom id names the table and the round."""

    def __init__(self, table_id: int, round_id: int, label: str = "") -> None:
        self.table_id, self.round_id = table_id, round_id
        super().__init__(discord.ui.Button(label=label or "Hint", style=discord.ButtonStyle.secondary,
                                           custom_id=f"hint:{table_id}:{round_id}", row=4))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HintButton:
        return cls(int(match["table"]), int(match["round"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, show_hint(interaction, self.table_id, self.round_id))


def hint_button(table: Table, w: Words) -> HintButton:
    return HintButton(table.id, table.round_id, w(HINT))


async def show_hint(interaction: discord.Interaction[CasinoBot], table_id: int, round_id: int) -> None:
    """The Hint button: the player's decision at the button's table and round."""
    table = interaction.client.tables.table_by_id(table_id)
    if table is None or table.channel_id != interaction.channel_id:
        raise UserError("This table is closed.")
    await answer_hint(interaction, table, round_id)


async def hint_here(interaction: discord.Interaction[CasinoBot], game: str) -> None:
    """``/<game> hint``: the player's decision at this channel's table."""
    await answer_hint(interaction, game_table(interaction.client, interaction.channel_id or 0, game), 0)


async def answer_hint(interaction: discord.Interaction[CasinoBot], table: Table, round_id: int) -> None:
    """Each option of the player's decision now, privately; refused friendly when hints are off,
    the round is over or the player has no decision."""
    round_ = table.round
    if round_ is None or (round_id and round_.id != round_id):
        raise UserError("That round is over: hints are for a decision still open.")
    if not table.config.hints:
        raise UserError("Hints are off at this table (an admin may turn them on with {config}).",
                        config=Command("table config"))
    asked = hint_request(round_.state, interaction.user.id)
    if asked is None:
        raise UserError("You have no decision to make right now.")
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        hint = await asyncio.wait_for(HINTS.hint(asked), HINT_PATIENCE_SECONDS)
    except TimeoutError:  # the work goes on (shielded) and is kept: asked again, it is there
        raise UserError("The coach is busy right now. Ask again in a moment: your hint is being "
                        "worked out.") from None
    await answer(interaction, content=hint_text(hint, asked.ante, table.adapter.info.vocabulary,
                                                reader(interaction)), ephemeral=True)


def hint_text(hint: Hint, ante: int, vocabulary: Vocabulary, w: Words) -> str:
    """``**Play**: −0.993 Antes (−9.9 chips) · best``, one line per option, best first."""
    mixed = hint.method == "sampled" and any(not option.stderr for option in hint.options)
    how = (w("exact: every way the unseen cards can fall, counted") if hint.method == "exact"
           else w("exact where no ± shows; a figure with ± was sampled, the ± its standard error") if mixed
           else w("sampled: the unseen cards drawn many times; ± is a figure's standard error"))
    lines = [w("What each option is worth, as this hand's expected net result from here "
               "(side bets aside; {how}):", how=how)]
    for option in hint.options:
        line = w(FIGURES[hint.unit], move=option_label(vocabulary, w, option.name),
                 value=w.signed(float(option.ev)), chips=w.signed(option.chips(ante), 1))
        if option.stderr:
            line += w(" ±{error}", error=w.signed(option.stderr).lstrip("+"))
        lines.append(f"{line} \u2b50 {w('best')}" if hint.best_for(option) is option else line)
    return "\n".join(lines)


FIGURES = {"ante": N_("**{move}**: {value} Antes ({chips} chips)"),
           "point": N_("**{move}**: {value} points ({chips} chips)")}
"""A hint's line for an option, by what its figures count."""


def option_label(vocabulary: Vocabulary, w: Words, name: str) -> str:
    """The coach's option name (``"raise 2x"``, ``"fold"``, ``"bet+insure 60"``) as its button
    reads to ``w``; insurance, which is bought with a command, named with its chips."""
    move, times, amount, box, cards = parse_option(name)
    if move == "draw":  # Imperial's Draw: the cards it gives up
        return w("{draw}: give up {cards}", draw=vocabulary.button(w, move),
                 cards=" ".join(Card(card).pretty for card in cards))
    if move == "exchange":
        return vocabulary.button(w, move, box=box)
    if move == "keep":
        return w("Keep box {box}'s Ante win", box=box)
    if move == INSURED_BET:
        label = w("{bet} + insurance {amount}", bet=vocabulary.button(w, "bet"), amount=w.number(amount or 0))
    elif move == "insure":
        label = w("Insurance {amount}", amount=w.number(amount or 0))
    else:
        label = vocabulary.button(w, move, times=times)
    return label if box is None else w("{option} on box {box}", option=label, box=box)


# -- the review ------------------------------------------------------------------------------

class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"review:(?P<round>\d+)"):
    """**Review my play** on a round's result: each player who pressed it sees their own."""

    def __init__(self, round_id: int, label: str = "") -> None:
        self.round_id = round_id
        super().__init__(discord.ui.Button(label=label or "Review", style=discord.ButtonStyle.secondary,
                                           custom_id=f"review:{round_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReviewButton:
        return cls(int(match["round"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, show_review(interaction, self.round_id))


def review_view(result: RoundResult, w: Words) -> discord.ui.View | None:
    """The result message's **Review my play** button, when players made decisions the coach
    reviews (None: no button)."""
    if not result.decisions:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ReviewButton(result.round_id, w(REVIEW)))
    return view


def reviewed_rows(game: str, reviewed: tuple[Reviewed, ...]) -> list[ReviewedDecision]:
    return [ReviewedDecision(item.seat, game, item.made, item.best, item.made_ev, item.best_ev, item.ante,
                             item.method, item.played_best, item.given_up) for item in reviewed]


async def show_review(interaction: discord.Interaction[CasinoBot], round_id: int) -> None:
    """The presser's decisions in the round, privately: at once when their review is kept,
    after a moment (deferred) while the coach is still working it out."""
    coach = interaction.client.get_cog(Coach.__cog_name__)
    in_the_works = coach.in_the_works(round_id) if isinstance(coach, Coach) else None
    user_id = interaction.user.id
    if in_the_works is not None and user_id in in_the_works[0]:
        await interaction.response.defer(ephemeral=True, thinking=True)
        with contextlib.suppress(Exception):  # a failed review is logged; nothing is kept
            await asyncio.shield(in_the_works[1])
    decisions = await interaction.client.store.round_review(round_id, user_id)
    if not decisions and isinstance(coach, Coach) and round_id in coach.skipped:
        raise UserError("The coach was too busy to review round #{round}.", round=str(round_id))
    if not decisions:
        raise UserError("You made no decision in round #{round} that the coach reviews.", round=str(round_id))
    await answer(interaction, content=review_text(round_id, decisions, reader(interaction)), ephemeral=True)


def review_text(round_id: int, decisions: list[ReviewedDecision], w: Words) -> str:
    """Each decision with the best option then and what the choice gave up, and a summary."""
    vocabulary = catalog.declared(decisions[0].game).vocabulary
    assert vocabulary is not None  # a coached game has buttons
    lines = [w("Round #{round}: your decisions beside the best option at that moment (the hand's "
               "expected net result from there, side bets aside):", round=str(round_id))]
    unit = "point" if decisions[0].game in POINTS else "ante"
    for number, item in enumerate(decisions, 1):
        made = option_label(vocabulary, w, item.made)
        if item.played_best:
            lines.append(w(REVIEWED_BEST[unit], number=number, made=made, value=w.signed(item.made_ev)))
        else:
            lines.append(w(REVIEWED[unit], number=number, made=made, value=w.signed(item.made_ev),
                           best=option_label(vocabulary, w, item.best), best_value=w.signed(item.best_ev),
                           chips=_amount(w, item.given_up)))
    given_up = sum(item.given_up for item in decisions)
    lines.append(w("Played best: {best} of {count} · chips given up: {chips}",
                   best=sum(item.played_best for item in decisions), count=len(decisions),
                   chips=_amount(w, given_up)))
    return "\n".join(lines)


REVIEWED_BEST = {"ante": N_("{number}. **{made}**: {value} Antes \u2b50 best"),
                 "point": N_("{number}. **{made}**: {value} points \u2b50 best")}
REVIEWED = {"ante": N_("{number}. **{made}**: {value} Antes; best was **{best}**: {best_value} Antes "
                       "({chips} chips given up on average)"),
            "point": N_("{number}. **{made}**: {value} points; best was **{best}**: {best_value} points "
                        "({chips} chips given up on average)")}
"""A reviewed decision's line, played best or not, by what its figures count."""


def coach_stats_lines(stats: list[CoachStats], w: Words) -> list[str]:
    """``/stats``' decisions part: per game, the decisions the coach reviewed, the share played
    best and the chips given up, in all and this week."""
    if not stats:
        return []
    lines = [w("**Decisions** (the coach's review; this week after the dash):")]
    for row in stats:
        lines.append(w("{game}: {count}, {rate} played best, {chips} chips given up \u2014 {recent}, "
                       "{recent_rate}, {recent_chips} chips", game=catalog.game_name(row.game),
                       count=w.plural("{count} decision", "{count} decisions", row.decisions),
                       rate=w.percent(row.played_best / row.decisions, 1), chips=_amount(w, row.given_up),
                       recent=w.plural("{count} decision", "{count} decisions", row.recent),
                       recent_rate=w.percent(row.recent_best / row.recent, 1) if row.recent else "\u2013",
                       recent_chips=_amount(w, row.recent_given_up)))
    return lines


def _amount(w: Words, chips: float) -> str:
    """Chips given up, an average: one decimal ("3.2", "3,2")."""
    return w.signed(chips, 1).lstrip("+")


def week_start(today: dt.date) -> str:
    """The Monday of ``today``'s week (ISO weeks, as the leaderboard's), as a stored day."""
    return (today - dt.timedelta(days=today.weekday())).isoformat()


@dataclass(frozen=True)
class _ToReview:
    """A finished round waiting for the coach: where its review is kept, and who waits on it."""

    guild_id: int
    game: str
    result: RoundResult
    done: asyncio.Future[None]


class Coach(commands.Cog):
    """Reviews finished rounds' decisions in the reviews' worker and keeps them: the rounds
    that end within :data:`REVIEW_GATHER_SECONDS` of each other in one job."""

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot
        self._reviewing: dict[int, tuple[frozenset[int], asyncio.Future[None]]] = {}
        self._gathered: list[_ToReview] = []
        self._worker: asyncio.Task[None] | None = None
        self.skipped: collections.deque[int] = collections.deque(maxlen=REVIEWS_PENDING_MOST)
        """The latest rounds left unreviewed because too many waited (their Review says so)."""
        self._behind = False  # skipping now: logged once each time it starts

    async def cog_unload(self) -> None:
        if self._worker is not None:
            self._worker.cancel()

    @commands.Cog.listener()
    async def on_round_reviewable(self, table: Table, result: RoundResult) -> None:
        if len(self._reviewing) >= REVIEWS_PENDING_MOST:
            if not self._behind:
                log.warning("The coach is %s rounds behind: rounds go unreviewed until it catches up",
                            len(self._reviewing))
            self._behind = True
            self.skipped.append(result.round_id)
            return
        self._behind = False
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._reviewing[result.round_id] = frozenset(item.seat for item in result.decisions), done
        self._gathered.append(_ToReview(table.guild_id, table.adapter.info.key, result, done))
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(self._review_gathered(), name="reviews")

    async def caught_up(self) -> None:
        """Once every round that finished so far is reviewed (or left unreviewed)."""
        while self._reviewing:
            await asyncio.wait([done for _, done in self._reviewing.values()])

    def in_the_works(self, round_id: int) -> tuple[frozenset[int], asyncio.Future[None]] | None:
        """The round's review while the coach works it out: who made decisions, and the work."""
        return self._reviewing.get(round_id)

    async def _review_gathered(self) -> None:
        """Review what gathered, a batch at a time, until nothing waits."""
        while self._gathered:
            await asyncio.sleep(REVIEW_GATHER_SECONDS)
            batch, self._gathered = self._gathered, []
            try:
                reviewed = []
                for job in review_jobs([item.result.decisions for item in batch]):
                    await HINTS.settled(REVIEWS_YIELD_SECONDS)
                    reviewed += await REVIEWS.run(review_rounds, job)
                await self.bot.store.add_round_reviews(
                    [(item.guild_id, item.result.round_id, reviewed_rows(item.game, found))
                     for item, found in zip(batch, reviewed, strict=True)])
            except Exception:
                log.exception("Reviewing rounds %s failed; they have no review",
                              ", ".join(f"#{item.result.round_id}" for item in batch))
            finally:
                for item in batch:
                    self._reviewing.pop(item.result.round_id, None)
                    if not item.done.done():
                        item.done.set_result(None)


def review_jobs(rounds: list[tuple[Decision, ...]]) -> list[list[tuple[Decision, ...]]]:
    """``rounds`` in order, in jobs of about :data:`REVIEW_JOB_DECISIONS` decisions (whole rounds)."""
    jobs: list[list[tuple[Decision, ...]]] = []
    size = 0
    for decisions in rounds:
        if not jobs or (size and size + len(decisions) > REVIEW_JOB_DECISIONS):
            jobs.append([])
            size = 0
        jobs[-1].append(decisions)
        size += len(decisions)
    return jobs


async def setup(bot: CasinoBot) -> None:
    bot.add_dynamic_items(HintButton, ReviewButton)
    await bot.add_cog(Coach(bot))
