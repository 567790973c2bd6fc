"""Server-admin commands: /chips grant, /chips settings, /audit (Manage Server)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.events import NAME_LENGTH
from bot.i18n import LANGUAGES, N_, Command, language_of
from bot.store import MAX_AMOUNT
from bot.store.stats_models import checked_zone_name, zone_names_like
from cogs.channel_access import FIX_HINT, POSTING_PERMISSIONS, missing_of, names_text
from cogs.common import (
    answer,
    casino_embed,
    check_amount,
    chips,
    duration_text,
    guild_id_of,
    reader,
    server_words,
)

if TYPE_CHECKING:
    from bot.client import CasinoBot

log = logging.getLogger(__name__)

MANAGE_SERVER = discord.Permissions(manage_guild=True)
MAX_COOLDOWN_HOURS = 24 * 30
SERVER_LOCALE = "auto"
"""The /chips settings language choice that follows the server's Discord locale."""
LANGUAGE_CHOICES = [app_commands.Choice(name="The server's Discord language", value=SERVER_LOCALE),
                    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items())]


Channel = app_commands.AppCommandChannel


class PostingChannel(app_commands.Transformer):
    """A channel option whose picker lists the channels the bot can post a picture in (text and
    announcement channels); the channel as the interaction resolves it, no channel cache needed."""

    KINDS = (discord.ChannelType.text, discord.ChannelType.news)

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.channel

    @property
    def channel_types(self) -> list[discord.ChannelType]:
        return list(self.KINDS)

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> Channel:
        if not isinstance(value, app_commands.AppCommandChannel) or value.type not in self.KINDS:
            raise UserError("Pick a text channel: the standings are posted there as pictures.")
        return value


class Admin(commands.Cog):
    """Chip supply and the books. Hidden from members without Manage Server by default, and
    checked again at run time because server owners can change command permissions."""

    chips_group = app_commands.Group(
        name="chips",
        description="Admin: grant chips and set the economy.",
        default_permissions=MANAGE_SERVER,
        guild_only=True,
    )

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot

    @chips_group.command(name="grant", description="Admin: create chips for a member.")
    @app_commands.describe(member="Who receives them", amount="How many chips", reason="Why")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def grant(
        self,
        interaction: discord.Interaction,
        member: discord.Member,
        amount: app_commands.Range[int, 1, MAX_AMOUNT],
        reason: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        guild_id = guild_id_of(interaction)
        if member.bot:
            raise UserError("Bots don't play, so they can't hold chips.")
        check_amount(amount, maximum=MAX_AMOUNT)
        await self.bot.store.ensure_wallet(guild_id, member.id)
        note = reason or N_("admin grant")
        balance = await self.bot.store.grant(
            guild_id, member.id, amount, reason=f"admin grant by {interaction.user.id}: {note}"
        )
        log.info("Admin %s granted %d chips to %s in %s", interaction.user.id, amount,
                 member.id, guild_id)
        w = await server_words(interaction)  # the grant is announced in the channel
        await interaction.response.send_message(embed=casino_embed(w("Chips granted"), w(
            "{member} received **{chips}** ({reason}). New balance: {balance}.", member=member.mention,
            chips=chips(amount, w), reason=w(note), balance=chips(balance, w))))

    @chips_group.command(name="settings", description="Admin: show or change the economy.")
    @app_commands.describe(
        starting_balance="Chips a new member starts with",
        daily_amount="Chips per daily claim",
        daily_cooldown_hours="Hours between two daily claims",
        language="The language of the table messages, results and leaderboards here",
        timezone="The time zone of the leaderboards' days, weeks and months (e.g. Europe/Berlin)",
        standings_channel="Where each week's and month's final leaderboard is posted",
        standings_off="Stop posting the weekly and monthly final leaderboards",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def settings(
        self,
        interaction: discord.Interaction,
        starting_balance: app_commands.Range[int, 0, MAX_AMOUNT] | None = None,
        daily_amount: app_commands.Range[int, 1, MAX_AMOUNT] | None = None,
        daily_cooldown_hours: app_commands.Range[int, 1, MAX_COOLDOWN_HOURS] | None = None,
        language: str | None = None,
        timezone: app_commands.Range[str, 1, 64] | None = None,
        standings_channel: app_commands.Transform[Channel, PostingChannel] | None = None,
        standings_off: bool | None = None,
    ) -> None:
        guild_id = guild_id_of(interaction)
        changes: dict[str, int | float | str | None] = {
            **_settings_changes(starting_balance, daily_amount, daily_cooldown_hours),
            **self._standings_changes(interaction, standings_channel, standings_off)}
        if language is not None:
            changes["language"] = _language_setting(language)
        if timezone is not None:
            changes["timezone"] = checked_zone_name(timezone)
            # A new zone recounts every round's day: seconds on a server with a million rounds.
            await interaction.response.defer(ephemeral=True, thinking=True)
        store = self.bot.store
        if changes:
            current = await store.update_guild_settings(guild_id, **changes)
        else:
            current = await store.guild_settings(guild_id)
        w = reader(interaction)
        embed = casino_embed(w("Economy settings updated") if changes else w("Economy settings"))
        embed.add_field(name=w("Starting balance"), value=chips(current.starting_balance, w))
        embed.add_field(name=w("Daily claim"), value=chips(current.daily_amount, w))
        embed.add_field(name=w("Daily cooldown"), value=duration_text(current.daily_cooldown_seconds, w))
        if current.language is None:
            shown = w("the server's Discord language ({language})",
                      language=LANGUAGES[language_of(interaction.guild_locale)])
        else:
            shown = w("{language}, set by an admin", language=LANGUAGES[current.language])
        embed.add_field(name=w("Public messages"), value=shown, inline=False)
        embed.add_field(name=w("Time zone"), value=current.timezone or w("UTC (not set)"), inline=False)
        embed.add_field(name=w("Kept standings"), inline=False, value=w(
            "Each week's and month's final leaderboard is posted in <#{channel}>.",
            channel=str(current.standings_channel_id)) if current.standings_channel_id else w("Not posted"))
        await answer(interaction, embed=embed, ephemeral=True)  # deferred if the zone changed

    def _standings_changes(self, interaction: discord.Interaction, channel: Channel | None,
                           off: bool | None) -> dict[str, int | float | None]:
        """The standings channel named (from now on: periods that end later are posted) or
        switched off; a channel the bot may not post pictures in is refused."""
        if off and channel is not None:
            raise UserError("Name a standings channel or switch the standings off, not both.")
        if off:
            return {"standings_channel_id": None, "standings_since": None}
        if channel is None:
            return {}
        cached, me = channel.resolve(), interaction.guild.me if interaction.guild is not None else None
        missing = missing_of(cached.permissions_for(me), POSTING_PERMISSIONS) if cached and me else []
        if missing:
            w = reader(interaction)
            raise UserError("I can't post the standings in {channel}: I'm missing {permissions} there. "
                            "{hint}", channel=channel.mention, permissions=names_text(missing, w),
                            hint=w(FIX_HINT))
        return {"standings_channel_id": channel.id, "standings_since": self.bot.clock()}

    @settings.autocomplete("timezone")
    async def _timezones(self, interaction: discord.Interaction,
                         typed: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in zone_names_like(typed or "Europe")]

    @app_commands.command(name="audit", description="Admin: check that every chip is accounted for.")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(event="An event's own books instead (its stacks, stacks given and results)")
    async def audit(self, interaction: discord.Interaction,
                    event: app_commands.Range[str, 1, NAME_LENGTH[1]] | None = None) -> None:
        guild_id = guild_id_of(interaction)
        if event is not None:
            await self._audit_event(interaction, guild_id, event)
            return
        # The stats recount reads every round of the server: minutes on a very big one, far
        # past Discord's 3 seconds (a deferred answer may come within 15 minutes).
        await interaction.response.defer(ephemeral=True, thinking=True)
        report = await self.bot.store.audit(guild_id)
        w = reader(interaction)
        embed = casino_embed(w("Audit: Books balance") if report.ok
                             else w("Audit: MISMATCH: chips are unaccounted for"))
        embed.colour = discord.Colour.green() if report.ok else discord.Colour.red()
        embed.add_field(name=w("Wallets"), value=w.number(report.wallets))
        embed.add_field(name=w("House"), value=w.number(report.house))
        embed.add_field(name=w("In play (escrow)"), value=w.number(report.escrow))
        embed.add_field(name=w("Table stacks"), value=w.number(report.stacks))
        embed.add_field(name=w("Minted"), value=w.number(report.minted))
        if report.event_minted:
            embed.add_field(name=w("Event chips"), value=w.number(report.event_chips))
            embed.add_field(name=w("Event stacks given"), value=w.number(report.event_minted))
        embed.add_field(name=w("Ledger matches balances"),
                        value=w("yes") if report.ledger_matches_balances else w("NO"))
        embed.add_field(name=w("Leaderboard totals match the rounds"),
                        value=w("yes") if not report.stats_off else w("NO"))
        embed.set_footer(text=w("wallets + house + escrow + table stacks + event chips must equal minted + "
                                "event stacks given") if report.event_minted
                         else w("wallets + house + escrow + table stacks must equal minted"))
        if not report.ok:
            log.error("Audit failed for guild %s: %s", report.guild_id, report)
        await interaction.followup.send(embed=embed, ephemeral=True)


    async def _audit_event(self, interaction: discord.Interaction, guild_id: int, name: str) -> None:
        found = await self.bot.store.event_named(guild_id, name)
        books = None if found is None else await self.bot.store.event_audit(guild_id, found.id)
        if found is None or books is None:
            raise UserError("There is no event named {name} here; {results} lists them.", name=name,
                            results=Command("event results"))
        w = reader(interaction)
        embed = casino_embed(w("Audit of {name}: books balance", name=found.spec.name) if books.ok
                             else w("Audit of {name}: MISMATCH", name=found.spec.name))
        embed.colour = discord.Colour.green() if books.ok else discord.Colour.red()
        embed.add_field(name=w("Event stacks"), value=w.number(books.stacks))
        embed.add_field(name=w("In play (escrow)"), value=w.number(books.in_play))
        embed.add_field(name=w("Stacks given"), value=w.number(books.given))
        embed.add_field(name=w("Results of its rounds"), value=w.number(books.results))
        embed.set_footer(text=w("event stacks + in play must equal stacks given + results"))
        await interaction.response.send_message(embed=embed, ephemeral=True)


def _settings_changes(
    starting_balance: int | None, daily_amount: int | None, daily_cooldown_hours: int | None
) -> dict[str, int]:
    changes: dict[str, int] = {}
    if starting_balance is not None:
        if not 0 <= starting_balance <= MAX_AMOUNT:
            raise UserError("The starting balance must be from 0 to {maximum} chips.", maximum=MAX_AMOUNT)
        changes["starting_balance"] = starting_balance
    if daily_amount is not None:
        changes["daily_amount"] = check_amount(daily_amount, maximum=MAX_AMOUNT)
    if daily_cooldown_hours is not None:
        if not 1 <= daily_cooldown_hours <= MAX_COOLDOWN_HOURS:
            raise UserError("The cooldown must be from 1 to {maximum} hours.", maximum=MAX_COOLDOWN_HOURS)
        changes["daily_cooldown_seconds"] = daily_cooldown_hours * 3600
    return changes


def _language_setting(choice: str) -> str | None:
    """The stored language of a /chips settings choice (None: follow Discord's server locale)."""
    if choice == SERVER_LOCALE:
        return None
    if choice not in LANGUAGES:
        raise UserError("The bot speaks {languages}; choose one of them.",
                        languages=", ".join(LANGUAGES.values()))
    return choice


async def setup(bot: CasinoBot) -> None:
    await bot.add_cog(Admin(bot))
