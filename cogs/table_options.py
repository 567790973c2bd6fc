"""The games' table options as slash command options of ``/table open`` and ``/table config``.

Nothing here names a game or an option: every declared game's :class:`TableOptions` fields
(:mod:`bot.catalog`) become optional slash options, once each (games that share an option, like
the two boxed games, share it), described with the games they belong to. A choice
(``Literal``) becomes Discord choices, a whole number a range.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Optional, TypeVar, get_args, get_origin

from discord import app_commands

from bot import catalog
from bot.errors import UserError
from bot.i18n import Words
from bot.tables.config import MAX_CHIPS, OptionSpec, TableOptions

DESCRIPTION_LIMIT = 100  # Discord's for an option's description
F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class GameOption:
    """One table option as the slash commands offer it."""

    name: str
    kind: Any
    spec: OptionSpec
    games: tuple[str, ...]
    """The display names of the games that have it."""

    @property
    def annotation(self) -> Any:
        """What discord.py turns into the slash option: choices, or a whole-number range."""
        kind = next((part for part in (self.kind, *get_args(self.kind)) if get_origin(part) is Literal),
                    None)
        if kind is None:
            low = 0 if self.spec.minimum is None else self.spec.minimum
            high = MAX_CHIPS if self.spec.maximum is None else self.spec.maximum
            kind = app_commands.Range[int, low, high]
        return Optional[kind]  # noqa: UP045 - discord.py reads typing.Optional at run time

    @property
    def description(self) -> str:
        return f"{', '.join(self.games)}: {self.spec.description}"[:DESCRIPTION_LIMIT]


def game_options() -> list[GameOption]:
    """Every declared game's table options, each name once."""
    found: dict[str, GameOption] = {}
    for game in catalog.GAMES:
        for name, kind, spec in game.options.specs():
            known = found.get(name)
            if known is None:
                found[name] = GameOption(name, kind, spec, (game.name,))
            elif (known.kind, known.spec) != (kind, spec):
                raise TypeError(f"{game.name} declares the table option {name!r} unlike "
                                f"{', '.join(known.games)}")
            else:
                found[name] = GameOption(name, kind, spec, (*known.games, game.name))
    return list(found.values())


def with_game_options(callback: F) -> F:
    """Give a ``/table`` callback ``(self, interaction, ..., **game_options)`` one optional slash
    option per table option of the declared games (discord.py reads the signature)."""
    signature = inspect.signature(callback)
    fixed = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    options = game_options()
    extra = [inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                               annotation=option.annotation) for option in options]
    callback.__signature__ = signature.replace(parameters=[*fixed, *extra])  # type: ignore[attr-defined]  # read by inspect
    descriptions = dict(getattr(callback, "__discord_app_commands_param_description__", {}))
    descriptions.update({option.name: option.description for option in options})
    callback.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]  # read by discord.py
    return callback


def chosen_options(game: catalog.GameDeclaration, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options an admin gave for ``game`` (None: not given). An option of another game is
    refused with a clear message rather than ignored."""
    chosen = {name: value for name, value in given.items() if value is not None}
    own = {name for name, _, _ in game.options.specs()}
    foreign = sorted(set(chosen) - own)
    if foreign:
        owners = {option.name: option.games for option in game_options()}
        name = foreign[0]
        raise UserError("`{option}` is an option of {games}, not of {game}.", option=name,
                        games=" / ".join(owners.get(name, ("?",))), game=game.name)
    return chosen


def options_text(options: TableOptions, w: Words) -> list[tuple[str, str]]:
    """(label, value) of each option that has a value, for the ``/table config`` embed: named as
    the reader's client names the ``/table`` option, a choice as the client shows it."""
    return [(_shown(w.lookup(name, "option") or name), _value_text(value, w))
            for name, value in options.to_dict().items() if value is not None]


def _value_text(value: object, w: Words) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return w.number(value)
    return _shown(w.lookup(str(value), "choice") or str(value))


def _shown(name: str) -> str:
    return name.replace("_", " ")
