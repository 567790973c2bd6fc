"""A table's configuration: limits, timers and the game's own options, validated in one place.

Each game declares its options once, as a frozen :class:`TableOptions` subclass whose fields
carry their default, range and description (:func:`option`): the table runtime reads them
typed (:meth:`TableConfig.options_as`), the store keeps them as JSON, and ``/table open`` and
``/table config`` offer them (``cogs/table_options.py``).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, get_args, get_origin

from bot.games.moves import MOST_CHIPS
from bot.i18n import SOURCE_LANGUAGE, Refusal, Text, Words, words
from bot.store.models import DEFAULT_SETTINGS

MAX_CHIPS = MOST_CHIPS
"""The most chips any limit, bet or buy-in may be (the engines' own ceiling)."""
PRACTICE_CHIPS = DEFAULT_SETTINGS.starting_balance
"""A player's practice chips: what the practice economy's wallet starts with (its settings are
the defaults; nobody can change them) and what ``/table refill`` tops it up to."""


TIMER_RANGE = (10, 600)  # seconds: long enough to read, short enough to keep a table moving

OptionsT = TypeVar("OptionsT", bound="TableOptions")


ENGLISH = words(SOURCE_LANGUAGE)


class ConfigError(Refusal, ValueError):
    """A configuration value an admin can fix; the message says which and why."""


@dataclass(frozen=True)
class OptionSpec:
    """How admins set one table option: what it is, and its whole-number range if it has one."""

    description: str
    minimum: int | None = None
    maximum: int | None = None


def option(default: Any, description: str, *, minimum: int | None = None,
           maximum: int | None = None) -> Any:
    """A field of a :class:`TableOptions` subclass: its default and how admins set it."""
    return field(default=default, metadata={"option": OptionSpec(description, minimum, maximum)})


@dataclass(frozen=True)
class TableOptions:
    """A game's table options (none here; each game subclasses it). Values are checked when
    built: a whole number within its range, a choice among its ``Literal`` values."""

    def __post_init__(self) -> None:
        for name, kind, spec in self.specs():
            _check_option(name, getattr(self, name), kind, spec)

    @classmethod
    def specs(cls) -> list[tuple[str, Any, OptionSpec]]:
        """(name, type, how it is set) of every option, in declaration order."""
        hints = typing.get_type_hints(cls)
        return [(f.name, hints[f.name], f.metadata["option"]) for f in dataclasses.fields(cls)]

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls: type[OptionsT], data: Mapping[str, Any]) -> OptionsT:
        """From stored JSON; numbers saved as text (before options were typed) are read too,
        and options the game no longer has are ignored."""
        values = {name: _coerce(data[name], kind) for name, kind, _ in cls.specs() if name in data}
        return cls(**values)

    def with_changes(self: OptionsT, **changes: Any) -> OptionsT:
        names = {name for name, _, _ in self.specs()}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise ConfigError("This game has no option {names}.", names=', '.join(unknown))
        return dataclasses.replace(self, **changes)


def _check_option(name: str, value: Any, kind: Any, spec: OptionSpec) -> None:
    if value is None and type(None) in get_args(kind):
        return
    choices = _choices(kind)
    if choices is not None:
        if value not in choices:
            raise ConfigError("{name} must be one of {choices} (got {value}).",
                              name=name, choices=', '.join(map(str, choices)), value=value)
        return
    low = -MAX_CHIPS if spec.minimum is None else spec.minimum
    _check_range(name, value, low, MAX_CHIPS if spec.maximum is None else spec.maximum)


def _choices(kind: Any) -> tuple[Any, ...] | None:
    for part in (kind, *get_args(kind)):
        if get_origin(part) is Literal:
            return get_args(part)
    return None


def _coerce(value: Any, kind: Any) -> Any:
    if value is None or _choices(kind) is not None:
        return value
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ConfigError("{value} is not a whole number", value=value) from None


@dataclass(frozen=True)
class TableConfig:
    """What an admin sets when opening a table (and may change between rounds)."""

    game: str
    min_bet: int = 10
    max_bet: int | None = 1_000
    """The largest Ante; None for no maximum (Imperial and 2 Plus 4: "es gibt keinen
    Höchsteinsatz"; a game that needs one refuses None when it reads the config)."""
    max_payout: int = 100_000
    betting_seconds: int = 30
    decision_seconds: int = 30
    options: TableOptions = field(default_factory=TableOptions)
    """The game's own options; the base (no values) reads as the game's defaults."""
    practice: bool = False
    """A practice table: its chips are not real (:func:`practice_economy`)."""
    hints: bool = True
    """Players may ask the coach what each option is worth at their decisions (an admin may
    turn it off; reviews of past rounds stay available)."""
    event: int | None = None
    """The event (its id) whose stacks this table plays with (:func:`bot.events.event_economy`);
    None: the server's wallets (or practice chips)."""
    event_name: str | None = None
    """That event's name, for the table's messages (an event's name never changes)."""

    def validated(self) -> TableConfig:
        if self.event is not None and self.practice:
            raise ConfigError("A table plays for an event or with practice chips, not both.")
        _check_range("min_bet", self.min_bet, 1, MAX_CHIPS)
        if self.max_bet is not None:
            _check_range("max_bet", self.max_bet, self.min_bet, MAX_CHIPS)
        _check_range("max_payout", self.max_payout, self.max_bet or self.min_bet, MAX_CHIPS)
        _check_range("betting_seconds", self.betting_seconds, *TIMER_RANGE)
        _check_range("decision_seconds", self.decision_seconds, *TIMER_RANGE)
        return self

    @property
    def bets_text(self) -> str:
        """``"10–1,000"``, or ``"10 and up (no maximum)"``: the Ante limits as players read them."""
        return self.bets_in(ENGLISH)

    def bets_in(self, w: Words) -> str:
        """:attr:`bets_text` in the reader's language ("10–1.000", "10 und mehr (kein Maximum)")."""
        return w(self.limits)

    @property
    def limits(self) -> Text:
        """The Ante limits, for a text in any reader's language."""
        if self.max_bet is None:
            return Text("{minimum} and up (no maximum)", minimum=self.min_bet)
        return Text("{minimum}–{maximum}", minimum=self.min_bet, maximum=self.max_bet)

    def required_max_bet(self, game_name: str) -> int:
        """The maximum Ante of a game that must have one; ConfigError when none is set."""
        if self.max_bet is None:
            raise ConfigError("{game} needs a maximum Ante: set max_bet.", game=game_name)
        return self.max_bet

    def options_as(self, kind: type[OptionsT]) -> OptionsT:
        """The options as the game's own type (its defaults when none were given)."""
        if isinstance(self.options, kind):
            return self.options
        if type(self.options) is TableOptions:
            return kind()
        raise ConfigError("These options are not {kind}.", kind=kind.__name__)

    def with_changes(self, **changes: Any) -> TableConfig:
        """A copy with some limits, timers or (``options=`` a dict) options changed."""
        option_changes = changes.pop("options", None)
        config = dataclasses.replace(self, **changes)
        if option_changes:
            config = dataclasses.replace(config, options=self.options.with_changes(**option_changes))
        return config.validated()

    def to_dict(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "options": self.options.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], options: type[TableOptions] = TableOptions) -> TableConfig:
        """From stored JSON, the options read as ``options`` (the game's type)."""
        known = {f.name for f in dataclasses.fields(cls)} - {"options"}
        values = {key: value for key, value in data.items() if key in known}
        return cls(**values, options=options.from_dict(data.get("options") or {}))


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError("{name} must be a whole number from {low} to {high} (got {value}).",
                          name=name, low=low, high=high, value=value)
