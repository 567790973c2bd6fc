"""A round at a German server: the table message, its buttons, the table and result pictures
and the result post are German; a German player's private answers are German and an English
player's beside them English. "No English" is checked against the catalogue itself: a word
the English texts use and no German text does is English interface text (and the other way
round for German), so a new text is covered without a list kept by hand."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from typing import Any, get_args

import pytest

from bot import catalog
from bot.games.boxed.seat import Box, BoxKind
from bot.i18n import Text, catalogue_path
from bot.i18n import words as words_of
from bot.tables.adapter import bet_name
from bot.tables.boxed import BOX_KINDS
from bot.tables.config import TableConfig
from bot.tables.results import RoundResult, result_from_payload, result_payload
from bot.tables.uth import UTHAdapter
from render import TableSnapshot
from tests.harness.driver import DiscordHarness, FakeUser, Reply
from tests.harness.tables import TableDriver
from tests.test_i18n import catalogue

WORD = re.compile(r"\b[A-Za-zÄÖÜäöüß]{3,}\b")
NOT_WORDS = re.compile(r"\{[^}]*\}|`[^`]*`|<[@#t][^>]*>|\b[a-zäöüß_]+:\S*")
"""Placeholders, code (a seed, a command), mentions and a command's options as the input box
writes them (``box:1``, checked against the command list instead): no language's words."""


def words(text: str) -> set[str]:
    return set(WORD.findall(NOT_WORDS.sub(" ", text)))


@cache
def only_english_and_only_german() -> tuple[frozenset[str], frozenset[str]]:
    """Words of the English texts that no German text uses, and the other way round."""
    assert catalogue_path("de", ".po").exists()
    english: set[str] = set()
    german: set[str] = set()
    for message in catalogue("de"):
        if not message.id or message.context is not None:  # the header; command names
            continue
        for text in (message.id if isinstance(message.id, tuple) else (message.id,)):
            english |= words(text)
        for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
            german |= words(text)
    return frozenset(english - german), frozenset(german - english)


def assert_reads(language: str, texts: Iterable[str]) -> None:
    english_only, german_only = only_english_and_only_german()
    foreign = english_only if language == "de" else german_only
    found = {word: text for text in texts for word in words(text) & foreign}
    assert found == {}, f"{language} reader sees {found}"


def message_texts(message: dict[str, Any]) -> list[str]:
    texts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        texts += [embed.get("title") or "", embed.get("description") or "",
                  (embed.get("footer") or {}).get("text") or ""]
        texts += [f"{field['name']} {field['value']}" for field in embed.get("fields") or []]
    texts += [component.get("label") or component.get("placeholder") or ""
              for row in message.get("components") or [] for component in row.get("components") or []]
    return texts


def picture_texts(snapshot: TableSnapshot) -> list[str]:
    texts = [snapshot.title, snapshot.footer, snapshot.dealer_status]
    for seat in snapshot.seats:
        texts += [seat.bet, seat.status, seat.stack or ""]
    return texts


SLASH_COMMAND = re.compile(r"(?<![\w/<])/([a-zäöüß_]+)(?: ([a-zäöüß_]+))?")
"""A slash command named in a text: its group (or command) and the word after it."""


def listed_commands(harness: DiscordHarness, language: str) -> dict[str, set[str]]:
    """Every command as a client in ``language`` lists it, with its subcommands' names (as the
    command sync sent them to Discord)."""
    def name(item: dict[str, Any]) -> str:
        return str((item.get("name_localizations") or {}).get(language, item["name"]))

    return {name(command): {name(option) for option in command.get("options") or []
                            if option["type"] in (1, 2)}
            for command in harness.fake.commands.values()}


def assert_names_listed_commands(harness: DiscordHarness, language: str, texts: Iterable[str]) -> None:
    """Each slash command a text names is one the reader's client lists: "/uth regeln" for a
    German reader, never "/uth rules"."""
    listed = listed_commands(harness, language)
    unlisted = {f"/{group} {word}".strip(): text
                for text in texts for group, word in SLASH_COMMAND.findall(text)
                if group not in listed or (listed[group] and word not in listed[group])}
    assert unlisted == {}, f"a {language} client lists no such command: {unlisted}"


def foreign_button_labels(language: str) -> set[str]:
    """Button labels of the other language that this one words differently ("Deal next hand"
    for a German reader, whose button says "Nächste Hand austeilen")."""
    other = "en" if language == "de" else "de"
    labels = {wording.button for vocabulary in catalog.vocabularies().values()
              for wording in vocabulary.actions.values() if wording.button and "{" not in wording.button}
    return {words_of(other)(label) for label in labels} - {words_of(language)(label) for label in labels}


def assert_names_shown_buttons(language: str, texts: Iterable[str]) -> None:
    """No text tells a reader to press a button by the other language's label."""
    foreign = foreign_button_labels(language)
    named = {label: text for text in texts
             for label in re.findall(r"\*\*([^*]+)\*\*", text) if label in foreign}
    assert named == {}, f"a {language} reader is told to press buttons they do not see: {named}"


class German:
    """A German server with a German and an English player; every public message the table
    shows is kept, and each player's private answers."""

    def __init__(self, tables: TableDriver, harness: DiscordHarness) -> None:
        harness.guild_locale = "de"
        self.harness = harness
        self.tables = tables
        self.anna = harness.user("anna", locale="de")
        self.bob = harness.user("bob", locale="en-US")
        self.public: list[str] = []
        self.private: dict[str, list[str]] = {"de": [], "en": []}

    def seen(self) -> None:
        self.public += message_texts(self.tables.message())

    async def press(self, player: FakeUser, label: str) -> Reply:
        self.seen()
        reply = await self.tables.press(player, label)
        self.private["de" if player is self.anna else "en"].append(reply.text)
        self.seen()
        return reply

    async def command(self, player: FakeUser, name: str, **options: Any) -> Reply:
        self.seen()
        reply = await self.tables.command(player, name, **options)
        self.private["de" if player is self.anna else "en"].append(reply.text)
        return reply

    async def buy_in(self, amount: int) -> None:
        """Both players bring ``amount`` chips to the table (a stack-funded game)."""
        for player in (self.anna, self.bob):
            bought = await self.tables.command(player, "buyin", amount=amount)
            self.private["de" if player is self.anna else "en"].append(bought.text)

    async def read_rules(self) -> None:
        """Both players open the rules page (German for one, English for the other)."""
        for player in (self.anna, self.bob):
            shown = await self.tables.command(player, "rules")
            self.private["de" if player is self.anna else "en"].append(shown.text)

    async def cards(self, player: FakeUser) -> None:
        await self.press(player, CARDS)

    def results(self) -> list[dict[str, Any]]:
        return [message for message in self.tables.h.fake.messages.values()
                if any(file["filename"] == "result.png" for file in message.get("attachments") or [])]

    def check(self, snapshots: list[TableSnapshot]) -> None:
        results = self.results()
        assert results, "the round was never settled"
        assert all(embed["title"].startswith("Runde #") for result in results for embed in result["embeds"])
        for result in results:
            self.public += message_texts(result)
        assert_reads("de", self.public)
        assert_reads("de", [text for snapshot in snapshots for text in picture_texts(snapshot)])
        assert_reads("de", self.private["de"])
        assert_reads("en", self.private["en"])
        for language, texts in (("de", [*self.public, *self.private["de"]]), ("en", self.private["en"])):
            assert_names_listed_commands(self.harness, language, texts)
            assert_names_shown_buttons(language, texts)


async def german_table(harness: DiscordHarness, clock: Any, game: str) -> German:
    """A ``game`` table opened at a German server, announced in German."""
    harness.guild_locale = "de"
    tables = TableDriver(harness, clock, game)
    opened = await tables.open(harness.user("pit-boss", admin=True))
    assert not opened.ephemeral and "Tisch eröffnet" in opened.text, opened.text
    table = German(tables, harness)
    table.public.append(opened.text)
    await table.read_rules()
    return table


WAIT = "the betting window closes"
CARDS = "Meine Karten"
ROUNDS = {
    "uth": [("anna", "Ante 10"), ("bob", "Trips 10"), ("bob", "Ante 10"), (None, WAIT), ("anna", CARDS),
            ("bob", CARDS), ("anna", "Schieben"), ("bob", "Erhöhen 4x"), ("anna", "Schieben"),
            ("anna", "Passen")],
    "threecard": [("anna", "Ante 10"), ("bob", "Ante 10"), ("bob", "Pair Plus 10"), (None, WAIT),
                  ("anna", CARDS), ("anna", "Play"), ("bob", "Passen")],
}
"""A round of each single-hand dealer game, press by press (German buttons: a German server)."""


@pytest.mark.parametrize("game", list(ROUNDS))
async def test_a_dealer_round_at_a_german_server(harness: DiscordHarness, clock: Any, game: str,
                                                 snapshots: list[TableSnapshot]) -> None:
    table = await german_table(harness, clock, game)
    for who, label in ROUNDS[game]:
        if who is None:
            await table.tables.pass_time(31)
        else:
            await table.press(table.anna if who == "anna" else table.bob, label)
    table.check(snapshots)


@pytest.mark.parametrize("game", ["twoplusfour", "imperial"])
async def test_a_boxed_round_at_a_german_server(harness: DiscordHarness, clock: Any, game: str,
                                                snapshots: list[TableSnapshot]) -> None:
    table = await german_table(harness, clock, game)
    await table.press(table.anna, "Box 1: Ante 10")
    await table.press(table.bob, "Box 2: Ante 10")
    await table.press(table.bob, "Box 2: Bonus 1")
    if game == "twoplusfour":  # a box with only a bonus on it (2 Plus 4 allows one)
        await table.press(table.anna, "Box 3: Bonus 1")
    await table.tables.pass_time(31)
    for _ in range(20):
        round_ = table.tables.table().round
        if round_ is None:
            break
        pending = set(round_.state.pending_seats())
        player = table.anna if table.anna.id in pending else table.bob
        await table.cards(player)
        labels = table.tables.buttons()
        await table.press(player, "Bet" if "Bet" in labels and round_.state.phase.name == "DECISIONS"
                          else "Weiter")
    table.check(snapshots)


async def test_a_high_card_flush_hand_at_a_german_server(harness: DiscordHarness, clock: Any,
                                                         snapshots: list[TableSnapshot]) -> None:
    table = await german_table(harness, clock, "hcf")
    await table.buy_in(500)
    await table.press(table.anna, "Nächste Hand austeilen")  # nobody has the bank minimum: the house banks
    assert "SF-Bonus 10" not in table.tables.buttons(), "a bonus before any Ante is not offered"
    refused = await table.command(table.anna, "bonus", straight_flush=10)
    assert refused.ephemeral and "Straight-Flush-Bonus braucht ein Ante" in refused.text, refused.text
    await table.press(table.anna, "Ante 10")
    placed = await table.press(table.anna, "Flush-Bonus 10")
    assert placed.text.startswith("Flush-Bonus 10"), placed.text
    await table.press(table.bob, "Ante 10")
    await table.press(table.bob, "Flush-Bonus 10")
    await table.tables.pass_time(31)
    for player in (table.anna, table.bob):
        await table.cards(player)
        await table.press(player, "Erhöhen 1x")
    table.check(snapshots)


async def test_a_chinese_poker_hand_at_a_german_server(harness: DiscordHarness, clock: Any,
                                                       snapshots: list[TableSnapshot]) -> None:
    table = await german_table(harness, clock, "chinese")
    await table.buy_in(200)
    await table.press(table.anna, "Austeilen")
    await table.tables.pass_time(1)
    for player in (table.anna, table.bob):
        await table.press(player, "Meine Hand setzen")
    await table.tables.pass_time(200)  # nobody sets a hand: the auto-arrange sets both
    table.check(snapshots)


def test_every_kind_of_box_has_a_name() -> None:
    assert set(BOX_KINDS) == set(get_args(BoxKind))


def test_a_result_waiting_in_the_outbox_over_a_restart_is_still_posted_in_german() -> None:
    adapter = UTHAdapter(catalog.declared("uth").info)
    kings = Text("Pair of {ranks}", ranks=Text("Kings"))
    two_pair = Text("Two Pair, {high} and {low}", high=Text("Aces"), low=Text("Sevens"))
    result = RoundResult(7, None, Text("Dealer: {hand} (qualifies)", hand=kings), {1: two_pair}, "", "",
                         {1: "anna"}, None)
    saved = json.loads(json.dumps(result_payload(adapter, result)))  # as the store's outbox keeps it
    back = result_from_payload(adapter, TableConfig("uth", max_bet=500), saved)
    german = words_of("de")
    assert german(back.headline) == "Dealer: Paar Könige (qualifiziert)"
    assert german(back.seat_lines[1]) == "Zwei Paare, Asse und Siebenen"
    assert back.headline == result.headline == "Dealer: Pair of Kings (qualifies)"


def test_every_bet_of_a_box_is_named_in_german() -> None:
    """A result lists each box's bets by their settlement names ("box2 buy"): each reads as
    German, fees (a Buy, Imperial's Draws) included."""
    box = Box(position=2, ante=10, bonus=1, bet=20, insurance=5, fees=[("buy", 10), ("draw", 10)])
    shown = [words_of("de")(bet_name(name)) for name in box.stakes()]
    assert shown[0] == "Box 2: Ante" and all(text.startswith("Box 2: ") for text in shown)
    assert_reads("de", shown)
