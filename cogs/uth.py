"""Ultimate Texas Hold'em slash commands: the same actions as the table's buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.uth.rules import RAISE_MULTIPLES
from bot.tables.actions import NO_ARG, ActionArg, Amount, Times
from bot.tables.config import MAX_CHIPS
from cogs.common import check_amount, number_choices
from cogs.tables import act_at_game_table, send_rules

if TYPE_CHECKING:
    from bot.client import CasinoBot

Chips = app_commands.Range[int, 1, MAX_CHIPS]
RAISE_CHOICES = number_choices(times for street in RAISE_MULTIPLES.values() for times in street)
"""Every street's multiples, from the engine (4, 3, 2, 1): the engine refuses one not open now."""


class UltimateTexasHoldem(commands.Cog):
    uth = app_commands.Group(name="uth", description="Ultimate Texas Hold'em at this channel's table.",
                             guild_only=True)

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot

    async def _act(self, interaction: discord.Interaction, action: str, arg: ActionArg = NO_ARG) -> None:
        await act_at_game_table(self.bot, interaction, "uth", action, arg)

    @uth.command(name="ante", description="Place (add to) your Ante; the Blind is placed with it.")
    @app_commands.describe(amount="Chips on the Ante (the same again goes on the Blind)")
    async def ante(self, interaction: discord.Interaction, amount: Chips) -> None:
        await self._act(interaction, "ante", Amount(check_amount(amount, maximum=MAX_CHIPS)))

    @uth.command(name="trips", description="Place the optional Trips bet (after your Ante).")
    async def trips(self, interaction: discord.Interaction, amount: Chips) -> None:
        await self._act(interaction, "trips", Amount(check_amount(amount, maximum=MAX_CHIPS)))

    @uth.command(name="raise", description="Raise: 4x or 3x pre-flop, 2x on the flop, 1x on the river.")
    @app_commands.choices(multiple=RAISE_CHOICES)
    async def raise_(self, interaction: discord.Interaction, multiple: int) -> None:
        await self._act(interaction, "raise", Times(multiple))

    @uth.command(name="check", description="Check (pre-flop or on the flop).")
    async def check(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "check")

    @uth.command(name="fold", description="Fold on the river (Ante and Blind are lost).")
    async def fold(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "fold")

    @uth.command(name="rebet", description="Repeat last round's bets.")
    async def rebet(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "rebet")

    @uth.command(name="double", description="Double your bets (once per round).")
    async def double(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "double")

    @uth.command(name="undo", description="Take back your last bet while the window is open.")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "undo")

    @uth.command(name="rules", description="How Ultimate Texas Hold'em is played and paid here.")
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(self.bot, interaction, "uth")


async def setup(bot: CasinoBot) -> None:
    await bot.add_cog(UltimateTexasHoldem(bot))
