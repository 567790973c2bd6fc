"""Economy commands: /balance, /daily, /give, /history (/leaderboard and /stats: cogs.standings)."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import catalog
from bot.errors import UserError
from bot.i18n import Command, Words
from bot.store import MAX_AMOUNT, InsufficientFunds
from cogs.common import (
    ENGLISH,
    casino_embed,
    check_amount,
    chips,
    duration_text,
    guarded,
    guild_id_of,
    reader,
    relative_time,
    server_words,
    signed_chips,
)

if TYPE_CHECKING:
    from bot.client import CasinoBot

log = logging.getLogger(__name__)

GIVE_OFFER_SECONDS = 120
HISTORY_PAGE_SIZE = 5

Amount = app_commands.Range[int, 1, MAX_AMOUNT]


def economy_cog(interaction: discord.Interaction[CasinoBot]) -> Economy:
    cog = interaction.client.get_cog("Economy")
    if not isinstance(cog, Economy):
        raise UserError("The economy is being restarted; try again in a moment.")
    return cog


class GiveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=(
    r"give:(?P<answer>ok|no):(?P<giver>\d+):(?P<target>\d+):(?P<amount>\d+):(?P<expires>\d+)"
)):
    """Confirm or cancel a /give. Everything it needs is in its custom id, so it survives a
    restart; the balance is checked again (by the store) when it is pressed."""

    def __init__(self, answer: str, giver: int, target: int, amount: int, expires: int,
                 w: Words = ENGLISH) -> None:
        self.answer, self.giver, self.target = answer, giver, target
        self.amount, self.expires = amount, expires
        confirm = self.accepts
        super().__init__(
            discord.ui.Button(
                label=w("Confirm") if confirm else w("Cancel"),
                style=discord.ButtonStyle.success if confirm else discord.ButtonStyle.secondary,
                custom_id=f"give:{answer}:{giver}:{target}:{amount}:{expires}",
            )
        )

    @property
    def accepts(self) -> bool:
        """Confirm ("ok"), or cancel ("no")."""
        return self.answer == "ok"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GiveButton:
        groups = match.groupdict()
        return cls(groups["answer"], int(groups["giver"]), int(groups["target"]),
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

    def __init__(self, user_id: int, page: int, direction: str, *, disabled: bool = False,
                 w: Words = ENGLISH) -> None:
        self.user_id, self.page, self.direction = user_id, page, direction
        super().__init__(
            discord.ui.Button(
                label=w("Newer") if direction == "prev" else w("Older"),
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
            raise UserError("That is someone else's history; use {history} to see yours.",
                            history=Command("history"))
        cog = economy_cog(interaction)
        embed, view = await cog.history_page(guild_id_of(interaction), self.user_id, self.page,
                                             reader(interaction))
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
        w = reader(interaction)
        if who.id == interaction.user.id:
            text = w("You have **{chips}**.", chips=chips(amount, w))
        else:
            text = w("{member} has **{chips}**.", member=who.mention, chips=chips(amount, w))
        await interaction.response.send_message(embed=casino_embed(w("Balance"), text), ephemeral=True)

    @app_commands.command(name="daily", description="Claim your daily chips.")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        guild_id = guild_id_of(interaction)
        now = self.now()
        claim = await self.bot.store.claim_daily(guild_id, interaction.user.id, now=now)
        if not claim.claimed:
            w = reader(interaction)
            raise UserError(
                "You already claimed your daily chips. Next claim in **{wait}** ({when}). "
                "Balance: {chips}.", wait=duration_text(claim.next_claim_at - now, w),
                when=relative_time(claim.next_claim_at), chips=chips(claim.balance, w))
        w = await server_words(interaction)  # a public announcement
        embed = casino_embed(w("Daily chips"), w(
            "{member} claimed **{chips}**. Balance: {balance}.\nNext claim {when}.",
            member=interaction.user.mention, chips=chips(claim.amount, w),
            balance=chips(claim.balance, w), when=relative_time(claim.next_claim_at)))
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
        w = reader(interaction)
        if amount > balance:
            raise UserError("You only have {balance}, so you can't give {chips}.",
                            balance=chips(balance, w), chips=chips(amount, w))
        expires = int(self.now()) + GIVE_OFFER_SECONDS
        view = discord.ui.View(timeout=None)
        for answer in ("ok", "no"):
            view.add_item(GiveButton(answer, interaction.user.id, member.id, amount, expires, w))
        embed = casino_embed(w("Confirm gift"), w(
            "Give **{chips}** to {member}?\nThis offer expires {when}.",
            chips=chips(amount, w), member=member.mention, when=relative_time(expires)))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def settle_give_offer(self, interaction: discord.Interaction, offer: GiveButton) -> None:
        message_id = interaction.message.id if interaction.message else 0
        w = reader(interaction)
        async with self._offer_lock:
            if message_id in self._settled_offers:
                raise UserError("This gift was already confirmed or cancelled.")
            if not offer.accepts:
                self._settled_offers.add(message_id)
                await interaction.response.edit_message(
                    embed=casino_embed(w("Gift cancelled"), w("No chips moved.")), view=None
                )
                return
            if self.now() > offer.expires:
                self._settled_offers.add(message_id)
                raise UserError("This offer expired; use {give} again.", give=Command("give"))
            guild_id = guild_id_of(interaction)
            try:
                giver_balance, _ = await self.bot.store.give(
                    guild_id, offer.giver, offer.target, offer.amount
                )
            except InsufficientFunds as error:
                raise UserError(
                    "You now have only {balance}, not enough to give {chips}. Nothing was sent.",
                    balance=chips(error.balance, w), chips=chips(offer.amount, w)) from error
            self._settled_offers.add(message_id)
        await interaction.response.edit_message(
            embed=casino_embed(w("Gift sent"), w(
                "You gave **{chips}** to {member}. Your balance: {balance}.",
                chips=chips(offer.amount, w), member=f"<@{offer.target}>",
                balance=chips(giver_balance, w))),
            view=None,
        )
        public = await server_words(interaction)
        await interaction.followup.send(public(
            "{giver} gave **{chips}** to {member}.", giver=f"<@{offer.giver}>",
            chips=chips(offer.amount, public), member=f"<@{offer.target}>"))

    @app_commands.command(name="history", description="Your last rounds, newest first.")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        embed, view = await self.history_page(guild_id_of(interaction), interaction.user.id, 0,
                                              reader(interaction))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def history_page(
        self, guild_id: int, user_id: int, page: int, w: Words
    ) -> tuple[discord.Embed, discord.ui.View]:
        rows, total = await self.bot.store.history(
            guild_id, user_id, offset=page * HISTORY_PAGE_SIZE, limit=HISTORY_PAGE_SIZE
        )
        pages = max(1, -(-total // HISTORY_PAGE_SIZE))
        lines = [
            w("**#{round}** {game}: wagered {wagered}, returned {returned} (**{net}**) {when}",
              round=str(row.round_id), game=catalog.game_name(row.game), wagered=row.wagered,
              returned=row.returned, net=signed_chips(row.net, w), when=relative_time(row.settled_at))
            for row in rows
        ] or [w("You have not finished a round here yet.")]
        embed = casino_embed(w("Your rounds"), "\n".join(lines))
        embed.set_footer(text=w("Page {page} of {pages} · {round} shows one round", page=page + 1,
                                pages=pages, round=Command("round", number=...)))
        view = discord.ui.View(timeout=None)
        view.add_item(HistoryPageButton(user_id, max(page - 1, 0), "prev", disabled=page == 0, w=w))
        view.add_item(HistoryPageButton(user_id, page + 1, "next", disabled=page + 1 >= pages, w=w))
        return embed, view


async def setup(bot: CasinoBot) -> None:
    bot.add_dynamic_items(GiveButton, HistoryPageButton)
    await bot.add_cog(Economy(bot))
