"""What the bot needs in a table's channel, and how to tell players and admins when it lacks it.

Discord tells the bot its own permissions in the channel of every interaction
(``interaction.app_permissions``), so a press can name exactly what is missing; a refused
request (403) only says that something is.
"""

from __future__ import annotations

import discord

from bot.i18n import N_, Words
from cogs.common import ENGLISH, reader

POSTING_PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
    ("attach_files", N_("Attach Files")),
)
"""What posting a picture (an embed with an image) in a text channel takes; each with the name
Discord's client gives it."""
TABLE_PERMISSIONS: tuple[tuple[str, str], ...] = (
    *POSTING_PERMISSIONS, ("read_message_history", N_("Read Message History")))
"""What a table needs in a text channel: to post the table and results, and edit its own message."""
THREAD_PERMISSIONS: tuple[tuple[str, str], ...] = tuple(
    ("send_messages_in_threads", N_("Send Messages in Threads")) if flag == "send_messages" else (flag, name)
    for flag, name in TABLE_PERMISSIONS)
"""In a thread Discord asks for Send Messages in Threads instead of Send Messages."""
THREAD_TYPES = frozenset({discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                          discord.ChannelType.news_thread})
FIX_HINT = N_("An admin can give them to me in the channel's settings (Edit Channel → Permissions) "
              "or to my role.")


def in_thread(interaction: discord.Interaction) -> bool:
    channel = interaction.channel
    return channel is not None and getattr(channel, "type", None) in THREAD_TYPES


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The names of the table permissions the bot lacks in the interaction's channel."""
    needed = THREAD_PERMISSIONS if in_thread(interaction) else TABLE_PERMISSIONS
    return missing_of(interaction.app_permissions, needed)


def missing_of(have: discord.Permissions, needed: tuple[tuple[str, str], ...]) -> list[str]:
    """The names of the ``needed`` permissions that ``have`` lacks."""
    return [name for flag, name in needed if not getattr(have, flag)]


def names_text(names: list[str], w: Words = ENGLISH) -> str:
    """The permissions as the reader's Discord client names them: "A, B and C"."""
    shown = [w(name) for name in names]
    if len(shown) == 1:
        return shown[0]
    return w("{names} and {last}", names=", ".join(shown[:-1]), last=shown[-1])


def cannot_open_text(missing: list[str], w: Words = ENGLISH) -> str:
    return w("I can't run a table in this channel: I'm missing {permissions} here. {hint} Then open "
             "the table again.", permissions=names_text(missing, w), hint=w(FIX_HINT))


def trouble_text(interaction: discord.Interaction, paused: str | None) -> str | None:
    """What a player at this table should know about the channel (in their language), or None
    when all is well: the permissions missing now (from the interaction), else why the table
    is paused."""
    missing = missing_permissions(interaction)
    if missing:
        w = reader(interaction)
        return "\u26a0\ufe0f " + w(
            "I can't update this table: I'm missing {permissions} in this channel. {hint} The table "
            "goes on by itself once I can post again; no new round starts until then, and nobody "
            "loses chips.", permissions=names_text(missing, w), hint=w(FIX_HINT))
    if paused is not None:
        return f"\u26a0\ufe0f {paused}"
    return None
