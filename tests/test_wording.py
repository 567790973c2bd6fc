"""German without seams: every command a text names is one the reader's client lists, every
action has one word per language (its command, its button, its reply and its rules page), and
the catalogue is compiled however the bot was installed.

The German rounds in tests/test_languages_tables.py check the texts players meet at a table
(a command or a button named that the reader's client does not show fails there); the tests
here hold the declarations those texts come from."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import read_mo

from bot import catalog, i18n
from bot.games.records import PLAIN_LABELS, ActionRecord
from bot.i18n import LANGUAGES, Command, Text, catalogue_path, restored, stored, words
from bot.i18n.compiler import compiled
from tests.harness.driver import DiscordHarness
from tests.i18n_code import ROOT
from tests.test_i18n import catalogue

SPELLED_COMMAND = re.compile(r"(?<![\w/<])/[a-z{]")
"""A slash command written out ("/round", "/{command} rules") rather than named by a placeholder."""


def normalised(text: str) -> str:
    """A name or label as one lower-case word: no values, spaces, hyphens or case."""
    return re.sub(r"\{[^}]*\}|[\s\-:]|\d+x?", "", text).lower()


# ------------------------------------------------------------------------- the command list


def synced_items(harness: DiscordHarness) -> list[tuple[str, dict[str, Any]]]:
    """Every command, subcommand, option and choice as the command sync sent Discord them."""
    found: list[tuple[str, dict[str, Any]]] = []

    def walk(item: dict[str, Any], path: str) -> None:
        found.append((path, item))
        for option in item.get("options") or []:
            walk(option, f"{path} {option['name']}")
        for choice in item.get("choices") or []:
            found.append((f"{path}={choice['value']}", choice))

    for command in harness.fake.commands.values():
        walk(command, command["name"])
    return found


def test_every_command_option_and_choice_speaks_every_language_it_speaks_at_all(
    harness: DiscordHarness,
) -> None:
    """A German client lists every command, option and choice in German, with a German
    description; English clients get the default text itself (they once got another one)."""
    wrong = []
    for path, item in synced_items(harness):
        for kind in ("name", "description"):
            if kind not in item:
                continue
            localised = item.get(f"{kind}_localizations") or {}
            if not localised:
                continue
            if "de" not in localised:
                wrong.append(f"{path}: no German {kind}")
            wrong += [f"{path}: the {locale} {kind} is not the default" for locale in ("en-US", "en-GB")
                      if localised.get(locale, item[kind]) != item[kind]]
    assert len(synced_items(harness)) > 200
    assert wrong == []


def test_the_designated_player_is_german_in_the_german_command_list(harness: DiscordHarness) -> None:
    bank = next(item for path, item in synced_items(harness) if path == "hcf bank")
    assert "designierten Spielers" in bank["description_localizations"]["de"]
    bonus = next(item for path, item in synced_items(harness) if path == "imperial bonus")
    assert bonus["description_localizations"]["de"] == "Setze eine AA+-Bonuswette auf eine Box mit ANTE."


# ------------------------------------------------------------------ commands named in texts


def test_no_catalogue_text_spells_a_slash_command() -> None:
    """A text names a command with a placeholder filled by :class:`bot.i18n.Command`, which
    writes it as the reader's client lists it."""
    spelled = []
    for message in catalogue("de"):
        if not message.id or message.context is not None:
            continue
        for text in (*_texts(message.id), *_texts(message.string)):
            if SPELLED_COMMAND.search(text):
                spelled.append(text)
    assert spelled == []


def test_the_spelled_command_check_finds_a_command_written_out() -> None:
    assert SPELLED_COMMAND.search("Check it with `/round 5`.")
    assert SPELLED_COMMAND.search("Tisch 1 · /{command} rules")
    assert not SPELLED_COMMAND.search("Ante 10 / Raise 20 · 1/2 · and/or · </round:123>")


def _texts(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


def test_a_command_is_named_as_the_readers_client_lists_it() -> None:
    german, english = words("de"), words("en")
    assert german.command("uth rules") == "/uth regeln" and english.command("uth rules") == "/uth rules"
    assert german.command("round", number=12) == "/runde nummer:12"
    assert german.command("round", number=...) == "/runde <nummer>"
    assert german.command("chinese confirm", foul=True) == "/chinese bestätigen foul:True"
    assert german.command("hcf buyin", amount=...) == "/hcf einkaufen <betrag>"
    named = Text("This offer expired; use {give} again.", give=Command("give"))
    assert named == "This offer expired; use /give again."
    assert german(named) == "Dieses Angebot ist abgelaufen; nutze /schenken noch einmal."
    assert german(restored(stored(named))) == german(named), "a saved text keeps its command"


def test_every_command_a_vocabulary_names_is_one_of_its_games_commands(harness: DiscordHarness) -> None:
    listed = {path for path, _ in synced_items(harness)}
    named = {f"{vocabulary.game} {wording.command}" for vocabulary in catalog.vocabularies().values()
             for wording in vocabulary.actions.values() if wording.command}
    assert named - listed == set()


# ---------------------------------------------------------------------- one word per action


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_button_says_the_word_of_its_command(language: str) -> None:
    """One word per action: the button that does what a command does carries the command's
    name as the reader's client lists it ("Erhöhen 4x" and `/uth erhöhen`; "Nächste Hand
    austeilen" and `/hcf austeilen`)."""
    w = words(language)
    apart = {}
    for vocabulary in catalog.vocabularies().values():
        for action, wording in vocabulary.actions.items():
            if wording.command and wording.button:
                command = normalised(w.lookup(wording.command, "command") or wording.command)
                label = normalised(w(wording.button))
                if command not in label:
                    apart[f"{vocabulary.game} {action}"] = (w.command(f"{vocabulary.game} {wording.command}"),
                                                            w(wording.button))
    assert apart == {}


def test_the_one_word_check_finds_a_button_worded_apart_from_its_command() -> None:
    assert "erhöhen" in normalised("Erhöhen 4x") and "passen" not in normalised("Aufgeben")
    assert normalised("Go on") == "goon" and normalised("Pair Plus {amount}") == "pairplus"


def test_every_record_named_by_its_kind_has_a_catalogue_text() -> None:
    """A record that carries no more than its kind ("close betting") is logged as a catalogue
    text, so ``/round`` reads it in its reader's language."""
    plain = {cls.kind for cls in _record_types() if cls.label is ActionRecord.label and cls.kind}
    assert plain and plain <= set(PLAIN_LABELS)


def _record_types() -> set[type[ActionRecord]]:
    import bot.games.boxed.actions  # noqa: F401  (every game's records, as the catalogue loads them)
    import bot.games.hcf.actions  # noqa: F401
    import bot.games.imperial.state  # noqa: F401
    import bot.games.threecard.actions  # noqa: F401
    import bot.games.uth.actions  # noqa: F401

    found: set[type[ActionRecord]] = set()
    pending: list[type[ActionRecord]] = [ActionRecord]
    while pending:
        for subclass in pending.pop().__subclasses__():
            found.add(subclass)
            pending.append(subclass)
    return found


# ------------------------------------------------------------------ the compiled catalogue


def test_a_missing_or_stale_catalogue_is_compiled_when_the_bot_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A checkout installed without make (``pip install .``) has no ``.mo``: the bot compiles
    it from the ``.po`` when it starts, and again when the ``.po`` is newer."""
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    target = catalogue_path("de")
    assert not target.exists()
    assert read_mo(io.BytesIO(i18n._compiled_catalogue("de"))).get("Fold").string == "Passen"
    assert messages(target.read_bytes()) == messages(compiled(catalogue_path("de", ".po"), "de")), "saved"
    source = catalogue_path("de", ".po")
    source.write_text(source.read_text().replace('msgstr "Passen"', 'msgstr "Passen!"', 1))
    stale = target.stat().st_mtime - 10
    os.utime(target, (stale, stale))
    assert read_mo(io.BytesIO(i18n._compiled_catalogue("de"))).get("Fold").string == "Passen!"


@pytest.mark.slow
def test_a_wheel_built_from_the_repository_holds_the_compiled_catalogue(tmp_path: Path) -> None:
    """``pip install .`` and a wheel install the package as the build made it: the build
    compiles the catalogue into it (setup.py), so no ``make`` is needed."""
    source = tmp_path / "source"
    for name in _repository_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    assert not (source / "bot/i18n/locale/de/LC_MESSAGES/casino.mo").exists(), "the .mo is built, not kept"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
         "-q", "-w", str(tmp_path / "dist"), str(source)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        mo = archive.read("bot/i18n/locale/de/LC_MESSAGES/casino.mo")
    assert messages(mo) == messages(compiled(catalogue_path("de", ".po"), "de"))


def messages(mo: bytes) -> dict[tuple[str | None, Any], Any]:
    """A compiled catalogue's texts, without its header (Babel dates it when it compiles)."""
    def frozen(value: Any) -> Any:  # a plural's forms come as a list
        return tuple(value) if isinstance(value, list) else value

    return {(message.context, frozen(message.id)): frozen(message.string)
            for message in read_mo(io.BytesIO(mo)) if message.id}


def _repository_files() -> list[str]:
    """The files the repository holds (what a fresh clone has), not what tests left beside them."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True)
    return [name for name in listed.stdout.decode().split("\0") if name and (ROOT / name).is_file()]
