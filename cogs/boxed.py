"""The slash commands of the boxed games (2 Plus 4 and Imperial Poker): the same actions as the
table's buttons, with amounts and box numbers. One group class serves both games; where they
differ it reads the game's own data (a bonus that needs an Ante, which boxes may exchange), and
Imperial adds its Draw (``cogs/imperial.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.errors import UserError
from bot.games.boxed.rules import BoxedGame
from bot.tables.actions import Amount, BoxAmount, BoxNumber, Times
from bot.tables.config import MAX_CHIPS
from cogs.common import check_amount
from cogs.game_commands import GameCommands

if TYPE_CHECKING:
    from bot.client import CasinoBot

Chips = app_commands.Range[int, 1, MAX_CHIPS]
BoxChoice = Literal[1, 2, 3, 4]


class BoxedCommands(GameCommands):
    """``/<game> ante|bonus|open|buy|bet|fold|insurance|exchange|goon|rebet|undo|rules``."""

    @app_commands.command(name="ante", description="Put (more) chips on a box's Ante.")
    @app_commands.describe(box="Box 1 to 4", amount="Chips on the Ante")
    async def ante(self, interaction: discord.Interaction[Any], box: BoxChoice, amount: Chips) -> None:
        await self.act(interaction, "ante", BoxAmount(box, check_amount(amount, maximum=MAX_CHIPS)))

    @app_commands.command(name="open",
                          description="Play 1 or 2 boxes open; other boxes with an Ante are blind.")
    @app_commands.describe(boxes="How many boxes you play open: 1 or 2")
    async def open_boxes(self, interaction: discord.Interaction[Any], boxes: Literal[1, 2]) -> None:
        await self.act(interaction, "open", Times(boxes))

    @app_commands.command(name="buy", description="Buy a sixth card for the box on turn (1 Ante).")
    async def buy(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "buy")

    @app_commands.command(name="bet",
                          description="Bet (2 x Ante) on the box on turn, with optional insurance.")
    @app_commands.describe(insurance="Chips of insurance bought with the Bet (three of a kind or better)")
    async def bet(self, interaction: discord.Interaction[Any],
                  insurance: app_commands.Range[int, 0, MAX_CHIPS] = 0) -> None:
        if not 0 <= insurance <= MAX_CHIPS:
            raise UserError("Insurance must be from 0 to {maximum} chips.", maximum=MAX_CHIPS)
        await self.act(interaction, "bet", Amount(insurance))

    @app_commands.command(name="fold", description="Fold the box on turn (its Ante is lost).")
    async def fold(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "fold")

    @app_commands.command(name="insurance", description="Insure a box whose BET is already placed.")
    async def insurance(self, interaction: discord.Interaction[Any], box: BoxChoice, amount: Chips) -> None:
        await self.act(interaction, "insure", BoxAmount(box, check_amount(amount, maximum=MAX_CHIPS)))

    @app_commands.command(name="goon", description="Go on: past insurance, or confirm the exchange.")
    async def goon(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "goon")

    @app_commands.command(name="rebet",
                          description="Repeat last round's boxes; again: add them once more.")
    async def rebet(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "rebet")

    @app_commands.command(name="undo", description="Take back your last placement while bets are open.")
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "undo")


def game_commands(group: BoxedCommands, game: BoxedGame) -> BoxedCommands:
    """Add the commands whose description the game's data decides (its bonus and exchange),
    each described once, so Discord gets the one text in every language."""

    @app_commands.describe(box="Box 1 to 4", amount="Chips on the Bonus")
    async def bonus(interaction: discord.Interaction[Any], box: BoxChoice, amount: Chips) -> None:
        await group.act(interaction, "bonus", BoxAmount(box, check_amount(amount, maximum=MAX_CHIPS)))

    async def exchange(interaction: discord.Interaction[Any], box: BoxChoice) -> None:
        await group.act(interaction, "exchange", BoxNumber(box))

    group.add_command(app_commands.Command(
        name="bonus", callback=bonus,
        description=("Put an AA+ Bonus bet on a box that has an Ante." if game.bonus_needs_ante
                     else "Put a Bonus bet on a box (with or instead of an Ante).")))
    group.add_command(app_commands.Command(
        name="exchange", callback=exchange,
        description=("Pick (or unpick) an open box for the dealer's card exchange."
                     if game.exchange.boxes == "open"
                     else "Pick (or unpick) a box (blind ones too) for the dealer's card exchange.")))
    return group


async def add_boxed_commands(bot: CasinoBot, group: BoxedCommands, game: BoxedGame) -> None:
    """The game's commands, described from its engine's data (``game``)."""
    bot.tree.add_command(game_commands(group, game))
