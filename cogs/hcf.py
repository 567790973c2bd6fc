"""High Card Flush slash commands: table stacks (buy in, stack, leave), the bank offer, bets and
decisions, and the rules. The table message carries the same actions as buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.errors import UserError
from bot.games.hcf.hands import RAISE_MULTIPLES
from bot.tables.actions import Amount, Bonuses, Times
from bot.tables.config import MAX_CHIPS
from cogs.common import check_amount, number_choices
from cogs.game_commands import GameCommands
from cogs.stacks import buy_in_at_game_table, leave_game_table, show_my_stack

if TYPE_CHECKING:
    from bot.client import CasinoBot

Chips = app_commands.Range[int, 1, MAX_CHIPS]
GAME = "hcf"


class HighCardFlushCommands(GameCommands):
    """``/hcf buyin|stack|leave|deal|bank|ante|bonus|rebet|clear|raise|fold|rules``."""

    def __init__(self) -> None:
        super().__init__(
            GAME, description="High Card Flush, banked by a player, at this channel's table.",
            rules_description="How High Card Flush is played, banked, raked and paid here, with our figures.")

    @app_commands.command(name="buyin", description="Bring chips from your wallet to your stack here "
                                             "(between your hands).")
    @app_commands.describe(amount="Chips to bring to the table")
    async def buyin(self, interaction: discord.Interaction[Any], amount: Chips) -> None:
        await buy_in_at_game_table(interaction.client, interaction, GAME, amount)

    @app_commands.command(name="stack", description="Your chips at this table.")
    async def stack(self, interaction: discord.Interaction[Any]) -> None:
        await show_my_stack(interaction.client, interaction, GAME)

    @app_commands.command(name="leave", description="Leave the table; your stack goes back to your wallet.")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await leave_game_table(interaction.client, interaction, GAME)

    @app_commands.command(name="deal", description="Start the next hand: the bank is offered first.")
    async def deal(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "start")

    @app_commands.command(name="bank", description="Accept or decline the bank (the designated player "
                                            "role) when it is offered to you.")
    async def bank(self, interaction: discord.Interaction[Any],
                   choice: Literal["accept", "decline"]) -> None:
        await self.act(interaction, choice)

    @app_commands.command(name="ante", description="Place (or change) your Ante.")
    @app_commands.describe(amount="Chips on the Ante")
    async def ante(self, interaction: discord.Interaction[Any], amount: Chips) -> None:
        await self.act(interaction, "ante", Amount(check_amount(amount, maximum=MAX_CHIPS)))

    @app_commands.command(name="bonus", description="Place the Straight Flush and/or Flush bonus (after "
                                             "your Ante).")
    @app_commands.describe(straight_flush="Chips on the Straight Flush bonus",
                           flush="Chips on the Flush bonus")
    async def bonus(self, interaction: discord.Interaction[Any], straight_flush: Chips | None = None,
                    flush: Chips | None = None) -> None:
        if straight_flush is None and flush is None:
            raise UserError("Name a Straight Flush bonus, a Flush bonus or both.")
        await self.act(interaction, "bonus", Bonuses(
            *(None if amount is None else check_amount(amount, maximum=MAX_CHIPS)
              for amount in (straight_flush, flush))))

    @app_commands.command(name="rebet", description="Repeat last round's bets.")
    async def rebet(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "rebet")

    @app_commands.command(name="clear", description="Take your bets back while bets are open.")
    async def clear(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "clear")

    @app_commands.command(name="raise", description="Raise 1x (a flush of 4 or fewer), up to 2x (5) or "
                                             "3x (6 or 7) your Ante.")
    @app_commands.choices(multiple=number_choices(RAISE_MULTIPLES))
    async def raise_(self, interaction: discord.Interaction[Any], multiple: int) -> None:
        await self.act(interaction, "raise", Times(multiple))

    @app_commands.command(name="fold", description="Fold: your Ante and bonuses are lost.")
    async def fold(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "fold")


async def setup(bot: CasinoBot) -> None:
    bot.tree.add_command(HighCardFlushCommands())


async def teardown(bot: CasinoBot) -> None:
    bot.tree.remove_command(GAME)
