"""First steps: ``/help`` (what the bot offers, in the reader's language), ``/help game:`` (how a
hand goes, with a picture of a typical table), and the welcome posted once when the bot joins a
server."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import render
from bot import catalog
from bot.i18n import Command, Words
from bot.tables.config import PRACTICE_CHIPS
from bot.tables.sample_round import sample_snapshot
from cogs.common import EMBED_COLOUR, answer_when_ready, guild_words, reader
from cogs.drawing import TABLE_PICTURES

if TYPE_CHECKING:
    from bot.client import CasinoBot

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=game.name, value=game.key) for game in catalog.GAMES]
WELCOME_NEEDS = ("view_channel", "send_messages", "embed_links")
"""What the welcome needs in a channel: to see it, post in it, and show an embed."""


def games_text(w: Words) -> str:
    """A line per game: its name and what it is."""
    return "\n".join(f"**{game.name}**: {w(game.summary)}" for game in catalog.GAMES)


def help_embed(w: Words) -> discord.Embed:
    """Everything a newcomer can act on, with command names as the reader's client lists them."""
    # The games go in the description: six lines outgrow a field's 1,024 characters in German.
    intro = w("Casino poker for this server with play-money chips: you play against the house, "
              "against a player who banks, or against each other.")
    embed = discord.Embed(title=w("Casino poker: how it works"), colour=EMBED_COLOUR,
                          description=f"{intro}\n\n**{w('The games')}**\n{games_text(w)}")
    embed.add_field(name=w("Start playing"), value=w(
        "An admin opens a table in a channel with `{open}`. Press the buttons on the table message; "
        "your cards come privately. Chips: `{daily}` every day. To learn a game without risking "
        "chips, an admin opens a practice table (`{practice}`).",
        open=Command("table open", game=...), daily=Command("daily"),
        practice=Command("table open", game=..., practice=True)), inline=False)
    embed.add_field(name=w("Chips"), value=w(
        "`{balance}` shows your chips, `{give}` gives some to a friend, `{history}` lists your rounds.",
        balance=Command("balance"), give=Command("give"), history=Command("history")), inline=False)
    embed.add_field(name=w("Leaderboards and stats"), value=w(
        "`{leaderboard}` ranks the server by day, week, month or all time; `{stats}` shows a player's "
        "card.", leaderboard=Command("leaderboard"), stats=Command("stats")), inline=False)
    embed.add_field(name=w("Game nights"), value=w(
        "An admin starts an event with `{start}`: everyone who joins with `{join}` plays its tables "
        "on the same stack of event chips, and the top three share the entry fees; `{results}` "
        "shows the standings.", start=Command("event start"), join=Command("event join"),
        results=Command("event results")), inline=False)
    embed.add_field(name=w("Fair play"), value=w(
        "Every shuffle is committed to before the deal and revealed after it; `{round}` shows a "
        "round and checks it.", round=Command("round", number=...)), inline=False)
    embed.add_field(name=w("For admins"), value=w(
        "`{open}` and `{config}` set a table's bets and timers, `{close}` closes it; `{settings}` sets the "
        "starting chips, the daily amount, the language and the time zone; `{grant}` creates chips; "
        "`{audit}` checks every chip.", open=Command("table open"), config=Command("table config"),
        close=Command("table close"), settings=Command("chips settings"), grant=Command("chips grant"),
        audit=Command("audit")), inline=False)
    embed.set_footer(text=w("`{help}` explains one game, with a picture of its table.",
                            help=Command("help", game=...)))
    return embed


def game_embed(key: str, w: Words) -> discord.Embed:
    declared = catalog.declared(key)
    vocabulary = catalog.vocabularies()[key]
    steps = w(declared.how_it_goes, **vocabulary.references())
    text = "\n\n".join((w(declared.summary), steps, w(
        "The whole rules, pay tables and figures: `{rules}`. Try it first at a practice table "
        "(`{practice}`): {chips} practice chips each, nothing real at stake.",
        rules=vocabulary.command("rules"), practice=Command("table open", game=key, practice=True),
        chips=PRACTICE_CHIPS)))
    return discord.Embed(title=w("How a hand of {game} goes", game=declared.name), description=text,
                         colour=EMBED_COLOUR)


def welcome_channel(guild: discord.Guild) -> discord.TextChannel | None:
    """Where to greet a server: its system channel, else the first text channel (by position) the
    bot may post an embed in; None when there is none."""
    me = guild.me
    if me is None:
        return None
    candidates = [guild.system_channel, *sorted(guild.text_channels, key=lambda c: (c.position, c.id))]
    for channel in candidates:
        if channel is None:
            continue
        allowed = channel.permissions_for(me)
        if all(getattr(allowed, name) for name in WELCOME_NEEDS):
            return channel
    return None


def welcome_embed(w: Words) -> discord.Embed:
    names = ", ".join(game.name for game in catalog.GAMES)
    return discord.Embed(title=w("Casino poker is here"), colour=EMBED_COLOUR, description=w(
        "Thanks for adding me! Play {games} with play-money chips, right in your channels.\n\n"
        "**Two steps to a first game**\n"
        "1. An admin opens a table in a channel: `{open}` (or `{practice}` to play with practice chips "
        "first).\n"
        "2. Everyone presses an Ante on the table message; `{daily}` gives chips every day.\n\n"
        "`{help}` explains everything.", games=names, open=Command("table open", game=...),
        practice=Command("table open", game=..., practice=True), daily=Command("daily"),
        help=Command("help")))


class Help(commands.Cog):
    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What this bot offers and how to start playing.")
    @app_commands.describe(game="A game to explain, with a picture of its table")
    @app_commands.choices(game=GAME_CHOICES)
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        w = reader(interaction)
        if game is None or game not in catalog.BY_KEY:
            await interaction.response.send_message(embed=help_embed(w), ephemeral=True)
            return
        await answer_when_ready(interaction, self._game_post(game, w), ephemeral=True)

    async def _game_post(self, game: str, w: Words) -> tuple[discord.Embed, discord.File]:
        embed = game_embed(game, w)
        config = catalog.declared(game).new_table_config()
        snapshot = sample_snapshot(self.bot.tables.adapters[game], config, w)
        png = await TABLE_PICTURES.draw(render.table_scene_png, snapshot)
        embed.set_image(url="attachment://table.png")
        return embed, discord.File(io.BytesIO(png), filename="table.png")

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """A server just added the bot (Discord's GUILD_CREATE for a new guild): greet it once,
        where the bot may post; say nothing where it may not."""
        channel = welcome_channel(guild)
        if channel is None:
            log.info("Joined guild %s: no channel to post the welcome in", guild.id)
            return
        if not await self.bot.store.first_welcome(guild.id, now=self.bot.clock()):
            return
        w = await guild_words(self.bot, guild.id, guild.preferred_locale)
        try:
            await channel.send(embed=welcome_embed(w))
        except discord.HTTPException:
            log.warning("Joined guild %s: the welcome in channel %s was refused", guild.id, channel.id)


async def setup(bot: Any) -> None:
    await bot.add_cog(Help(bot))
