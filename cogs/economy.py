"""Economy commands: /balance, /daily, /give, /leaderboard, /history."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import catalog
from bot.errors import UserError
from bot.store import MAX_AMOUNT, InsufficientFunds
from cogs.common import (
    casino_embed,
    check_amount,
    chips,
    duration_text,
    guarded,
    guild_id_of,
    relative_time,
    signed_chips,
)

if TYPE_CHECKING:
    from bot.client import CasinoBot

log = logging.getLogger(__name__)

GIVE_OFFER_SECONDS = 120
HISTORY_PAGE_SIZE = 5
WEEK_SECONDS = 7 * 24 * 3600
GAME_CHOICES = [app_commands.Choice(name="All games", value="all"),
                *(app_commands.Choice(name=game.name, value=game.key) for game in catalog.GAMES)]
GAME_NAMES = {choice.value: choice.name for choice in GAME_CHOICES}

Amount = app_commands.Range[int, 1, MAX_AMOUNT]


def economy_cog(interaction: discord.Interaction[CasinoBot]) -> Economy:
    cog = interaction.client.get_cog("Economy")
    if not isinstance(cog, Economy):
        raise UserError("The economy is being restarted; try again in a moment.")
    return cog


class GiveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=(
    r"give:(?P<action>ok|no):(?P<giver>\d+):(?P<target>\d+):(?P<amount>\d+):(?P<expires>\d+)"
)):
    """Confirm or cancel a /give. Everything it needs is in its custom id, so it survives a
    restart; the balance is checked again (by the store) when it is pressed."""

    def __init__(self, action: str, giver: int, target: int, amount: int, expires: int) -> None:
        self.action, self.giver, self.target = action, giver, target
        self.amount, self.expires = amount, expires
        confirm = action == "ok"
        super().__init__(
            discord.ui.Button(
                label="Confirm" if confirm else "Cancel",
                style=discord.ButtonStyle.success if confirm else discord.ButtonStyle.secondary,
                custom_id=f"give:{action}:{giver}:{target}:{amount}:{expires}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GiveButton:
        groups = match.groupdict()
        return cls(groups["action"], int(groups["giver"]), int(groups["target"]),
                   int(groups["amount"]), int(groups["expires"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._settle(interaction))

    async def _settle(self, interaction: discord.Interaction[CasinoBot]) -> None:
        if interaction.user.id != self.giver:
            raise UserError("Only the player who started this gift can confirm or cancel it.")
        await economy_cog(interaction).settle_give_offer(interaction, self)


class HistoryPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=(
    r"history:(?P<user>\d+):(?P<page>\d+):(?P<direction>prev|next)"
)):
    """Page through /history. Stateless: the page to show is in the custom id."""

    def __init__(self, user_id: int, page: int, direction: str, *, disabled: bool = False) -> None:
        self.user_id, self.page, self.direction = user_id, page, direction
        super().__init__(
            discord.ui.Button(
                label="Newer" if direction == "prev" else "Older",
                emoji="\u25c0" if direction == "prev" else "\u25b6",
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"history:{user_id}:{page}:{direction}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryPageButton:
        groups = match.groupdict()
        return cls(int(groups["user"]), int(groups["page"]), groups["direction"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._turn_page(interaction))

    async def _turn_page(self, interaction: discord.Interaction[CasinoBot]) -> None:
        if interaction.user.id != self.user_id:
            raise UserError("That is someone else's history; use /history to see yours.")
        cog = economy_cog(interaction)
        embed, view = await cog.history_page(guild_id_of(interaction), self.user_id, self.page)
        await interaction.response.edit_message(embed=embed, view=view)


class Economy(commands.Cog):
    """Wallet commands every player uses."""

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot
        # A /give offer is settled once even when its button is clicked twice at once.
        self._offer_lock = asyncio.Lock()
        self._settled_offers: set[int] = set()

    def now(self) -> float:
        return self.bot.clock()

    @app_commands.command(name="balance", description="Show your chips, or another member's.")
    @app_commands.describe(member="Whose balance to show (default: yours)")
    @app_commands.guild_only()
    async def balance(
        self, interaction: discord.Interaction, member: discord.Member | None = None
    ) -> None:
        guild_id = guild_id_of(interaction)
        who = member or interaction.user
        if who.bot:
            raise UserError("Bots don't play, so they have no chips.")
        amount = await self.bot.store.ensure_wallet(guild_id, who.id)
        subject = "You have" if who.id == interaction.user.id else f"{who.mention} has"
        await interaction.response.send_message(
            embed=casino_embed("Balance", f"{subject} **{chips(amount)}**."), ephemeral=True
        )

    @app_commands.command(name="daily", description="Claim your daily chips.")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        guild_id = guild_id_of(interaction)
        now = self.now()
        claim = await self.bot.store.claim_daily(guild_id, interaction.user.id, now=now)
        if not claim.claimed:
            wait = duration_text(claim.next_claim_at - now)
            raise UserError(
                f"You already claimed your daily chips. Next claim in **{wait}** "
                f"({relative_time(claim.next_claim_at)}). Balance: {chips(claim.balance)}."
            )
        embed = casino_embed(
            "Daily chips",
            f"{interaction.user.mention} claimed **{chips(claim.amount)}**. "
            f"Balance: {chips(claim.balance)}.\nNext claim {relative_time(claim.next_claim_at)}.",
        )
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="give", description="Give some of your chips to another member.")
    @app_commands.describe(member="Who receives the chips", amount="How many chips")
    @app_commands.guild_only()
    async def give(
        self, interaction: discord.Interaction, member: discord.Member, amount: Amount
    ) -> None:
        guild_id = guild_id_of(interaction)
        if member.bot:
            raise UserError("You can't give chips to a bot.")
        if member.id == interaction.user.id:
            raise UserError("You can't give chips to yourself.")
        check_amount(amount, maximum=MAX_AMOUNT)
        balance = await self.bot.store.ensure_wallet(guild_id, interaction.user.id)
        if amount > balance:
            raise UserError(f"You only have {chips(balance)}, so you can't give {chips(amount)}.")
        expires = int(self.now()) + GIVE_OFFER_SECONDS
        view = discord.ui.View(timeout=None)
        for action in ("ok", "no"):
            view.add_item(GiveButton(action, interaction.user.id, member.id, amount, expires))
        embed = casino_embed(
            "Confirm gift",
            f"Give **{chips(amount)}** to {member.mention}?\n"
            f"This offer expires {relative_time(expires)}.",
        )
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def settle_give_offer(self, interaction: discord.Interaction, offer: GiveButton) -> None:
        message_id = interaction.message.id if interaction.message else 0
        async with self._offer_lock:
            if message_id in self._settled_offers:
                raise UserError("This gift was already confirmed or cancelled.")
            if offer.action == "no":
                self._settled_offers.add(message_id)
                await interaction.response.edit_message(
                    embed=casino_embed("Gift cancelled", "No chips moved."), view=None
                )
                return
            if self.now() > offer.expires:
                self._settled_offers.add(message_id)
                raise UserError("This offer expired; use /give again.")
            guild_id = guild_id_of(interaction)
            try:
                giver_balance, _ = await self.bot.store.give(
                    guild_id, offer.giver, offer.target, offer.amount
                )
            except InsufficientFunds as error:
                raise UserError(
                    f"You now have only {chips(error.balance)}, not enough to give "
                    f"{chips(offer.amount)}. Nothing was sent."
                ) from error
            self._settled_offers.add(message_id)
        await interaction.response.edit_message(
            embed=casino_embed(
                "Gift sent", f"You gave **{chips(offer.amount)}** to <@{offer.target}>. "
                f"Your balance: {chips(giver_balance)}."
            ),
            view=None,
        )
        await interaction.followup.send(
            f"<@{offer.giver}> gave **{chips(offer.amount)}** to <@{offer.target}>."
        )

    @app_commands.command(name="leaderboard", description="Top players by net winnings.")
    @app_commands.describe(game="Which game (default: all)", period="All time or the last 7 days")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str = "all",
        period: Literal["all", "week"] = "all",
    ) -> None:
        guild_id = guild_id_of(interaction)
        game_filter = None if game == "all" else game
        since = self.now() - WEEK_SECONDS if period == "week" else None
        store = self.bot.store
        rows = await store.leaderboard(guild_id, game=game_filter, since=since, limit=10)
        own = await store.rank_of(guild_id, interaction.user.id, game=game_filter, since=since)
        lines = [
            f"**{row.rank}.** <@{row.user_id}> {signed_chips(row.net)} ({row.rounds} rounds)"
            for row in rows
        ] or ["No finished rounds yet. Open a table and play!"]
        if own is None:
            lines.append("\nYou have no finished rounds here yet.")
        else:
            lines.append(f"\nYour rank: **#{own.rank}** ({signed_chips(own.net)})")
        title = f"Leaderboard: {GAME_NAMES.get(game, game)}"
        title += " (last 7 days)" if period == "week" else " (all time)"
        await interaction.response.send_message(embed=casino_embed(title, "\n".join(lines)))

    @app_commands.command(name="history", description="Your last rounds, newest first.")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        embed, view = await self.history_page(guild_id_of(interaction), interaction.user.id, 0)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def history_page(
        self, guild_id: int, user_id: int, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        rows, total = await self.bot.store.history(
            guild_id, user_id, offset=page * HISTORY_PAGE_SIZE, limit=HISTORY_PAGE_SIZE
        )
        pages = max(1, -(-total // HISTORY_PAGE_SIZE))
        lines = [
            f"**#{row.round_id}** {GAME_NAMES.get(row.game, row.game)}: wagered "
            f"{row.wagered:,}, returned {row.returned:,} (**{signed_chips(row.net)}**) "
            f"{relative_time(row.settled_at)}"
            for row in rows
        ] or ["You have not finished a round here yet."]
        embed = casino_embed("Your rounds", "\n".join(lines))
        embed.set_footer(text=f"Page {page + 1} of {pages} · /round <number> shows one round")
        view = discord.ui.View(timeout=None)
        view.add_item(HistoryPageButton(user_id, max(page - 1, 0), "prev", disabled=page == 0))
        view.add_item(
            HistoryPageButton(user_id, page + 1, "next", disabled=page + 1 >= pages)
        )
        return embed, view


async def setup(bot: CasinoBot) -> None:
    bot.add_dynamic_items(GiveButton, HistoryPageButton)
    await bot.add_cog(Economy(bot))
