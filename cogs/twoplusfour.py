"""2 Plus 4 Poker slash commands: the boxed games' commands (``cogs/boxed.py``) for this game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.twoplusfour import TWO_PLUS_FOUR
from cogs.boxed import BoxedCommands, add_boxed_commands

if TYPE_CHECKING:
    from bot.client import CasinoBot

GAME = "twoplusfour"


async def setup(bot: CasinoBot) -> None:
    await add_boxed_commands(bot, BoxedCommands(GAME), TWO_PLUS_FOUR)


async def teardown(bot: CasinoBot) -> None:
    bot.tree.remove_command(GAME)
