"""Slash commands in the reader's language: discord.py asks this translator for every name,
description and choice of every command when it syncs them, for every Discord locale, and sends
what it answers as the command's ``*_localizations`` (the Discord client then shows the
commands in its user's language)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import SOURCE_LANGUAGE, language_of, words

CONTEXTS = {
    Where.command_name: "command",
    Where.group_name: "command",
    Where.parameter_name: "option",
    Where.choice_name: "choice",
}
"""The catalogue context of each kind of name; descriptions are sentences and need none."""


AnyCommand = app_commands.Command[Any, ..., Any] | app_commands.Group


def command_texts(commands: Sequence[AnyCommand]) -> list[tuple[str | None, str]]:
    """Every text of ``commands`` a translator is asked for, as ``(context, English)``: names,
    descriptions, option names and descriptions, choice names; in order, once each."""
    texts: list[tuple[str | None, str]] = []
    for command in commands:
        texts += [("command", command.name), (None, command.description)]
        if isinstance(command, app_commands.Group):
            texts += command_texts(command.commands)
            continue
        for parameter in command.parameters:
            texts += [("option", parameter.name), (None, parameter.description)]
            texts += [("choice", choice.name) for choice in parameter.choices]
    return list(dict.fromkeys(texts))


class CommandTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = language_of(locale)
        if language == SOURCE_LANGUAGE and not locale.value.startswith(SOURCE_LANGUAGE):
            return None  # a language the bot does not speak: Discord shows the English default
        if context.location is Where.command_name:
            return words(language).command_name(string.message, _group_of(context.data))
        return words(language).lookup(string.message, CONTEXTS.get(context.location))


def _group_of(command: object) -> str | None:
    """The path of the group a command belongs to ("event"), None for a top-level command."""
    parent = getattr(command, "parent", None)
    return parent.qualified_name if parent is not None else None


__all__ = ["CONTEXTS", "CommandTranslator", "command_texts"]
