"""Small helpers shared by the cogs: chip formatting, embeds and their pictures, answers, guild
checks."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Coroutine, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.errors import UserError, reply_with_error
from bot.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, Words, words, words_for
from bot.tables.table import LeaveResult, Table

if TYPE_CHECKING:
    from bot.client import CasinoBot

ENGLISH = words(SOURCE_LANGUAGE)

EMBED_COLOUR = discord.Colour.from_rgb(24, 120, 72)  # felt green
DISCORD_MAX_INTEGER = 2**53 - 1
"""The largest bound an integer option may declare: Discord refuses a whole command sync whose
options reach past ±(2^53 - 1), and then no slash command exists at all."""
ERROR_COLOUR = discord.Colour.from_rgb(190, 50, 50)


def chips(amount: int, w: Words = ENGLISH) -> str:
    """``"1,250 chips"`` / ``"1.250 Chips"``: every amount a player sees goes through here."""
    return w.chips(amount)


def signed_chips(amount: int, w: Words = ENGLISH) -> str:
    return ("+" if amount > 0 else "") + w.number(amount)


def left_table_text(result: LeaveResult, w: Words) -> str:
    """What standing up did, as the player who left reads it."""
    parts = [w("You left the table; your hand in this round is played by the timeout rules.")
             if result.hand_played_out else w("You left the table.")]
    if result.stack_waits_for is not None:
        parts.append(w("Your stack goes back to your wallet when round #{round} ends.",
                       round=str(result.stack_waits_for)))
    elif result.stack_returned:
        parts.append(w("Your stack of {chips} went back to your wallet.",
                       chips=chips(result.stack_returned, w)))
    return " ".join(parts)


def reader(interaction: discord.Interaction[Any]) -> Words:
    """The words of a private (ephemeral) reply: the user's own Discord language."""
    return words_for(interaction.locale)


async def server_words(interaction: discord.Interaction[Any]) -> Words:
    """The words of the server's public messages: the language an admin set with
    ``/chips settings``, else the server's locale as Discord reports it."""
    if interaction.guild_id is None:
        return words_for(interaction.guild_locale)
    return await guild_words(interaction.client, interaction.guild_id, interaction.guild_locale)


async def guild_words(bot: CasinoBot, guild_id: int, guild_locale: object = None) -> Words:
    """The words of a server's public messages (a table message, a result) where no interaction
    says the server's locale: the admin's choice, else the locale Discord reported last."""
    chosen = (await bot.store.guild_settings(guild_id)).language
    if chosen in LANGUAGES:  # a language since dropped falls back to Discord's
        return words(chosen)
    if guild_locale is None:
        guild = bot.get_guild(guild_id)
        guild_locale = bot.guild_locales.get(guild_id) or (guild.preferred_locale if guild else None)
    return words_for(guild_locale)


def guild_id_of(interaction: discord.Interaction) -> int:
    """The guild of an interaction; every economy is per guild, so DMs are refused."""
    if interaction.guild_id is None:
        raise UserError("This only works in a server channel: every server has its own chips.")
    return interaction.guild_id


def casino_embed(title: str, description: str | None = None) -> discord.Embed:
    return discord.Embed(title=title, description=description, colour=EMBED_COLOUR)


def relative_time(unix_time: float) -> str:
    """Discord renders this as a live "in 3 hours" in every viewer's own time zone."""
    return f"<t:{int(unix_time)}:R>"


def duration_text(seconds: float, w: Words = ENGLISH) -> str:
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return w("{hours} h {minutes} min", hours=hours, minutes=minutes)
    if minutes:
        return w("{minutes} min {seconds} s", minutes=minutes, seconds=secs)
    return w("{seconds} s", seconds=secs)


async def guarded(interaction: discord.Interaction, action: Awaitable[None]) -> None:
    """Run a component callback so that any error becomes a friendly ephemeral reply.

    discord.py only logs errors raised in a DynamicItem, which leaves the user with
    "This interaction failed"; every button and select goes through here instead.
    """
    try:
        await action
    except Exception as error:
        await reply_with_error(interaction, error)


async def answer(interaction: discord.Interaction, **message: Any) -> None:
    """``message`` as the interaction's first answer, or as a followup once it was deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(**message)
    else:
        await interaction.response.send_message(**message)


PRACTICE_MARK = N_("\U0001f393 **Practice** · these chips are not real")


def practice_mark(w: Words) -> str:
    """The line that marks a practice table's messages."""
    return w(PRACTICE_MARK)


def picture_file(embed: discord.Embed, png: bytes, filename: str) -> discord.File:
    """``png`` as the file to send with ``embed``, shown as the embed's image."""
    embed.set_image(url=f"attachment://{filename}")
    return discord.File(io.BytesIO(png), filename=filename)


def picture_files(embed: discord.Embed, pngs: Sequence[bytes], name: str) -> tuple[list[discord.Embed],
                                                                                    list[discord.File]]:
    """Pictures to send with ``embed``: the first as its image (``name.png``), each further one
    in an embed of its own (``name-2.png``...), shown one under the other (a big table's seats
    over several pictures). Discord takes up to 10 embeds a message."""
    embeds, files = [embed], [picture_file(embed, pngs[0], f"{name}.png")]
    for number, png in enumerate(pngs[1:], 2):
        more = discord.Embed(colour=embed.colour)
        embeds.append(more)
        files.append(picture_file(more, png, f"{name}-{number}.png"))
    return embeds, files


ANSWER_AT_ONCE_SECONDS = 1.0
"""A reply (a leaderboard, a stats card) ready within this long is the interaction's answer
itself; a slower one is deferred ("… is thinking") when this runs out and posted when ready.
Leaderboards usually meet it: a board's read and picture take about a tenth of a second."""
LATEST_DEFER_AGE = 2.0
"""Discord wants a first answer within 3 s of the interaction's creation, not of the handler's
start: a handler that starts late (a busy loop) waits only until the interaction is this old, so
the defer still has a second to arrive."""

Post = tuple[discord.Embed, discord.File]


async def answer_when_ready(interaction: discord.Interaction, post: Coroutine[Any, Any, Post], *,
                            ephemeral: bool = False) -> None:
    """Answer with ``post`` at once if it is ready in time, else defer, then post it.

    Deferring first cost every board a second request (the defer, then the post as a followup)
    and showed "thinking" for a tenth of a second; now only slow replies pay for it. An error
    before the defer is the interaction's first answer (the error handler's ephemeral reply);
    after it, a followup, as before."""
    work = asyncio.ensure_future(post)
    try:
        done, _ = await asyncio.wait({work}, timeout=patience(interaction))
        if not done:
            await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        embed, file = await work
    finally:
        work.cancel()  # the command was cancelled, or its defer failed: the post goes with it
    await answer(interaction, embed=embed, file=file, ephemeral=ephemeral)


def patience(interaction: discord.Interaction) -> float:
    """Seconds to wait for a reply before deferring: ANSWER_AT_ONCE_SECONDS, or less when the
    interaction is already old, and never below zero."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return max(0.0, min(ANSWER_AT_ONCE_SECONDS, LATEST_DEFER_AGE - age))


EMBED_DESCRIPTION_LIMIT = 4096


def split_lines(text: str, limit: int) -> list[str]:
    """``text`` in parts of at most ``limit`` characters, cut between lines (a rules page may be
    longer than one embed)."""
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


def check_amount(amount: int, *, maximum: int) -> int:
    """Discord enforces option ranges only in its own client, so the bot checks them again."""
    if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= maximum:
        raise UserError("The amount must be a whole number of chips from 1 to {maximum}.", maximum=maximum)
    return amount


def number_choices(values: Iterable[int]) -> list[app_commands.Choice[int]]:
    """A command option's choices, largest first, from an engine's own values (Raise 3x, 2x, 1x)."""
    return [app_commands.Choice(name=str(value), value=value) for value in sorted(set(values), reverse=True)]


def game_table(bot: CasinoBot, channel_id: int, game: str) -> Table:
    """This channel's table if it plays ``game``; else a friendly refusal."""
    table = bot.tables.table_in(channel_id)
    if table is None or table.adapter.info.key != game:
        name = bot.tables.adapters[game].info.name
        raise UserError("There is no {game} table in this channel.", game=name)
    return table
