"""Ultimate Texas Hold'em slash commands: the same actions as the table's buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.games.uth.rules import RAISE_MULTIPLES
from bot.tables.actions import Amount, Times
from bot.tables.config import MAX_CHIPS
from cogs.common import check_amount, number_choices
from cogs.game_commands import GameCommands

if TYPE_CHECKING:
    from bot.client import CasinoBot

GAME = "uth"
Chips = app_commands.Range[int, 1, MAX_CHIPS]
RAISE_CHOICES = number_choices(times for street in RAISE_MULTIPLES.values() for times in street)
"""Every street's multiples, from the engine (4, 3, 2, 1): the engine refuses one not open now."""


class UltimateTexasHoldemCommands(GameCommands):
    """``/uth ante|trips|raise|check|fold|rebet|double|undo|clear|rules``."""

    @app_commands.command(name="ante", description="Place (add to) your Ante; the Blind is placed with it.")
    @app_commands.describe(amount="Chips on the Ante (the same again goes on the Blind)")
    async def ante(self, interaction: discord.Interaction[Any], amount: Chips) -> None:
        await self.act(interaction, "ante", Amount(check_amount(amount, maximum=MAX_CHIPS)))

    @app_commands.command(name="trips", description="Place the optional Trips bet (after your Ante).")
    async def trips(self, interaction: discord.Interaction[Any], amount: Chips) -> None:
        await self.act(interaction, "trips", Amount(check_amount(amount, maximum=MAX_CHIPS)))

    @app_commands.command(name="raise",
                          description="Raise: 4x or 3x pre-flop, 2x on the flop, 1x on the river.")
    @app_commands.choices(multiple=RAISE_CHOICES)
    async def raise_(self, interaction: discord.Interaction[Any], multiple: int) -> None:
        await self.act(interaction, "raise", Times(multiple))

    @app_commands.command(name="check", description="Check (pre-flop or on the flop).")
    async def check(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "check")

    @app_commands.command(name="fold", description="Fold on the river (Ante and Blind are lost).")
    async def fold(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "fold")

    @app_commands.command(name="rebet", description="Repeat last round's bets.")
    async def rebet(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "rebet")

    @app_commands.command(name="double", description="Double your bets (once per round).")
    async def double(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "double")

    @app_commands.command(name="undo", description="Take back your last bet while the window is open.")
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "undo")


async def setup(bot: CasinoBot) -> None:
    bot.tree.add_command(UltimateTexasHoldemCommands(GAME))


async def teardown(bot: CasinoBot) -> None:
    bot.tree.remove_command(GAME)
