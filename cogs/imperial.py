"""Imperial Poker slash commands: the same actions as the table's buttons, with amounts, and the
Draw with the cards named in text (the private card menu under "My cards" does the same)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.poker import Card
from bot.tables.adapter import Control, pick_arg
from bot.tables.config import MAX_CHIPS
from bot.tables.imperial import read_cards
from cogs.common import casino_embed, check_amount
from cogs.table_messages import TableButton
from cogs.tables import act_at_game_table, rules_text_here

if TYPE_CHECKING:
    from bot.client import CasinoBot

Chips = app_commands.Range[int, 1, MAX_CHIPS]
BoxNumber = Literal[1, 2, 3, 4]
GAME = "imperial"
EMBED_DESCRIPTION_LIMIT = 4096


class Imperial(commands.Cog):
    group = app_commands.Group(name="imperial", description="Imperial Poker at this channel's table.",
                               guild_only=True)

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot

    async def _act(self, interaction: discord.Interaction, action: str, arg: str = "") -> None:
        await act_at_game_table(self.bot, interaction, GAME, action, arg)

    @group.command(name="ante", description="Put (more) chips on a box's Ante.")
    @app_commands.describe(box="Box 1 to 4", amount="Chips on the Ante")
    async def ante(self, interaction: discord.Interaction, box: BoxNumber, amount: Chips) -> None:
        await self._act(interaction, "ante", f"{box}:{check_amount(amount, maximum=MAX_CHIPS)}")

    @group.command(name="bonus", description="Put an AA+ Bonus bet on a box that has an Ante.")
    async def bonus(self, interaction: discord.Interaction, box: BoxNumber, amount: Chips) -> None:
        await self._act(interaction, "bonus", f"{box}:{check_amount(amount, maximum=MAX_CHIPS)}")

    @group.command(name="open", description="Play 1 or 2 boxes open; other boxes with an Ante are blind.")
    @app_commands.describe(boxes="How many boxes you play open: 1 or 2")
    async def open_boxes(self, interaction: discord.Interaction, boxes: Literal[1, 2]) -> None:
        await self._act(interaction, "open", str(boxes))

    @group.command(name="buy", description="Buy a sixth card for the box on turn (1 Ante).")
    async def buy(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "buy")

    @group.command(name="draw", description="Exchange cards of the box on turn (1 Ante; the k-th "
                                            "one-card Draw in a row costs k Antes).")
    @app_commands.describe(cards="The cards to give up, e.g. As Kd (My cards shows your hand)")
    async def draw(self, interaction: discord.Interaction,
                   cards: app_commands.Range[str, 1, 60]) -> None:
        chosen = read_cards(cards)
        if not chosen:
            raise UserError("Name the cards to exchange, e.g. `As Kd`.")
        if await self._warned_of_last_card(interaction, chosen):
            return
        await self._act(interaction, "draw", pick_arg(chosen))

    async def _warned_of_last_card(self, interaction: discord.Interaction, chosen: list[Card]) -> bool:
        """Before a Draw takes the last card left to draw, ask again with a Draw button (seed
        point 18: "erhält er eine Warnmeldung"). True when the player was asked."""
        table = self.bot.tables.table_in(interaction.channel_id or 0)
        if table is None or table.adapter.game != GAME or table.round is None:
            return False  # the action itself says what is wrong
        adapter = table.adapter
        if interaction.user.id not in table.seats:
            return False
        preview = adapter.pick_preview(table.round.state, interaction.user.id, chosen)
        if preview.warning is None:
            return False
        view = discord.ui.View(timeout=None)
        view.add_item(TableButton(table.id, table.round.id, table.version,
                                  Control("Draw", "draw", pick_arg(chosen), "danger")))
        await interaction.response.send_message(f"{preview.warning}\n{preview.text}", ephemeral=True,
                                                view=view)
        return True

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

    @group.command(name="exchange", description="Pick (or unpick) an open box for the dealer's exchange.")
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

    @group.command(name="rules", description="How Imperial Poker is played and paid here, with our figures.")
    async def rules(self, interaction: discord.Interaction) -> None:
        text = rules_text_here(self.bot, interaction, GAME)
        embeds = [casino_embed("Imperial Poker" if index == 0 else "Imperial Poker (continued)", part)
                  for index, part in enumerate(split_lines(text, EMBED_DESCRIPTION_LIMIT))]
        await interaction.response.send_message(embeds=embeds, ephemeral=True)


def split_lines(text: str, limit: int) -> list[str]:
    """``text`` in parts of at most ``limit`` characters, cut between lines (the rules page is
    longer than one embed may be)."""
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            parts.append(current)
        while len(line) > limit:
            parts.append(line[:limit])
            line = line[limit:]
        current = line
    return [*parts, current] if current else parts


async def setup(bot: CasinoBot) -> None:
    await bot.add_cog(Imperial(bot))
