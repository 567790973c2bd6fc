"""Words in the reader's language.

Every user-visible English sentence in the code is a catalogue key: the English text itself
(``words("de")("Your stack: {chips} chips", chips=500)``). The German texts live in the gettext
catalogue ``locale/de/LC_MESSAGES/casino.po``, the one source of truth for them; ``make``
compiles it to the ``.mo`` file read here (``python -m bot.i18n compile``). English needs no
catalogue: the keys are the English texts.

Numbers put into a text are formatted for the reader's language by Babel (1,000 / 1.000).
Code that cannot know its reader (a rules engine's refusal, an action's label, a round's
headline) returns a :class:`Text`, the catalogue text with its values, which the reader's
``Words`` put into words later.
Which language a reader gets: :func:`language_of` a Discord locale; English for any language
the bot does not speak.
"""

from __future__ import annotations

import datetime as dt
import gettext
import io
import json
import logging
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final

from babel import Locale
from babel.dates import format_skeleton
from babel.numbers import format_decimal, format_percent

from bot.i18n.compiler import compiled, is_stale

log = logging.getLogger(__name__)

SOURCE_LANGUAGE: Final = "en"
LANGUAGES: Final = {"en": "English", "de": "Deutsch"}
"""Every language the bot speaks, by code, with its own name for itself."""

DOMAIN: Final = "casino"
LOCALE_DIR: Final = Path(__file__).with_name("locale")


def N_(message: str) -> str:
    """Marks a catalogue text kept in a constant and translated where it is shown."""
    return message


def language_of(locale: object) -> str:
    """The language the bot speaks to a Discord ``locale`` ("de", "en-GB", a ``discord.Locale``
    or ``None``): its own when the bot speaks it, else English."""
    code = str(getattr(locale, "value", locale) or "").split("-")[0].lower()
    return code if code in LANGUAGES else SOURCE_LANGUAGE


def catalogue_path(language: str, suffix: str = ".mo") -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


_MISSING: Final = "\x00 not in the catalogue"


class Text(str):
    """A catalogue text with the values for its placeholders, for code that cannot know its
    reader (a rule's refusal, an action's label, a hand's name). It *is* the English string,
    so it goes wherever a ``str`` goes (a saved record, a log line), and it remembers its
    catalogue text, so a reader's ``Words`` put it into their language:
    ``w(Text("Ante {amount}", amount=20))``. A value may itself be a ``Text`` (a rank in a
    hand's name); an f-string made from a ``Text`` is plain English again."""

    message: str
    values: dict[str, Any]

    def __new__(cls, message: str, /, **values: Any) -> Text:
        text = super().__new__(cls, words(SOURCE_LANGUAGE)(message, **values))
        text.message, text.values = message, values
        return text

    def __repr__(self) -> str:
        return f"Text({self.message!r}, **{self.values!r})"


class Command(str):
    """A slash command as its reader's Discord client lists it, for a text to name:
    ``Command("uth rules")`` reads "/uth rules" in English and "/uth regeln" in German, from
    the same catalogue texts the command sync sends Discord. Options follow as Discord's input
    box writes them: ``Command("round", number=12)`` is "/round number:12" ("/runde
    nummer:12"); an option given as ``...`` is a blank to fill in: "/round <number>". No
    catalogue text spells a slash command itself; it names one with a placeholder."""

    path: str
    options: dict[str, Any]

    def __new__(cls, path: str, /, **options: Any) -> Command:
        command = super().__new__(cls, words(SOURCE_LANGUAGE).command(path, **options))
        command.path, command.options = path, options
        return command

    def __repr__(self) -> str:
        return f"Command({self.path!r}, **{self.options!r})"


class Refusal(Exception):
    """An error a player reads: a catalogue text with its values (``str()``: in English). Rules
    engines, the table runtime, the store and the cogs refuse with subclasses of it."""

    def __init__(self, message: str = "", /, **values: Any) -> None:
        super().__init__(message)
        self._message, self._values = message, values
        self._said: Text | None = None

    @property
    def said(self) -> Text:
        """The refusal as a catalogue text with its values. Made when first read: the rules'
        ``can_x`` checks refuse far more often than anyone reads why (a table asks them for
        every seat's legal moves at every redraw)."""
        if self._said is None:
            message = self._message
            self._said = message if isinstance(message, Text) else Text(message, **self._values)
        return self._said

    def __str__(self) -> str:
        return str(self.said)


class _Missing(gettext.NullTranslations):
    """The fallback of a strict catalogue: says a text is missing instead of echoing it."""

    def gettext(self, message: str) -> str:
        return _MISSING

    def pgettext(self, context: str, message: str) -> str:
        return _MISSING


@cache
def _translations(language: str, *, strict: bool = False) -> gettext.NullTranslations:
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()  # English plural rule: one, other
    translations = gettext.GNUTranslations(io.BytesIO(_compiled_catalogue(language)))
    if strict:
        translations.add_fallback(_Missing())
    return translations


def _compiled_catalogue(language: str) -> bytes:
    """The compiled catalogue of ``language``: its ``.mo`` file, or, where that is missing or
    older than the ``.po`` (a checkout installed without ``make``, an edited catalogue), the
    ``.po`` compiled now, and written back where the install allows it."""
    source, target = catalogue_path(language, ".po"), catalogue_path(language)
    if not source.exists() or not is_stale(source, target):
        return target.read_bytes()
    catalogue = compiled(source, language)
    try:
        target.write_bytes(catalogue)
    except OSError as error:  # a read-only install: compile again next start
        log.warning("could not save the compiled catalogue %s: %s", target, error)
    return catalogue


class Words:
    """One reader's language: ``w("Text {n}", n=3)`` is the text in it, its numbers formatted
    for it (a reader's ``Words`` is called ``w`` in the code, which the catalogue check reads)."""

    def __init__(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"the bot does not speak {language!r}")
        self.language = language
        self._catalogue = _translations(language)
        self._locale = Locale.parse(language)

    def __call__(self, message: str, /, **values: Any) -> str:
        if isinstance(message, Text):
            values = {**message.values, **values}
            message = message.message
        if not message:
            return ""  # gettext's "" is the catalogue's header
        return self._fill(self._catalogue.gettext(message), values)

    def plural(self, singular: str, plural: str, count: int, /, **values: Any) -> str:
        """The form for ``count`` (``{count}`` in the text is the number itself)."""
        return self._fill(self._catalogue.ngettext(singular, plural, count), {"count": count, **values})

    def chips(self, amount: int) -> str:
        """``"1,250 chips"`` / ``"1.250 Chips"``: every amount of chips a player reads."""
        return self.plural("{count} chip", "{count} chips", amount)

    def lookup(self, message: str, context: str | None = None) -> str | None:
        """``message`` (in ``context``, e.g. "command" for a command's name) in this language,
        or None where the catalogue has no text for it."""
        if self.language == SOURCE_LANGUAGE:
            return message
        strict = _translations(self.language, strict=True)
        found = strict.gettext(message) if context is None else strict.pgettext(context, message)
        return None if found == _MISSING else found

    def command(self, path: str, /, **options: Any) -> str:
        """The slash command ``path`` ("uth rules") as this reader's client lists it, with
        ``options`` (see :class:`Command`)."""
        parts = path.split()
        names = [self.command_name(name, " ".join(parts[:depth]) or None) or name
                 for depth, name in enumerate(parts)]
        filled = [f"<{self._option(name)}>" if value is ... else f"{self._option(name)}:{value}"
                  for name, value in options.items()]
        return " ".join(["/" + " ".join(names), *filled])

    def command_name(self, name: str, group: str | None = None) -> str | None:
        """A command's name in this language, or None where the catalogue has none. Within a
        group (``group`` is its path, "event"), the group's own name for it comes first: a
        name can mean different things in different groups (``/table join`` takes a seat,
        ``/event join`` enters a game night), and the catalogue gives those their own texts
        in the context "command <group>"."""
        if group is not None:
            found = self.lookup(name, f"command {group}")
            if found is not None:
                return found
        return self.lookup(name, "command")

    def _option(self, name: str) -> str:
        return self.lookup(name, "option") or name

    def number(self, value: int | float) -> str:
        if self.language == SOURCE_LANGUAGE and isinstance(value, int):
            return f"{value:,}"  # what Babel writes for English, without its cost
        return format_decimal(value, locale=self._locale)

    def signed(self, value: float, digits: int = 3) -> str:
        """``-0.993`` as ``"−0.993"`` / ``"−0,993"``, ``0.5`` as ``"+0.500"``: a figure that may
        go either way, with its sign and ``digits`` decimals."""
        places = "0" * digits
        return format_decimal(value, format=f"+#,##0.{places};\u2212#,##0.{places}", locale=self._locale)

    def percent(self, value: float, digits: int = 2) -> str:
        """``0.9634`` as ``"96.34%"`` / ``"96,34 %"``, with ``digits`` decimals."""
        return format_percent(value, format="#,##0." + "0" * digits + "%", locale=self._locale)

    def date(self, day: dt.date) -> str:
        """``"Nov 25"`` / ``"25. Nov."``: a day on a chart, in the language's own order."""
        return format_skeleton("MMMd", day, locale=self._locale)

    def long_date(self, day: dt.date) -> str:
        """``"Nov 23, 2026"`` / ``"23.11.2026"``: a day with its year, in the language's order."""
        return format_skeleton("yMMMd", day, locale=self._locale)

    def month(self, day: dt.date) -> str:
        """``"November 2026"``: the month ``day`` falls in, with its year."""
        return format_skeleton("yMMMM", day, locale=self._locale)

    def _fill(self, text: str, values: dict[str, Any]) -> str:
        if not values:
            return text
        return text.format(**{key: self._shown(value) for key, value in values.items()})

    def _shown(self, value: Any) -> Any:
        if isinstance(value, Text):
            return self(value)
        if isinstance(value, Command):
            return self.command(value.path, **value.options)
        return self.number(value) if _is_number(value) else value


def _is_number(value: object) -> bool:
    """A plain number (not a bool, a card or an enum, which are ints that print as themselves)."""
    return type(value) in (int, float)


def stored(text: str) -> str:
    """``text`` as a saved action log keeps it: a :class:`Text` as JSON with its catalogue text
    and values (so ``/round`` shows it in each reader's language later), plain text as it is."""
    return json.dumps(_plain(text), ensure_ascii=False) if isinstance(text, Text) else text


def restored(saved: str) -> str:
    """What :func:`stored` saved: a :class:`Text` again, or the plain text (an older log's)."""
    if not saved.startswith(_STORED):
        return saved
    try:
        return _text(json.loads(saved))
    except (ValueError, KeyError, TypeError):
        return saved


_STORED: Final = '{"text": '


def _plain(value: Any) -> Any:
    if isinstance(value, Command):
        options = {key: _plain(inner) for key, inner in value.options.items()}
        return {"command": value.path, "options": options}
    if isinstance(value, Text):
        return {"text": value.message, "values": {key: _plain(inner) for key, inner in value.values.items()}}
    return value if type(value) in (int, float, str) else str(value)  # a card, an enum: as they read


def _text(data: dict[str, Any]) -> Text | Command:
    if "command" in data:
        return Command(data["command"], **{key: ... if inner == "Ellipsis" else inner
                                          for key, inner in data["options"].items()})
    values = {key: _text(inner) if isinstance(inner, dict) else inner
              for key, inner in data["values"].items()}
    return Text(data["text"], **values)


def joined(parts: Sequence[str], separator: str = " · ") -> Text:
    """``parts`` (texts or plain strings) one after another, each in the reader's language."""
    return Text(separator.join(f"{{part{index}}}" for index in range(len(parts))),
                **{f"part{index}": part for index, part in enumerate(parts)})


@cache
def words(language: str) -> Words:
    """The :class:`Words` of ``language`` (a code of :data:`LANGUAGES`)."""
    return Words(language)


def words_for(locale: object) -> Words:
    """The :class:`Words` a reader with this Discord ``locale`` gets."""
    return words(language_of(locale))
