"""Game nights: /event start, join, rebuy, entries and results, and each event's end: its
podium posted once in its channel and its prize pool paid (the store pays; this cog asks it to
at the end time and says what happened).

An event's tables (``/table open ... event:<name>``, or any table opened in the event's channel
while it runs) play with event stacks; the table runtime keeps non-entrants out and deals no
round outside the event's time.
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
from bot.errors import UserError
from bot.events import (
    DEFAULT_SPLIT,
    NAME_LENGTH,
    EventInfo,
    EventResult,
    EventSpec,
    EventTimeline,
    parse_split,
)
from bot.i18n import Command, Words
from bot.poker.hand_value import describe_value
from bot.store import MAX_AMOUNT
from bot.store.event_store import RoundsInPlayError
from bot.store.stats_models import PlayedHand, zone_of
from cogs.common import (
    casino_embed,
    chips,
    guild_id_of,
    guild_words,
    picture_file,
    reader,
    relative_time,
    server_words,
)
from cogs.drawing import Drawer
from cogs.standings import STANDINGS_NICENESS, member_label, recap_text
from render.standings import Chart, RecapPicture, ShownHand, StandingRow, recap_png

if TYPE_CHECKING:
    from bot.client import CasinoBot

log = logging.getLogger(__name__)

END_CHECK_SECONDS = 60.0
"""How often events whose end has come are ended: the podium follows within this long."""
LONGEST_HOURS = 24 * 31
TIME_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d")
MEDALS = ("🥇", "🥈", "🥉")
CHOICES_SHOWN = 25
EventName = app_commands.Range[str, 1, NAME_LENGTH[1]]


class Events(commands.Cog):
    """Events on equal stacks: entries, rebuys, the end's prizes and podium."""

    event = app_commands.Group(name="event", description="Game nights: play for a podium on equal stacks.",
                               guild_only=True)

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot
        self._end_lock = asyncio.Lock()
        self.drawer = Drawer("events", niceness=STANDINGS_NICENESS)

    async def cog_load(self) -> None:
        self.end_loop.start()

    async def cog_unload(self) -> None:
        self.end_loop.cancel()
        self.drawer.close()

    # -- commands --------------------------------------------------------------------------
    @event.command(name="start", description="Admin: start an event in this channel.")
    @app_commands.describe(
        name="The event's name", stack="Event chips each entrant starts with",
        length_hours="How long it runs, in hours (or give an end)",
        end="When it ends: 2026-11-28 23:00, the server's time zone (or give a length)",
        start="When its tables deal: 2026-11-28 20:00 (default: now)",
        games="The games its tables may play, such as uth, hcf (default: all)",
        fee="Wallet chips each entry (and rebuy) pays into the prize pool",
        split="How the prize pool is shared by place, in percent (default 50/30/20)",
        rebuys="An entrant whose event stack is empty may buy a new one at the entry fee")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def start(self, interaction: discord.Interaction, name: EventName,
                    stack: app_commands.Range[int, 1, MAX_AMOUNT],
                    length_hours: app_commands.Range[int, 1, LONGEST_HOURS] | None = None,
                    end: app_commands.Range[str, 1, 20] | None = None,
                    start: app_commands.Range[str, 1, 20] | None = None,
                    games: app_commands.Range[str, 1, 100] | None = None,
                    fee: app_commands.Range[int, 0, MAX_AMOUNT] = 0,
                    split: app_commands.Range[str, 1, 40] | None = None, rebuys: bool = False) -> None:
        guild_id = guild_id_of(interaction)
        assert interaction.channel_id is not None
        now = self.bot.clock()
        zone = zone_of((await self.bot.store.guild_settings(guild_id)).timezone)
        starts_at = now if start is None else local_time(start, zone)
        if (end is None) == (length_hours is None):
            raise UserError("Give the event an end or a length in hours (one of them).")
        ends_at = (local_time(end, zone) if end is not None
                   else max(starts_at, now) + 3600 * (length_hours or 0))
        spec = EventSpec(name=name, channel_id=interaction.channel_id, games=chosen_games(games),
                         starts_at=starts_at, ends_at=ends_at, stack=stack, fee=fee,
                         split=DEFAULT_SPLIT if split is None else parse_split(split), rebuys=rebuys)
        event = await self.bot.store.create_event(guild_id, spec, now=now)
        log.info("Event %s (%s) started in guild %s by %s", event.id, event.spec.name, guild_id,
                 interaction.user.id)
        w = await server_words(interaction)  # announced to the channel
        await interaction.response.send_message(embed=event_embed(event, w, title=w(
            "Event: {name}", name=event.spec.name)))

    @event.command(name="join", description="Join an event: you get its stack of event chips.")
    @app_commands.describe(name="Which event")
    async def join(self, interaction: discord.Interaction, name: EventName) -> None:
        guild_id = guild_id_of(interaction)
        event = await self._named(guild_id, name)
        await self.bot.store.join_event(guild_id, event.id, interaction.user.id, now=self.bot.clock())
        w = reader(interaction)
        text = w("You're in {name} with {stack} event chips.", name=event.spec.name,
                 stack=w.number(event.spec.stack))
        if event.spec.fee:
            text += " " + w("Your entry fee of {fee} went to the prize pool.", fee=chips(event.spec.fee, w))
        await interaction.response.send_message(text, ephemeral=True)

    @event.command(name="rebuy", description="A new event stack at the entry fee, once yours is empty.")
    @app_commands.describe(name="Which event")
    async def rebuy(self, interaction: discord.Interaction, name: EventName) -> None:
        guild_id = guild_id_of(interaction)
        event = await self._named(guild_id, name)
        # Empty: fewer chips than the least Ante of its tables (none open: no chip at all).
        antes = [table.config.min_bet for table in self.bot.tables.tables() if table.config.event == event.id]
        entry = await self.bot.store.rebuy_event(guild_id, event.id, interaction.user.id,
                                                 now=self.bot.clock(), empty_below=min(antes, default=1))
        w = reader(interaction)
        await interaction.response.send_message(w(
            "You have {stack} event chips again (stack {count} of yours in {name}).",
            stack=w.number(event.spec.stack), count=entry.buys, name=event.spec.name), ephemeral=True)

    @event.command(name="entries", description="Admin: open or close an event's entries.")
    @app_commands.describe(name="Which event", open="Whether members may still join")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def entries(self, interaction: discord.Interaction, name: EventName,
                      open: bool) -> None:  # noqa: A002  # the option's name, as members read it
        guild_id = guild_id_of(interaction)
        event = await self._named(guild_id, name)
        await self.bot.store.set_event_entries(guild_id, event.id, is_open=open)
        w = reader(interaction)
        await interaction.response.send_message(
            w("Entries to {name} are open.", name=event.spec.name) if open
            else w("Entries to {name} are closed.", name=event.spec.name), ephemeral=True)

    @event.command(name="results", description="An event's standings, or the server's events.")
    @app_commands.describe(name="Which event (default: every event here)")
    async def results(self, interaction: discord.Interaction,
                      name: EventName | None = None) -> None:
        guild_id = guild_id_of(interaction)
        w = reader(interaction)
        if name is None:
            listed = await self.bot.store.guild_events(guild_id)
            lines = [event_line(event, w, self.bot.clock()) for event in listed[:CHOICES_SHOWN]]
            await interaction.response.send_message(embed=casino_embed(
                w("Events"), "\n".join(lines) or w("No event yet: an admin starts one with {start}.",
                                                   start=Command("event start"))), ephemeral=True)
            return
        event = await self._named(guild_id, name)
        result = await self.bot.store.event_result(guild_id, event.id)
        if result is not None:
            text = standings_text(result, w)
        else:
            stacks = await self.bot.store.event_stacks(guild_id, event.id)
            ranked = sorted(stacks.items(), key=lambda item: -item[1])  # ties: in joining order
            text = "\n".join(f"{1 + sum(other > stack for other in stacks.values())}. <@{user}> "
                             f"{chips(stack, w)}" for user, stack in ranked) or w("Nobody has joined yet.")
        embed = event_embed(event, w, title=w("Event: {name}", name=event.spec.name))
        embed.add_field(name=w("Final standings") if result else w("Standings now"), value=text[:1024],
                        inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @join.autocomplete("name")
    @rebuy.autocomplete("name")
    @entries.autocomplete("name")
    @results.autocomplete("name")
    async def _event_names(self, interaction: discord.Interaction,
                           typed: str) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        needle = typed.casefold()
        return [app_commands.Choice(name=event.spec.name, value=event.spec.name)
                for event in await self.bot.store.guild_events(interaction.guild_id)
                if needle in event.spec.name.casefold()][:CHOICES_SHOWN]

    async def _named(self, guild_id: int, name: str) -> EventInfo:
        event = await self.bot.store.event_named(guild_id, name)
        if event is None:
            raise UserError("There is no event named {name} here; {results} lists them.", name=name,
                            results=Command("event results"))
        return event

    # -- the end ---------------------------------------------------------------------------
    @tasks.loop(seconds=END_CHECK_SECONDS)
    async def end_loop(self) -> None:
        try:
            await self.end_due_events()
        except Exception:
            log.exception("Ending events failed; trying again in a minute")

    @end_loop.before_loop
    async def _after_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def end_due_events(self) -> None:
        """End every event whose end has come (once its rounds in play have finished by their
        timers), then post each ended event's podium that was not posted yet."""
        async with self._end_lock:
            store = self.bot.store
            for event in await store.events_to_end(now=self.bot.clock()):
                try:
                    result = await store.end_event(event.guild_id, event.id, now=self.bot.clock())
                except RoundsInPlayError:
                    continue  # its last rounds finish by their timers: ended at the next check
                if result is not None:
                    log.info("Event %s ended: prizes %s", event.id, dict(result.prizes))
            for event in await store.podiums_to_post():
                posted = await self._post_podium(event)
                if posted is not False:
                    await store.podium_posted(event.id, posted)

    async def _post_podium(self, event: EventInfo) -> int | None | bool:
        """The podium's message id; None where the channel refused it (the prizes are paid all
        the same); False where Discord failed for a while (posted again at the next check, with
        the same nonce, so once)."""
        store = self.bot.store
        result = await store.event_result(event.guild_id, event.id)
        timeline = await store.event_timeline(event.guild_id, event.id)
        if result is None or timeline is None:
            return None
        w = await guild_words(self.bot, event.guild_id)
        picture = podium_picture(result, timeline, w)
        png = await self.drawer.draw(recap_png, picture)
        embed = casino_embed(picture.title, recap_text(picture))
        file = picture_file(embed, png, "podium.png")
        channel = self.bot.get_partial_messageable(event.spec.channel_id, guild_id=event.guild_id)
        try:
            message = await channel.send(embed=embed, file=file, nonce=f"podium{event.id}")
        except (discord.Forbidden, discord.NotFound):
            log.warning("Podium of event %s not posted: no access to channel %s", event.id,
                        event.spec.channel_id)
            return None
        except (TimeoutError, discord.DiscordServerError, OSError):
            return False
        return message.id


def local_time(text: str, zone: ZoneInfo) -> float:
    """``2026-11-28 20:00`` (or a day: its midnight) in the server's time zone, as a timestamp."""
    for pattern in TIME_FORMATS:
        try:
            naive = dt.datetime.strptime(text.strip(), pattern)
        except ValueError:
            continue
        return naive.replace(tzinfo=zone).timestamp()
    raise UserError("Write a time as {example} (the server's time zone: {zone}).", example="2026-11-28 20:00",
                    zone=str(zone))


def chosen_games(text: str | None) -> tuple[str, ...]:
    """The games an admin listed (keys or names, separated by commas), every game by default."""
    if text is None or text.strip().casefold() in ("all", "alle"):
        return tuple(game.key for game in catalog.GAMES)
    known = {name.casefold(): game.key for game in catalog.GAMES for name in (game.key, game.name)}
    chosen: list[str] = []
    for part in (part.strip().casefold() for part in text.split(",")):
        if part not in known:
            raise UserError("There is no game {game} here; choose from {games}.", game=part,
                            games=", ".join(f"`{game.key}`" for game in catalog.GAMES))
        chosen.append(known[part])
    return tuple(dict.fromkeys(chosen))


def event_embed(event: EventInfo, w: Words, *, title: str) -> discord.Embed:
    spec = event.spec
    embed = casino_embed(title, w("Everyone who joins plays with {stack} event chips, kept apart from the "
                                  "wallet. Join with {join}.", stack=w.number(spec.stack),
                                  join=Command("event join")))
    embed.add_field(name=w("Tables deal"), inline=False,
                    value=f"<t:{int(spec.starts_at)}:f> – <t:{int(spec.ends_at)}:f>")
    embed.add_field(name=w("Games"), inline=False,
                    value=", ".join(catalog.game_name(game) for game in spec.games))
    embed.add_field(name=w("Entry fee"), value=chips(spec.fee, w) if spec.fee else w("free"))
    embed.add_field(name=w("Prize split"), value=" / ".join(f"{share}%" for share in spec.split))
    embed.add_field(name=w("Rebuys"), value=w("allowed") if spec.rebuys else w("not allowed"))
    return embed


def event_line(event: EventInfo, w: Words, now: float) -> str:
    if event.ended_at is not None:
        return w("**{name}**: ended {when}", name=event.spec.name, when=relative_time(event.ended_at))
    if now < event.spec.starts_at:
        return w("**{name}**: starts {when}", name=event.spec.name, when=relative_time(event.spec.starts_at))
    return w("**{name}**: ends {when}", name=event.spec.name, when=relative_time(event.spec.ends_at))


def places(result: EventResult, *, medals: bool = True) -> list[str]:
    """Each entry's place as shown, best first, tied stacks sharing one: a medal for the top
    three in a message (a picture's font has no colour emoji: "1." in gold there)."""
    finals = [entry.final_stack or 0 for entry in result.entries]
    ranks = [1 + sum(other > final for other in finals) for final in finals]
    return [MEDALS[rank - 1] if medals and rank <= len(MEDALS) else f"{rank}." for rank in ranks]


def standings_text(result: EventResult, w: Words) -> str:
    lines = []
    for mark, entry in zip(places(result), result.entries, strict=True):
        line = f"{mark} <@{entry.user_id}> {chips(entry.final_stack or 0, w)}"
        if entry.prize:
            line += " · " + w("prize {chips}", chips=chips(entry.prize, w))
        lines.append(line)
    return "\n".join(lines) or w("Nobody joined.")


def podium_picture(result: EventResult, timeline: EventTimeline, w: Words) -> RecapPicture:
    """Places, final stacks, prizes, each entrant's best hand and biggest win, and a line chart
    of the stacks round by round."""
    names = {entry.user_id: member_label(timeline.names.get(entry.user_id), entry.user_id, w)
             for entry in result.entries}
    best_win: dict[int, int] = {}
    best_hand: dict[int, PlayedHand] = {}
    for moment in timeline.rounds:
        best_win[moment.user_id] = max(best_win.get(moment.user_id, 0), moment.net)
        held = best_hand.get(moment.user_id)
        if moment.hand and (held is None or moment.hand.value > held.value):
            best_hand[moment.user_id] = moment.hand
    rows = []
    for mark, entry in zip(places(result, medals=False), result.entries, strict=True):
        won = best_win.get(entry.user_id, 0)
        detail = (w("prize {chips}", chips=chips(entry.prize, w)) if entry.prize
                  else w("biggest win {chips}", chips=chips(won, w)) if won else w("no round won"))
        rows.append(StandingRow(rank=mark, name=names[entry.user_id], value=w.number(entry.final_stack or 0),
                                detail=detail))
    order, curves = timeline.stacks_by_round()
    values = [value for curve in curves.values() for value in curve] or [0]
    chart = Chart(title=w("Event stacks, round by round"),
                  series=[(names[entry.user_id], curves[entry.user_id]) for entry in result.entries
                          if entry.user_id in curves],
                  first_label=w("start"), last_label=w.plural("{count} round", "{count} rounds", len(order)),
                  scale_labels=(w.number(min(0, *values)), w.number(max(values))))
    hands = [ShownHand(w("{name} · {hand} · biggest win {chips}", name=names[entry.user_id],
                         hand=w(describe_value(best_hand[entry.user_id].value)),
                         chips=chips(best_win.get(entry.user_id, 0), w)),
                       best_hand[entry.user_id].cards.split())
             for entry in result.entries if entry.user_id in best_hand][:len(MEDALS)]
    subtitle = w("{players} · {rounds} · prize pool {pool}",
                 players=w.plural("{count} player", "{count} players", len(result.entries)),
                 rounds=w.plural("{count} round", "{count} rounds", len(order)), pool=chips(result.pool, w))
    return RecapPicture(title=w("{name} · final standings", name=result.event.spec.name), subtitle=subtitle,
                        rows=rows, chart=chart, hands=hands,
                        footer=w("Prizes paid to the wallets; {results} keeps every event's standings.",
                                 results=Command("event results")))


async def setup(bot: CasinoBot) -> None:
    await bot.add_cog(Events(bot))
