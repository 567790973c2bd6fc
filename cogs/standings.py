"""Leaderboards, profile cards and sitting recaps: /leaderboard, /stats, and the recap a table
posts when it has been idle for 30 minutes or closes.

The store keeps the totals (reads never scan rounds); this cog puts them into the server's
words and hands a snapshot to render/standings, drawn in a process of its own: Pillow holds the
interpreter's lock while it draws text, and a burst of leaderboards drawn on a thread would take
that time from the tables' presses.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import catalog
from bot.economies import is_event_economy, is_practice_economy
from bot.errors import UserError
from bot.i18n import N_, Command, Words
from bot.poker.hand_value import describe_value
from bot.store import stats_models as kept  # the store's totals, read here
from cogs.coaching import coach_stats_lines, week_start
from cogs.common import (
    Post,
    answer_when_ready,
    casino_embed,
    guild_id_of,
    guild_words,
    picture_file,
    reader,
    server_words,
    signed_chips,
)
from cogs.drawing import Drawer
from render.standings import (
    BoardPicture,
    Chart,
    ProfilePicture,
    RecapPicture,
    ShownHand,
    StandingRow,
    board_png,
    profile_png,
    recap_png,
)

if TYPE_CHECKING:
    from bot.client import CasinoBot

log = logging.getLogger(__name__)

RECAP_CHECK_SECONDS = 60.0
"""How often sittings' recaps and the kept standings are looked for: the standings of a week
or a month are posted within this long after it ends."""
CHART_DAYS = 30
PAST_CHOICES = 8
"""Past weeks (or months) the ``when`` option offers."""

GAME_CHOICES = [app_commands.Choice(name="All games", value="all"),
                *(app_commands.Choice(name=game.name, value=game.key) for game in catalog.GAMES)]
PERIOD_NAMES: dict[str, str] = {
    "today": N_("Today"), "week": N_("This week"), "month": N_("This month"), "all": N_("All time"),
    "session": N_("This sitting"),
}
METRIC_NAMES: dict[str, str] = {
    "net": N_("Net winnings"), "best_win": N_("Biggest single win"), "rounds": N_("Rounds played"),
    "win_rate": N_("Win rate"),
}
PERIOD_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in PERIOD_NAMES.items()]
METRIC_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in METRIC_NAMES.items()]


def member_label(name: str | None, user_id: int, w: Words) -> str:
    """A member's name on a picture (a mention cannot be drawn)."""
    return name or w("Player …{digits}", digits=str(user_id)[-4:])


def metric_value(row: kept.BoardRow, metric: str, w: Words) -> str:
    if metric == "best_win":
        return signed_chips(row.best_win, w)
    if metric == "rounds":
        return w.number(row.rounds)
    if metric == "win_rate":
        return w.percent(row.win_rate, 1)
    return signed_chips(row.net, w)


def _standing(row: kept.BoardRow, metric: str, own_id: int, w: Words) -> StandingRow:
    # Green and red for chips won and lost; counts and rates are plain.
    positive = {"net": None if row.net == 0 else row.net > 0, "best_win": True}.get(metric)
    return StandingRow(rank=f"{row.rank}.", name=member_label(row.name, row.user_id, w),
                       value=metric_value(row, metric, w),
                       detail=w.plural("{count} round", "{count} rounds", row.rounds),
                       own=row.user_id == own_id, positive=positive)


def board_title(board: kept.Board, w: Words, when: str | None = None) -> tuple[str, str]:
    """The board's title and subtitle; ``when`` names a past week or month (the period's own
    name otherwise: "This week")."""
    game = w("All games") if board.game == kept.ALL_GAMES else catalog.game_name(board.game)
    title = w("Leaderboard · {game}", game=game)
    subtitle = w("{metric} · {period}", metric=w(METRIC_NAMES[board.metric]),
                 period=when or w(PERIOD_NAMES[board.period]))
    if board.metric == "win_rate":
        subtitle += " · " + w("at least {count} rounds to qualify", count=board.min_rounds)
    return title, subtitle


def own_line(board: kept.Board, w: Words) -> str:
    """The caller's place as the text version says it."""
    if board.own is not None:
        return w("Your rank: **#{rank}** of {ranked} ({value})", rank=board.own.rank, ranked=board.ranked,
                 value=metric_value(board.own, board.metric, w))
    if board.metric == "win_rate" and board.own_rounds:
        return w("You have played {rounds} of the {count} rounds needed to be ranked by win rate.",
                 rounds=board.own_rounds, count=board.min_rounds)
    if board.metric == "best_win" and board.own_rounds:
        return w("You have not won a round in this period yet.")
    return w("You have no finished rounds here in this period.")


def board_picture(board: kept.Board, own_id: int | None, w: Words, when: str | None = None) -> BoardPicture:
    """The board as drawn for ``own_id`` (None: for the channel, no own line)."""
    title, subtitle = board_title(board, w, when)
    viewer = own_id or 0
    return BoardPicture(
        title=title, subtitle=subtitle,
        rows=[_standing(row, board.metric, viewer, w) for row in board.top],
        around=[_standing(row, board.metric, viewer, w) for row in board.around],
        empty=w("No finished rounds yet. Open a table and play!"),
        footer="" if own_id is None else own_line(board, w).replace("**", ""),
    )


def board_text(board: kept.Board, w: Words, *, own: bool = True) -> str:
    """The same board for screen readers (the embed's description)."""
    def line(row: kept.BoardRow) -> str:
        return w("**{rank}.** {member} {value} ({rounds})", rank=row.rank, member=f"<@{row.user_id}>",
                 value=metric_value(row, board.metric, w),
                 rounds=w.plural("{count} round", "{count} rounds", row.rounds))

    lines = [line(row) for row in board.top] or [w("No finished rounds yet. Open a table and play!")]
    if board.around:
        lines += ["…", *(line(row) for row in board.around)]
    return "\n".join([*lines, "", own_line(board, w)] if own else lines)


# -- /stats ---------------------------------------------------------------------------------

def _hand_of(stats: kept.GameStats, w: Words) -> list[ShownHand]:
    shown = []
    if stats.best_win_hand is not None and stats.best_win_round is not None:
        shown.append(ShownHand(w("Biggest win {chips} · round #{round} · {hand}",
                                 chips=signed_chips(stats.best_win, w), round=str(stats.best_win_round),
                                 hand=w(describe_value(stats.best_win_hand.value))),
                               stats.best_win_hand.cards.split()))
    if stats.best_hand is not None and stats.best_hand_round is not None:
        shown.append(ShownHand(w("Best hand · round #{round} · {hand}", round=str(stats.best_hand_round),
                                 hand=w(describe_value(stats.best_hand.value))),
                               stats.best_hand.cards.split()))
    return shown


def cumulative_chart(title: str, days: list[tuple[dt.date, int]], start: int, w: Words) -> Chart:
    total, points = start, [start]
    for _, net in days:
        total += net
        points.append(total)
    values = points or [0]
    return Chart(title=title, series=[("", points)],
                 first_label=w.date(days[0][0]) if days else "",
                 last_label=w.date(days[-1][0]) if days else "",
                 scale_labels=(signed_chips(min(0, *values), w), signed_chips(max(0, *values), w)))


def profile_picture(profile: kept.Profile, w: Words, today: dt.date) -> ProfilePicture:
    name = member_label(profile.name, profile.user_id, w)
    overall = profile.overall
    if overall is None:
        return ProfilePicture(title=w("Stats · {member}", member=name), summary=[], table_header=[],
                              table_rows=[], empty=w("No finished rounds here yet."))
    summary = [
        w("{rounds} · net {net} · win rate {rate}",
          rounds=w.plural("{count} round", "{count} rounds", overall.rounds),
          net=signed_chips(overall.net, w),
          rate=w.percent(overall.win_rate, 1)),
        w("Winning streak: {current} now, {longest} at best", current=overall.streak,
          longest=overall.best_streak),
    ]
    header = [w("Game"), w("Rounds"), w("Net"), w("Win rate"), w("Biggest win")]
    rows = [[catalog.game_name(stats.game), w.number(stats.rounds), signed_chips(stats.net, w),
             w.percent(stats.win_rate, 1),
             w("{chips} (#{round})", chips=signed_chips(stats.best_win, w), round=str(stats.best_win_round))
             if stats.best_win_round else "–"] for stats in profile.games]
    since = today - dt.timedelta(days=CHART_DAYS - 1)
    recent = [(day, net) for day, net in profile.daily_net if day >= since]
    before = overall.net - sum(net for _, net in recent)
    charts = [cumulative_chart(w("Net over the last 30 days"), recent, before, w),
              cumulative_chart(w("Net over all time"), list(profile.daily_net), 0, w)]
    return ProfilePicture(title=w("Stats · {member}", member=name), summary=summary, table_header=header,
                          table_rows=rows, hands=_hand_of(overall, w), charts=charts)


# -- the sitting's recap ----------------------------------------------------------------------

def recap_picture(sitting: kept.SessionInfo, w: Words) -> RecapPicture:
    players = sorted({played.user_id for played in sitting.rounds})
    net = dict.fromkeys(players, 0)
    rounds = dict.fromkeys(players, 0)
    best: dict[int, kept.PlayedHand] = {}
    by_round: dict[int, list[kept.SessionRound]] = {}
    for played in sitting.rounds:  # in settlement order
        by_round.setdefault(played.round_id, []).append(played)
    round_order = list(by_round)
    curves = {user: [0] for user in players}
    for round_players in by_round.values():
        for played in round_players:
            net[played.user_id] += played.net
            rounds[played.user_id] += 1
            if played.hand and (played.user_id not in best or played.hand.value > best[played.user_id].value):
                best[played.user_id] = played.hand
        for user in players:
            curves[user].append(net[user])
    order = sorted(players, key=lambda user: (-net[user], user))
    names = {user: member_label(sitting.names.get(user), user, w) for user in players}
    rows = [StandingRow(rank=f"{place}.", name=names[user], value=signed_chips(net[user], w),
                        detail=(w(describe_value(best[user].value)) if user in best
                                else w.plural("{count} round", "{count} rounds", rounds[user])),
                        positive=None if net[user] == 0 else net[user] > 0)
            for place, user in enumerate(order, start=1)]
    values = [value for curve in curves.values() for value in curve] or [0]
    chart = Chart(title=w("Chips won and lost, round by round"),
                  series=[(names[user], curves[user]) for user in order],
                  first_label=w("start"), last_label=w.plural("{count} round", "{count} rounds",
                                                             len(round_order)),
                  scale_labels=(signed_chips(min(0, *values), w), signed_chips(max(0, *values), w)))
    minutes = max(1, round((sitting.last_round_at - sitting.started_at) / 60))
    subtitle = w("{rounds} · {players} · {minutes} min",
                 rounds=w.plural("{count} round", "{count} rounds", len(round_order)),
                 players=w.plural("{count} player", "{count} players", len(players)), minutes=minutes)
    footer = w("Best hand per player; {stats} shows anyone's whole record", stats=Command("stats"))
    return RecapPicture(title=w("{game} · the sitting is over",
                                game=catalog.game_name(sitting.game)),
                        subtitle=subtitle, rows=rows, chart=chart, footer=footer)


STANDINGS_NICENESS = 10


class Standings(commands.Cog):
    """/leaderboard, /stats and the sittings' recaps."""

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot
        self._recap_lock = asyncio.Lock()
        self._standings_lock = asyncio.Lock()
        self._standings_done: set[tuple[int, str]] = set()
        """Periods whose standings this process posted or found posted (no claim asked again)."""
        # Below the tables' priority: a leaderboard may take a moment longer, a press may not.
        self.drawer = Drawer("standings", niceness=STANDINGS_NICENESS)

    async def cog_load(self) -> None:
        self.recap_loop.start()

    async def cog_unload(self) -> None:
        self.recap_loop.cancel()
        self.drawer.close()

    @app_commands.command(name="leaderboard", description="The server's best players, as a picture.")
    @app_commands.describe(game="Which game (default: all)", period="Which period (default: all time)",
                           metric="What to rank by (default: net winnings)",
                           when="A past week or month of the period (default: the current one)")
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES, metric=METRIC_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str = "all", period: str = "all",
                          metric: str = "net", when: app_commands.Range[str, 1, 20] | None = None) -> None:
        guild_id = guild_id_of(interaction)
        if period not in PERIOD_NAMES or metric not in METRIC_NAMES:
            raise UserError("Pick a period and a metric from the lists.")
        session_id = await self._sitting_here(interaction) if period == "session" else None
        at, zone = self.bot.clock(), await self._zone(guild_id)
        if when is not None:
            at = past_period_start(_period(period), when, at, zone)

        async def leaderboard_post() -> Post:
            board = await self.bot.store.board(
                guild_id, interaction.user.id, game=None if game == "all" else game,
                period=_period(period), metric=_metric(metric), now=at, session_id=session_id)
            w = await server_words(interaction)  # posted for the whole channel
            label = None if when is None else period_label(_period(period), at, zone, w)
            png = await self.drawer.draw(board_png, board_picture(board, interaction.user.id, w, label))
            title, subtitle = board_title(board, w, label)
            embed = casino_embed(title, board_text(board, w))
            embed.set_footer(text=subtitle)
            return embed, picture_file(embed, png, "leaderboard.png")

        await answer_when_ready(interaction, leaderboard_post())

    @leaderboard.autocomplete("when")
    async def _past_periods(self, interaction: discord.Interaction,
                            typed: str) -> list[app_commands.Choice[str]]:
        """The weeks (or months) that ended last, newest first, named in the reader's language."""
        period = interaction.namespace.period
        if period not in kept.KEPT_PERIODS or interaction.guild_id is None:
            return []
        zone, w = await self._zone(interaction.guild_id), reader(interaction)
        choices, at = [], self.bot.clock()
        for _ in range(PAST_CHOICES):
            _, start, _ = kept.last_ended(period, at, zone)
            value = _period_value(period, start, zone)
            name = period_label(period, start, zone, w)
            if typed.strip().lower() in f"{name} {value}".lower():
                choices.append(app_commands.Choice(name=name, value=value))
            at = start
        return choices

    async def _zone(self, guild_id: int) -> ZoneInfo:
        return kept.zone_of((await self.bot.store.guild_settings(guild_id)).timezone)

    async def _sitting_here(self, interaction: discord.Interaction) -> int:
        table = self.bot.tables.table_in(interaction.channel_id or 0)
        sitting = await self.bot.store.latest_session(table.id) if table is not None else None
        if sitting is None:
            raise UserError("There is no sitting at a table in this channel yet: play a round here first.")
        return sitting

    @app_commands.command(name="stats", description="A player's record: games, net, best hands, streaks.")
    @app_commands.describe(member="Whose stats to show (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        guild_id = guild_id_of(interaction)
        who = member or interaction.user
        if who.bot:
            raise UserError("Bots don't play, so they have no stats.")

        async def stats_post() -> Post:
            profile = await self.bot.store.profile(guild_id, who.id)
            w = await server_words(interaction)
            today = dt.datetime.fromtimestamp(self.bot.clock(), await self._zone(guild_id)).date()
            picture = profile_picture(profile, w, today)
            png = await self.drawer.draw(profile_png, picture)
            decisions = await self.bot.store.coach_stats(guild_id, who.id, week_start(today))
            embed = casino_embed(picture.title, "\n".join([profile_text(profile, who.mention, w),
                                                           *coach_stats_lines(decisions, w)]))
            return embed, picture_file(embed, png, "stats.png")

        await answer_when_ready(interaction, stats_post())

    # -- recaps ------------------------------------------------------------------------------
    @tasks.loop(seconds=RECAP_CHECK_SECONDS)
    async def recap_loop(self) -> None:
        try:
            await self.post_recaps()
        except Exception:
            log.exception("Posting sitting recaps failed; trying again in a minute")
        try:
            await self.post_standings()
        except Exception:
            log.exception("Posting the kept standings failed; trying again in a minute")

    @recap_loop.before_loop
    async def _after_ready(self) -> None:
        await self.bot.wait_until_ready()

    @commands.Cog.listener()
    async def on_table_sitting_over(self) -> None:
        await self.post_recaps()

    async def post_recaps(self) -> None:
        """Post the recap of every sitting that is over and was not posted yet (once each)."""
        async with self._recap_lock:
            for session_id in await self.bot.store.end_sessions(now=self.bot.clock()):
                sitting = await self.bot.store.session(session_id)
                if sitting is not None and (is_practice_economy(sitting.guild_id)
                                            or is_event_economy(sitting.guild_id)):
                    pass  # a practice or event table's sitting (its own economy; an event has its podium)
                elif sitting is not None and sitting.rounds and not await self._post_recap(sitting):
                    continue  # Discord is down: try again at the next check
                await self.bot.store.recap_posted(session_id)

    async def _post_recap(self, sitting: kept.SessionInfo) -> bool:
        w = await guild_words(self.bot, sitting.guild_id)
        picture = recap_picture(sitting, w)
        png = await self.drawer.draw(recap_png, picture)
        embed = casino_embed(picture.title, recap_text(picture))
        file = picture_file(embed, png, "recap.png")
        channel = self.bot.get_partial_messageable(sitting.channel_id, guild_id=sitting.guild_id)
        try:
            await channel.send(embed=embed, file=file)
        except (discord.Forbidden, discord.NotFound):
            log.warning("Recap of sitting %s not posted: no access to channel %s", sitting.id,
                        sitting.channel_id)
        except (TimeoutError, discord.DiscordServerError, OSError):
            return False
        return True

    # -- kept standings ----------------------------------------------------------------------
    async def post_standings(self) -> None:
        """Post each week's and month's final standings, once, in the channel an admin named,
        as soon as the period has ended in the server's time zone. The post is claimed in the
        store first and sent with a nonce of its own: a claim that was not done (Discord down,
        a restart in between) is sent again later, and Discord answers a repeat with the message
        it already has."""
        async with self._standings_lock:
            now = self.bot.clock()
            for guild_id, settings in await self.bot.store.standings_guilds():
                zone, channel_id = kept.zone_of(settings.timezone), settings.standings_channel_id
                for period in kept.KEPT_PERIODS:
                    key, start, end = kept.last_ended(period, now, zone)
                    if (guild_id, key) in self._standings_done or channel_id is None:
                        continue
                    if settings.standings_since is None or end <= settings.standings_since:
                        continue  # it ended before the channel was named
                    if await self._settle_post(guild_id, channel_id, period, key, start, zone, now):
                        self._standings_done.add((guild_id, key))

    async def _settle_post(self, guild_id: int, channel_id: int, period: kept.Period, key: str,
                           start: float, zone: ZoneInfo, now: float) -> bool:
        """Claim the period's post and send it where its claim says; False: try again later."""
        store = self.bot.store
        await store.claim_standings(guild_id, key, channel_id, now=now)
        claim = await store.standings_post(guild_id, key)
        if claim is None or claim.done:
            return True
        posted = await self._post_final(guild_id, claim.channel_id, period, key, start, zone)
        if posted is False:
            return False  # Discord is down: the same post at the next check
        await store.standings_posted(guild_id, key, posted)
        return True

    async def _post_final(self, guild_id: int, channel_id: int, period: kept.Period, key: str,
                          start: float, zone: ZoneInfo) -> int | None | bool:
        """Post one period's final standings: the message's id, None where there was nothing to
        post or the channel refused it, False where Discord failed for a while."""
        board = await self.bot.store.board(guild_id, 0, period=period, metric="net", now=start)
        if not board.top:
            return None  # nobody played: nothing to post
        w = await guild_words(self.bot, guild_id)
        label = period_label(period, start, zone, w)
        png = await self.drawer.draw(board_png, board_picture(board, None, w, label))
        embed = casino_embed(w("Final standings · {period}", period=label), board_text(board, w, own=False))
        embed.set_footer(text=board_title(board, w, label)[1])
        file = picture_file(embed, png, "standings.png")
        channel = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        try:
            message = await channel.send(embed=embed, file=file, nonce=standings_nonce(guild_id, key))
        except (discord.Forbidden, discord.NotFound):
            log.warning("Standings %s of guild %s not posted: no access to channel %s", key, guild_id,
                        channel_id)
            return None  # given up: the admin names another channel for the next period
        except (TimeoutError, discord.DiscordServerError, OSError):
            return False
        return message.id


def standings_nonce(guild_id: int, key: str) -> str:
    """The post's nonce (at most 25 characters): the same for every try of one period's post."""
    return f"{key}:{guild_id % 10**12}"


def period_label(period: kept.Period, start: float, zone: ZoneInfo, w: Words) -> str:
    """A past week or month as a reader names it: "Week of Nov 23, 2026", "November 2026"."""
    first = kept.local_day(start, zone)
    if period == "month":
        return w.month(first)
    return w("Week of {day}", day=w.long_date(first))


def _period_value(period: kept.Period, start: float, zone: ZoneInfo) -> str:
    """What ``when`` holds for a past period: its first day, a month without the day."""
    first = kept.local_day(start, zone).isoformat()
    return first[:7] if period == "month" else first


def past_period_start(period: kept.Period, text: str, now: float, zone: ZoneInfo) -> float:
    """When the week or month ``text`` names ("2026-11-16", any day of it, or "2026-11") began;
    a friendly error for any other text, another period, or a period not over yet."""
    if period not in kept.KEPT_PERIODS:
        raise UserError("A past period is a week or a month: use {board} with one of them.",
                        board=Command("leaderboard", period=..., when=...))
    cleaned = text.strip()
    try:
        day = dt.date.fromisoformat(f"{cleaned}-01" if len(cleaned) == 7 else cleaned)
        start = kept.period_start(period, dt.datetime.combine(day, dt.time(12), zone).timestamp(), zone)
        assert start is not None
        end = kept.next_period_start(period, start, zone)
    except (ValueError, OverflowError, OSError):  # not a date, or one past the calendar's ends
        raise UserError("Pick a past week or month from the list (or write its first day, such as "
                        "{example}).", example="2026-11-16") from None
    if end > now:
        raise UserError("That week or month has not ended yet: {board} shows the current one.",
                        board=Command("leaderboard", period=...))
    return start


def recap_text(picture: RecapPicture) -> str:
    lines = [picture.subtitle, "", *(f"{row.rank} {row.name} {row.value} · {row.detail}"
                                     for row in picture.rows)]
    return discord.utils.escape_markdown("\n".join(lines))


def profile_text(profile: kept.Profile, mention: str, w: Words) -> str:
    overall = profile.overall
    if overall is None:
        return w("{member} has no finished rounds here yet.", member=mention)
    lines = [w("{member}: {rounds}, net {net}, win rate {rate}, winning streak {current} (best {longest})",
               member=mention, rounds=w.plural("{count} round", "{count} rounds", overall.rounds),
               net=signed_chips(overall.net, w), rate=w.percent(overall.win_rate, 1),
               current=overall.streak, longest=overall.best_streak)]
    for stats in profile.games:
        lines.append(w("**{game}**: {rounds}, net {net}, win rate {rate}, biggest win {best}",
                       game=catalog.game_name(stats.game),
                       rounds=w.plural("{count} round", "{count} rounds", stats.rounds),
                       net=signed_chips(stats.net, w), rate=w.percent(stats.win_rate, 1),
                       best=signed_chips(stats.best_win, w)))
    if overall.best_hand is not None:
        lines.append(w("Best hand: {hand} (round #{round})", hand=w(describe_value(overall.best_hand.value)),
                       round=str(overall.best_hand_round)))
    return "\n".join(lines)


def _period(value: str) -> kept.Period:
    return value  # type: ignore[return-value]  # checked against PERIOD_NAMES


def _metric(value: str) -> kept.Metric:
    return value  # type: ignore[return-value]  # checked against METRIC_NAMES


async def setup(bot: CasinoBot) -> None:
    await bot.add_cog(Standings(bot))
