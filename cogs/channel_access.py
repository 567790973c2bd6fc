"""What the bot needs in a table's channel, and how to tell players and admins when it lacks it.

Discord tells the bot its own permissions in the channel of every interaction
(``interaction.app_permissions``), so a press can name exactly what is missing; a refused
request (403) only says that something is.
"""

from __future__ import annotations

import discord

TABLE_PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)
"""What a table needs in a text channel: to see it, post the table and results (embeds with
pictures) and edit its own message."""
THREAD_PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("view_channel", "View Channel"),
    ("send_messages_in_threads", "Send Messages in Threads"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)
"""In a thread Discord asks for Send Messages in Threads instead of Send Messages."""
THREAD_TYPES = frozenset({discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                          discord.ChannelType.news_thread})
FIX_HINT = ("An admin can give them to me in the channel's settings (Edit Channel → Permissions) "
            "or to my role.")


def in_thread(interaction: discord.Interaction) -> bool:
    channel = interaction.channel
    return channel is not None and getattr(channel, "type", None) in THREAD_TYPES


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The names of the table permissions the bot lacks in the interaction's channel."""
    needed = THREAD_PERMISSIONS if in_thread(interaction) else TABLE_PERMISSIONS
    have = interaction.app_permissions
    return [name for flag, name in needed if not getattr(have, flag)]


def names_text(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def cannot_open_text(missing: list[str]) -> str:
    return (f"I can't run a table in this channel: I'm missing {names_text(missing)} here. "
            f"{FIX_HINT} Then open the table again.")


def trouble_text(interaction: discord.Interaction, paused: str | None) -> str | None:
    """What a player at this table should know about the channel, or None when all is well:
    the permissions missing now (from the interaction), else why the table is paused."""
    missing = missing_permissions(interaction)
    if missing:
        return (f"\u26a0\ufe0f I can't update this table: I'm missing {names_text(missing)} in this "
                f"channel. {FIX_HINT} The table goes on by itself once I can post again; no new "
                "round starts until then, and nobody loses chips.")
    if paused is not None:
        return f"\u26a0\ufe0f {paused}"
    return None
