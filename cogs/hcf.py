"""High Card Flush slash commands: table stacks (buy in, stack, leave), the bank offer, bets and
decisions, and the rules. The table message carries the same actions as buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.games.hcf.hands import RAISE_MULTIPLES
from bot.tables.actions import NO_ARG, ActionArg, Amount, Bonuses, Times
from bot.tables.config import MAX_CHIPS
from cogs.common import check_amount, number_choices
from cogs.stacks import buy_in_at_game_table, leave_game_table, show_my_stack
from cogs.tables import act_at_game_table, send_rules

if TYPE_CHECKING:
    from bot.client import CasinoBot

Chips = app_commands.Range[int, 1, MAX_CHIPS]
GAME = "hcf"


class HighCardFlush(commands.Cog):
    group = app_commands.Group(name="hcf", description="High Card Flush, banked by a player, at "
                                                       "this channel's table.", guild_only=True)

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot

    async def _act(self, interaction: discord.Interaction, action: str, arg: ActionArg = NO_ARG) -> None:
        await act_at_game_table(self.bot, interaction, GAME, action, arg)

    @group.command(name="buyin", description="Bring chips from your wallet to your stack here "
                                             "(between your hands).")
    @app_commands.describe(amount="Chips to bring to the table")
    async def buyin(self, interaction: discord.Interaction, amount: Chips) -> None:
        await buy_in_at_game_table(self.bot, interaction, GAME, amount)

    @group.command(name="stack", description="Your chips at this table.")
    async def stack(self, interaction: discord.Interaction) -> None:
        await show_my_stack(self.bot, interaction, GAME)

    @group.command(name="leave", description="Leave the table; your stack goes back to your wallet.")
    async def leave(self, interaction: discord.Interaction) -> None:
        await leave_game_table(self.bot, interaction, GAME)

    @group.command(name="deal", description="Start the next hand: the bank is offered first.")
    async def deal(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "start")

    @group.command(name="bank", description="Accept or decline the bank (the designated player "
                                            "role) when it is offered to you.")
    async def bank(self, interaction: discord.Interaction,
                   choice: Literal["accept", "decline"]) -> None:
        await self._act(interaction, choice)

    @group.command(name="ante", description="Place (or change) your Ante.")
    @app_commands.describe(amount="Chips on the Ante")
    async def ante(self, interaction: discord.Interaction, amount: Chips) -> None:
        await self._act(interaction, "ante", Amount(check_amount(amount, maximum=MAX_CHIPS)))

    @group.command(name="bonus", description="Place the Straight Flush and/or Flush bonus (after "
                                             "your Ante).")
    @app_commands.describe(straight_flush="Chips on the Straight Flush bonus",
                           flush="Chips on the Flush bonus")
    async def bonus(self, interaction: discord.Interaction, straight_flush: Chips | None = None,
                    flush: Chips | None = None) -> None:
        if straight_flush is None and flush is None:
            raise UserError("Name a Straight Flush bonus, a Flush bonus or both.")
        await self._act(interaction, "bonus", Bonuses(
            *(None if amount is None else check_amount(amount, maximum=MAX_CHIPS)
              for amount in (straight_flush, flush))))

    @group.command(name="rebet", description="Repeat last round's bets.")
    async def rebet(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "rebet")

    @group.command(name="clear", description="Take your bets back while bets are open.")
    async def clear(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "clear")

    @group.command(name="raise", description="Raise 1x (a flush of 4 or fewer), up to 2x (5) or "
                                             "3x (6 or 7) your Ante.")
    @app_commands.choices(multiple=number_choices(RAISE_MULTIPLES))
    async def raise_(self, interaction: discord.Interaction, multiple: int) -> None:
        await self._act(interaction, "raise", Times(multiple))

    @group.command(name="fold", description="Fold: your Ante and bonuses are lost.")
    async def fold(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "fold")

    @group.command(name="rules", description="How High Card Flush is played, banked, raked and "
                                             "paid here, with our figures.")
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(self.bot, interaction, GAME)


async def setup(bot: CasinoBot) -> None:
    await bot.add_cog(HighCardFlush(bot))
