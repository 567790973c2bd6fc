"""``/<game> ...``: the base of a game's slash command group.

A game's group subclasses :class:`GameCommands` and declares one command per action, each
calling :meth:`GameCommands.act` with the action's typed argument, as the table's buttons do.
The group's name and description come from the game's declaration (:mod:`bot.catalog`) and
``/<game> rules`` is added here, and ``/<game> hint`` for a game the coach knows, so no game
declares them.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import catalog
from bot.coach.requests import COACHED_GAMES
from bot.tables.actions import NO_ARG, ActionArg
from cogs.coaching import hint_here
from cogs.tables import act_at_game_table, send_rules


class GameCommands(app_commands.Group):
    def __init__(self, key: str, *, description: str | None = None,
                 rules_description: str | None = None) -> None:
        """The group's ``description`` and ``/<key> rules``'s, where the game says more than
        "<game> at this channel's table." and "How <game> is played and paid here."."""
        self.game = catalog.declared(key)
        super().__init__(name=key, description=description or f"{self.game.name} at this channel's table.",
                         guild_only=True)
        # Added per instance: discord.py collects a Group's commands from the class that
        # declares them only, so a command declared here would hide the subclass's.
        self.add_command(_rules_command(self.game, rules_description))
        if key in COACHED_GAMES:
            self.add_command(_hint_command(self.game))

    async def act(self, interaction: discord.Interaction[Any], action: str,
                  arg: ActionArg = NO_ARG) -> None:
        await act_at_game_table(interaction.client, interaction, self.game.key, action, arg)


def _rules_command(game: catalog.GameDeclaration,
                   description: str | None) -> app_commands.Command[Any, ..., None]:
    async def rules(interaction: discord.Interaction[Any]) -> None:
        await send_rules(interaction.client, interaction, game.key)

    return app_commands.Command(name="rules", callback=rules,
                                description=description or f"How {game.name} is played and paid here.")


def _hint_command(game: catalog.GameDeclaration) -> app_commands.Command[Any, ..., None]:
    async def hint(interaction: discord.Interaction[Any]) -> None:
        await hint_here(interaction, game.key)

    return app_commands.Command(name="hint", callback=hint,
                                description="What each of your options is worth now, privately.")
