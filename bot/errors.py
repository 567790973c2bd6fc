"""Errors a player can cause, and the one place that turns any error into a friendly reply."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.games.common import RuleError
from bot.store import StoreError
from bot.tables.errors import TableError

log = logging.getLogger(__name__)

UNEXPECTED = (
    "Something went wrong on our side and nothing was changed. "
    "The error has been logged; please try again in a moment."
)


class UserError(Exception):
    """A request the bot refuses on purpose; ``str(error)`` is shown to the user as it is."""


def friendly_message(error: BaseException) -> tuple[str, bool]:
    """Return ``(message, expected)``; unexpected errors are logged with their traceback."""
    if isinstance(error, app_commands.CommandInvokeError):
        return friendly_message(error.original)
    if isinstance(error, app_commands.TransformerError):
        return f"`{error.value}` is not a valid value for that option.", True
    if isinstance(error, (UserError, StoreError, RuleError, TableError)):
        return str(error), True
    if isinstance(error, app_commands.MissingPermissions):
        needed = ", ".join(_permission_name(p) for p in error.missing_permissions)
        return f"You need the **{needed}** permission to do that.", True
    if isinstance(error, app_commands.NoPrivateMessage):
        return "This command only works in a server channel.", True
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {error.retry_after:.0f} s.", True
    if isinstance(error, app_commands.CheckFailure):
        return "You can't use this command here.", True
    if isinstance(error, app_commands.CommandNotFound):
        return "That command is not available any more; it may have just been updated.", True
    return UNEXPECTED, False


async def reply_with_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``interaction`` ephemerally with a friendly text, whatever state it is in."""
    message, expected = friendly_message(error)
    if expected:
        log.info("Refused %s for user %s: %s", _describe(interaction), interaction.user.id, message)
    else:
        log.error("Error in %s", _describe(interaction), exc_info=error)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
    except discord.HTTPException:
        log.warning("Could not deliver an error reply for %s", _describe(interaction))


# Discord's client shows these names, not the API's.
PERMISSION_NAMES = {"manage_guild": "Manage Server", "manage_channels": "Manage Channels"}


def _permission_name(permission: str) -> str:
    return PERMISSION_NAMES.get(permission, permission.replace("_", " ").title())


def _describe(interaction: discord.Interaction) -> str:
    command = interaction.command
    if command is not None:
        return f"/{command.qualified_name}"
    data: Mapping[str, Any] = interaction.data or {}
    return f"component {data.get('custom_id', '?')}"
