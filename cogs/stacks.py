"""Table stacks for the game cogs: buy in (or top up), leave with the stack, and show stacks.

Games played from table stacks (High Card Flush, Chinese Poker) call these from their own
commands, as the wallet games call ``act_at_game_table``:

    @hcf.command(name="buyin")
    async def buyin(self, interaction, amount: Chips) -> None:
        await buy_in_at_game_table(self.bot, interaction, "hcf", amount)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.tables.config import MAX_CHIPS
from cogs.common import check_amount, chips, game_table, left_table_text, reader
from cogs.tables import action_request

if TYPE_CHECKING:
    from bot.client import CasinoBot


async def buy_in_at_game_table(bot: CasinoBot, interaction: discord.Interaction, game: str,
                               amount: int) -> None:
    """Bring ``amount`` chips from the player's wallet to their stack at this channel's
    ``game`` table (seating them if needed), confirmed privately."""
    request = action_request(interaction, "buyin")
    game_table(bot, request.channel_id, game)
    amount = check_amount(amount, maximum=MAX_CHIPS)
    result = await bot.tables.buy_in(request.guild_id, request.channel_id, request.user_id,
                                     request.user_name, amount)
    w = reader(interaction)
    await interaction.response.send_message(w(
        "You brought {chips} to the table. Your stack: {stack}; your wallet: {wallet}.",
        chips=chips(result.amount, w), stack=chips(result.stack, w), wallet=chips(result.wallet, w)),
        ephemeral=True)


async def leave_game_table(bot: CasinoBot, interaction: discord.Interaction, game: str) -> None:
    """Stand up from this channel's ``game`` table; the stack goes back to the wallet now, or
    when the round the player is in ends (the reply says which)."""
    request = action_request(interaction, "leave")
    game_table(bot, request.channel_id, game)
    left = await bot.tables.leave(request.guild_id, request.channel_id, request.user_id)
    await interaction.response.send_message(left_table_text(left, reader(interaction)), ephemeral=True)


async def show_my_stack(bot: CasinoBot, interaction: discord.Interaction, game: str) -> None:
    """Tell the player privately how many chips they have at this channel's ``game`` table."""
    request = action_request(interaction, "stack")
    table = game_table(bot, request.channel_id, game)
    amount = bot.tables.seating.stack_of(table, request.user_id)
    w = reader(interaction)
    text = w("Your stack at this table: {chips}.", chips=chips(amount, w))
    if request.user_id not in table.seats:
        text += " " + w("You are not seated here.")
    await interaction.response.send_message(text, ephemeral=True)
