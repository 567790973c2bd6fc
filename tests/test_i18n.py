"""German and English: the catalogue (complete, placeholders kept, compiled), the reader's
language from a Discord locale, numbers for the locale, and the slash commands synced with
their German names, descriptions and choices."""

from __future__ import annotations

import string
from typing import Any

import discord
import pytest
from babel.messages.pofile import read_po

from bot.i18n import (
    LANGUAGES,
    SOURCE_LANGUAGE,
    Text,
    catalogue_path,
    language_of,
    restored,
    stored,
    words,
    words_for,
)
from bot.i18n.commands import command_texts
from render.fonts import font as render_font
from tests.harness.driver import DiscordHarness
from tests.i18n_code import ROOT, catalogue_texts, uncatalogued_prose

TRANSLATED = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]


def catalogue(language: str) -> Any:
    with catalogue_path(language, ".po").open("rb") as source:
        return read_po(source, locale=language)


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


# ------------------------------------------------------------------------- the catalogue


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogued_text_is_translated_with_the_same_placeholders(language: str) -> None:
    untranslated, changed = [], []
    for message in catalogue(language):
        if not message.id:
            continue  # the header
        english = message.id if isinstance(message.id, str) else message.id[0]
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(texts):
            untranslated.append(english)
        changed += [english for text in texts if text and placeholders(text) != placeholders(english)]
    assert untranslated == [], f"{language}: no translation for {untranslated}"
    assert changed == [], f"{language}: placeholders differ in {changed}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalogue_is_the_source_catalogue(language: str) -> None:
    """make compiles the .po; a stale .mo would show players old words."""
    reader = words(language)
    for message in catalogue(language):
        if message.id and isinstance(message.id, str):
            assert reader.lookup(message.id, message.context) == message.string, message.id


@pytest.mark.parametrize(("locale", "language"), [
    ("de", "de"), (discord.Locale.german, "de"), ("en-US", "en"), (discord.Locale.british_english, "en"),
    ("fr", "en"), ("pt-BR", "en"), (None, "en"),
])
def test_a_reader_gets_their_own_language_or_english(locale: object, language: str) -> None:
    assert language_of(locale) == language
    assert words_for(locale).language == language


def test_numbers_are_written_as_the_readers_language_writes_them() -> None:
    assert words("en").number(1_234_567) == "1,234,567"
    assert words("de").number(1_234_567) == "1.234.567"
    assert words("de")("{amount}", amount=1000) == "1.000"
    assert words("de")("{name}", name=True) == "True", "only numbers are formatted as numbers"


def test_a_saved_action_label_is_read_back_in_each_readers_language() -> None:
    label = Text("box {box}: {action}", box=2, action=Text("AUTO FOLDED"))
    saved = stored(label)
    assert isinstance(saved, str) and restored(saved) == label == "box 2: AUTO FOLDED"
    assert words("de")(restored(saved)) == "Box 2: AUTOM. GEPASST"
    assert words("de")(restored(stored(Text("FOLD")))) == "GEPASST"
    older = "Ante 10 (a log saved before labels were texts)"
    assert restored(older) == older
    assert stored("plain words") == "plain words"


def test_a_text_without_a_german_entry_is_looked_up_as_missing_not_as_english() -> None:
    assert words("de").lookup("no such text in any catalogue") is None
    assert words("en").lookup("no such text in any catalogue") == "no such text in any catalogue"


# ---------------------------------------------------------------------- slash commands


def test_every_command_text_is_in_the_catalogue(harness: DiscordHarness) -> None:
    """A new command, option, choice or description without a German text fails here."""
    catalogued = {(message.context, message.id) for message in catalogue("de") if message.string}
    texts = command_texts(harness.bot.tree.get_commands())
    assert len(texts) > 200
    missing = [text for text in texts if text not in catalogued]
    assert missing == [], f"add these to the German catalogue: {missing}"


def synced(harness: DiscordHarness, *names: str) -> dict[str, Any]:
    item = harness.fake.commands[names[0]]
    for name in names[1:]:
        item = next(option for option in item["options"] if option["name"] == name)
    return item


def test_a_german_client_sees_the_commands_options_and_choices_in_german(harness: DiscordHarness) -> None:
    raise_ = synced(harness, "uth", "raise")
    assert raise_["name_localizations"]["de"] == "erhöhen"
    assert raise_["description_localizations"]["de"].startswith("Erhöhen: 4x oder 3x vor dem Flop")
    assert synced(harness, "uth", "check")["name_localizations"]["de"] == "schieben"
    insurance = synced(harness, "twoplusfour", "bet", "insurance")
    assert insurance["name_localizations"]["de"] == "versicherung"
    assert "Drilling oder besser" in insurance["description_localizations"]["de"]
    period = synced(harness, "leaderboard", "period")
    assert {choice["value"]: choice["name_localizations"]["de"] for choice in period["choices"]} == {
        "today": "Heute", "week": "Diese Woche", "month": "Dieser Monat", "all": "Gesamte Zeit",
        "session": "Diese Sitzung"}


def test_english_clients_see_the_english_names_and_other_languages_the_default(
    harness: DiscordHarness,
) -> None:
    ante = synced(harness, "uth", "ante")
    for english in ("en-US", "en-GB"):
        assert ante["name_localizations"][english] == "ante"
        assert ante["description_localizations"][english] == ante["description"]
    assert set(ante["name_localizations"]) == {*TRANSLATED, "en-US", "en-GB"}, "none for other languages"


def test_a_subcommand_takes_its_groups_own_german_name_where_the_catalogue_has_one(
    harness: DiscordHarness,
) -> None:
    """``/table join`` takes a seat, ``/event join`` enters a game night: one English name, two
    German ones, in the synced commands and wherever a reply names the command."""
    assert synced(harness, "table", "join")["name_localizations"]["de"] == "platz_nehmen"
    assert synced(harness, "event", "join")["name_localizations"]["de"] == "beitreten"
    german = words("de")
    assert german.command("event join", name="Freitag") == "/event beitreten name:Freitag"
    assert german.command("table join") == "/tisch platz_nehmen"
    assert words("en").command("event join") == "/event join"


def test_no_two_subcommands_of_a_group_share_a_german_name(harness: DiscordHarness) -> None:
    """Discord refuses a group whose subcommands share a name in any language."""
    for command in harness.fake.commands.values():
        names = [option["name_localizations"]["de"] for option in command.get("options") or []
                 if option["type"] in (1, 2)]
        assert len(names) == len(set(names)), (command["name"], names)


# ------------------------------------------------------------------ the code's own texts

NOT_PLAYER_FACING = {
    *(ROOT / "bot" / "games").rglob("sim.py"), *(ROOT / "bot" / "games").rglob("analysis.py"),
    ROOT / "bot" / "games" / "chinese" / "calibrate.py", ROOT / "bot" / "games" / "hcf" / "exact.py",
    ROOT / "bot" / "poker" / "_tables.py", ROOT / "bot" / "poker" / "evaluator.py",
    ROOT / "bot" / "poker" / "shuffle.py", ROOT / "cogs" / "discord_limits.py",
}
"""Offline tools (simulators, analyses, the evaluator's table builder) and internal checks whose
messages only a developer reads."""
LOCALISED = sorted({*(ROOT / "cogs").glob("*.py"), *(ROOT / "bot" / "tables").glob("*.py"),
                    *(ROOT / "bot" / "games").rglob("*.py"), *(ROOT / "bot" / "poker").glob("*.py"),
                    ROOT / "bot" / "errors.py", ROOT / "bot" / "client.py", ROOT / "bot" / "events.py",
                    ROOT / "bot" / "store" / "event_store.py"} - NOT_PLAYER_FACING)
"""Every module whose words reach players: each speaks the reader's language."""


@pytest.mark.parametrize("path", LOCALISED, ids=lambda path: path.name)
def test_a_localised_module_shows_no_english_prose_outside_the_catalogue(path: Any) -> None:
    assert uncatalogued_prose(path) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_the_code_uses_has_a_translation(language: str) -> None:
    translated = {message.id for message in catalogue(language)  # the code asks without a context
                  if message.id and message.string and message.context is None}
    missing = [text for path in LOCALISED for text in catalogue_texts(path)
               if (text[0] if len(text) == 1 else text) not in translated]
    assert missing == [], f"add these to the {language} catalogue: {missing}"


def test_the_prose_check_finds_english_that_skips_the_catalogue(tmp_path: Any) -> None:
    module = tmp_path / "cog.py"
    module.write_text('"""Doc string."""\n'
                      'log.info("Refused %s for a reason", 1)\n'
                      'a = w("You have {n} chips.", n=1)\n'
                      'b = f"You have {n} chips."\n'
                      'c = "Gift sent to you"\n'
                      'd = "give:ok:1"\n')
    assert [line.split(":")[1] for line in uncatalogued_prose(module)] == ["4", "5"]
    assert list(catalogue_texts(module)) == [("You have {n} chips.",)]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_pictures_font_draws_every_letter_the_language_writes(language: str) -> None:
    """Pillow's bundled font had no umlauts ("K\\u25afnige"): every letter a catalogue text uses
    must have a glyph of its own in the font the pictures are drawn with."""
    font = render_font(20)
    missing_glyph = bytes(font.getmask("\uffff"))
    letters = {char for message in catalogue(language) if message.string
               for text in (message.string if isinstance(message.string, tuple) else (message.string,))
               for char in text if char.isalpha()}
    undrawable = sorted(char for char in letters if bytes(font.getmask(char)) == missing_glyph)
    assert undrawable == []
