"""Three Card Poker slash commands: the same actions as the table's buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.tables.actions import Amount
from bot.tables.config import MAX_CHIPS
from cogs.common import check_amount
from cogs.game_commands import GameCommands

if TYPE_CHECKING:
    from bot.client import CasinoBot

GAME = "threecard"
Chips = app_commands.Range[int, 1, MAX_CHIPS]


class ThreeCardCommands(GameCommands):
    """``/threecard ante|pairplus|play|fold|rebet|undo|clear|rules``."""

    @app_commands.command(name="ante", description="Place (add to) your Ante.")
    @app_commands.describe(amount="Chips on the Ante (Play, if you play, is the same again)")
    async def ante(self, interaction: discord.Interaction[Any], amount: Chips) -> None:
        await self.act(interaction, "ante", Amount(check_amount(amount, maximum=MAX_CHIPS)))

    @app_commands.command(name="pairplus", description="Place the optional Pair Plus bet (after your Ante).")
    @app_commands.describe(amount="Chips on Pair Plus (paid on your three cards alone)")
    async def pair_plus(self, interaction: discord.Interaction[Any], amount: Chips) -> None:
        await self.act(interaction, "pairplus", Amount(check_amount(amount, maximum=MAX_CHIPS)))

    @app_commands.command(name="play", description="Play your hand: a Play bet equal to your Ante.")
    async def play(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "play")

    @app_commands.command(name="fold", description="Fold your hand (the Ante is lost; Pair Plus stands).")
    async def fold(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "fold")

    @app_commands.command(name="rebet", description="Repeat last round's bets.")
    async def rebet(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "rebet")

    @app_commands.command(name="undo", description="Take back your last bet while the window is open.")
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "undo")

    @app_commands.command(name="clear", description="Take back all your bets while the window is open.")
    async def clear(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "clear")


async def setup(bot: CasinoBot) -> None:
    bot.tree.add_command(ThreeCardCommands(GAME))


async def teardown(bot: CasinoBot) -> None:
    bot.tree.remove_command(GAME)
