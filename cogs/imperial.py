"""Imperial Poker slash commands: the boxed games' commands (``cogs/boxed.py``) and the Draw with
the cards named in text (the private card menu under "Draw cards" does the same)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.errors import UserError
from bot.games.imperial import rules as imperial_rules
from bot.tables.actions import CardList
from bot.tables.adapter import button
from bot.tables.wording import IMPERIAL
from cogs.boxed import BoxedCommands, add_boxed_commands
from cogs.common import reader
from cogs.table_button import TableButton

if TYPE_CHECKING:
    from bot.client import CasinoBot

GAME = "imperial"


@app_commands.command(name="draw", description="Exchange cards of the box on turn (1 Ante; the k-th "
                                               "one-card Draw in a row costs k Antes).")
@app_commands.describe(cards="The cards to give up, e.g. As Kd (My cards shows your hand)")
async def draw(interaction: discord.Interaction[Any], cards: app_commands.Range[str, 1, 60]) -> None:
    chosen = CardList.read(cards)
    if not chosen.cards:
        raise UserError("Name the cards to exchange, e.g. `As Kd`.")
    if await warned_of_last_card(interaction, chosen):
        return
    group = interaction.client.tree.get_command(GAME)
    assert isinstance(group, BoxedCommands)
    await group.act(interaction, "draw", chosen)


async def warned_of_last_card(interaction: discord.Interaction[Any], chosen: CardList) -> bool:
    """Before a Draw takes the last card left to draw, ask again with a Draw button (seed point
    18: "erhält er eine Warnmeldung"). True when the player was asked."""
    table = interaction.client.tables.table_in(interaction.channel_id or 0)
    if table is None or table.adapter.info.key != GAME or table.round is None \
            or interaction.user.id not in table.seats:
        return False  # the action itself says what is wrong
    preview = table.adapter.pick_preview(table.round.state, interaction.user.id, chosen.cards,
                                         reader(interaction))
    if preview.warning is None:
        return False
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton.of(table.id, table.round.id, table.version,
                                 button(IMPERIAL, reader(interaction), "draw", chosen, "danger")))
    await interaction.response.send_message(f"{preview.warning}\n{preview.text}", ephemeral=True,
                                            view=view)
    return True


async def setup(bot: CasinoBot) -> None:
    group = BoxedCommands(GAME)
    group.add_command(draw)
    await add_boxed_commands(bot, group, imperial_rules.IMPERIAL)


async def teardown(bot: CasinoBot) -> None:
    bot.tree.remove_command(GAME)
