"""A test-only extension: /pot commands for the "Pot" stack game, built from cogs.stacks the way
the High Card Flush and Chinese Poker cogs use it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables.actions import Amount
from bot.tables.config import MAX_CHIPS
from cogs.stacks import buy_in_at_game_table, leave_game_table, show_my_stack
from cogs.tables import act_at_game_table
from tests.stack_game import PotAdapter

if TYPE_CHECKING:
    from bot.client import CasinoBot

Chips = app_commands.Range[int, 1, MAX_CHIPS]


class PotCog(commands.Cog):
    pot = app_commands.Group(name="pot", description="The test stack game.", guild_only=True)

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot

    @pot.command(name="buyin", description="Bring chips to the table.")
    async def buyin(self, interaction: discord.Interaction, amount: Chips) -> None:
        await buy_in_at_game_table(self.bot, interaction, "pot", amount)

    @pot.command(name="ante", description="Put chips in the pot.")
    async def ante(self, interaction: discord.Interaction, amount: Chips) -> None:
        await act_at_game_table(self.bot, interaction, "pot", "ante", Amount(amount))

    @pot.command(name="leave", description="Leave with your stack.")
    async def leave(self, interaction: discord.Interaction) -> None:
        await leave_game_table(self.bot, interaction, "pot")

    @pot.command(name="stack", description="Your chips at this table.")
    async def stack(self, interaction: discord.Interaction) -> None:
        await show_my_stack(self.bot, interaction, "pot")


async def setup(bot: CasinoBot) -> None:
    bot.tables.adapters["pot"] = PotAdapter()
    await bot.add_cog(PotCog(bot))
