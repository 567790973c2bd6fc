"""2 Plus 4 Poker slash commands: the same actions as the table's buttons, with amounts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.tables.config import MAX_CHIPS
from cogs.common import casino_embed, check_amount
from cogs.tables import act_at_game_table, rules_text_here

if TYPE_CHECKING:
    from bot.client import CasinoBot

Chips = app_commands.Range[int, 1, MAX_CHIPS]
BoxNumber = Literal[1, 2, 3, 4]
GAME = "twoplusfour"


class TwoPlusFour(commands.Cog):
    group = app_commands.Group(name="twoplusfour", description="2 Plus 4 Poker at this channel's table.",
                               guild_only=True)

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot

    async def _act(self, interaction: discord.Interaction, action: str, arg: str = "") -> None:
        await act_at_game_table(self.bot, interaction, GAME, action, arg)

    @group.command(name="ante", description="Put (more) chips on a box's Ante.")
    @app_commands.describe(box="Box 1 to 4", amount="Chips on the Ante")
    async def ante(self, interaction: discord.Interaction, box: BoxNumber, amount: Chips) -> None:
        await self._act(interaction, "ante", f"{box}:{check_amount(amount, maximum=MAX_CHIPS)}")

    @group.command(name="bonus", description="Put a Bonus bet on a box (with or instead of an Ante).")
    async def bonus(self, interaction: discord.Interaction, box: BoxNumber, amount: Chips) -> None:
        await self._act(interaction, "bonus", f"{box}:{check_amount(amount, maximum=MAX_CHIPS)}")

    @group.command(name="open", description="Play 1 or 2 boxes open; other boxes with an Ante are blind.")
    @app_commands.describe(boxes="How many boxes you play open: 1 or 2")
    async def open_boxes(self, interaction: discord.Interaction, boxes: Literal[1, 2]) -> None:
        await self._act(interaction, "open", str(boxes))

    @group.command(name="buy", description="Buy a sixth card for the box on turn (1 Ante).")
    async def buy(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "buy")

    @group.command(name="bet", description="Bet (2 x Ante) on the box on turn, with optional insurance.")
    @app_commands.describe(insurance="Chips of insurance bought with the Bet (three of a kind or better)")
    async def bet(self, interaction: discord.Interaction,
                  insurance: app_commands.Range[int, 0, MAX_CHIPS] = 0) -> None:
        if insurance < 0 or insurance > MAX_CHIPS:
            raise UserError(f"Insurance must be from 0 to {MAX_CHIPS:,} chips.")
        await self._act(interaction, "bet", str(insurance))

    @group.command(name="fold", description="Fold the box on turn (its Ante is lost).")
    async def fold(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "fold")

    @group.command(name="insurance", description="Insure a box whose BET is already placed.")
    async def insurance(self, interaction: discord.Interaction, box: BoxNumber, amount: Chips) -> None:
        await self._act(interaction, "insure", f"{box}:{check_amount(amount, maximum=MAX_CHIPS)}")

    @group.command(name="exchange", description="Pick (or unpick) a box for the dealer's card exchange.")
    async def exchange(self, interaction: discord.Interaction, box: BoxNumber) -> None:
        await self._act(interaction, "exchange", str(box))

    @group.command(name="goon", description="Go on: past insurance, or confirm the exchange.")
    async def goon(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "goon")

    @group.command(name="rebet", description="Repeat last round's boxes; again: add them once more.")
    async def rebet(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "rebet")

    @group.command(name="undo", description="Take back your last placement while bets are open.")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "undo")

    @group.command(name="rules", description="How 2 Plus 4 Poker is played and paid here, with our figures.")
    async def rules(self, interaction: discord.Interaction) -> None:
        text = rules_text_here(self.bot, interaction, GAME)
        await interaction.response.send_message(embed=casino_embed("2 Plus 4 Poker", text),
                                                ephemeral=True)


async def setup(bot: CasinoBot) -> None:
    await bot.add_cog(TwoPlusFour(bot))
