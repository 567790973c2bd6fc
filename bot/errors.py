"""Errors a player can cause, and the one place that turns any error into a friendly reply."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.i18n import N_, SOURCE_LANGUAGE, Refusal, Words, words, words_for

log = logging.getLogger(__name__)

UNEXPECTED = N_(
    "Something went wrong on our side and nothing was changed. "
    "The error has been logged; please try again in a moment."
)


class UserError(Refusal):
    """A request a cog refuses on purpose: a catalogue text and the values for its placeholders,
    which the reader sees in their language (``str(error)``: in English)."""

    def text(self, reader: Words) -> str:
        return reader(self.said)


def friendly_message(error: BaseException, reader: Words | None = None) -> tuple[str, bool]:
    """Return ``(message, expected)`` in the ``reader``'s language (English by default);
    unexpected errors are logged with their traceback."""
    w = reader or words(SOURCE_LANGUAGE)
    if isinstance(error, app_commands.CommandInvokeError):
        return friendly_message(error.original, reader)
    if isinstance(error, Refusal):  # the cogs', the rules', the tables' and the store's refusals
        return w(error.said), True
    if isinstance(error, app_commands.TransformerError):
        return w("`{value}` is not a valid value for that option.", value=str(error.value)), True
    if isinstance(error, app_commands.MissingPermissions):
        needed = ", ".join(w(_permission_name(p)) for p in error.missing_permissions)
        return w("You need the **{permission}** permission to do that.", permission=needed), True
    if isinstance(error, app_commands.NoPrivateMessage):
        return w("This command only works in a server channel."), True
    if isinstance(error, app_commands.CommandOnCooldown):
        return w("Slow down: try again in {seconds} s.", seconds=round(error.retry_after)), True
    if isinstance(error, app_commands.CheckFailure):
        return w("You can't use this command here."), True
    if isinstance(error, app_commands.CommandNotFound):
        return w("That command is not available any more; it may have just been updated."), True
    return w(UNEXPECTED), False


UNKNOWN_INTERACTION = 10062
"""Discord's answer to a first reply after its 3 seconds: the interaction is gone."""


def answered_too_late(error: BaseException) -> bool:
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


async def reply_with_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``interaction`` ephemerally with a friendly text in the user's language, whatever
    state it is in."""
    if answered_too_late(error):
        # Not a bug to trace: the bot was too slow (overloaded, or paused). What the action did
        # stands, and no reply can reach the player, whose client says "This interaction failed".
        log.warning("Answered %s for user %s after Discord's 3 seconds; what it did stands",
                    _describe(interaction), interaction.user.id)
        return
    message, expected = friendly_message(error, words_for(interaction.locale))
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
PERMISSION_NAMES = {"manage_guild": N_("Manage Server"), "manage_channels": N_("Manage Channels")}


def _permission_name(permission: str) -> str:
    return PERMISSION_NAMES.get(permission, permission.replace("_", " ").title())


def _describe(interaction: discord.Interaction) -> str:
    command = interaction.command
    if command is not None:
        return f"/{command.qualified_name}"
    data: Mapping[str, Any] = interaction.data or {}
    return f"component {data.get('custom_id', '?')}"
